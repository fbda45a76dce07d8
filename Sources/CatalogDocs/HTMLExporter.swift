import CatalogModel
import Foundation

/// The catalog as a static HTML site that works from `file://` with no network: an index
/// with a filter over components, styles and themes; a page per component, per style
/// (every state it defines × every role its spec defines × each documented mode, drawn as
/// SVG with WCAG contrast ratios and the resolved values) and per theme (color swatches
/// per mode, type specimens, spacing, radius and shadow scales). Light and dark follow
/// `prefers-color-scheme`, with a switch. Anchors are stable (`#mode-light`,
/// `#token-colors.primary`). Every piece of catalog text is HTML-escaped; the same input
/// gives the same bytes.
package struct HTMLExporter {
    package let input: DocsInput
    let paths: SitePaths
    let facts: [String: StyleFacts]
    /// Theme → the tokens its page shows, which style pages may link to.
    let shown: [String: Set<String>]

    /// An exporter over `input`.
    package init(input: DocsInput) {
        self.input = input
        paths = SitePaths(input: input)
        facts = Dictionary(uniqueKeysWithValues: input.styles.map { ($0.name, StyleFacts($0, input: input)) })
        shown = Dictionary(input.themes.map { ($0.name, ThemePageTokens.shownTokens($0)) }) { first, _ in first }
    }

    /// Every file of the site, by path relative to the export folder.
    package func pages() -> [String: String] {
        var pages: [String: String] = [
            "index.html": index(), "assets/site.css": HTMLAssets.css, "assets/site.js": HTMLAssets.js,
            "assets/search-index.js": searchIndex(),
        ]
        for spec in input.specs + input.earlier.specs {
            let path = paths.page(.spec(spec.name), version: spec.version)
            pages[path] = componentPage(spec, path: path)
        }
        for style in input.styles {
            pages[paths.style(style.name)] = stylePage(facts[style.name]!, path: paths.style(style.name))
        }
        for style in input.earlier.styles {
            let path = paths.page(.style(style.name), version: style.version)
            pages[path] = stylePage(StyleFacts(style, input: input), path: path)
        }
        for theme in input.themes + input.earlier.themes {
            let path = paths.page(.theme(theme.name), version: theme.version)
            let (page, sections) = themePage(theme, path: path)
            pages[path] = page
            pages.merge(sections) { first, _ in first }
        }
        return pages
    }

    /// How many previews the site draws, and how many cells a theme could not resolve.
    package var coverage: (drawn: Int, missing: Int) { StyleFacts.coverage(facts.values) }

    // MARK: Chrome

    /// A whole page: a skip link, the header (home, search, the light/dark switch and, on
    /// narrow screens, the menu button), the sidebar, then `body`. `depth` is how many
    /// folders below the root the page is; `path` is the page's own path.
    func page(title: String, depth: Int, path: String, body: String) -> String {
        let up = String(repeating: "../", count: depth)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) — Component Catalog</title>
            <link rel="stylesheet" href="\(up)assets/site.css"></head><body data-root="\(up)">
            <a class="skip" href="#main">Skip to content</a>
            <header class="site"><button type="button" class="menu" aria-controls="sidebar" aria-expanded="false">Menu</button>
            <a class="home" href="\(up)index.html">Component Catalog</a>
            <div class="search" role="search"><input id="search" type="search" placeholder="Search components, styles, themes, tokens" aria-label="Search the catalog" autocomplete="off" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="search-results">
            <ul id="search-results" role="listbox" aria-label="Search results" hidden></ul><p id="search-status" class="visually-hidden" role="status" aria-live="polite"></p></div>
            <div class="scheme-switch" role="group" aria-label="Color scheme"><button type="button" data-scheme="auto">Auto</button>
            <button type="button" data-scheme="light">Light</button><button type="button" data-scheme="dark">Dark</button></div>
            </header>
            <div class="layout">
            \(sidebar(depth: depth, current: path))<main id="main" tabindex="-1">
            \(body)</main></div>
            <script src="\(up)assets/site.js"></script>
            </body></html>

            """
    }

    /// The versions of a spec, style or theme as links, the page's own marked, and on an
    /// earlier version's page a note naming the latest.
    func versionSwitcher(_ target: PageContent.Target, current: Semver, name: String) -> String {
        let versions = paths.versions[target] ?? []
        guard let latest = versions.first, versions.count > 1 else { return "" }
        var out = "<nav class=\"versions\" aria-label=\"Versions\">Versions:<ul>"
        for version in versions {
            let here = version == current ? " aria-current=\"page\"" : ""
            let file = paths.page(target, version: version).split(separator: "/").last ?? ""
            out +=
                "<li><a href=\"\(HTML.escape(String(file)))\"\(here)>\(version)\(version == latest ? " (latest)" : "")</a></li>"
        }
        out += "</ul></nav>\n"
        if current != latest {
            let file = paths.page(target).split(separator: "/").last ?? ""
            out +=
                "<p class=\"older\">This is \(HTML.escape(name)) \(current), an earlier version. The latest is <a href=\"\(HTML.escape(String(file)))\">\(latest)</a>.</p>\n"
        }
        return out
    }

    /// A link from a page one folder down to the page at `target`.
    func link(_ text: String, to target: String, anchor: String? = nil) -> String {
        "<a href=\"../\(target)\(anchor.map { "#" + Anchor.id($0) } ?? "")\">\(HTML.escape(text))</a>"
    }

    // MARK: Index

    func index() -> String {
        var body = """
            <h1>Component Catalog</h1>
            <p class="lede">\(input.specs.count) components, \(input.styles.count) styles and \(input.themes.count) themes, drawn from the catalog's resolved values.</p>
            <p><input id="filter" type="search" placeholder="Filter this page by name, description or token" aria-label="Filter the index">
            <span id="filter-count" class="tags"></span></p>

            """
        if !input.specs.isEmpty {
            body += "<h2 id=\"components\">Components</h2>\n<div class=\"grid\">\n"
            for spec in input.specs {
                let styles = spec.axes.first?.options.count ?? 0
                // The component as it looks by default: its default option's style, else its first drawn.
                let axis = spec.axes.first
                let shown =
                    axis?.options.first { $0.name == axis?.defaultOption && $0.style != nil }?.style
                    ?? axis?.options.lazy.compactMap(\.style).first { facts[$0] != nil }
                body += entry(
                    href: paths.spec(spec.name), title: spec.name, subtitle: "\(spec.system) \(spec.version)",
                    text: spec.summary ?? "", tags: "component · \(styles) option\(styles == 1 ? "" : "s")",
                    picture: shown.flatMap { facts[$0] }.flatMap(indexThumbnail),
                    search: [spec.name, spec.system, spec.summary ?? "", "component"])
            }
            body += "</div>\n"
        }
        if !input.styles.isEmpty {
            body += "<h2 id=\"styles\">Styles</h2>\n<div class=\"grid\">\n"
            for style in input.styles {
                let facts = facts[style.name]!
                var tags = facts.isCustom ? "custom style for \(style.component)" : "style of \(style.component)"
                let missing = facts.cells.filter { $0.resolved == nil }.count
                if missing > 0 { tags += " · \(missing) of \(facts.cells.count) previews cannot be drawn" }
                body += entry(
                    href: paths.style(style.name), title: style.name, subtitle: "\(style.version)",
                    text: style.description ?? "", tags: tags, picture: indexThumbnail(facts),
                    search: [style.name, style.component, style.conformance, style.description ?? "", "style"]
                        + (facts.isCustom ? ["custom"] : []) + style.tokenReferences.map(\.token))
            }
            body += "</div>\n"
        }
        if !input.themes.isEmpty {
            body += "<h2 id=\"themes\">Themes</h2>\n<div class=\"grid\">\n"
            for theme in input.themes {
                let modes = theme.dimensions.map { "\($0.name): \($0.modes.joined(separator: ", "))" }
                body += entry(
                    href: paths.theme(theme.name), title: theme.name, subtitle: "\(theme.version)",
                    text: theme.description ?? "",
                    tags: (["\(input.tokenCount(of: theme).total) tokens"] + modes).joined(separator: " · "),
                    search: [theme.name, theme.description ?? "", "theme"])
            }
            body += "</div>\n"
        }
        return page(title: "Index", depth: 0, path: "index.html", body: body)
    }

    /// A style's normal state on the index: light, and dark where the style has a dark
    /// mode, each shown in the page's own scheme.
    func indexThumbnail(_ facts: StyleFacts) -> String? {
        let light = facts.modes.first { !$0.dark } ?? facts.modes.first
        let dark = facts.modes.first { $0.dark }
        var out = ""
        for mode in [light, dark].compactMap({ $0 }) {
            guard let preview = facts.cell(mode, role: nil, state: "normal")?.preview else { continue }
            let only = dark == nil || light == nil ? "" : (mode.dark ? " only-dark" : " only-light")
            out += "<figure class=\"preview \(mode.dark ? "dark" : "light")\(only)\">\(preview.svg)</figure>"
        }
        return out.isEmpty ? nil : out
    }

    func entry(
        href: String, title: String, subtitle: String, text: String, tags: String, picture: String? = nil,
        search: [String]
    ) -> String {
        let haystack = search.joined(separator: " ").lowercased()
        return """
            <div class="card entry" data-search="\(HTML.escape(haystack))"><h3><a href="\(href)">\(Self.breakable(title))</a> <small>\(HTML.escape(subtitle))</small></h3>
            \(picture ?? "")<p>\(HTML.escape(text))</p><p class="tags">\(HTML.escape(tags))</p></div>

            """
    }
}

/// Stable fragment identifiers: a prefix and the name with every character outside
/// `A-Z a-z 0-9 . -` written as `_XX` (hex of its UTF-8 bytes), so different names
/// never share an anchor.
enum Anchor {
    /// `token-colors.primary`, `mode-light`.
    static func id(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-.".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "_%02X", byte)
            }
        }
        return out
    }
}

/// Where each page of the site goes: `components/`, `styles/`, `themes/`, sanitized and
/// unique; an earlier version's page beside its latest (`themes/DesignFoundation-1.0.0.html`).
struct SitePaths {
    private let specs: [String: String]
    private let styles: [String: String]
    private let themes: [String: String]
    /// Every documented version of each spec, style and theme, newest first.
    let versions: [PageContent.Target: [Semver]]

    init(input: DocsInput) {
        // Latest and earlier pages are named together, so that no two share a file.
        func assign(_ latest: [String], _ earlier: [String], prefix: String) -> [String: String] {
            PagePaths.assign(latest + earlier, prefix: prefix, suffix: ".html")
        }
        specs = assign(
            input.specs.map(\.name), input.earlier.specs.map { "\($0.name)@\($0.version)" }, prefix: "components/")
        styles = assign(
            input.styles.map(\.name), input.earlier.styles.map { "\($0.name)@\($0.version)" }, prefix: "styles/")
        themes = assign(
            input.themes.map(\.name), input.earlier.themes.map { "\($0.name)@\($0.version)" }, prefix: "themes/")
        var versions: [PageContent.Target: [Semver]] = [:]
        for spec in input.specs + input.earlier.specs { versions[.spec(spec.name), default: []].append(spec.version) }
        for style in input.styles + input.earlier.styles {
            versions[.style(style.name), default: []].append(style.version)
        }
        for theme in input.themes + input.earlier.themes {
            versions[.theme(theme.name), default: []].append(theme.version)
        }
        self.versions = versions.mapValues { $0.sorted(by: >) }
    }

    /// The page of a spec, style or theme: its latest version's, or `version`'s.
    func page(_ target: PageContent.Target, version: Semver? = nil) -> String {
        let latest = versions[target]?.first
        let key: (String) -> String = { name in
            version == nil || version == latest ? name : "\(name)@\(version!)"
        }
        switch target {
        case .spec(let name): return specs[key(name)] ?? ""
        case .style(let name): return styles[key(name)] ?? ""
        case .theme(let name): return themes[key(name)] ?? ""
        }
    }

    func spec(_ name: String) -> String { specs[name] ?? "" }
    func style(_ name: String) -> String { styles[name] ?? "" }
    func theme(_ name: String) -> String { themes[name] ?? "" }
}
