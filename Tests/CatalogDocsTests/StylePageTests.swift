import CatalogDocs
import CatalogModel
import Foundation
import Testing

/// A style page is one description (`PageContent.style`) that Markdown, DocC and HTML each
/// draw: the same warning, values, sizes, facts and tokens in every format.
@Suite struct StylePageTests {
    @Test func everyFormatShowsTheSameFactsOfAStyle() throws {
        let input = try docsInputWithCapsule()
        let markdown = try #require(MarkdownExporter(input: input).pages()["styles/ButtonVariantStyle.filled.md"])
        let html = try #require(HTMLExporter(input: input).pages()["styles/ButtonVariantStyle.filled.html"])
        // The resolved values with their contrast, per mode.
        #expect(markdown.contains("| Role | State | Background | Foreground | Border | Opacity | Scale | Contrast |"))
        #expect(
            html.contains("<th scope=\"col\">Role</th><th scope=\"col\">State</th><th scope=\"col\">Background</th>"))
        // Control sizes with the minimum height, in both.
        #expect(
            markdown.contains(
                "## Control sizes\n\n| Size | Font | Horizontal padding | Vertical padding | Corner radius | Min height | Touch slop |"
            ))
        #expect(markdown.contains("| small | subheadline 15 pt weight 600 | 12 pt | 7 pt | 10 pt | — | 6 pt |"))
        #expect(html.contains("<h2 id=\"sizes\">Control sizes</h2>"))
        #expect(
            html.contains(
                "<tr><td>small</td><td>subheadline 15 pt weight 600</td><td>12 pt</td><td>7 pt</td><td>10 pt</td><td>—</td><td>6 pt</td></tr>"
            ))
        // The legend of what the drawings approximate; HTML adds what its badges mean.
        let legend = "Drawn from resolved values. Materials are approximated"
        #expect(markdown.contains(legend) && html.contains(legend))
        #expect(html.contains("hover or focus it for the explanation") && !markdown.contains("hover"))
        // The tokens it uses link to the theme's page.
        #expect(markdown.contains("## Tokens used\n\n| Token | Where |"))
        #expect(html.contains("<h2 id=\"tokens\">Tokens used</h2>"))
    }

    /// What the theme cannot draw is said once, at the top, with the same items in every format.
    @Test func aThemeLackingTokensIsSaidOnceInEveryFormat() throws {
        let input = try docsInputWithCapsule(themeOverride: "Orange")
        let markdown = try #require(MarkdownExporter(input: input).pages()["styles/DFButton.filled.md"])
        let html = try #require(HTMLExporter(input: input).pages()["styles/DFButton.filled.html"])
        let title = "Theme Orange 1.0.0 does not give everything this style needs"
        #expect(
            markdown.contains("> **" + title) && html.contains("<div class=\"note\" id=\"missing\"><strong>" + title))
        let item = "refers to {radius.md}, which does not exist"
        #expect(markdown.components(separatedBy: item).count - 1 == 1)
        #expect(html.components(separatedBy: item).count - 1 == 1)
        #expect(markdown.contains("| none | normal | not drawn: the theme lacks tokens (listed above) |"))
        // The warning comes before the appearance.
        let warning = try #require(markdown.range(of: title))
        let appearance = try #require(markdown.range(of: "## Appearance"))
        #expect(warning.lowerBound < appearance.lowerBound)
    }
}
