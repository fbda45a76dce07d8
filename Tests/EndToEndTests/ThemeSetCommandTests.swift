import Foundation
import TestSupport
import Testing

/// `catalog export swift` with `--theme` repeated: one package of several brands, said in
/// its summary; a refused set writes nothing.
@Suite struct ThemeSetCommandTests {
    @Test func repeatedThemesWriteOnePackageOrNothing() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        #expect(try CatalogProcess.run(["--db", db, "seed"]).status == 0)
        let output = directory.path("OUDSTokens")
        let written = try CatalogProcess.run([
            "--db", db, "export", "swift", "--theme", "Orange", "--theme", "Sosh", "--module", "OUDSTokens",
            "--style", "all", "--output", output,
        ])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            written.stdout.hasPrefix(
                "Wrote package OUDSTokens to \(output): 59 tokens of themes Orange 1.0.0, Sosh 1.0.0, "),
            "\(written.stdout)")
        let source = try String(contentsOfFile: output + "/Sources/OUDSTokens/OUDS.swift", encoding: .utf8)
        #expect(
            source.contains(
                "public init(theme: OUDSModes.Theme = .orange, colorScheme: OUDSModes.ColorSchemes = .light)"))
        let twice = directory.path("Twice")
        let refused = try CatalogProcess.run([
            "--db", db, "export", "swift", "--theme", "Orange", "--theme", "Orange", "--output", twice,
        ])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("theme Orange is given twice: one version per theme in a package"))
        #expect(!FileManager.default.fileExists(atPath: twice))
    }

    @Test func themesNamedAlikeInSwiftOrTypedApartAreSettled() throws {
        let directory = try TemporaryDirectory()
        let run = { (arguments: [String]) in try CatalogProcess.run(arguments, directory: directory.url) }
        try ##"{"c": {"$type": "color", "$value": "#000000"}}"##.write(
            toFile: directory.path("color.json"), atomically: true, encoding: .utf8)
        try ##"{"c": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"##.write(
            toFile: directory.path("size.json"), atomically: true, encoding: .utf8)
        #expect(try run(["init"]).status == 0)
        for (name, file) in [("😀", "color.json"), ("u1F600", "color.json"), ("Sized", "size.json")] {
            let add = try run(["theme", "add", file, "--name", name])
            #expect(add.status == 0, "\(add.stderr)")
        }
        // An emoji's case is spelled as written and numbered past the theme written so.
        let names = try run(["export", "swift", "--theme", "😀", "--theme", "u1F600", "-o", "names"])
        #expect(names.status == 0, "\(names.stderr)")
        let source = try String(
            contentsOfFile: directory.path("names/Sources/U1F600Tokens/U1F600.swift"), encoding: .utf8)
        #expect(source.contains(#"case u1F6002 = "😀""#), "\(source.prefix(800))")
        #expect(source.contains(#"case u1F600 = "u1F600""#))
        #expect(!source.contains("case _ "))
        #expect(names.stderr.contains(#"mode "😀" of dimension "theme" is case u1F6002"#))
        // A token typed apart in two themes has no one Swift type: refused, nothing written.
        let typed = try run(["export", "swift", "--theme", "u1F600", "--theme", "Sized", "-o", "typed"])
        #expect(typed.status == 1)
        #expect(typed.stderr.contains("c (a color in u1F600, a dimension in Sized)"), "\(typed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("typed")))
    }
}
