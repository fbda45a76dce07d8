/// A style's concrete appearance in one theme, mode context, role, state and size.
public struct ResolvedStyle: Sendable, Equatable {
    public var style: String
    public var version: Semver
    /// `NAME@VERSION` of the theme.
    public var theme: String
    /// The mode context, such as `colorScheme=dark` or `defaults`.
    public var context: String
    public var role: String?
    public var state: String
    public var size: String?
    public var reduceMotion: Bool
    public var shape: Shape.Kind
    public var cornerRadius: ResolvedLength?
    public var cornerStyle: String?
    public var font: ResolvedFont?
    public var horizontalPadding: ResolvedLength?
    public var verticalPadding: ResolvedLength?
    public var minHeight: ResolvedLength?
    public var touchSlop: ResolvedLength?
    public var background: Paint
    public var foreground: Paint?
    public var border: ResolvedBorder?
    /// Opacity of the whole button.
    public var opacity: Double
    public var scale: Double
    public var brightness: Double
    public var animation: ResolvedAnimation?
    public var availability: [String: String]
    /// Liquid Glass behind the label where the system has it; ``background`` is what
    /// systems without it draw.
    public var glass: ResolvedGlass? = nil
}

/// Liquid Glass resolved: its variant, tint (after role overrides) and interactivity.
public struct ResolvedGlass: Sendable, Hashable {
    public var variant: String
    public var tint: Paint?
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
    public var paint: Paint
    public var width: ResolvedLength
}

/// A font: the typography token or text style it came from, size and weight.
public struct ResolvedFont: Sendable, Hashable {
    /// The token path, or `nil` for a text style given directly.
    public var token: String?
    public var textStyle: String?
    public var family: String?
    /// Points, when known.
    public var size: Double?
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
    public var curve: String
    public var duration: Double?
    public var response: Double?
    public var dampingFraction: Double?
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
