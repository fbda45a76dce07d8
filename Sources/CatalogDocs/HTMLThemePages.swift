import CatalogCodegen
import CatalogModel
import Foundation

/// The site's theme pages, drawn from ``PageContent/theme(_:input:contextMenus:)``: color swatches
/// (every mode side by side, with hex and the declared color space), type specimens,
/// dimension scales as bars, shadows as boxes, and every other token in a table, with
/// context menus and a filter over them.
extension HTMLExporter {
    /// A theme that shows more tokens than this has its sections in files of their own
    /// (`themes/Spectrum.color.js`), loaded when opened, filtered or linked to, so that its
    /// page stays light (Spectrum 15: 1.4 MB whole).
    static let inlineTokenLimit = 600

    /// The theme page, and for a large theme its sections' files (by path).
    func themePage(_ theme: Theme, path: String) -> (page: String, sections: [String: String]) {
        let content = PageContent.theme(theme, input: input, contextMenus: true)
        var body = header(
            content, switcher: versionSwitcher(.theme(theme.name), current: theme.version, name: theme.name))
        var files: [String: String] = [:]
        for block in content.blocks {
            guard case .tokens(let tokens) = block else {
                body += render(block)
                continue
            }
            let drawn = tokenSections(tokens, path: path)
            body += drawn.html
            files = drawn.files
        }
        return (page(title: "\(theme.name) \(theme.version)", depth: 1, path: path, body: body), files)
    }

    /// The context menus, the filter, links to the sections, then each section. Where the
    /// page is at `path` and shows more than ``inlineTokenLimit`` tokens, each section is a
    /// file of its own beside the page (returned by path) and the page holds a button.
    func tokenSections(_ tokens: ThemePageTokens, path: String?) -> (html: String, files: [String: String]) {
        let onDemand = path != nil && tokens.sections.reduce(0) { $0 + $1.tokens.count } > Self.inlineTokenLimit
        var body = contextControl(tokens.theme, chosen: tokens.chosen)
        body +=
            "<p><input id=\"filter\" type=\"search\" data-unit=\"token\" placeholder=\"Filter tokens by name, value or description\" "
            + "aria-label=\"Filter the tokens\"> <span id=\"filter-count\" class=\"tags\"></span></p>\n"
        body +=
            "<p>"
            + tokens.sections.map {
                "<a href=\"#\(Anchor.id($0.anchor))\">\(HTML.escape($0.title))</a> (\($0.total))"
            }
            .joined(separator: " · ") + "</p>\n"
        var files: [String: String] = [:]
        for section in tokens.sections {
            body +=
                "<h2 id=\"\(Anchor.id(section.anchor))\">\(HTML.escape(section.title)) <small>\(section.total)</small></h2>\n"
            if let note = section.cutNote { body += render(.note(note)) }
            let content =
                section.type == .color
                ? swatches(section, of: tokens) : table(section, names: tokens.names, contexts: tokens.contexts)
            guard onDemand, let path else {
                body += content
                continue
            }
            // `themes/Spectrum.html` → `themes/Spectrum.color.js`, beside the page.
            let file = String(path.dropLast(".html".count)) + "." + section.type.rawValue + ".js"
            let name = String(file.split(separator: "/").last ?? "")
            files[file] =
                "window.catalogSection(" + JSON.string(name).serialized() + ", "
                + HTML.scriptSafe(JSON.string(content).serialized()) + ");\n"
            body +=
                "<div class=\"section\" data-section=\"\(HTML.escape(name))\" data-count=\"\(section.tokens.count)\">"
            body +=
                "<button type=\"button\" class=\"load\">Show the \(section.tokens.count) \(HTML.escape(section.title.lowercased()))</button>"
            body += "<noscript> (this section needs JavaScript; catalog theme show lists it)</noscript></div>\n"
        }
        return (body, files)
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
    func swatches(_ section: TokenSection, of tokens: ThemePageTokens) -> String {
        let theme = tokens.theme
        let contexts = tokens.contexts
        let naming = ModeNaming(theme.dimensions)
        let defaults = ModeContext().chosen(in: theme)
        var picked: [String: String] = [:]
        for key in tokens.chosen.subtracting(defaults) { picked[key.dimension] = naming.name(key) }
        let fill = { (value: JSON?) in value.flatMap { Color(dtcg: $0) }.map { $0.hexRGBA } ?? "transparent" }
        // Ramps first (`blue.100` … `blue.900` as one strip, in the order of their steps),
        // then the cards, a ramp's together in that order.
        let ramps = Self.ramps(section.tokens.map(\.path))
        var out = ramps.isEmpty ? "" : "<div class=\"ramps\">\n"
        for ramp in ramps {
            out +=
                "<div class=\"ramp\"><code class=\"ramp-name\">\(Self.breakable(ramp.group))</code><div class=\"steps\">"
            for (step, path) in ramp.steps {
                let value = contexts.value(
                    of: path, among: contexts.entries(of: path, withGaps: true), choosing: picked)
                let id = Anchor.id("token-" + path)
                out +=
                    "<a href=\"#\(id)\" data-for=\"\(id)\" title=\"\(HTML.escape(path)) \(HTML.escape(DocsFormat.value(value, type: .color)))\">"
                    + "<span class=\"cell\" style=\"background:\(fill(value))\"></span><small>\(HTML.escape(step))</small></a>"
            }
            out += "</div></div>\n"
        }
        out += (ramps.isEmpty ? "" : "</div>\n") + "<div class=\"swatches\">\n"
        // A ramp's cards where its first token is, in step order; every other card in place.
        let indexOf = Dictionary(section.tokens.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        var place: [String: (Int, Int)] = [:]
        for ramp in ramps {
            let earliest = ramp.steps.compactMap { indexOf[$0.path] }.min() ?? 0
            for (offset, step) in ramp.steps.enumerated() { place[step.path] = (earliest, offset) }
        }
        let ordered = section.tokens.enumerated().map { index, token in (place[token.path] ?? (index, 0), token) }
            .sorted { $0.0 < $1.0 }.map(\.1)
        for token in ordered {
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
            out += "<small class=\"value\">\(HTML.escape(text))</small>" + swiftNames(tokens.names[token.path])
            out += notes(token) + copyButtons(swift: tokens.names[token.path]) + "</div>"
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

    /// A color scale among `paths`: the tokens of one group whose last segment is a number
    /// (`blue.100`, `gray.50`), at least three, in the order of their numbers.
    struct Ramp {
        var group: String
        var steps: [(step: String, path: String)]

        func contains(_ path: String) -> Bool { steps.contains { $0.path == path } }
    }

    /// The ramps `paths` form, in the order their first token comes.
    static func ramps(_ paths: [String]) -> [Ramp] {
        var byGroup: [String: [(step: String, value: Double, path: String)]] = [:]
        var order: [String] = []
        for path in paths {
            guard let dot = path.lastIndex(of: ".") else { continue }
            let step = String(path[path.index(after: dot)...])
            guard let value = Double(step), value.isFinite, step.allSatisfy({ $0.isNumber || $0 == "." }) else {
                continue
            }
            let group = String(path[..<dot])
            if byGroup[group] == nil { order.append(group) }
            byGroup[group, default: []].append((step, value, path))
        }
        return order.compactMap { group in
            guard let steps = byGroup[group], steps.count >= 3 else { return nil }
            return Ramp(group: group, steps: steps.sorted { $0.value < $1.value }.map { ($0.step, $0.path) })
        }
    }

    /// Buttons that copy a swatch's value in the chosen context and its Swift name.
    func copyButtons(swift names: [String]?) -> String {
        var out = "<span class=\"copies\"><button type=\"button\" class=\"copy\" data-copy-value>Copy value</button>"
        if let names, let name = names.count > 1 ? names[1] : names.first {
            out += "<button type=\"button\" class=\"copy\" data-copy=\"\(HTML.escape(name))\">Copy Swift</button>"
        }
        return out + "</span>"
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
    func table(_ section: TokenSection, names: [String: [String]], contexts: SwiftTokenContexts) -> String {
        let type = section.type
        let values = section.columns.map(\.values)
        var out =
            "<div class=\"scroll\"><table><tr><th scope=\"col\">Token</th>"
            + section.columns.map(\.label).enumerated().map { index, mode in
                "<th scope=\"col\"\(index == 0 ? " class=\"now\"" : "")>\(HTML.escape(mode))</th>"
            }.joined()
            + "<th scope=\"col\">Notes</th></tr>\n"
        for token in section.tokens {
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
            for index in values.indices {
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

    /// A token's notes, small, under its value.
    func notes(_ token: Token) -> String {
        let notes = ThemePageTokens.notes(token)
        return notes.isEmpty ? "" : "<small>" + inline(notes) + "</small>"
    }
}
