import Foundation
import TestSupport
import Testing

/// CSS with no fixed size (`clamp()`, `75ch`, `auto`) goes through every output as the
/// same value: `theme show` prints the CSS text, the docs show it, the Swift package leaves
/// the token out saying why (not as "unresolved"), and `theme export` writes it back so
/// that the export reads again to the same theme.
@Suite struct CSSValueOutputTests {
    static let tokens = ##"""
        { "size": { "base": { "value": "16", "type": "fontSizes" },
                    "fluid": { "value": "clamp(1rem, 0.875rem + 0.5vw, 1.25rem)", "type": "fontSizes" },
                    "ref": { "value": "{size.fluid}", "type": "fontSizes" },
                    "measure": { "value": "75ch", "type": "sizing" } },
          "body": { "type": "typography", "value": { "fontFamily": "Inter", "fontWeight": "400", "fontSize": "{size.fluid}" } } }
        """##

    @Test func cssTextIsOneValueInEveryOutput() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(["--db", db] + arguments)
        }
        let folder = directory.path("tokens")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(Self.tokens.utf8).write(to: URL(fileURLWithPath: folder + "/base.json"))
        try Data(#"[{"name": "Light", "group": "Mode", "selectedTokenSets": {"base": "enabled"}}]"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/$themes.json"))
        let add = try run(["theme", "add", folder, "--name", "T", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("5 tokens;") || !add.stdout.contains("unresolved"), "\(add.stdout)")
        #expect(add.stderr.isEmpty, "\(add.stderr)")

        let show = try run(["theme", "show", "T", "--resolved"])
        #expect(
            show.stdout.contains("size.ref      dimension   clamp(1rem, 0.875rem + 0.5vw, 1.25rem)"), "\(show.stdout)")
        #expect(show.stdout.contains("size.measure  dimension   75ch"), "\(show.stdout)")

        let swift = try run(["export", "swift", "--theme", "T", "-o", directory.path("swift")])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdout.contains(": 1 of 5 tokens of T 1.0.0"), "\(swift.stdout)")
        #expect(
            swift.stdout.contains(
                "  4 not generated: CSS with no fixed size (clamp(), 75ch, auto), which only CSS can use — body, size.fluid, size.measure, size.ref"
            ), "\(swift.stdout)")

        let docs = try run(["export", "docs", "-o", directory.path("docs")])
        #expect(docs.status == 0, "\(docs.stderr)")
        let page = try String(contentsOfFile: directory.path("docs/themes/T.md"), encoding: .utf8)
        #expect(page.contains("| `size.measure` |"), "\(page)")
        #expect(page.contains("75ch"), "\(page)")
        #expect(page.contains("clamp(1rem, 0.875rem + 0.5vw, 1.25rem)"), "\(page)")

        // Written back as CSS text and read again to the same values.
        let exported = directory.path("T.tokens.json")
        #expect(try run(["theme", "export", "T", "-o", exported]).status == 0)
        let again = try run(["theme", "add", exported, "--name", "U", "--version", "1.0.0"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        let shown = try run(["theme", "show", "U", "--resolved"])
        #expect(shown.stdout.split(separator: "\n").dropFirst() == show.stdout.split(separator: "\n").dropFirst())
    }
}
