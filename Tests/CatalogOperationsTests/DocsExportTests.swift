import CatalogModel
import CatalogOperations
import CatalogResources
import CatalogStore
import Foundation
import Testing

/// A theme too large to list whole is documented in part: its pages say how many tokens
/// it has and how to get them all, and everything drawn from it is as with the whole theme.
@Suite struct DocsExportTests {
    static func seeded() throws -> Repository {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        let seeds = EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }
        _ = try Publishing(repository: repository).seed(
            seeds, from: "Seeds", note: RevisionNote(message: "seed", author: "test")
        ) { _, _ in }
        return repository
    }

    @Test func aLargeThemeIsListedInPartAndSaysSo() throws {
        let repository = try Self.seeded()
        let total = try repository.tokenCount(
            "DesignFoundation", repository.themeVersion(.init(name: "DesignFoundation")))
        #expect(total > 10)
        for format in [DocsExport.Format.html, .markdown] {
            let whole = try DocsExport(format: format, theme: nil, modes: ["all"], in: repository)
            let part = try DocsExport(format: format, theme: nil, modes: ["all"], in: repository, tokenLimit: 10)
            // Style pages (previews, resolved values, contrast) are the same: the tokens styles
            // use, and what those refer to, are always loaded.
            let stylePages = whole.files.keys.filter { $0.hasPrefix("styles/") }
            #expect(stylePages.count > 20)
            for page in stylePages { #expect(part.files[page] == whole.files[page], "\(format) \(page)") }
            #expect(part.previews == whole.previews && part.missingPreviews == whole.missingPreviews)
            let themePage = try #require(
                part.files.first { $0.key.hasPrefix("themes/DesignFoundation.") }?.value)
            #expect(themePage.contains("This theme has \(total) tokens"))
            #expect(themePage.contains("catalog theme export DesignFoundation"))
            let wholePage = try #require(
                whole.files.first { $0.key.hasPrefix("themes/DesignFoundation.") }?.value)
            #expect(!wholePage.contains("This theme has"))
        }
        let json = try DocsExport(format: .json, theme: nil, modes: [], in: repository, tokenLimit: 10)
        let document = try JSONParser.parse(try #require(json.files["catalog-docs.json"]), file: "docs")
        let theme = try #require(document["themes"]?.array?.first { $0["name"] == .string("DesignFoundation") })
        #expect(theme["tokenCount"] == .number(Double(total)))
        #expect(theme["partial"]?.string?.contains("\(total) tokens") == true)
        let listed = try #require(theme["tokens"]?.array)
        #expect(listed.count < total && listed.count >= 10)
        let whole = try DocsExport(format: .json, theme: nil, modes: [], in: repository)
        let themes = try JSONParser.parse(try #require(whole.files["catalog-docs.json"]), file: "docs")["themes"]
        for theme in try #require(themes?.array) {
            #expect(theme["partial"] == .null)
            #expect(theme["tokenCount"] == .number(Double(theme["tokens"]?.array?.count ?? -1)))
        }
    }
}
