import CatalogCodegen
import CatalogModel
import Foundation

/// The site's theme pages: color swatches (every mode side by side, with hex and the
/// declared color space), type specimens, dimension scales as bars, shadows as boxes, and
/// every other token in a table. A section shows at most ``sectionLimit`` tokens and says
/// so when it has more (the JSON export lists every token loaded; a theme too large to
/// load whole is documented in part, as its pages say).
extension HTMLExporter {
    static let sectionLimit = 2_000

    /// The sections of a theme page in display order, by type.
    static let sectionOrder: [(type: TokenType, title: String)] = [
        (.color, "Colors"), (.typography, "Typography"), (.dimension, "Dimensions"), (.shadow, "Shadows"),
    ]

    /// The tokens a theme page shows (and anchors), in token order.
    static func shownTokens(_ theme: Theme) -> Set<String> {
        var counts: [TokenType: Int] = [:]
        var shown: Set<String> = []
        for token in theme.tokens {
            let count = counts[token.type, default: 0]
            if count < sectionLimit { shown.insert(token.path) }
            counts[token.type] = count + 1
        }
        return shown
    }

    /// A theme that shows more tokens than this has its sections in files of their own
    /// (`themes/Spectrum.color.js`), loaded when opened, filtered or linked to, so that its
    /// page stays light (Spectrum 15: 1.4 MB whole).
    static let inlineTokenLimit = 600

    /// The theme page, and for a large theme its sections' files (by path).
    func themePage(_ theme: Theme, path: String) -> (page: String, sections: [String: String]) {
        var body = "<h1>\(HTML.escape(theme.name)) <small>\(theme.version)</small></h1>\n"
        body += versionSwitcher(.theme(theme.name), current: theme.version, name: theme.name)
        if let description = theme.description { body += "<p class=\"lede\">\(HTML.escape(description))</p>\n" }
        if let note = input.partialNote(for: theme) { body += "<p class=\"note\">\(HTML.escape(note))</p>\n" }
        if let note = input.refusedNote(for: theme) { body += "<p class=\"note\">\(HTML.escape(note))</p>\n" }
        var rows: [(String, String)] = [("Tokens", "\(input.tokenCount(of: theme).total)")]
        for dimension in theme.dimensions {
            rows.append(
                (
                    dimension.name,
                    HTML.escape(
                        dimension.modes.map { $0 == dimension.defaultMode ? "\($0) (default)" : $0 }.joined(
                            separator: ", "))
                ))
        }
        let styles = input.styles.filter { (input.themeOverride ?? $0.theme) == theme.name }
        if !styles.isEmpty {
            rows.append(
                ("Styles drawn in it", styles.map { link($0.name, to: paths.style($0.name)) }.joined(separator: ", ")))
        }
        body += Self.factsTable(rows)
        // The context shown first: the one `--mode` chose, else the defaults; every other
        // mode of each dimension is shown over it.
        let naming = ModeNaming(theme.dimensions)
        let base = input.combinesModes ? input.contexts(for: theme)[0].context : ModeContext()
        let chosen = base.chosen(in: theme)
        let baseLabel = theme.dimensions.compactMap { dimension in
            chosen.first { $0.dimension == dimension.name }.map { naming.name($0) }
        }.joined(separator: ", ")
        let modes =
            [(baseLabel.isEmpty ? "default" : baseLabel + (input.combinesModes ? "" : " (default)"), base)]
            + theme.dimensions.flatMap { dimension in
                // A mode name several dimensions have is labelled `dimension=mode`.
                dimension.modes.filter { $0 != base.mode(for: dimension.name, in: theme) }.map {
                    var context = base
                    context.modes[dimension.name] = $0
                    return (naming.name(ModeKey(dimension.name, $0)), context)
                }
            }
        let resolver = TokenResolver(theme: theme)
        body += contextControl(theme, chosen: chosen)
        let contexts = SwiftTokenContexts(theme: theme)
        // Each column's values: from the contexts already resolved for the swatches where the
        // column is the defaults or one mode over them, else resolved anew.
        let values = modes.map { _, context in
            context.modes.isEmpty
                ? contexts.defaults
                : input.combinesModes
                    ? resolver.resolveAll(in: context).values : contexts.values(in: context, of: theme)
        }
        let byType = Dictionary(grouping: theme.tokens, by: \.type)
        let types = sectionTypes(theme)
        // The Swift names of the tokens the page shows: where a section is cut at
        // `sectionLimit`, they are named among the tokens shown (the page is a part already).
        let shownPaths = Self.shownTokens(theme)
        var named = theme
        if shownPaths.count < theme.tokens.count { named.tokens = theme.tokens.filter { shownPaths.contains($0.path) } }
        let names = SwiftPackageExporter.codeNames(of: named, contexts: contexts)
        let onDemand = shownPaths.count > Self.inlineTokenLimit
        body +=
            "<p><input id=\"filter\" type=\"search\" placeholder=\"Filter tokens by name, value or description\" "
            + "aria-label=\"Filter the tokens\"> <span id=\"filter-count\" class=\"tags\"></span></p>\n"
        var sections: [String: String] = [:]
        body +=
            "<p>"
            + types.map {
                "<a href=\"#\(Anchor.id("type-" + $0.rawValue))\">\(HTML.escape(title(ofType: $0)))</a> (\(byType[$0]!.count))"
            }
            .joined(separator: " · ") + "</p>\n"
        for type in types {
            let tokens = byType[type]!
            body +=
                "<h2 id=\"\(Anchor.id("type-" + type.rawValue))\">\(HTML.escape(title(ofType: type))) <small>\(tokens.count)</small></h2>\n"
            if tokens.count > Self.sectionLimit {
                body +=
                    "<p class=\"note\">Showing the first \(Self.sectionLimit) of \(tokens.count) \(type.rawValue) tokens; `catalog export docs --format json` and `catalog theme show` have them all.</p>\n"
            }
            let shown = Array(tokens.prefix(Self.sectionLimit))
            // Modes in which no token of the section differs from the default are one column.
            let differing = modes.indices.filter { index in
                index == 0 || shown.contains { values[index][$0.path] != values[0][$0.path] }
            }
            let labels = differing.count == 1 && modes.count > 1 ? ["every mode"] : differing.map { modes[$0].0 }
            let sectionValues = differing.map { values[$0] }
            let content: String
            switch type {
            case .color: content = swatches(shown, contexts: contexts, chosen: chosen, theme: theme, names: names)
            case .dimension, .duration, .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier, .typography,
                .border, .shadow, .transition, .gradient, .strokeStyle, .composition, .untyped:
                content = table(
                    shown, type: type, values: sectionValues, modes: labels, names: names, contexts: contexts)
            }
            guard onDemand else {
                body += content
                continue
            }
            // `themes/Spectrum.html` → `themes/Spectrum.color.js`, beside the page.
            let file = String(path.dropLast(".html".count)) + "." + type.rawValue + ".js"
            let name = String(file.split(separator: "/").last ?? "")
            sections[file] =
                "window.catalogSection(" + JSON.string(name).serialized() + ", "
                + HTML.scriptSafe(JSON.string(content).serialized()) + ");\n"
            body += "<div class=\"section\" data-section=\"\(HTML.escape(name))\">"
            body +=
                "<button type=\"button\" class=\"load\">Show the \(shown.count) \(HTML.escape(title(ofType: type).lowercased()))</button>"
            body += "<noscript> (this section needs JavaScript; catalog theme show lists it)</noscript></div>\n"
        }
        return (page(title: "\(theme.name) \(theme.version)", depth: 1, path: path, body: body), sections)
    }

    /// A section's title in sentence case: `Colors`, `Font family`, `Cubic bezier`.
    func title(ofType type: TokenType) -> String {
        if let title = Self.sectionOrder.first(where: { $0.type == type })?.title { return title }
        var words = ""
        for character in type.rawValue {
            words += character.isUppercase ? " " + character.lowercased() : String(character)
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// One menu per dimension of several modes: the context the swatches show, chosen in
    /// the page (`site.js` looks each swatch's value up in its `data-values`).
    func contextControl(_ theme: Theme, chosen: Set<ModeKey>) -> String {
        let naming = ModeNaming(theme.dimensions)
        let varying = theme.dimensions.filter { $0.modes.count > 1 }
        guard !varying.isEmpty else { return "" }
        var out = "<form class=\"context\" aria-label=\"Context\">Context "
        for dimension in varying {
            let defaultName = naming.name(ModeKey(dimension.name, dimension.defaultMode))
            out += "<label>\(HTML.escape(dimension.name)) <select data-dimension=\"\(HTML.escape(dimension.name))\""
            out += " data-default=\"\(HTML.escape(defaultName))\">"
            for mode in dimension.modes {
                let key = ModeKey(dimension.name, mode)
                let selected = chosen.contains(key) ? " selected" : ""
                let label = mode == dimension.defaultMode ? "\(mode) (default)" : mode
                out += "<option value=\"\(HTML.escape(naming.name(key)))\"\(selected)>\(HTML.escape(label))</option>"
            }
            out += "</select></label> "
        }
        return out + "</form>\n"
    }

    /// Color tokens as cards: the value in the chosen context as a chip over a checkerboard
    /// (translucency shows), the token's name, then a table of the modes that change it.
    /// Every value the token takes by context is in `data-values`, for the context menus.
    func swatches(
        _ tokens: [Token], contexts: SwiftTokenContexts, chosen: Set<ModeKey>, theme: Theme, names: [String: [String]]
    ) -> String {
        let naming = ModeNaming(theme.dimensions)
        let defaults = ModeContext().chosen(in: theme)
        var picked: [String: String] = [:]
        for key in chosen.subtracting(defaults) { picked[key.dimension] = naming.name(key) }
        let fill = { (value: JSON?) in value.flatMap { Color(dtcg: $0) }.map { $0.hexRGBA } ?? "transparent" }
        var out = "<div class=\"swatches\">\n"
        for token in tokens {
            // Modes where the token resolves to nothing show no value, as `theme show` does.
            let entries = contexts.entries(of: token.path, withGaps: true)
            let value = contexts.value(of: token.path, among: entries, choosing: picked)
            let text = DocsFormat.value(value, type: .color)
            let search = [token.path, text, token.description ?? ""].joined(separator: " ").lowercased()
            out += "<div class=\"swatch entry\" id=\"\(Anchor.id("token-" + token.path))\""
            out += " data-search=\"\(HTML.escape(search))\""
            // [modes, fill, text], the text left out where it is the fill (a hex color).
            out += contextData(token.path, entries: entries, contexts: contexts) { value in
                let chip = fill(value)
                let text = DocsFormat.value(value, type: .color)
                return [chip] + (text == chip ? [] : [text])
            }
            out += "><div class=\"chip\"><span style=\"background:\(fill(value))\"></span></div>"
            out += "<div class=\"label\"><code>\(Self.breakable(token.path))</code>"
            out += "<small class=\"value\">\(HTML.escape(text))</small>" + swiftNames(names[token.path])
            out += notes(token) + "</div>"
            let single = entries.filter { $0.modes.count == 1 }
            if !single.isEmpty {
                out += "<table class=\"by-mode\"><caption>By mode</caption>"
                if let base = entries.first(where: { $0.modes.isEmpty }) {
                    out += modeRow("default", base.value, fill)
                }
                for entry in single { out += modeRow(entry.modes[0], entry.value, fill) }
                let combined = entries.filter { $0.modes.count > 1 }.count
                if combined > 0 {
                    out +=
                        "<tr><td colspan=\"2\">and \(combined) combination\(combined == 1 ? "" : "s") of modes</td></tr>"
                }
                out += "</table>"
            }
            out += "</div>\n"
        }
        return out + "</div>\n"
    }

    /// The most values by context one token carries for the context menus; a token with more
    /// (a combination of many dimensions) says so instead of showing a wrong one.
    static let contextValueLimit = 256

    /// The value of the token at `path` in every context, for the context menus:
    /// ` data-dimensions='[…]' data-values='[[modes, text…], …]'`, the modes' names joined by
    /// U+001F (none where the token does not vary; ` data-many` past the limit). Modes where
    /// the token resolves to nothing have no value, as `theme show` shows.
    func contextData(
        _ path: String, entries: [(modes: [String], value: JSON)], contexts: SwiftTokenContexts,
        text: (JSON?) -> [String]
    ) -> String {
        guard entries.count > 1 else { return "" }
        guard entries.count <= Self.contextValueLimit else { return " data-many=\"\(entries.count)\"" }
        let dimensions = JSON.array((contexts.dimensions[path] ?? []).map(JSON.string))
        let values = JSON.array(
            entries.map { entry in
                .array(
                    [.string(entry.modes.joined(separator: "\u{1F}"))]
                        + text(entry.value == .null ? nil : entry.value).map(JSON.string))
            })
        return
            " data-dimensions=\(HTML.singleQuotedAttribute(dimensions)) data-values=\(HTML.singleQuotedAttribute(values))"
    }

    /// One row of a swatch's table of modes.
    private func modeRow(_ mode: String, _ value: JSON, _ fill: (JSON?) -> String) -> String {
        let value = value == .null ? nil : value
        return
            "<tr><th scope=\"row\">\(HTML.escape(mode))</th><td><span class=\"dot\" style=\"background:\(fill(value))\"></span>"
            + "\(HTML.escape(DocsFormat.value(value, type: .color)))</td></tr>"
    }

    /// Tokens in a table, one column per mode, each cell with its visual: a specimen, a
    /// bar, or a shadowed box.
    /// The first value column is the context shown; the context menus change it, from each
    /// row's `data-values` (see ``contextData(_:contexts:text:)``).
    func table(
        _ tokens: [Token], type: TokenType, values: [[String: JSON]], modes: [String], names: [String: [String]],
        contexts: SwiftTokenContexts
    ) -> String {
        var out =
            "<div class=\"scroll\"><table><tr><th scope=\"col\">Token</th>"
            + modes.enumerated().map { index, mode in
                "<th scope=\"col\"\(index == 0 ? " class=\"now\"" : "")>\(HTML.escape(mode))</th>"
            }.joined()
            + "<th scope=\"col\">Notes</th></tr>\n"
        for token in tokens {
            let search =
                // Its name, description and first column's value: what a reader types to find it.
                [token.path, token.description ?? "", DocsFormat.value(values.first?[token.path], type: type)]
                .joined(separator: " ").lowercased()
            out +=
                "<tr class=\"entry\" id=\"\(Anchor.id("token-" + token.path))\" data-search=\"\(HTML.escape(search))\""
                + contextData(token.path, entries: contexts.entries(of: token.path, withGaps: true), contexts: contexts)
            {
                [DocsFormat.value($0, type: type)]
            } + ">"
                + "<td><code>\(Self.breakable(token.path))</code>\(swiftNames(names[token.path]))</td>"
            for index in modes.indices {
                let value = values[index][token.path]
                let text = HTML.escape(DocsFormat.value(value, type: type))
                out +=
                    index == 0
                    ? "<td class=\"now\"><span class=\"visual\">\(visual(value, type: type))</span><span class=\"value\">\(text)</span></td>"
                    : "<td>" + visual(value, type: type) + text + "</td>"
            }
            out += "<td>\(notes(token))</td></tr>\n"
        }
        return out + "</table></div>\n"
    }

    /// A specimen, bar or box for a resolved value; empty for other types. Only numbers
    /// and checked names reach the inline style, so token text cannot inject CSS.
    func visual(_ value: JSON?, type: TokenType) -> String {
        guard let value else { return "" }
        switch type {
        case .typography:
            let size = value["fontSize"].flatMap(TokenValue.points(ofDimension:)).map { min(max($0, 4), 96) } ?? 17
            let weight = value["fontWeight"]?.number.map { min(max($0, 1), 1000) } ?? 400
            var style = "font-size:\(JSON.format(size))px;font-weight:\(JSON.format(weight))"
            let families = (value["fontFamily"]?.array ?? value["fontFamily"].map { [$0] } ?? []).compactMap(\.string)
            if let family = families.first, family.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" })
            {
                style += ";font-family:'\(family)', system-ui, sans-serif"
            }
            return "<div class=\"specimen\" style=\"\(HTML.escape(style))\">The quick brown fox</div>"
        case .dimension:
            guard let points = TokenValue.points(ofDimension: value) else { return "" }
            return "<span class=\"bar\" style=\"width:\(JSON.format(min(max(points, 0), 480)))px\"></span> "
        case .shadow:
            let layers = (value.array ?? [value]).compactMap { layer -> String? in
                let numbers = ["offsetX", "offsetY", "blur", "spread"].map {
                    layer[$0].flatMap(TokenValue.points(ofDimension:)).map { min(max($0, -100), 100) } ?? 0
                }
                let color = layer["color"].flatMap { Color(dtcg: $0) }?.hexRGBA ?? "#00000040"
                return numbers.map { "\(JSON.format($0))px" }.joined(separator: " ") + " " + color
            }
            return "<div class=\"shadowbox\" style=\"box-shadow:\(HTML.escape(layers.joined(separator: ", ")))\"></div>"
        case .color, .duration, .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier, .border,
            .transition, .gradient, .strokeStyle, .composition, .untyped:
            return ""
        }
    }

    /// A token path escaped, with a break opportunity after each dot, so that a long name
    /// wraps between its segments rather than inside a word.
    static func breakable(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map { HTML.escape(String($0)) }.joined(
            separator: ".<wbr>")
    }

    /// How generated Swift names a token: its shortcut, else its namespaced constant.
    func swiftNames(_ names: [String]?) -> String {
        guard let names, let name = names.count > 1 ? names[1] : names.first else { return "" }
        return
            "<small class=\"swift\" title=\"\(HTML.escape(names.joined(separator: ", ")))\">Swift <code>\(Self.breakable(name))</code></small>"
    }

    func notes(_ token: Token) -> String {
        var notes: [String] = []
        if let deprecation = token.deprecation {
            notes.append("<strong>deprecated</strong>" + (deprecation.reason.map { ": " + HTML.escape($0) } ?? ""))
        }
        if let successor = token.replacedBy { notes.append("replaced by <code>\(HTML.escape(successor))</code>") }
        if let alias = token.aliasTarget { notes.append("alias of <code>\(HTML.escape(alias))</code>") }
        if let description = token.description { notes.append(HTML.escape(description)) }
        return notes.isEmpty ? "" : "<small>" + notes.joined(separator: "; ") + "</small>"
    }
}
