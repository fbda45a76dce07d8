import CatalogModel

/// How `catalog style resolve` prints a ``ResolvedStyle``.
enum ResolvedStyleRendering {
    static func text(_ style: ResolvedStyle) -> String {
        var header = "\(style.style) \(style.version) in \(style.theme) (\(style.context))"
        header += ", role \(style.role ?? "none"), state \(style.state)"
        if let size = style.size { header += ", size \(size)" }
        if style.reduceMotion { header += ", Reduce Motion on" }
        var rows: [[String]] = [["shape", ResolvedStyleText.shape(style)]]
        if let font = style.font { rows.append(["font", ResolvedStyleText.font(font)]) }
        let lengths = [
            ("padding.horizontal", style.horizontalPadding), ("padding.vertical", style.verticalPadding),
            ("minHeight", style.minHeight), ("touchSlop", style.touchSlop),
        ]
        for case (let label, let length?) in lengths { rows.append([label, ResolvedStyleText.length(length)]) }
        if style.scaledMetrics { rows.append(["scaledMetrics", ResolvedStyleText.scaledMetrics]) }
        if let glass = style.glass {
            rows.append(["glass", ResolvedStyleText.glass(glass)])
            rows.append(
                ["background", ResolvedStyleText.paint(style.background) + "  (where Liquid Glass is not available)"])
        } else {
            rows.append(["background", ResolvedStyleText.paint(style.background)])
        }
        rows.append(["foreground", style.foreground.map(ResolvedStyleText.paint) ?? "inherited (label's own color)"])
        rows.append(["border", ResolvedStyleText.border(style)])
        if style.brightness != 0 { rows.append(["brightness", JSON.format(style.brightness)]) }
        rows.append(["opacity", JSON.format(style.opacity)])
        rows.append(["scale", JSON.format(style.scale)])
        rows.append(["animation", style.animation.map(ResolvedStyleText.animation) ?? "none"])
        if !style.availability.isEmpty { rows.append(["availability", PlatformVersions.text(style.availability)]) }
        return header + "\n" + Formatting.table(rows.map { ["  " + $0[0], $0[1]] })
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
            ("scaledMetrics", .bool(style.scaledMetrics)),
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
