import CatalogModel
import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogOperations
@testable import CatalogTokenFiles

/// A republication read by difference must publish exactly what reading the whole files
/// publishes: the same rows, counts and content hash, the same problems at the same
/// places; and fall back to a whole read wherever the scan cannot vouch for the files.
@Suite struct RepublishByDifferenceTests {
    /// A theme with group types, a deprecated group, alias chains, a composite referring
    /// to an alias, mode values, extensions and descriptions, at `version`, with `edits`
    /// (path → member text, "" to remove) applied.
    static func file(version: String, edits: [String: String] = [:], order: [String]? = nil) -> String {
        var members: [(String, String)] = [
            ("base.red", ##"{"$value": "#FF0000", "$description": "Red."}"##),
            ("base.blue", ##"{"$value": "#0000FF"}"##),
            ("base.dark", ##"{"$value": "#110000", "$extensions": {"catalog.modes": {"dark": "#220000"}}}"##),
            ("base.gray", ##"{"$value": "#808080", "$extensions": {"acme.note": {"kept": [1, 2]}}}"##),
            ("brand.primary", ##"{"$type": "color", "$value": "{base.red}"}"##),
            ("brand.accent", ##"{"$type": "color", "$value": "{brand.primary}"}"##),
            ("brand.onDark", ##"{"$type": "color", "$value": "{base.dark}"}"##),
            (
                "brand.shadow",
                ##"{"$type": "shadow", "$value": {"color": "{brand.accent}", "offsetX": {"value": 1, "unit": "px"}, "offsetY": {"value": 0, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}"##
            ),
            ("old.gray", ##"{"$type": "color", "$value": "{base.gray}"}"##),
        ]
        for (path, text) in edits {
            if let index = members.firstIndex(where: { $0.0 == path }) {
                if text.isEmpty { members.remove(at: index) } else { members[index].1 = text }
            } else if !text.isEmpty {
                members.append((path, text))
            }
        }
        if let order { members.sort { order.firstIndex(of: $0.0) ?? 99 < order.firstIndex(of: $1.0) ?? 99 } }
        func group(_ name: String, _ head: String) -> String {
            let inner = members.filter { $0.0.hasPrefix(name + ".") }.map {
                "\n    \"\($0.0.dropFirst(name.count + 1))\": \($0.1)"
            }
            return "\"\(name)\": {\(head)\(inner.joined(separator: ","))\n  }"
        }
        return """
            {
              "$extensions": {"catalog.theme": {"name": "Diff", "version": "\(version)"},
                "catalog.dimensions": {"colorScheme": {"modes": ["light", "dark"], "default": "light"}}},
              \(group("base", "\"$type\": \"color\",")),
              \(group("brand", "\"$description\": \"Brand colors.\",")),
              \(group("old", "\"$deprecated\": \"Use brand.\","))
            }

            """
    }

    /// `text` published as 2.0.0 over 1.0.0 in two catalogs, one by difference and one
    /// read whole; returns whether the first read by difference, after comparing them.
    @discardableResult
    func republish(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Bool {
        try republish(from: input(Self.file(version: "1.0.0")), to: input(text), sourceLocation: sourceLocation)
    }

    /// `second` published over `first` in two catalogs, as ``republish(_:sourceLocation:)``.
    func republish(from first: ThemeInput, to second: ThemeInput, sourceLocation: Testing.SourceLocation)
        throws -> Bool
    {
        let folder = try TemporaryDirectory()
        var byDifference = false
        for whole in [false, true] {
            let catalog = try Catalog(path: folder.path(whole ? "whole.db" : "difference.db"), create: true)
            _ = try publish(first, to: catalog, whole: false)
            let prepared = try publish(second, to: catalog, whole: whole)
            if !whole { byDifference = prepared.byDifference }
        }
        let first = try Database(path: folder.path("difference.db"))
        let second = try Database(path: folder.path("whole.db"))
        for query in [
            "SELECT path, identity, stable_id, type, description, deprecated, deprecation_reason, replaced_by, dimension, extensions, metadata, since, until FROM tokens ORDER BY path, since",
            "SELECT path, mode, value, alias_of, since, until FROM token_values ORDER BY path, mode, since",
            "SELECT path, mode, value, since, until FROM resolved_tokens ORDER BY path, mode, since",
            "SELECT version, path, position, properties FROM theme_groups ORDER BY version, path",
            "SELECT version, ordinal, content_hash, token_count, deprecated_count FROM theme_versions ORDER BY ordinal",
            // One state per theme, updated in place by the second publication: the same as written whole.
            """
            SELECT s.theme, ordinal, written, source_key, manifest, token_rows, token_sum, value_rows, value_sum,
                deprecated_count FROM theme_publication_states AS s JOIN theme_publication_manifests USING (theme)
            """,
        ] {
            let a = try first.query(query).map { row in (0..<row.values.count).map { "\(row.value(at: $0))" } }
            let b = try second.query(query).map { row in (0..<row.values.count).map { "\(row.value(at: $0))" } }
            #expect(a == b, "\(query)", sourceLocation: sourceLocation)
        }
        return byDifference
    }

    func input(_ text: String) -> ThemeInput {
        ThemeInput(sources: [.init(file: "diff.json", data: Data(text.utf8))])
    }

    @discardableResult
    func publish(_ text: String, to catalog: Catalog, whole: Bool) throws -> PreparedTheme {
        try publish(input(text), to: catalog, whole: whole)
    }

    @discardableResult
    func publish(_ input: ThemeInput, to catalog: Catalog, whole: Bool) throws -> PreparedTheme {
        let prepared = whole ? try PreparedTheme.whole(input) : try catalog.publishing.prepare(input)
        _ = try catalog.publishing.publish(
            prepared, document: "", sourceFile: "diff.json", note: RevisionNote(message: "m", author: "t"))
        return prepared
    }

    /// Mode files: a change in one mode's file, and a token only a mode file has.
    @Test func modeFiles() throws {
        func modes(_ dark: String, version: String) -> ThemeInput {
            var input = self.input(
                ##"{"$extensions": {"catalog.theme": {"name": "M", "version": "\##(version)"}}, "base": {"$type": "color", "red": {"$value": "#FF0000"}, "pink": {"$value": "{base.red}"}}}"##
            )
            input.modeSources = [
                .init(dimension: "contrast", mode: "normal", source: .init(file: "normal.json", data: Data("{}".utf8))),
                .init(dimension: "contrast", mode: "high", source: .init(file: "high.json", data: Data(dark.utf8))),
            ]
            return input
        }
        let before = ##"{"base": {"$type": "color", "red": {"$value": "#AA0000"}}}"##
        for after in [
            ##"{"base": {"$type": "color", "red": {"$value": "#BB0000"}}}"##,
            ##"{"base": {"$type": "color", "red": {"$value": "#AA0000"}, "blue": {"$value": "#0000BB"}}}"##,
        ] {
            #expect(
                try republish(
                    from: modes(before, version: "1.0.0"), to: modes(after, version: "2.0.0"),
                    sourceLocation: #_sourceLocation))
        }
    }

    /// A resolver document's files: one changed, the others scanned and left out.
    @Test func resolverFiles() throws {
        let folder = try TemporaryDirectory()
        let resolver = ##"""
            {"version": "2025.10", "name": "R",
             "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {"scheme": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/scheme"}]}
            """##
        func input(_ version: String, base: String, dark: String) throws -> ThemeInput {
            let directory = folder.path(version)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(base.utf8).write(to: URL(fileURLWithPath: directory + "/base.json"))
            try Data(dark.utf8).write(to: URL(fileURLWithPath: directory + "/dark.json"))
            return ThemeInput(
                sources: [.init(file: directory + "/r.json", data: Data(resolver.utf8))],
                naming: .init(name: "R", version: Semver(version)),
                load: { reference, from in
                    let path = (from.file as NSString).deletingLastPathComponent + "/" + reference
                    return .init(file: path, data: try Data(contentsOf: URL(fileURLWithPath: path)))
                })
        }
        let base =
            ##"{"c": {"$type": "color", "a": {"$value": "#111111"}, "b": {"$value": "{c.a}"}, "z": {"$value": "#999999"}}}"##
        let dark = ##"{"c": {"a": {"$value": "#222222"}}}"##
        #expect(
            try republish(
                from: input("1.0.0", base: base, dark: dark),
                to: input("2.0.0", base: base.replacingOccurrences(of: "#111111", with: "#121212"), dark: dark),
                sourceLocation: #_sourceLocation))
        #expect(
            try republish(
                from: input("1.0.0", base: base, dark: dark),
                to: input("2.0.0", base: base, dark: dark.replacingOccurrences(of: "#222222", with: "#232323")),
                sourceLocation: #_sourceLocation))
    }

    @Test func aChangedValueAndWhatReachesIt() throws {
        #expect(try republish(Self.file(version: "2.0.0", edits: ["base.red": ##"{"$value": "#EE0000"}"##])))
        #expect(try republish(Self.file(version: "2.0.0", edits: ["base.gray": ##"{"$value": "#818181"}"##])))
        #expect(
            try republish(
                Self.file(
                    version: "2.0.0",
                    edits: [
                        "base.dark": ##"{"$value": "#110000", "$extensions": {"catalog.modes": {"dark": "#330000"}}}"##
                    ])))
    }

    @Test func tokensAddedRemovedMovedAndReformatted() throws {
        #expect(try republish(Self.file(version: "2.0.0", edits: ["base.blue": ""])))
        #expect(try republish(Self.file(version: "2.0.0", edits: ["base.green": ##"{"$value": "#00FF00"}"##])))
        #expect(
            try republish(
                Self.file(version: "2.0.0", edits: ["brand.link": ##"{"$type": "color", "$value": "{base.blue}"}"##])))
        #expect(
            try republish(
                Self.file(version: "2.0.0", order: ["base.gray", "base.dark", "base.blue", "base.red"])))
        #expect(
            try republish(
                Self.file(
                    version: "2.0.0", edits: ["base.red": ##"{ "$value" : "#FF0000" , "$description": "Red." }"##])))
        #expect(
            try republish(
                Self.file(
                    version: "2.0.0",
                    edits: ["brand.accent": ##"{"$type": "color", "$value": "{base.blue}", "$deprecated": true}"##])))
        // Nothing changed but the version.
        #expect(try republish(Self.file(version: "2.0.0")))
    }

    @Test func aChangeToGroupsIsReadWhole() throws {
        let text = Self.file(version: "2.0.0").replacingOccurrences(of: "\"Use brand.\"", with: "\"Use brand colors.\"")
        #expect(try !republish(text))
        let moved = Self.file(version: "2.0.0").replacingOccurrences(of: "\"brand\": {", with: "\"brands\": {")
            .replacingOccurrences(of: "{brand.", with: "{brands.")
        #expect(try !republish(moved))
    }

    /// Another command publishes the theme between this read and its publication: the
    /// difference no longer applies, and the files are read whole instead.
    /// The state a republication starts from is found before the scan by the theme's
    /// name as last published, and confirmed by the scan: the same files naming another
    /// theme are that theme's first publication, read whole; named by `--name` as before,
    /// they are read by difference.
    @Test func theStateIsTheOneTheScanConfirms() throws {
        let folder = try TemporaryDirectory()
        let catalog = try Catalog(path: folder.path("c.db"), create: true)
        try publish(Self.file(version: "1.0.0"), to: catalog, whole: false)
        func renamed(_ version: String, red: String) -> String {
            Self.file(version: version, edits: ["base.red": "{\"$value\": \"\(red)\"}"])
                .replacingOccurrences(of: "\"name\": \"Diff\"", with: "\"name\": \"Other\"")
        }
        #expect(try !publish(renamed("2.0.0", red: "#EE0000"), to: catalog, whole: false).byDifference)
        #expect(try catalog.themes().map(\.name).sorted() == ["Diff", "Other"])
        var named = input(renamed("2.0.0", red: "#DD0000"))
        named.naming.name = "Diff"
        #expect(try publish(named, to: catalog, whole: false).byDifference)
        #expect(
            try catalog.themes().map { "\($0.name) \($0.version)" }.sorted() == [
                "Diff 1.0.0", "Diff 2.0.0", "Other 2.0.0",
            ])
        // The naming is not the files' structure, whatever its length.
        #expect(try republish(Self.file(version: "10.0.0", edits: ["base.red": ##"{"$value": "#EE0000"}"##])))
    }

    @Test func aSupersededBasisIsReadWhole() throws {
        let folder = try TemporaryDirectory()
        let catalog = try Catalog(path: folder.path("c.db"), create: true)
        try publish(Self.file(version: "1.0.0"), to: catalog, whole: false)
        let text = Self.file(version: "2.0.0", edits: ["base.red": ##"{"$value": "#EE0000"}"##])
        let prepared = try catalog.publishing.prepare(input(text))
        #expect(prepared.byDifference)
        try publish(
            Self.file(version: "1.1.0", edits: ["base.green": ##"{"$value": "#00FF00"}"##]), to: catalog, whole: true)
        _ = try catalog.publishing.publish(
            prepared, document: DocumentDigest(text), sourceFile: "diff.json",
            note: RevisionNote(message: "m", author: "t"))
        let published = try catalog.theme(VersionedName(name: "Diff", version: Semver(2, 0, 0)))
        let expected = try ThemeReader.read(input(text)).theme
        #expect(published.tokens.map(\.path).sorted() == expected.tokens.map(\.path).sorted())
        #expect(published.tokens.first { $0.path == "base.green" } == nil)
        #expect(try catalog.themes().map(\.tokenCount) == [9, 10, 9])
    }

    /// The same files published again (a pipeline run twice) are recognized without a
    /// whole read; the same version with other content is still refused.
    @Test func theSameVersionAgain() throws {
        let folder = try TemporaryDirectory()
        let catalog = try Catalog(path: folder.path("c.db"), create: true)
        let text = Self.file(version: "1.0.0")
        try publish(text, to: catalog, whole: false)
        let again = try catalog.publishing.prepare(input(text))
        #expect(again.byDifference)
        #expect(again.tokenCount == 9)
        let publication = try catalog.publishing.publish(
            again, document: DocumentDigest(text), sourceFile: "diff.json",
            note: RevisionNote(message: "m", author: "t"))
        #expect(publication.outcome == .unchanged)
        #expect(publication.revision == nil)
        let edited = Self.file(version: "1.0.0", edits: ["base.red": ##"{"$value": "#EE0000"}"##])
        #expect(throws: PublishError.self) {
            try catalog.publishing.publish(
                try catalog.publishing.prepare(input(edited)), document: DocumentDigest(edited),
                sourceFile: "diff.json",
                note: RevisionNote(message: "m", author: "t"))
        }
        #expect(try catalog.themes().count == 1)
    }

    /// A bad change is reported as a whole read reports it: every problem, at its place.
    @Test func problemsAreThoseOfAWholeRead() throws {
        let folder = try TemporaryDirectory()
        let catalog = try Catalog(path: folder.path("c.db"), create: true)
        try publish(Self.file(version: "1.0.0"), to: catalog, whole: false)
        for edits in [
            ["base.red": ##"{"$value": "#GG0000"}"##],
            ["base.red": ""],
            ["brand.primary": ##"{"$type": "color", "$value": "{base.nowhere}"}"##],
            ["base.blue": ##"{"$value": 12}"##],
        ] {
            let text = Self.file(version: "2.0.0", edits: edits)
            let whole = #expect(throws: DocumentError.self) { try ThemeReader.read(input(text)) }
            let reduced = #expect(throws: DocumentError.self) { try catalog.publishing.prepare(input(text)) }
            #expect(whole?.description == reduced?.description, "\(edits)")
            #expect(whole?.description.contains("diff.json:") == true)
        }
        #expect(try catalog.themes().map(\.version) == [Semver(1, 0, 0)])
    }

    @Test func theStateIsKeptOnlyForWhatTheScanVouchesFor() throws {
        let folder = try TemporaryDirectory()
        let catalog = try Catalog(path: folder.path("c.db"), create: true)
        let older =
            ##"{"$extensions": {"catalog.theme": {"name": "Old", "version": "1.0.0"}}, "a": {"value": "#FF0000", "type": "color"}}"##
        try publish(older, to: catalog, whole: false)
        let again = try catalog.publishing.prepare(input(older.replacingOccurrences(of: "1.0.0", with: "1.0.1")))
        #expect(!again.byDifference)
        #expect(again.tokenCount == 1)
    }

    @Test func scanRefusals() throws {
        for text in [
            ##"{"a": {"$value": {"$ref": "#/b"}}}"##, ##"{"g": {"$extends": "{h}"}}"##, ##"{"a": {"value": "#FFF"}}"##,
            ##"{"$themes": [], "a": {"$value": 1}}"##, ##"{"a.b": {"$value": 1}}"##,
            ##"{"a": {"$value": 1, "b": {}}}"##,
            ##"{"a": {"$value": 1}"##, ##"{"a": {"$value": 1}} x"##, ##"{"\u0061": {"$value": 1}}"##,
        ] {
            #expect(throws: TokenSourceScan.Unsupported.self, "\(text)") { try TokenSourceScan.scan(Data(text.utf8)) }
        }
    }

    /// Blanked tokens leave valid JSON with every kept token where it was.
    @Test func reducedFilesKeepPlaces() throws {
        let text =
            "{\"g\": {\"$type\": \"color\",\n \"a\": {\"$value\": \"#FF0000\"}, \"b\": {\"$value\": \"#00FF00\"},\n  \"c\": {\"$value\": \"#0000FF\"}}}"
        let scan = try TokenSourceScan.scan(Data(text.utf8))
        #expect((0..<scan.entries.count).map(scan.path) == ["g.a", "g.b", "g.c"])
        for kept in [[0], [1], [2], [0, 2], [], [0, 1, 2]] {
            let reduced = try scan.reduced(Data(text.utf8)) { kept.contains($0) }
            #expect(reduced.count == text.utf8.count)
            let theme = try ThemeReader.read(
                reduced, file: "r.json", naming: .init(name: "R", version: Semver(1, 0, 0)))
            #expect(theme.tokens.map(\.path) == kept.map { ["g.a", "g.b", "g.c"][$0] })
            let whole = try ThemeReader.read(
                Data(text.utf8), file: "r.json", naming: .init(name: "R", version: Semver(1, 0, 0)))
            for token in theme.tokens {
                #expect(token.location == whole.tokens.first { $0.path == token.path }?.location)
            }
        }
    }

    /// Columns count characters: a blanked token with characters outside ASCII may not
    /// precede a kept one on its line.
    @Test func charactersOutsideASCIIKeepColumns() throws {
        let text = "{\"g\": {\"a\": {\"$value\": \"é\"}, \"b\": {\"$value\": 1},\n \"c\": {\"$value\": \"ü\"}}}"
        let scan = try TokenSourceScan.scan(Data(text.utf8))
        #expect(throws: TokenSourceScan.Unsupported.self) { try scan.reduced(Data(text.utf8)) { $0 == 1 } }
        #expect(throws: Never.self) { try scan.reduced(Data(text.utf8)) { $0 != 2 } }
        #expect(throws: Never.self) { try scan.reduced(Data(text.utf8)) { $0 == 0 } }
    }

    @Test func manifestsRoundTripAndRefuseDamage() throws {
        let text = Self.file(version: "1.0.0")
        let scan = try TokenSourceScan.scan(Data(text.utf8))
        let theme = try ThemeReader.read(Data(text.utf8), file: "diff.json")
        let manifest = SourceManifest(scans: [("source 0", scan)], theme: theme)
        let bytes = manifest.bytes
        let decoded = try #require(SourceManifest(bytes: bytes))
        #expect(decoded.bytes == bytes)
        let file = decoded.files[0]
        let primary = try #require(file.referrers.firstIndex(of: 4))  // brand.primary → base.red
        #expect(Array(file.targets(ofReferrer: primary)) == [TokenSourceScan.pathHash("base.red")])
        for cut in [0, 10, bytes.count / 2, bytes.count - 1] {
            #expect(SourceManifest(bytes: bytes.prefix(cut)) == nil)
        }
        var damaged = bytes
        damaged[damaged.count - 1] ^= 0xFF
        #expect(SourceManifest(bytes: damaged + Data([0])) == nil)
    }
}
