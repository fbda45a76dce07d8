import CatalogModel
import Foundation
import TestSupport
import Testing

/// `.catalog.json`, found upward from the working directory: the database, the project,
/// its sources, platforms and theme set once; flags and `$CATALOG_DB` over it; `catalog
/// config` saying what is in force and from where; a misspelt setting refused.
@Suite struct ProjectFileTests {
    /// A repository with a design-system catalog under `design/`, an app under `App/` and a
    /// project file at its root; commands run from `App/Sources`.
    func repository(_ settings: String) throws -> (TemporaryDirectory, URL) {
        let root = try TemporaryDirectory()
        let sources = root.url.appending(path: "App/Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.url.appending(path: "design"), withIntermediateDirectories: true)
        #expect(try CatalogProcess.run(["--db", "design/catalog.db", "seed"], directory: root.url).status == 0)
        try Data(settings.utf8).write(to: root.url.appending(path: ".catalog.json"))
        try Data(
            """
            import SwiftUI
            import DesignFoundation

            struct Pay: View {
                var body: some View { DFButton("Pay") { } }
            }

            """.utf8
        ).write(to: sources.appending(path: "Pay.swift"))
        return (root, sources)
    }

    static let settings = """
        {
          "database": "design/catalog.db",
          "project": "Shop",
          "sources": ["App/Sources"],
          "platforms": ["iOS 17"],
          "theme": "DesignFoundation-Sage"
        }
        """

    @Test func configSaysWhatIsInForceAndFromWhere() throws {
        let (root, sources) = try repository(Self.settings)
        let file = root.url.appending(path: ".catalog.json").standardizedFileURL.path
        let config = try CatalogProcess.run(["config", "--json"], directory: sources)
        #expect(config.status == 0, "\(config.stderr)")
        let json = try JSONParser.parse(config.stdout, file: "config")
        #expect(json["file"]?.string == file)
        let rows = Dictionary(
            (json["settings"]?.array ?? []).map {
                ($0["name"]?.string ?? "", ($0["value"]?.string ?? "", $0["from"]?.string ?? ""))
            }
        ) { first, _ in first }
        let design = root.url.appending(path: "design/catalog.db").standardizedFileURL.path
        #expect(rows["database"]?.0 == design && rows["database"]?.1 == file)
        #expect(
            rows["project"]?.0 == "Shop" && rows["platforms"]?.0 == "iOS 17"
                && rows["theme"]?.0 == "DesignFoundation-Sage")
        // The environment and flags come first.
        let overridden = try CatalogProcess.run(
            ["config", "--json"], environment: ["CATALOG_DB": "other.db"], directory: sources)
        #expect(overridden.stdout.contains("\"from\": \"$CATALOG_DB\""))
        #expect(try CatalogProcess.run(["--db", "x.db", "config"], directory: sources).stdout.contains("x.db"))
        let empty = try TemporaryDirectory()
        let none = try CatalogProcess.run(["config"], directory: empty.url)
        #expect(none.stdout.hasPrefix("No .catalog.json in this folder or above it"))
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func commandsTakeTheirDefaultsFromIt() throws {
        let (root, sources) = try repository(Self.settings)
        defer { withExtendedLifetime(root) {} }
        // No path, no --project, no --platforms, no --db: the file's.
        let scan = try CatalogProcess.run(["usage", "scan"], directory: sources)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.hasPrefix("Scanned 1 file for project Shop:"), "\(scan.stdout)")
        let lint = try CatalogProcess.run(["lint"], directory: sources)
        #expect(lint.status == 1, "DFButton needs iOS 18; the file says iOS 17")
        #expect(lint.stdout.contains("Sources/Pay.swift:5:27: error: DFButton needs iOS 18.0"), "\(lint.stdout)")
        let resolve = try CatalogProcess.run(["style", "resolve", "DFButton.filled", "--json"], directory: sources)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(
            try JSONParser.parse(resolve.stdout, file: "resolve")["theme"]?.string?.hasPrefix("DesignFoundation-Sage")
                == true)
        // A flag over the file.
        #expect(try CatalogProcess.run(["lint", "--platforms", "iOS 26"], directory: sources).status == 0)
    }

    @Test func aMisspeltSettingIsRefusedWithThePlace() throws {
        let (root, sources) = try repository(#"{ "databse": "design/catalog.db" }"#)
        defer { withExtendedLifetime(root) {} }
        let run = try CatalogProcess.run(["theme", "list"], directory: sources)
        #expect(run.status == 65)
        #expect(
            run.stderr.contains(
                #".catalog.json:1:14: error: $.databse: unknown setting "databse"; did you mean "database"?"#),
            "\(run.stderr)")
        let (otherRoot, other) = try repository(#"{ "platforms": ["iOS seventeen"] }"#)
        defer { withExtendedLifetime(otherRoot) {} }
        let platforms = try CatalogProcess.run(["config"], directory: other)
        #expect(platforms.status == 65)
        #expect(platforms.stderr.contains("is not a platform"), "\(platforms.stderr)")
    }

    @Test func aThemeOnlyTheFileNamesIsTheFilesMistake() throws {
        let (root, sources) = try repository(#"{"database": "design/catalog.db", "theme": "Sossh"}"#)
        let file = root.url.appending(path: ".catalog.json").standardizedFileURL.path
        for arguments in [["export", "swift", "-o", root.path("out")], ["style", "resolve", "DFButton.filled"]] {
            let run = try CatalogProcess.run(arguments, directory: sources)
            #expect(run.status == 65, "\(arguments)")
            #expect(
                run.stderr.hasPrefix(
                    #"\#(file): error: $.theme: the catalog has no theme "Sossh"; did you mean "Sosh"?"#),
                "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("--theme"))
        }
        // A mode asked of themes that have none says so, not "Expected one of: .".
        try ##"{"c": {"$type": "color", "$value": "#000000"}}"##.write(
            toFile: root.path("plain.json"), atomically: true, encoding: .utf8)
        for name in ["Alpha", "Beta"] {
            let add = try CatalogProcess.run(
                ["theme", "add", root.path("plain.json"), "--name", name], directory: sources)
            #expect(add.status == 0, "\(add.stderr)")
        }
        let modes = try CatalogProcess.run(
            ["export", "swift", "--theme", "Alpha", "--theme", "Beta", "--mode", "theme=Beta", "-o", root.path("out")],
            directory: sources)
        #expect(modes.status == 64)
        #expect(modes.stderr.hasPrefix(#"Error: unknown value "theme=Beta" for '--mode': Alpha@"#), "\(modes.stderr)")
        #expect(modes.stderr.contains("has no modes to choose"))
    }
}
