import CatalogModel

/// How `catalog style resolve` prints a ``ResolvedStyle``.
enum ResolvedStyleRendering {
    static func text(_ style: ResolvedStyle) -> String {
        var header = "\(style.style) \(style.version) in \(style.theme) (\(style.context))"
        header += ", role \(style.role ?? "none"), state \(style.state)"
        if let size = style.size { header += ", size \(size)" }
        if style.reduceMotion { header += ", Reduce Motion on" }
        var rows: [[String]] = []
        var shape = style.shape.rawValue
        if let radius = style.cornerRadius { shape += ", corner radius " + length(radius) }
        if let cornerStyle = style.cornerStyle { shape += " (\(cornerStyle))" }
        rows.append(["shape", shape])
        if let font = style.font { rows.append(["font", self.font(font)]) }
        if let horizontal = style.horizontalPadding { rows.append(["padding.horizontal", length(horizontal)]) }
        if let vertical = style.verticalPadding { rows.append(["padding.vertical", length(vertical)]) }
        if let minHeight = style.minHeight { rows.append(["minHeight", length(minHeight)]) }
        if let touchSlop = style.touchSlop { rows.append(["touchSlop", length(touchSlop)]) }
        if let glass = style.glass {
            rows.append(["glass", glass.text + (glass.tint.map { "  (\($0.source))" } ?? "")])
            rows.append(["background", paint(style.background) + "  (where Liquid Glass is not available)"])
        } else {
            rows.append(["background", paint(style.background)])
        }
        rows.append(["foreground", style.foreground.map(paint) ?? "inherited (label's own color)"])
        rows.append(["border", style.border.map { "\(length($0.width)) \(paint($0.paint))" } ?? "none"])
        if style.brightness != 0 { rows.append(["brightness", JSON.format(style.brightness)]) }
        rows.append(["opacity", JSON.format(style.opacity)])
        rows.append(["scale", JSON.format(style.scale)])
        rows.append(["animation", style.animation.map(animation) ?? "none"])
        if !style.availability.isEmpty {
            rows.append([
                "availability",
                PlatformVersions.text(style.availability),
            ])
        }
        return header + "\n" + Formatting.table(rows.map { ["  " + $0[0], $0[1]] })
    }

    static func length(_ length: ResolvedLength) -> String {
        JSON.format(length.points) + " pt" + (length.token.map { "  {\($0)}" } ?? "")
    }

    static func paint(_ paint: Paint) -> String {
        paint.source == paint.text ? paint.text : "\(paint.text)  (\(paint.source))"
    }

    static func font(_ font: ResolvedFont) -> String {
        var parts: [String] = []
        if let style = font.textStyle { parts.append(style) }
        if let family = font.family { parts.append(family) }
        if let size = font.size { parts.append(JSON.format(size) + " pt") }
        if let weight = font.weight { parts.append("weight " + JSON.format(weight)) }
        if let token = font.token { parts.append(" {\(token)}") }
        return parts.joined(separator: " ")
    }

    static func animation(_ animation: ResolvedAnimation) -> String {
        var parts = [animation.curve]
        if let duration = animation.duration { parts.append("duration \(JSON.format(duration)) s") }
        if let response = animation.response { parts.append("response \(JSON.format(response)) s") }
        if let damping = animation.dampingFraction { parts.append("dampingFraction \(JSON.format(damping))") }
        if let bounce = animation.bounce { parts.append("bounce \(JSON.format(bounce))") }
        if let token = animation.token { parts.append(" {\(token)}") }
        return parts.joined(separator: " ")
    }

    static func json(_ style: ResolvedStyle) -> JSON {
        func length(_ value: ResolvedLength?) -> JSON {
            guard let value else { return .null }
            return .object([("points", .number(value.points)), ("token", value.token.map { .string($0) } ?? .null)])
        }
        func paint(_ value: Paint?) -> JSON {
            guard let value else { return .null }
            return .object([
                ("color", value.color.map { .string($0.hexRGBA) } ?? .null),
                ("material", value.material.map { .string($0) } ?? .null),
                ("materialOpacity", value.material == nil ? .null : .number(value.materialOpacity)),
                ("source", .string(value.source)),
            ])
        }
        var font: JSON = .null
        if let value = style.font {
            font = .object([
                ("token", value.token.map { .string($0) } ?? .null),
                ("textStyle", value.textStyle.map { .string($0) } ?? .null),
                ("family", value.family.map { .string($0) } ?? .null),
                ("size", value.size.map { .number($0) } ?? .null),
                ("weight", value.weight.map { .number($0) } ?? .null),
            ])
        }
        var animation: JSON = .null
        if let value = style.animation {
            animation = .object([
                ("curve", .string(value.curve)), ("duration", value.duration.map { .number($0) } ?? .null),
                ("response", value.response.map { .number($0) } ?? .null),
                ("dampingFraction", value.dampingFraction.map { .number($0) } ?? .null),
                ("bounce", value.bounce.map { .number($0) } ?? .null),
                ("token", value.token.map { .string($0) } ?? .null),
            ])
        }
        return .object([
            ("style", .string(style.style)), ("version", .string(style.version.description)),
            ("theme", .string(style.theme)),
            ("context", .string(style.context)), ("role", style.role.map { .string($0) } ?? .null),
            ("state", .string(style.state)),
            ("size", style.size.map { .string($0) } ?? .null), ("reduceMotion", .bool(style.reduceMotion)),
            ("shape", .string(style.shape.rawValue)), ("cornerRadius", length(style.cornerRadius)),
            ("cornerStyle", style.cornerStyle.map { .string($0) } ?? .null), ("font", font),
            (
                "padding",
                .object([("horizontal", length(style.horizontalPadding)), ("vertical", length(style.verticalPadding))])
            ),
            ("minHeight", length(style.minHeight)), ("touchSlop", length(style.touchSlop)),
            ("background", paint(style.background)), ("foreground", paint(style.foreground)),
            (
                "glass",
                style.glass.map {
                    .object([
                        ("variant", .string($0.variant)), ("tint", paint($0.tint)),
                        ("interactive", .bool($0.interactive)),
                    ])
                } ?? .null
            ),
            (
                "border",
                style.border.map { .object([("paint", paint($0.paint)), ("width", length($0.width))]) } ?? .null
            ),
            ("opacity", .number(style.opacity)), ("scale", .number(style.scale)),
            ("brightness", .number(style.brightness)),
            ("animation", animation),
            (
                "availability",
                .object(style.availability.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            ),
        ])
    }
}
