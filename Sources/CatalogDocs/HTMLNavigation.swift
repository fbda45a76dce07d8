import CatalogModel
import Foundation

/// The site's navigation: the sidebar tree on every page (each design system → its
/// components → the styles that draw them; themes → their token sections) and the
/// search index every page's search box loads when first used (`assets/search-index.js`, a script and
/// not JSON, so that it loads from `file://`).
extension HTMLExporter {
    /// The sidebar for a page `depth` folders below the root; `current` is the page's path.
    func sidebar(depth: Int, current: String) -> String {
        let up = String(repeating: "../", count: depth)
        func item(_ text: String, _ path: String, anchor: String? = nil) -> String {
            let here = anchor == nil && path == current ? " aria-current=\"page\"" : ""
            return "<a href=\"\(up)\(path)\(anchor.map { "#" + Anchor.id($0) } ?? "")\"\(here)>\(HTML.escape(text))</a>"
        }
        var out = "<nav class=\"sidebar\" id=\"sidebar\" aria-label=\"Catalog\">\n"
        let systems = Dictionary(grouping: input.specs, by: \.system)
        let drawnBySpec = Set(input.specs.flatMap(\.linkedStyles))
        for system in systems.keys.sorted() {
            out += "<details open><summary>\(HTML.escape(system))</summary><ul>\n"
            for spec in systems[system]! {
                out += "<li>" + item(spec.name, paths.spec(spec.name))
                let styles =
                    spec.linkedStyles
                    + input.styles.filter {
                        $0.component == spec.name && !drawnBySpec.contains($0.name)
                    }.map(\.name)
                if !styles.isEmpty {
                    out += "<ul>" + styles.map { "<li>" + item($0, paths.style($0)) + "</li>" }.joined() + "</ul>"
                }
                out += "</li>\n"
            }
            out += "</ul></details>\n"
        }
        let specNames = Set(input.specs.map(\.name))
        let loose = input.styles.filter { !specNames.contains($0.component) && !drawnBySpec.contains($0.name) }
        if !loose.isEmpty {
            out += "<details open><summary>Other styles</summary><ul>\n"
            out += loose.map { "<li>" + item($0.name, paths.style($0.name)) + "</li>\n" }.joined() + "</ul></details>\n"
        }
        if !input.themes.isEmpty {
            out += "<details open><summary>Themes and tokens</summary><ul>\n"
            for theme in input.themes {
                out += "<li>" + item(theme.name, paths.theme(theme.name))
                // The current theme's token sections; the others' are one click away.
                if paths.theme(theme.name) == current {
                    out +=
                        "<ul>"
                        + ThemePageTokens.sectionTypes(theme).map {
                            "<li>" + item(ThemePageTokens.title(ofType: $0), current, anchor: "type-" + $0.rawValue)
                                + "</li>"
                        }.joined() + "</ul>"
                }
                out += "</li>\n"
            }
            out += "</ul></details>\n"
        }
        return out + "</nav>\n"
    }

    /// `assets/search-index.js`: one entry per component, style, theme and shown token,
    /// `[kind, title, path, detail, words]`, and a color token's chip (`#RRGGBBAA`) sixth;
    /// a style's words include every token it uses, so that searching a token finds the
    /// styles drawn with it.
    func searchIndex() -> String {
        var entries: [JSON] = []
        func add(_ kind: String, _ title: String, _ path: String, detail: String, words: [String], chip: String? = nil)
        {
            entries.append(
                .array(
                    [
                        .string(kind), .string(title), .string(path), .string(detail),
                        .string(words.joined(separator: " ").lowercased()),
                    ] + (chip.map { [.string($0)] } ?? [])))
        }
        for spec in input.specs {
            add(
                "component", spec.name, paths.spec(spec.name), detail: "\(spec.system) \(spec.version)",
                words: [spec.name, spec.system, spec.summary ?? ""])
        }
        for style in input.styles {
            let tokens = style.tokenReferences.map(\.token)
            add(
                "style", style.name, paths.style(style.name), detail: "style of \(style.component)",
                words: [style.name, style.component, style.conformance, style.description ?? ""] + tokens)
        }
        for theme in input.themes {
            add(
                "theme", theme.name, paths.theme(theme.name), detail: "\(theme.version) · \(theme.tokens.count) tokens",
                words: [theme.name, theme.description ?? ""])
            let shown = shown[theme.name] ?? []
            // A token is found by its name, its description and its value as its page shows
            // it (`#007AFFFF`, so `007aff` finds it too, `16px`), in every mode: a dark value
            // finds its token as the default does.
            let resolver = TokenResolver(theme: theme)
            let values = resolver.resolve(
                theme.tokens.lazy.filter { shown.contains($0.path) }.map(\.path), in: ModeContext())
            var modeValues: [String: [String]] = [:]
            for (key, positions) in resolver.differingByMode() {
                let types = Dictionary(
                    positions.lazy.map { theme.tokens[$0] }.filter { shown.contains($0.path) }.map {
                        ($0.path, $0.type)
                    }
                ) { first, _ in first }
                for (path, value) in resolver.resolve(Array(types.keys), in: ModeContext(key))
                where value != values[path] {
                    if let type = types[path] {
                        modeValues[path, default: []].append(DocsFormat.value(value, type: type))
                    }
                }
            }
            for token in theme.tokens where shown.contains(token.path) {
                let value = values[token.path].map { DocsFormat.value($0, type: token.type) } ?? ""
                add(
                    "token", token.path, paths.theme(theme.name) + "#" + Anchor.id("token-" + token.path),
                    detail: "\(token.type.rawValue) in \(theme.name)" + (value.isEmpty ? "" : " · \(value)"),
                    words: [token.path, theme.name, token.description ?? "", value] + (modeValues[token.path] ?? []),
                    chip: token.type == .color ? values[token.path].flatMap { Color(dtcg: $0) }?.hexRGBA : nil)
            }
        }
        // `<` only occurs inside strings: written as \u003c, no text can close a script element.
        return "window.catalogSearch = "
            + HTML.scriptSafe(JSON.array(entries).serialized()) + ";\n"
    }
}
