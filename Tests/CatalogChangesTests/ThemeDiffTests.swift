import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

/// Reads a theme from JSON text for diff tests.
func theme(_ text: String, version: String = "1.0.0") throws -> Theme {
    try ThemeReader.read(Data(text.utf8), file: "t.json", naming: .init(name: "T", version: Semver(version)))
}

func diff(_ old: String, _ new: String) throws -> ThemeDiff {
    ThemeDiff.compute(
        from: ThemeDiff.Side(theme: try theme(old)), to: ThemeDiff.Side(theme: try theme(new, version: "2.0.0")))
}

@Suite struct ThemeDiffTests {
    static let before = """
        { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
          "base": { "$type": "color", "$value": "#000000", "$extensions": { "catalog.modes": { "dark": "#111111" } } },
          "dark": { "$type": "color", "$value": "#222222", "$extensions": { "catalog.modes": { "dark": "#333333" } } },
          "chain": { "$type": "color", "$value": "{link}" },
          "link": { "$type": "color", "$value": "{dark}" },
          "byId": { "$type": "color", "$value": "#444444", "$extensions": { "catalog.id": "stable-1" } },
          "old": { "$type": "color", "$value": "#555555", "$extensions": { "catalog.replacedBy": "{fresh}" } },
          "gone": { "$type": "dimension", "$value": "4px" },
          "legacy": { "$type": "color", "$value": "#666666", "$deprecated": "use base" },
          "type": { "$type": "typography", "$value": { "fontSize": "12px", "fontWeight": 400 } },
          "kind": { "$type": "number", "$value": 1 } }
        """
    static let after = """
        { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
          "base": { "$type": "color", "$value": "#000000", "$extensions": { "catalog.modes": { "dark": "#111111" } }, "$deprecated": "use brand" },
          "dark": { "$type": "color", "$value": "#222222", "$extensions": { "catalog.modes": { "dark": "#999999" } } },
          "chain": { "$type": "color", "$value": "{link}" },
          "link": { "$type": "color", "$value": "{dark}" },
          "renamedById": { "$type": "color", "$value": "#444444", "$extensions": { "catalog.id": "stable-1" } },
          "fresh": { "$type": "color", "$value": "#555555" },
          "legacy": { "$type": "color", "$value": "#666666" },
          "type": { "$type": "typography", "$value": { "fontSize": "14px", "fontWeight": 400 } },
          "kind": { "$type": "dimension", "$value": 1 },
          "brand": { "$type": "color", "$value": "#ff7900" },
          "born": { "$type": "color", "$value": "#010101", "$deprecated": true } }
        """

    @Test func everyCategoryByHand() throws {
        let result = try diff(Self.before, Self.after)
        let summary = Dictionary(grouping: result.entries, by: \.category).mapValues { $0.map(\.path).sorted() }
        #expect(summary[.renamed] == ["fresh", "renamedById"])
        #expect(summary[.deprecated] == ["born"])  // new, and already deprecated
        #expect(summary[.reverted] == ["legacy"])
        #expect(summary[.added] == ["brand"])
        #expect(summary[.deleted] == ["gone"])
        #expect(summary[.updated] == ["base", "dark", "kind", "type"])  // base gains a deprecation: a property change
        let base = try #require(result.entries.first { $0.path == "base" })
        #expect(base.changes.contains { $0.path == "$deprecated" && $0.originalValue == nil })
        let byID = try #require(result.entries.first { $0.path == "renamedById" })
        #expect(byID.originalPath == "byId")
        #expect(
            byID.changes == [
                PropertyChange(
                    path: "path", changeType: .updated, originalValue: .string("byId"), newValue: .string("renamedById")
                )
            ])
        #expect(result.entries.first { $0.path == "fresh" }?.originalPath == "old")
        let nested = try #require(result.entries.first { $0.path == "type" })
        #expect(
            nested.changes == [
                PropertyChange(
                    path: "$value.fontSize.value", changeType: .updated, originalValue: .number(12),
                    newValue: .number(14))
            ])
        let darkChange = try #require(result.entries.first { $0.path == "dark" }?.changes.first)
        #expect(
            darkChange.path == "$extensions.catalog.modes.dark.alpha"
                || darkChange.path.hasPrefix("$extensions.catalog.modes.dark"))
        #expect(result.entries.first { $0.path == "kind" }?.isBreaking == true)
        #expect(result.isBreaking)
        #expect(
            result.breakingReasons == [
                "token old renamed to fresh", "token byId renamed to renamedById", "token gone deleted",
                "token kind changed type",
            ])
    }

    @Test func resolvedChangesThroughAnAliasChainInDarkModeOnly() throws {
        let result = try diff(Self.before, Self.after)
        #expect(result.resolved.map { "\($0.path) \($0.mode)" } == ["chain dark", "link dark"])
        let chain = try #require(result.resolved.first)
        #expect(Color(dtcg: chain.originalValue)?.hexRGBA == "#333333FF")
        #expect(Color(dtcg: chain.newValue)?.hexRGBA == "#999999FF")
    }

    @Test func diffsMirrorEachOther() throws {
        let forward = try diff(Self.before, Self.after)
        let backward = ThemeDiff.compute(
            from: ThemeDiff.Side(theme: try theme(Self.after, version: "2.0.0")),
            to: ThemeDiff.Side(theme: try theme(Self.before)))
        let mirror: [ThemeDiff.Category: ThemeDiff.Category] = [
            .added: .deleted, .deleted: .added, .reverted: .updated, .renamed: .renamed, .updated: .updated,
        ]
        for entry in forward.entries where !(entry.category == .deprecated && entry.original == nil) {
            let partner = backward.entries.first {
                ($0.originalPath ?? $0.path) == entry.path || $0.path == (entry.originalPath ?? entry.path)
            }
            // Gaining a deprecation is an update; losing it, going back, a reversion.
            let gainsDeprecation = entry.changes.contains { $0.path == "$deprecated" && $0.originalValue == nil }
            let expected = entry.category == .updated && gainsDeprecation ? .reverted : mirror[entry.category]
            #expect(partner?.category == expected, "\(entry.path)")
            if entry.category == .updated || entry.category == .renamed {
                #expect(partner?.changes.map(\.reversed).sorted() == entry.changes.sorted(), "\(entry.path)")
            }
        }
        // A token born deprecated mirrors to a deletion.
        #expect(backward.entries.first { $0.path == "born" }?.category == .deleted)
        #expect(forward.resolved.map { [$0.path, $0.mode] } == backward.resolved.map { [$0.path, $0.mode] })
        #expect(
            zip(forward.resolved, backward.resolved).allSatisfy {
                $0.originalValue == $1.newValue && $0.newValue == $1.originalValue
            })
    }

    @Test func identicalThemesHaveNoDifferences() throws {
        let result = try diff(Self.before, Self.before)
        #expect(result.entries.isEmpty && result.resolved.isEmpty && !result.isBreaking)
    }

    @Test func jsonIsDeterministicAndDocumented() throws {
        let result = try diff(Self.before, Self.after)
        let json = result.json(impact: nil)
        #expect(json["format"] == .string("catalog.theme-diff/2"))
        #expect(json["summary"]?["renamed"] == .number(2))
        #expect(json["renamed"]?.array?.first?["originalPath"] == .string("old"))
        #expect(
            json["updated"]?.array?.first { $0["path"] == .string("type") }?["changes"]?.array?.first?["kind"]
                == .string("updated"))
        // Every change is fields, with the sentence beside them.
        let classified = result.classified.map(\.json)
        #expect(
            classified.allSatisfy { $0["path"]?.string != nil && $0["kind"]?.string != nil && $0["message"] != nil })
        #expect(classified.contains { $0["kind"] == .string("removed") && $0["old"] != .null && $0["new"] == .null })
        #expect(json.serialized() == (try diff(Self.before, Self.after)).json(impact: nil).serialized())
    }
}

/// Dimensions and modes are part of what a theme version is: a release that drops a
/// dimension or a mode is breaking, one that adds them is additive, and a diff says so
/// (it used to say "no changes"), from whole themes and from the stored rows alike.
@Suite struct DimensionDiffTests {
    static func theme(_ version: String, _ dimensions: [ModeDimension]) -> Theme {
        Theme(
            name: "D", version: Semver(version)!, dimensions: dimensions,
            tokens: [Token(path: "a", type: .number, value: .number(1))])
    }

    @Test func droppedAndAddedDimensionsAndModesAreChanges() throws {
        let old = Self.theme(
            "1.0.0",
            [
                ModeDimension(name: "colorScheme", modes: ["light", "dark", "wireframe"]),
                ModeDimension(name: "scale", modes: ["desktop", "mobile"]),
                ModeDimension(name: "density", modes: ["a", "b"]),
            ])
        let new = Self.theme(
            "2.0.0",
            [
                ModeDimension(name: "colorScheme", modes: ["light", "dark", "dim"], defaultMode: "dark"),
                ModeDimension(name: "brand", modes: ["canvas", "peach"]),
            ])
        let diff = ThemeDiff.compute(from: .init(theme: old), to: .init(theme: new))
        #expect(
            diff.dimensionChanges.map(\.message) == [
                "dimension colorScheme: mode wireframe removed; mode dim added; default light → dark",
                "dimension brand added (canvas, peach)", "dimension scale removed (desktop, mobile)",
                "dimension density removed (a, b)",
            ])
        #expect(diff.isBreaking && !diff.isEmpty)
        #expect(diff.dimensionChanges.map(\.isBreaking) == [true, false, true, true])
        #expect(diff.classified.filter { $0.level == .breaking }.count == 3)
        let json = diff.json(impact: nil)
        #expect(json["summary"]?["dimensions"] == .number(4))
        #expect(json["dimensions"]?.array?.first?["kind"] == .string("changed"))
        let same = ThemeDiff.compute(from: .init(theme: old), to: .init(theme: old))
        #expect(same.isEmpty)
    }

    @Test func theStoredDiffSeesDimensionsToo() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        try publish(
            Self.theme("1.0.0", [ModeDimension(name: "scale", modes: ["desktop", "mobile"])]), to: repository,
            message: "1")
        try publish(Self.theme("2.0.0", []), to: repository, message: "2")
        let diff = try ThemeDiff.stored(theme: "D", from: Semver(1, 0, 0), to: Semver(2, 0, 0), repository: repository)
        #expect(diff.dimensionChanges.map(\.message) == ["dimension scale removed (desktop, mobile)"])
        #expect(diff.isBreaking)
    }
}
