// A stand-in for the parts of AppKit that generated packages use (see SwiftUI.swift): real
// signatures and availability attributes, bodies that do nothing.
import Foundation

@available(macOS 10.0, *)
open class NSColor: @unchecked Sendable {
    @available(macOS 10.12, *)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(macOS 10.12, *)
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(macOS 10.15, *)
    public init(name colorName: String?, dynamicProvider: @escaping @Sendable (NSAppearance) -> NSColor) {}
    @available(macOS 10.10, *)
    open class var systemRed: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemOrange: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemYellow: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemGreen: NSColor { fatalError() }
    @available(macOS 12.0, *)
    open class var systemMint: NSColor { fatalError() }
    @available(macOS 10.12, *)
    open class var systemTeal: NSColor { fatalError() }
    @available(macOS 12.0, *)
    open class var systemCyan: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemBlue: NSColor { fatalError() }
    @available(macOS 10.15, *)
    open class var systemIndigo: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemPurple: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemPink: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemBrown: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var systemGray: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var labelColor: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var secondaryLabelColor: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var tertiaryLabelColor: NSColor { fatalError() }
    @available(macOS 10.10, *)
    open class var quaternaryLabelColor: NSColor { fatalError() }
    @available(macOS 10.14, *)
    open class var separatorColor: NSColor { fatalError() }
}

@available(macOS 10.9, *)
open class NSAppearance: @unchecked Sendable {
    public struct Name: Hashable, Sendable {
        @available(macOS 10.9, *)
        public static let aqua = Name()
        @available(macOS 10.14, *)
        public static let darkAqua = Name()
        @available(macOS 10.14, *)
        public static let accessibilityHighContrastAqua = Name()
        @available(macOS 10.14, *)
        public static let accessibilityHighContrastDarkAqua = Name()
    }

    @available(macOS 10.14, *)
    open func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name? { nil }
}
