import CatalogModel

/// Value formatting and escaping shared by the exporters.
enum DocsFormat {
    /// A resolved token value as documentation shows it.
    static func value(_ value: JSON?, type: TokenType) -> String {
        guard let value else { return "—" }
        switch type {
        case .color:
            guard let color = Color(dtcg: value) else { return value.serialized() }
            guard let space = value["colorSpace"]?.string, space != "srgb" else { return color.hexRGBA }
            // Declared in another space: its sRGB rendering, saying so (and when it was clamped).
            return color.hexRGBA + " (\(space)" + (Color.isOutsideSRGB(dtcg: value) ? ", outside sRGB" : "") + ")"
        case .dimension, .duration:
            guard let amount = value["value"]?.number, let unit = value["unit"]?.string else {
                return value.string ?? value.serialized()  // CSS text (`clamp(…)`, `75ch`) as written
            }
            return JSON.format(amount) + (unit == "px" ? " pt" : " \(unit)")
        case .typography:
            var parts: [String] = []
            if let style = value["textStyle"]?.string { parts.append(style) }
            if let size = value["fontSize"] { parts.append(Self.value(size, type: .dimension)) }
            if let weight = value["fontWeight"]?.number { parts.append("weight \(JSON.format(weight))") }
            return parts.isEmpty ? value.serialized() : parts.joined(separator: " ")
        case .transition:
            var parts: [String] = []
            if let duration = value["duration"] { parts.append(Self.value(duration, type: .duration)) }
            if let curve = value["timingFunction"]?.array?.compactMap(\.number) {
                parts.append("cubic-bezier(" + curve.map(JSON.format).joined(separator: ", ") + ")")
            }
            if let delay = value["delay"], TokenValue.seconds(ofDuration: delay) != 0 {
                parts.append("delay " + Self.value(delay, type: .duration))
            }
            return parts.joined(separator: " ")
        case .shadow:
            let layers = value.array ?? [value]
            return layers.map { layer in
                ["color", "offsetX", "offsetY", "blur", "spread"].compactMap { key in
                    layer[key].map { Self.value($0, type: key == "color" ? .color : .dimension) }
                }.joined(separator: " ")
            }.joined(separator: ", ")
        case .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier, .border, .gradient, .strokeStyle,
            .composition, .untyped:
            return value.string ?? value.serialized()
        }
    }

    /// A style's shape, font, padding, heights and timing as label and text, for the facts
    /// every format shows on a style page (the values worded by ``ResolvedStyleText``, as
    /// `style resolve` words them).
    static func metrics(_ style: ResolvedStyle) -> [(String, String)] {
        var rows = [("Shape", ResolvedStyleText.shape(style)), ("Font", ResolvedStyleText.font(style.font))]
        rows.append(
            (
                "Padding",
                "horizontal \(ResolvedStyleText.length(style.horizontalPadding)), vertical \(ResolvedStyleText.length(style.verticalPadding))"
            ))
        if let height = style.minHeight { rows.append(("Minimum height", ResolvedStyleText.length(height))) }
        if let slop = style.touchSlop { rows.append(("Touch slop", ResolvedStyleText.length(slop))) }
        if style.scaledMetrics { rows.append(("Dynamic Type", ResolvedStyleText.scaledMetrics)) }
        if let animation = style.animation { rows.append(("Animation", ResolvedStyleText.animation(animation))) }
        return rows
    }

    /// The background: the paint, or Liquid Glass and the paint earlier systems draw.
    static func background(_ style: ResolvedStyle) -> String {
        guard let glass = style.glass else { return ResolvedStyleText.paint(style.background) }
        return "\(glass.text); before iOS 26: \(ResolvedStyleText.paint(style.background))"
    }

    /// Escapes text for Markdown so that catalog text cannot inject markup: `<`, `>` and
    /// `&` become entities; Markdown's emphasis, link and code characters get a backslash,
    /// and so does the first character of a line (spaces aside) that would start a block
    /// there: a heading (`#`), a rule, list or setext underline (`-`, `+`, `=`), a fence
    /// (`~`), a table (`|`) or a DocC directive (`@Metadata`, `@Redirected`).
    static func escapeMarkdown(_ text: String, atLineStart: Bool = true) -> String {
        var out = ""
        var lineStart = atLineStart
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]": out += "\\\(character)"
            case _ where lineStart && "#@-+=~|".contains(character): out += "\\\(character)"
            default: out.append(character)
            }
            if character == "\n" {
                lineStart = true
            } else if character != " " {
                lineStart = false
            }
        }
        return out
    }
}
