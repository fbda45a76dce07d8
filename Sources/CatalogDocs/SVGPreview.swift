import CatalogModel
import Foundation

/// One resolved appearance drawn as a standalone SVG button, with the WCAG 2 contrast
/// ratio of its label against what it sits on. The HTML site inlines it; Markdown and
/// DocC pages link it as a file.
///
/// Approximations, which the pages state: a material (glass included) is a translucent
/// white (light) or dark gray (dark) fill, drawn over a striped backdrop so that it shows
/// on a page of its own color, and its contrast is measured over the backdrop's mean
/// color; the label's width is estimated from its length.
struct SVGPreview {
    let svg: String
    /// The WCAG 2 ratio of the label against the background it is drawn on.
    let contrast: Double
    /// Under 4.5:1 in an enabled state.
    let isLow: Bool
    /// Drawn over the backdrop because its background is a material.
    let usesBackdrop: Bool

    static let label = "Button"
    /// The backdrop's stripes, and their mean (what contrast is measured against).
    static let stripes = ["#FF9500", "#34C759", "#007AFF", "#AF52DE"]
    static let backdropMean = Color(red: 0.447, green: 0.541, blue: 0.622)

    /// `style` drawn on a light or dark page; `title` becomes the SVG's accessible name.
    init(_ style: ResolvedStyle, dark: Bool, title: String) {
        let fontSize = style.font?.size ?? 17
        let weight = Int(style.font?.weight ?? 400)
        let horizontal = style.horizontalPadding?.points ?? 12
        let vertical = style.verticalPadding?.points ?? 8
        let width = (Double(Self.label.count) * fontSize * 0.6 + 2 * horizontal).rounded()
        let height = max((fontSize * 1.3 + 2 * vertical).rounded(), style.minHeight?.points ?? 0)
        let radius: Double
        switch style.shape {
        case .capsule, .circle: radius = height / 2
        case .roundedRectangle: radius = min(style.cornerRadius?.points ?? 0, height / 2)
        default: radius = 0
        }
        let material = style.background.material != nil || style.glass != nil
        let page = dark ? Color(red: 0, green: 0, blue: 0) : Color(red: 1, green: 1, blue: 1)
        let ground = material ? Self.backdropMean : page
        // Liquid Glass: its tint where it has one (strongly, as prominent glass draws it),
        // else the material it falls back to.
        let glassTint = style.glass?.tint.flatMap { Self.paint($0, dark: dark) }.map { $0.multiplyingAlpha(by: 0.8) }
        let fill = glassTint ?? Self.paint(style.background, dark: dark)
        let foreground =
            style.foreground.flatMap { Self.paint($0, dark: dark) }
            ?? (dark ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0))
        // What the eye sees: the button (fill, then label) drawn at the button's opacity over its ground.
        let fillOnGround = fill.map { Self.composite($0, over: ground) } ?? ground
        let labelOnFill = Self.composite(foreground, over: fillOnGround)
        let behind = Self.composite(fillOnGround.withAlpha(style.opacity), over: ground)
        contrast = Self.composite(labelOnFill.withAlpha(style.opacity), over: ground).contrastRatio(with: behind)
        isLow = contrast < 4.5 && style.state != "disabled"
        usesBackdrop = material

        let pad = 7.0
        let (fullWidth, fullHeight) = (width + 2 * pad, height + 2 * pad)
        let centerX = width / 2 + pad
        let centerY = height / 2 + pad
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.format(fullWidth))\" height=\"\(Self.format(fullHeight))\" viewBox=\"0 0 \(Self.format(fullWidth)) \(Self.format(fullHeight))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"\(Self.rgb(page))\"/>"
        let id = Self.identifier(title)
        let buttonRect =
            "x=\"\(Self.format(pad))\" y=\"\(Self.format(pad))\" width=\"\(Self.format(width))\" height=\"\(Self.format(height))\" rx=\"\(Self.format(radius))\""
        var stripes = ""
        if material {
            let stripe = fullWidth / Double(Self.stripes.count)
            for (index, color) in Self.stripes.enumerated() {
                stripes +=
                    "<rect x=\"\(Self.format(Double(index) * stripe))\" width=\"\(Self.format(stripe + 0.5))\" height=\"100%\" fill=\"\(color)\"/>"
            }
            svg += stripes
        }
        svg +=
            "<g opacity=\"\(Self.format(style.opacity))\" transform=\"translate(\(Self.format(centerX)) \(Self.format(centerY))) scale(\(Self.format(style.scale))) translate(\(Self.format(-centerX)) \(Self.format(-centerY)))\">"
        if style.glass != nil { svg += Self.glassUnderlay(id: id, shape: buttonRect, backdrop: stripes) }
        if style.shape != .none || fill != nil || style.border != nil {
            svg += "<rect \(buttonRect)"
            svg +=
                fill.map { " fill=\"\(Self.rgb($0))\" fill-opacity=\"\(Self.format($0.alpha))\"" } ?? " fill=\"none\""
            if let border = style.border, let stroke = Self.paint(border.paint, dark: dark) {
                svg +=
                    " stroke=\"\(Self.rgb(stroke))\" stroke-opacity=\"\(Self.format(stroke.alpha))\" stroke-width=\"\(Self.format(border.width.points))\""
            }
            svg += "/>"
        }
        if style.glass != nil {
            svg +=
                "<rect \(buttonRect) fill=\"url(#\(id)-sheen)\" stroke=\"#FFFFFF\" stroke-opacity=\"0.7\" stroke-width=\"1\"/>"
        }
        svg +=
            style.state == "loading"
            ? Self.spinner(x: centerX, y: centerY, radius: min(fontSize * 0.6, height / 2 - 2), color: foreground)
            : "<text x=\"\(Self.format(centerX))\" y=\"\(Self.format(centerY))\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"-apple-system, system-ui, sans-serif\" font-size=\"\(Self.format(fontSize))\" font-weight=\"\(weight)\" fill=\"\(Self.rgb(foreground))\" fill-opacity=\"\(Self.format(foreground.alpha))\">\(Self.label)</text>"
        if style.state == "focus" {
            // The keyboard focus ring, outside the shape.
            svg +=
                "<rect x=\"\(Self.format(pad - 3.5))\" y=\"\(Self.format(pad - 3.5))\" width=\"\(Self.format(width + 7))\" height=\"\(Self.format(height + 7))\" rx=\"\(Self.format(radius + 3.5))\" fill=\"none\" stroke=\"\(dark ? "#409CFF" : "#0A60D0")\" stroke-width=\"3\"/>"
        }
        svg += "</g></svg>"
        self.svg = svg
    }

    /// `contrast 4.8:1`, with `≈` over a backdrop and the warning under 4.5:1.
    var caption: String {
        "contrast \(usesBackdrop ? "≈" : "")\(String(format: "%.1f", contrast)):1" + (isLow ? " — under 4.5:1" : "")
    }

    /// A paint as a color: materials as the documented approximation, `none` as `nil`.
    static func paint(_ paint: Paint, dark: Bool) -> Color? {
        if let color = paint.color { return color }
        guard paint.material != nil else { return nil }
        let base =
            dark ? Color(red: 0.17, green: 0.17, blue: 0.18, alpha: 0.7) : Color(red: 1, green: 1, blue: 1, alpha: 0.7)
        return base.multiplyingAlpha(by: paint.materialOpacity)
    }

    /// `top` with straight alpha over an opaque color.
    static func composite(_ top: Color, over bottom: Color) -> Color {
        let a = top.alpha
        return Color(
            red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
            blue: top.blue * a + bottom.blue * (1 - a))
    }

    /// Liquid Glass under its tint: the backdrop blurred inside the shape, and the sheen
    /// gradient the rim drawn over the tint uses.
    static func glassUnderlay(id: String, shape: String, backdrop: String) -> String {
        "<defs><clipPath id=\"\(id)-clip\"><rect \(shape)/></clipPath><filter id=\"\(id)-blur\"><feGaussianBlur stdDeviation=\"5\"/></filter>"
            + "<linearGradient id=\"\(id)-sheen\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#FFFFFF\" stop-opacity=\"0.55\"/><stop offset=\"0.55\" stop-color=\"#FFFFFF\" stop-opacity=\"0\"/></linearGradient></defs>"
            + "<g clip-path=\"url(#\(id)-clip)\"><g filter=\"url(#\(id)-blur)\">\(backdrop)</g></g>"
    }

    /// A spinner in place of the label, as loading buttons draw it: a faint ring and a
    /// turning quarter arc.
    static func spinner(x: Double, y: Double, radius: Double, color: Color) -> String {
        let (cx, cy, r) = (format(x), format(y), format(radius))
        return
            "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\" fill=\"none\" stroke=\"\(rgb(color))\" stroke-opacity=\"0.25\" stroke-width=\"2.5\"/>"
            + "<path d=\"M \(cx) \(format(y - radius)) A \(r) \(r) 0 0 1 \(format(x + radius)) \(cy)\" fill=\"none\" stroke=\"\(rgb(color))\" stroke-width=\"2.5\" stroke-linecap=\"round\"><animateTransform attributeName=\"transform\" type=\"rotate\" from=\"0 \(cx) \(cy)\" to=\"360 \(cx) \(cy)\" dur=\"0.9s\" repeatCount=\"indefinite\"/></path>"
    }

    /// An id prefix unique to one preview on a page (FNV-1a of its title), for its
    /// clip path, filter and gradient: inline SVGs share the page's id namespace.
    static func identifier(_ title: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in title.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "p" + String(hash, radix: 16)
    }

    static func rgb(_ color: Color) -> String { String(color.hexRGBA.prefix(7)) }

    static func format(_ value: Double) -> String { JSON.format(value.rounded(places: 2)) }
}

/// HTML escaping for text and attribute values.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
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

    /// Serialized JSON made safe inside a `<script>` element: every `<` (only ever inside a
    /// string) written `\u003c`, so no text can close the element. Byte by byte: section
    /// files run to megabytes.
    static func scriptSafe(_ serialized: String) -> String {
        guard serialized.utf8.contains(UInt8(ascii: "<")) else { return serialized }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(serialized.utf8.count + 64)
        for byte in serialized.utf8 {
            if byte == UInt8(ascii: "<") { bytes += Array("\\u003c".utf8) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `json` as the value of an attribute written in single quotes: only `&`, `<` and `'`
    /// escaped, so that the JSON's many double quotes stay one byte each.
    static func singleQuotedAttribute(_ json: JSON) -> String {
        var out = ""
        for character in json.serialized() {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return "'" + out + "'"
    }
}
