import CatalogModel
import CatalogTokenFiles
import Foundation
import SQLite
import Testing

@testable import CatalogStore

/// A theme whose mode names repeat across dimensions, whose tokens vary along several
/// and exist only in some modes, published and read back: the same theme, the same
/// resolved values in every standard context, and the rows name shared modes with
/// their dimension.
@Suite struct ContextStoreTests {
    static func theme() throws -> Theme {
        func source(_ file: String, _ text: String) -> ThemeInput.Source {
            .init(file: file, data: Data(text.utf8))
        }
        let gap = { (value: Int) in "{ \"gap\": { \"$type\": \"number\", \"$value\": \(value) } }" }
        return try ThemeReader.read(
            ThemeInput(
                sources: [
                    source(
                        "base.json",
                        """
                        { "gap": { "$type": "number", "$value": 1 }, "same": { "$type": "number", "$value": "{gap}" } }
                        """)
                ],
                modeSources: [
                    .init(dimension: "Size", mode: "MD", source: source("Size.MD.json", gap(2))),
                    .init(
                        dimension: "Size", mode: "LG",
                        source: source(
                            "Size.LG.json",
                            "{ \"gap\": { \"$type\": \"number\", \"$value\": 3 }, \"wide\": { \"$type\": \"number\", \"$value\": 9 } }"
                        )),
                    .init(dimension: "Density", mode: "MD", source: source("Density.MD.json", gap(4))),
                    .init(dimension: "Density", mode: "SM", source: source("Density.SM.json", gap(5))),
                ], naming: .init(name: "Figma", version: Semver(1, 0, 0)))
        ).theme
    }

    @Test func aThemeWithSeveralDimensionsRoundTripsThroughTheStore() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        let theme = try Self.theme()
        #expect(theme.token("wide")?.value == nil)
        _ = try repository.commit(message: "1.0.0", author: "test") { transaction in
            try repository.publish(theme: theme, document: "", sourceFile: "base.json", in: transaction)
        }
        let loaded = try repository.theme(VersionedName(name: "Figma"))
        #expect(loaded.dimensions == theme.dimensions)
        #expect(loaded.tokens == theme.tokens)
        let modes = try repository.database.query(
            "SELECT mode FROM theme_modes WHERE theme = 'Figma' ORDER BY dimension, position"
        ).map { try $0.text(0) }
        #expect(modes == ["Density=MD", "SM", "Size=MD", "LG"])
        let resolver = TokenResolver(theme: theme)
        for (key, context) in resolver.standardContexts {
            let stored = try repository.resolvedTokens(theme: "Figma", version: theme.version, context: key)
            #expect(stored == resolver.resolveAll(in: context).values, "context '\(key)'")
        }
        #expect(
            try repository.resolvedTokens(theme: "Figma", version: theme.version, context: "Size=LG")["wide"]
                == .number(9))
        #expect(try repository.resolvedTokens(theme: "Figma", version: theme.version, context: "")["wide"] == nil)
        let again = try repository.write { transaction in
            try repository.publish(theme: theme, document: "", sourceFile: "base.json", in: transaction)
        }
        #expect(again != .published)
        #expect(try repository.maintainedContentHash() == repository.contentHash())
    }
}
