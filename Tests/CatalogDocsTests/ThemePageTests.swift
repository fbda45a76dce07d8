import CatalogDocs
import CatalogModel
import Foundation
import Testing

/// A theme page is one description (`PageContent.theme`) that Markdown, DocC and HTML
/// each draw: every fact one format shows, the others show too.
@Suite struct ThemePageTests {
    @Test func everyFormatShowsTheSameFactsOfATheme() throws {
        let input = try docsInputWithCapsule()
        let markdown = try #require(MarkdownExporter(input: input).pages()["themes/DesignFoundation.md"])
        let docc = try #require(
            MarkdownExporter(input: input, flavor: .docc).pages()["ComponentCatalog.docc/Theme-DesignFoundation.md"])
        let html = try #require(HTMLExporter(input: input).pages()["themes/DesignFoundation.html"])
        // The header: version and token count; the facts: the dimension and the styles drawn in it.
        #expect(markdown.contains("Version 1.1.2 · 83 tokens"))
        #expect(html.contains("<p class=\"lede\">Version 1.1.2 · 83 tokens</p>"))
        for page in [markdown, docc] {
            #expect(page.contains("| colorScheme | light (default), dark |"))
            #expect(page.contains("| Styles drawn in it | "))
        }
        #expect(markdown.contains("[capsule](../styles/capsule.md)"))
        #expect(docc.contains("<doc:Style-capsule>"))
        #expect(html.contains("<tr><td>colorScheme</td><td>light (default), dark</td></tr>"))
        #expect(html.contains("<a href=\"../styles/capsule.html\">capsule</a>"))
        // Sections by type with their counts.
        #expect(markdown.contains("## Colors (47)\n") && markdown.contains("## Typography (7)\n"))
        #expect(html.contains("<h2 id=\"type-color\">Colors <small>47</small></h2>"))
        #expect(html.contains("<h2 id=\"type-typography\">Typography <small>7</small></h2>"))
        // A token: its Swift name, its values in each column, its description and alias.
        #expect(
            markdown.contains(
                "| `colors.interactiveDisabled` | `Color.dfInteractiveDisabled` | #E5E5EAFF | #2C2C2EFF | "
                    + "alias of `system.colors.systemGray5`; systemGray5 (from 1.0.3) |"))
        let card = try #require(
            html.components(separatedBy: "id=\"token-colors.interactiveDisabled\"").dropFirst().first?.components(
                separatedBy: "</table>"
            ).first)
        #expect(card.contains("Swift <code>Color.<wbr>dfInteractiveDisabled</code>"), "\(card)")
        #expect(
            card.contains("<small>alias of <code>system.colors.systemGray5</code>; systemGray5 (from 1.0.3)</small>"))
        #expect(card.contains("<th scope=\"row\">dark</th><td><span class=\"dot\" style=\"background:#2C2C2EFF\">"))
        // A section no mode changes has one column, said to hold for every mode.
        #expect(markdown.contains("## Typography (7)\n\n| Token | Swift | every mode | Notes |"))
        let typography = try #require(html.components(separatedBy: "id=\"type-typography\"").dropFirst().first)
        #expect(typography.contains("<th scope=\"col\" class=\"now\">every mode</th><th scope=\"col\">Notes</th>"))
    }

    /// A section past the limit shows its first tokens and says so, in every format.
    @Test func aSectionPastTheLimitSaysSoInEveryFormat() throws {
        let count = 2_003
        let theme = Theme(
            name: "Big", version: Semver(1, 0, 0), dimensions: [],
            tokens: (0..<count).map {
                Token(
                    path: "space.s\($0)", type: .dimension,
                    value: .object([("value", .number(1)), ("unit", .string("px"))]))
            }
        )
        let input = DocsInput(specs: [], styles: [], themes: [theme], modes: [])
        let markdown = try #require(MarkdownExporter(input: input).pages()["themes/Big.md"])
        let site = HTMLExporter(input: input).pages()
        let note = "Showing the first 2000 of \(count) dimension tokens; "
        #expect(markdown.contains("> " + note + "`catalog export docs --format json` and `catalog theme show`"))
        #expect(markdown.contains("`space.s1999`") && !markdown.contains("`space.s2000`"))
        // HTML: the section is a file loaded on demand (over 600 tokens); the note stays on the page.
        let page = try #require(site["themes/Big.html"])
        #expect(page.contains("<p class=\"note\">" + note + "<code>catalog export docs --format json</code>"))
        let section = try #require(site["themes/Big.dimension.js"])
        #expect(section.contains("token-space.s1999") && !section.contains("token-space.s2000"))
    }
}
