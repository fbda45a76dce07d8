import CatalogModel
import Foundation
import TestSupport
import Testing

/// Every value the catalog resolves, compared with the build output the team commits
/// beside its tokens (`../shared/corpus/tokens/<system>.build/`, after the transforms its
/// `SOURCE.md` names), in every context that build covers. Each tree is imported as a user
/// would import it. Each test prints its tally (compared, equal, wrong, missing, flagged)
/// and lists what is not equal; wrong is 0, the bar. Skipped where the corpus is absent
/// outside CI, a failure under `CI=true`.
@Suite struct BuildOracleTests {
    static let reason = "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"

    /// Imports `sources` as `theme` into a new catalog; returns the database's path.
    static func imported(_ sources: [String], theme: String, options: [String] = [], in directory: TemporaryDirectory)
        throws -> String
    {
        let db = directory.path("\(theme).db")
        let add = try RealTokenCorpusTests.run(
            ["theme", "add"] + sources + ["--name", theme, "--version", "1.0.0"] + options, db: db)
        #expect(add.status == 0, "\(theme): \(add.stderr)")
        return db
    }

    /// Says the tally and holds the bar.
    static func report(_ tally: OracleTally, atLeast minimum: Int) {
        print("oracle \(tally)")
        for line in tally.missing.prefix(40) + tally.flagged.prefix(40) { print("  not compared: \(line)") }
        #expect(tally.compared >= minimum, "\(tally)")
        #expect(tally.wrong.isEmpty, "\(tally)\n\(tally.wrong.prefix(40).joined(separator: "\n"))")
    }

    /// A built JSON leaf as the build wrote it.
    static func text(_ value: JSON) -> String {
        if let number = value.number {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        if let bool = value.bool { return String(bool) }
        return value.string ?? value.serialized()
    }

    /// WESCO Synergy (Tokens Studio, four themes): each theme's `theme.json` holds every
    /// output token nested by path, composites expanded into their fields.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)), arguments: ["v1.2.0", "v1.1.41"])
    func wescoSynergyEqualsItsBuild(release: String) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported(
            [try RealTokenCorpusTests.folder("wesco-synergy/\(release)/tokens")], theme: "Synergy", in: directory)
        let build = try RealTokenCorpusTests.folder("wesco-synergy.build/\(release)/dist")
        let problems = try OracleTally.problems(of: "Synergy", db: db)
        var tally = OracleTally(system: "WESCO Synergy \(release)")
        for theme in ["SDS", "EECOL", "XPC", "Wesco"] {
            let tokens = try OracleTally.tokens(of: "Synergy", modes: ["theme=\(theme)"], db: db)
            let built = try JSONParser.parse(
                try String(contentsOfFile: "\(build)/\(theme)/theme.json", encoding: .utf8), file: "theme.json")
            for (path, value) in BuiltOutput.leaves(of: built) where value.object == nil && value.array == nil {
                let parent = String(path[..<(path.lastIndex(of: ".") ?? path.startIndex)])
                var token = tokens[path] ?? Self.part(path, of: tokens)
                if token == nil, value.string == "", tokens[parent]?.value.object != nil {
                    // A field the source leaves `""` (unset), passed through by the build.
                    token = OracleTally.Token(path: path, type: "string", value: .string(""), unresolved: nil)
                }
                tally.compare(
                    path, built: Self.text(value), token: token, context: theme,
                    flaggedBecause: problems[path] ?? problems[parent])
            }
        }
        Self.report(tally, atLeast: 5_000)
    }

    /// A field of a composite token as the build expands it: a typography's `fontSize`,
    /// a shadow's `x` (of layer `n` where there are several).
    static func part(_ path: String, of tokens: [String: OracleTally.Token]) -> OracleTally.Token? {
        var segments = path.split(separator: ".").map(String.init)
        guard segments.count > 1 else { return nil }
        let field = segments.removeLast()
        var layer: Int?
        if let last = segments.last, let number = Int(last), tokens[segments.joined(separator: ".")] == nil {
            layer = number
            segments.removeLast()
        }
        guard let token = tokens[segments.joined(separator: ".")] else { return nil }
        var value = token.value
        if let layer { value = value.array.flatMap { layer < $0.count ? $0[layer] : nil } ?? .null }
        let shadowFields = ["x": "offsetX", "y": "offsetY", "blur": "blur", "spread": "spread", "color": "color"]
        if token.type == "shadow", field == "type", let inset = value["inset"]?.bool {
            return OracleTally.Token(
                path: path, type: "string", value: .string(inset ? "innerShadow" : "dropShadow"), unresolved: nil)
        }
        guard let part = value[token.type == "shadow" ? shadowFields[field] ?? field : field] else { return nil }
        let type = field.lowercased().contains("color") ? "color" : field == "fontFamily" ? "fontFamily" : "measure"
        return OracleTally.Token(path: path, type: type, value: part, unresolved: nil)
    }

    /// NVE (Tokens Studio, brand × light/dark × device): one CSS file per brand and scheme,
    /// device sizes as `@media` blocks in the light files, names in kebab case.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func nveEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported([try RealTokenCorpusTests.folder("nve")], theme: "NVE", in: directory)
        let build = try RealTokenCorpusTests.folder("nve.build/public/css")
        let problems = try OracleTally.problems(of: "NVE", db: db)
        let devices = [
            ":root": "desktop", "@media (min-width: 1600px)": "desktop-large",
            "@media (min-width: 764px) and (max-width: 1023px)": "tablet",
            "@media (min-width: 390px) and (max-width: 763px)": "mobile", "@media (max-width: 389px)": "mobile-small",
        ]
        var tally = OracleTally(system: "NVE")
        for brand in ["NVE", "Varsom", "RME"] {
            for scheme in ["light", "dark"] {
                let file = "\(build)/\(brand.lowercased())\(scheme == "dark" ? "_dark" : "").css"
                let blocks = BuiltOutput.cssBlocks(try String(contentsOfFile: file, encoding: .utf8))
                let root = blocks.first { $0.context.count == 1 }?.properties ?? [:]
                for block in blocks {
                    let media =
                        block.context.count > 1
                        ? block.context[0].replacingOccurrences(of: "((", with: "(")
                            .replacingOccurrences(of: "))", with: ")") : ":root"
                    let device = try #require(devices[media], "a block for \(media) in \(file)")
                    let modes = ["Brand=\(brand)", "Theme=\(scheme)", "Device=\(device)"]
                    let tokens = try Self.byBuiltName(try OracleTally.tokens(of: "NVE", modes: modes, db: db))
                    for (name, value) in block.properties {
                        let path = tokens[name]?.path
                        tally.compare(
                            name, built: BuiltOutput.resolvingVariables(value, in: [block.properties, root]),
                            token: tokens[name], context: modes.joined(separator: ","),
                            flaggedBecause: problems.first { "--" + BuiltOutput.kebab([$0.key]) == name }?.value
                                ?? path.flatMap { problems[$0] })
                    }
                }
            }
        }
        Self.report(tally, atLeast: 5_000)
    }

    /// Tokens by the name Style Dictionary's `name/kebab` gives them (`--` + kebab path), with
    /// `prefix` and without `_` segments (a group's own value, Kong's `color.text._`).
    static func byBuiltName(_ tokens: [String: OracleTally.Token], prefix: [String] = []) throws -> [String: OracleTally
        .Token]
    {
        var named: [String: OracleTally.Token] = [:]
        for (path, token) in tokens {
            let segments = prefix + path.split(separator: ".").map(String.init).filter { $0 != "_" }
            named["--" + BuiltOutput.kebab(segments)] = token
        }
        return named
    }

    /// Kong (Style Dictionary 4 on DTCG-format files): the default theme's custom
    /// properties (`--kui-` + kebab path), and each theme's block built from its own palette.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func kongEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let root = try RealTokenCorpusTests.folder("kong/packages/design-tokens")
        let build = try RealTokenCorpusTests.folder("kong.build/packages/design-tokens/__snapshots__")
        let format = ["--format", "style-dictionary"]
        var tally = OracleTally(system: "Kong")
        let db = try Self.imported(
            [
                "\(root)/themes/classic-day/classic-day.alias.color.json", "\(root)/tokens/source",
                "\(root)/tokens/components",
            ], theme: "Kong", options: format, in: directory)
        let tokens = try Self.byBuiltName(try OracleTally.tokens(of: "Kong", modes: [], db: db), prefix: ["kui"])
        let properties = BuiltOutput.cssBlocks(
            try String(contentsOfFile: "\(build)/tokens/css/custom-properties.css", encoding: .utf8))
        for block in properties {
            for (name, value) in block.properties {
                tally.compare(name, built: value, token: tokens[name], context: "classic-day (default)")
            }
        }
        for theme in [
            "classic-day", "classic-night", "electric-lime-day", "electric-lime-night",
            "electric-lime-day-high-contrast", "electric-lime-night-high-contrast",
        ] {
            // The build injects the breakpoints into every theme (`inject-theme-breakpoints`).
            let db = try Self.imported(
                [
                    "\(root)/themes/\(theme)/\(theme).alias.color.json", "\(root)/tokens/source/breakpoint/index.json",
                    "\(root)/themes/\(theme)/\(theme).theme.json",
                ], theme: theme, options: format, in: directory)
            let own = try OracleTally.tokens(of: theme, modes: [], db: db)
            let named = try Self.byBuiltName(own, prefix: ["kui"]).merging(
                own.map { ("--" + $0.key, $0.value) }, uniquingKeysWith: { _, flat in flat })
            let css = try String(contentsOfFile: "\(build)/themes/\(theme).css", encoding: .utf8)
            for block in BuiltOutput.cssBlocks(css) {
                for (name, value) in block.properties {
                    tally.compare(name, built: value, token: named[name], context: theme)
                }
            }
        }
        Self.report(tally, atLeast: 3_500)
    }

    /// Figma's Simple Design System: one block per collection and mode in `theme.css`,
    /// `--sds-` + the collection's prefix + kebab path; the size and typography collections
    /// in rem (a number ÷ 16).
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func figmaSimpleDesignSystemEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported(
            [try RealTokenCorpusTests.folder("figma-sds/tokens.json")], theme: "SDS", in: directory)
        let css = try String(
            contentsOfFile: try RealTokenCorpusTests.folder("figma-sds.build/src/theme.css"), encoding: .utf8)
        let problems = try OracleTally.problems(of: "SDS", db: db)
        let prefixes = [
            "color_primitives": "color", "color": "color", "size": "size", "typography_primitives": "typography",
            "typography": "typography",
        ]
        // Each block follows its label, `/* color: sds_light (default) */`; styles are not tokens.
        var sections: [(collection: String, mode: String, text: Substring)] = []
        var rest = css[...]
        while let label = rest.range(of: "/* "),
            let end = rest.range(of: " (default) */", range: label.upperBound..<rest.endIndex)
        {
            let parts = rest[label.upperBound..<end.lowerBound].split(separator: ": ")
            let next = rest.range(of: "/* ", range: end.upperBound..<rest.endIndex)?.lowerBound ?? rest.endIndex
            if parts.count == 2 { sections.append((String(parts[0]), String(parts[1]), rest[end.upperBound..<next])) }
            rest = rest[next...]
        }
        let all = sections.filter { $0.mode != "sds_dark" }.reduce(into: [String: String]()) { scope, section in
            for block in BuiltOutput.cssBlocks(String(section.text)) { scope.merge(block.properties) { a, _ in a } }
        }
        var tally = OracleTally(system: "Figma SDS")
        for section in sections {
            let prefix = try #require(prefixes[section.collection], "collection \(section.collection)")
            let modes = section.mode == "sds_dark" ? ["color=sds_dark"] : []
            var named: [String: OracleTally.Token] = [:]
            for (path, token) in try OracleTally.tokens(of: "SDS", modes: modes, db: db)
            where path.hasPrefix("@\(section.collection).") {
                let segments = path.dropFirst(section.collection.count + 2).split(separator: ".").map(String.init)
                named["--" + BuiltOutput.kebab(["sds", prefix] + segments)] = token
            }
            let match = BuiltValueMatch(numbersAreRem: prefix != "color", figmaStyleNames: true)
            for block in BuiltOutput.cssBlocks(String(section.text)) {
                for (name, value) in block.properties {
                    tally.compare(
                        name, built: BuiltOutput.resolvingVariables(value, in: [block.properties, all]),
                        token: named[name], context: "\(section.collection):\(section.mode)",
                        flaggedBecause: problems.first {
                            "--"
                                + BuiltOutput.kebab(
                                    ["sds", prefix] + $0.key.split(separator: ".").dropFirst().map(String.init)) == name
                        }?.value, match: match)
                }
            }
        }
        Self.report(tally, atLeast: 450)
    }

    /// Equinor's Figma variables exports (the two files' collections, one file per mode)
    /// against its legacy Style Dictionary build: `build/css/spacing/spacious.css` and
    /// `comfortable.css` hold the sizes per density, `--eds-` + kebab path, px ÷ 16 in rem at
    /// 3 decimals. The build computes them at each other collection's Figma default mode,
    /// which the export does not carry (the catalog's default is the first by name): the
    /// gap and space collections at `XS`, the modes whose values the build shows.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func equinorFigmaExportsEqualTheirBuild() throws {
        let directory = try TemporaryDirectory()
        let tokens = try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/tokens")
        let db = try Self.imported(
            ["\(tokens)/cpNchKjiIM19dPqTxE0fqg", "\(tokens)/FQQqyumcpPQoiFRCjdS9GM"], theme: "EDS", in: directory)
        let build = try RealTokenCorpusTests.folder("equinor-eds.build/packages/eds-tokens/build/css/spacing")
        let defaults = ["Horizontal gap", "Vertical gap", "Horizontal space", "Vertical space", "Selectable space"]
            .map { "\($0)=XS" }
        var tally = OracleTally(system: "Equinor EDS (Figma exports)")
        for (density, file) in [("Spacious", "spacious.css"), ("Comfortable", "comfortable.css")] {
            let modes = ["Density=\(density)"] + defaults
            let named = try Self.byBuiltName(try OracleTally.tokens(of: "EDS", modes: modes, db: db), prefix: ["eds"])
            let css = try String(contentsOfFile: "\(build)/\(file)", encoding: .utf8)
            for block in BuiltOutput.cssBlocks(css) {
                for (name, value) in block.properties {
                    tally.compare(
                        name, built: value, token: named[name], context: "Density=\(density)",
                        match: BuiltValueMatch(numbersAreRem: true, remDecimals: 3))
                }
            }
        }
        Self.report(tally, atLeast: 550)
    }

    /// Equinor's Tokens Studio pipeline (`src/tokens/raw`, a folder with `$themes.json`)
    /// against what the Tokens Studio platform's `EDS-CSS` export wrote (`src/tokens/css/`,
    /// one file per theme of each group): `--eds-` + kebab path, references as `var()`,
    /// dimensions in px. Each file in its theme's context; `var()` written in from the file,
    /// then from the `:root` files. The TokenScript color formulas (`chroma()`, …), which
    /// only that export evaluates, are flagged, and each color reaching them with them.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func equinorTokensStudioPipelineEqualsItsExport() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported(
            [try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/src/tokens/raw")], theme: "EDS",
            in: directory)
        let build = try RealTokenCorpusTests.folder("equinor-eds.build/packages/eds-tokens/src/tokens/css")
        let problems = try OracleTally.problems(of: "EDS", db: db)
        let files = [
            "primitives/default.css", "font/default.css", "colors/default.css", "color-scheme/light.css",
            "color-scheme/dark.css", "density/comfortable.css", "density/compact.css", "density/relaxed.css",
            "semantic/default.css",
        ]
        var sheets: [(file: String, properties: [String: String])] = []
        for file in files {
            let css = try String(contentsOfFile: "\(build)/\(file)", encoding: .utf8)
            for block in BuiltOutput.cssBlocks(css) { sheets.append((file, block.properties)) }
        }
        let root = sheets.filter { !$0.file.hasPrefix("color-scheme/") && !$0.file.hasPrefix("density/") }
            .reduce(into: [String: String]()) { $0.merge($1.properties) { kept, _ in kept } }
        let defaults = ["color-scheme/light.css", "density/comfortable.css"]
        var tally = OracleTally(system: "Equinor EDS (Tokens Studio pipeline)")
        for (file, properties) in sheets {
            let folder = String(file.prefix { $0 != "/" })
            let theme = file.split(separator: "/").last.map { String($0.dropLast(4)) } ?? ""
            let modes = ["color-scheme", "density"].contains(folder) ? ["\(folder)=\(theme)"] : []
            // The other group's default file is in force where this one is chosen.
            let scopes =
                [properties]
                + sheets.filter { defaults.contains($0.file) && !$0.file.hasPrefix(folder) }.map(\.properties) + [root]
            let tokens = try Self.byBuiltName(try OracleTally.tokens(of: "EDS", modes: modes, db: db), prefix: ["eds"])
            for (name, value) in properties {
                tally.compare(
                    name, built: BuiltOutput.resolvingVariables(value, in: scopes), token: tokens[name],
                    context: modes.first ?? "default",
                    flaggedBecause: problems.first { "--" + BuiltOutput.kebab(["eds", $0.key]) == name }?.value)
            }
        }
        Self.report(tally, atLeast: 700)
    }
}
