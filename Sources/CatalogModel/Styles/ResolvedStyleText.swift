/// How a resolved style's values read as text, the one wording `style resolve` and every
/// documentation format share: lengths in points with the token they come from, paints
/// with their source, fonts, animations with SwiftUI's parameter names.
public enum ResolvedStyleText {
    /// `16 pt ({spacing.xl})`, or `—`.
    public static func length(_ length: ResolvedLength?) -> String {
        guard let length else { return "—" }
        return "\(JSON.format(length.points)) pt" + (length.token.map { " ({\($0)})" } ?? "")
    }

    /// How a style with ``ResolvedStyle/scaledMetrics`` treats its lengths.
    public static let scaledMetrics = "lengths grow with Dynamic Type, as the label's text style does"

    /// `#RRGGBBAA (accent {colors.primary})`, a material, or `none`.
    public static func paint(_ paint: Paint) -> String {
        paint.source == paint.text || paint.source == "none" || paint.material != nil
            ? paint.text : "\(paint.text) (\(paint.source))"
    }

    /// `SF Pro body 17 pt weight 600 ({typography.label})`, or `system default`.
    public static func font(_ font: ResolvedFont?) -> String {
        guard let font else { return "system default" }
        var parts = [font.family, font.textStyle, font.size.map { "\(JSON.format($0)) pt" }].compactMap { $0 }
        if let weight = font.weight { parts.append("weight \(JSON.format(weight))") }
        if let token = font.token { parts.append("({\(token)})") }
        return parts.isEmpty ? "system default" : parts.joined(separator: " ")
    }

    /// `capsule`, `rounded rectangle, corner radius 12 pt ({radius.md}), continuous corners`.
    public static func shape(_ style: ResolvedStyle) -> String {
        var shape = style.shape.rawValue
        if let radius = style.cornerRadius { shape += ", corner radius " + length(radius) }
        if let corners = style.cornerStyle { shape += ", \(corners) corners" }
        return shape
    }

    /// `spring, response 0.25 s, dampingFraction 0.6, from {motion.press}`.
    public static func animation(_ animation: ResolvedAnimation) -> String {
        var parts = [animation.curve]
        if let duration = animation.duration { parts.append("duration \(JSON.format(duration)) s") }
        if let response = animation.response { parts.append("response \(JSON.format(response)) s") }
        if let damping = animation.dampingFraction { parts.append("dampingFraction \(JSON.format(damping))") }
        if let bounce = animation.bounce { parts.append("bounce \(JSON.format(bounce))") }
        if let token = animation.token { parts.append("from {\(token)}") }
        return parts.joined(separator: ", ")
    }

    /// `1 pt #RRGGBBAA (…)`, or `none`.
    public static func border(_ style: ResolvedStyle) -> String {
        style.border.map { "\(JSON.format($0.width.points)) pt \(paint($0.paint))" } ?? "none"
    }

    /// Liquid Glass with its tint's source: `glass(regular, tint #…, interactive) (accent {…})`.
    public static func glass(_ glass: ResolvedGlass) -> String {
        glass.text + (glass.tint.map { " (\($0.source))" } ?? "")
    }
}
