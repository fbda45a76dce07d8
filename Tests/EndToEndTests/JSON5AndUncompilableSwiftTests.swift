import CatalogModel
import Foundation
import TestSupport
import Testing

/// Hostile shapes through the built binary: a JSON5 file valid by its
/// specification comes in as it means and an invalid one is refused with its place and
/// nothing written; an export whose Swift would not compile is refused with the fix.
@Suite struct JSON5AndUncompilableSwiftTests {
    @Test func json5ComesInByItsSpecification() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let valid = directory.path("tokens.json5")
        try
            (Data([0xEF, 0xBB, 0xBF])
            + Data(
                "// colors\n{\u{A0}color: {\n  $type: 'color',\n  Infinity: { $value: '#ff\\x30000' },\n  'null': { $value: \"{color.Infinity}\", $description: 'a\tb \\q' },\u{2028}\n},}\n"
                    .utf8)).write(to: URL(fileURLWithPath: valid))
        let add = try CatalogProcess.run(["--db", db, "theme", "add", valid, "--name", "J", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        let show = try CatalogProcess.run(["--db", db, "theme", "show", "J", "--resolved", "--json"])
        let tokens = try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? []
        #expect(tokens.map { $0["path"]?.string ?? "" } == ["color.Infinity", "color.null"])
        #expect(tokens.allSatisfy { $0["value"]?["hex"]?.string == "#ff0000" }, "\(tokens)")
        #expect(tokens.last?["description"]?.string == "a\tb q")

        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for (text, message) in [
            ("{a: {$type: 'color', $value: .}}", "bad.json5:1:30: error: . is not a number (it has no digit)"),
            ("{a: {$type: 'color', $value: nope}}", "bad.json5:1:30: error: nope is not a value"),
            ("[,]", "bad.json5:1:2:"),
        ] {
            let bad = directory.path("bad.json5")
            try text.write(toFile: bad, atomically: true, encoding: .utf8)
            let refused = try CatalogProcess.run(["--db", db, "theme", "add", bad, "--name", "B", "--version", "1.0.0"])
            #expect(refused.status == 65, "\(text): \(refused.stderr)")
            #expect(refused.stderr.contains(message), "\(text): \(refused.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    @Test func swiftThatWouldNotCompileIsRefusedWithTheFix() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        #expect(try CatalogProcess.run(["--db", db, "seed"]).status == 0)
        for (arguments, message) in [
            (["--module", "Foundation"], "the module name \"Foundation\" is a module the generated code imports"),
            (["--module", "Self"], "the module name \"Self\" is a Swift keyword: choose another with --module"),
            (["--rename", "colors.accent=_"], "--rename colors.accent=_: \"_\" is Swift's wildcard, not a name"),
        ] {
            let export = try CatalogProcess.run(
                ["--db", db, "export", "swift", "--theme", "DesignFoundation", "-o", directory.path("out")] + arguments)
            #expect(export.status != 0, "\(arguments)")
            #expect(export.stderr.contains(message), "\(arguments): \(export.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
        }
    }
}
