import CatalogModel
import Foundation
import Testing

@testable import CatalogTokenFiles

/// One fixture per rule of `docs/formats.md`, each shaped like the real case it stands for:
/// what each format's own tool does with it, and what the catalog keeps.
@Suite struct FormatRuleTests {
    static func read(_ files: [(String, String)], keepGoing: Bool = false) throws -> ThemeImport {
        try ThemeReader.read(
            ThemeInput(
                sources: files.map { .init(file: $0.0, relativePath: $0.0, data: Data($0.1.utf8)) },
                naming: .init(name: "T", version: Semver(1, 0, 0)), keepGoing: keepGoing))
    }

    static func resolved(_ theme: Theme, _ path: String) throws -> JSON {
        try TokenResolver(theme: theme).resolve(path)
    }

    /// Tokens Studio's line heights (its Line Height docs: a value without a unit is
    /// applied as pixels; `%` is relative to the font size; `AUTO` the font's own), as
    /// tokens and inside a typography. Was: `"16"` read as a ratio of 16.
    @Test func tokensStudioLineHeightsWithoutUnitArePixels() throws {
        let theme = try Self.read([
            (
                "lh.json",
                """
                { "global": {
                    "font": { "size": { "value": "12", "type": "fontSizes" } },
                    "lh": { "fixed": { "value": "16", "type": "lineHeights" },
                            "relative": { "value": "150%", "type": "lineHeights" },
                            "auto": { "value": "AUTO", "type": "lineHeights" },
                            "named": { "value": "{lh.fixed}", "type": "lineHeights" } },
                    "body": { "type": "typography",
                              "value": { "fontFamily": "Inter", "fontWeight": "Regular", "fontSize": "{font.size}",
                                         "lineHeight": "16" } } },
                  "$metadata": { "tokenSetOrder": ["global"] } }
                """
            )
        ]).theme
        let pixels16: JSON = .object([("value", .number(16)), ("unit", .string("px"))])
        #expect(theme.token("lh.fixed")?.type == .dimension)
        #expect(try Self.resolved(theme, "lh.fixed") == pixels16)
        #expect(try Self.resolved(theme, "lh.named") == pixels16)
        #expect(theme.token("lh.relative")?.type == .number)
        #expect(try Self.resolved(theme, "lh.relative") == .number(1.5))
        #expect(theme.token("lh.auto")?.type == .string)
        #expect(try Self.resolved(theme, "body")["lineHeight"] == pixels16)
    }

    /// A bare line height too small to be pixels is the multiplier the team's build writes:
    /// sd-transforms leaves it bare, CSS reads it as a multiple of the font size (NVE's
    /// `"1.15"`, built `600 3rem/1.15`); 5 and above are still pixels.
    @Test func tokensStudioBareLineHeightsTooSmallForPixelsAreMultipliers() throws {
        let theme = try Self.read([
            (
                "lh.json",
                """
                { "global": {
                    "lh": { "tight": { "value": "1.15", "type": "lineHeights" },
                            "five": { "value": "5", "type": "lineHeights" } },
                    "body": { "type": "typography",
                              "value": { "fontFamily": "Inter", "fontWeight": "Regular", "fontSize": "16", "lineHeight": 1.5 } } },
                  "$metadata": { "tokenSetOrder": ["global"] } }
                """
            )
        ]).theme
        #expect(theme.token("lh.tight")?.type == .number)
        #expect(try Self.resolved(theme, "lh.tight") == .number(1.15))
        #expect(theme.token("lh.five")?.type == .dimension)
        #expect(try Self.resolved(theme, "body")["lineHeight"] == .number(1.5))
    }

    /// Style Dictionary needs no `type`: its transforms match a token by its path's
    /// category (`attribute/cti`: color, size, time) or value; what neither tells is kept
    /// verbatim, as Style Dictionary passes it on (Gestalt's shadows). Was: refused.
    @Test func styleDictionaryTokensWithoutTypeTakeTheirTransformsKind() throws {
        let theme = try Self.read([
            (
                "sd.json",
                """
                { "color": { "brand": { "value": "#e60023" } },
                  "size": { "icon": { "value": "16" }, "button": { "value": "{size.icon}" } },
                  "time": { "fast": { "value": "150ms" } },
                  "elevation": { "floating": { "value": { "0": { "offsetY": 2, "blurRadius": 8, "color": "#000000" } } } },
                  "font": { "family": { "100": { "value": "Inter" }, "body": { "value": "{font.family.100}", "type": "number" } } } }
                """
            )
        ])
        #expect(theme.theme.token("color.brand")?.type == .color)
        #expect(theme.theme.token("size.icon")?.type == .dimension)
        #expect(theme.theme.token("size.button")?.type == .dimension)  // an alias takes its target's kind
        #expect(theme.theme.token("time.fast")?.type == .duration)
        #expect(theme.theme.token("elevation.floating")?.type == .untyped)
        #expect(theme.theme.token("elevation.floating")?.value?["0"]?["blurRadius"] == .number(8))
        // Style Dictionary never compares types through references: the alias takes its
        // target's value and type, and the catalog says so.
        #expect(theme.theme.token("font.family.body")?.type == .string)
        #expect(try Self.resolved(theme.theme, "font.family.body") == .string("Inter"))
        #expect(
            theme.warnings.contains {
                $0.message.hasPrefix("token font.family.body is declared number but refers to a token of type string")
            })
    }

    /// Tokens Studio evaluates expr-eval's functions through references (Equinor's
    /// gaussian scale); a function it does not have flags the token, not the tree.
    @Test func tokensStudioFunctionsThroughReferences() throws {
        let read = try Self.read(
            [
                (
                    "g.json",
                    """
                    { "s": { "std": { "value": "2", "type": "number" }, "mean": { "value": "0.6", "type": "number" },
                             "x": { "value": "0.98", "type": "number" },
                             "g": { "value": "pow(2.718281828459045, (-25 / {std}) * pow({mean} - {x}, 2))", "type": "number" },
                             "c": { "value": "chroma({x})", "type": "number" },
                             "uses": { "value": "{c} * 2", "type": "number" } },
                      "$metadata": { "tokenSetOrder": ["s"] } }
                    """
                )
            ], keepGoing: true)
        let gaussian = try #require(try Self.resolved(read.theme, "g").number)
        #expect(abs(gaussian - exp(-12.5 * 0.38 * 0.38)) < 1e-12)
        let refused = read.theme.refusedTokens
        #expect(refused.map(\.path) == ["c", "uses"])
        #expect(
            refused.first?.problems.first?.contains("neither CSS nor Tokens Studio's math defines chroma()")
                == true)
        #expect(refused.last?.refersToRefused == true)
        #expect(refused.first?.source?["value"] == .string("chroma({x})"))
    }

    /// Figma's variables export: `string` and `boolean` types read (DTCG 2025.10 has
    /// neither); a folder of `<collection>.<mode>.json` is a dimension per collection.
    @Test func figmaVariablesExports() throws {
        let figma = #"{"$type": "string", "$value": "Docs", "$extensions": {"com.figma": {"scopes": []}}}"#
        func file(_ radius: Int) -> String {
            #"{"radius": {"$type": "number", "$value": \#(radius), "$extensions": {"com.figma": {"scopes": []}}}, "note": \#(figma)}"#
        }
        let read = try Self.read([
            ("⭕️ Border radius.Pill.json", file(999)), ("⭕️ Border radius.None.json", file(0)),
            (
                "🗣️ Semantic.Mode 1.json",
                #"{"on": {"$type": "boolean", "$value": true, "$extensions": {"com.figma": {}}}}"#
            ),
        ])
        #expect(read.format == "Figma variables")
        #expect(read.theme.dimensions.map(\.name) == ["Border radius"])
        #expect(read.theme.dimensions.first?.modes == ["None", "Pill"])
        #expect(read.theme.token("note")?.type == .string)
        #expect(read.theme.token("on")?.type == .boolean)
        let pill = TokenResolver(theme: read.theme).resolveAll(in: ModeContext(ModeKey("Border radius", "Pill"))).values
        #expect(pill["radius"] == .number(999))
        #expect(
            read.warnings.contains { $0.message.contains("its default is taken to be \"None\", the first by name") })
        #expect(FigmaVariables.names(of: "dir/🅰️ Font size.2XL.json")! == ("Font size", "2XL"))
        #expect(FigmaVariables.names(of: "plain.json") == nil)
    }

    /// A color value with members a color does not have (Workday's `description`) is the
    /// color of its components, said once per file; another tool's per-mode values in
    /// `$extensions` are kept and said.
    @Test func notesInsideValuesAndVendorModesAreSaid() throws {
        let read = try Self.read([
            (
                "c.json",
                """
                { "a": { "$type": "color", "$value": { "colorSpace": "oklch", "components": [0.5, 0.1, 120], "description": "anchor" } },
                  "b": { "$type": "color", "$value": { "colorSpace": "oklch", "components": [0.6, 0.1, 120], "description": "x" },
                         "$extensions": { "com.example.modes": { "dark": "#000000" } } } }
                """
            )
        ])
        #expect(read.theme.token("a")?.value?["description"] == nil)
        #expect(Color(dtcg: read.theme.token("a")?.value ?? .null) != nil)
        let messages = read.warnings.map(\.message)
        #expect(messages.contains { $0.hasPrefix("2 color values carry \"description\"") })
        #expect(
            messages.contains { $0.hasPrefix("a token carry per-mode values") || $0.contains("\"com.example.modes\"") })
        #expect(read.theme.token("b")?.extensions.contains { $0.key == "com.example.modes" } == true)
    }

    /// JSON5 sources, which Style Dictionary reads natively (`.json5`): comments, unquoted
    /// keys, single quotes, trailing commas, hex and signed numbers; a problem keeps its line.
    @Test func json5SourcesReadAsTheJSONTheyMean() throws {
        let read = try Self.read([
            (
                "tokens.json5",
                """
                // Style Dictionary source
                {
                  color: { brand: { value: '#e60023', comment: 'the "brand" red' }, },  /* trailing comma */
                  size: { icon: { value: +16, type: 'dimension' }, hair: { value: .5, type: 'dimension' } },
                  opacity: { half: { value: 0x80, type: 'number' } },
                }
                """
            )
        ])
        #expect(read.format == "Style Dictionary")
        #expect(read.theme.token("color.brand")?.type == .color)
        #expect(read.theme.token("opacity.half")?.value == .number(128))
        #expect(read.theme.token("size.hair")?.value?["value"] == .number(0.5))
        #expect(read.theme.token("color.brand")?.description == "the \"brand\" red")  // Style Dictionary's comment
        do {
            _ = try Self.read([("bad.json5", "{\n  // a comment\n  a: { value: Infinity },\n}")])
            Issue.record("Infinity was read")
        } catch let error as DocumentError {
            #expect(error.diagnostics.first?.description.hasPrefix("bad.json5:3:") == true, "\(error.diagnostics)")
        }
    }

    /// Tokens Studio documents gradients as color tokens: a gradient naming other colors
    /// is kept as the CSS gradient its references give (Was: "is not a color"). Style
    /// Dictionary 4 keeps a dotted key in a DTCG-draft file as one name.
    @Test func gradientsInColorsAndDottedNames() throws {
        let studio = try Self.read([
            (
                "g.json",
                """
                { "s": { "blue": { "value": "#0000ff", "type": "color" },
                         "fade": { "value": "linear-gradient(180deg, {blue} 0%, rgba(0, 0, 0, 0) 100%)", "type": "color" } },
                  "$metadata": { "tokenSetOrder": ["s"] } }
                """
            )
        ])
        let fade = try Self.resolved(studio.theme, "fade").string
        #expect(fade?.hasPrefix("linear-gradient(180deg, #0000ff 0%") == true, "\(fade ?? "nil")")
        let draft = try Self.read([
            (
                "d.json",
                #"{"size": {"$type": "dimension", "icon.small": {"$value": "16px"}, "b": {"$value": "{size.icon.small}"}}}"#
            )
        ])
        #expect(draft.format == "DTCG (draft string values)")
        #expect(try Self.resolved(draft.theme, "size.b") == .object([("value", .number(16)), ("unit", .string("px"))]))
    }

    /// No tree is refused for one structural spot its own tool accepts: a group `$type`
    /// no format defines flags the tokens inheriting it (a Style Dictionary 4 `component`
    /// group); `extensions` beside a group's members is tool data (the Figma Design Tokens
    /// plugin's dotted `org.lukasoppermann.figmaDesignTokens`), never token names; a key
    /// holding `{` flags that token; the rest comes in.
    @Test func nothingIsRefusedForItsShape() throws {
        let componentGroup = try Self.read(
            [
                (
                    "sd4.json",
                    ##"{"button": {"$type": "component", "bg": {"$value": "#ff0000", "$type": "color"}, "label": {"$value": "Go"}}, "gap": {"$type": "dimension", "$value": "8px"}}"##
                )
            ], keepGoing: true)
        #expect(componentGroup.theme.refusedTokens.map(\.path) == ["button.label"])
        #expect(
            componentGroup.theme.refusedTokens.first?.problems.first?.contains(
                "its group declares the type \"component\" ($.button.$type), which no token format defines") == true)
        #expect(componentGroup.theme.token("button.bg")?.type == .color)
        #expect(componentGroup.theme.token("gap") != nil)

        let plugin = try Self.read([
            (
                "figma.json",
                ##"{"color": {"extensions": {"org.lukasoppermann.figmaDesignTokens": {"styleId": "S:1"}}, "primary": {"value": "#ff0000", "type": "color"}}}"##
            )
        ])
        #expect(plugin.theme.tokens.map(\.path) == ["color.primary"])
        let kept = plugin.theme.groups.first { $0.path == "color" }?.members ?? []
        #expect(kept.contains { $0.key == "extensions" && $0.value["org.lukasoppermann.figmaDesignTokens"] != nil })

        let stray = try Self.read(
            [
                (
                    "global.json",
                    ##"{"color": {"primary": {"value": "#ff0000", "type": "color"}}, "{global": {"value": "x", "type": "other"}}"##
                ),
                (
                    "$themes.json",
                    ##"[{"name": "Light", "group": "Mode", "selectedTokenSets": {"global": "enabled"}}]"##
                ),
            ], keepGoing: true)
        #expect(stray.theme.refusedTokens.map(\.path) == ["{global"])
        #expect(stray.theme.refusedTokens.first?.source?["value"]?.string == "x")
        #expect(stray.theme.token("color.primary") != nil)
        #expect(throws: DocumentError.self) {
            try Self.read([("s.json", ##"{"{a": {"$value": 1, "$type": "number"}}"##)])
        }
    }

    /// One export is one reading: the files one command names are read by one dialect
    /// unless a file declares its own. A Figma export whose second file has no `com.figma`
    /// reads its `string` tokens as the first's; a file with a dotted name (`icon.small`)
    /// and no `$schema` is Style Dictionary 4's, read as one name; a file declaring DTCG
    /// 2025.10 is held to it (the dotted name flagged, or refused with `--strict`).
    @Test func oneExportIsOneReading() throws {
        let figma = try Self.read([
            (
                "a.json",
                ##"{"label": {"$type": "string", "$value": "Hi", "$extensions": {"com.figma": {"hiddenFromPublishing": false}}}}"##
            ),
            ("b.json", ##"{"title": {"$type": "string", "$value": "World"}}"##),
        ])
        #expect(figma.format == "Figma variables")
        #expect(figma.theme.token("title")?.value == .string("World"))
        let sd4 =
            ##"{"size": {"$type": "dimension", "icon.small": {"$value": {"value": 16, "unit": "px"}}, "gap": {"$value": "{size.icon.small}"}, "base": {"$value": {"value": 4, "unit": "px"}}}}"##
        let dotted = try Self.read([("sd4.json", sd4)])
        #expect(dotted.format == "DTCG (draft string values)")
        #expect(
            try Self.resolved(dotted.theme, "size.gap") == .object([("value", .number(16)), ("unit", .string("px"))]))
        let declared = sd4.replacingOccurrences(
            of: "{\"size\"",
            with: "{\"$schema\": \"https://www.designtokens.org/schemas/2025.10/format.json\", \"size\"")
        let strict = try Self.read([("dtcg.json", declared)], keepGoing: true)
        #expect(Set(strict.theme.refusedTokens.map(\.path)) == ["size.icon.small", "size.gap"])
        #expect(throws: DocumentError.self) { try Self.read([("dtcg.json", declared)]) }
    }

    /// A folder of one token set over and over (a brand-per-file Figma export, Orange's
    /// OUDS: `Orange.json`, `Sosh.json`, …, without `com.figma`) is the modes of one
    /// dimension named by the folder, not files merged one over another; a token one
    /// brand lacks is absent there. Base and overrides stay a layering.
    @Test func filesOfOneTokenSetAreModes() throws {
        func brand(_ primary: String, extra: Bool = true) -> String {
            ##"{"ouds": {"color": {"primary": {"$type": "color", "$value": "\##(primary)"}, "ink": {"$type": "color", "$value": "#000000"}"##
                + (extra ? ##", "accent": {"$type": "color", "$value": "{ouds.color.primary}"}"## : "")
                + ##"}, "space": {"s": {"$type": "dimension", "$value": "8px"}, "m": {"$type": "dimension", "$value": "16px"}}}}"##
        }
        let read = try ThemeReader.read(
            ThemeInput(
                sources: [
                    .init(
                        file: "tokens/brands/Sosh.json", relativePath: "Sosh.json", data: Data(brand("#E2017B").utf8)),
                    .init(
                        file: "tokens/brands/Orange.json", relativePath: "Orange.json",
                        data: Data(brand("#F15E00").utf8)),
                    .init(
                        file: "tokens/brands/Wireframe.json", relativePath: "Wireframe.json",
                        data: Data(brand("#2055E5", extra: false).utf8)),
                ], naming: .init(name: "OUDS", version: Semver(1, 0, 0))))
        #expect(read.theme.dimensions == [ModeDimension(name: "brands", modes: ["Orange", "Sosh", "Wireframe"])])
        let resolver = TokenResolver(theme: read.theme)
        #expect(try resolver.resolve("ouds.color.accent")["hex"]?.string == "#f15e00")
        #expect(
            try resolver.resolve("ouds.color.accent", in: ModeContext(["brands": "Sosh"]))["hex"]?.string == "#e2017b")
        let accentModes = read.theme.token("ouds.color.accent")?.modes ?? []
        #expect(accentModes.contains { $0.key == ModeKey("brands", "Wireframe") && $0.value == nil })
        #expect(!read.warnings.contains { $0.message.contains("later definition wins") })
        #expect(
            read.warnings.contains {
                $0.message.contains("read as the modes of one dimension \"brands\" (Orange, Sosh, Wireframe)")
            })
        let layered = try Self.read([
            ("base.json", brand("#F15E00")),
            ("overrides.json", ##"{"ouds": {"color": {"primary": {"$type": "color", "$value": "#FF7900"}}}}"##),
        ])
        #expect(layered.theme.dimensions.isEmpty)
        #expect(try Self.resolved(layered.theme, "ouds.color.accent")["hex"]?.string == "#ff7900")
    }

    /// Tokens Studio color modifiers whose `value`, `type` or `space` refer to tokens
    /// (`"value": "{shading.soft}"`, 152 of 399 tokens of one real tree) resolve those first,
    /// as sd-transforms defers the transform until references are resolved; the result is
    /// the one a literal amount gives.
    @Test func tokensStudioModifiersResolveTheirReferences() throws {
        let read = try Self.read([
            (
                "tokens.json",
                ##"""
                { "shading": { "soft": { "value": "0.2", "type": "number" }, "kind": { "value": "lighten", "type": "other" } },
                  "math": { "half": { "value": "{shading.soft} * 2", "type": "number" } },
                  "brand": { "value": "#336699", "type": "color" },
                  "soft": { "value": "{brand}", "type": "color", "$extensions": { "studio.tokens": { "modify": { "type": "lighten", "value": "{shading.soft}", "space": "srgb" } } } },
                  "direct": { "value": "{brand}", "type": "color", "$extensions": { "studio.tokens": { "modify": { "type": "lighten", "value": "0.2", "space": "srgb" } } } },
                  "kinded": { "value": "{brand}", "type": "color", "$extensions": { "studio.tokens": { "modify": { "type": "{shading.kind}", "value": "{math.half}", "space": "hsl" } } } } }
                """##
            ),
            ("$themes.json", ##"[{"name": "Light", "group": "Mode", "selectedTokenSets": {"tokens": "enabled"}}]"##),
        ])
        #expect(read.theme.refusedTokens.isEmpty)
        #expect(try Self.resolved(read.theme, "soft")["hex"]?.string == "#5c85ad")
        #expect(try Self.resolved(read.theme, "soft") == Self.resolved(read.theme, "direct"))
        // hsl(210, 50%, 40%) lightened by 0.4 in HSL: lightness 0.4 + 0.6 × 0.4 = 0.64.
        #expect(try Self.resolved(read.theme, "kinded")["hex"]?.string == "#75a3d1")
    }

    /// CSS with no fixed size is a value, kept as the CSS text it is, as sd-transforms
    /// passes it to the team's CSS (`transformDimension`: "does not transform a dimension
    /// if it is not numeric"; `checkAndEvaluateMath`: "parsing failed, return the original
    /// expression"): a `clamp()` font size, `75ch`, `auto`, a shorthand, a `var()`
    /// opacity; references inside are written in, and tokens referring to one follow it.
    /// Math that CSS text cannot feed, a function only a team's code defines and values by
    /// name are flagged, each saying why. Strict DTCG 2025.10 has no such form: flagged.
    @Test func cssValuesWithoutFixedSizeAreValues() throws {
        let read = try Self.read(
            [
                (
                    "tokens.json",
                    ##"""
                    { "size": { "min": { "value": "16", "type": "fontSizes" },
                                "fluid": { "value": "clamp(1rem, 0.875rem + 0.5vw, 1.25rem)", "type": "fontSizes" },
                                "bounded": { "value": "clamp({size.min}, 2vw, 32px)", "type": "fontSizes" },
                                "ref": { "value": "{size.fluid}", "type": "fontSizes" },
                                "measure": { "value": "75ch", "type": "sizing" },
                                "auto": { "value": "auto", "type": "sizing" },
                                "pad": { "value": "4px 8px", "type": "spacing" },
                                "math": { "value": "min(8px, 2 * 6px)", "type": "spacing" },
                                "double": { "value": "{size.fluid} * 2", "type": "fontSizes" },
                                "scale": { "value": "modular-scale(2)", "type": "fontSizes" } },
                      "opacity": { "value": "var(--overlay-opacity)", "type": "opacity" },
                      "tint": { "value": { "light": "#ffffff", "dark": "#000000" }, "type": "color" },
                      "body": { "type": "typography", "value": { "fontFamily": "Inter", "fontWeight": "400", "fontSize": "{size.fluid}" } } }
                    """##
                ),
                (
                    "$themes.json",
                    ##"[{"name": "Light", "group": "Mode", "selectedTokenSets": {"tokens": "enabled"}}]"##
                ),
            ], keepGoing: true)
        let theme = read.theme
        #expect(try Self.resolved(theme, "size.fluid") == .string("clamp(1rem, 0.875rem + 0.5vw, 1.25rem)"))
        #expect(try Self.resolved(theme, "size.ref") == .string("clamp(1rem, 0.875rem + 0.5vw, 1.25rem)"))
        #expect(try Self.resolved(theme, "size.bounded") == .string("clamp(16px, 2vw, 32px)"))
        #expect(try Self.resolved(theme, "size.measure") == .string("75ch"))
        #expect(try Self.resolved(theme, "size.auto") == .string("auto"))
        #expect(try Self.resolved(theme, "size.pad") == .string("4px 8px"))
        #expect(try Self.resolved(theme, "opacity") == .string("var(--overlay-opacity)"))
        #expect(try Self.resolved(theme, "body")["fontSize"] == .string("clamp(1rem, 0.875rem + 0.5vw, 1.25rem)"))
        // Math Tokens Studio evaluates stays math: min(8px, 12px).
        #expect(try Self.resolved(theme, "size.math") == .object([("value", .number(8)), ("unit", .string("px"))]))
        let flagged = Dictionary(uniqueKeysWithValues: theme.refusedTokens.map { ($0.path, $0.problems.joined()) })
        #expect(Set(flagged.keys) == ["size.double", "size.scale", "tint"], "\(flagged)")
        #expect(flagged["size.double"]?.contains("which is CSS with no fixed size") == true, "\(flagged)")
        #expect(flagged["size.scale"]?.contains("neither CSS nor Tokens Studio's math defines modular-scale()") == true)
        #expect(flagged["tint"]?.contains("a color by name ({light, dark}) is read only by a team's own") == true)

        let strict = try Self.read(
            [
                (
                    "strict.tokens.json",
                    #"{"$schema": "https://www.designtokens.org/schemas/2025.10/format.json", "a": {"$type": "dimension", "$value": "75ch"}, "b": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#
                )
            ], keepGoing: true)
        #expect(strict.theme.refusedTokens.map(\.path) == ["a"])
    }

    /// A tree whose every token is unreadable is refused whole: nothing would be published.
    @Test func aTreeOfNothingReadableIsRefused() {
        #expect(throws: DocumentError.self) {
            try Self.read(
                [("x.json", #"{"a": {"$type": "color", "$value": "{b}"}, "b": {"$type": "color", "$value": "{a}"}}"#)],
                keepGoing: true)
        }
    }
}
