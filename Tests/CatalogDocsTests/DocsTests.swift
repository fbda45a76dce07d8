import CatalogDocs
import CatalogModel
import CatalogResources
import CatalogStore
import Foundation
import TestSupport
import Testing

/// The seeds as documentation input, and the stored documents for the JSON export.
func seededDocsInput() throws -> (DocsInput, [String: JSON], [String: JSON]) {
    let repository = try Repository(path: ":memory:", mode: .createIfMissing)
    _ = try repository.write { transaction in
        try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
    }
    let themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
        try repository.theme(VersionedName(name: $0))
    }
    let input = DocsInput(
        specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: themes,
        modes: ["light", "dark"])
    let styles = try repository.latestStyleDocuments()
    let specs = try repository.latestSpecDocuments()
    return (input, styles, specs)
}

@Suite struct GoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    /// Compares `files` with the golden folder `name`; with `UPDATE_GOLDENS=1` in the
    /// environment, rewrites the folder instead (when the seeds change on purpose):
    /// `UPDATE_GOLDENS=1 swift test --filter GoldenTests`.
    func check(_ files: [String: String], folder name: String) throws {
        let folder = Self.golden.appending(path: name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            for (path, content) in files {
                let url = folder.appending(path: path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            }
            return
        }
        var expected: [String] = []
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where !url.hasDirectoryPath {
                expected.append(
                    String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        #expect(expected.sorted() == files.keys.sorted(), "the set of files differs from Golden/\(name)")
        for (path, content) in files {
            let stored = try? String(contentsOf: folder.appending(path: path), encoding: .utf8)
            #expect(
                stored == content,
                "Golden/\(name)/\(path) differs; run UPDATE_GOLDENS=1 swift test --filter GoldenTests if the change is intended"
            )
        }
    }

    @Test func markdownOfTheSeeds() throws {
        let (input, _, _) = try seededDocsInput()
        let pages = MarkdownExporter(input: input).pages()
        // The pages are golden; their SVG previews are the HTML site's drawings (checked
        // there), so here each image a page shows must be a file of the export.
        try check(pages.filter { !$0.key.hasSuffix(".svg") }, folder: "markdown")
        #expect(MarkdownExporter(input: input).pages() == pages, "deterministic")
        var images = 0
        for (path, page) in pages where path.hasPrefix("styles/") && path.hasSuffix(".md") {
            for piece in page.components(separatedBy: "](previews/").dropFirst() {
                let image = "styles/previews/" + piece.prefix { $0 != ")" }
                #expect(pages[image]?.hasPrefix("<svg xmlns=") == true, "\(path) shows \(image)")
                images += 1
            }
        }
        #expect(images == 396 && pages.keys.filter { $0.hasSuffix(".svg") }.count == 396)
    }

    @Test func jsonOfTheSeeds() throws {
        let (input, styles, specs) = try seededDocsInput()
        let document = JSONExporter(input: input).document(styleDocuments: styles, specDocuments: specs)
        try check(["catalog-docs.json": document.serialized(pretty: true) + "\n"], folder: "json")
        let schemaURL = Self.golden.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Schemas/docs.schema.json")
        let schema = JSONSchemaValidator(
            root: try JSONParser.parse(try Data(contentsOf: schemaURL), file: "docs.schema.json"))
        #expect(schema.validate(document) == [])
    }
}

@Suite struct PageFactTests {
    @Test func dfButtonCarriesTheReferencePageFacts() throws {
        let (input, _, _) = try seededDocsInput()
        let page = try #require(MarkdownExporter(input: input).pages()["components/DFButton.md"])
        for style in [
            "Filled — `.filled` (default)", "Outlined — `.outlined`", "Ghost — `.ghost`", "Tinted — `.tinted`",
        ] {
            #expect(page.contains("### \(style)\n"))
        }
        #expect(page.contains("### Glass — `.glass` (iOS 26.0+, macOS 26.0+)\n"))
        let disabled =
            page.components(separatedBy: "## Disabled State\n\n").last?.components(separatedBy: "\n\n").first ?? ""
        #expect(disabled.split(separator: "\n").count == 7)  // header, rule, five styles
        #expect(
            disabled.contains(
                "| [Outlined](../styles/DFButton.outlined.md) | none | #3C3C434D ({colors.textDisabled}) | 1.5 pt #3C3C434A ({colors.border}) | 0.5 |"
            ))
        #expect(
            page.contains(
                "| `.destructive` | Substitutes theme.colors.destructive for the primary color in every built-in style | Destructive action |"
            ))
        #expect(page.contains("| `.cancel` | No visual change | No hint |"))
        #expect(page.contains("| Reduced Motion | Scale animations suppressed when Reduce Motion is enabled |"))
        #expect(page.contains("| label | `String` | required |"))
        #expect(page.contains("| role | `DFButtonRole?` | `nil` |"))
        #expect(page.contains("| action | `@escaping () -> Void` | required |"))
        #expect(page.contains("| Minimum platform | iOS 18.0+, macOS 15.0+, visionOS 2.0+ |"))
        // Every section of the reference page, and the code names of each variant.
        for section in [
            "## Import", "## Quick Start", "## Initializer Reference", "## Button Roles", "## Disabled State",
            "## Full-Width Buttons", "## Accessibility", "## Custom Styles: `DFButtonStyle`",
        ] {
            #expect(page.contains("\n\(section)\n"), "\(section)")
        }
        #expect(
            page.contains(
                "Drawn by [DFButton.filled](../styles/DFButton.filled.md). In the design system's API: `.dfButtonStyle(.filled)`. With the generated package: `import DesignFoundationTokens` and `.buttonStyle(.dfButtonFilled)`."
            ))
        #expect(page.contains("| isPressed | `Bool` | true during an active press |"))
    }

    @Test func oudsAndButtonVariantStyle() throws {
        let (input, _, _) = try seededDocsInput()
        let pages = MarkdownExporter(input: input).pages()
        let ouds = try #require(pages["components/OUDSButton.md"])
        for appearance in ["default", "strong", "brand", "minimal", "negative"] {
            #expect(ouds.contains("— `.\(appearance)`\n") || ouds.contains("— `.\(appearance)` (default)\n"))
        }
        #expect(ouds.contains("## Style Variants") && ouds.contains("### Loading — `.loading`"))
        #expect(
            ouds.contains("| Minimum platform | iOS 15.0+, macOS 13.0+, tvOS 16.0+, visionOS 1.0+, watchOS 11.0+ |"))
        #expect(
            ouds.contains(
                "| `ouds-colored-surface` | **error** | A negative or brand button is not allowed as a direct or indirect child of an OUDSColoredSurface. |"
            ))
        let variant = try #require(pages["components/ButtonVariantStyle.md"])
        #expect(variant.contains("| small | subheadline 15 pt weight 600 | 12 pt | 7 pt | 10 pt | — | 6 pt |"))
        #expect(variant.contains("| regular | body 17 pt weight 600 | 18 pt | 12 pt | 12 pt | — | 0 pt |"))
        #expect(variant.contains("| large | title3 20 pt weight 600 | 24 pt | 16 pt | 16 pt | — | 0 pt |"))
    }

    @Test func catalogTextCannotInjectMarkupOrEscapeTheFolder() throws {
        let (input, _, _) = try seededDocsInput()
        var evil = try #require(input.style(named: "DFButton.filled"))
        evil.name = "../../escape"
        evil.description = "<script>alert(1)</script> [link](http://x) *bold* | pipe"
        let tampered = DocsInput(specs: input.specs, styles: input.styles + [evil], themes: input.themes, modes: [])
        let pages = MarkdownExporter(input: tampered).pages()
        #expect(pages.keys.allSatisfy { !$0.contains("..") && !$0.hasPrefix("/") })
        let page = try #require(pages["styles/escape.md"])
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; \\[link\\](http://x) \\*bold\\* | pipe"))
        #expect(SafeName.file("../../etc/passwd") == "etc-passwd")
        #expect(SafeName.file("..") == "unnamed")
    }
}
