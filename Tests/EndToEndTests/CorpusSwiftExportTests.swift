import CatalogModel
import Foundation
import TestSupport
import Testing

/// Every corpus theme goes out as a Swift package through the built binary, as a
/// team would export it: the summary counts what was generated and what was not, by
/// reason; every package type-checks against the SwiftUI+UIKit and SwiftUI+AppKit
/// stand-ins; and a token's value in a context of several dimensions, read through the
/// generated context type in a compiled program, is what `theme show` resolves there.
@Suite(.serialized) struct CorpusSwiftExportTests {
    static var present: Bool { RealTokenCorpusTests.present }

    /// The corpus trees, each as `theme add` takes it: name and arguments.
    static func trees() throws -> [(name: String, arguments: [String])] {
        let folder = RealTokenCorpusTests.folder
        let gestalt = try RealTokenCorpusTests.gestaltClassicArguments()
        return [
            ("Canvas", [try folder("workday-canvas")]),
            ("DS", [try folder("digdir-designsystemet/design-tokens")]),
            ("GVR", [try folder("gestalt/packages/gestalt-design-tokens/tokens/vr-theme")]),
            ("Gestalt", gestalt),
            ("EDS", [try folder("equinor-eds/packages/eds-tokens/src/tokens/raw")]),
            (
                "EDSFigma",
                [
                    try folder("equinor-eds/packages/eds-tokens/tokens/FQQqyumcpPQoiFRCjdS9GM"),
                    try folder("equinor-eds/packages/eds-tokens/tokens/cpNchKjiIM19dPqTxE0fqg"),
                ]
            ),
            ("NVE", [try folder("nve")]),
            ("Spectrum", [try folder("spectrum-15.0.0")]),
            ("Spectrum14", [try folder("spectrum-14.0.0")]),
            ("SDS", [try folder("figma-sds") + "/tokens.json"]),
        ]
    }

    /// What `export swift` says of each corpus theme: its summary line, then the lines of
    /// what it did not generate in full (counts from the export of 2026-12-05, checked by
    /// hand against `theme problems` and `theme show`).
    static let summaries: [String: [String]] = [
        "Canvas": [
            ": 680 of 708 tokens of Canvas 1.0.0, 467 asset colors, 0 button styles.",
            "  28 not generated: no value in any context (a reference names nothing) — More styles.Body.Body L - (500) Medium,",
            "  211 without a value in some modes (not defined there, or referring to a token missing there; the default stands in) — brand.action.accent,",
        ],
        "DS": [": 538 tokens of DS 1.0.0, 409 asset colors, 0 button styles."],
        "GVR": [
            ": 565 of 587 tokens of GVR 1.0.0, 320 asset colors, 0 button styles.",
            "  22 not generated: no Swift type for its value (a composition, an untyped value, a CSS keyword or gradient) — base.motion.easing.bounce,",
            "  1 without a value in the default context, generated as optionals (Moded<Value?>; --mode chooses the default context) — sema.color.border.selected",
        ],
        "Gestalt": [
            ": 520 of 524 tokens of Gestalt 1.0.0, 427 asset colors, 0 button styles.",
            "  4 not generated: no Swift type for its value (a composition, an untyped value, a CSS keyword or gradient) — elevation.datepicker, elevation.floating, elevation.raised.bottom, elevation.raised.top",
            // The tokens only the light files write (theme show counts 493 of 524 in dark).
            "  31 without a value in some modes (not defined there, or referring to a token missing there; the default stands in) — color.background.button.elevation.disabled,",
        ],
        "EDS": [": 261 tokens of EDS 1.0.0 (381 unresolved not generated: catalog theme problems EDS@1.0.0)"],
        "EDSFigma": [
            ": 897 tokens of EDSFigma 1.0.0, 0 asset colors, 0 button styles.",
            "  6 without their values in combinations of modes (more than 1024 each) — Documentation,",
        ],
        // RME's malformed brand.000 is flagged there alone: generated, without RME's value.
        "NVE": [
            ": 722 tokens of NVE 1.0.0, 446 asset colors, 0 button styles.",
            "  2 without a value in some modes (not defined there, or referring to a token missing there; the default stands in) — color-shades.brand.000, color.brand.foreground.primary-on-bg",
        ],
        "Spectrum": [": 2,469 tokens of Spectrum 15.0.0, 757 asset colors, 0 button styles."],
        "Spectrum14": [": 2,338 tokens of Spectrum14 14.0.0, 756 asset colors, 0 button styles."],
        // Its modes come from `com.figma.sds`; the one token whose brand_b_light value names
        // nothing is flagged in that mode alone, generated with its other modes.
        "SDS": [
            ": 337 tokens of SDS 1.0.0, 226 asset colors, 0 button styles.",
            "  1 without a value in some modes (not defined there, or referring to a token missing there; the default stands in) — @color.background.brand.default",
        ],
    ]

    static let standIns = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "CatalogCodegenTests/StandIn")

    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func everyCorpusThemeExportsCountedAndTypeChecks() throws {
        var report: [String] = []
        let directory = try TemporaryDirectory()
        let db = directory.path("corpus.db")
        var modules: [(module: String, folder: String)] = []
        for (name, arguments) in try Self.trees() {
            let version = name.hasPrefix("Spectrum") ? (name == "Spectrum" ? "15.0.0" : "14.0.0") : "1.0.0"
            let add = try RealTokenCorpusTests.run(
                ["theme", "add"] + arguments + ["--name", name, "--version", version], db: db)
            #expect(add.status == 0, "\(name): \(add.stderr)")
            let folder = directory.path("swift-\(name)")
            let export = try RealTokenCorpusTests.run(["export", "swift", "--theme", name, "-o", folder], db: db)
            #expect(export.status == 0, "\(name): \(export.stderr)")
            for line in Self.summaries[name] ?? [] {
                #expect(export.stdout.contains(line), "\(name): \(export.stdout)")
            }
            // Every line of the summary is expected: nothing else was left out.
            let said = export.stdout.split(separator: "\n").count
            #expect(said == max(Self.summaries[name]?.count ?? 1, 1), "\(name): \(export.stdout)")
            modules.append(("\(name)Tokens", folder))
            let assets = try Self.checkColorsets(theme: name, module: "\(name)Tokens", folder: folder, db: db)
            // Equinor's Figma export holds numbers and strings only.
            #expect(
                name == "EDSFigma" ? assets.colorsets == 0 : assets.compared >= assets.colorsets, "\(name): \(assets)")
            #expect(assets.skipped == 0, "\(name): \(assets)")
            let readBack =
                assets.colorsets == 0
                ? 0 : try Self.readBack(theme: name, module: "\(name)Tokens", folder: folder, db: db)
            #expect(readBack == assets.compared, "\(name): \(readBack) of \(assets.compared) entries read back")
            report.append(
                "\(name): \(assets.colorsets) colorsets, \(assets.compared) entries equal to theme show, \(readBack) read back equal"
            )
        }
        print(report.joined(separator: "\n"))
        for kit in ["UIKit", "AppKit"] {
            let build = try Self.typeCheck(modules, platformKit: kit, in: directory.url.appending(path: "check-\(kit)"))
            #expect(build.status == 0, "\(kit): \(build.output.suffix(4000))")
        }
    }

    /// The exported package's `Colors.xcassets` imported as a theme (`theme add
    /// X.xcassets`): every entry of every colorset is the imported token's value in the
    /// appearance mode the entry is for, the same space and components. The number of
    /// entries read back equal.
    static func readBack(theme name: String, module: String, folder: String, db: String) throws -> Int {
        let root = URL(fileURLWithPath: folder).appending(path: "Sources/\(module)/Resources/Colors.xcassets")
        let imported = "\(name)Assets"
        let add = try RealTokenCorpusTests.run(
            ["theme", "add", root.path, "--name", imported, "--version", "1.0.0"], db: db)
        try #require(add.status == 0, "\(name): \(add.stderr)")
        #expect(!add.stdout.contains("unresolved"), "\(name): \(add.stdout)")
        var shown: [String: [String: JSON]] = [:]
        func values(_ mode: String?) throws -> [String: JSON] {
            if let known = shown[mode ?? ""] { return known }
            let run = try RealTokenCorpusTests.run(
                ["theme", "show", imported, "--resolved", "--json"]
                    + (mode.map { ["--mode", "appearance=\($0)"] } ?? []),
                db: db)
            try #require(run.status == 0, "\(imported) \(mode ?? ""): \(run.stderr)")
            let tokens = try JSONParser.parse(run.stdout, file: "theme show")["tokens"]?.array ?? []
            let found = Dictionary(
                tokens.compactMap { token in token["path"]?.string.flatMap { path in token["value"].map { (path, $0) } }
                },
                uniquingKeysWith: { first, _ in first })
            shown[mode ?? ""] = found
            return found
        }
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        var equal = 0
        for file in files.sorted() where file.hasSuffix(".colorset/Contents.json") {
            let path = file.dropLast(".colorset/Contents.json".count).replacingOccurrences(of: "/", with: ".")
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            let entries = try JSONParser.parse(text, file: file)["colors"]?.array ?? []
            let hasLight = entries.contains {
                $0["appearances"]?.array?.contains { $0["value"]?.string == "light" } == true
            }
            for entry in entries {
                let key = Set((entry["appearances"]?.array ?? []).compactMap { $0["value"]?.string })
                let mode: String? =
                    switch key {
                    case []: hasLight ? "any" : nil
                    case ["light"]: "light"
                    case ["dark"]: "dark"
                    case ["high"]: "highContrast"
                    default: "darkHighContrast"
                    }
                guard let value = try values(mode)[path] else {
                    Issue.record("\(imported): no token \(path) in appearance \(mode ?? "default")")
                    continue
                }
                let space = entry["color"]?["color-space"]?.string ?? ""
                let expectedSpace =
                    ["display-p3": "display-p3", "extended-linear-srgb": "srgb-linear"][space] ?? "srgb"
                var written = ["red", "green", "blue"].compactMap {
                    entry["color"]?["components"]?[$0]?.string.flatMap(Double.init)
                }
                let alpha = entry["color"]?["components"]?["alpha"]?.string.flatMap(Double.init) ?? 1
                var read = value["components"]?.array?.compactMap(\.number) ?? []
                var readSpace = value["colorSpace"]?.string
                // Extended components past 0…1 come back in Display P3: the same color,
                // compared in (extended) sRGB.
                if readSpace == "display-p3", expectedSpace != "display-p3", read.count == 3, written.count == 3 {
                    let rgb = ColorSpace.displayP3.toSRGB(read)
                    read = [rgb.red, rgb.green, rgb.blue]
                    if expectedSpace == "srgb-linear" {
                        let encoded = ColorSpace.srgbLinear.toSRGB(written)
                        written = [encoded.red, encoded.green, encoded.blue]
                    }
                    readSpace = expectedSpace
                }
                let same =
                    readSpace == expectedSpace && read.count == 3
                    && zip(read, written).allSatisfy { abs($0 - $1) < 1e-6 }
                    && abs((value["alpha"]?.number ?? 1) - alpha) < 1e-9
                #expect(same, "\(imported) \(path) [\(mode ?? "default")]: \(value.serialized()) read from \(text)")
                if same { equal += 1 }
            }
        }
        return equal
    }

    /// Every colorset of `theme`'s exported package, read as Xcode reads it: each
    /// `Contents.json` follows Apple's rules (``AssetCatalogRules``), each colorset is a color
    /// token by its folders (`color/accent/base-hover.colorset` is `color.accent.base-hover`),
    /// and each entry is the value `theme show --resolved` gives: the "any" entry in the
    /// default context, each appearance in its mode of the appearance dimension (the first
    /// with a mode named dark), every other dimension at its default; a color of another
    /// space than sRGB, Display P3 or linear sRGB converted to extended sRGB (`ColorSpace`).
    /// A value with no number (`none` components) is counted apart (`skipped`).
    static func checkColorsets(theme name: String, module: String, folder: String, db: String) throws -> (
        colorsets: Int, compared: Int, skipped: Int
    ) {
        let listed = try RealTokenCorpusTests.run(["theme", "list", "--json"], db: db)
        let dimensions =
            try JSONParser.parse(listed.stdout, file: "theme list").array?
            .first { $0["name"]?.string == name }?["dimensions"]?.array ?? []
        let appearance = dimensions.first { dimension in
            dimension["modes"]?.array?.contains { $0.string?.lowercased() == "dark" } == true
        }
        // The appearances each mode of the appearance dimension is written with.
        func appearances(_ mode: String) -> String? {
            switch mode.lowercased().filter(\.isLetter) {
            case "light": "luminosity=light"
            case "dark": "luminosity=dark"
            case "highcontrast", "lighthighcontrast", "highcontrastlight": "contrast=high"
            case "darkhighcontrast", "highcontrastdark": "contrast=high,luminosity=dark"
            default: nil
            }
        }
        var contexts: [String: [String]] = ["": []]
        if let appearance, let dimension = appearance["name"]?.string {
            let defaultMode = appearance["default"]?.string ?? ""
            for mode in appearance["modes"]?.array?.compactMap(\.string) ?? [] where mode != defaultMode {
                if let key = appearances(mode), key != appearances(defaultMode) {
                    contexts[key] = ["--mode", "\(dimension)=\(mode)"]
                }
            }
        }
        var values: [String: [String: JSON]] = [:]
        for (key, arguments) in contexts {
            let shown = try RealTokenCorpusTests.run(
                ["theme", "show", name, "--resolved", "--json"] + arguments, db: db)
            try #require(shown.status == 0, "\(name) \(arguments): \(shown.stderr)")
            let tokens = try JSONParser.parse(shown.stdout, file: "theme show")["tokens"]?.array ?? []
            values[key] = Dictionary(
                tokens.compactMap { token in token["path"]?.string.flatMap { path in token["value"].map { (path, $0) } }
                },
                uniquingKeysWith: { first, _ in first })
        }
        let root = URL(fileURLWithPath: folder).appending(path: "Sources/\(module)/Resources/Colors.xcassets")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        var (colorsets, compared, skipped) = (0, 0, 0)
        for file in files.sorted() where file.hasSuffix("Contents.json") {
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            #expect(AssetCatalogRules.problems(path: file, text: text) == [], "\(name) \(file)")
            guard file.hasSuffix(".colorset/Contents.json") else { continue }
            colorsets += 1
            let path = file.dropLast(".colorset/Contents.json".count).replacingOccurrences(of: "/", with: ".")
            let entries = try JSONParser.parse(text, file: file)["colors"]?.array ?? []
            // One entry per context where the token has a value (none is written where it has none).
            let valued = contexts.keys.filter { values[$0]?[path] != nil }.count
            #expect(entries.count == valued, "\(name) \(file): \(entries.count) entries, \(valued) valued")
            for entry in entries {
                let key = (entry["appearances"]?.array ?? []).map {
                    "\($0["appearance"]?.string ?? "")=\($0["value"]?.string ?? "")"
                }.sorted().joined(separator: ",")
                guard let expected = values[key]?[path] else {
                    Issue.record("\(name) \(file): no token \(path), or no context for appearances \(key)")
                    continue
                }
                // The space Xcode is told, and the components in it: sRGB, Display P3 and linear
                // sRGB as they are, every other space converted to extended sRGB.
                let declared = expected["colorSpace"]?.string ?? "srgb"
                let given = expected["components"]?.array?.map(\.number) ?? []
                let (space, channels): (String, [Double?]) =
                    switch declared {
                    case "srgb": ("srgb", given)
                    case "display-p3": ("display-p3", given)
                    case "srgb-linear": ("extended-linear-srgb", given)
                    default:
                        ColorSpace(rawValue: declared).map { space in
                            let (r, g, b) = space.toSRGB(given)
                            return ("extended-srgb", [r, g, b])
                        } ?? ("extended-srgb", given)
                    }
                // A `none` component is 0, as CSS Color 4 converts it and the generator writes it.
                guard channels.count == 3, channels.allSatisfy({ $0?.isFinite ?? true }) else {
                    skipped += 1
                    continue
                }
                #expect(entry["color"]?["color-space"]?.string == space, "\(name) \(path) [\(key)]: \(declared)")
                let written = ["red", "green", "blue", "alpha"].map {
                    entry["color"]?["components"]?[$0]?.string.flatMap(Double.init)
                }
                let wanted = channels.map { $0 ?? 0 } + [expected["alpha"]?.number ?? 1]
                let equal = zip(written, wanted).allSatisfy { written, wanted in
                    written.map { abs($0 - wanted) < 0.00006 } ?? false
                }
                #expect(equal, "\(name) \(path) [\(key)]: colorset \(written), theme show \(wanted)")
                compared += 1
            }
        }
        return (colorsets, compared, skipped)
    }

    /// A package of the stand-ins and `modules` (each an exported package's sources), built.
    static func typeCheck(_ modules: [(module: String, folder: String)], platformKit: String, in folder: URL) throws
        -> (status: Int32, output: String)
    {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appending(path: "StandIn"), withIntermediateDirectories: true)
        for kit in ["SwiftUI", platformKit] {
            try manager.copyItem(at: standIns.appending(path: kit), to: folder.appending(path: "StandIn/\(kit)"))
        }
        var targets = [
            ".target(name: \"\(platformKit)\", path: \"StandIn/\(platformKit)\", swiftSettings: [.swiftLanguageMode(.v5)])",
            ".target(name: \"SwiftUI\", dependencies: [\"\(platformKit)\"], path: \"StandIn/SwiftUI\", swiftSettings: [.swiftLanguageMode(.v5)])",
        ]
        try manager.createDirectory(at: folder.appending(path: "Sources"), withIntermediateDirectories: true)
        for (module, source) in modules {
            try manager.copyItem(
                at: URL(fileURLWithPath: source).appending(path: "Sources/\(module)"),
                to: folder.appending(path: "Sources/\(module)"))
            targets.append(
                ".target(name: \"\(module)\", dependencies: [\"SwiftUI\", \"\(platformKit)\"], path: \"Sources/\(module)\", resources: [.copy(\"Resources\")], swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])])"
            )
        }
        try """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(name: "Check", targets: [\(targets.joined(separator: ",\n    "))])

        """.write(to: folder.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
        return try run(["swift", "build", "--package-path", folder.path])
    }

    /// Two dimensions of two modes. `t` differs from the default in Forest (black) and only
    /// in Forest with Branded (green): Forest's value refers to `sys.y`, which Branded sets;
    /// `space` has a value in each mode, Branded's winning where both are chosen.
    static let twoDimensions = """
        { "$extensions": { "catalog.dimensions": { "brand": ["base", "forest"], "system": ["plain", "branded"] } },
          "sys": { "y": { "$type": "color", "$value": "#000000",
                          "$extensions": { "catalog.modes": { "branded": "#00ff00" } } } },
          "brand": { "x": { "$type": "color", "$value": "#ff0000",
                            "$extensions": { "catalog.modes": { "forest": "{sys.y}" } } } },
          "t": { "$type": "color", "$value": "{brand.x}" },
          "space": { "$type": "dimension", "$value": "4px",
                     "$extensions": { "catalog.modes": { "forest": "8px", "branded": "12px" } } } }
        """

    /// A token's values in every context of two dimensions, read through the generated
    /// context type by a compiled program, equal `theme show --resolved` in that context:
    /// a fixture whose token differs only in a combination (a mode of one dimension refers
    /// to a token that varies along the other), and Designsystemet's colors by color scheme
    /// and color.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func aCombinationThroughTheGeneratedContextIsWhatThemeShowResolves() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("contexts.db")
        let fixture = directory.path("fix.json")
        try Self.twoDimensions.write(toFile: fixture, atomically: true, encoding: .utf8)
        for (name, source) in [
            ("Fix", fixture), ("DS", try RealTokenCorpusTests.folder("digdir-designsystemet/design-tokens")),
        ] {
            let add = try RealTokenCorpusTests.run(
                ["theme", "add", source, "--name", name, "--version", "1.0.0"], db: db)
            #expect(add.status == 0, "\(add.stderr)")
            let export = try RealTokenCorpusTests.run(
                ["export", "swift", "--theme", name, "-o", directory.path("swift-\(name)")], db: db)
            #expect(export.status == 0, "\(export.stderr)")
        }
        // (theme, token path, Swift expression, modes as theme show takes them, context in Swift)
        let cases: [(String, String, String, [String], String)] = [
            ("Fix", "t", "Fix.t", [], "FixContext()"),
            ("Fix", "t", "Fix.t", ["brand=forest"], "FixContext(brand: .forest)"),
            ("Fix", "t", "Fix.t", ["system=branded"], "FixContext(system: .branded)"),
            ("Fix", "t", "Fix.t", ["brand=forest", "system=branded"], "FixContext(brand: .forest, system: .branded)"),
            ("DS", "background-default", "DS.backgroundDefault", [], "DSContext()"),
            ("DS", "background-default", "DS.backgroundDefault", ["Color=danger"], "DSContext(color: .danger)"),
            (
                "DS", "background-default", "DS.backgroundDefault", ["Color scheme=Light", "Color=brand1"],
                "DSContext(colorScheme: .light, color: .brand1)"
            ),
            (
                "DS", "background-tinted", "DS.backgroundTinted", ["Color scheme=Light", "Color=success"],
                "DSContext(colorScheme: .light, color: .success)"
            ),
        ]
        var program = ""
        for (_, _, expression, _, context) in cases {
            program += "print(rgb(\(expression).value(in: \(context))))\n"
        }
        program += """
            func rgb(_ color: TokenColor) -> String {
                [color.red, color.green, color.blue].map { String(format: "%.4f", $0) }.joined(separator: " ")
            }

            """
        var sources: [String] = []
        for name in ["Fix", "DS"] {
            let folder = directory.path("swift-\(name)/Sources/\(name)Tokens")
            sources += ["\(folder)/TokenTypes.swift", "\(folder)/\(name).swift"]
        }
        let main = directory.path("main.swift")
        try ("import Foundation\n" + program).write(toFile: main, atomically: true, encoding: .utf8)
        let binary = directory.path("contexts")
        // Both modules' plain files in one program: their TokenTypes are one file twice, so
        // compile DS's tokens with Fix's types only.
        let compile = try run(["swiftc", "-o", binary, sources[0], sources[1], sources[3], main])
        try #require(compile.status == 0, "\(compile.output)")
        let printed = try run([binary]).output.split(separator: "\n").map(String.init)
        try #require(printed.count == cases.count, "\(printed)")
        for (index, (theme, path, expression, modes, context)) in cases.enumerated() {
            let shown = try RealTokenCorpusTests.run(
                ["theme", "show", theme, "--resolved", "--path", path, "--json"] + modes.flatMap { ["--mode", $0] },
                db: db)
            let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
            let token = (object?["tokens"] as? [[String: Any]])?.first { $0["path"] as? String == path }
            let value = try #require(token?["value"] as? [String: Any], "\(theme) \(path) \(modes): \(shown.stdout)")
            #expect(value["colorSpace"] as? String == "srgb")
            let expected = ((value["components"] as? [Double]) ?? []).map { String(format: "%.4f", $0) }
                .joined(separator: " ")
            #expect(printed[index] == expected, "\(expression) in \(context) vs theme show \(modes)")
        }
        // The fixture's token differs from both single modes only in their combination.
        #expect(
            printed[0...3] == [
                "1.0000 0.0000 0.0000", "0.0000 0.0000 0.0000", "1.0000 0.0000 0.0000", "0.0000 1.0000 0.0000",
            ])
    }

    /// `--mode` chooses the default context the constants hold, as `theme show --mode` takes
    /// it; `--rename` settles a clash; a wrong one of either is refused, naming what would
    /// work, and writes nothing.
    @Test func modeAndRenameChooseTheDefaultsAndTheNames() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let file = directory.path("t.json")
        try """
        { "$extensions": { "catalog.dimensions": { "brand": ["base", "forest"] } },
          "k": { "$type": "number", "dark-mode": { "$value": 1 }, "dark_mode": { "$value": 2 } },
          "c": { "$type": "color", "x": { "$value": "#ff0000", "$extensions": { "catalog.modes": { "forest": "#00ff00" } } },
                 "only": { "$value": "{c.forestOnly}" } } }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try RealTokenCorpusTests.run(["theme", "add", file, "--name", "T", "--version", "1.0.0"], db: db).status
                == 0)
        let out = directory.path("swift")
        let clash = try RealTokenCorpusTests.run(["export", "swift", "--theme", "T", "-o", out], db: db)
        #expect(clash.status == 1)
        #expect(
            clash.stderr.contains(
                "\"k.dark-mode\" and \"k.dark_mode\" would both be named dark_mode in Swift; choose a name with --rename k.dark-mode=NAME"
            ), "\(clash.stderr)")
        for (arguments, status, message) in [
            (["--rename", "k.dark-mode"], Int32(64), "--rename \"k.dark-mode\" is not PATH=NAME"),
            (
                ["--rename", "k.dark-mod=hyphen"], 1,
                "theme T has no token or group k.dark-mod (did you mean k.dark-mode?)"
            ),
            (["--rename", "k.dark-mode=1x"], 1, "is not a Swift identifier"),
            (["--rename", "k.dark-mode=Type"], 1, "is a Swift keyword or names the metatype"),
            (["--mode", "brand=jungle"], 64, "unknown value \"brand=jungle\" for '--mode'"),
            // Two modes of one dimension: a usage mistake too, as in every command with --mode.
            (["--mode", "forest", "--mode", "brand=base"], 64, "modes 'forest' and 'base' are both brand modes"),
        ] {
            let refused = try RealTokenCorpusTests.run(
                ["export", "swift", "--theme", "T", "-o", out] + arguments, db: db)
            #expect(refused.status == status && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let written = try RealTokenCorpusTests.run(
            [
                "export", "swift", "--theme", "T", "-o", out, "--rename", "k.dark-mode=darkModeHyphen", "--mode",
                "brand=forest",
            ],
            db: db)
        #expect(written.status == 0, "\(written.stderr)")
        // A DTCG reference to nothing is flagged at import: counted apart, never generated.
        #expect(
            written.stdout.contains(
                ": 3 tokens of T 1.0.0 (1 unresolved not generated: catalog theme problems T@1.0.0)"),
            "\(written.stdout)")
        let source = try String(contentsOfFile: "\(out)/Sources/TTokens/T.swift", encoding: .utf8)
        #expect(source.contains("public static let darkModeHyphen: Moded<Double> = Moded(1)"))
        #expect(source.contains("public static let darkMode: Moded<Double> = Moded(2)"))
        // Forest is the default context: its value is the default, base's the mode's.
        #expect(source.contains("default: TokenColor(.sRGB, red: 0, green: 1, blue: 0, alpha: 1)"), "\(source)")
        #expect(source.contains("\"base\": TokenColor(.sRGB, red: 1, green: 0, blue: 0, alpha: 1)"), "\(source)")
        #expect(source.contains("its default mode is `forest`"))
    }

    /// `export docs --mode` takes `DIMENSION=MODE` as `theme show` does, one per dimension,
    /// and the theme page shows that combination first; the page's context menus show any
    /// other (checked in Chromium where it is installed: `?brand=forest&system=branded`).
    @Test func docsInAContextOfSeveralDimensions() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let file = directory.path("t.json")
        try Self.twoDimensions.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try RealTokenCorpusTests.run(["theme", "add", file, "--name", "Fix", "--version", "1.0.0"], db: db).status
                == 0)
        let site = directory.path("site")
        for (arguments, status, message) in [
            (
                ["--mode", "brand=forest", "--mode", "brand=base"], Int32(64),
                "modes 'brand=forest' and 'brand=base' are both brand modes; choose one"
            ),
            (["--mode", "all", "--mode", "forest"], 64, "--mode all documents every mode apart; give it alone"),
            (["--mode", "brand=jungle"], 64, "unknown value \"brand=jungle\" for '--mode'"),
        ] {
            let refused = try RealTokenCorpusTests.run(
                ["export", "docs", "--format", "html", "-o", site] + arguments, db: db)
            #expect(refused.status == status && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: site))
        let written = try RealTokenCorpusTests.run(
            ["export", "docs", "--format", "html", "-o", site, "--mode", "brand=forest", "--mode", "system=branded"],
            db: db)
        #expect(written.status == 0, "\(written.stderr)")
        let page = try String(contentsOfFile: "\(site)/themes/Fix.html", encoding: .utf8)
        let card = try #require(page.components(separatedBy: "id=\"token-brand.x\"").dropFirst().first)
        #expect(card.contains(" data-dimensions='[\"brand\",\"system\"]'"), "\(card.prefix(300))")
        #expect(card.contains("<div class=\"chip\"><span style=\"background:#00FF00FF\">"), "\(card.prefix(600))")
        #expect(page.contains("<option value=\"forest\" selected>forest</option>"))
        #expect(page.contains("<option value=\"branded\" selected>branded</option>"))
        guard let chromium = ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser") else {
            #expect(!ExternalTool.isCI, "chromium is not installed (Debian: apt-get install chromium)")
            return
        }
        let defaults = try RealTokenCorpusTests.run(["export", "docs", "--format", "html", "-o", site], db: db)
        #expect(defaults.status == 0)
        let url = URL(fileURLWithPath: "\(site)/themes/Fix.html").absoluteString + "?brand=forest&system=branded"
        let dom = try run([
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom",
            url,
        ]).output
        let shown = try #require(dom.components(separatedBy: "id=\"token-brand.x\"").dropFirst().first)
        #expect(shown.contains("<span style=\"background: rgb(0, 255, 0);\">"), "\(shown.prefix(600))")
        #expect(shown.contains("<small class=\"value\">#00FF00FF</small>"), "\(shown.prefix(600))")
        // A table's first column follows the menus too (the space in Forest with Branded:
        // Branded's value, as theme show resolves it), its bar hidden, drawn for the defaults.
        let row = try #require(
            dom.components(separatedBy: "id=\"token-space\"").dropFirst().first?.components(separatedBy: "</tr>").first)
        let spaced = try RealTokenCorpusTests.run(
            [
                "theme", "show", "Fix", "--path", "space", "--resolved", "--mode", "brand=forest", "--mode",
                "system=branded",
            ], db: db)
        #expect(spaced.stdout.contains("12px"), "\(spaced.stdout)")
        #expect(row.contains("<span class=\"value\">12 pt</span>"), "\(row)")
        #expect(row.contains("<span class=\"visual\" hidden=\"\">"), "\(row)")
        let heading = dom.components(separatedBy: "<th scope=\"col\" class=\"now\"").dropFirst().first ?? ""
        #expect(heading.prefix { $0 != "<" }.hasSuffix(">forest, branded"), "\(heading.prefix(80))")
    }

    /// The corpus themes' site: a large theme's page stays light (its sections are files
    /// loaded on demand); in Chromium (where installed) a filter finds Spectrum's tokens
    /// across sections and counts them, a link to a token loads its section, Canvas's page
    /// in Forest+Branded shows no value where theme show has none, and on every corpus
    /// theme's page, every section loaded, no swatch shows raw JSON and nothing overflows at
    /// 1280 or 390 px.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func corpusThemePagesStayLightAndWork() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let trees = try Self.trees()
        for (name, arguments) in trees {
            let add = try RealTokenCorpusTests.run(
                ["theme", "add"] + arguments + ["--name", name, "--version", "1.0.0"], db: db)
            #expect(add.status == 0, "\(add.stderr)")
        }
        let site = directory.path("site")
        #expect(try RealTokenCorpusTests.run(["export", "docs", "--format", "html", "-o", site], db: db).status == 0)
        let manager = FileManager.default
        let spectrum = try #require(manager.contents(atPath: "\(site)/themes/Spectrum.html"))
        #expect(spectrum.count < 300_000, "Spectrum's theme page is \(spectrum.count) bytes")
        #expect(manager.fileExists(atPath: "\(site)/themes/Spectrum.color.js"))
        // Designsystemet (538 tokens) stays one page, every token in it.
        let ds = try String(contentsOfFile: "\(site)/themes/DS.html", encoding: .utf8)
        #expect(ds.contains("id=\"token-background-default\"") && !ds.contains("data-section="))
        // The Markdown pages are drawn from the same description: every token theme show
        // lists is a row with its Swift name, in a section per type, in every corpus theme.
        let markdown = directory.path("markdown")
        #expect(try RealTokenCorpusTests.run(["export", "docs", "-o", markdown], db: db).status == 0)
        for (name, _) in trees {
            let page = try String(contentsOfFile: "\(markdown)/themes/\(name).md", encoding: .utf8)
            let listed = try RealTokenCorpusTests.run(["theme", "show", name, "--json"], db: db)
            let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
            let paths = (json?["tokens"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(!paths.isEmpty, "\(name)")
            // Past 2,000 tokens of one type a section shows the first 2,000 and says so.
            let cut = page.contains("> Showing the first 2000 of ")
            let missing = paths.filter { !page.contains("| `\($0)` | ") }
            #expect(cut || missing.isEmpty, "\(name): \(missing.prefix(5))")
            #expect(page.contains("| Token | Swift | "), "\(name)")
        }
        guard let chromium = ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser") else {
            #expect(!ExternalTool.isCI, "chromium is not installed (Debian: apt-get install chromium)")
            return
        }
        // A token of each theme to link to, from the middle of its list, by the anchor the
        // site gives it (bytes other than ASCII letters, digits, `-` and `.` as `_XX`).
        func anchor(_ path: String) -> String {
            path.utf8.map { byte in
                let scalar = Unicode.Scalar(byte)
                return byte < 0x80
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-.".unicodeScalars.contains(scalar))
                    ? String(scalar) : String(format: "_%02X", byte)
            }.joined()
        }
        var anchors: [String] = []
        for (name, _) in trees {
            let listed = try RealTokenCorpusTests.run(["theme", "show", name, "--json"], db: db)
            let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
            let paths = (json?["tokens"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            if paths.indices.contains(paths.count / 2) {
                anchors.append("\(name).html#" + anchor("token-" + paths[paths.count / 2]))
            }
        }
        #expect(anchors.count == trees.count)
        // Every corpus theme's page with every section loaded (`a` matches nearly every token),
        // as it opens, and at a token linked to.
        let pages =
            [
                "Spectrum.html?filter=accent-background", "Spectrum.html#token-accent-background-color-default",
                "Canvas.html?Brand=Forest&System=Branded&filter=brand.action",
            ] + trees.map { "\($0.name).html?filter=a" } + trees.map { "\($0.name).html" } + anchors
        let jobs = pages.flatMap { page in [1280, 390].map { "[\"\(page)\", \($0)]" } }
        let probe = """
            <!doctype html><html><body><pre id="out">running</pre><script>
            var jobs = [\(jobs.joined(separator: ","))], results = [];
            function next(i) {
              if (i >= jobs.length) { document.getElementById("out").textContent = JSON.stringify(results); return; }
              var frame = document.createElement("iframe");
              frame.style.width = jobs[i][1] + "px"; frame.style.height = "900px";
              frame.onload = function () {
                setTimeout(function () {
                  var doc = frame.contentDocument, win = frame.contentWindow;
                  var raw = 0;
                  doc.querySelectorAll(".swatch .value").forEach(function (v) { if (v.textContent.charAt(0) === "{") { raw++; } });
                  var base = doc.getElementById("token-brand.action.base");
                  // The linked token against the sticky bars' bottom edge.
                  var hash = decodeURIComponent(win.location.hash.slice(1)), target = hash ? doc.getElementById(hash) : null;
                  var bars = 0;
                  ["header.site", "form.context"].forEach(function (s) {
                    var bar = doc.querySelector(s);
                    if (bar) { bars = Math.max(bars, bar.getBoundingClientRect().bottom); }
                  });
                  var landed = target ? [Math.round(target.getBoundingClientRect().top), Math.round(bars)] : null;
                  // The menu of a dimension with light and dark modes, as chosen.
                  var scheme = null;
                  doc.querySelectorAll("form.context select").forEach(function (menu) {
                    var names = Array.prototype.map.call(menu.options, function (o) { return o.value.split("=").pop().toLowerCase(); });
                    if (names.indexOf("light") >= 0 && names.indexOf("dark") >= 0) {
                      scheme = menu.value.split("=").pop().toLowerCase();
                    }
                  });
                  var clipped = 0;
                  doc.querySelectorAll(".specimen").forEach(function (s) {
                    var box = s.getBoundingClientRect();
                    if (s.offsetParent && (s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1)) {
                      clipped++;
                      if (!window.firstClipped) { window.firstClipped = s.outerHTML.slice(0, 200) + " " + s.scrollWidth + "/" + s.clientWidth + " " + s.scrollHeight + "/" + s.clientHeight; }
                    }
                  });
                  var runTogether = 0;
                  doc.querySelectorAll("td small.swift").forEach(function (s) {
                    if (win.getComputedStyle(s).display !== "block") { runTogether++; }
                  });
                  var ramps = doc.querySelectorAll(".ramp").length, strayRampSteps = 0;
                  doc.querySelectorAll(".ramp a[data-for]").forEach(function (a) {
                    if (!doc.getElementById(a.getAttribute("data-for"))) { strayRampSteps++; }
                  });
                  var copy = doc.querySelector("button.copy[data-copy]"), copiedRight = null;
                  if (copy) { copy.click(); copiedRight = copy.getAttribute("data-copy-text") === copy.getAttribute("data-copy"); }
                  var holders = doc.querySelectorAll(".section[data-section]");
                  results.push([jobs[i][0], jobs[i][1],
                    doc.documentElement.scrollWidth - doc.documentElement.clientWidth,
                    doc.documentElement.getAttribute("data-shown"),
                    !!doc.getElementById("token-accent-background-color-default"),
                    base ? base.querySelector(".value").textContent : null, raw,
                    doc.querySelectorAll(".section[data-loaded=true]").length,
                    (doc.getElementById("filter-count") || {}).textContent || "",
                    holders.length === 0 || holders[0].getAttribute("data-loaded") === "true",
                    landed, scheme, clipped, runTogether, ramps, strayRampSteps, copiedRight, window.firstClipped || ""]);
                  frame.remove();
                  next(i + 1);
                }, 1500);
              };
              frame.src = jobs[i][0];
              document.body.appendChild(frame);
            }
            next(0);
            </script></body></html>
            """
        try probe.write(toFile: "\(site)/themes/probe.html", atomically: true, encoding: .utf8)
        // Light, then dark: each page opens in its theme's context for the system's scheme.
        var rampsSeen = 0
        for scheme in ["light", "dark"] {
            let output = try run(
                [
                    chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                    "--virtual-time-budget=120000", "--dump-dom",
                ] + (scheme == "dark" ? ["--force-dark-mode"] : [])
                    + [URL(fileURLWithPath: "\(site)/themes/probe.html").absoluteString]
            ).output
            let json =
                output.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
            let results = try #require(
                try? JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8))
                    as? [[Any]], "\(json.prefix(500))")
            #expect(results.count == jobs.count)
            for result in results {
                let label = "\(result[0]) at \(result[1]) px, \(scheme)"
                #expect(result[2] as? Int == 0, "\(label): \(result[2]) px of horizontal overflow")
                #expect(result[6] as? Int == 0, "\(label): \(result[6]) swatches show raw JSON")
                let page = result[0] as? String ?? ""
                if page.hasPrefix("Spectrum.html?filter=accent-background") {
                    #expect(result[3] as? String == "4", "\(label): filter shows \(result[3])")
                    #expect(result[7] as? Int == 8, "\(label): \(result[7]) sections loaded")
                }
                if page.hasPrefix("Spectrum.html#token-") { #expect(result[4] as? Bool == true, "\(label)") }
                if page.hasPrefix("Canvas.html?Brand=Forest") {
                    #expect(result[5] as? String == "—", "\(label): \(result[5])")
                }
                // The count says every token the page shows, loaded or not, before a filter.
                let count = result[8] as? String ?? ""
                if !page.contains("?") && !page.contains("#") {
                    let parts = count.split(separator: " ")
                    #expect(
                        parts.count == 4 && parts[0] == parts[2] && Int(parts[0]).map { $0 > 0 } == true
                            && parts[3].hasPrefix("token"), "\(label): the count says \(count)")
                    #expect(result[9] as? Bool == true, "\(label): the first section is not shown")
                }
                // A linked token lands below the sticky bars, on screen.
                if page.contains("#token-"), let landed = result[10] as? [Int] {
                    #expect(
                        landed[0] >= landed[1] - 1 && landed[0] < 900,
                        "\(label): token top \(landed[0]), bars end \(landed[1])")
                } else if page.contains("#token-") {
                    Issue.record("\(label): the linked token is not on the page")
                }
                if let chosen = result[11] as? String, !page.contains("?") {
                    #expect(chosen == scheme, "\(label): opens in \(chosen)")
                }
                #expect(result[12] as? Int == 0, "\(label): \(result[12]) specimens clipped, as \(result[17])")
                #expect(result[13] as? Int == 0, "\(label): \(result[13]) Swift names run into their token")
                rampsSeen += result[14] as? Int ?? 0
                #expect(result[15] as? Int == 0, "\(label): \(result[15]) ramp steps name no card")
                if let copied = result[16] as? Bool { #expect(copied, "\(label): Copy Swift copied something else") }
            }
        }
        #expect(rampsSeen > 0, "no corpus theme page shows a ramp")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ExternalTool.run(arguments)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try Self.run(arguments) }
}
