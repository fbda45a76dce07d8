import CatalogModel
import Foundation
import TestSupport
import Testing

/// Lint a team can adopt, through the built binary: suppression comments with a rule and a
/// reason, a baseline of accepted findings that lines moving do not break, and SARIF for
/// code-scanning views.
@Suite struct LintAdoptionTests {
    static let screen = """
        import SwiftUI

        struct Screen: View {
            var body: some View {
                VStack {
                    Button("A") { }.buttonStyle(.legacy)
                    // catalog-lint: ignore catalog-unknown-style -- the legacy screen, until 2.0
                    Button("B") { }.buttonStyle(.legacy)
                    Button("C") { }.buttonStyle(.legacy)  // catalog-lint: ignore catalog-unknown-style -- same
                    Button("D") { }.buttonStyle(.legacy)  // catalog-lint: ignore catalog-unknown-style
                }
            }
        }

        """

    typealias Run = (_ arguments: [String]) throws -> CatalogProcess.Result

    /// A seeded catalog with `App/Screen.swift` written and scanned.
    func scanned() throws -> (TemporaryDirectory, Run) {
        let (directory, run) = try written()
        #expect(try run(["usage", "scan", "App"]).status == 0)
        return (directory, run)
    }

    /// A seeded catalog with `App/Screen.swift` written, not scanned.
    func written() throws -> (TemporaryDirectory, Run) {
        let directory = try TemporaryDirectory()
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(arguments, directory: directory.url)
        }
        #expect(try run(["seed"]).status == 0)
        try FileManager.default.createDirectory(
            at: directory.url.appending(path: "App"), withIntermediateDirectories: true)
        try Data(Self.screen.utf8).write(to: directory.url.appending(path: "App/Screen.swift"))
        return (directory, run)
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func suppressionsNeedARuleAndAReason() throws {
        let (_, run) = try scanned()
        let lint = try run(["lint"])
        #expect(lint.status == 0)
        #expect(
            lint.stdout == """
                App/Screen.swift:6:13: warning: Button style legacy is not in the catalog [catalog-unknown-style]
                App/Screen.swift:10:13: warning: Button style legacy is not in the catalog [catalog-unknown-style]
                App/Screen.swift:10:51: warning: the suppression of catalog-unknown-style gives no reason: add one after --, as // catalog-lint: ignore catalog-unknown-style -- why [catalog-suppression]

                """)
        #expect(lint.stderr == "3 findings; 2 suppressed in the code\n")
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aBaselineFailsOnlyOnNewFindingsWhereverLinesMove() throws {
        let (directory, run) = try scanned()
        let write = try run(["lint", "--write-baseline", "lint-baseline.json"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout.hasPrefix("Wrote 3 accepted findings to lint-baseline.json"))
        let baseline = try JSONParser.parse(
            try Data(contentsOf: directory.url.appending(path: "lint-baseline.json")), file: "baseline")
        #expect(baseline["findings"]?.array?.count == 3)
        #expect(try run(["lint", "--baseline", "lint-baseline.json", "--error-on", "warning"]).status == 0)
        // Two lines earlier in the file: the accepted findings move, a new one comes.
        let moved = Self.screen.replacingOccurrences(
            of: "        VStack {\n",
            with: "        VStack {\n            Text(\"Hi\")\n            Button(\"E\") { }.buttonStyle(.fancy)\n")
        try Data(moved.utf8).write(to: directory.url.appending(path: "App/Screen.swift"))
        #expect(try run(["usage", "scan", "App"]).status == 0)
        let lint = try run(["lint", "--baseline", "lint-baseline.json", "--error-on", "warning"])
        #expect(lint.status == 1)
        #expect(
            lint.stdout
                == "App/Screen.swift:7:13: warning: Button style fancy is not in the catalog [catalog-unknown-style]\n")
        #expect(lint.stderr.contains("1 finding; 2 suppressed in the code, 3 accepted by the baseline"))
        #expect(lint.stderr.contains("1 finding not in the baseline, failing at --error-on warning"))
        // Baselines that cannot be read say why, and where.
        #expect(try run(["lint", "--baseline", "absent.json"]).status == 66)
        try Data(#"{"version": 1, "findings": [{"file": "App/Screen.swift"}]}"#.utf8).write(
            to: directory.url.appending(path: "bad.json"))
        let bad = try run(["lint", "--baseline", "bad.json"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.json:1:29: error: $.findings[0]: a baseline finding needs"), "\(bad.stderr)")
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func sarifCarriesEveryFindingWithItsRule() throws {
        let (_, run) = try scanned()
        let sarif = try run(["lint", "--format", "sarif"])
        #expect(sarif.status == 0, "\(sarif.stderr)")
        let log = try JSONParser.parse(sarif.stdout, file: "sarif")
        #expect(log["version"]?.string == "2.1.0")
        #expect(log["$schema"]?.string == "https://json.schemastore.org/sarif-2.1.0.json")
        let run0 = try #require(log["runs"]?.array?.first)
        #expect(run0["tool"]?["driver"]?["name"]?.string == "catalog")
        let rules = try #require(run0["tool"]?["driver"]?["rules"]?.array)
        let ids = rules.compactMap { $0["id"]?.string }
        #expect(ids.contains("catalog-unknown-style") && ids.contains("catalog-suppression"))
        #expect(rules.allSatisfy { !($0["help"]?["text"]?.string ?? "").isEmpty })
        let results = try #require(run0["results"]?.array)
        #expect(results.count == 3)
        for result in results {
            let rule = try #require(result["ruleId"]?.string)
            #expect(ids[Int(result["ruleIndex"]?.number ?? -1)] == rule)
            #expect(result["level"]?.string == "warning")
            let location = result["locations"]?.array?.first?["physicalLocation"]
            #expect(location?["artifactLocation"]?["uri"]?.string == "App/Screen.swift")
            #expect(location?["artifactLocation"]?["uriBaseId"]?.string == "%SRCROOT%")
            #expect((location?["region"]?["startLine"]?.number ?? 0) >= 6)
            #expect(result["partialFingerprints"]?["catalogLint/v1"]?.string?.count == 32)
        }
        #expect(try run(["lint", "--format", "sarif", "--json"]).status == 64)
    }

    /// `lint PATH…` scans and lints files no scan stored, and stores nothing.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func pathsAreLintedWithoutAStoredScan() throws {
        let (directory, run) = try written()
        let before = try Data(contentsOf: directory.url.appending(path: "catalog.db"))
        for path in ["App", "App/Screen.swift"] {
            let lint = try run(["lint", path, "--error-on", "warning"])
            #expect(lint.status == 1)
            #expect(lint.stdout.hasPrefix("App/Screen.swift:6:13: warning: Button style legacy is not in the catalog"))
            #expect(lint.stdout.split(separator: "\n").count == 3)
            #expect(lint.stderr.contains("3 findings; 2 suppressed in the code"))
        }
        #expect(try run(["usage", "--unknown"]).stdout.contains("0 call sites"), "nothing was stored")
        #expect(try Data(contentsOf: directory.url.appending(path: "catalog.db")) == before)
        #expect(try run(["lint", "Absent"]).status == 66)
        #expect(try run(["lint", "App", "--project", "x"]).status == 64)
    }
}
