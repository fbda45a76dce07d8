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
}
