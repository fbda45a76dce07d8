import CatalogModel
import CatalogOperations
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

/// `find_token` and `search` read the search indexes (migration 0016): each answer must be
/// the one a scan of every value gives, on the catalog that published the theme and on one
/// that received it by changeset.
@Suite struct NearestTokenTests {
    /// A theme of `count` colors drawn from `seed`: some translucent, every seventh with a
    /// dark value, every eleventh an alias of the one before; and a few lengths.
    struct Generated {
        var text = ""
        /// Each color token's values: the default, and the dark one where it has its own.
        var colors: [String: (light: Color, dark: Color?)] = [:]
        var lengths: [String: Double] = [:]

        init(count: Int, seed: UInt64) {
            var random = SeededGenerator(state: seed)
            var members: [String] = [
                #""$extensions": {"catalog.dimensions": {"scheme": {"modes": ["light", "dark"], "default": "light"}}}"#
            ]
            func hex(_ color: Color) -> String {
                "#"
                    + [color.red, color.green, color.blue, color.alpha].map {
                        String(format: "%02X", Int(($0 * 255).rounded()))
                    }.joined()
            }
            func draw() -> Color {
                Color(
                    red: Double(Int.random(in: 0...255, using: &random)) / 255,
                    green: Double(Int.random(in: 0...255, using: &random)) / 255,
                    blue: Double(Int.random(in: 0...255, using: &random)) / 255,
                    alpha: Int.random(in: 0..<5, using: &random) == 0
                        ? Double(Int.random(in: 0...255, using: &random)) / 255 : 1)
            }
            for index in 0..<count {
                let path = "palette.c\(index)"
                if index % 11 == 10, let target = colors["palette.c\(index - 1)"] {
                    colors[path] = target
                    members.append(#""c\#(index)": {"$type": "color", "$value": "{palette.c\#(index - 1)}"}"#)
                    continue
                }
                let light = draw()
                let dark = index % 7 == 0 ? draw() : nil
                colors[path] = (light, dark)
                let modes = dark.map { #", "$extensions": {"catalog.modes": {"dark": "\#(hex($0))"}}"# } ?? ""
                members.append(#""c\#(index)": {"$type": "color", "$value": "\#(hex(light))"\#(modes)}"#)
            }
            var sizes: [String] = []
            for index in 0..<40 {
                let points = Double(Int.random(in: 0...400, using: &random)) / 4
                lengths["size.s\(index)"] = points
                sizes.append(#""s\#(index)": {"$type": "dimension", "$value": "\#(points)px"}"#)
            }
            let palette = members.dropFirst().joined(separator: ", ")
            text = "{\(members[0]), \"palette\": {\(palette)}, \"size\": {\(sizes.joined(separator: ", "))}}"
        }

        /// The `limit` nearest colors by a scan of every value: (path, distance), nearest first.
        func nearest(to probe: Color, dark: Bool?, limit: Int) -> [(path: String, distance: Double)] {
            colors.map { path, values in
                let candidates =
                    switch dark {
                    case nil: [values.light] + (values.dark.map { [$0] } ?? [])
                    case true?: [values.dark ?? values.light]
                    case false?: [values.light]
                    }
                return (path, candidates.map { probe.difference(to: $0) }.min()!)
            }.sorted { ($0.distance, $0.path) < ($1.distance, $1.path) }.prefix(limit).map { $0 }
        }
    }

    @Test func theIndexesAnswerAsAScanOfEveryValueDoes() throws {
        let directory = try TemporaryDirectory()
        let (source, replica) = (directory.path("a.db"), directory.path("b.db"))
        _ = try Catalog.migrate(at: source, create: true)
        let generated = Generated(count: 3_000, seed: 7)
        let file = directory.path("big.tokens.json")
        try generated.text.write(toFile: file, atomically: true, encoding: .utf8)
        let input = try ThemeInput.files([file], naming: .init(name: "Big", version: Semver(1, 0, 0)))
        let note = RevisionNote(message: "big", author: "test")
        _ = try Catalog.addTheme(input, at: source, dryRun: false, note: { _, _ in note }, reported: { _ in })
        // The replica gets the theme by changeset: the triggers fill its indexes there too.
        let changeset = directory.path("all.changeset")
        try Catalog(path: source).exportChangeset(from: nil, to: nil, readable: false).data.write(
            to: URL(fileURLWithPath: changeset))
        _ = try Catalog.migrate(at: replica, create: true)
        _ = try Catalog.apply(changesetAt: changeset, to: replica, merge: false, author: "test")

        var random = SeededGenerator(state: 11)
        for catalog in [try Catalog(path: source), try Catalog(path: replica)] {
            let version = Semver(1, 0, 0)
            for round in 0..<12 {
                let probe = Color(
                    red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                    blue: .random(in: 0...1, using: &random), alpha: round % 4 == 3 ? 0.5 : 1)
                let text = String(
                    format: "#%02X%02X%02X%02X", Int(probe.red * 255), Int(probe.green * 255), Int(probe.blue * 255),
                    Int(probe.alpha * 255))
                let asked = try #require(Color(hex: String(text.dropFirst())))
                // Every mode, the dark mode alone, the defaults alone; few and many answers.
                let choices: [(NearestScope.Modes, Bool?)] = [
                    (.every, nil), (.one(ModeKey("scheme", "dark"), name: "dark"), true), (.one(nil, name: ""), false),
                ]
                let (modes, dark) = choices[round % 3]
                let limit = [1, 10, 60][round % 3]
                let answer = try catalog.nearestTokens(
                    to: try ValueProbe(text, type: nil),
                    in: [NearestScope(theme: "Big", version: version, modes: modes)],
                    limit: limit)
                let expected = generated.nearest(to: asked, dark: dark, limit: limit)
                #expect(answer.count == expected.count)
                for (found, wanted) in zip(answer, expected) {
                    // The same distance at each rank (paths may swap only between equal distances).
                    #expect(
                        abs(found.distance - wanted.distance) < 1e-3, "round \(round): \(found.path) vs \(wanted.path)")
                }
                #expect(answer.map(\.distance) == answer.map(\.distance).sorted())
            }
            // Lengths: the nearest by points, from the length index.
            let lengths = try catalog.nearestTokens(
                to: try ValueProbe("13.1px", type: nil),
                in: [NearestScope(theme: "Big", version: version, modes: .every)],
                limit: 5)
            let scanned = generated.lengths.map { ($0.key, abs($0.value - 13.1)) }.sorted {
                ($0.1, $0.0) < ($1.1, $1.0)
            }
            #expect(lengths.map(\.distance) == scanned.prefix(5).map(\.1))
            // Names: a substring from the trigram index, every match and nothing else.
            let matches = try catalog.searchTokens(theme: "Big", version: version, text: ".C12", limit: 10_000)
            let wanted = generated.colors.keys.filter { $0.contains(".c12") }
            #expect(Set(matches.map(\.path)) == Set(wanted) && matches.count == wanted.count)
            // A whole hex color finds the tokens whose default is that color, from the color index.
            let first = try #require(generated.colors["palette.c1"]).light
            let hex = String(
                format: "%02x%02x%02x", Int(first.red * 255), Int(first.green * 255), Int(first.blue * 255))
            let byValue = try catalog.searchTokens(theme: "Big", version: version, text: hex, limit: 50)
            #expect(byValue.contains { $0.path == "palette.c1" })
            // "Did you mean": the paths sharing three letters with a misspelling.
            let similar = try catalog.tokenPaths(
                sharingTrigramsWith: "palete.c1234", theme: "Big", version: version, limit: 100)
            #expect(similar.contains("palette.c1234"))
        }
    }
}
