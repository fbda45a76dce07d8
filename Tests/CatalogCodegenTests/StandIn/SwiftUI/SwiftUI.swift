// A stand-in for the parts of SwiftUI that generated packages use, so that their SwiftUI
// code is type-checked on Linux. Declarations keep SwiftUI's real signatures (names,
// labels, parameter and result types, defaults) and availability attributes (Linux's
// compiler ignores them; the codegen tests compare them with SwiftAPI.table); bodies do
// nothing. It is compiled only by CatalogCodegenTests, as a module named SwiftUI beside a
// generated package, with the UIKit or the AppKit stand-in, in Swift 5 mode; the protocols
// SwiftUI isolates to the main actor (`View`, `ViewModifier`, the button styles) are so
// here too, so that the generated code is checked in Swift 6 mode as Xcode checks it.
import Foundation

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Every modifier's result.
public struct ModifiedContent<Content, Modifier>: View {
    public var body: Never { fatalError() }
}

/// Several views.
public struct TupleView<T>: View {
    public var body: Never { fatalError() }
}

/// One of two views.
public struct _ConditionalContent<TrueContent, FalseContent>: View {
    public var body: Never { fatalError() }
}

/// A view of any type.
public struct AnyView: View {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> TupleView<()> { TupleView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > { TupleView() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// What a modifier's body receives.
public struct _ViewModifier_Content<Modifier>: View {
    public var body: Never { fatalError() }
}

public struct Alignment: Sendable {
    public static let center = Alignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct HorizontalAlignment: Sendable {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

public struct UnitPoint: Sendable {
    public static let center = UnitPoint()
}

public enum Edge: Sendable {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
        public static let horizontal = Set(rawValue: 1)
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
        public static let vertical = Set(rawValue: 2)
        public static let all: Set = [.horizontal, .vertical]
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ShapeStyle {}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) {}
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Material: ShapeStyle {}

extension ShapeStyle where Self == Material {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, visionOS 1.0, *)
    public static var regularMaterial: Material { Material() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, visionOS 1.0, *)
    public static var thickMaterial: Material { Material() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, visionOS 1.0, *)
    public static var thinMaterial: Material { Material() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, visionOS 1.0, *)
    public static var ultraThinMaterial: Material { Material() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, visionOS 1.0, *)
    public static var ultraThickMaterial: Material { Material() }
    @available(iOS 15.0, macOS 12.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public static var bar: Material { Material() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Color: ShapeStyle, Hashable, Sendable {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public enum RGBColorSpace: Hashable, Sendable {
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
        case sRGB
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
        case sRGBLinear
        @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
        case displayP3
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) {}
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public init(_ name: String, bundle: Bundle? = nil) {}

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public struct Resolved: ShapeStyle, Hashable, Sendable {}

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public func resolve(in environment: EnvironmentValues) -> Color.Resolved { Resolved() }
    #if canImport(UIKit)
        @available(iOS 15.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        public init(uiColor: UIColor) {}
    #elseif canImport(AppKit)
        @available(macOS 12.0, *)
        @available(iOS, unavailable)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @available(visionOS, unavailable)
        public init(nsColor: NSColor) {}
    #endif
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func opacity(_ opacity: Double) -> Color { self }
}

// As in SwiftUI, a conformance of its own: `Color` itself is not isolated to the main actor.
extension Color: View {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public enum ColorScheme: Hashable, Sendable {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    case light
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    case dark
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Font: Hashable, Sendable {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public enum TextStyle: Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
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

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static let caption = Font()
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static let title = Font()

    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func system(_ style: Font.TextStyle, design: Font.Design = .default) -> Font { Font() }
    public static func system(size: CGFloat, weight: Font.Weight = .regular, design: Font.Design = .default) -> Font {
        Font()
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
    // iOS 14: one key (`custom`) per name cannot tell these from the one above; the
    // package's deployment targets (iOS 15) cover them.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font { Font() }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func weight(_ weight: Font.Weight) -> Font { self }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35
    )
        -> Animation
    { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func delay(_ delay: TimeInterval) -> Animation { self }
}

public enum RoundedCornerStyle: Hashable, Sendable {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    case circular
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    case continuous
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Shape: View {}
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol InsettableShape: Shape {}

extension Shape {
    public var body: Never { fatalError() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedContent<Self, S> { ModifiedContent() }
}

extension InsettableShape {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> ModifiedContent<Self, S>
    { ModifiedContent() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Capsule: InsettableShape {
    public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Circle: InsettableShape {
    public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Rectangle: InsettableShape {
    public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct ButtonRole: Equatable, Sendable {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public static let destructive = ButtonRole()
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public static let cancel = ButtonRole()
}

@available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
public enum ControlSize: Hashable, Sendable {
    @available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    case mini
    @available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    case small
    @available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    case regular
    @available(iOS 15.0, macOS 11.0, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    case large
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    case extraLarge
}

/// Liquid Glass.
@available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
@available(visionOS, unavailable)
public struct Glass: Sendable {
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @available(visionOS, unavailable)
    public static var regular: Glass { Glass() }
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @available(visionOS, unavailable)
    public static var clear: Glass { Glass() }
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @available(visionOS, unavailable)
    public func tint(_ color: Color?) -> Glass { self }
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @available(visionOS, unavailable)
    public func interactive(_ isEnabled: Bool = true) -> Glass { self }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct EnvironmentValues {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var isEnabled: Bool { true }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var accessibilityReduceMotion: Bool { false }
    @available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    public var controlSize: ControlSize { .regular }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var colorScheme: ColorScheme {
        get { .light }
        set {}
    }
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public var isFocused: Bool { false }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var layoutDirection: LayoutDirection {
        get { .leftToRight }
        set {}
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum DynamicTypeSize: Hashable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint> {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
    public var wrappedValue: Value
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) { self.value = value }
    private let value: Value
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { Binding(get: { value }, set: { _ in }) }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get }
    private let get: () -> Value
    public var wrappedValue: Value {
        get { get() }
        nonmutating set {}
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct ProgressView: View {
    public init() {}
    public var body: Never { fatalError() }
}

@available(iOS 13.4, tvOS 16.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public struct HoverEffect: Sendable {
    public static let highlight = HoverEffect()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }

    public let role: ButtonRole?
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public let label: ButtonStyleConfiguration.Label
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public let isPressed: Bool
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct PrimitiveButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }

    public let role: ButtonRole?
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public let label: PrimitiveButtonStyleConfiguration.Label
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func trigger() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

public struct Button<Label: View>: View {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {}
    // iOS 15: one key (`Button(_:)`) per first label cannot tell it from the one above, and
    // generated code does not use it (the README's example does).
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Text: Equatable, Sendable {
    public init<S: StringProtocol>(_ content: S) {}
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

extension Text: View {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {}
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct HStack<Content: View>: View {
    public init(alignment: Alignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension View {
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func font(_ font: Font?) -> ModifiedContent<Self, Font?> { ModifiedContent() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil)
        -> ModifiedContent<Self, CGFloat?>
    { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, CGFloat> { ModifiedContent() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, S>
    { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, Alignment> { ModifiedContent() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, V>
    { ModifiedContent() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, V>
    { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, CGFloat> {
        ModifiedContent()
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, Double> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func brightness(_ amount: Double) -> ModifiedContent<Self, Double> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, Animation?> {
        ModifiedContent()
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, S> {
        ModifiedContent()
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func modifier<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func lineSpacing(_ lineSpacing: CGFloat) -> ModifiedContent<Self, CGFloat> { ModifiedContent() }
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public func tracking(_ tracking: CGFloat) -> ModifiedContent<Self, CGFloat> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, Bool> { ModifiedContent() }
    @available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
    public func controlSize(_ controlSize: ControlSize) -> ModifiedContent<Self, ControlSize> { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> ModifiedContent<Self, V>
    { ModifiedContent() }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public func hidden() -> ModifiedContent<Self, Bool> { ModifiedContent() }
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, Text> { ModifiedContent() }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedContent<Self, DynamicTypeSize> { ModifiedContent() }
    @available(iOS 13.4, macOS 10.15, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func onHover(perform action: @escaping (Bool) -> Void) -> ModifiedContent<Self, Bool> { ModifiedContent() }
    @available(iOS 13.4, tvOS 16.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    public func hoverEffect(_ effect: HoverEffect = .highlight) -> ModifiedContent<Self, HoverEffect> {
        ModifiedContent()
    }
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    @available(visionOS, unavailable)
    public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> ModifiedContent<Self, S> {
        ModifiedContent()
    }
}
