import CatalogModel
import Foundation

/// Whether a value the catalog resolved equals what a team's build wrote for it, after
/// the transforms its `SOURCE.md` names: colors in any CSS spelling compared by their
/// channels, lengths by their pixels (rem at 16 px), `%` and `em` as their ratios,
/// shadows and the CSS `font` shorthand part by part, font names without quotes.
struct BuiltValueMatch {
    /// The build writes bare numbers of these tokens as rem (Figma SDS's `size`): `4` is `0.25rem`.
    var numbersAreRem = false
    /// Pixels per rem.
    var remBase = 16.0
    /// The decimals the build rounds rem to (Equinor's `eds/css/pxToRem`: 3, so 37 px is
    /// `2.313rem`): a difference within that rounding is none.
    var remDecimals: Int?
    /// The build writes Figma's style names as CSS (Figma SDS's `app.mjs`): a font weight
    /// `"Semi Bold Italic"` as `600 italic`, a family quoted, lower-cased, with a generic
    /// fallback (`"inter", sans-serif`).
    var figmaStyleNames = false

    /// Whether `built` is what `value` (the catalog's resolved value, of `type`) builds to.
    func matches(_ built: String, _ value: JSON, type: String) -> Bool {
        let text = built.trimmingCharacters(in: .whitespaces)
        switch type {
        case "color":
            guard let expected = Self.rgba(text), let actual = Self.rgba(value) else { return false }
            return zip(expected, actual).allSatisfy { abs($0 - $1) <= 1.0 / 255 + 1e-9 }
        case "shadow": return shadowMatches(text, value)
        case "typography": return typographyMatches(text, value)
        case "fontFamily", "string", "untyped":
            if figmaStyleNames, let name = value.string {
                if let css = Self.cssWeight(name) { return text == css }
                let first = text.split(separator: ",").first.map { Self.unquoted(String($0)) } ?? ""
                if type == "fontFamily" { return first == name.lowercased() }
            }
            if let family = value.array?.compactMap(\.string) {
                return Self.unquoted(text) == Self.unquoted(family.joined(separator: ", "))
            }
            if let string = value.string {
                if string.isEmpty && text == "initial" { return true }  // Kong's `value/empty-to-initial`
                return Self.unquoted(text) == Self.unquoted(string) || measureMatches(text, .string(string))
            }
            return measureMatches(text, value)
        default: return measureMatches(text, value)
        }
    }

    /// A length, duration, ratio or number: both sides in one unit.
    func measureMatches(_ text: String, _ value: JSON) -> Bool {
        if let bool = value.bool { return text == String(bool) }
        guard let built = Self.measure(text), let actual = Self.measure(value) else {
            return Self.unquoted(text) == Self.unquoted(value.string ?? value.serialized())
        }
        func normalized(_ measure: (Double, String)) -> (Double, String) {
            switch measure.1 {
            case "rem": return (measure.0 * remBase, "px")
            case "": return numbersAreRem ? (measure.0, "px") : (measure.0, "")
            case "s": return (measure.0 * 1000, "ms")
            case "%": return (measure.0 / 100, "")
            case "em": return (measure.0, "")  // letter spacing: 0.05em is 5%
            default: return measure
            }
        }
        let (a, b) = (normalized(built), normalized(actual))
        // A bare number and a pixel length are one (sd-transforms' `ts/size/px` adds the unit).
        let units = Set([a.1, b.1])
        guard a.1 == b.1 || units == ["", "px"] else { return false }
        let rounding = remDecimals.map { 0.5 * pow(10, -Double($0)) * remBase + 1e-9 } ?? 0
        return abs(a.0 - b.0) <= max(1e-3 * max(1, abs(a.0)), rounding)
    }

    private func shadowMatches(_ text: String, _ value: JSON) -> Bool {
        let layers = value.array ?? [value]
        let written = text.split(separator: ",", omittingEmptySubsequences: false).reduce(into: [String]()) {
            parts, piece in
            // Commas inside rgba(…) belong to the piece before.
            if let last = parts.last, last.filter({ $0 == "(" }).count > last.filter({ $0 == ")" }).count {
                parts[parts.count - 1] += "," + piece
            } else {
                parts.append(String(piece))
            }
        }
        guard written.count == layers.count else { return false }
        return zip(written, layers).allSatisfy { text, layer in
            var parts = text.split(separator: " ").map(String.init)
            let inset = parts.first == "inset"
            if inset { parts.removeFirst() }
            guard inset == (layer["inset"]?.bool ?? false), parts.count >= 4, let color = layer["color"] else {
                return false
            }
            let fields = ["offsetX", "offsetY", "blur", "spread"]
            let lengths = zip(parts.prefix(4), fields).allSatisfy { part, field in
                layer[field].map { measureMatches(part, $0) } ?? false
            }
            return lengths && matches(parts.dropFirst(4).joined(separator: " "), color, type: "color")
        }
    }

    /// The CSS `font` shorthand NVE's build writes: `600 3rem/1.15 'Source Sans 3'`.
    private func typographyMatches(_ text: String, _ value: JSON) -> Bool {
        let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, let slash = parts[1].firstIndex(of: "/") else { return false }
        let (size, lineHeight) = (String(parts[1][..<slash]), String(parts[1][parts[1].index(after: slash)...]))
        guard let weight = value["fontWeight"], let fontSize = value["fontSize"], let height = value["lineHeight"],
            let family = value["fontFamily"]
        else { return false }
        return measureMatches(parts[0], weight) && measureMatches(size, fontSize)
            && measureMatches(lineHeight, height) && matches(parts[2], family, type: "fontFamily")
    }

    /// A color's channels and alpha in 0…1: hex of 3, 4, 6 or 8 digits, `rgb()`/`rgba()`
    /// with commas, `transparent`, or the catalog's color object.
    static func rgba(_ text: String) -> [Double]? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        if lower == "transparent" { return [0, 0, 0, 0] }
        if let color = Color(css: lower) { return [color.red, color.green, color.blue, color.alpha] }
        return nil
    }

    /// `channels` (red, green, blue in 0…1) as CSS `rgba()` with `alpha` instead of their own.
    static func cssRGBA(_ channels: [Double], alpha: Double) -> String {
        let rgb = channels.prefix(3).map { String(Int(($0 * 255).rounded())) }.joined(separator: ", ")
        return "rgba(\(rgb), \(alpha))"
    }

    static func rgba(_ value: JSON) -> [Double]? {
        if let text = value.string { return rgba(text) }
        guard let color = Color(dtcg: value) else { return nil }
        return [color.red, color.green, color.blue, color.alpha]
    }

    /// A number and its unit (`""` for none) from text or from the catalog's `{value, unit}`.
    static func measure(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in ["rem", "px", "ms", "em", "%", "s", ""] where trimmed.hasSuffix(unit) {
            if let number = Double(trimmed.dropLast(unit.count)) { return (number, unit) }
        }
        return nil
    }

    static func measure(_ value: JSON) -> (Double, String)? {
        if let number = value.number { return (number, "") }
        if let number = value["value"]?.number, let unit = value["unit"]?.string { return (number, unit) }
        return value.string.flatMap(measure)
    }

    /// Text without quotes and with single spaces, hex colors in lower case (CSS reads
    /// them in either): how font names and CSS text compare.
    static func unquoted(_ text: String) -> String {
        var result = text.filter { $0 != "'" && $0 != "\"" }.split(separator: " ").joined(separator: " ")
        var index = result.startIndex
        while let hash = result[index...].firstIndex(of: "#") {
            let end = result[hash...].dropFirst().firstIndex { !$0.isHexDigit } ?? result.endIndex
            result.replaceSubrange(hash..<end, with: result[hash..<end].lowercased())
            index = result.index(after: hash)
        }
        return result
    }

    /// A Figma text style's weight name as CSS (`Semi Bold Italic` → `600 italic`, `Italic`
    /// → `italic`), or `nil` when `name` is none.
    static func cssWeight(_ name: String) -> String? {
        var words = name.lowercased().split(separator: " ").map(String.init)
        let italic = words.last == "italic"
        if italic { words.removeLast() }
        if words.isEmpty { return italic ? "italic" : nil }
        guard
            let weight = TokenValue.fontWeightNames[words.joined()]
                ?? TokenValue.fontWeightNames[words.joined(separator: " ")]
        else { return nil }
        return "\(Int(weight))" + (italic ? " italic" : "")
    }
}
