import CatalogModel
import Foundation
import TestSupport
import Testing

/// Xcode asset catalogs as apps keep them (`../shared/corpus/swift-apps`), imported with
/// `theme add X.xcassets` by the built binary: each colorset a token, its appearances
/// modes, every component form Xcode writes read, system colors flagged as written; and a
/// catalog the reader cannot hold refused naming the file, nothing written.
@Suite struct AssetCatalogImportTests {
    static let apps = SwiftAppsCorpusTests.corpus

    /// `theme show NAME --resolved --json` in `mode` (`appearance=dark`): path → hex.
    static func hexes(_ name: String, mode: String? = nil, db: String) throws -> [String: String] {
        let run = try CatalogProcess.run(
            ["--db", db, "theme", "show", name, "--resolved", "--json"] + (mode.map { ["--mode", $0] } ?? []))
        try #require(run.status == 0, "\(run.stderr)")
        var found: [String: String] = [:]
        for token in try JSONParser.parse(run.stdout, file: "show")["tokens"]?.array ?? [] {
            if let path = token["path"]?.string, let hex = token["value"]?["hex"]?.string { found[path] = hex }
        }
        return found
    }

    @Test(
        .enabled(
            if: SwiftAppsCorpusTests.present,
            "../shared/corpus/swift-apps is absent (it comes with ../shared beside the project)"))
    func realAppCatalogsImportWithTheirAppearances() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        // Mocka: hex components, a dark appearance.
        let mocka = try CatalogProcess.run(
            [
                "--db", db, "theme", "add",
                Self.apps.path + "/wise-emotions+mocka/Sources/App/Resources/Assets.xcassets", "--name", "Mocka",
            ])
        #expect(mocka.status == 0, "\(mocka.stderr)")
        #expect(mocka.stdout.contains("11 tokens; appearance: light (default), dark."), "\(mocka.stdout)")
        #expect(try Self.hexes("Mocka", db: db)["Latte"] == "#1d1c1b")
        #expect(try Self.hexes("Mocka", mode: "appearance=dark", db: db)["Latte"] == "#ffffff")
        // Trio: a namespace-less folder, extended gray, high contrast, a system color and
        // Xcode's empty AccentColor kept as written and flagged.
        let trio = try CatalogProcess.run(
            [
                "--db", db, "theme", "add", Self.apps.path + "/nightscout+Trio/Trio/Resources/Assets.xcassets",
                "--name", "Trio",
            ])
        #expect(trio.status == 0, "\(trio.stderr)")
        #expect(
            trio.stdout.contains(
                "23 tokens, 2 unresolved (catalog theme problems Trio); appearance: light (default), dark, highContrast, darkHighContrast."
            ),
            "\(trio.stdout)")
        let problems = try CatalogProcess.run(["--db", db, "theme", "problems", "Trio"]).stdout
        #expect(problems.contains("AccentColor") && problems.contains("got \"systemYellowColor\""), "\(problems)")
        #expect(try Self.hexes("Trio", db: db)["darkGray"] == "#252525")
        // LoopKit: 8-bit integer components, Display P3.
        let loop = try CatalogProcess.run(
            [
                "--db", db, "theme", "add", Self.apps.path + "/LoopKit+LoopKit/LoopKitUI/Resources/Assets.xcassets",
                "--name", "LoopKit",
            ])
        #expect(loop.status == 0, "\(loop.stderr)")
        #expect(try Self.hexes("LoopKit", db: db)["Warning"] == "#ffcc00")
        #expect(try CatalogProcess.run(["--db", db, "check"]).status == 0)
    }

    /// An imported asset catalog is the app's theme: `usage --app-tokens` names it beside
    /// the assets code uses, and lint compares the app's literals with its colors (with no
    /// other theme's), naming the token.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func anImportedCatalogIsTheAppsTheme() throws {
        let project = try SeededApp([
            "Brand.swift": """
            import SwiftUI

            extension Color {
                static let latte = Color("Latte")
            }

            struct Pill: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label
                        .foregroundStyle(.latte)
                        .background(Color(red: 29 / 255, green: 28 / 255, blue: 27 / 255))
                        .padding(16)
                }
            }
            """
        ])
        let folder = project.directory.url.appending(path: "Assets.xcassets/Latte.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0x1D","green":"0x1C","blue":"0x1B","alpha":"1.000"}}}]}"#
                .utf8
        ).write(to: folder.appending(path: "Contents.json"))
        // Before the import, the literal is the app's own: no suggestion from a seed theme.
        let before = try project.run(["lint", "App", "--json", "--error-on", "never"]).stdout
        #expect(!before.contains("catalog-hard-coded-value"), "\(before)")
        #expect(try project.run(["theme", "add", "Assets.xcassets", "--name", "Mocka"]).status == 0)
        let lint = try project.run(["lint", "App", "--error-on", "never"]).stdout
        #expect(
            lint.contains(
                "App/Brand.swift:11:25: warning: Color(red: 29 / 255, green: 28 / 255, blue: 27 / 255) is Latte of Mocka (ΔEOK 0): write Color."
            ), "\(lint)")
        #expect(!lint.contains("DesignFoundation"), "\(lint)")
        #expect(try project.run(["usage", "scan", "App"]).status == 0)
        let uses = try project.run(["usage", "--app-tokens"]).stdout
        #expect(uses.hasPrefix("app token asset:Latte (2 uses, in theme Mocka)\n"), "\(uses)")
    }

    @Test func aCatalogTheReaderCannotHoldIsRefusedNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        #expect(try CatalogProcess.run(["--db", db, "init"]).status == 0)
        let before = try CatalogProcess.run(["--db", db, "log"]).stdout
        let root = directory.url.appending(path: "App.xcassets")
        func colorset(_ name: String, _ json: String) throws {
            let folder = root.appending(path: name + ".colorset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: folder.appending(path: "Contents.json"))
        }
        try colorset(
            "Good",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0x1D","green":"28","blue":"0.106","alpha":"1.000"}}}]}"#
        )
        try colorset(
            "Bad",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"lots","green":"0","blue":"0"}}}]}"#
        )
        try colorset(
            "Gamut",
            #"{"colors":[{"idiom":"universal","display-gamut":"display-P3","color":{"components":{"red":"1","green":"0","blue":"0"}}}]}"#
        )
        let add = try CatalogProcess.run(["--db", db, "theme", "add", root.path, "--name", "App"])
        #expect(add.status == 65)
        #expect(
            add.stderr.contains(
                "Bad.colorset/Contents.json: error: $.colors[0].color.components.red: \"lots\" is not a component Xcode writes"
            ),
            "\(add.stderr)")
        #expect(
            add.stderr.contains("Gamut.colorset/Contents.json: error: $.colors[0]: a color per display gamut"),
            "\(add.stderr)")
        #expect(try CatalogProcess.run(["--db", db, "log"]).stdout == before)
        // A color set named as a namespace folder beside it: a token cannot hold tokens.
        try FileManager.default.removeItem(at: root.appending(path: "Bad.colorset"))
        try FileManager.default.removeItem(at: root.appending(path: "Gamut.colorset"))
        try FileManager.default.createDirectory(at: root.appending(path: "Good"), withIntermediateDirectories: true)
        try Data(#"{"properties":{"provides-namespace":true}}"#.utf8).write(
            to: root.appending(path: "Good/Contents.json"))
        try colorset(
            "Good/Dark",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"0"}}}]}"#
        )
        let clash = try CatalogProcess.run(["--db", db, "theme", "add", root.path, "--name", "App"])
        #expect(clash.status == 65)
        #expect(
            clash.stderr.contains(
                "Good/Dark.colorset/Contents.json: error: the color set Good/Dark shares a name with a color set or namespace folder on its way"
            ), "\(clash.stderr)")
        #expect(try CatalogProcess.run(["--db", db, "log"]).stdout == before)
        // Without them, the same catalog imports, each component form read.
        try FileManager.default.removeItem(at: root.appending(path: "Good"))
        #expect(try CatalogProcess.run(["--db", db, "theme", "add", root.path, "--name", "App"]).status == 0)
        #expect(try Self.hexes("App", db: db)["Good"] == "#1d1c1b")
        // A folder with no color set is no theme.
        let empty = directory.url.appending(path: "Empty.xcassets")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try CatalogProcess.run(["--db", db, "theme", "add", empty.path, "--name", "Empty"])
        #expect(none.status == 65 && none.stderr.contains("the asset catalog holds no color sets"), "\(none.stderr)")
    }
}
