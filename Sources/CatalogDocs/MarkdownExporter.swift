import CatalogModel
import Foundation

/// Renders the catalog as Markdown pages: one per component spec (modelled on the
/// DFButton reference page), one per style, one per theme, and an index linking them.
/// Links are relative, so they work on GitHub and in any renderer. Output is
/// deterministic: the same input gives byte-identical pages.
package struct MarkdownExporter {
    /// Which Markdown the pages are written in.
    package enum Flavor: Sendable {
        /// Pages in `components/`, `styles/`, `themes/` with relative links (GitHub, any renderer).
        case github
        /// Articles of a `ComponentCatalog.docc` catalog, linked with `<doc:…>`, under a
        /// technology root with topic groups, for `docc convert`.
        case docc
    }

    package let input: DocsInput
    package let flavor: Flavor
    let paths: PagePaths
    let facts: [String: StyleFacts]
    /// The tokens each theme's page shows (and a style page's tokens link to), by theme.
    let shown: [String: Set<String>]

    /// An exporter over `input`.
    package init(input: DocsInput, flavor: Flavor = .github) {
        self.input = input
        self.flavor = flavor
        paths = PagePaths(input: input, flavor: flavor)
        facts = Dictionary(uniqueKeysWithValues: input.styles.map { ($0.name, StyleFacts($0, input: input)) })
        shown = Dictionary(input.themes.map { ($0.name, ThemePageTokens.shownTokens($0)) }) { first, _ in first }
    }

    /// How many previews the style pages draw, and how many cells a theme cannot resolve.
    package var coverage: (drawn: Int, missing: Int) { StyleFacts.coverage(facts.values) }

    /// Every page, by path relative to the export folder, with the SVG previews the style
    /// pages show.
    package func pages() -> [String: String] {
        var pages: [String: String] = [paths.index: index()]
        for spec in input.specs { pages[paths.spec(spec.name)] = specPage(spec) }
        for style in input.styles {
            let facts = facts[style.name]!
            pages[paths.style(style.name)] = stylePage(facts)
            for cell in facts.cells {
                if let preview = cell.preview { pages[previewPath(facts, cell).file] = preview.svg }
            }
        }
        for theme in input.themes { pages[paths.theme(theme.name)] = themePage(theme) }
        return pages
    }

    /// A link from a page to the page at `target` (a path from ``pages()``).
    func link(_ text: String, to target: String, fromIndex: Bool = false) -> String {
        switch flavor {
        case .github: return "[\(md(text))](\(fromIndex ? "" : "../")\(target))"
        case .docc: return "<doc:\(PagePaths.articleName(target))>"
        }
    }

    /// The line under a page's title linking back to the index.
    func backLink() -> String {
        flavor == .github ? " · [index](../index.md)" : ""
    }

    func index() -> String {
        if flavor == .docc {
            var out = "# Component Catalog\n\n@Metadata {\n    @TechnologyRoot\n}\n\n"
            out += "The components, styles and themes of the catalog, with their resolved values.\n\n## Topics\n"
            for (title, targets) in [
                ("Components", input.specs.map { paths.spec($0.name) }),
                ("Styles", input.styles.map { paths.style($0.name) }),
                ("Themes", input.themes.map { paths.theme($0.name) }),
            ] where !targets.isEmpty {
                out += "\n### \(title)\n\n" + targets.map { "- <doc:\(PagePaths.articleName($0))>\n" }.joined()
            }
            return out
        }
        var out = "# Component Catalog\n\n## Components\n\n"
        for spec in input.specs {
            out +=
                "- " + link(spec.name, to: paths.spec(spec.name), fromIndex: true)
                + " \(spec.version) — \(md(spec.system))\(spec.summary.map { ": \(md($0))" } ?? "")\n"
        }
        out += "\n## Styles\n\n"
        for style in input.styles {
            out +=
                "- " + link(style.name, to: paths.style(style.name), fromIndex: true)
                + " \(style.version) — \(md(style.conformance)) for \(md(style.component))\n"
        }
        out += "\n## Themes\n\n"
        for theme in input.themes {
            out +=
                "- " + link(theme.name, to: paths.theme(theme.name), fromIndex: true)
                + " \(theme.version) — \(input.tokenCount(of: theme).total) tokens\n"
        }
        return out
    }

    // MARK: Component pages

    func specPage(_ spec: ComponentSpec) -> String {
        render(PageContent.component(spec, input: input, facts: facts))
    }

    // MARK: Theme pages

    func themePage(_ theme: Theme) -> String { render(PageContent.theme(theme, input: input, contextMenus: false)) }

    // MARK: Helpers

    /// `text` as a Swift code block, its backtick fence longer than any run of backticks
    /// in it, so that nothing in the text can close the block early.
    func code(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)swift\n\(text)\n\(fence)\n\n"
    }

    /// Catalog text in running Markdown: HTML and Markdown control characters escaped.
    func md(_ text: String) -> String { DocsFormat.escapeMarkdown(text) }

    /// Catalog text as a code span: literal inside (so nothing in it is markup), pipes
    /// escaped for tables, longer backtick fences when the text holds a backtick.
    func span(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
        return flat.contains("`") ? "`` \(flat) ``" : "`\(flat)`"
    }

    /// Catalog text in a table cell: also pipes and line breaks.
    func cell(_ text: String) -> String {
        DocsFormat.escapeMarkdown(text, atLineStart: false).replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\n", with: " ")
    }
}

/// Where each page goes: sanitized, unique names under `components/`, `styles/`, `themes/`
/// (GitHub flavour) or as `Component-…`, `Style-…`, `Theme-…` articles in
/// `ComponentCatalog.docc/` (DocC flavour).
struct PagePaths {
    private var specs: [String: String] = [:]
    private var styles: [String: String] = [:]
    private var themes: [String: String] = [:]
    let index: String

    init(input: DocsInput, flavor: MarkdownExporter.Flavor) {
        switch flavor {
        case .github:
            index = "index.md"
            specs = Self.assign(input.specs.map(\.name), prefix: "components/")
            styles = Self.assign(input.styles.map(\.name), prefix: "styles/")
            themes = Self.assign(input.themes.map(\.name), prefix: "themes/")
        case .docc:
            index = "ComponentCatalog.docc/ComponentCatalog.md"
            specs = Self.assign(input.specs.map(\.name), prefix: "ComponentCatalog.docc/Component-", dots: false)
            styles = Self.assign(input.styles.map(\.name), prefix: "ComponentCatalog.docc/Style-", dots: false)
            themes = Self.assign(input.themes.map(\.name), prefix: "ComponentCatalog.docc/Theme-", dots: false)
        }
    }

    /// Unique, sanitized file names for `names` (case-insensitively unique, numbered on a clash).
    static func assign(_ names: [String], prefix: String, dots: Bool = true, suffix: String = ".md") -> [String:
        String]
    {
        var used: Set<String> = []
        var result: [String: String] = [:]
        for name in names.sorted() {
            let base = dots ? SafeName.file(name) : SafeName.file(name).replacingOccurrences(of: ".", with: "-")
            var file = base
            var counter = 2
            while used.contains(file.lowercased()) {
                file = base + "-\(counter)"
                counter += 1
            }
            used.insert(file.lowercased())
            result[name] = "\(prefix)\(file)\(suffix)"
        }
        return result
    }

    /// A DocC article's name: its file name without folder and `.md`.
    static func articleName(_ path: String) -> String {
        String((path.split(separator: "/").last ?? "").dropLast(3))
    }

    func spec(_ name: String) -> String { specs[name] ?? "" }
    func style(_ name: String) -> String { styles[name] ?? "" }
    func theme(_ name: String) -> String { themes[name] ?? "" }
}
