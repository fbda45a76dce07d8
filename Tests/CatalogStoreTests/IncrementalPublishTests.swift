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

    @Test func rowsChangedBehindTheCatalogAreReportedByCheck() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        try publish(try Self.theme(version: "1.0.0"), to: repository)
        try repository.database.execute("UPDATE tokens SET description = 'tampered' WHERE path = 'base.red'")
        let problems = try repository.check()
        #expect(problems.count == 2)
        #expect(problems.contains { $0.contains("a change was made without a revision") })
        #expect(problems.contains { $0.contains("kept as revisions are recorded") })
    }
}
