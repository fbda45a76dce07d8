/// The fixed Swift sources every generated package carries: the plain value types the
/// token constants use (Foundation only, so they build on every platform), and their
/// SwiftUI conveniences behind `#if canImport(SwiftUI)`.
enum SwiftSupport {
    static let values = """
        import Foundation

        /// A color as the theme declares it, in a named RGB space.
        public struct TokenColor: Hashable, Sendable {
            /// The RGB spaces SwiftUI names; colors declared in other spaces are converted to
            /// extended sRGB (components may leave 0…1 to stay outside the sRGB gamut).
            public enum Space: String, Hashable, Sendable {
                case sRGB, sRGBLinear, displayP3
            }

            public let space: Space
            public let red: Double
            public let green: Double
            public let blue: Double
            public let alpha: Double
            /// The Apple system color this is (`systemBlue`, `label`): drawn as the system's
            /// own where the platform has it, so that it follows Increase Contrast and
            /// elevation; these components elsewhere.
            public let system: String?

            public init(
                _ space: Space, red: Double, green: Double, blue: Double, alpha: Double = 1, system: String? = nil
            ) {
                self.space = space
                self.red = red
                self.green = green
                self.blue = blue
                self.alpha = alpha
                self.system = system
            }

            /// A linear sRGB component encoded with the sRGB transfer function (sign kept, so
            /// extended components stay extended).
            static func encoded(_ linear: Double) -> Double {
                let magnitude = abs(linear)
                let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
                return linear < 0 ? -encoded : encoded
            }
        }

        /// A context a theme's tokens resolve in: one mode per dimension. Each generated
        /// theme with dimensions has one (`<Theme>Context`).
        public protocol TokenContext: Hashable, Sendable {
            /// The name of the mode chosen in `dimension`, as `Moded` keys its values, or `nil`
            /// where the dimension is at its default mode.
            func modeName(of dimension: String) -> String?

            /// This context with the dimension that follows the system appearance set to its
            /// mode named `mode` (compared without case), or `nil` where no such mode exists.
            func appearance(_ mode: String) -> Self?
        }

        /// A token's value by context: the default, each mode's own value (with every other
        /// dimension at its default), and its values in combinations of modes, as the catalog
        /// resolves them. Every token constant is one, whatever its modes, so that a token
        /// gaining or losing a mode keeps its declared type; one the same everywhere has no
        /// dimensions. A token that only some modes define has an optional `Value` whose
        /// default is `nil`.
        public struct Moded<Value: Sendable>: Sendable {
            /// The dimension the token varies along (`colorScheme`), when it varies along one.
            public let dimension: String?
            /// The dimensions the value depends on, in the theme's order.
            public let dimensions: [String]
            public let defaultValue: Value
            public let modes: [String: Value]
            /// The values where two or more of `dimensions` are at a mode other than their
            /// default: the modes' names, in the order of `dimensions`. A combination left out
            /// has the default value.
            public let combinations: [[String]: Value]

            /// A value the same in every context.
            public init(_ value: Value) {
                self.init(dimensions: [], default: value, modes: [:], combinations: [:])
            }

            public init(dimension: String?, default defaultValue: Value, modes: [String: Value]) {
                self.dimension = dimension
                self.dimensions = dimension.map { [$0] } ?? []
                self.defaultValue = defaultValue
                self.modes = modes
                self.combinations = [:]
            }

            public init(
                dimensions: [String], default defaultValue: Value, modes: [String: Value],
                combinations: [[String]: Value]
            ) {
                self.dimension = dimensions.count == 1 ? dimensions[0] : nil
                self.dimensions = dimensions
                self.defaultValue = defaultValue
                self.modes = modes
                self.combinations = combinations
            }

            /// The value in `mode` (the default when the token does not vary there).
            public subscript(mode: String?) -> Value {
                mode.flatMap { modes[$0] } ?? defaultValue
            }

            /// The value in `context`: the default, one mode's value, or a combination's.
            public func value(in context: some TokenContext) -> Value {
                let chosen = dimensions.compactMap { context.modeName(of: $0) }
                switch chosen.count {
                case 0: return defaultValue
                case 1: return modes[chosen[0]] ?? defaultValue
                default: return combinations[chosen] ?? defaultValue
                }
            }
        }

        extension Moded where Value == TokenColor {
            /// The default value, where every value of the token is the same Apple system color.
            var systemColor: TokenColor? {
                guard let name = defaultValue.system else { return nil }
                return (Array(modes.values) + Array(combinations.values)).allSatisfy { $0.system == name }
                    ? defaultValue : nil
            }
        }

        extension Moded where Value == TokenColor {
            /// The value for an appearance, from the modes this token has: `dark`
            /// (`darkHighContrast`, `highContrastDark` with Increase Contrast),
            /// `highContrast` (`lightHighContrast`, `highContrastLight`), `light`, else the default.
            public func appearance(dark: Bool, highContrast: Bool) -> TokenColor {
                // Mode names compared without case: `dark` and `Dark` are one appearance.
                Self.appearanceModes(dark: dark, highContrast: highContrast).lazy.compactMap { name in
                    self.modes[name] ?? self.modes.first { $0.key.lowercased() == name.lowercased() }?.value
                }.first ?? defaultValue
            }

            /// The value for an appearance in `context`: its appearance dimension set to the
            /// first of the same modes that it has, every other dimension as `context` chooses.
            public func appearance(dark: Bool, highContrast: Bool, in context: some TokenContext) -> TokenColor {
                let modes = Self.appearanceModes(dark: dark, highContrast: highContrast)
                return value(in: modes.lazy.compactMap { context.appearance($0) }.first ?? context)
            }

            static func appearanceModes(dark: Bool, highContrast: Bool) -> [String] {
                switch (dark, highContrast) {
                case (true, true): return ["darkHighContrast", "highContrastDark", "dark"]
                case (true, false): return ["dark"]
                case (false, true): return ["highContrast", "lightHighContrast", "highContrastLight", "light"]
                case (false, false): return ["light"]
                }
            }
        }

        /// A cubic Bézier timing curve: (x1, y1) and (x2, y2), x in 0…1.
        public struct TokenCurve: Hashable, Sendable {
            public let x1: Double
            public let y1: Double
            public let x2: Double
            public let y2: Double

            public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
                self.x1 = x1
                self.y1 = y1
                self.x2 = x2
                self.y2 = y2
            }
        }

        /// A typography token: family candidates, size in points, weight (1–1000), line
        /// height as a multiple of the size, extra line spacing and tracking in points, or an
        /// Apple text style. Parts left out mean the platform's own. It scales with Dynamic
        /// Type as the text style `relativeTo` does (the token's own, else the nearest by
        /// size), line spacing and tracking included; `relativeTo` is `nil` for a token that
        /// keeps a fixed size (`$extensions["catalog.dynamicType"]: false`).
        public struct TokenFont: Hashable, Sendable {
            public let family: [String]
            public let size: CGFloat?
            public let weight: Double?
            public let lineHeight: Double?
            public let lineSpacing: CGFloat?
            public let letterSpacing: CGFloat?
            public let textStyle: String?
            public let relativeTo: String?

            public init(
                family: [String] = [], size: CGFloat? = nil, weight: Double? = nil, lineHeight: Double? = nil,
                lineSpacing: CGFloat? = nil, letterSpacing: CGFloat? = nil, textStyle: String? = nil,
                relativeTo: String? = nil
            ) {
                self.family = family
                self.size = size
                self.weight = weight
                self.lineHeight = lineHeight
                self.lineSpacing = lineSpacing
                self.letterSpacing = letterSpacing
                self.textStyle = textStyle
                self.relativeTo = relativeTo
            }

            /// Apple's text styles at the default Dynamic Type size (iOS, points).
            static let textStyleSizes: [String: CGFloat] = [
                \(SwiftTokens.textStyleSizesLiteral),
            ]

            /// The size in points at the default Dynamic Type size: the token's, else its text
            /// style's, else the body's 17.
            public var pointSize: CGFloat {
                size ?? textStyle.flatMap { Self.textStyleSizes[$0] } ?? 17
            }

            /// Whether the system's text style font draws the token: a text style the token
            /// names, at that style's size (or no size of its own).
            var isTextStyleFont: Bool {
                guard let textStyle, let styleSize = Self.textStyleSizes[textStyle] else { return false }
                return family.first?.isEmpty != false && (size == nil || size == styleSize)
            }
        }

        /// One shadow layer, lengths in points.
        public struct TokenShadow: Hashable, Sendable {
            public let color: TokenColor
            public let x: CGFloat
            public let y: CGFloat
            public let blur: CGFloat
            public let spread: CGFloat
            public let inset: Bool

            public init(color: TokenColor, x: CGFloat, y: CGFloat, blur: CGFloat, spread: CGFloat, inset: Bool) {
                self.color = color
                self.x = x
                self.y = y
                self.blur = blur
                self.spread = spread
                self.inset = inset
            }
        }

        /// A gradient stop; the position is in 0…1.
        public struct TokenGradientStop: Hashable, Sendable {
            public let color: TokenColor
            public let position: Double

            public init(color: TokenColor, position: Double) {
                self.color = color
                self.position = position
            }
        }

        /// A stroke style: a CSS line-style keyword, or dashes (points) with a line cap.
        public struct TokenStrokeStyle: Hashable, Sendable {
            public let keyword: String?
            public let dashArray: [CGFloat]
            public let lineCap: String?

            public init(keyword: String) {
                self.keyword = keyword
                self.dashArray = []
                self.lineCap = nil
            }

            public init(dashArray: [CGFloat], lineCap: String) {
                self.keyword = nil
                self.dashArray = dashArray
                self.lineCap = lineCap
            }
        }

        /// A border: color, width in points, style.
        public struct TokenBorder: Hashable, Sendable {
            public let color: TokenColor
            public let width: CGFloat
            public let style: TokenStrokeStyle

            public init(color: TokenColor, width: CGFloat, style: TokenStrokeStyle) {
                self.color = color
                self.width = width
                self.style = style
            }
        }

        /// A transition: duration and delay in seconds, and its timing curve.
        public struct TokenTransition: Hashable, Sendable {
            public let duration: TimeInterval
            public let delay: TimeInterval
            public let curve: TokenCurve

            public init(duration: TimeInterval, delay: TimeInterval, curve: TokenCurve) {
                self.duration = duration
                self.delay = delay
                self.curve = curve
            }
        }

        """

    static let swiftUI = """
        #if canImport(SwiftUI)
        import Foundation
        import SwiftUI

        extension TokenColor.Space {
            /// The SwiftUI space of the same name.
            public var rgbColorSpace: Color.RGBColorSpace {
                switch self {
                case .sRGB: return Color.RGBColorSpace.sRGB
                case .sRGBLinear: return Color.RGBColorSpace.sRGBLinear
                case .displayP3: return Color.RGBColorSpace.displayP3
                }
            }
        }

        extension TokenColor {
            /// The color in its declared space, or the system color it is where the platform
            /// has it.
            public var color: Color {
                #if os(iOS) || os(visionOS)
                if let system = systemUIColor { return Color(uiColor: system) }
                #elseif os(macOS)
                if let system = systemNSColor { return Color(nsColor: system) }
                #endif
                return Color(space.rgbColorSpace, red: red, green: green, blue: blue, opacity: alpha)
            }
        }

        extension Moded where Value == TokenColor {
            /// A color that follows the appearance: `dark` (and `darkHighContrast`,
            /// `highContrastDark`) in Dark Mode, `highContrast`, `lightHighContrast` and
            /// `highContrastLight` with Increase Contrast, the default otherwise (watchOS is
            /// always dark). Modes of other dimensions are read with the subscript.
            public var color: Color {
                #if canImport(UIKit)
                return Color(uiColor: uiColor)
                #elseif canImport(AppKit)
                return Color(nsColor: nsColor)
                #else
                return defaultValue.color
                #endif
            }
        }

        extension Moded where Value == TokenColor {
            /// The color in `context`, following the appearance as `color` does.
            public func color(in context: some TokenContext) -> Color {
                #if canImport(UIKit)
                return Color(uiColor: uiColor(in: context))
                #elseif canImport(AppKit)
                return Color(nsColor: nsColor(in: context))
                #else
                return value(in: context).color
                #endif
            }
        }

        extension TokenCurve {
            /// A timing-curve animation of `duration` seconds.
            public func animation(duration: TimeInterval) -> Animation {
                .timingCurve(x1, y1, x2, y2, duration: duration)
            }
        }

        extension TokenTransition {
            /// The transition as an animation, delay included.
            public var animation: Animation {
                curve.animation(duration: duration).delay(delay)
            }
        }

        extension TokenFont {
            /// The font, scaling with Dynamic Type: the system's text style font where the token
            /// is one, a custom family relative to `relativeTo`'s text style, else the system
            /// font at the size (which `.tokenFont(_:)` scales: a `Font` alone cannot).
            /// A fixed-size token (`relativeTo == nil`) keeps its size.
            public var font: Font {
                font(scaledBy: 1, scalesItself: true)
            }

            /// The font at `factor` × its size; `scalesItself` lets SwiftUI scale text styles and
            /// custom families (`factor` then stays 1 for them).
            func font(scaledBy factor: CGFloat, scalesItself: Bool) -> Font {
                var font: Font
                let style = relativeTo.flatMap { Self.textStyles[$0] }
                if isTextStyleFont, relativeTo != nil, let textStyle, let named = Self.textStyles[textStyle] {
                    font = .system(named)
                } else if let name = family.first, !name.isEmpty {
                    if let style, scalesItself {
                        font = .custom(name, size: pointSize, relativeTo: style)
                    } else {
                        font = .custom(name, fixedSize: pointSize * factor)
                    }
                } else {
                    font = .system(size: pointSize * factor)
                }
                if let weight { font = font.weight(Self.weight(weight)) }
                return font
            }

            /// The space added between lines so that they are `lineHeight` apart: the
            /// token's line spacing, else its line height less the font's own.
            public var lineSpacingPoints: CGFloat {
                if let lineSpacing { return lineSpacing }
                guard let lineHeight, let size else { return 0 }
                return max(0, CGFloat(lineHeight) * size - naturalLineHeight)
            }

            /// The font's own line height at the default size: UIKit's where it exists, else
            /// 1.2 × the size.
            var naturalLineHeight: CGFloat {
                #if canImport(UIKit)
                return unscaledUIFont.lineHeight
                #else
                return pointSize * 1.2
                #endif
            }

            static let textStyles: [String: Font.TextStyle] = [
                "largeTitle": .largeTitle, "title": .title, "title2": .title2, "title3": .title3,
                "headline": .headline, "subheadline": .subheadline, "body": .body, "callout": .callout,
                "footnote": .footnote, "caption": .caption, "caption2": .caption2,
            ]

            /// The nearest named weight (CSS numeric weights: 100 thin … 900 black).
            static func weight(_ value: Double) -> Font.Weight {
                switch value {
                case ..<150: return .ultraLight
                case ..<250: return .thin
                case ..<350: return .light
                case ..<450: return .regular
                case ..<550: return .medium
                case ..<650: return .semibold
                case ..<750: return .bold
                case ..<850: return .heavy
                default: return .black
                }
            }
        }

        extension View {
            /// Sets text in a typography token: its font, its line height (as line spacing)
            /// and its letter spacing (tracking, from iOS 16, macOS 13, tvOS 16, watchOS 9),
            /// all three scaled with Dynamic Type unless the token keeps a fixed size.
            public func tokenFont(_ font: TokenFont) -> some View {
                modifier(TokenFontModifier(font: font))
            }
        }

        /// What `.tokenFont(_:)` applies: the font, line spacing and tracking, scaled by
        /// `@ScaledMetric` relative to the token's text style.
        struct TokenFontModifier: ViewModifier {
            var font: TokenFont
            /// 100 scaled as the token's text style is: the Dynamic Type factor × 100.
            @ScaledMetric private var scaled: CGFloat

            init(font: TokenFont) {
                self.font = font
                let style = font.relativeTo.flatMap { TokenFont.textStyles[$0] } ?? .body
                _scaled = ScaledMetric(wrappedValue: 100, relativeTo: style)
            }

            func body(content: Content) -> some View {
                let factor = font.relativeTo == nil ? 1 : scaled / 100
                let drawn = font.font(scaledBy: factor, scalesItself: false)
                if #available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *) {
                    content.font(drawn).lineSpacing(font.lineSpacingPoints * factor)
                        .tracking((font.letterSpacing ?? 0) * factor)
                } else {
                    content.font(drawn).lineSpacing(font.lineSpacingPoints * factor)
                }
            }
        }
        #endif

        """

    /// UIKit and AppKit conversions: colors in their declared space, appearance-following
    /// colors, and UIKit fonts.
    static let platform = """
        import Foundation
        #if canImport(UIKit)
        import UIKit

        extension TokenColor {
            /// The UIKit system color named `system`, on iOS, iPadOS and visionOS (tvOS and
            /// watchOS lack most of them).
            var systemUIColor: UIColor? {
                #if os(iOS) || os(visionOS)
                switch system {
        \(AppleSystemColors.uiKitCases)
                default: return nil
                }
                #else
                return nil
                #endif
            }
        }

        extension TokenColor {
            /// The color as a UIKit color, in its declared space (linear sRGB encoded as sRGB),
            /// or the system color it is where the platform has it.
            public var uiColor: UIColor {
                if let systemUIColor { return systemUIColor }
                switch space {
                case .displayP3:
                    return UIColor(
                        displayP3Red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                case .sRGB:
                    return UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                case .sRGBLinear:
                    let (r, g, b) = (Self.encoded(red), Self.encoded(green), Self.encoded(blue))
                    return UIColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(alpha))
                }
            }
        }

        extension Moded where Value == TokenColor {
            /// A UIKit color that follows the appearance (see `appearance(dark:highContrast:)`);
            /// watchOS has no light appearance, so there it is the Dark Mode value. A token
            /// that is an Apple system color in every mode is the system's own.
            public var uiColor: UIColor {
                if let system = systemColor?.systemUIColor { return system }
                return Self.dynamic { self.appearance(dark: $0, highContrast: $1) }
            }

            /// `uiColor` in `context`: the appearance as there, every other dimension as `context` chooses.
            public func uiColor(in context: some TokenContext) -> UIColor {
                if let system = systemColor?.systemUIColor { return system }
                return Self.dynamic { self.appearance(dark: $0, highContrast: $1, in: context) }
            }

            /// A UIKit color that asks `pick` for the value of each appearance (dark, high contrast).
            static func dynamic(_ pick: @escaping @Sendable (Bool, Bool) -> TokenColor) -> UIColor {
                #if os(watchOS)
                return pick(true, false).uiColor
                #else
                return UIColor(dynamicProvider: { traits in
                    pick(traits.userInterfaceStyle == .dark, traits.accessibilityContrast == .high).uiColor
                })
                #endif
            }
        }

        extension TokenFont {
            /// The font as a UIKit font, scaling with Dynamic Type through `UIFontMetrics` of
            /// `relativeTo`'s text style, weight kept: the first family at the size where the
            /// system has it, else the system font at the size and weight.
            public var uiFont: UIFont {
                guard let style = relativeTo.flatMap({ Self.uiTextStyles[$0] }) else { return unscaledUIFont }
                return UIFontMetrics(forTextStyle: style).scaledFont(for: unscaledUIFont)
            }

            /// `value` (a line spacing, a tracking) scaled as the font is.
            public func scaledValue(_ value: CGFloat) -> CGFloat {
                guard let style = relativeTo.flatMap({ Self.uiTextStyles[$0] }) else { return value }
                return UIFontMetrics(forTextStyle: style).scaledValue(for: value)
            }

            /// The font at the default Dynamic Type size.
            var unscaledUIFont: UIFont {
                if let name = family.first, !name.isEmpty, let font = UIFont(name: name, size: pointSize) {
                    return font
                }
                return UIFont.systemFont(ofSize: pointSize, weight: Self.uiWeight(weight ?? 400))
            }

            static let uiTextStyles: [String: UIFont.TextStyle] = {
                var styles: [String: UIFont.TextStyle] = [
                    "title": .title1, "title2": .title2, "title3": .title3, "headline": .headline,
                    "subheadline": .subheadline, "body": .body, "callout": .callout, "footnote": .footnote,
                    "caption": .caption1, "caption2": .caption2,
                ]
                #if !os(tvOS)
                styles["largeTitle"] = UIFont.TextStyle.largeTitle
                #endif
                return styles
            }()

            /// The nearest UIKit weight (CSS numeric weights: 100 thin … 900 black).
            static func uiWeight(_ value: Double) -> UIFont.Weight {
                switch value {
                case ..<150: return .ultraLight
                case ..<250: return .thin
                case ..<350: return .light
                case ..<450: return .regular
                case ..<550: return .medium
                case ..<650: return .semibold
                case ..<750: return .bold
                case ..<850: return .heavy
                default: return .black
                }
            }
        }
        #elseif canImport(AppKit)
        import AppKit

        extension TokenColor {
            /// The AppKit color named as the UIKit system color `system`, where macOS has it.
            var systemNSColor: NSColor? {
                switch system {
        \(AppleSystemColors.appKitCases)
                default: return nil
                }
            }

            /// The color as an AppKit color, in its declared space (linear sRGB encoded as sRGB),
            /// or the system color it is where macOS has it.
            public var nsColor: NSColor {
                if let systemNSColor { return systemNSColor }
                switch space {
                case .displayP3:
                    return NSColor(
                        displayP3Red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                case .sRGB:
                    return NSColor(
                        srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                case .sRGBLinear:
                    let (r, g, b) = (Self.encoded(red), Self.encoded(green), Self.encoded(blue))
                    return NSColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(alpha))
                }
            }
        }

        extension Moded where Value == TokenColor {
            /// An AppKit color that follows the appearance, Increase Contrast included; the
            /// system's own for a token that is an Apple system color macOS has.
            public var nsColor: NSColor {
                if let system = systemColor?.systemNSColor { return system }
                return Self.dynamic { self.appearance(dark: $0, highContrast: $1) }
            }

            /// `nsColor` in `context`: the appearance as there, every other dimension as `context` chooses.
            public func nsColor(in context: some TokenContext) -> NSColor {
                if let system = systemColor?.systemNSColor { return system }
                return Self.dynamic { self.appearance(dark: $0, highContrast: $1, in: context) }
            }

            /// An AppKit color that asks `pick` for the value of each appearance (dark, high contrast).
            static func dynamic(_ pick: @escaping @Sendable (Bool, Bool) -> TokenColor) -> NSColor {
                NSColor(
                    name: nil,
                    dynamicProvider: { appearance in
                        let match = appearance.bestMatch(from: [
                            .aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua,
                        ])
                        let dark = match == .darkAqua || match == .accessibilityHighContrastDarkAqua
                        let high = match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua
                        return pick(dark, high).nsColor
                    })
            }
        }
        #endif

        """
}
