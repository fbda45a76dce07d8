// A stand-in for the parts of SwiftUI that generated packages use, so that their SwiftUI
// code is type-checked on Linux. Declarations keep SwiftUI's real signatures (names,
// labels, parameter and result types, defaults); bodies do nothing. It is compiled only
// by CatalogCodegenTests, as a module named SwiftUI beside a generated package.
import Foundation

public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// Every modifier's result.
public struct ModifiedContent<Content, Modifier>: View {
    public var body: Never { fatalError() }
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct Alignment: Sendable {
    public static let center = Alignment()
}

public struct UnitPoint: Sendable {
    public static let center = UnitPoint()
}

public enum Edge: Sendable {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
        public static let all: Set = [.horizontal, .vertical]
    }
}

public protocol ShapeStyle {}

public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) {}
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

public struct Material: ShapeStyle {
    public static let regular = Material()
}

extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { Material() }
    public static var thickMaterial: Material { Material() }
    public static var thinMaterial: Material { Material() }
    public static var ultraThinMaterial: Material { Material() }
    public static var ultraThickMaterial: Material { Material() }
    public static var bar: Material { Material() }
}

public struct Color: View, ShapeStyle, Hashable, Sendable {
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) {}
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}

public struct Font: Hashable, Sendable {
    public enum TextStyle: Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

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

    public static func system(_ style: Font.TextStyle, design: Font.Design = .default) -> Font { Font() }
    public static func system(size: CGFloat, weight: Font.Weight = .regular, design: Font.Design = .default) -> Font {
        Font()
    }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
    public func weight(_ weight: Font.Weight) -> Font { self }
}

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35
    )
        -> Animation
    { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    { Animation() }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public func delay(_ delay: TimeInterval) -> Animation { self }
}

public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

public protocol Shape: View {}
public protocol InsettableShape: Shape {}

extension Shape {
    public var body: Never { fatalError() }
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedContent<Self, S> { ModifiedContent() }
}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> ModifiedContent<Self, S>
    { ModifiedContent() }
}

public struct Capsule: InsettableShape {
    public init() {}
}

public struct Circle: InsettableShape {
    public init() {}
}

public struct Rectangle: InsettableShape {
    public init() {}
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {}
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

public struct EnvironmentValues {
    public var isEnabled: Bool { true }
    public var accessibilityReduceMotion: Bool { false }
    public var controlSize: ControlSize { .regular }
}

@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

public struct ButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }

    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}

public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

public struct PrimitiveButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }

    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    public func trigger() {}
}

public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

public struct Button<Label: View>: View {
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

extension View {
    public func font(_ font: Font?) -> ModifiedContent<Self, Font?> { ModifiedContent() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil)
        -> ModifiedContent<Self, CGFloat?>
    { ModifiedContent() }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, Alignment> { ModifiedContent() }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, V>
    { ModifiedContent() }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, V>
    { ModifiedContent() }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, CGFloat> {
        ModifiedContent()
    }
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, Double> { ModifiedContent() }
    public func brightness(_ amount: Double) -> ModifiedContent<Self, Double> { ModifiedContent() }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, Animation?> {
        ModifiedContent()
    }
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedContent<Self, S> { ModifiedContent() }
}
