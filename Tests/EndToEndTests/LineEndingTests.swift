import CatalogModel
import Foundation
import TestSupport
import Testing

/// Suppressions and baselines read a file's lines as the parser numbers them, at LF, CRLF
/// or CR; only a comment suppresses, never a string that holds the same words.
@Suite struct LineEndingTests {
    static let screen = [
        "import SwiftUI",
        "import DesignFoundation",
        "",
        "struct Pay: View {",
        "    var body: some View {",
        "        // catalog-lint: ignore catalog-availability -- checked on device",
        "        DFButton(\"Pay\") { }",
        "        DFButton(\"Later\") { }",
        "    }",
        "}",
        "",
    ]

    func seeded() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["seed"], directory: directory.url).status == 0)
        try FileManager.default.createDirectory(
            at: directory.url.appending(path: "App"), withIntermediateDirectories: true)
        return directory
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func suppressionsHoldWhateverTheLineEnds() throws {
        let directory = try seeded()
        for (name, end) in [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")] {
            try Data(Self.screen.joined(separator: end).utf8).write(
                to: directory.url.appending(path: "App/\(name).swift"))
        }
        let lint = try CatalogProcess.run(["lint", "App", "--platforms", "iOS 17"], directory: directory.url)
        // One availability finding a file, on line 8; line 7's is suppressed in each.
        #expect(
            lint.stdout.split(separator: "\n").filter { $0.hasSuffix("[catalog-availability]") }.map {
                String($0.prefix { $0 != " " })
            } == [
                "App/CR.swift:8:9:", "App/CRLF.swift:8:9:", "App/LF.swift:8:9:",
            ], "\(lint.stdout)")
        #expect(lint.stderr.contains("6 findings; 3 suppressed in the code"), "\(lint.stderr)")
        // The same through a stored scan, and through the MCP tool's source lint.
        #expect(try CatalogProcess.run(["usage", "scan", "App"], directory: directory.url).status == 0)
        let stored = try CatalogProcess.run(["lint", "--platforms", "iOS 17"], directory: directory.url)
        #expect(stored.stdout == lint.stdout)
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aBaselineOutlivesAChangeOfLineEnds() throws {
        let directory = try seeded()
        let file = directory.url.appending(path: "App/Pay.swift")
        try Data(Self.screen.joined(separator: "\n").utf8).write(to: file)
        let write = try CatalogProcess.run(
            ["lint", "App", "--platforms", "iOS 17", "--write-baseline", "baseline.json"], directory: directory.url)
        #expect(write.status == 0, "\(write.stderr)")
        // Saved with CRLF: the same findings, still accepted.
        try Data(Self.screen.joined(separator: "\r\n").utf8).write(to: file)
        let again = try CatalogProcess.run(
            ["lint", "App", "--platforms", "iOS 17", "--baseline", "baseline.json"], directory: directory.url)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stderr.contains("1 suppressed in the code, 2 accepted by the baseline"), "\(again.stderr)")
        // An edit to the CRLF line the finding is on makes it new.
        var edited = Self.screen
        edited[7] = "        DFButton(\"Pay later\") { }"
        try Data(edited.joined(separator: "\r\n").utf8).write(to: file)
        let changed = try CatalogProcess.run(
            ["lint", "App", "--platforms", "iOS 17", "--baseline", "baseline.json"], directory: directory.url)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("App/Pay.swift:8:9: error: DFButton needs iOS 18.0"))
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aStringHoldingASuppressionSuppressesNothing() throws {
        let directory = try seeded()
        let source = """
            import SwiftUI
            import DesignFoundation

            let note = "// catalog-lint: ignore-file catalog-availability -- not a comment"
            let block = \"\"\"
                // catalog-lint: ignore catalog-availability -- nor this
                \"\"\"
            /* // catalog-lint: ignore-file catalog-availability -- a block comment */
            struct Pay: View {
                var body: some View { DFButton("Pay") { } }
            }

            """
        try Data(source.utf8).write(to: directory.url.appending(path: "App/Pay.swift"))
        let lint = try CatalogProcess.run(["lint", "App", "--platforms", "iOS 17"], directory: directory.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix("App/Pay.swift:10:27: error: DFButton needs iOS 18.0"), "\(lint.stdout)")
        #expect(!lint.stderr.contains("suppressed"), "\(lint.stderr)")
    }
}
