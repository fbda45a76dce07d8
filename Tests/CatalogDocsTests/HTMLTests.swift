import CatalogDocs
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The seeds with `Examples/capsule.json` published, as documentation input.
func docsInputWithCapsule(themeOverride: String? = nil) throws -> DocsInput {
    let (input, _, _) = try seededDocsInput()
    let capsule = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/capsule.json")
    let style = try StyleReader.read(try Data(contentsOf: capsule), file: "capsule.json").style
    return DocsInput(
        specs: input.specs, styles: input.styles + [style], themes: input.themes, modes: input.modes,
        themeOverride: themeOverride)
}

/// How many previews a style page must show: every state the style defines × no role and
/// every role its spec defines (the spec whose option draws it, else its component's) ×
/// each mode drawn (light and dark for these themes). Computed from the catalog here, not
/// by the exporter.
func expectedPreviews(_ style: StyleDefinition, in input: DocsInput) -> (states: Int, roles: [String], modes: Int) {
    let linking = input.specs.first { spec in spec.axes.contains { $0.options.contains { $0.style == style.name } } }
    let spec = linking ?? input.specs.first { $0.name == style.component }
    let states = StyleDefinition.stateNames.filter { $0 == "normal" || style.states[$0] != nil }.count
    return (states, spec?.roles.map(\.name) ?? [], 2)
}

@Suite struct HTMLTests {
    @Test func theSiteHasAPagePerComponentStyleAndTheme() throws {
        let input = try docsInputWithCapsule()
        let pages = HTMLExporter(input: input).pages()
        #expect(HTMLExporter(input: input).pages() == pages, "the same input gives the same bytes")
        #expect(pages.count == 4 + input.specs.count + input.styles.count + input.themes.count)
        #expect(pages["styles/capsule.html"] != nil && pages["components/DFButton.html"] != nil)
        #expect(pages["themes/DesignFoundation.html"] != nil && pages["assets/site.js"] != nil)
        try GoldenTests().check(
            pages.filter {
                [
                    "index.html", "components/DFButton.html",
                    "styles/capsule.html",
                    "styles/OUDSButton.strong.html", "themes/DesignFoundation.html",
                ].contains($0.key)
            }, folder: "html")
        // Nothing is fetched from the network: the only URL is the SVG namespace.
        for (path, page) in pages {
            #expect(
                page.components(separatedBy: "http").count - 1
                    == page.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1, "\(path)")
        }
    }

    @Test func eachStylePageDrawsEveryStateTimesSpecRoleTimesMode() throws {
        let input = try docsInputWithCapsule()
        let pages = HTMLExporter(input: input).pages()
        var total = 0
        for style in input.styles {
            let page = try #require(pages["styles/\(style.name).html"])
            let (states, roles, modes) = expectedPreviews(style, in: input)
            let figures = page.components(separatedBy: "<figure class=\"preview").count - 1
            #expect(figures == states * (1 + roles.count) * modes, "\(style.name)")
            #expect(!page.contains("class=\"missing\""), "\(style.name) resolves in its own theme")
            for role in roles { #expect(page.contains("data-role=\"\(role)\""), "\(style.name) \(role)") }
            total += figures
        }
        // OUDSButton defines no roles: six states, light and dark, no destructive row.
        let strong = try #require(pages["styles/OUDSButton.strong.html"])
        #expect(strong.components(separatedBy: "<figure class=\"preview").count - 1 == 12)
        #expect(!strong.contains("destructive"))
        for state in ["normal", "pressed", "disabled", "hover", "focus", "loading"] {
            #expect(strong.contains("data-state=\"\(state)\""))
        }
        // Each preview names what it shows (to assistive technology; the table's headers say
        // it on screen) and carries one contrast badge, its explanation on hover and focus.
        #expect(strong.contains("aria-label=\"OUDSButton.strong 3.0.0 · Orange 1.0.0 · light · hover · no role\""))
        #expect(strong.components(separatedBy: "<span class=\"badge ").count - 1 == 12)
        #expect(strong.contains("<span class=\"badge ok\" tabindex=\"0\" aria-label=\"Label contrast"))
        #expect(!strong.contains("<figcaption>Orange"), "captions do not repeat the headers")
        // Loading draws a spinner instead of the label; focus a ring around the shape.
        let loading = try #require(
            strong.components(separatedBy: "data-state=\"loading\"").dropFirst().first?.components(
                separatedBy: "</figure>"
            )
            .first)
        #expect(loading.contains("<animateTransform") && !loading.contains(">Button</text>"))
        let focus = try #require(
            strong.components(separatedBy: "data-state=\"focus\"").dropFirst().first?.components(
                separatedBy: "</figure>"
            )
            .first)
        #expect(focus.contains("stroke=\"#0A60D0\" stroke-width=\"3\""))
        #expect(total == 414)
        // Capsule is a page of its own, with its shape, font, padding and spellings.
        let capsule = try #require(pages["styles/capsule.html"])
        for fact in [
            "capsule", "subheadline 15 pt weight 500 ({typography.label})",
            "horizontal 24 pt ({spacing.xl}), vertical 8 pt ({spacing.sm})", ".dfButtonStyle(.capsule)",
            ".buttonStyle(DFCapsuleButtonStyle())", "a custom style, published on its own", "spring, response 0.25 s",
        ] {
            #expect(capsule.contains(htmlEscaped(fact)), "\(fact)")
        }
        #expect(pages["components/DFButton.html"]?.contains("href=\"../styles/capsule.html\"") == true)
        #expect(pages["index.html"]?.contains("custom style for DFButton") == true)
    }

    @Test func glassIsDrawnOverABackdrop() throws {
        let pages = HTMLExporter(input: try docsInputWithCapsule()).pages()
        let glass = try #require(pages["styles/Button.glass.html"])
        // Every glass preview has the striped backdrop under its material, in light mode too.
        let light = glass.components(separatedBy: "<figure class=\"preview light\"").dropFirst()
        #expect(!light.isEmpty)
        for figure in light { #expect(figure.contains("fill=\"#FF9500\""), "backdrop") }
        #expect(glass.contains("contrast ≈"))
        let filled = try #require(pages["styles/DFButton.filled.html"])
        #expect(!filled.contains("#FF9500"), "opaque styles have no backdrop")
    }

    @Test func aThemeLackingTokensIsSaidNotLeftBlank() throws {
        let exporter = HTMLExporter(input: try docsInputWithCapsule(themeOverride: "Orange"))
        let pages = exporter.pages()
        let filled = try #require(pages["styles/DFButton.filled.html"])
        #expect(filled.contains("Theme Orange 1.0.0 does not give everything this style needs"))
        #expect(filled.contains("refers to {radius.md}, which does not exist"))
        #expect(!filled.contains(">—<"))
        // Said once, at the top: each missing reference is one item of the note, and no
        // cell repeats it.
        #expect(
            filled.components(separatedBy: "which does not exist").count - 1 == filled.components(
                separatedBy: "<li><code>$."
            ).count - 1)
        #expect(filled.components(separatedBy: "refers to {radius.md}, which does not exist").count - 1 == 1)
        let coverage = exporter.coverage
        #expect(coverage.missing > 0 && coverage.drawn + coverage.missing == 414)
        let missing = pages.filter { $0.key.hasPrefix("styles/") }.values.reduce(0) {
            $0 + $1.components(separatedBy: "<a class=\"missing\"").count - 1
        }
        #expect(missing == coverage.missing)
    }

    @Test func themePagesShowSwatchesSpecimensAndScales() throws {
        let pages = HTMLExporter(input: try docsInputWithCapsule()).pages()
        let theme = try #require(pages["themes/DesignFoundation.html"])
        // colors.background: white in the context shown (the defaults), black in dark, in a
        // table of modes below, and both for the context menus.
        let swatch = try #require(
            theme.components(separatedBy: "id=\"token-colors.background\"").dropFirst().first?.components(
                separatedBy: "</table>"
            ).first)
        #expect(swatch.contains("<div class=\"chip\"><span style=\"background:#FFFFFFFF\">"), "\(swatch)")
        #expect(swatch.contains("data-dimensions='[\"colorScheme\"]'"))
        #expect(swatch.contains("data-values='[[\"\",\"#FFFFFFFF\"],[\"dark\",\"#000000FF\"]]'"))
        #expect(
            swatch.contains("<th scope=\"row\">default</th><td><span class=\"dot\" style=\"background:#FFFFFFFF\">"))
        #expect(swatch.contains("<th scope=\"row\">dark</th><td><span class=\"dot\" style=\"background:#000000FF\">"))
        #expect(theme.contains("<select data-dimension=\"colorScheme\" data-default=\"light\">"))
        #expect(theme.contains("class=\"specimen\" style=\"font-size:34px;font-weight:700\""))
        #expect(theme.contains("<span class=\"bar\" style=\"width:"))
        #expect(theme.contains("class=\"shadowbox\" style=\"box-shadow:"))
        // Links from style pages to tokens land on anchors that exist.
        let capsule = try #require(pages["styles/capsule.html"])
        #expect(capsule.contains("href=\"../themes/DesignFoundation.html#token-colors.primary\""))
        #expect(theme.contains("id=\"token-colors.primary\""))
    }

    @Test func catalogTextIsEscaped() throws {
        let input = try docsInputWithCapsule()
        var spec = try #require(input.specs.first { $0.name == "DFButton" })
        spec.name = "<script>alert('x')</script>"
        spec.system = "\"quoted\" & <b>"
        var theme = try #require(input.themes.first { $0.name == "DesignFoundation" })
        theme.description = "</style><script>x()</script>"
        let pages = HTMLExporter(
            input: DocsInput(
                specs: [spec], styles: input.styles,
                themes: input.themes.filter { $0.name != theme.name } + [theme], modes: [])
        ).pages()
        let all = pages.values.joined()
        #expect(!all.contains("<script>alert") && !all.contains("<script>x()"))
        #expect(all.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(all.contains("&quot;quoted&quot; &amp; &lt;b&gt;"))
        #expect(pages.keys.allSatisfy { !$0.contains("<") && !$0.contains("..") })
    }
}

/// `text` as the pages escape it.
func htmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}

@Suite struct HTMLNavigationTests {
    @Test func emptySectionsAreLeftOut() throws {
        let input = try docsInputWithCapsule()
        let pages = HTMLExporter(input: DocsInput(specs: [], styles: [], themes: input.themes, modes: [])).pages()
        let index = try #require(pages["index.html"])
        #expect(!index.contains("id=\"components\"") && !index.contains("id=\"styles\""))
        #expect(index.contains("<h2 id=\"themes\">Themes</h2>"))
        #expect(!index.contains("<summary>Other styles</summary>"))
    }

    @Test func everyPageHasTheSidebarSkipLinkAndSearch() throws {
        let input = try docsInputWithCapsule()
        let pages = HTMLExporter(input: input).pages()
        for (path, page) in pages where path.hasSuffix(".html") {
            #expect(page.contains("<a class=\"skip\" href=\"#main\">Skip to content</a>"), "\(path)")
            #expect(page.contains("<main id=\"main\" tabindex=\"-1\">"), "\(path)")
            #expect(page.contains("<nav class=\"sidebar\" id=\"sidebar\" aria-label=\"Catalog\">"), "\(path)")
            // Headings in order: one h1, and no level skipped.
            var level = 0
            for piece in page.components(separatedBy: "<h").dropFirst() {
                guard let digit = piece.first?.wholeNumberValue, (1...6).contains(digit) else { continue }
                #expect(digit <= level + 1, "\(path): h\(digit) after h\(level)")
                level = digit
            }
            #expect(page.components(separatedBy: "<h1").count == 2, "\(path)")
        }
        // The sidebar groups by design system, each component with the styles that draw it,
        // the capsule custom style under its component, and marks the current page.
        let filled = try #require(pages["styles/DFButton.filled.html"])
        let tree = try #require(filled.components(separatedBy: "</nav>").first)
        #expect(tree.contains("<details open><summary>DesignFoundation</summary>"))
        #expect(tree.contains("<a href=\"../styles/DFButton.filled.html\" aria-current=\"page\">DFButton.filled</a>"))
        #expect(tree.contains("<a href=\"../styles/capsule.html\">capsule</a>"))
        // The current theme lists its token sections.
        let theme = try #require(pages["themes/DesignFoundation.html"])
        #expect(theme.contains("<a href=\"../themes/DesignFoundation.html#type-color\">Colors</a>"))
        #expect(theme.contains("<h2 id=\"type-boolean\">Boolean <small>"))
    }
}
