import Foundation

/// Tokens Studio's color modifiers (`$extensions["studio.tokens"].modify`), evaluated at
/// resolution after the color's aliases: `lighten` and `darken` by an amount in 0…1,
/// `alpha` (set the alpha), `mix` (with `color`, by an amount) — in the `srgb` or `hsl`
/// space, as Tokens Studio computes them. Other spaces (`lch`, `p3`) are refused with a
/// clear message rather than ignored. The result is an sRGB color.
public enum ColorModifier {
    static let types = ["lighten", "darken", "alpha", "mix"]
    static let spaces = ["srgb", "hsl"]

    /// The members of `modify` that may be references, each with the type it resolves as.
    /// sd-transforms defers the transform until Style Dictionary has resolved references in
    /// any of them (`src/color-modifiers/transformColorModifiers.ts`: `usesReferences` on
    /// every modifier property).
    static let referable: [(key: String, type: String)] = [
        ("value", "number"), ("type", "string"), ("space", "string"),
    ]

    /// Whether a member is a reference or an expression naming one (`{shading.soft}`).
    static func refers(_ member: JSON?) -> Bool { member?.string?.contains("{") == true }

    /// Why `modify` cannot be evaluated, or `nil`. A member that refers to a token is
    /// checked once resolved (``apply(_:to:other:)``), not here.
    public static func problem(with modify: JSON) -> String? {
        guard modify.object != nil else { return "expected a modify object {type, value, space, color?}" }
        if refers(modify["type"]) { return nil }
        guard let type = modify["type"]?.string, types.contains(type) else {
            let given = modify["type"]?.excerpt ?? "nothing"
            return "modify type must be one of \(types.joined(separator: ", ")), got \(given)"
        }
        guard refers(modify["value"]) || amount(modify["value"]).map({ (0...1).contains($0) }) == true else {
            return "modify value must be a number in 0…1, got \(modify["value"]?.excerpt ?? "nothing")"
        }
        let space = modify["space"]?.string ?? "srgb"
        guard refers(modify["space"]) || spaces.contains(space) else {
            return
                "modify space \"\(space)\" is not supported by the catalog (it evaluates srgb and hsl); export the modified color as a value"
        }
        if type == "mix" && modify["color"] == nil { return "a mix modifier needs \"color\"" }
        return nil
    }

    static func amount(_ value: JSON?) -> Double? {
        value?.number ?? value?.string.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `color` modified; `other` is the resolved `color` of a mix.
    public static func apply(_ modify: JSON, to color: JSON, other: JSON?) -> Result<JSON, ValueError> {
        if let problem = problem(with: modify) { return .failure(ValueError(problem, modify)) }
        if let unresolved = referable.first(where: { refers(modify[$0.key]) }) {
            return .failure(ValueError("modify \(unresolved.key) refers to a token that was not resolved", modify))
        }
        guard let base = Color(dtcg: color) else { return .failure(ValueError("modify needs a color", color)) }
        let amount = amount(modify["value"])!
        let space = modify["space"]?.string ?? "srgb"
        var result = base
        switch modify["type"]!.string! {
        case "alpha":
            result.alpha = amount
        case "mix":
            guard let other = other.flatMap({ Color(dtcg: $0) }) else {
                return .failure(ValueError("mix color is not a color", other ?? .null))
            }
            if space == "hsl" {
                let (h1, s1, l1) = hsl(base)
                let (h2, s2, l2) = hsl(other)
                result = fromHSL(h1 + (h2 - h1) * amount, s1 + (s2 - s1) * amount, l1 + (l2 - l1) * amount, base.alpha)
            } else {
                func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
                result = Color(
                    red: mix(base.red, other.red), green: mix(base.green, other.green),
                    blue: mix(base.blue, other.blue),
                    alpha: mix(base.alpha, other.alpha))
            }
        case let kind:
            let lighten = kind == "lighten"
            if space == "hsl" {
                let (h, s, l) = hsl(base)
                result = fromHSL(h, s, lighten ? l + (1 - l) * amount : l * (1 - amount), base.alpha)
            } else {
                func change(_ c: Double) -> Double { lighten ? c + (1 - c) * amount : c * (1 - amount) }
                result = Color(
                    red: change(base.red), green: change(base.green), blue: change(base.blue), alpha: base.alpha)
            }
        }
        return .success(
            Color(
                red: Color.rounded(result.red), green: Color.rounded(result.green), blue: Color.rounded(result.blue),
                alpha: Color.rounded(result.alpha)
            ).dtcg)
    }

    /// Hue (degrees), saturation and lightness (0…1).
    static func hsl(_ color: Color) -> (Double, Double, Double) {
        let maximum = max(color.red, color.green, color.blue)
        let minimum = min(color.red, color.green, color.blue)
        let lightness = (maximum + minimum) / 2
        let delta = maximum - minimum
        guard delta > 0 else { return (0, 0, lightness) }
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        switch maximum {
        case color.red: hue = 60 * ((color.green - color.blue) / delta).truncatingRemainder(dividingBy: 6)
        case color.green: hue = 60 * ((color.blue - color.red) / delta + 2)
        default: hue = 60 * ((color.red - color.green) / delta + 4)
        }
        if hue < 0 { hue += 360 }
        return (hue, saturation, lightness)
    }

    static func fromHSL(_ hue: Double, _ saturation: Double, _ lightness: Double, _ alpha: Double) -> Color {
        let (r, g, b) = ColorSpace.hsl(hue, min(max(saturation, 0), 1), min(max(lightness, 0), 1))
        return Color(red: r, green: g, blue: b, alpha: alpha)
    }
}
