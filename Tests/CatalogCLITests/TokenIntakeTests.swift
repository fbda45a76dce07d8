import CatalogModel
import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

/// Token intake through the CLI, format by format: each fixture of `Tests/Fixtures/tokens`
/// and each generated tree imports, exports (as DTCG and as a resolver document) and
/// imports again to the same content hash; edits publish and diff into the expected
/// categories; refusals write nothing.
@Suite(.serialized) struct TokenIntakeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/tokens")

    static func fixture(_ name: String) -> String { fixtures.appending(path: name).path }

    /// A fresh catalog in a temporary folder.
    struct Catalog {
        let directory: TemporaryDirectory
        var db: String { directory.path("catalog.db") }

        init() throws { directory = try TemporaryDirectory() }

        func run(_ arguments: [String]) -> CLIRun { runCatalog(["--db", db] + arguments) }

        func succeed(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
            let result = run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            return result.stdout
        }

        func state() throws -> (hash: String, revisions: Int64) {
            let repository = try Repository(path: db, mode: .mustExist)
            return (
                try repository.contentHash(),
                try repository.database.scalar("SELECT count(*) FROM revisions")?.int64 ?? -1
            )
        }
    }

    /// Imports `arguments`, then exports the theme as DTCG and as a resolver document and
    /// imports each back: nothing changes. Returns the import's output.
    @discardableResult
    func roundTrip(
        _ arguments: [String], theme: String, in catalog: Catalog,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        throws -> String
    {
        let output = catalog.succeed(["theme", "add"] + arguments, sourceLocation: sourceLocation)
        #expect(output.contains("Published theme \(theme)"), "\(output)", sourceLocation: sourceLocation)
        let before = try catalog.state()
        let exported = catalog.directory.path("\(theme).export.json")
        _ = catalog.succeed(["theme", "export", theme, "--out", exported], sourceLocation: sourceLocation)
        let again = catalog.succeed(["theme", "add", exported], sourceLocation: sourceLocation)
        #expect(again.contains("already published with these tokens"), "\(again)", sourceLocation: sourceLocation)
        let folder = catalog.directory.path("\(theme)-resolver")
        _ = catalog.succeed(
            ["theme", "export", theme, "--format", "resolver", "--out", folder], sourceLocation: sourceLocation)
        let viaResolver = catalog.succeed(
            ["theme", "add", "\(folder)/\(theme).resolver.json"], sourceLocation: sourceLocation)
        #expect(
            viaResolver.contains("already published with these tokens"), "\(viaResolver)",
            sourceLocation: sourceLocation)
        let after = try catalog.state()
        #expect(after.hash == before.hash, sourceLocation: sourceLocation)
        #expect(after.revisions == before.revisions, sourceLocation: sourceLocation)
        return output
    }

    @Test func everyFixtureFormatRoundTrips() throws {
        let catalog = try Catalog()
        let dtcg = try roundTrip([Self.fixture("dtcg/everything.tokens.json")], theme: "Everything", in: catalog)
        #expect(dtcg.contains("Read 1 file as DTCG: 47 tokens; no modes."))
        let resolver = try roundTrip([Self.fixture("resolver/product.resolver.json")], theme: "Product", in: catalog)
        #expect(
            resolver.contains(
                "Read 6 files as DTCG resolver: 9 tokens; theme: light (default), dark, darkHighContrast; density: regular (default), compact; brand: acme (default), globex."
            ))
        let studio = try roundTrip(
            [Self.fixture("tokens-studio"), "--name", "Studio", "--version", "1.0.0"], theme: "Studio", in: catalog)
        #expect(
            studio.contains(
                "Read 7 files as Tokens Studio: 25 tokens; Mode: Light (default), Dark; Brand: Acme (default), Globex.")
        )
        let single = try roundTrip(
            [Self.fixture("tokens-studio-single.json"), "--name", "Single", "--version", "1.0.0"], theme: "Single",
            in: catalog)
        #expect(single.contains("as Tokens Studio: 4 tokens; theme: light (default), dark."))
        let spectrum = try roundTrip(
            [Self.fixture("spectrum"), "--name", "Spectrum", "--version", "1.0.0"], theme: "Spectrum", in: catalog)
        #expect(
            spectrum.contains(
                "Read 4 files as Spectrum tokens: 21 tokens; colorScheme: light (default), dark, wireframe; scale: desktop (default), mobile."
            ))
        let styleDictionary = try roundTrip(
            [Self.fixture("style-dictionary"), "--name", "SD", "--version", "1.0.0"], theme: "SD", in: catalog)
        #expect(styleDictionary.contains("Read 4 files as Style Dictionary: 12 tokens; no modes."))
        let modes = try roundTrip(
            [
                Self.fixture("modes/base.tokens.json"), "--mode-file",
                "colorScheme:light=\(Self.fixture("modes/light.tokens.json"))", "--mode-file",
                "colorScheme:dark=\(Self.fixture("modes/dark.tokens.json"))",
            ], theme: "Modes", in: catalog)
        #expect(
            modes.contains(
                "Read 3 files as DTCG + DTCG (draft string values): 4 tokens; colorScheme: light (default), dark."
            ))
    }

    @Test func valuesComeOutAsTheFormatsMeanThem() throws {
        let catalog = try Catalog()
        _ = catalog.succeed(["theme", "add", Self.fixture("tokens-studio"), "--name", "Studio", "--version", "1.0.0"])
        func resolved(_ modes: [String]) throws -> [String: JSON] {
            let json = try JSONParser.parse(
                catalog.succeed(
                    ["theme", "show", "Studio", "--resolved", "--json"] + modes.flatMap { ["--mode", $0] }),
                file: "out")
            var values: [String: JSON] = [:]
            for token in json["tokens"]?.array ?? [] { values[token["path"]?.string ?? ""] = token["value"] }
            return values
        }
        let light = try resolved([])
        #expect(light["base.quarter"]?["value"] == .number(2))  // {base.baseline} * 0.25
        #expect(light["base.double"]?["value"] == .number(20))  // 8 * 2 + 4
        #expect(light["base.third"]?["value"] == .number(2.67))  // roundTo(8 / 3, 2)
        #expect(light["base.radius"]?["value"] == .number(3))  // (8 - 2) / 2
        #expect(light["opacity.disabled"] == .number(0.4))
        #expect(light["font.bold"] == .number(700))
        #expect(Color(dtcg: try #require(light["accentHover"]))?.hexRGBA == "#CC6100FF")  // darken 20% in hsl
        #expect(Color(dtcg: try #require(light["accentMuted"]))?.hexRGBA == "#FF790080")  // alpha 0.5
        let globexDark = try resolved(["Globex", "Dark"])
        #expect(Color(dtcg: try #require(globexDark["accentHover"]))?.hexRGBA == "#4B2C70FF")  // mix 30% black
        #expect(Color(dtcg: try #require(globexDark["surface"]))?.hexRGBA == "#121212FF")
        #expect(globexDark["elevation"]?["inset"] == .bool(false))
        #expect(light["elevation"]?.array?[1]["inset"] == .bool(true))  // innerShadow
        #expect(light["elevation"]?.array?[1]["blur"]?["value"] == .number(20))  // {base.double}
    }

    @Test func filesMergeInOrderWithAWarningForEachCollision() throws {
        let catalog = try Catalog()
        let result = catalog.run([
            "theme", "add", Self.fixture("style-dictionary"), "--name", "SD", "--version", "1.0.0",
        ])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "style-dictionary/overrides.json:2:33: warning: token color.base.green is also defined at "))
        #expect(result.stderr.contains("style-dictionary/color/base.json:5:16; this later definition wins"))
        let green = try JSONParser.parse(
            catalog.succeed(["theme", "show", "SD", "--path", "color.base.green", "--json"]), file: "out")
        #expect(Color(dtcg: try #require(green["tokens"]?[0]?["value"]))?.hexRGBA == "#00AA00FF")
    }

    @Test func aDryRunValidatesDiffsAndWritesNothing() throws {
        let catalog = try Catalog()
        _ = catalog.succeed(["theme", "add", Self.fixture("modes/base.tokens.json")])
        let before = try catalog.state()
        let dry = catalog.succeed([
            "theme", "add", Self.fixture("modes/base.tokens.json"), "--version", "1.1.0", "--mode-file",
            "colorScheme:light=\(Self.fixture("modes/light.tokens.json"))", "--mode-file",
            "colorScheme:dark=\(Self.fixture("modes/dark.tokens.json"))", "--dry-run",
        ])
        #expect(
            dry.contains(
                "Read 3 files as DTCG + DTCG (draft string values): 4 tokens; colorScheme: light (default), dark."
            ))
        #expect(dry.contains("Would publish theme Modes 1.1.0; nothing was written."))
        #expect(dry.contains("Theme diff Modes@1.0.0 → Modes@1.1.0 (dry run): 1 dimension changed, 2 added, 1 updated"))
        #expect(dry.contains("  ~ dimension colorScheme added (light, dark)"))
        let after = try catalog.state()
        #expect(after.hash == before.hash && after.revisions == before.revisions)
        let bad = catalog.run(["theme", "add", Self.fixture("../bad/shadow-missing-spread.tokens.json"), "--dry-run"])
        #expect(bad.status == 65)
        #expect(
            bad.stderr.contains(
                "shadow-missing-spread.tokens.json:2:47: error: $.elevation.$value: a shadow value needs \"spread\""))
    }

    /// A token one mode file defines and the others do not exists in that mode only.
    @Test func aValueOnlyInAModeFileExistsInThatModeOnly() throws {
        let catalog = try Catalog()
        let light = try catalog.directory.write("light.json", ##"{"c": {"$type": "color", "a": {"$value": "#fff"}}}"##)
        let dark = try catalog.directory.write(
            "dark.json", ##"{"c": {"$type": "color", "a": {"$value": "#000"}, "b": {"$value": "#111"}}}"##)
        let result = catalog.run([
            "theme", "add", Self.fixture("modes/base.tokens.json"), "--mode-file", "colorScheme:light=\(light)",
            "--mode-file", "colorScheme:dark=\(dark)", "--name", "Sparse", "--version", "1.0.0",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let inLight = catalog.run(["theme", "show", "Sparse", "--path", "c", "--json"])
        let inDark = catalog.run(["theme", "show", "Sparse", "--path", "c", "--mode", "dark", "--json"])
        #expect(!inLight.stdout.contains("\"c.b\""), "\(inLight.stdout)")
        #expect(inDark.stdout.contains("\"c.b\""), "\(inDark.stdout)")
        let resolved = catalog.run(["theme", "show", "Sparse", "--path", "c.b", "--mode", "dark", "--resolved"])
        #expect(resolved.stdout.contains("#111111"), "\(resolved.stdout)")
        let usage = catalog.run(["theme", "add", light, "--mode-file", "dark.json"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--mode-file takes DIMENSION:MODE=FILE"))
    }

    /// One mode name in two dimensions (two resolver modifiers with light/dark, two mode-file
    /// dimensions with `dark`): the dry run and the publish agree, and both modes are kept.
    @Test func oneModeNameInTwoDimensionsPublishes() throws {
        let catalog = try Catalog()
        let color = { (hex: String) in ##"{"c": {"$type": "color", "$value": "\##(hex)"}}"## }
        let document = try catalog.directory.write(
            "two.resolver.json",
            ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [\##(color("#000000"))]}},
             "modifiers": {
               "surface": {"contexts": {"light": [], "dark": [\##(color("#111111"))]}, "default": "light"},
               "chrome": {"contexts": {"light": [], "dark": [\##(color("#222222"))]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/surface"}, {"$ref": "#/modifiers/chrome"}]}
            """##)
        let arguments = ["theme", "add", document, "--name", "Two", "--version", "1.0.0"]
        let dry = catalog.run(arguments + ["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let published = catalog.run(arguments)
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.contains("surface: light (default), dark; chrome: light (default), dark"))
        let resolved = catalog.run(["theme", "show", "Two", "--mode", "surface=dark", "--resolved"])
        #expect(resolved.stdout.contains("#111111"), "\(resolved.stdout)")
        let both = catalog.run([
            "theme", "show", "Two", "--mode", "surface=dark", "--mode", "chrome=dark", "--resolved",
        ])
        #expect(both.stdout.contains("#222222"), "\(both.stdout)")
        let bare = catalog.run(["theme", "show", "Two", "--mode", "dark"])
        #expect(bare.status != 0)
        #expect(
            bare.stderr.contains("mode 'dark' is in dimensions surface and chrome; write surface=dark or chrome=dark"))

        let base = try catalog.directory.write("base.json", color("#000000"))
        let first = try catalog.directory.write("a-dark.json", color("#333333"))
        let second = try catalog.directory.write("b-dark.json", color("#444444"))
        let files = catalog.run([
            "theme", "add", base, "--mode-file", "a:dark=\(first)", "--mode-file", "b:dark=\(second)", "--name",
            "Files", "--version", "1.0.0",
        ])
        #expect(files.status == 0, "\(files.stderr)")
        #expect(files.stdout.contains("a: base (default), dark; b: base (default), dark"), "\(files.stdout)")
    }

    @Test func oneMissingTokenIsOneErrorNotACascade() throws {
        let catalog = try Catalog()
        var members = [#""a0": {"$value": "{not.given}"}"#]
        for n in 1...126 { members.append("\"a\(n)\": {\"$value\": \"{a\(n - 1)}\"}") }
        members.append(#""typed": {"$type": "color", "$value": "{a126}"}"#)
        let file = try catalog.directory.write("cascade.tokens.json", "{\(members.joined(separator: ",\n"))}")
        let result = catalog.run(["theme", "add", file, "--version", "1.0.0"])
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors == ["\(file):1:19: error: $.a0: a0 refers to {not.given}, which does not exist"])
    }

    @Test func generatedSpectrumReleaseDiffsIntoSpectrumsCategories() throws {
        let catalog = try Catalog()
        let old = catalog.directory.url.appending(path: "spectrum-14")
        let new = catalog.directory.url.appending(path: "spectrum-15")
        let tree = try TokenTreeGenerator.spectrum(into: old)
        try TokenTreeGenerator.spectrum(into: new, edited: true)
        #expect(tree.files == 90 && tree.tokens >= 2_500)
        let output = try roundTrip(
            [old.path, "--name", "Spectrum", "--version", "14.0.0"], theme: "Spectrum", in: catalog)
        #expect(output.contains("Read 90 files as Spectrum tokens: 2,"))
        #expect(
            output.contains(" tokens; colorScheme: light (default), dark, wireframe; scale: desktop (default), mobile.")
        )
        _ = catalog.succeed(["theme", "add", new.path, "--name", "Spectrum", "--version", "15.0.0"])
        let diff = try JSONParser.parse(
            catalog.succeed(["theme", "diff", "Spectrum@14.0.0", "Spectrum@15.0.0", "--json"]), file: "diff")
        let summary = try #require(diff["summary"])
        #expect(summary["renamed"] == .number(11))  // 10 renamed keeping their uuid, 1 successor by uuid
        #expect(summary["deprecated"] == .number(3))  // new, and already deprecated
        #expect(summary["updated"] == .number(7))  // 5 newly deprecated, 2 changed values
        #expect(summary["deleted"] == .number(5))
        #expect(summary["added"] == .number(5))
        #expect(summary["reverted"] == .number(0))
        let renamed: [JSON] = diff["renamed"]?.array ?? []
        let successor = renamed.filter { entry in
            entry["path"]?.string == "new-spacing" && entry["originalPath"]?.string == "old-spacing"
        }
        #expect(successor.count == 1)
        let updated: [JSON] = diff["updated"]?.array ?? []
        let newlyDeprecated = updated.filter { entry in
            let changes: [JSON] = entry["changes"]?.array ?? []
            return changes.contains { $0["path"]?.string == "$deprecated" }
        }
        #expect(newlyDeprecated.count == 5)
    }

    @Test func generatedTokensStudioAndResolverTreesRoundTrip() throws {
        let catalog = try Catalog()
        let studio = catalog.directory.url.appending(path: "studio")
        try TokenTreeGenerator.tokensStudio(into: studio)
        let output = try roundTrip(
            [studio.path, "--name", "Studio", "--version", "1.0.0"], theme: "Studio", in: catalog)
        #expect(
            output.contains(
                "Read 7 files as Tokens Studio: 244 tokens; Mode: Light (default), Dark; Brand: Acme (default), Globex."
            ))
        let control = try JSONParser.parse(
            catalog.succeed(["theme", "show", "Studio", "--resolved", "--path", "control-height", "--json"]),
            file: "out")
        let height: JSON? = control["tokens"]?[0]?["value"]?["value"]
        #expect(height == JSON.number(36))  // {space-8} + {base} = (4 * 8 + 0) + 4
        let resolver = catalog.directory.url.appending(path: "resolver")
        try TokenTreeGenerator.resolver(into: resolver)
        let read = try roundTrip(
            [resolver.appending(path: "theme.resolver.json").path, "--version", "1.0.0"], theme: "Generated",
            in: catalog)
        #expect(
            read.contains(
                "Read 6 files as DTCG resolver: 401 tokens; theme: light (default), dark; density: regular (default), compact; brand: acme (default), globex."
            ))
    }
}

extension TemporaryDirectory {
    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension JSON {
    fileprivate subscript(index: Int) -> JSON? {
        array.flatMap { $0.indices.contains(index) ? $0[index] : nil }
    }
}

/// `catalog export swift` through the CLI, and usage of the spelling it generates.
@Suite(.serialized) struct ExportSwiftCommandTests {
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func exportsAPackageAndUsageFindsTheGeneratedSpelling() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let capsule = TokenIntakeTests.fixtures.appending(path: "../../../Examples/capsule.json").standardized.path
        #expect(runCatalog(["--db", db, "seed"]).status == 0)
        #expect(runCatalog(["--db", db, "add-style", capsule]).status == 0)
        let out = directory.path("DF")
        let export = runCatalog([
            "--db", db, "export", "swift", "--theme", "DesignFoundation", "--style", "capsule", "--module", "DFTokens",
            "-o", out,
        ])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            export.stdout
                == "Wrote package DFTokens to \(out): 83 tokens of DesignFoundation 1.1.2, 47 asset colors, 1 button style.\n"
        )
        let styles = try String(contentsOfFile: out + "/Sources/DFTokens/ButtonStyles.swift", encoding: .utf8)
        // The theme's prefix, the earlier names kept as deprecated aliases.
        #expect(styles.contains("extension ButtonStyle where Self == DFCapsuleButtonStyle {"))
        #expect(styles.contains("public static var dfCapsule: DFCapsuleButtonStyle { DFCapsuleButtonStyle() }"))
        #expect(
            styles.contains(
                "@available(*, deprecated, renamed: \"dfCapsule\")\n    public static var capsule: DFCapsuleButtonStyle { DFCapsuleButtonStyle() }"
            ))
        #expect(
            styles.contains(
                "@available(*, deprecated, renamed: \"DFCapsuleButtonStyle\")\npublic typealias CapsuleButtonStyle = DFCapsuleButtonStyle"
            ))
        // The same revision gives the same bytes.
        let again = directory.path("DF2")
        _ = runCatalog([
            "--db", db, "export", "swift", "--theme", "DesignFoundation", "--style", "capsule", "--module", "DFTokens",
            "-o", again,
        ])
        #expect(
            try String(contentsOfFile: again + "/Sources/DFTokens/DesignFoundation.swift", encoding: .utf8)
                == String(contentsOfFile: out + "/Sources/DFTokens/DesignFoundation.swift", encoding: .utf8))

        let app = directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Button("Save") {}.buttonStyle(.dfCapsule)
                    Button("Old") {}.buttonStyle(.capsule)
                }
            }
            """.utf8
        ).write(to: app.appending(path: "V.swift"))
        #expect(runCatalog(["--db", db, "usage", "scan", app.path]).status == 0)
        let usage = runCatalog(["--db", db, "usage", "capsule"])
        // The generated name and the deprecated alias the package keeps are both the style.
        #expect(usage.stdout.contains("call sites (2)"), "\(usage.stdout)")
        #expect(usage.stdout.contains("Button .dfCapsule (1)") && usage.stdout.contains("Button .capsule (1)"))
        let missing = runCatalog([
            "--db", db, "export", "swift", "--theme", "DesignFoundation", "-o", directory.path("x"),
        ])
        #expect(missing.status == 0)
        let usageError = runCatalog(["--db", db, "export", "swift", "-o", directory.path("y")])
        #expect(usageError.status == 64 && usageError.stderr.contains("Missing --theme"))
    }

    /// `--style all` is every style the theme can resolve (README's own example, for every
    /// seeded theme); the others are named with every token they lack, once; a style named
    /// that the theme cannot resolve fails saying all of them; and a change elsewhere in the
    /// catalog rewrites no generated file (headers name versions, not the revision).
    @Test func styleAllTakesWhatTheThemeCanResolveAndNamesTheRest() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        #expect(runCatalog(["--db", db, "seed"]).status == 0)
        for theme in ["Orange", "DesignFoundation", "SwiftUI", "Sosh"] {
            let export = runCatalog([
                "--db", db, "export", "swift", "--theme", theme, "--style", "all", "-o", directory.path(theme),
            ])
            #expect(export.status == 0, "\(theme): \(export.stderr)")
            #expect(export.stdout.hasPrefix("Wrote package \(theme)Tokens"), "\(export.stdout)")
        }
        let orange = runCatalog([
            "--db", db, "export", "swift", "--theme", "Orange", "--style", "all", "-o", directory.path("O"),
        ])
        #expect(orange.stdout.contains(", 5 button styles.\n"), "\(orange.stdout)")
        #expect(
            orange.stderr.contains(
                "warning: style Button.automatic 1.0.0 not generated: theme Orange 1.0.0 has no default value for {colors.accentColor}"
            ), "\(orange.stderr)")
        let warnings = orange.stderr.split(separator: "\n").filter { $0.contains("not generated") }
        #expect(warnings.count == 20, "\(warnings.joined(separator: "\n"))")
        for warning in warnings {
            let tokens = warning.split(separator: "{").dropFirst().map { $0.prefix { $0 != "}" } }
            #expect(Set(tokens).count == tokens.count, "each token once: \(warning)")
        }
        let styles = try String(
            contentsOfFile: directory.path("O") + "/Sources/OrangeTokens/ButtonStyles.swift", encoding: .utf8)
        #expect(
            styles.hasPrefix(
                "// Generated by catalog from theme Orange 1.0.0. Do not edit: regenerate.\n// Styles: OUDSButton.brand 3.0.0, "
            ))

        let named = runCatalog([
            "--db", db, "export", "swift", "--theme", "Orange", "--style", "DFButton.filled", "-o", directory.path("N"),
        ])
        #expect(named.status == 1)
        #expect(
            named.stderr.contains(
                "cannot generate style DFButton.filled 1.0.3: theme Orange 1.0.0 has no default value for {"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("N")))

        // Another theme added: the same files, byte for byte.
        let before = try String(
            contentsOfFile: directory.path("Orange") + "/Sources/OrangeTokens/Orange.swift", encoding: .utf8)
        let tokens = directory.path("extra.tokens.json")
        try Data(#"{"size": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#.utf8).write(
            to: URL(fileURLWithPath: tokens))
        #expect(runCatalog(["--db", db, "theme", "add", tokens, "--name", "Extra", "--version", "1.0.0"]).status == 0)
        #expect(
            runCatalog([
                "--db", db, "export", "swift", "--theme", "Orange", "--style", "all", "-o", directory.path("Orange"),
            ]).status == 0)
        #expect(
            try String(contentsOfFile: directory.path("Orange") + "/Sources/OrangeTokens/Orange.swift", encoding: .utf8)
                == before)
    }
}
