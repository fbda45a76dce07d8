import CatalogModel
import Foundation
import Testing

@testable import CatalogTokenFiles

/// Each format read by its own rules: fixtures shaped like the real files each rule stands
/// for (the DTCG 2025.10 suite's cases, Spectrum's releases, Tokens Studio folders as
/// Workday and NVE keep them, Style Dictionary sources with notes in groups).
@Suite struct TokenDialectTests {
    static func read(_ files: [(String, String)], dialect: TokenDialect? = nil) throws -> ThemeImport {
        try ThemeReader.read(
            ThemeInput(
                sources: files.map { .init(file: $0.0, relativePath: $0.0, data: Data($0.1.utf8)) },
                naming: .init(name: "T", version: Semver(1, 0, 0)), dialect: dialect))
    }

    static func problems(_ files: [(String, String)], dialect: TokenDialect? = nil) -> [String] {
        do {
            _ = try read(files, dialect: dialect)
            return []
        } catch let error as DocumentError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    // MARK: DTCG 2025.10, strictly

    /// A file that names the standard's schema is held to it: the drafts' string forms, an
    /// `em` dimension, a numeric string, a capitalized weight, typography without its
    /// metrics, a non-`$` key in a token and a pointer to a token object are each refused.
    @Test func aDTCGFileIsHeldToTheStandard() {
        let file = """
            { "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
              "c": { "$type": "color", "$value": "#ff0000" },
              "d": { "$type": "dimension", "$value": { "value": 1, "unit": "em" } },
              "n": { "$type": "number", "$value": "42" },
              "w": { "$type": "fontWeight", "$value": "Bold" },
              "t": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontWeight": 400,
                     "fontSize": { "value": 16, "unit": "px" } } },
              "x": { "$type": "number", "$value": 1, "customProp": "not allowed" },
              "p": { "$type": "number", "$ref": "#/x" },
              "g": { "$type": "gradient", "$value": [] } }
            """
        let found = Self.problems([("strict.tokens.json", file)])
        #expect(found.count == 8, "\(found)")
        #expect(found.contains { $0.contains("$.c.$value: expected a color object {colorSpace, components}") })
        #expect(
            found.contains { $0.contains("$.d.$value: expected a dimension object {value, unit} with unit px or rem") })
        #expect(found.contains { $0.contains("$.n.$value: expected a number (DTCG 2025.10 has no numeric strings)") })
        #expect(found.contains { $0.contains("$.w.$value: expected a font weight") })
        #expect(found.contains { $0.contains("a typography value needs \"letterSpacing\", \"lineHeight\"") })
        #expect(found.contains { $0.contains("$.x.customProp: unknown property \"customProp\" in a token") })
        #expect(found.contains { $0.contains("$ref #/x names the token x, not a value; write #/x/$value") })
        #expect(found.contains { $0.contains("$.g.$value: expected a non-empty list of gradient stops") })
    }

    /// The same values in a file using the drafts' string forms (as Style Dictionary 4
    /// writes) or in the catalog's own files are read as before, and say which rules applied.
    @Test func draftAndCatalogFilesKeepTheirRelaxations() throws {
        let draft = try Self.read([
            (
                "sd4.tokens.json",
                """
                { "c": { "$type": "color", "$value": "#ff0000" }, "d": { "$type": "dimension", "$value": "1em" },
                  "t": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontWeight": "Bold",
                         "fontSize": "16px" } } }
                """
            )
        ])
        #expect(draft.format == "DTCG (draft string values)")
        #expect(draft.theme.token("d")?.value == .object([("value", .number(1)), ("unit", .string("em"))]))
        let own = try Self.read([
            (
                "own.tokens.json",
                """
                { "$extensions": { "catalog.theme": { "name": "T", "version": "1.0.0" } },
                  "t": { "$type": "typography", "$value": { "fontSize": { "value": 17, "unit": "px" }, "fontWeight": 400 } } }
                """
            )
        ])
        #expect(own.format == "DTCG")
        #expect(own.theme.tokens.count == 1)
        // --format dtcg holds even a draft-shaped file to the standard.
        #expect(
            Self.problems(
                [("sd4.tokens.json", "{ \"c\": { \"$type\": \"color\", \"$value\": \"#ff0000\" } }")], dialect: .dtcg
            )
            .count == 1)
    }

    /// Negative chroma is refused in any dialect (CSS Color 4: chroma is never negative).
    @Test func chromaIsNeverNegative() {
        let found = Self.problems([
            (
                "lch.tokens.json",
                "{ \"c\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"lch\", \"components\": [50, -10, 180] } } }"
            )
        ])
        #expect(found.first?.contains("must not be negative, got -10") == true, "\(found)")
    }

    /// JSON keys repeated in a token file: the last wins, as every token tool's parser
    /// reads it, with a warning naming both places.
    @Test func aRepeatedKeyIsAWarningAndTheLastWins() throws {
        let read = try Self.read([
            (
                "dup.tokens.json",
                "{ \"color\": { \"$type\": \"color\", \"a\": { \"$value\": \"#000\" }, \"a\": { \"$value\": \"#fff\" } } }"
            )
        ])
        #expect(
            read.warnings.map(\.description).contains {
                $0.contains("dup.tokens.json:1:59: the key \"a\" is repeated (first at line 1, column 32)")
            }, "\(read.warnings)")
        #expect(read.theme.token("color.a")?.value?["hex"]?.string == "#ffffff", "\(read.warnings)")
    }

    // MARK: Spectrum as published

    /// Spectrum's `gradient-stop` tokens are stop positions, `dp` is a unit, and a
    /// typography `lineHeight` may name a dimension token (layout.json, typography.json).
    @Test func spectrumShapesRead() throws {
        let schema = "https://opensource.adobe.com/spectrum-design-data/schemas/token-types"
        let read = try Self.read([
            (
                "layout.json",
                """
                { "gradient-stop-1-genai": { "$schema": "\(schema)/gradient-stop.json", "value": 0, "uuid": "u1" },
                  "android-elevation": { "$schema": "\(schema)/dimension.json", "value": "2dp", "uuid": "u2" },
                  "line-height-font-size-100": { "$schema": "\(schema)/dimension.json", "value": "20px", "uuid": "u3" },
                  "component-m-regular": { "$schema": "\(schema)/typography.json", "uuid": "u4",
                    "value": { "fontFamily": "Adobe Clean", "fontSize": "14px", "fontWeight": 400,
                               "lineHeight": "{line-height-font-size-100}" } } }
                """
            )
        ])
        #expect(read.format == "Spectrum tokens")
        #expect(read.theme.token("gradient-stop-1-genai")?.type == .number)
        #expect(
            read.theme.token("android-elevation")?.value == .object([("value", .number(2)), ("unit", .string("dp"))]))
        let resolved = try TokenResolver(theme: read.theme).resolve("component-m-regular")
        #expect(resolved["lineHeight"] == .object([("value", .number(20)), ("unit", .string("px"))]))
    }

    // MARK: Tokens Studio folders

    /// A Tokens Studio folder as Workday keeps it: `$themes.json` and `$metadata.json` name
    /// sets that are not among the files (warnings; the import goes on), a set no theme
    /// selects is in no context (said once, kept at the root), `lineHeights: "24px"` is a
    /// length, a `number` alias to a dimension takes its target's type, and a group
    /// `description` note is kept.
    @Test func aTokensStudioFolderReadsAsTheToolReadsIt() throws {
        let read = try Self.read([
            (
                "$themes.json",
                """
                [ { "id": "1", "name": "Light", "group": "Mode", "selectedTokenSets": { "core": "source", "light": "enabled", "brand/forest": "enabled" } },
                  { "id": "2", "name": "Dark", "group": "Mode", "selectedTokenSets": { "core": "source", "dark": "enabled" } } ]
                """
            ),
            ("$metadata.json", "{ \"tokenSetOrder\": [\"core\", \"light\", \"dark\", \"brand/peach\", \"extra\"] }"),
            (
                "core.json",
                """
                { "space": { "description": "Spacing scale", "base": { "value": "8", "type": "spacing" },
                             "gap": { "value": "{space.base}", "type": "number" } },
                  "type": { "body-lh": { "value": "24px", "type": "lineHeights" } } }
                """
            ),
            ("light.json", "{ \"bg\": { \"value\": \"#ffffff\", \"type\": \"color\" } }"),
            ("dark.json", "{ \"bg\": { \"value\": \"#000000\", \"type\": \"color\" } }"),
            ("extra.json", "{ \"legacy\": { \"value\": \"4\", \"type\": \"borderRadius\" } }"),
        ])
        let warnings = read.warnings.map(\.description)
        #expect(
            warnings.contains {
                $0.contains("tokenSetOrder lists the set \"brand/peach\", which is not among the files; it is skipped")
            })
        #expect(
            warnings.contains {
                $0.contains(
                    "theme \"Light\" selects the set \"brand/forest\", which is not among the files; it is skipped")
            })
        #expect(
            warnings.contains {
                $0.contains(
                    "1 set is selected by no theme, so in no context, as Tokens Studio builds its themes (1 token; catalog theme problems lists them): extra"
                )
            })
        #expect(read.theme.token("legacy") == nil)
        #expect(
            UnselectedSet.recorded(in: read.theme.groups) == [.init(name: "extra", file: "extra.json", tokenCount: 1)])
        #expect(read.theme.token("space.gap")?.type == .dimension)
        #expect(read.theme.token("type.body-lh")?.value == .object([("value", .number(24)), ("unit", .string("px"))]))
        #expect(read.theme.token("bg")?.modes.first { $0.key.mode == "Dark" }?.value?["hex"]?.string == "#000000")
        let notes = read.theme.groups.first { $0.path == "space" }?.members ?? []
        #expect(notes.contains { $0.key == "description" && $0.value.string == "Spacing scale" })
    }

    /// A theme is the sets its themes select, nothing more: a `dark` set and product sets
    /// that no theme names are never layered over the selected `light` (they were, in every
    /// context, giving 17% wrong values in a real tree); a folder named in `selectedTokenSets`
    /// and `tokenSetOrder` stands for its sets; `$themes` written as an object of themes.
    @Test func aThemeIsTheSetsItsThemesSelect() throws {
        let read = try Self.read([
            (
                "$themes.json",
                """
                { "t1": { "id": "t1", "name": "Light", "group": "Mode", "selectedTokenSets": { "core": "source", "light": "enabled" } },
                  "t2": { "id": "t2", "name": "Compact", "group": "Density", "selectedTokenSets": { "density": "enabled", "density/comfy": "disabled" } } }
                """
            ),
            (
                "$metadata.json",
                "{ \"tokenSetOrder\": [\"core\", \"light\", \"density\", \"dark\", \"product/a\", \"product/b\"] }"
            ),
            (
                "core.json",
                """
                { "gray": { "50": { "value": "#ffffff", "type": "color" }, "900": { "value": "#1d1d1d", "type": "color" } },
                  "border": { "width": { "value": "2px", "type": "borderWidth" } } }
                """
            ),
            ("light.json", "{ \"layer-1\": { \"value\": \"{gray.50}\", \"type\": \"color\" } }"),
            (
                "dark.json",
                "{ \"layer-1\": { \"value\": \"{gray.900}\", \"type\": \"color\" }, \"gray\": { \"50\": { \"value\": \"#1d1d1d\", \"type\": \"color\" } } }"
            ),
            ("product/a.json", "{ \"border\": { \"width\": { \"value\": \"0px\", \"type\": \"borderWidth\" } } }"),
            ("product/b.json", "{ \"promo\": { \"value\": \"#ff0000\", \"type\": \"color\" } }"),
            ("density/compact.json", "{ \"gap\": { \"value\": \"4px\", \"type\": \"spacing\" } }"),
            ("density/comfy.json", "{ \"gap\": { \"value\": \"8px\", \"type\": \"spacing\" } }"),
        ])
        let theme = read.theme
        #expect(theme.dimensions.map(\.name) == ["Mode", "Density"])
        #expect(theme.token("gray.50")?.value?["hex"]?.string == "#ffffff")
        #expect(try TokenResolver(theme: theme).resolve("layer-1")["hex"]?.string == "#ffffff")
        #expect(theme.token("border.width")?.value == .object([("value", .number(2)), ("unit", .string("px"))]))
        #expect(theme.token("promo") == nil)
        // The folder's status reaches the set it does not name itself; the one it names stays disabled.
        #expect(theme.token("gap")?.value == .object([("value", .number(4)), ("unit", .string("px"))]))
        #expect(theme.tokens.allSatisfy { $0.modes.isEmpty })
        #expect(
            UnselectedSet.recorded(in: theme.groups).map(\.name) == ["density/comfy", "dark", "product/a", "product/b"])
        #expect(read.warnings.map(\.description).contains { $0.contains("4 sets are selected by no theme") })
    }

    /// A monorepo given whole (Gestalt's root): the set names of a `$themes.json` in a
    /// subfolder are paths from that folder, as Tokens Studio syncs them, so its themes
    /// find their sets; the files outside it are sets no theme selects, said once. Read
    /// from the root, it published 0 tokens with exit 0.
    @Test func aNestedExportNamesItsSetsFromItsOwnFolder() throws {
        let read = try Self.read([
            (
                "tokens/vr/$themes.json",
                """
                [ { "id": "1", "name": "Light", "group": "Mode", "selectedTokenSets": { "base/color": "source", "sema/light": "enabled" } } ]
                """
            ),
            ("tokens/vr/base/color.json", "{ \"red\": { \"value\": \"#ff0000\", \"type\": \"color\" } }"),
            ("tokens/vr/sema/light.json", "{ \"danger\": { \"value\": \"{red}\", \"type\": \"color\" } }"),
            ("tokens/classic/base.json", "{ \"danger\": { \"value\": \"#00ff00\", \"type\": \"color\" } }"),
        ])
        #expect(try TokenResolver(theme: read.theme).resolve("danger")["hex"]?.string == "#ff0000")
        #expect(UnselectedSet.recorded(in: read.theme.groups).map(\.name) == ["tokens/classic/base"])
        #expect(
            read.warnings.map(\.description).contains {
                $0.contains("1 file lies outside this Tokens Studio export's folder (tokens/vr/)")
            })
    }
}

/// `--keep-going`: the valid tokens are imported and each refused one is recorded.
@Suite struct KeepGoingTests {
    static func input(_ text: String, keepGoing: Bool) -> ThemeInput {
        ThemeInput(
            sources: [.init(file: "brand.json", data: Data(text.utf8))],
            naming: .init(name: "T", version: Semver(1, 0, 0)), keepGoing: keepGoing)
    }

    /// A malformed color (NVE's `#fffffff`) and the token that refers to it are refused,
    /// recorded with their problems and sources; the rest is imported.
    @Test func aMalformedTokenAndItsDependentsAreRecordedNotImported() throws {
        let text = """
            { "brand": { "000": { "value": "#fffffff", "type": "color" }, "100": { "value": "#eeeeee", "type": "color" } },
              "fg": { "value": "{brand.000}", "type": "color" }, "bg": { "value": "{brand.100}", "type": "color" } }
            """
        #expect(throws: DocumentError.self) { try ThemeReader.read(Self.input(text, keepGoing: false)) }
        let read = try ThemeReader.read(Self.input(text, keepGoing: true))
        #expect(read.theme.tokens.map(\.path) == ["brand.100", "bg"])
        let refused = read.theme.refusedTokens
        #expect(refused.map(\.path) == ["brand.000", "fg"])
        #expect(refused[0].place == "brand.json:1:32")
        #expect(refused[0].problems.first?.contains("got \"#fffffff\"") == true)
        #expect(refused[1].problems == ["$.fg: fg refers to {brand.000}, which was refused"])
        #expect(refused[0].source?["value"]?.string == "#fffffff")
        #expect(read.warnings.count == 1)
    }

    /// A problem on no token (the file gives no version) still stops the import.
    @Test func aProblemOnNoTokenStillRefusesTheImport() {
        let input = ThemeInput(
            sources: [.init(file: "t.json", data: Data("{ \"a\": { \"value\": \"#zz\", \"type\": \"color\" } }".utf8))],
            naming: .init(name: "T"), keepGoing: true)
        #expect(throws: DocumentError.self) { try ThemeReader.read(input) }
    }
}

/// Style Dictionary sources read as Style Dictionary reads them, and CSS Color 4 strings
/// (Tokens Studio, Style Dictionary) read into the space they name.
@Suite struct StyleDictionaryAndCSSTests {
    static let source = """
        { "color": { "comment": "Brand colors", "white": { "value": "#ffffff" },
                     "border": { "value": "{ color.white }" }, "accent": { "value": "hsl(210, 50%, 40%)" } },
          "size": { "a": { "value": "4px" }, "icon.small": { "value": "16px" }, "border-width": { "value": "1px" },
                    "inset": { "value": "{size.a} - {size.border-width}" }, "calc": { "value": "calc({size.a} * 3)" } },
          "border": { "default": { "value": "1px solid {color.border}" } } }
        """

    /// Spaces inside braces are trimmed, references inside strings are resolved as CSS
    /// text (no math), `hsl()` untyped is a color, a dotted key is one name, and a group's
    /// `comment` is kept.
    @Test func styleDictionaryRules() throws {
        let read = try TokenDialectTests.read([("sd.json", Self.source)])
        #expect(read.format == "Style Dictionary")
        let theme = read.theme
        let resolver = TokenResolver(theme: theme)
        #expect(theme.token("color.border")?.value == .string("{color.white}"))
        #expect(theme.token("color.accent")?.type == .color)
        #expect(theme.token("size.icon.small")?.type == .dimension)
        #expect(theme.token("size.inset")?.type == .string)
        #expect(try resolver.resolve("size.inset") == .string("4px - 1px"))
        #expect(try resolver.resolve("size.calc") == .string("calc(4px * 3)"))
        #expect(try resolver.resolve("border.default") == .string("1px solid #ffffff"))
        #expect(theme.groups.contains { $0.path == "color" && $0.members.contains { $0.key == "comment" } })
    }

    /// A reference inside a string to a token that does not exist is an error, not kept.
    @Test func aMissingReferenceInsideAStringIsAnError() {
        let found = TokenDialectTests.problems([
            ("sd.json", "{ \"border\": { \"bad\": { \"value\": \"1px solid {color.nope}\" } } }")
        ])
        #expect(found == ["sd.json:1:22: $.border.bad: border.bad refers to {color.nope}, which does not exist"])
    }

    @Test(
        arguments: [
            ("hsl(210, 50%, 40%)", "hsl", [210.0, 50, 40], nil, "#336699FF"),
            ("hsla(210deg 50% 40% / 50%)", "hsl", [210, 50, 40], 0.5, "#33669980"),
            ("hwb(0.5turn 10% 20%)", "hwb", [180, 10, 20], nil, "#1ACCCCFF"),
            ("lab(50% 40 -20)", "lab", [50, 40, -20], nil, nil),
            ("lch(50 30% 270 / 0.5)", "lch", [50, 45, 270], 0.5, nil),
            ("oklch(70% 0.1 120)", "oklch", [0.7, 0.1, 120], nil, nil),
            ("oklab(0.6 25% -0.1)", "oklab", [0.6, 0.1, -0.1], nil, nil),
            ("color(display-p3 1 0 0)", "display-p3", [1, 0, 0], nil, nil),
            ("rebeccapurple", "srgb", [0.4, 0.2, 0.6], nil, "#663399FF"),
            ("transparent", "srgb", [0, 0, 0], 0, "#00000000"),
        ] as [(String, String, [Double], Double?, String?)])
    func cssColorsReadIntoTheirSpace(text: String, space: String, components: [Double], alpha: Double?, hex: String?)
        throws
    {
        let value = try TokenValue.normalize(.string(text), as: "color", rules: TokenDialect.tokensStudio.rules).get()
        #expect(value["colorSpace"]?.string == space, "\(text): \(value.serialized())")
        let read = value["components"]?.array?.compactMap(\.number) ?? []
        #expect(read.count == 3 && zip(read, components).allSatisfy { abs($0 - $1) < 1e-6 }, "\(text): \(read)")
        #expect((value["alpha"]?.number ?? 1) == (alpha ?? 1), "\(text)")
        if let hex { #expect(Color(dtcg: value)?.hexRGBA == hex, "\(text)") }
    }

    /// Keywords and gradients are kept as written; DTCG refuses every string color.
    @Test func keywordsAndGradientsAreKeptAsWritten() throws {
        for text in ["currentColor", "linear-gradient(90deg, #fff 0%, #000 100%)"] {
            #expect(
                try TokenValue.normalize(.string(text), as: "color", rules: TokenDialect.tokensStudio.rules).get()
                    == .string(text))
            #expect(
                (try? TokenValue.normalize(.string(text), as: "color", rules: TokenDialect.dtcg.rules).get()) == nil)
        }
        #expect(
            (try? TokenValue.normalize(.string("hsl(1, 2%, 3%)"), as: "color", rules: TokenDialect.dtcg.rules).get())
                == nil)
    }
}

/// Nothing lost without a word when files merge.
@Suite struct MergeLossTests {
    /// A token that replaces a group of the same name (a later file) hides every token of
    /// that group: a warning names them all.
    @Test func aTokenReplacingAGroupNamesWhatItHides() throws {
        let read = try TokenDialectTests.read([
            ("core.json", "{ \"space\": { \"sm\": { \"value\": \"4px\" }, \"md\": { \"value\": \"8px\" } } }"),
            ("override.json", "{ \"space\": { \"value\": \"2px\" } }"),
        ])
        #expect(read.theme.tokens.map(\.path) == ["space"])
        #expect(
            read.warnings.map(\.description).contains {
                $0
                    == "override.json:1:12: token space replaces what an earlier file has at its path and hides 2 tokens space.sm, space.md; they are not imported"
            }, "\(read.warnings)")
    }

    /// `theme add base.json --mode-file scheme:dark=dark.json`: the base files are the
    /// default mode (`base`), so a value dark overrides is still reachable.
    @Test func oneModeFileKeepsTheBaseAsTheDefault() throws {
        let input = ThemeInput(
            sources: [
                .init(
                    file: "base.json", data: Data("{ \"bg\": { \"$type\": \"color\", \"$value\": \"#ffffff\" } }".utf8))
            ],
            modeSources: [
                .init(
                    dimension: "scheme", mode: "dark",
                    source: .init(
                        file: "dark.json",
                        data: Data("{ \"bg\": { \"$type\": \"color\", \"$value\": \"#111111\" } }".utf8)))
            ], naming: .init(name: "T", version: Semver(1, 0, 0)))
        let theme = try ThemeReader.read(input).theme
        #expect(theme.dimensions == [ModeDimension(name: "scheme", modes: ["base", "dark"], defaultMode: "base")])
        #expect(theme.token("bg")?.value?["hex"]?.string == "#ffffff")
        #expect(theme.token("bg")?.modes.first { $0.key.mode == "dark" }?.value?["hex"]?.string == "#111111")
    }

    /// The DTCG export writes no `$type` DTCG does not have: `string` and `boolean` tokens
    /// carry `$extensions["catalog.type"]`, and read back as they were.
    @Test func theExportWritesOnlyDTCGTypes() throws {
        let theme = try TokenDialectTests.read([
            (
                "sd.json",
                "{ \"font\": { \"stack\": { \"value\": \"Inter, sans-serif\" }, \"flag\": { \"value\": true } } }"
            )
        ]).theme
        let written = ThemeWriter.tokenObject(try #require(theme.token("font.stack")))
        #expect(written["$type"] == nil)
        #expect(written["$extensions"]?["catalog.type"]?.string == "string")
        let text = ThemeWriter.dtcg(theme).serialized()
        #expect(!text.contains("\"$type\":\"string\"") && !text.contains("\"$type\":\"boolean\""))
        let again = try ThemeReader.read(Data(text.utf8), file: "export.json")
        #expect(again.tokens == theme.tokens)
    }
}

/// Tokens Studio files as Workday keeps them: references to tokens of a set that is not
/// among the files, notes inside color values, CSS easing strings, number and text aliases
/// where lengths and weights are needed.
@Suite struct TokensStudioLeniencyTests {
    static let files: [(String, String)] = [
        ("$metadata.json", "{ \"tokenSetOrder\": [\"sys\"] }"),
        (
            "sys.json",
            """
            { "palette": { "a25": { "type": "color", "value": { "colorSpace": "oklch", "components": [0.7982, 0.159, 92.57],
                                    "alpha": 0.1, "hex": "#E1B9191A", "description": "Brand anchor" } } },
              "ease": { "type": "cubic-bezier", "value": "cubic-bezier(0.2, 0, 0.2, 1)" },
              "shadow": { "y": { "type": "number", "value": "2" } },
              "depth": { "type": "boxShadow", "value": { "x": "0", "y": "{shadow.y}", "blur": "4", "spread": "0",
                                                        "color": "#00000033", "type": "dropShadow" } },
              "weight": { "type": "text", "value": "Bold" },
              "body": { "type": "typography", "value": { "fontFamily": "Inter", "fontSize": "16", "fontWeight": "{weight}" } },
              "bg": { "type": "color", "value": "{base.palette.blue.600}" },
              "veil": { "type": "color", "value": "oklch({palette.a25} / 50%)" } }
            """
        ),
    ]

    @Test func workdayShapesRead() throws {
        let read = try TokenDialectTests.read(Self.files)
        let theme = read.theme
        #expect(theme.tokens.count == 8)
        // The color is its components and alpha: the note and the 8-digit hex are said and left out.
        #expect(theme.token("palette.a25")?.value?["description"] == nil)
        #expect(theme.token("palette.a25")?.value?["hex"]?.string != "#E1B9191A")
        #expect(Color(dtcg: theme.token("palette.a25")?.value ?? .null) != nil)
        #expect(
            read.warnings.contains {
                $0.message.hasPrefix("a color value carries \"description\", \"hex\", which a color does not have")
            }, "\(read.warnings.map(\.message))")
        #expect(theme.token("ease")?.value == .array([.number(0.2), .number(0), .number(0.2), .number(1)]))
        let resolver = TokenResolver(theme: theme)
        #expect(try resolver.resolve("depth")["offsetY"] == .object([("value", .number(2)), ("unit", .string("px"))]))
        #expect(try resolver.resolve("body")["fontWeight"] == .number(700))
        #expect(try resolver.resolve("veil")["alpha"] == .number(0.5))
        // A reference to nothing: kept unresolved with a warning, and listed for the export.
        #expect(
            read.warnings.map(\.description).contains {
                $0.contains("bg refers to {base.palette.blue.600}, which does not exist; kept unresolved")
            })
        let again = try ThemeReader.read(Data(ThemeWriter.dtcg(theme).serialized().utf8), file: "export.json")
        #expect(again.tokens == theme.tokens)
        #expect(again.groups.elementsEqual(theme.groups) { $0.path == $1.path && $0.members.count == $1.members.count })
    }

    /// DTCG allows no such conversion: an alias to a number where a dimension is needed is refused.
    @Test func dtcgRefusesTheConversions() {
        let found = TokenDialectTests.problems([
            (
                "strict.tokens.json",
                """
                { "n": { "$type": "number", "$value": 2 },
                  "b": { "$type": "border", "$value": { "color": { "colorSpace": "srgb", "components": [0, 0, 0] },
                         "width": "{n}", "style": "solid" } } }
                """
            )
        ])
        #expect(found.contains { $0.contains("b needs a dimension but refers to {n}, which is a number") }, "\(found)")
    }
}

/// `--mode colorScheme=dark`: a mode named with its dimension.
@Suite struct QualifiedModeTests {
    @Test func aModeMayBeNamedWithItsDimension() throws {
        let theme = Theme(
            name: "T", version: Semver(1, 0, 0),
            dimensions: [
                ModeDimension(name: "colorScheme", modes: ["light", "dark"]),
                ModeDimension(name: "scale", modes: ["desktop", "mobile"]),
            ], tokens: [])
        #expect(
            try ModeContext.from(modeNames: ["colorScheme=dark", "mobile"], in: theme)
                == ModeContext(["colorScheme": "dark", "scale": "mobile"]))
        #expect(throws: ModeContextError.self) { try ModeContext.from(modeNames: ["scale=dark"], in: theme) }
        #expect(throws: ModeContextError.twice(dimension: "colorScheme", first: "dark", second: "light")) {
            try ModeContext.from(modeNames: ["dark", "colorScheme=light"], in: theme)
        }
    }
}

/// Colour functions with references that do not make a colour are said, never a crash.
@Suite struct ReferencingColorTests {
    @Test func malformedColourFunctionsAreSaid() {
        let found = TokenDialectTests.problems([
            ("$metadata.json", "{ \"tokenSetOrder\": [\"a\"] }"),
            (
                "a.json",
                """
                { "c": { "type": "color", "value": "#ff0000" }, "x": { "type": "color", "value": "oklch({c} /)" },
                  "z": { "type": "color", "value": "rgb({c})" } }
                """
            ),
        ])
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.contains("z: rgb({c}) is not a color once its references are read") })
    }

    // MARK: Memory

    /// Every token read is held until all are settled: what most tokens leave empty stays
    /// out of line, and a token with none of it allocates nothing for it.
    @Test func aReadTokenStaysSmall() {
        #expect(MemoryLayout<RawToken>.stride <= 128)
        #expect(MemoryLayout<TokenDefinition>.stride <= 64)
        var token = RawToken(
            path: "a", file: "f.json", jsonPath: "$.a", isDTCG: true, declaredType: "color", mayInferType: false,
            dialect: .dtcg, location: SourceLocation())
        token.description = nil
        token.deprecation = nil
        #expect(token.description == nil && token.metadata.isEmpty)
        token.metadata.append(("component", .string("button")))
        var copy = token
        copy.metadata.append(("private", .bool(true)))
        #expect(token.metadata.count == 1 && copy.metadata.count == 2)  // a value, copied on write
        let place = TokenDefinition(copy)
        #expect(place.path == "a" && place.jsonPath == "$.a" && place.file == "f.json" && place.dialect == .dtcg)
    }

    /// A read token holds its JSON path only where its dotted path does not spell it.
    @Test func aTokenKeepsOnlyAJSONPathItsPathDoesNotSpell() {
        func read(_ path: String, _ jsonPath: String) -> (String, String) {
            let token = RawToken(
                path: path, file: "f.json", jsonPath: jsonPath, isDTCG: true, declaredType: nil, mayInferType: false,
                dialect: .tokensStudio, location: SourceLocation())
            return (token.jsonPath, TokenDefinition(token).jsonPath)
        }
        #expect(read("color.primary-1", "$.color.primary-1") == ("$.color.primary-1", "$.color.primary-1"))
        #expect(read("font.1.5x", "$.font[\"1.5x\"]") == ("$.font[\"1.5x\"]", "$.font[\"1.5x\"]"))
        #expect(
            read("space.extra large", "$.space[\"extra large\"]") == (
                "$.space[\"extra large\"]", "$.space[\"extra large\"]"
            ))
        #expect(read("a.b", "$.x.b") == ("$.x.b", "$.x.b"))
    }
}
