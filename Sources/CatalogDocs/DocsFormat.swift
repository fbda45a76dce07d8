import CatalogModel

/// Value formatting and escaping shared by the exporters.
enum DocsFormat {
    /// A resolved token value as documentation shows it.
    static func value(_ value: JSON?, type: String) -> String {
        guard let value else { return "—" }
        switch type {
        case "color":
            guard let color = Color(dtcg: value) else { return value.serialized() }
            guard let space = value["colorSpace"]?.string, space != "srgb" else { return color.hexRGBA }
            // Declared in another space: its sRGB rendering, saying so (and when it was clamped).
            return color.hexRGBA + " (\(space)" + (Color.isOutsideSRGB(dtcg: value) ? ", outside sRGB" : "") + ")"
        case "dimension", "duration":
            guard let amount = value["value"]?.number, let unit = value["unit"]?.string else {
                return value.serialized()
            }
            return JSON.format(amount) + (unit == "px" ? " pt" : " \(unit)")
        case "typography":
            var parts: [String] = []
            if let style = value["textStyle"]?.string { parts.append(style) }
            if let size = value["fontSize"] { parts.append(Self.value(size, type: "dimension")) }
            if let weight = value["fontWeight"]?.number { parts.append("weight \(JSON.format(weight))") }
            return parts.isEmpty ? value.serialized() : parts.joined(separator: " ")
        case "transition":
            var parts: [String] = []
            if let duration = value["duration"] { parts.append(Self.value(duration, type: "duration")) }
            if let curve = value["timingFunction"]?.array?.compactMap(\.number) {
                parts.append("cubic-bezier(" + curve.map(JSON.format).joined(separator: ", ") + ")")
            }
            if let delay = value["delay"], TokenValue.seconds(ofDuration: delay) != 0 {
                parts.append("delay " + Self.value(delay, type: "duration"))
            }
            return parts.joined(separator: " ")
        case "shadow":
            let layers = value.array ?? [value]
            return layers.map { layer in
                ["color", "offsetX", "offsetY", "blur", "spread"].compactMap { key in
                    layer[key].map { Self.value($0, type: key == "color" ? "color" : "dimension") }
                }.joined(separator: " ")
            }.joined(separator: ", ")
        default:
            return value.string ?? value.serialized()
        }
    }

    /// Escapes text for Markdown so that catalog text cannot inject markup: `<`, `>` and
    /// `&` become entities; Markdown's emphasis, link and code characters get a backslash,
    /// and so does a `#` that would start a heading.
    static func escapeMarkdown(_ text: String, atLineStart: Bool = true) -> String {
        var out = ""
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]": out += "\\\(character)"
            case "#" where (out.isEmpty && atLineStart) || out.hasSuffix("\n"): out += "\\#"
            default: out.append(character)
            }
        }
        return out
    }
}
