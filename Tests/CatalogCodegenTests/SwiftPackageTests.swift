import CatalogCodegen
import CatalogModel
import CatalogResources
import CatalogStore
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

#if canImport(SwiftParser)
    import SwiftParser
    import SwiftSyntax
#endif

/// The seeded catalog with capsule published: every theme's latest version and every style.
struct SeededCatalog {
    let themes: [Theme]
    let styles: [StyleDefinition]

    static let capsule = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/capsule.json")

    init() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        _ = try repository.write { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        let capsule = try Data(contentsOf: Self.capsule)
        let read = try StyleReader.read(capsule, file: "capsule.json")
        _ = try repository.write { transaction in
            try repository.publish(
                style: read.style, document: read.document, text: String(decoding: capsule, as: UTF8.self),
                sourceFile: "capsule.json", in: transaction)
        }
        themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
            try repository.theme(VersionedName(name: $0))
        }
        styles = try repository.latestStyles()
    }

    /// The request for `theme`: the styles that name it.
    func request(_ theme: Theme) -> SwiftPackageExporter.Request {
        SwiftPackageExporter.Request(
            theme: theme, styles: styles.filter { $0.theme == theme.name })
    }
}

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("primary", "primary"), ("color-set", "colorSet"), ("gray-50", "gray50"), ("100", "_100"),
        ("$root", "root"), ("default", "`default`"), ("DFButton.filled", "dfButtonFilled"), ("URL", "url"),
        ("font size", "fontSize"), ("Größe mit Leerzeichen", "größeMitLeerzeichen"), ("capsule", "capsule"),
        ("ButtonVariantStyle.filled", "buttonVariantStyleFilled"), ("self", "`self`"),
    ])
    func members(name: String, expected: String) {
        #expect(SwiftNames.member(name) == expected)
    }

    @Test func typesAndLiterals() {
        #expect(SwiftNames.type("colors") == "Colors")
        #expect(SwiftNames.type("system-colors") == "SystemColors")
        #expect(SwiftNames.type("2x") == "_2x")
        #expect(SwiftNames.type("Type") == "`Type`")
        #expect(SwiftNames.literal("a \"b\"\n\u{1B}") == "\"a \\\"b\\\"\\n\\u{1b}\"")
        #expect(SwiftNames.number(16) == "16" && SwiftNames.number(0.5) == "0.5" && SwiftNames.number(-0.25) == "-0.25")
    }
}

@Suite(.serialized) struct SwiftPackageTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    /// Compares with `Golden/<name>`; `UPDATE_GOLDENS=1` rewrites it.
    func checkGolden(_ files: [String: String], folder name: String) throws {
        let folder = Self.golden.appending(path: name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            try write(files, to: folder)
            return
        }
        var expected: [String] = []
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where !url.hasDirectoryPath {
                expected.append(
                    String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        #expect(expected.sorted() == files.keys.sorted(), "the set of files differs from Golden/\(name)")
        for (path, content) in files {
            let stored = try? String(contentsOf: folder.appending(path: path), encoding: .utf8)
            #expect(
                stored == content,
                "Golden/\(name)/\(path) differs; UPDATE_GOLDENS=1 swift test --filter SwiftPackageTests")
        }
    }

    func write(_ files: [String: String], to folder: URL) throws {
        for (path, content) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    /// Syntax errors SwiftParser finds in `source`, as `line: text`. Without the parser
    /// none are found here; the build tests compile every generated file either way.
    func syntaxErrors(_ source: String) -> [String] {
        #if canImport(SwiftParser)
            let tree = Parser.parse(source: source)
            guard tree.hasError else { return [] }
            let converter = SourceLocationConverter(fileName: "generated.swift", tree: tree)
            return tree.tokens(viewMode: .all).filter { $0.hasError || $0.presence == .missing }.map {
                "\($0.startLocation(converter: converter).line): \($0.text)"
            }
        #else
            return []
        #endif
    }

    @Test func seededThemesAndStylesGenerateDeterministicCheckedPackages() throws {
        let catalog = try SeededCatalog()
        #expect(catalog.themes.count == 8)
        for theme in catalog.themes {
            let request = catalog.request(theme)
            let files = try SwiftPackageExporter.files(request)
            #expect(
                try SwiftPackageExporter.files(request) == files, "\(theme.name): the same input gives the same bytes")
            for (path, source) in files where path.hasSuffix(".swift") {
                #expect(syntaxErrors(source).isEmpty, "\(theme.name) \(path): \(syntaxErrors(source))")
                #expect(
                    source.contains("// Generated by catalog from theme \(theme.name) \(theme.version). Do not edit"),
                    "\(path) names the theme's version")
                #expect(!source.contains("revision"), "\(path): no catalog revision, so other changes rewrite nothing")
                if path.hasSuffix("ButtonStyles.swift") {
                    let listed = request.styles.sorted { $0.name < $1.name }.map { "\($0.name) \($0.version)" }
                    #expect(source.contains("// Styles: " + listed.joined(separator: ", ") + ".\n"), "\(path)")
                }
            }
            for (path, json) in files where path.hasSuffix("Contents.json") {
                #expect(AssetCatalogRules.problems(path: path, text: json).isEmpty, "\(theme.name) \(path)")
            }
            let colorTokens = theme.tokens.filter { $0.type == .color }.count
            #expect(files.keys.filter { $0.hasSuffix(".colorset/Contents.json") }.count == colorTokens)
        }
        let goldens = ["DesignFoundation", "Orange", "SwiftUI"]
        // The fixed support files (the same text in every package) are compiled by the build
        // tests; the goldens hold what depends on the theme and its styles.
        let fixed: Set<String> = [
            "TokenTypes.swift", "TokenTypes+SwiftUI.swift", "TokenTypes+Platform.swift", "ButtonLook.swift",
        ]
        for theme in catalog.themes where goldens.contains(theme.name) {
            let files = try SwiftPackageExporter.files(catalog.request(theme))
            try checkGolden(
                files.filter { !fixed.contains(($0.key as NSString).lastPathComponent) }, folder: theme.name)
        }
    }

    @Test func generatedPackagesBuildOnLinux() throws {
        let catalog = try SeededCatalog()
        let directory = try TemporaryDirectory()
        for name in ["DesignFoundation", "Orange", "SwiftUI"] {
            let theme = try #require(catalog.themes.first { $0.name == name })
            let folder = directory.url.appending(path: name)
            try write(try SwiftPackageExporter.files(catalog.request(theme)), to: folder)
            let build = try run(["swift", "build", "--package-path", folder.path])
            #expect(build.status == 0, "\(name): \(build.output)")
        }
    }

    static let standIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "StandIn")

    /// The stand-in module named `name` (SwiftUI, UIKit, AppKit).
    static func standIn(_ name: String) throws -> String {
        try String(contentsOf: standIn.appending(path: "\(name)/\(name).swift"), encoding: .utf8)
    }

    /// The generated code type-checked on Linux against the stand-ins: SwiftUI with UIKit
    /// (the iOS, tvOS, watchOS and visionOS code), then SwiftUI with AppKit (the macOS
    /// code). Each is one package holding every seeded theme's module, with their asset
    /// catalogs as resources so that the bundle accessors build, and the README's example
    /// view using the DesignFoundation one.
    @Test(arguments: ["UIKit", "AppKit"])
    func generatedCodeTypeChecksAgainstTheStandIns(platformKit: String) throws {
        let catalog = try SeededCatalog()
        // The README's example view, against the DesignFoundation package it shows.
        let readme = try String(contentsOf: Self.standIn.appending(path: "../../../README.md"), encoding: .utf8)
        let example = try #require(
            readme.components(separatedBy: "```swift\n").first { $0.hasPrefix("import DesignFoundationTokens\n") }?
                .components(separatedBy: "```").first, "the README's example view")
        try typeCheck(
            catalog.themes.map(catalog.request), platformKit: platformKit,
            extra: (module: "ReadmeExample", dependency: "DesignFoundationTokens", file: "CheckoutView.swift", example))
    }

    /// One package of the stand-ins, each request's module (asset catalogs as resources, so
    /// that the bundle accessors build) and `extra`'s, built with `swift build`.
    func typeCheck(
        _ requests: [SwiftPackageExporter.Request], platformKit: String,
        extra: (module: String, dependency: String, file: String, source: String)? = nil
    ) throws {
        let directory = try TemporaryDirectory()
        var files: [String: String] = [
            "StandIn/SwiftUI/SwiftUI.swift": try Self.standIn("SwiftUI"),
            "StandIn/\(platformKit)/\(platformKit).swift": try Self.standIn(platformKit),
        ]
        var targets = [
            ".target(name: \"\(platformKit)\", path: \"StandIn/\(platformKit)\", swiftSettings: [.swiftLanguageMode(.v5)])",
            ".target(name: \"SwiftUI\", dependencies: [\"\(platformKit)\"], path: \"StandIn/SwiftUI\", swiftSettings: [.swiftLanguageMode(.v5)])",
        ]
        for request in requests {
            let module = SwiftPackageExporter.moduleName(request)
            for (path, content) in try SwiftPackageExporter.files(request) where path.hasPrefix("Sources/") {
                files[path] = content
            }
            targets.append(
                ".target(name: \"\(module)\", dependencies: [\"SwiftUI\", \"\(platformKit)\"], path: \"Sources/\(module)\", resources: [.copy(\"Resources\")], swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])])"
            )
        }
        if let extra {
            files["Sources/\(extra.module)/\(extra.file)"] = extra.source
            targets.append(
                ".target(name: \"\(extra.module)\", dependencies: [\"SwiftUI\", \"\(extra.dependency)\"], path: \"Sources/\(extra.module)\")"
            )
        }
        files["Package.swift"] = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Check",
                targets: [
                    \(targets.joined(separator: ",\n            "))
                ]
            )

            """
        let folder = directory.url.appending(path: platformKit)
        try write(files, to: folder)
        let build = try run(["swift", "build", "--package-path", folder.path])
        #expect(build.status == 0, "\(platformKit): \(build.output)")
    }

    #if canImport(SwiftParser)
        /// Apple availability, which Linux's compiler ignores, checked against SwiftAPI.table:
        /// every API the generated code uses is in the table and covered on every platform the
        /// package declares; the stand-ins state the table's attributes; a missing annotation
        /// or a wrong one is found.
        @Test func generatedCodeCarriesTheAvailabilityItsAPINeeds() throws {
            let standIns = try ["SwiftUI", "UIKit", "AppKit"].map(Self.standIn)
            let checker = AvailabilityChecker(standIns: standIns)
            for (name, source) in zip(["SwiftUI", "UIKit", "AppKit"], standIns) {
                let problems = checker.standInProblems(source, file: "StandIn/\(name).swift")
                #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            }
            let catalog = try SeededCatalog()
            var checked = 0
            for theme in catalog.themes {
                let files = try SwiftPackageExporter.files(catalog.request(theme)).filter { $0.key.hasSuffix(".swift") }
                let problems = checker.problems(files.filter { $0.key != "Package.swift" })
                #expect(problems.isEmpty, "\(theme.name):\n\(problems.joined(separator: "\n"))")
                checked += files.count
            }
            #expect(checked > 50)
            // The checker finds what a wrong generator would write.
            let swiftUI = try #require(catalog.themes.first { $0.name == "SwiftUI" })
            var files = try SwiftPackageExporter.files(catalog.request(swiftUI)).filter {
                $0.key.hasSuffix(".swift") && $0.key != "Package.swift"
            }
            let styles = try #require(files.keys.first { $0.hasSuffix("/ButtonStyles.swift") })
            files[styles] = files[styles]!.replacingOccurrences(of: "@available(watchOS 10.0, *)\n", with: "")
            let look = try #require(files.keys.first { $0.hasSuffix("/ButtonLook.swift") })
            files[look] = files[look]!.replacingOccurrences(
                of: "#if compiler(>=6.2) && !os(visionOS)", with: "#if compiler(>=6.2)"
            )
            .replacingOccurrences(of: "watchOS 26.0, *)", with: "*)")
            let found = checker.problems(files).joined(separator: "\n")
            #expect(found.contains("regularMaterial needs watchOS 10.0, available from 8.0 here"), "\(found)")
            #expect(found.contains("glassEffect does not exist on visionOS"), "\(found)")
            #expect(found.contains("glassEffect needs watchOS 26.0"), "\(found)")
            let extraLarge = checker.problems(["x.swift": "import SwiftUI\nlet s = ControlSize.extraLarge\n"])
            #expect(extraLarge.contains("x.swift:2: ControlSize.extraLarge needs iOS 17.0, available from 15.0 here"))
            #expect(checker.problems(["x.swift": "import SwiftUI\nlet s = Font.caption\n"]).isEmpty)
        }
    #else
        @Test(
            .disabled(
                "the availability checker reads generated code with the toolchain's SwiftParser, which was not found"))
        func generatedCodeCarriesTheAvailabilityItsAPINeeds() {}
    #endif

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ExternalTool.run(arguments)
    }

    @Test func tokensBecomeTypedConstantsWithDeprecationsAndModes() throws {
        let theme = try ThemeReader.read(
            Data(
                """
                { "$extensions": { "catalog.theme": { "name": "Shop", "version": "2.0.0" } },
                  "color": { "$type": "color",
                    "brand": { "$value": { "colorSpace": "display-p3", "components": [1, 0.4, 0] },
                               "$extensions": { "catalog.modes": { "dark": "#ff8800" } } },
                    "old-brand": { "$value": "{color.brand}", "$deprecated": "Use brand.",
                                   "$extensions": { "catalog.replacedBy": "{color.brand}" } } },
                  "space": { "$type": "dimension", "m": { "$value": { "value": 1.5, "unit": "rem" } } },
                  "motion": { "$type": "duration", "quick": { "$value": { "value": 150, "unit": "ms" } } },
                  "default": { "$type": "number", "$value": 2 } }
                """.utf8), file: "shop.json")
        let files = try SwiftPackageExporter.files(.init(theme: theme, module: "ShopKit"))
        let source = try #require(files["Sources/ShopKit/Shop.swift"])
        #expect(source.contains("public enum Shop {"))
        #expect(
            source.contains(
                """
                        public static let brand: Moded<TokenColor> = Moded(
                            dimension: "colorScheme",
                            default: TokenColor(.displayP3, red: 1, green: 0.4, blue: 0, alpha: 1),
                            modes: [
                                "dark": TokenColor(.sRGB, red: 1, green: 0.5333, blue: 0, alpha: 1),
                            ])
                """))
        // The group `color` is `Colors`: `Shop.Color` would hide SwiftUI's `Color` in `extension Shop`.
        #expect(source.contains("@available(*, deprecated, message: \"Use brand.\", renamed: \"Shop.Colors.brand\")"))
        // One declared type per kind, modes or not: `brand` above is a Moded<TokenColor> too.
        #expect(source.contains("public static let m: Moded<CGFloat> = Moded(24)\n"))  // 1.5 rem at 16 pt
        #expect(source.contains("public static let quick: Moded<TimeInterval> = Moded(0.15)\n"))
        #expect(source.contains("public static let `default`: Moded<Double> = Moded(2)\n"))
        let colorset = try #require(
            files["Sources/ShopKit/Resources/Colors.xcassets/color/brand.colorset/Contents.json"])
        #expect(colorset.contains("\"color-space\" : \"display-p3\""))
        #expect(colorset.contains("\"value\" : \"dark\""))
        #expect(files["Package.swift"]?.contains("name: \"ShopKit\"") == true)
    }

    /// The asset catalog follows the appearance dimension whatever it is called and
    /// however its modes are spelled (Designsystemet's `Color scheme`: `Light`, `Dark`):
    /// every colorset has its "any" value and a dark variant, also where the dark value is
    /// the same; a brand dimension picks the values as `--mode` says; with `Dark` chosen as
    /// the default, "any" is dark and the variant is `light`. Was: only the default's value,
    /// so Interface Builder showed dark colors in light mode.
    @Test func colorsetsCarryTheAppearanceDimensionsModes() throws {
        let theme = try ThemeReader.read(
            Data(
                """
                { "$extensions": { "catalog.dimensions": { "Brand": ["Orange", "Sosh"], "Color scheme": ["Light", "Dark"] } },
                  "ink": { "$type": "color", "$value": "#000000",
                           "$extensions": { "catalog.modes": { "Dark": "#ffffff", "Sosh": "#111111" } } },
                  "same": { "$type": "color", "$value": "#123456" } }
                """.utf8), file: "ds.json", naming: .init(name: "DS", version: Semver(1, 0, 0)))
        func colorset(_ name: String, modes: [String: String] = [:]) throws -> [[String: Any]] {
            let files = try SwiftPackageExporter.files(.init(theme: theme, module: "DSKit", defaultModes: modes))
            let path = "Sources/DSKit/Resources/Colors.xcassets/\(name).colorset/Contents.json"
            let text = try #require(files[path])
            #expect(AssetCatalogRules.problems(path: path, text: text).isEmpty)
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return object?["colors"] as? [[String: Any]] ?? []
        }
        func summary(_ entries: [[String: Any]]) -> [String] {
            entries.map { entry in
                let appearance = (entry["appearances"] as? [[String: String]] ?? []).map { $0["value"] ?? "" }
                let components = (entry["color"] as? [String: Any])?["components"] as? [String: String] ?? [:]
                return (appearance.first ?? "any") + " " + (components["red"] ?? "")
            }
        }
        #expect(try summary(colorset("ink")) == ["any 0.0000", "dark 1.0000"])
        #expect(try summary(colorset("same")) == ["any 0.0706", "dark 0.0706"])
        let sosh = try summary(colorset("ink", modes: ["Brand": "Sosh"]))
        #expect(sosh.count == 2 && sosh.first == "any 0.0667" && sosh.last?.hasPrefix("dark ") == true, "\(sosh)")
        #expect(try summary(colorset("ink", modes: ["Color scheme": "Dark"])) == ["any 1.0000", "light 0.0000"])
    }

    /// One rule names every group and token in usable Swift, whatever it is
    /// called; a clash the rule cannot settle names both tokens and `--rename`, which settles it.
    @Test func everyNameCompilesByOneRule() throws {
        let theme = try ThemeReader.read(
            Data(
                """
                { "space": { "$type": "number", "15x": { "$value": 15 }, "1_5x": { "$value": 1.5 } },
                  "type": { "body": { "$type": "number", "$value": 1 } },
                  "Protocol": { "x": { "$type": "number", "$value": 2 } },
                  "String": { "x": { "$type": "number", "$value": 3 } },
                  "_size": { "a": { "$type": "number", "$value": 4 } },
                  "size": { "a": { "$type": "number", "$value": 5 } },
                  "names": { "a": { "$type": "number", "$value": 19 } },
                  "g": { "$type": "number", "Typography": { "$value": 6 }, "typography": { "$value": 7 },
                         "x": { "$value": 8 }, "x ": { "$value": 9 }, "gap ↔︎": { "$value": 10 },
                         "gap ↕︎": { "$value": 11 }, "_": { "$value": 12 }, "init": { "$value": 13 },
                         "self": { "$value": 14 }, "default": { "$value": 15 }, "Type": { "$value": 16 } },
                  "k": { "$type": "number", "dark-mode": { "$value": 17 }, "dark_mode": { "$value": 18 } } }
                """.utf8), file: "t.json", naming: .init(name: "Names", version: Semver(1, 0, 0)))
        #expect {
            try SwiftPackageExporter.files(.init(theme: theme))
        } throws: { error in
            "\(error)".contains(
                "\"k.dark-mode\" and \"k.dark_mode\" would both be named dark_mode in Swift; choose a name with --rename k.dark-mode=NAME"
            )
        }
        #expect {
            try SwiftPackageExporter.files(.init(theme: theme, renames: ["k.dark-mod": "hyphen"]))
        } throws: { error in
            "\(error)".contains("theme Names has no token or group k.dark-mod (did you mean k.dark-mode?)")
        }
        #expect {
            try SwiftPackageExporter.files(.init(theme: theme, renames: ["k.dark-mode": "Type"]))
        } throws: { error in "\(error)".contains("is a Swift keyword or names the metatype") }
        let request = SwiftPackageExporter.Request(theme: theme, renames: ["k.dark-mode": "darkModeHyphen"])
        let source = try #require(try SwiftPackageExporter.files(request)["Sources/NamesTokens/Names.swift"])
        for declaration in [
            "static let _15x", "static let _1_5x", "enum Type_", "enum Protocol_", "enum String_", "enum _size",
            "enum Size", "enum Theme", "static let Typography", "static let typography", "static let x:",
            "static let x_:",
            "static let gap_u2194", "static let gap_u2195", "static let u5F", "static let `init`",
            "static let `self`", "static let `default`", "static let type:", "static let darkModeHyphen",
            "static let darkMode:",
        ] {
            #expect(source.contains(declaration), "\(declaration)")
        }
        // Each name is usable from another module, qualified as a user writes it.
        let uses = [
            "Names.Space._15x", "Names.Space._1_5x", "Names.Type_.body", "Names.Protocol_.x", "Names.String_.x",
            "Names._size.a", "Names.Size.a", "Names.Theme.a", "Names.G.Typography", "Names.G.typography", "Names.G.x",
            "Names.G.x_",
            "Names.G.gap_u2194", "Names.G.gap_u2195", "Names.G.u5F", "Names.G.`init`", "Names.G.`self`",
            "Names.G.`default`", "Names.G.type", "Names.K.darkModeHyphen", "Names.K.darkMode",
        ]
        try typeCheck(
            [request], platformKit: "UIKit",
            extra: (
                "NamesUse", "NamesTokens", "Use.swift",
                "import NamesTokens\n\npublic let all: [Moded<Double>] = [\n    " + uses.joined(separator: ",\n    ")
                    + ",\n]\n"
            ))
    }

    /// Names and numbers the generator would write into code that does not
    /// compile are refused with the token named; themes named like keywords or like the
    /// types the code uses get a namespace of their own and build; control and bidirectional
    /// characters are escapes in literals and visible in comments.
    @Test func hostileNamesAreRefusedOrBuild() throws {
        func theme(_ name: String, _ body: String) throws -> Theme {
            try ThemeReader.read(Data(body.utf8), file: "t.json", naming: .init(name: name, version: Semver(1, 0, 0)))
        }
        for (body, message) in [
            (
                "{ \"big\": { \"$type\": \"dimension\", \"$value\": \"1e308rem\" } }",
                "token big holds 1e+308, too large a number for Swift"
            )
        ] {
            let read = try theme("T", body)
            #expect {
                try SwiftPackageExporter.files(.init(theme: read))
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        #expect(SwiftPackageExporter.moduleName(.init(theme: try theme("Self", "{}"))) == "SelfTokens")
        // Colorsets apart on a case-insensitive file system, and none named as Windows reserves.
        let colors = try theme(
            "T",
            """
            { "a": { "$type": "color", "ab": { "$value": "#000000" }, "aB": { "$value": "#ffffff" },
                     "con": { "$value": "#ff0000" } } }
            """)
        let assets = try SwiftPackageExporter.files(.init(theme: colors)).keys.filter {
            $0.hasSuffix(".colorset/Contents.json")
        }
        .map { String($0.split(separator: "Colors.xcassets/").last ?? "") }.sorted()
        #expect(
            assets == [
                "a/_con.colorset/Contents.json", "a/aB-2.colorset/Contents.json", "a/ab.colorset/Contents.json",
            ], "\(assets)")
        let directory = try TemporaryDirectory()
        for name in ["TokenColor", "Self"] {
            let read = try theme(
                name,
                """
                { "label": { "$type": "fontFamily", "$value": "abc\u{202E}def", "$description": "shown \u{2066}as\u{2069} is" } }
                """)
            let files = try SwiftPackageExporter.files(.init(theme: read))
            let source = try #require(files.first { $0.key.hasSuffix("Theme.swift") }?.value, "\(files.keys)")
            #expect(!source.unicodeScalars.contains { $0.properties.generalCategory == .format }, "\(source)")
            #expect(source.contains("\"abc\\u{202e}def\""))
            #expect(source.contains("shown \\u{2066}as\\u{2069} is"))
            let folder = directory.url.appending(path: name)
            try write(files, to: folder)
            let build = try run(["swift", "build", "--package-path", folder.path])
            #expect(build.status == 0, "\(name): \(build.output)")
        }
    }

    /// Dimensions and modes named like Swift's own words (`self`, `Self`, `default`) or
    /// alike once made identifiers (`color-scheme`, `color_scheme`) each get a case and a
    /// property that compile, and say how they are named; a module named like a keyword or
    /// a module the code imports, and `--rename` to `_`, are refused with the fix.
    @Test func hostileModeNamesBuildAndHostileModulesAreRefused() throws {
        func modifier(_ name: String, _ modes: [String], _ hex: String) -> String {
            let contexts = modes.enumerated().map { index, mode in
                index == 0 ? "\"\(mode)\":[]" : ##""\##(mode)":[{"c":{"$type":"color","$value":"\##(hex)"}}]"##
            }
            return "\"\(name)\":{\"contexts\":{\(contexts.joined(separator: ","))},\"default\":\"\(modes[0])\"}"
        }
        let modifiers: [(String, [String], String)] = [
            ("self", ["default", "self"], "#00ff00"), ("Self", ["Self", "Type"], "#0000ff"),
            ("default", ["a", "default"], "#00ffff"), ("color-scheme", ["light", "dark"], "#111111"),
            ("color_scheme", ["x", "y"], "#222222"),
        ]
        let document =
            ##"{"version":"2025.10","sets":{"base":{"sources":[{"c":{"$type":"color","$value":"#ff0000"}}]}},"modifiers":{"##
            + modifiers.map { modifier($0.0, $0.1, $0.2) }.joined(separator: ",")
            + ##"},"resolutionOrder":[{"$ref":"#/sets/base"},"##
            + modifiers.map { "{\"$ref\":\"#/modifiers/\($0.0)\"}" }.joined(separator: ",") + "]}"
        let theme = try ThemeReader.read(
            Data(document.utf8), file: "hostile.resolver.json", naming: .init(name: "Odd", version: Semver(1, 0, 0)))
        #expect(theme.dimensions.map(\.name) == modifiers.map(\.0))
        let request = SwiftPackageExporter.Request(theme: theme)
        let package = try SwiftPackageExporter.package(request)
        #expect(
            package.renamedModes == [
                "dimension \"color_scheme\" is type ColorScheme2", "dimension \"self\" is property self_",
                "dimension \"color_scheme\" is property colorScheme2",
                "mode \"self\" of dimension \"self\" is case self_",
                "mode \"Self\" of dimension \"Self\" is case self_",
            ], "\(package.renamedModes)")
        let context = try #require(package.files["Sources/OddTokens/Odd.swift"])
        for declaration in ["case self_ = \"self\"", "public var self_:", "public var colorScheme2:", "case `default`"]
        {
            #expect(context.contains(declaration), "\(declaration)")
        }
        // Every mode reachable from another module.
        let use = """
            import OddTokens

            public let contexts = [
                OddContext(self_: .self_, `Self`: .type, default: .default, colorScheme: .dark, colorScheme2: .y),
                OddContext.default,
            ]
            public let reds = contexts.map { Odd.c.value(in: $0) }

            """
        try typeCheck([request], platformKit: "UIKit", extra: ("OddUse", "OddTokens", "Use.swift", use))
        for (module, message) in [
            ("Self", "the module name \"Self\" is a Swift keyword: choose another with --module"),
            ("Foundation", "the module name \"Foundation\" is a module the generated code imports or Swift has"),
            ("SwiftUI", "the module name \"SwiftUI\" is a module the generated code imports or Swift has"),
        ] {
            #expect {
                try SwiftPackageExporter.files(.init(theme: theme, module: module))
            } throws: { error in "\(error)".contains(message) }
        }
        #expect {
            try SwiftPackageExporter.files(.init(theme: theme, renames: ["c": "_"]))
        } throws: { error in "\(error)".contains("--rename c=_: \"_\" is Swift's wildcard, not a name") }
    }

    @Test func aThemeChangeChangesTheLinesOfTheTokensThatChanged() throws {
        let catalog = try SeededCatalog()
        var theme = try #require(catalog.themes.first { $0.name == "Orange" })
        let before = try SwiftPackageExporter.files(catalog.request(theme))
        let index = try #require(theme.tokens.firstIndex { $0.path == "color.raw.orange500" })
        theme.tokens[index].value = Color(hex: "FF0000")!.dtcg
        let after = try SwiftPackageExporter.files(catalog.request(theme))
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.contains("Sources/OrangeTokens/Orange.swift"))
        let old = Set((before["Sources/OrangeTokens/Orange.swift"] ?? "").split(separator: "\n"))
        let new = Set((after["Sources/OrangeTokens/Orange.swift"] ?? "").split(separator: "\n"))
        let added = new.subtracting(old)
        // The new value, and the doc comments of the aliases that state it.
        #expect(
            !added.isEmpty
                && added.allSatisfy {
                    $0.contains("TokenColor(.sRGB, red: 1, green: 0, blue: 0")
                        || $0.hasSuffix(": `#FF0000` in the default context.")
                }, "\(added)")
    }
}
