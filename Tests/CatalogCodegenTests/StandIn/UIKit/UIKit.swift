// A stand-in for the parts of UIKit that generated packages use (see SwiftUI.swift): real
// signatures and availability attributes, bodies that do nothing.
import Foundation

@available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class UIColor: @unchecked Sendable {
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(iOS 10.0, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
    @available(iOS 11.0, tvOS 11.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {}
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemRed: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemOrange: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemYellow: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemGreen: UIColor { fatalError() }
    @available(iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemMint: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemTeal: UIColor { fatalError() }
    @available(iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemCyan: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemBlue: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemIndigo: UIColor { fatalError() }
    @available(iOS 9.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemPurple: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemPink: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemBrown: UIColor { fatalError() }
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var systemGray: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGray2: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGray3: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGray4: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGray5: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGray6: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var label: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var secondaryLabel: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var tertiaryLabel: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var quaternaryLabel: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var separator: UIColor { fatalError() }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open class var opaqueSeparator: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemBackground: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var secondarySystemBackground: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var tertiarySystemBackground: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemGroupedBackground: UIColor { fatalError() }
    @available(iOS 13.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var secondarySystemGroupedBackground: UIColor { fatalError() }
}

@available(iOS 12.0, tvOS 10.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified, normal, high
}

@available(iOS 8.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UITraitCollection: @unchecked Sendable {
    @available(iOS 12.0, tvOS 10.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var userInterfaceStyle: UIUserInterfaceStyle { .light }
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var accessibilityContrast: UIAccessibilityContrast { .normal }
}

@available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class UIFont: @unchecked Sendable {
    @available(iOS 8.2, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight()
        public static let thin = Weight()
        public static let light = Weight()
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
        public static let heavy = Weight()
        public static let black = Weight()
    }

    @available(iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public struct TextStyle: Hashable, Sendable {
        @available(iOS 11.0, watchOS 5.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        public static let largeTitle = TextStyle()
        public static let title1 = TextStyle()
        public static let title2 = TextStyle()
        public static let title3 = TextStyle()
        public static let headline = TextStyle()
        public static let subheadline = TextStyle()
        public static let body = TextStyle()
        public static let callout = TextStyle()
        public static let footnote = TextStyle()
        public static let caption1 = TextStyle()
        public static let caption2 = TextStyle()
    }

    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init?(name fontName: String, size fontSize: CGFloat) {}
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError() }
    @available(iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError() }
    @available(iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    open var lineHeight: CGFloat { 0 }
}

@available(iOS 11.0, tvOS 11.0, watchOS 4.0, visionOS 1.0, *)
open class UIFontMetrics: @unchecked Sendable {
    @available(iOS 11.0, tvOS 11.0, watchOS 4.0, visionOS 1.0, *)
    public init(forTextStyle textStyle: UIFont.TextStyle) {}
    @available(iOS 11.0, tvOS 11.0, watchOS 4.0, visionOS 1.0, *)
    open func scaledFont(for font: UIFont) -> UIFont { font }
    @available(iOS 11.0, tvOS 11.0, watchOS 4.0, visionOS 1.0, *)
    open func scaledValue(for value: CGFloat) -> CGFloat { value }
}
