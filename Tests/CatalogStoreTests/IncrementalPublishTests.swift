import CatalogModel
import CatalogTokenFiles
import Foundation
import SQLite
import Testing

@testable import CatalogStore

/// Republishing re-resolves only what the changes reach and keeps the content hash by
/// sums: both must give exactly what resolving and hashing everything gives.
@Suite struct IncrementalPublishTests {
    /// A theme with light/dark values, alias chains, an alias inside a composite, an
    /// expression, a `$ref` pointer and an alias to a token that is not there (yet).
    static func theme(version: String, edits: [String: String] = [:]) throws -> Theme {
        var values: [String: String] = [
            "base.red": ##""#FF0000""##, "base.blue": ##""#0000FF""##,
            "base.dark": ##""#110000", "$extensions": {"catalog.modes": {"dark": "#220000"}}"##,
            "brand.primary": ##""{base.red}""##, "brand.accent": ##""{brand.primary}""##,
            "brand.onDark": ##""{base.dark}""##,
            "brand.pointer": ##"{"$ref": "#/base/blue/$value"}"##,
        ]
        for (path, value) in edits { values[path] = value }
        func color(_ path: String) -> String {
            guard let value = values[path] else { return "" }
            return "\"\(path.split(separator: ".").last!)\": {\"$type\": \"color\", \"$value\": \(value)}"
        }
        let colors = values.keys.filter { $0.hasPrefix("base.") && $0 != "base.unit" && values[$0] != "" }.sorted().map(
            color)
        let brand = values.keys.filter { $0.hasPrefix("brand.") && values[$0] != "" }.sorted().map(color)
        let text = """
            {"$extensions": {"catalog.dimensions": {"colorScheme": {"modes": ["light", "dark"], "default": "light"}}},
             "base": {\(colors.joined(separator: ", ")),
               "unit": {"$type": "dimension", "$value": \(edits["base.unit"] ?? ##""4px""##)},
               "wide": {"$type": "dimension", "$value": "{base.unit} * 2"}},
             "brand": {\(brand.joined(separator: ", ")),
               "shadow": {"$type": "shadow", "$value": {"color": "{brand.accent}", "offsetX": "{base.wide}",
                 "offsetY": "0px", "blur": "2px", "spread": "0px"}}}}
            """
        var theme = try ThemeReader.read(
            Data(text.utf8), file: "t.json", naming: .init(name: "Inc", version: Semver(version)))
        // The reader refuses a dangling alias; the store keeps one (a theme edited in place).
        theme.tokens.append(Token(path: "brand.later", type: .color, value: .string("{base.missing}")))
        theme.tokens.sort { $0.path < $1.path }
        return theme
    }

    func publish(_ theme: Theme, to repository: Repository) throws {
        _ = try repository.commit(message: "\(theme.version)", author: "test") { transaction in
            try repository.publish(theme: theme, document: "", sourceFile: "t.json", in: transaction)
        }
    }

    /// The stored resolved values of every mode equal a full resolution of `theme`.
    func expectMaterialized(_ theme: Theme, in repository: Repository) throws {
        let resolver = TokenResolver(theme: theme)
        for (mode, context) in resolver.standardContexts {
            let stored = try repository.resolvedTokens(theme: theme.name, version: theme.version, context: mode)
            #expect(stored == resolver.resolveAll(in: context).values, "\(theme.version) mode '\(mode)'")
        }
        #expect(try repository.maintainedContentHash() == repository.contentHash())
    }

    @Test func republishingResolvesWhatChangesReachAndNothingElseDiffers() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        let steps: [(String, [String: String])] = [
            ("1.0.0", [:]),
            ("1.1.0", ["base.red": ##""#00FF00""##]),  // reaches primary, accent, the shadow
            ("1.2.0", ["base.dark": ##""#110000", "$extensions": {"catalog.modes": {"dark": "#330000"}}"##]),
            ("1.3.0", ["base.missing": ##""#ABCDEF""##]),  // brand.later now resolves
            ("1.4.0", ["base.unit": ##""5px""##, "base.blue": ##""#0000AA""##]),  // expression, pointer
            ("1.5.0", ["brand.accent": ##""{base.blue}""##]),  // retargeted alias
            ("2.0.0", ["base.missing": "", "base.blue": ##""#0000AA""##]),  // deleted: brand.later fails again
        ]
        var previous: Theme?
        for (version, edits) in steps {
            var all = steps.prefix { $0.0 != version }.reduce(into: [String: String]()) { $0.merge($1.1) { $1 } }
            all.merge(edits) { $1 }
            let theme = try Self.theme(version: version, edits: all)
            try publish(theme, to: repository)
            try expectMaterialized(theme, in: repository)
            if let previous {
                // An earlier version still reads as it was published.
                try expectMaterialized(previous, in: repository)
            }
            previous = theme
        }
        #expect(try repository.check().isEmpty)
    }

    @Test func aFirstGenerationHashIsStillAcceptedAndOthersAreNot() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        try publish(try Self.theme(version: "1.0.0"), to: repository)
        #expect(try repository.contentMatches(try repository.contentHash()))
        #expect(try repository.contentMatches(try repository.legacyContentHash()))
        #expect(try repository.legacyContentHash() != repository.contentHash())
        #expect(try !repository.contentMatches(String(repeating: "0", count: 64)))
    }

    /// A version's content hash is the hash of the rows its publication wrote: publishing
    /// it again is "unchanged", other content under its number is a conflict, the order of
    /// the tokens does not count, and a version stored with the hash of its DTCG export
    /// (catalogs from before the rows were hashed) still matches its content.
    @Test func aVersionsContentHashIsItsRowsAndTheExportHashStillMatches() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        let theme = try Self.theme(version: "1.0.0")
        try publish(theme, to: repository)
        func stored() throws -> String? {
            try repository.database.scalar(
                "SELECT content_hash FROM theme_versions WHERE theme = 'Inc' AND version = '1.0.0'")?.string
        }
        let hash = try #require(try stored())
        #expect(hash == ThemeContentHash.of(theme))
        #expect(hash.count == 64)
        var reversed = theme
        reversed.tokens.reverse()
        #expect(ThemeContentHash.of(reversed) == hash)
        // Nor does the order of object members, in values or in extensions.
        var shuffled = theme
        let shadow = try #require(shuffled.tokens.firstIndex { $0.path == "brand.shadow" })
        let members = try #require(shuffled.tokens[shadow].value?.object)
        shuffled.tokens[shadow].value = JSON(.object(members.reversed()))
        #expect(shuffled.tokens[shadow].value != theme.tokens[shadow].value)
        #expect(ThemeContentHash.of(shuffled) == hash)
        var tagged = theme
        tagged.tokens[0].extensions = [("org.b", .number(1)), ("org.a", .number(2))]
        var retagged = theme
        retagged.tokens[0].extensions = [("org.a", .number(2)), ("org.b", .number(1))]
        #expect(ThemeContentHash.of(tagged) == ThemeContentHash.of(retagged))
        #expect(ThemeContentHash.of(tagged) != hash)
        let again = try repository.write { transaction in
            try repository.publish(theme: reversed, document: "", sourceFile: "t.json", in: transaction)
        }
        #expect(again == .unchanged)
        let edited = try Self.theme(version: "1.0.0", edits: ["base.red": ##""#00FF00""##])
        #expect(ThemeContentHash.of(edited) != hash)
        #expect(throws: PublishError.self) {
            try repository.write { transaction in
                try repository.publish(theme: edited, document: "", sourceFile: "t.json", in: transaction)
            }
        }
        // A catalog that stored a hash of an earlier definition (every row in key order, or
        // the export's): the same content is still recognized, other content refused.
        let earlier = ThemeContentHash.earlierHashes(of: theme)
        #expect(earlier.count == 2)
        for stored in earlier {
            #expect(stored != hash)
            try repository.database.execute(
                "UPDATE theme_versions SET content_hash = ? WHERE theme = 'Inc'", [.text(stored)])
            let old = try repository.write { transaction in
                try repository.publish(theme: theme, document: "", sourceFile: "t.json", in: transaction)
            }
            #expect(old == .unchanged)
            #expect(throws: PublishError.self) {
                try repository.write { transaction in
                    try repository.publish(theme: edited, document: "", sourceFile: "t.json", in: transaction)
                }
            }
        }
    }

    /// Two dimensions, tokens only one mode has, values per mode behind aliases: each mode's
    /// stored resolved values are a full resolution's, though only the tokens that can
    /// differ from the defaults are resolved there, at import and at a republication.
    @Test func everyModeIsMaterializedWhenOnlyWhatDiffersIsResolved() throws {
        let dark = ModeKey("colorScheme", "dark")
        let compact = ModeKey("density", "compact")
        func theme(_ version: String, themed: String) -> Theme {
            Theme(
                name: "Two", version: Semver(version)!,
                dimensions: [
                    ModeDimension(name: "colorScheme", modes: ["light", "dark"]),
                    ModeDimension(name: "density", modes: ["regular", "compact"]),
                ],
                tokens: [
                    Token(path: "plain", type: .color, value: .string("#000000")),
                    Token(path: "chain", type: .color, value: .string("{plain}")),
                    Token(
                        path: "themed", type: .color, value: .string(themed),
                        modes: [ModeValue(dark, .string("#EEEEEE"))]),
                    Token(path: "onThemed", type: .color, value: .string("{themed}")),
                    Token(path: "darkOnly", type: .color, value: nil, modes: [ModeValue(dark, .string("#222222"))]),
                    Token(path: "onDarkOnly", type: .color, value: .string("{darkOnly}")),
                    Token(
                        path: "size", type: .dimension, value: .string("4px"),
                        modes: [ModeValue(compact, .string("2px")), ModeValue(dark, .string("6px"))]),
                    Token(path: "wide", type: .dimension, value: .string("{size} * 2")),
                ])
        }
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        for (version, themed) in [("1.0.0", "#111111"), ("1.1.0", "#121212")] {
            let published = theme(version, themed: themed)
            try publish(published, to: repository)
            try expectMaterialized(published, in: repository)
        }
    }

    @Test func rowsChangedBehindTheCatalogAreReportedByCheck() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        try publish(try Self.theme(version: "1.0.0"), to: repository)
        try repository.database.execute("UPDATE tokens SET description = 'tampered' WHERE path = 'base.red'")
        let problems = try repository.check()
        #expect(problems.count == 2)
        #expect(problems.contains { $0.contains("a change was made without a revision") })
        #expect(problems.contains { $0.contains("kept as revisions are recorded") })
    }

    /// The search indexes follow the rows by triggers; `check` says when they do not (an
    /// entry removed, or one naming no row), the content being sound.
    @Test func searchIndexesOutOfStepWithTheRowsAreReportedByCheck() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        try publish(try Self.theme(version: "1.0.0"), to: repository)
        try publish(try Self.theme(version: "1.1.0", edits: ["base.red": ##""#EE0000""##]), to: repository)
        #expect(try repository.check() == [])
        let colors = try repository.database.scalar("SELECT count(*) FROM token_color_index")?.int64 ?? 0
        #expect(colors > 2)
        try repository.database.execute(
            "DELETE FROM token_color_index WHERE id = (SELECT min(id) FROM token_color_index)")
        try repository.database.execute(
            "INSERT INTO token_length_index (points_min, points_max, theme, path, mode, since) VALUES (4, 4, 'X', 'x', '', 1)"
        )
        try repository.database.execute("DELETE FROM token_text_index WHERE rowid = 1")
        let problems = try repository.check()
        #expect(problems.count == 4, "\(problems)")
        #expect(
            problems.contains {
                $0.contains("token_color_index holds \(colors - 1) entries where the resolved colors give \(colors)")
            })
        #expect(problems.contains { $0.contains("token_length_index names 1 rows that are not there") })
        #expect(problems.contains { $0.contains("token_text_index holds") })
        #expect(problems.allSatisfy { !$0.contains("without a revision") })
    }
}
