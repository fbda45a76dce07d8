/// One version of a button style: how it looks per interaction state, in terms of a
/// theme's tokens (see `Schemas/style.schema.json` for the document).
public struct StyleDefinition: Sendable, Equatable {
    /// The style's name, as options and code refer to it.
    public var name: String
    /// Its version.
    public var version: Semver
    public var description: String?
    /// The component it styles (`DFButton`, `Button`).
    public var component: String
    /// The protocol it implements (`DFButtonStyle`, `ButtonStyle`, `PrimitiveButtonStyle`).
    public var conformance: String
    /// The theme its aliases resolve in, unless a command names another.
    public var theme: String?
    /// Platform → minimum OS version where the style is available (`glass`: iOS 26).
    public var availability: [String: String]
    /// The style's accent color, which states refer to as `accent`.
    public var accent: ColorExpression?
    /// Overrides per role (`destructive` swaps the accent).
    public var roles: [String: RoleOverride]
    /// The background shape and its corners.
    public var shape: Shape
    /// Font candidates: the first that resolves wins (`components.button.labelStyle ?? typography.label`).
    public var font: [FontExpression]
    /// The label's insets.
    public var padding: Padding
    /// Minimum height of the tappable frame.
    public var minHeight: DimensionExpression?
    /// Extra vertical touch area beyond the drawn frame.
    public var touchSlop: DimensionExpression?
    /// Appearance per state; states other than `normal` override `normal`.
    public var states: [String: StateAppearance]
    /// The press animation, if any.
    public var animation: Animation?
    /// What Reduce Motion changes in the pressed state, and its animation.
    public var reducedMotion: ReducedMotion?
    /// Metrics per control size (`small`, `regular`, `large`).
    public var sizes: [String: SizeMetrics]
    /// JSON paths of values chosen by the catalog's authors rather than published by the system.
    public var chosen: [String]
    /// How Swift code applies the style, as the document declares it (`.dfButtonStyle(.capsule)`,
    /// `CapsuleButtonStyle()`); empty when it follows its spec (see ``spellings(in:)``).
    public var spellings: [String] = []
    /// Liquid Glass behind the label where the system has it (iOS 26); the states'
    /// backgrounds are then what earlier systems draw instead.
    public var glass: Glass? = nil
    /// Whether paddings, minimum height, corner radius and touch slop grow with Dynamic
    /// Type as the label's text style does (SwiftUI's `@ScaledMetric(relativeTo:)`), so that
    /// large text keeps its breathing room; otherwise they stay at their points.
    public var scaledMetrics = false

    /// The states a style may define, in display order.
    public static let stateNames = ["normal", "pressed", "disabled", "hover", "focus", "loading"]
    /// The control sizes a style may define metrics for.
    public static let sizeNames = ["mini", "small", "regular", "large", "extraLarge"]

    /// The alias targets the style refers to, with the JSON path of each reference.
    public var tokenReferences: [(jsonPath: String, token: String)] {
        var references: [(String, String)] = []
        func add(_ expression: ColorExpression?, _ path: String) {
            references += (expression?.tokens ?? []).map { (path, $0) }
        }
        func add(_ expression: DimensionExpression?, _ path: String) {
            references += (expression?.tokens ?? []).map { (path, $0) }
        }
        add(accent, "$.accent")
        add(glass?.tint, "$.glass.tint")
        for (role, override) in roles.sorted(by: { $0.key < $1.key }) {
            add(override.accent, "$.roles.\(role).accent")
            for (state, appearance) in override.states.sorted(by: { $0.key < $1.key }) {
                references += appearance.references("$.roles.\(role).states.\(state)")
            }
        }
        add(shape.cornerRadius, "$.shape.cornerRadius")
        for (index, font) in font.enumerated() {
            if case .token(let path) = font { references.append(("$.font[\(index)]", path)) }
        }
        add(padding.horizontal, "$.padding.horizontal")
        add(padding.vertical, "$.padding.vertical")
        add(minHeight, "$.minHeight")
        add(touchSlop, "$.touchSlop")
        for (state, appearance) in states.sorted(by: { $0.key < $1.key }) {
            references += appearance.references("$.states.\(state)")
        }
        if let token = animation?.token { references.append(("$.animation.token", token)) }
        if let pressed = reducedMotion?.pressed {
            references += pressed.references("$.reducedMotion.pressed")
        }
        for (size, metrics) in sizes.sorted(by: { $0.key < $1.key }) {
            for (index, font) in metrics.font.enumerated() {
                if case .token(let path) = font { references.append(("$.sizes.\(size).font[\(index)]", path)) }
            }
            add(metrics.horizontalPadding, "$.sizes.\(size).padding.horizontal")
            add(metrics.verticalPadding, "$.sizes.\(size).padding.vertical")
            add(metrics.cornerRadius, "$.sizes.\(size).cornerRadius")
            add(metrics.touchSlop, "$.sizes.\(size).touchSlop")
            add(metrics.minHeight, "$.sizes.\(size).minHeight")
        }
        return references
    }
}

/// Liquid Glass as a style states it (`{"variant": "regular", "tint": "accent"}`):
/// SwiftUI's `Glass` in the style's shape.
public struct Glass: Sendable, Hashable {
    /// The variants SwiftUI names.
    public static let variants = ["regular", "clear"]

    /// `regular` or `clear`.
    public var variant: String
    /// A tint (the prominent look: `.glassProminent` tints with the accent).
    public var tint: ColorExpression?
    /// Whether the glass reacts to touch and pointer (`Glass.interactive()`); default yes.
    public var interactive: Bool

    /// Glass of `variant`.
    public init(variant: String = "regular", tint: ColorExpression? = nil, interactive: Bool = true) {
        self.variant = variant
        self.tint = tint
        self.interactive = interactive
    }
}

/// A color as a style states it.
public indirect enum ColorExpression: Sendable, Hashable {
    /// A theme token: `{colors.primary}`.
    case token(String)
    /// A literal color: `#FFFFFF`.
    case literal(Color)
    /// The style's accent after role overrides.
    case accent
    /// A system material (`regular`, `thick`, …), drawn as a blur.
    case material(String)
    /// No paint (`"none"` in documents).
    case clear
    /// Another expression at an opacity.
    case opacity(ColorExpression, Double)
    /// The first candidate that resolves (`components.button.tint ?? colors.primary`).
    case firstOf([ColorExpression])
    /// Black or white, whichever contrasts with the given color (black when its linear
    /// luminance is over 0.5, as ButtonVariantStyle decides).
    case contrasting(ColorExpression)

    /// The tokens the expression refers to.
    public var tokens: [String] {
        switch self {
        case .token(let path): return [path]
        case .opacity(let inner, _), .contrasting(let inner): return inner.tokens
        case .firstOf(let candidates): return candidates.flatMap(\.tokens)
        default: return []
        }
    }
}

/// A length as a style states it: points, a dimension token, or fallbacks.
public indirect enum DimensionExpression: Sendable, Hashable {
    case points(Double)
    case token(String)
    /// The first candidate that resolves; earlier token candidates may be absent from a theme.
    case firstOf([DimensionExpression])

    /// The tokens the expression refers to.
    public var tokens: [String] {
        switch self {
        case .points: return []
        case .token(let path): return [path]
        case .firstOf(let candidates): return candidates.flatMap(\.tokens)
        }
    }
}

/// A font as a style states it.
public enum FontExpression: Sendable, Hashable {
    /// A typography token.
    case token(String)
    /// A system text style with an optional weight (`{"textStyle": "body", "weight": 600}`).
    case textStyle(String, weight: Double?)
}

/// The drawn shape.
public struct Shape: Sendable, Hashable {
    /// The shapes a style may draw its background and border in.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case capsule, roundedRectangle, rectangle, circle
        /// No background shape.
        case none
    }

    /// Which shape.
    public var kind: Kind
    /// The corner radius, for rounded rectangles.
    public var cornerRadius: DimensionExpression?
    /// `continuous` or `circular` corners.
    public var cornerStyle: String?
}

/// Label insets.
public struct Padding: Sendable, Hashable {
    /// Leading and trailing inset.
    public var horizontal: DimensionExpression?
    /// Top and bottom inset.
    public var vertical: DimensionExpression?
}

/// A border.
public struct Border: Sendable, Hashable {
    /// The stroke's color.
    public var color: ColorExpression
    /// The stroke's width.
    public var width: DimensionExpression
}

/// What a state paints and how it transforms the button. `nil` fields inherit from `normal`.
public struct StateAppearance: Sendable, Hashable {
    /// `.clear` removes the background; `nil` inherits.
    public var background: ColorExpression?
    /// The label's color; `nil` inherits.
    public var foreground: ColorExpression?
    /// `.some(nil)` removes the border; `nil` inherits.
    public var border: Border??
    /// Opacity of the whole button.
    public var opacity: Double?
    /// Scale of the whole button (`0.97` when pressed).
    public var scale: Double?
    /// Brightness shift (−1…1) of the background.
    public var brightness: Double?

    /// A state appearance.
    public init(
        background: ColorExpression? = nil, foreground: ColorExpression? = nil, border: Border?? = nil,
        opacity: Double? = nil, scale: Double? = nil, brightness: Double? = nil
    ) {
        self.background = background
        self.foreground = foreground
        self.border = border
        self.opacity = opacity
        self.scale = scale
        self.brightness = brightness
    }

    /// `self` with every field that `other` sets replaced.
    public func overridden(by other: StateAppearance) -> StateAppearance {
        StateAppearance(
            background: other.background ?? background, foreground: other.foreground ?? foreground,
            border: other.border ?? border, opacity: other.opacity ?? opacity, scale: other.scale ?? scale,
            brightness: other.brightness ?? brightness)
    }

    func references(_ path: String) -> [(String, String)] {
        var result: [(String, String)] = (background?.tokens ?? []).map { ("\(path).background", $0) }
        result += (foreground?.tokens ?? []).map { ("\(path).foreground", $0) }
        if case .some(.some(let border)) = border {
            result += border.color.tokens.map { ("\(path).border.color", $0) }
            result += border.width.tokens.map { ("\(path).border.width", $0) }
        }
        return result
    }
}

/// A role's overrides: the accent and per-state appearance.
public struct RoleOverride: Sendable, Hashable {
    /// The accent the role uses instead of the style's.
    public var accent: ColorExpression?
    /// Per-state overrides for the role, over the style's own.
    public var states: [String: StateAppearance]
}

/// The press animation.
public struct Animation: Sendable, Hashable {
    /// `spring`, `easeInOut`, `easeIn`, `easeOut`, `linear`, `snappy`, `bouncy`, `smooth`.
    public var curve: String
    /// Seconds.
    public var duration: Double?
    /// A spring's response, in seconds.
    public var response: Double?
    /// A spring's damping fraction (0…1).
    public var dampingFraction: Double?
    /// A spring's bounce (−1…1).
    public var bounce: Double?
    /// A duration or transition token giving the timing.
    public var token: String?

    /// The curves a style may name.
    public static let curves = ["spring", "easeInOut", "easeIn", "easeOut", "linear", "snappy", "bouncy", "smooth"]
}

/// What Reduce Motion changes.
public struct ReducedMotion: Sendable, Hashable {
    /// Overrides of the pressed state (`scale: 1, opacity: 0.7`).
    public var pressed: StateAppearance?
    /// Whether the press animation is removed.
    public var disablesAnimation: Bool
}

/// Metrics for one control size.
public struct SizeMetrics: Sendable, Hashable {
    /// Font candidates at this size: the first that resolves wins.
    public var font: [FontExpression]
    /// Leading and trailing inset at this size.
    public var horizontalPadding: DimensionExpression?
    /// Top and bottom inset at this size.
    public var verticalPadding: DimensionExpression?
    /// Corner radius at this size.
    public var cornerRadius: DimensionExpression?
    /// Extra vertical touch area at this size.
    public var touchSlop: DimensionExpression?
    /// Minimum tappable height at this size.
    public var minHeight: DimensionExpression?
}
