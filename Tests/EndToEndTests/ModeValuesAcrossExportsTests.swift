import CatalogModel
import Foundation
import TestSupport
import Testing

/// A token whose modes' own values include a dimension's default mode, along two
/// dimensions: every context resolves alike from the file, from its resolver export and
/// from its DTCG export read back, whichever dimension's default sets the value (the
/// resolver's read once gave `compact` the base value, which then overrode `dark`).
@Suite struct ModeValuesAcrossExportsTests {
    static let dimensions = #""$extensions":{"catalog.dimensions":{"S":["light","dark"],"W":["regular","compact"]}}"#

    /// Tokens as `catalog.modes` entries: `$value` (or none) and the modes' own values.
    static let tokens: [(name: String, value: String, modes: [(String, String)])] = [
        ("secondDefault", "#000000", [("dark", "#111111"), ("regular", "#ffffff")]),
        ("firstDefault", "#000000", [("light", "#222222"), ("compact", "#333333")]),
        ("bothDefaults", "#000000", [("light", "#444444"), ("dark", "#555555"), ("regular", "#666666")]),
    ]

    static var document: String {
        let members = tokens.map { token in
            let modes = token.modes.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",")
            return
                #""\#(token.name)":{"$type":"color","$value":"\#(token.value)","$extensions":{"catalog.modes":{\#(modes)}}}"#
        }
        return "{" + dimensions + "," + members.joined(separator: ",") + "}"
    }

    /// Every token's resolved hex in each of the four contexts of theme `name`.
    func contexts(_ name: String, in directory: TemporaryDirectory) throws -> [String: String] {
        var found: [String: String] = [:]
        for (s, w) in [("light", "regular"), ("dark", "regular"), ("light", "compact"), ("dark", "compact")] {
            let show = try CatalogProcess.run(
                [
                    "--db", "cat.db", "theme", "show", name, "--resolved", "--json", "--mode", "S=\(s)", "--mode",
                    "W=\(w)",
                ],
                directory: directory.url)
            #expect(show.status == 0, "\(show.stderr)")
            for token in try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? [] {
                let hex = token["value"]?["hex"]?.string ?? "none"
                found["\(token["path"]?.string ?? "") \(s) \(w)"] = hex
            }
        }
        return found
    }

    @Test func everyContextSurvivesBothExports() throws {
        let directory = try TemporaryDirectory()
        try Self.document.write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
        let run = { (arguments: [String]) in
            try CatalogProcess.run(["--db", "cat.db"] + arguments, directory: directory.url)
        }
        #expect(try run(["init"]).status == 0)
        let add = try run(["theme", "add", "t.json", "--name", "T"])
        #expect(add.status == 0, "\(add.stderr)")
        let original = try contexts("T", in: directory)
        #expect(original["secondDefault dark compact"] == "#111111", "\(original)")
        #expect(original["secondDefault light regular"] == "#ffffff")
        #expect(original["secondDefault light compact"] == "#000000")
        #expect(original["bothDefaults dark compact"] == "#555555")
        #expect(original["firstDefault light compact"] == "#333333")
        #expect(try run(["theme", "export", "T", "--format", "resolver", "-o", "resolver"]).status == 0)
        let viaResolver = try run(["theme", "add", "resolver/T.resolver.json", "--name", "R"])
        #expect(viaResolver.status == 0, "\(viaResolver.stderr)")
        #expect(try contexts("R", in: directory) == original)
        #expect(try run(["theme", "export", "T", "-o", "dtcg.json"]).status == 0)
        let viaDTCG = try run(["theme", "add", "dtcg.json", "--name", "D"])
        #expect(viaDTCG.status == 0, "\(viaDTCG.stderr)")
        #expect(try contexts("D", in: directory) == original)
    }
}
