/// A style's concrete appearance in one theme, mode context, role, state and size.
public struct ResolvedStyle: Sendable, Equatable {
    /// The style's name.
    public var style: String
    /// The style version resolved.
    public var version: Semver
    /// `NAME@VERSION` of the theme.
    public var theme: String
    /// The mode context, such as `colorScheme=dark` or `defaults`.
    public var context: String
    /// The role resolved, or `nil` for none.
    public var role: String?
    /// The interaction state resolved.
    public var state: String
    /// The control size resolved, or `nil` for the style's defaults.
    public var size: String?
    /// Whether Reduce Motion's overrides were applied.
    public var reduceMotion: Bool
    /// The background shape.
    public var shape: Shape.Kind
    /// The corner radius, for rounded rectangles.
    public var cornerRadius: ResolvedLength?
    /// `continuous` or `circular` corners.
    public var cornerStyle: String?
    /// The label's font, when a candidate resolved.
    public var font: ResolvedFont?
    /// Leading and trailing inset.
    public var horizontalPadding: ResolvedLength?
    /// Top and bottom inset.
    public var verticalPadding: ResolvedLength?
    /// Minimum tappable height.
    public var minHeight: ResolvedLength?
    /// Extra vertical touch area beyond the drawn frame.
    public var touchSlop: ResolvedLength?
    /// What the background is filled with.
    public var background: Paint
    /// The label's color.
    public var foreground: Paint?
    /// The border, if any.
    public var border: ResolvedBorder?
    /// Opacity of the whole button.
    public var opacity: Double
    /// Scale of the whole button.
    public var scale: Double
    /// Brightness shift (−1…1) of the background.
    public var brightness: Double
    /// The press animation, if any (none under Reduce Motion when it removes it).
    public var animation: ResolvedAnimation?
    /// Platform → minimum OS version where the style is available.
    public var availability: [String: String]
    /// Liquid Glass behind the label where the system has it; ``background`` is what
    /// systems without it draw.
    public var glass: ResolvedGlass? = nil
    /// Whether the lengths grow with Dynamic Type as the label's text style does
    /// (``StyleDefinition/scaledMetrics``); they are given at the default size.
    public var scaledMetrics = false
}

/// Liquid Glass resolved: its variant, tint (after role overrides) and interactivity.
public struct ResolvedGlass: Sendable, Hashable {
    /// `regular` or `clear`.
    public var variant: String
    /// The tint, if any.
    public var tint: Paint?
    /// Whether the glass reacts to touch.
    public var interactive: Bool

    /// `glass(regular, tint #0A84FFFF, interactive)`.
    public var text: String {
        "glass("
            + ([variant] + (tint.map { ["tint \($0.text)"] } ?? []) + (interactive ? ["interactive"] : []))
            .joined(separator: ", ") + ")"
    }
}

/// A length in points and where it came from.
public struct ResolvedLength: Sendable, Hashable {
    /// The length in points.
    public var points: Double
    /// The token path, or `nil` for a literal.
    public var token: String?

    /// A resolved length.
    public init(points: Double, token: String? = nil) {
        self.points = points
        self.token = token
    }
}

/// A paint: a color, a material, or nothing; with the expression it came from.
public struct Paint: Sendable, Hashable {
    /// The color, when the paint is one.
    public var color: Color?
    /// A material name (`regular`), drawn as a blur; ``color`` is then `nil`.
    public var material: String?
    /// The opacity applied to a material.
    public var materialOpacity: Double
    /// How the value was reached: `{colors.destructive} at 0.8`.
    public var source: String

    /// No paint.
    public static let none = Paint(color: nil, material: nil, materialOpacity: 1, source: "none")

    /// `#RRGGBBAA`, `material(regular)` or `none`.
    public var text: String {
        if let color { return color.hexRGBA }
        if let material {
            return materialOpacity < 1
                ? "material(\(material)) at \(JSON.format(materialOpacity))" : "material(\(material))"
        }
        return "none"
    }
}

/// A border's paint and width.
public struct ResolvedBorder: Sendable, Hashable {
    /// The stroke's paint.
    public var paint: Paint
    /// The stroke's width.
    public var width: ResolvedLength
}

/// A font: the typography token or text style it came from, size and weight.
public struct ResolvedFont: Sendable, Hashable {
    /// The token path, or `nil` for a text style given directly.
    public var token: String?
    /// The text style (`body`, `headline`), when the font is one.
    public var textStyle: String?
    /// The font family, when named.
    public var family: String?
    /// Points, when known.
    public var size: Double?
    /// The weight (100…1000), when known.
    public var weight: Double?

    /// A resolved font.
    public init(token: String?, textStyle: String?, family: String?, size: Double?, weight: Double?) {
        self.token = token
        self.textStyle = textStyle
        self.family = family
        self.size = size
        self.weight = weight
    }
}

/// The press animation with its timing in seconds.
public struct ResolvedAnimation: Sendable, Hashable {
    /// `spring`, `easeInOut`, …, as the style names it.
    public var curve: String
    /// Seconds, for timed curves.
    public var duration: Double?
    /// A spring's response, in seconds.
    public var response: Double?
    /// A spring's damping fraction (0…1).
    public var dampingFraction: Double?
    /// A spring's bounce (−1…1).
    public var bounce: Double?
    /// The token it came from.
    public var token: String?

    /// A resolved animation.
    public init(
        curve: String, duration: Double? = nil, response: Double? = nil, dampingFraction: Double? = nil,
        bounce: Double? = nil, token: String? = nil
    ) {
        self.curve = curve
        self.duration = duration
        self.response = response
        self.dampingFraction = dampingFraction
        self.bounce = bounce
        self.token = token
    }
}
