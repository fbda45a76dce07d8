import CatalogModel
import Foundation

/// One self-contained HTML page (no network fetches) previewing every style of every
/// component as SVG: each state (normal, pressed, disabled) × role (none, destructive) ×
/// documented mode, drawn from the resolved values, with the WCAG contrast ratio of the
/// label against its background (flagged under 4.5:1 for enabled states). Every piece of
/// catalog text is HTML-escaped.
///
/// Approximations, stated on the page: materials are drawn as translucent white (light)
/// or dark gray (dark) over the page; system colors are the theme's resolved values; the
/// label's width is estimated from its length.
public struct HTMLExporter {
    public let input: DocsInput

    /// An exporter over `input`.
    public init(input: DocsInput) { self.input = input }

    static let states = ["normal", "pressed", "disabled"]
    static let label = "Button"

    /// The page.
    public func page() -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Component Catalog — style previews</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
            section.component { background: #fff; border-radius: 12px; padding: 8px 20px 20px; margin-bottom: 24px; }
            table { border-collapse: collapse; margin: 8px 0 16px; }
            th, td { padding: 6px 10px; text-align: center; vertical-align: top; font-size: 12px; }
            td.mode-dark, .mode-dark figure { background: #000; color: #eee; }
            figure { margin: 0; padding: 8px; border-radius: 8px; }
            figcaption { font-size: 11px; margin-top: 4px; }
            .low { color: #c00; font-weight: 600; }
            .mode-dark .low { color: #ff6961; }
            </style></head><body>
            <h1>Component Catalog — style previews</h1>
            <p>Drawn from resolved values. Materials are approximated as translucent white (light) or dark gray (dark)
            over the page background; label widths are estimated. Contrast is the WCAG 2 ratio of the label against the
            background it sits on; enabled states under 4.5:1 are marked.</p>

            """
        for spec in input.specs {
            let options = spec.axes.flatMap { axis in
                axis.options.compactMap { option in option.style.flatMap(input.style(named:)).map { (option.name, $0) }
                }
            }
            guard !options.isEmpty else { continue }
            out +=
                "<section class=\"component\" data-component=\"\(escape(spec.name))\">\n<h2>\(escape(spec.name)) <small>\(escape(spec.system)) \(spec.version)</small></h2>\n"
            for (option, style) in options {
                out += section(style, option: option, component: spec.name)
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    func section(_ style: StyleDefinition, option: String, component: String) -> String {
        guard let theme = input.theme(for: style) else { return "" }
        var out = "<h3>\(escape(option)) <small>\(escape(style.name)) \(style.version)"
        if !style.availability.isEmpty {
            out +=
                " — "
                + escape(
                    style.availability.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)+" }.joined(
                        separator: ", "))
        }
        out +=
            "</small></h3>\n<table><tr><th>mode</th><th>role</th>" + Self.states.map { "<th>\($0)</th>" }.joined()
            + "</tr>\n"
        let contexts = contexts(for: theme)
        for (label, context, dark) in contexts {
            for role in [nil, "destructive"] as [String?] {
                out += "<tr><th>\(escape(label))</th><th>\(escape(role ?? "none"))</th>"
                for state in Self.states {
                    out += "<td class=\"mode-\(dark ? "dark" : "light")\">"
                    if let resolved = try? StyleResolver(style: style, theme: theme).resolve(
                        .init(context: context, role: role, state: state))
                    {
                        out += preview(resolved, dark: dark, component: component)
                    } else {
                        out += "—"
                    }
                    out += "</td>"
                }
                out += "</tr>\n"
            }
        }
        return out + "</table>\n"
    }

    /// The modes to draw: each requested mode the theme has, else light and dark when it
    /// has them, else its defaults.
    func contexts(for theme: Theme) -> [(String, ModeContext, Bool)] {
        let documented = input.contexts(for: theme)
        let chosen: [(label: String, context: ModeContext)]
        if documented.count == 1 && documented[0].label == "default",
            let scheme = theme.dimensions.first(where: { $0.name == "colorScheme" })
        {
            chosen = scheme.modes.filter { ["light", "dark"].contains($0) }.map { ($0, ModeContext([scheme.name: $0])) }
        } else {
            chosen = documented
        }
        return chosen.map { ($0.label, $0.context, $0.label.lowercased().contains("dark")) }
    }

    func preview(_ style: ResolvedStyle, dark: Bool, component: String) -> String {
        let fontSize = style.font?.size ?? 17
        let weight = Int(style.font?.weight ?? 400)
        let horizontal = style.horizontalPadding?.points ?? 12
        let vertical = style.verticalPadding?.points ?? 8
        let width = (Double(Self.label.count) * fontSize * 0.6 + 2 * horizontal).rounded()
        let height = max((fontSize * 1.3 + 2 * vertical).rounded(), style.minHeight?.points ?? 0)
        let radius: Double
        switch style.shape {
        case "capsule", "circle": radius = height / 2
        case "roundedRectangle": radius = min(style.cornerRadius?.points ?? 0, height / 2)
        default: radius = 0
        }
        let page = dark ? Color(red: 0, green: 0, blue: 0) : Color(red: 1, green: 1, blue: 1)
        let fill = paint(style.background, dark: dark)
        let foreground =
            style.foreground.flatMap { paint($0, dark: dark) }
            ?? (dark ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0))
        // What the eye sees: the button (fill, then label) drawn at the button's opacity over the page.
        let fillOnPage = fill.map { composite($0, over: page) } ?? page
        let labelOnFill = composite(foreground, over: fillOnPage)
        let behind = composite(fillOnPage.withAlpha(style.opacity), over: page)
        let ratio = contrast(composite(labelOnFill.withAlpha(style.opacity), over: page), behind)
        let low = ratio < 4.5 && style.state != "disabled"
        let pad = 6.0
        let scale = style.scale
        let centerX = width / 2 + pad
        let centerY = height / 2 + pad
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width + 2 * pad))\" height=\"\(format(height + 2 * pad))\" role=\"img\" aria-label=\"\(escape(style.style)) \(escape(style.state))\">"
        svg +=
            "<g opacity=\"\(format(style.opacity))\" transform=\"translate(\(format(centerX)) \(format(centerY))) scale(\(format(scale))) translate(\(format(-centerX)) \(format(-centerY)))\">"
        if style.shape != "none" || fill != nil || style.border != nil {
            svg +=
                "<rect x=\"\(format(pad))\" y=\"\(format(pad))\" width=\"\(format(width))\" height=\"\(format(height))\" rx=\"\(format(radius))\""
            svg += fill.map { " fill=\"\(rgb($0))\" fill-opacity=\"\(format($0.alpha))\"" } ?? " fill=\"none\""
            if let border = style.border, let stroke = paint(border.paint, dark: dark) {
                svg +=
                    " stroke=\"\(rgb(stroke))\" stroke-opacity=\"\(format(stroke.alpha))\" stroke-width=\"\(format(border.width.points))\""
            }
            svg += "/>"
        }
        svg +=
            "<text x=\"\(format(centerX))\" y=\"\(format(centerY))\" text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"\(format(fontSize))\" font-weight=\"\(weight)\" fill=\"\(rgb(foreground))\" fill-opacity=\"\(format(foreground.alpha))\">\(Self.label)</text>"
        svg += "</g></svg>"
        let caption = "contrast \(String(format: "%.1f", ratio)):1" + (low ? " — under 4.5:1" : "")
        return
            "<figure class=\"preview\" data-component=\"\(escape(component))\" data-style=\"\(escape(style.style))\" data-state=\"\(style.state)\">\(svg)<figcaption class=\"\(low ? "low" : "ok")\">\(caption)</figcaption></figure>"
    }

    /// A paint as a color: materials as the documented approximation, `none` as `nil`.
    func paint(_ paint: Paint, dark: Bool) -> Color? {
        if let color = paint.color { return color }
        guard paint.material != nil else { return nil }
        let base =
            dark ? Color(red: 0.17, green: 0.17, blue: 0.18, alpha: 0.7) : Color(red: 1, green: 1, blue: 1, alpha: 0.7)
        return base.multiplyingAlpha(by: paint.materialOpacity)
    }

    func composite(_ top: Color, over bottom: Color) -> Color {
        // Straight alpha over an opaque color.
        let a = top.alpha
        return Color(
            red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
            blue: top.blue * a + bottom.blue * (1 - a))
    }

    /// The WCAG 2 contrast ratio of two opaque colors.
    func contrast(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (a.relativeLuminance, b.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func rgb(_ color: Color) -> String { String(color.hexRGBA.prefix(7)) }

    func format(_ value: Double) -> String { JSON.format((value * 100).rounded() / 100) }

    /// Escapes text for HTML content and attribute values.
    func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
