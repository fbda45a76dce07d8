import CatalogModel

/// Renders values for people: token values by type, tables with aligned columns, JSON.
enum Formatting {
    /// `count` and the noun, singular for one: "1 token", "12,000 tokens".
    static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(Self.count(count)) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// A count with thousands separators: `2,469`.
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// A token value as text: colors `#RRGGBBAA`, dimensions and durations in the unit
    /// the token gives (`24px`, `1.5rem`, `150ms`: a token file's px stays px here; it
    /// becomes points 1:1 only where a style is resolved for Apple platforms, `style
    /// resolve` and `export swift`, with rem at 16 pt), aliases as written, composites compactly.
    static func value(_ value: JSON, type: TokenType) -> String {
        if let alias = TokenValue.alias(in: value) { return "{\(alias)}" }
        switch type {
        case .color:
            guard let color = Color(dtcg: value) else { return value.serialized() }
            guard let space = value["colorSpace"]?.string, space != "srgb",
                let components = value["components"]?.array
            else { return color.hexRGBA }
            // Declared in another space: shown as declared, with its sRGB rendering.
            let declared = components.map { $0.number.map(JSON.format) ?? $0.string ?? "?" }.joined(separator: " ")
            let gamut = Color.isOutsideSRGB(dtcg: value) ? ", outside sRGB (clamped)" : ""
            return "\(space)(\(declared)) ≈ \(color.hexRGBA)\(gamut)"
        case .dimension, .duration:
            guard let amount = value["value"]?.number, let unit = value["unit"]?.string else {
                return value.string ?? value.serialized()  // CSS text or math, as written
            }
            return JSON.format(amount) + unit
        case .typography:
            var parts: [String] = []
            if let style = value["textStyle"]?.string { parts.append(style) }
            if let family = value["fontFamily"] { parts.append(family.string ?? family.serialized()) }
            if let size = value["fontSize"] { parts.append(self.value(size, type: .dimension)) }
            if let weight = value["fontWeight"] {
                parts.append("weight " + (weight.number.map(JSON.format) ?? weight.serialized()))
            }
            for key in ["lineHeight", "lineSpacing", "letterSpacing"] {
                if let field = value[key] {
                    parts.append("\(key) " + (field.number.map(JSON.format) ?? self.value(field, type: .dimension)))
                }
            }
            return parts.isEmpty ? value.serialized() : parts.joined(separator: " ")
        case .transition:
            var parts: [String] = []
            if let duration = value["duration"] { parts.append(self.value(duration, type: .duration)) }
            if let curve = value["timingFunction"]?.array?.compactMap(\.number) {
                parts.append("cubicBezier(\(curve.map(JSON.format).joined(separator: ", ")))")
            }
            if let delay = value["delay"], TokenValue.seconds(ofDuration: delay) != 0 {
                parts.append("delay " + self.value(delay, type: .duration))
            }
            return parts.joined(separator: " ")
        case .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier, .border, .shadow, .gradient,
            .strokeStyle, .composition, .untyped:
            if let text = value.string { return text }
            return value.serialized()
        }
    }

    /// Rows as aligned columns (the last column is not padded).
    static func table(_ rows: [[String]], header: [String]? = nil) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max(), columns > 0 else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// Pretty JSON for `--json` output.
    static func json(_ value: JSON) -> String {
        value.serialized(pretty: true) + "\n"
    }

    /// Mode dimensions as `colorScheme: light (default), dark`.
    static func dimensions(_ dimensions: [ModeDimension]) -> String {
        if dimensions.isEmpty { return "no modes" }
        return dimensions.map { dimension in
            "\(dimension.name): "
                + dimension.modes.map { $0 == dimension.defaultMode ? "\($0) (default)" : $0 }.joined(separator: ", ")
        }.joined(separator: "; ")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
