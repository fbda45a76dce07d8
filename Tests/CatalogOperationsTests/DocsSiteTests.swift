import CatalogModel
import CatalogOperations
import CatalogStore
import Foundation
import Testing

/// The HTML site as `catalog export docs --format html` writes it from the seeded catalog:
/// every published version reachable, search over tokens, the Markdown's facts on the
/// HTML pages, and Swift names beside tokens.
@Suite struct DocsSiteTests {
    static let site: (files: [String: String], markdown: [String: String], versions: Int) = {
        let repository = try! DocsExportTests.seeded()
        let html = try! DocsExport(format: .html, theme: nil, modes: [], in: repository)
        let markdown = try! DocsExport(format: .markdown, theme: nil, modes: [], in: repository)
        return (html.files, markdown.files, try! repository.publishedVersions().count)
    }()

    @Test func everyPublishedVersionHasAPageTheSwitcherReaches() throws {
        let files = Self.site.files
        let pages = files.keys.filter {
            ["components/", "styles/", "themes/"].contains(where: $0.hasPrefix) && $0.hasSuffix(".html")
        }
        #expect(pages.count == Self.site.versions)
        // DesignFoundation: 0.2.0, 1.0.3 and the latest, each linking to the others.
        let latest = try #require(files["themes/DesignFoundation.html"])
        #expect(latest.contains("<nav class=\"versions\" aria-label=\"Versions\">"))
        for file in ["DesignFoundation-0.2.0.html", "DesignFoundation-1.0.3.html"] {
            #expect(latest.contains("href=\"\(file)\""), "\(file)")
            #expect(files["themes/\(file)"] != nil, "\(file)")
        }
        #expect(latest.contains("aria-current=\"page\">1.1.2 (latest)</a>"))
        #expect(!latest.contains("class=\"older\""))
        let older = try #require(files["themes/DesignFoundation-0.2.0.html"])
        #expect(older.contains("<h1>DesignFoundation</h1>\n<p class=\"lede\">Version 0.2.0 · "))
        #expect(
            older.contains(
                "This is DesignFoundation 0.2.0, an earlier version. The latest is <a href=\"DesignFoundation.html\">1.1.2</a>."
            ))
        // Specs and styles too.
        #expect(files["components/DFButton.html"]?.contains("href=\"DFButton-0.2.0.html\"") == true)
        #expect(files["styles/DFButton.glass.html"]?.contains("href=\"DFButton.glass-0.2.0.html\"") == true)
        // A theme without earlier versions shows no switcher.
        #expect(files["themes/Orange.html"]?.contains("class=\"versions\"") == false)
    }

    @Test func searchFindsTokensAndStylesByTheTokensTheyUse() throws {
        let index = try #require(Self.site.files["assets/search-index.js"])
        #expect(index.hasPrefix("window.catalogSearch = [") && index.hasSuffix("];\n"))
        let json = String(index.dropFirst("window.catalogSearch = ".count).dropLast(2))
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]])
        let token = try #require(entries.first { $0[0] == "token" && $0[1] == "colors.interactiveFill" })
        #expect(token[2] == "themes/DesignFoundation.html#token-colors.interactiveFill")
        let styles = entries.filter { $0[0] == "style" && $0[4].contains("colors.interactivefill") }.map { $0[1] }
        #expect(styles == ["DFButton.filled"])
        #expect(entries.filter { $0[0] == "component" }.count == 4)
        // A token is found by its value (`007aff` finds `#007AFFFF`) and its description.
        #expect(token[4].contains("#007affff") && token[3] == "color in DesignFoundation · #007AFFFF")
        // And by its value in every mode: DesignFoundation's dark #0A84FF finds its system
        // blue and the token referring to it.
        for path in ["system.colors.systemBlue", "colors.info"] {
            let entry = entries.first { $0[0] == "token" && $0[1] == path && $0[3].contains("DesignFoundation") }
            #expect(entry?[4].contains("#0a84ffff") == true, "\(path): \(String(describing: entry))")
        }
        // Every page has the search box, a combobox over a listbox, and loads the index only
        // when the box is first used (from site.js).
        for (path, page) in Self.site.files where path.hasSuffix(".html") {
            #expect(!page.contains("assets/search-index.js\"></script>"), "\(path)")
            #expect(page.contains("id=\"search\"") && page.contains("role=\"combobox\""), "\(path)")
            #expect(page.contains("<ul id=\"search-results\" role=\"listbox\""), "\(path)")
        }
        #expect(Self.site.files["assets/site.js"]?.contains("script.src = base + \"assets/search-index.js\"") == true)
    }

    @Test func componentPagesCarryEveryMarkdownSection() throws {
        for name in ["DFButton", "OUDSButton", "Button", "ButtonVariantStyle"] {
            let markdown = try #require(Self.site.markdown["components/\(name).md"])
            let html = try #require(Self.site.files["components/\(name).html"])
            let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
            #expect(headings.count >= 5, "\(name)")
            for heading in headings {
                // Code spans are <code> in HTML.
                var text = ""
                var inCode = false
                for character in heading {
                    if character == "`" {
                        text += inCode ? "</code>" : "<code>"
                        inCode.toggle()
                    } else {
                        text.append(character)
                    }
                }
                #expect(html.contains("\">\(text)</h2>"), "\(name): \(heading)")
            }
        }
        let dfButton = try #require(Self.site.files["components/DFButton.html"])
        for fact in [
            "Initializer Reference", "VoiceOver hint", "Reduced Motion", "isPressed", "frame(maxWidth: .infinity)",
        ] {
            #expect(dfButton.contains(fact), "\(fact)")
        }
    }

    @Test func swatchesAndTokenTablesNameTheGeneratedSwift() throws {
        let theme = try #require(Self.site.files["themes/DesignFoundation.html"])
        let swatch = try #require(
            theme.components(separatedBy: "id=\"token-colors.textPrimary\"").dropFirst().first?.components(
                separatedBy: "</div></div>\n"
            ).first)
        #expect(swatch.contains("Swift <code>Color.<wbr>dfTextPrimary</code>"))
        #expect(swatch.contains("title=\"DesignFoundation.Colors.textPrimary, Color.dfTextPrimary\""))
        #expect(theme.contains("UIFont.<wbr>dfLabel"))
        // Token names break between segments, never inside a word.
        #expect(theme.contains("<code>colors.<wbr>interactiveDisabled</code>"))
    }

    @Test func indexShowsDarkThumbnailsInDarkModeAndNoEmptySections() throws {
        let index = try #require(Self.site.files["index.html"])
        let light = index.components(separatedBy: "only-light\"").count - 1
        let dark = index.components(separatedBy: "only-dark\"").count - 1
        #expect(light == dark && dark >= 20)
        for section in ["components", "styles", "themes"] { #expect(index.contains("<h2 id=\"\(section)\">")) }
        let css = try #require(Self.site.files["assets/site.css"])
        #expect(css.contains(":root[data-scheme=\"dark\"] .only-light { display: none; }"))
        // Every component's card shows its default look; a long title breaks after a dot.
        let components =
            index.components(separatedBy: "<h2 id=\"components\">").last?.components(separatedBy: "<h2 id=")
            .first ?? ""
        let cards = components.components(separatedBy: "<div class=\"card entry\"").dropFirst()
        #expect(cards.count == 4)
        for card in cards { #expect(card.contains("<figure class=\"preview"), "\(card.prefix(160))") }
        #expect(index.contains(">Button.<wbr>accessoryBarAction</a>"))
    }
}
