import CatalogModel
import Foundation
import Testing

@testable import CatalogTokenFiles

/// The DTCG 2025.10 features below the CLI: color spaces and their sRGB conversion,
/// `$ref`, `$extends`, `$root`, group properties kept, expressions and color modifiers.
@Suite struct TokenFormatTests {
    /// Style Dictionary v3's `{a.b.value}` is found by a scan of bytes, anywhere in a string.
    @Test func aValueSuffixIsFoundWhereverItIs() {
        for text in ["{a.b.value}", ".value}", "{a.value} * 2", "x {a.value}"] {
            #expect(TokenSettling.mentionsValueSuffix(text), "\(text)")
        }
        for text in ["{a.b}", ".value", "value}", "", "{a.values}", "{a.valu}"] {
            #expect(!TokenSettling.mentionsValueSuffix(text), "\(text)")
        }
    }

    /// The standard's own examples (color-type.md): each space's "hot pink" is #ff00ff,
    /// except its HSL and HWB examples, whose hue 330 is #ff0080 by CSS Color 4's formula.
    @Test(arguments: [
        ("srgb-linear", [1.0, 0, 1], "#FF00FFFF", true), ("lab", [60.17, 93.54, -60.5], "#FF00FFFF", true),
        ("lch", [60.17, 111.4, 327.11], "#FF00FFFF", true), ("oklch", [0.7016, 0.3225, 328.363], "#FF00FFFF", true),
        ("xyz-d65", [0.5929, 0.2848, 0.9699], "#FF00FFFF", true),
        ("xyz-d50", [0.5791, 0.2831, 0.728], "#FF00FFFF", true), ("hsl", [330, 100, 50], "#FF0080FF", true),
        ("hwb", [330, 0, 0], "#FF0080FF", true), ("hsl", [0, 0, 100], "#FFFFFFFF", true),
        ("display-p3", [1, 0, 1], "#FF00FFFF", false), ("display-p3", [0.5, 0.5, 0.5], "#808080FF", true),
        ("a98-rgb", [1, 0, 1], "#FF00FFFF", false), ("prophoto-rgb", [1, 0, 1], "#FF00FFFF", false),
        ("rec2020", [1, 0, 1], "#FF00FFFF", false),
    ])
    func everySpaceConvertsToSRGB(space: String, components: [Double], hex: String, inGamut: Bool) throws {
        let value = JSON.object([
            ("colorSpace", .string(space)), ("components", .array(components.map { .number($0) })),
        ])
        #expect(Color(dtcg: value)?.hexRGBA == hex)
        #expect(Color.isOutsideSRGB(dtcg: value) == !inGamut)
        // Kept as declared, not converted, when read.
        #expect(try TokenValue.normalize(value, as: "color").get() == value)
    }

    @Test func colorsOutsideTheirRangesAreRefusedWithTheReason() {
        func problem(_ json: String) -> String? {
            let value = try! JSONParser.parse(json, file: "t")
            if case .failure(let error) = TokenValue.normalize(value, as: "color") { return error.message }
            return nil
        }
        #expect(problem(#"{"colorSpace": "hsl", "components": [360, 10, 10]}"#)?.contains("[0, 360)") == true)
        #expect(problem(#"{"colorSpace": "oklch", "components": [1.2, 0.1, 10]}"#)?.contains("[0, 1]") == true)
        #expect(problem(#"{"colorSpace": "lab", "components": [50, -200, 300]}"#) == nil)  // a and b unbounded
        #expect(
            problem(#"{"colorSpace": "displayp3", "components": [1, 0, 0]}"#)?.contains("did you mean \"display-p3\"")
                == true)
        // DTCG's hex fallback has six digits; Tokens Studio writes an 8-digit one (the color
        // is read from its components and alpha; an sRGB color's hex is recomputed).
        let eightDigits = try! JSONParser.parse(
            ##"{"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff000080"}"##, file: "t")
        #expect((try? TokenValue.normalize(eightDigits, as: "color", rules: TokenDialect.dtcgDraft.rules).get()) == nil)
        #expect((try? TokenValue.normalize(eightDigits, as: "color", rules: TokenDialect.dtcg.rules).get()) == nil)
        let kept = try! TokenValue.normalize(eightDigits, as: "color", rules: TokenDialect.tokensStudio.rules).get()
        #expect(kept.object?.filter { $0.key == "hex" }.map(\.value) == [.string("#ff0000")])  // recomputed
        let noted = try! JSONParser.parse(
            ##"{"colorSpace": "oklch", "components": [0.5, 0.1, 120], "alpha": 0.77, "description": "anchor"}"##,
            file: "t")
        for dialect in TokenDialect.allCases {
            // A member a color does not have is left out (the reader says so), in every format.
            #expect(TokenValue.ignoredColorMembers(of: noted, rules: dialect.rules) == ["description"])
            #expect((try? TokenValue.normalize(noted, as: "color", rules: dialect.rules).get())?["description"] == nil)
        }
        let nearMiss = try! JSONParser.parse(
            ##"{"colorSpace": "srgb", "components": [1, 0, 0], "alpah": 1}"##, file: "t")
        #expect(TokenValue.ignoredColorMembers(of: nearMiss, rules: TokenDialect.tokensStudio.rules).isEmpty)
        #expect((try? TokenValue.normalize(nearMiss, as: "color", rules: TokenDialect.tokensStudio.rules).get()) == nil)
        #expect(problem(#"{"colorSpace": "srgb", "components": ["none", 0, 0]}"#) == nil)
        #expect(problem(#"{"colorSpace": "lab", "components": [50, 1e300, 0]}"#)?.contains("too large") == true)
    }

    @Test func extendsInheritsDeepMergesAndKeepsLocalTokensWhole() throws {
        let theme = try readTheme(
            """
            { "input": { "$type": "dimension",
                "field": { "width": { "$value": { "value": 12, "unit": "rem" } },
                           "background": { "$type": "color", "$value": "#ffffff" } } },
              "input-amount": { "$extends": "{input}",
                "field": { "width": { "$value": { "value": 100, "unit": "px" } } } },
              "input-ref": { "$ref": "#/input" } }
            """)
        #expect(theme.token("input-amount.field.width")?.value?["value"] == .number(100))
        #expect(theme.token("input-amount.field.width")?.type == .dimension)  // the inherited group $type
        #expect(theme.token("input-amount.field.background")?.type == .color)
        #expect(theme.token("input-ref.field.width")?.value?["value"] == .number(12))
        #expect(theme.tokens.count == 6)
    }

    @Test func rootTokensAndPointersIntoParts() throws {
        let theme = try readTheme(
            """
            { "color": { "$type": "color",
                "accent": { "$root": { "$value": "#dd0000" }, "light": { "$value": "#ff2222" } },
                "hue": { "$type": "number", "$value": { "$ref": "#/color/accent/$root/$value/components/0" } },
                "alias": { "$ref": "#/color/accent/$root/$value" } } }
            """)
        #expect(theme.token("color.accent.$root") != nil)
        #expect(theme.token("color.alias")?.value == .string("{color.accent.$root}"))
        let resolver = TokenResolver(theme: theme)
        #expect(try resolver.resolve("color.hue") == .number(0.866667))
        #expect(Color(dtcg: try resolver.resolve("color.alias"))?.hexRGBA == "#DD0000FF")
    }

    @Test func groupPropertiesAreKeptAndWrittenBack() throws {
        let text = """
            { "$extensions": { "org.example": { "run": 1 } },
              "color": { "$type": "color", "$description": "Colors", "$deprecated": "Old palette",
                         "$extensions": { "com.figma": { "id": "1:2" } },
                         "a": { "$value": "#000000" } },
              "empty": { "$description": "Nothing yet" } }
            """
        let theme = try readTheme(text)
        #expect(theme.groups.map(\.path) == ["", "color", "empty"])
        #expect(theme.token("color.a")?.deprecation == Deprecation(reason: "Old palette"))
        let written = ThemeWriter.dtcg(theme)
        #expect(written["color"]?["$description"] == .string("Colors"))
        #expect(written["$extensions"]?["org.example"]?["run"] == .number(1))
        #expect(written["empty"]?["$description"] == .string("Nothing yet"))
        let again = try ThemeReader.read(Data(written.serialized().utf8), file: "w.json")
        #expect(again == theme)
    }

    @Test func expressionsEvaluateWithUnits() throws {
        func value(_ text: String, _ lookup: [String: TokenMath.Quantity] = [:]) throws -> TokenMath.Quantity {
            try TokenMath.evaluate(try TokenMath.parse(text).get()) { path in
                guard let quantity = lookup[path] else { throw TokenMath.MathError(message: "no \(path)") }
                return quantity
            }
        }
        let base = ["base": TokenMath.Quantity(8, "px"), "rem": TokenMath.Quantity(1, "rem")]
        #expect(try value("{base} * 0.25", base) == TokenMath.Quantity(2, "px"))
        #expect(try value("({base} - 2) / 2", base) == TokenMath.Quantity(3, "px"))
        #expect(try value("roundTo({base} / 3, 2)", base) == TokenMath.Quantity(2.67, "px"))
        #expect(throws: TokenMath.MathError.self) { try value("{base} + {rem}", base) }  // px and rem: unevaluated
        #expect(try value("-{base} * 2", base) == TokenMath.Quantity(-16, "px"))
        #expect(try value("max(4px, {base}, 1px)", base) == TokenMath.Quantity(8, "px"))
        #expect(try value("{size.value} * 2", ["size": TokenMath.Quantity(3)]) == TokenMath.Quantity(6))
        #expect(try value("{base} * {base}", base) == TokenMath.Quantity(64, "px"))  // px is a number
        #expect(throws: TokenMath.MathError.self) { try value("4 / 0") }
        #expect(TokenMath.isExpression("{a} * 2") && TokenMath.isExpression("4 + 2"))
        #expect(
            !TokenMath.isExpression("-4px") && !TokenMath.isExpression("semi-bold") && !TokenMath.isExpression("{a}"))
        // Hostile input: nesting is bounded, overflow is an error, not inf.
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        if case .failure(let error) = TokenMath.parse(deep) {
            #expect(error.message.hasSuffix("it nests deeper than 64 levels"))
        } else {
            Issue.record("10,000 nested parentheses were read")
        }
        #expect(throws: TokenMath.MathError.self) { try value("1e300 * 1e300") }
        if case .failure(let error) = TokenMath.parse("{a} *") {
            #expect(error.message == "cannot read the expression \"{a} *\": it ends too early")
        } else {
            Issue.record("an incomplete expression was read")
        }
    }

    /// sd-transforms' own pairs (`test/spec/checkAndEvaluateMath.spec.ts`, tokens-studio/
    /// sd-transforms): what its `checkAndEvaluateMath` evaluates, and what it leaves as
    /// written, which the catalog refuses to evaluate (a flagged token, never a guess). Its
    /// multi-value shorthands (`4*1.5px 4*1.5px`) and `vw` are not dimension values here.
    @Test(
        arguments: [
            ("4 * 7", 28, nil), ("4 * 7px", 28, "px"), ("4 * 7rem", 28, "rem"),
            ("(15 + 20 - 17 * 8 / 3) * 7px", -72.3333, "px"), ("4px * 7px", 28, "px"), ("4 * 7px * 8px", 224, "px"),
            ("4em + 7em", 11, "em"), ("4 * 7em * 8em", 224, "em"), ("4px * 7em", 28, "em"),
            ("5px * 4px / 2px", 10, "px"),
            ("2pt * 4", 8, "pt"), ("2em * 20px", 40, "em"), ("roundTo(4 / 7, 1)", 0.6, nil),
            ("min(10, 24, 5, 12, 6)", 5, nil), ("ceil(roundTo(16/1.2,0)/2)*2", 14, nil),
            ("roundTo(4px / 7, 1)", 0.6, "px"),
            ("roundTo(4 / 7px, 1)", 0.6, "px"), ("roundTo(4px / 7px, 1)", 0.6, "px"),
            ("min(10px, 24px, 5px, 12px, 6px)", 5, "px"), ("ceil(roundTo(16px/1.2,0)/2)*2", 14, "px"),
            ("roundTo(4 / 7, 1) * 24", 14.4, nil), ("pow(2, 3)", 8, nil), ("2 ^ 3 ^ 2", 512, nil), ("-2 ^ 2", -4, nil),
            ("sqrt(16) + PI * 0", 4, nil), ("pow(E, 0)", 1, nil),
        ] as [(String, Double, String?)])
    func tokensStudioMathAsSDTransformsEvaluatesIt(_ text: String, value: Double, unit: String?) throws {
        let result = try TokenMath.evaluate(try TokenMath.parse(text).get()) { _ in TokenMath.Quantity(0) }
        #expect(abs(result.value - value) < 0.0001, "\(text) = \(result.value)")
        #expect(result.unit == unit, "\(text) in \(result.unit ?? "no unit")")
    }

    @Test(arguments: ["4 + 7rem", "4em + 7rem", "1000 / 20em", "4px + 7em", "2em + 20", "2em + 20px", "1s + 200ms"])
    func tokensStudioMathLeavesWhatSDTransformsLeaves(_ text: String) throws {
        let parsed = try TokenMath.parse(text).get()
        #expect(throws: TokenMath.MathError.self) { try TokenMath.evaluate(parsed) { _ in TokenMath.Quantity(0) } }
    }

    @Test func colorModifiersEvaluateOrRefuse() throws {
        let orange = Color(hex: "ff7900")!.dtcg
        func apply(_ json: String, other: JSON? = nil) -> String? {
            let modify = try! JSONParser.parse(json, file: "m")
            return (try? ColorModifier.apply(modify, to: orange, other: other).get()).flatMap {
                Color(dtcg: $0)?.hexRGBA
            }
        }
        #expect(apply(#"{"type": "darken", "value": 0.2, "space": "hsl"}"#) == "#CC6100FF")
        #expect(apply(#"{"type": "lighten", "value": "0.5", "space": "srgb"}"#) == "#FFBC80FF")
        #expect(apply(#"{"type": "alpha", "value": 0.5}"#) == "#FF790080")
        #expect(
            apply(##"{"type": "mix", "value": 0.5, "color": "#000000"}"##, other: Color(hex: "000000")!.dtcg)
                == "#803D00FF")
        #expect(
            ColorModifier.problem(
                with: try JSONParser.parse(#"{"type": "lighten", "value": 0.2, "space": "lch"}"#, file: "m"))?.contains(
                    "not supported") == true)
        #expect(
            ColorModifier.problem(with: try JSONParser.parse(#"{"type": "saturate", "value": 0.2}"#, file: "m")) != nil)
        #expect(
            ColorModifier.problem(with: try JSONParser.parse(#"{"type": "mix", "value": 0.2}"#, file: "m"))
                == "a mix modifier needs \"color\"")
    }

    @Test func spectrumSetsUUIDsAndSuccessorsAreKept() throws {
        let theme = try readTheme(
            """
            { "a": { "$schema": "https://x/token-types/color-set.json", "uuid": "u-a", "component": "panel",
                     "sets": { "light": { "value": "rgb(255, 0, 0)", "uuid": "u-a-l" }, "dark": { "value": "#000", "uuid": "u-a-d", "deprecated": true } } },
              "b": { "$schema": "https://x/token-types/dimension.json", "value": "4px", "uuid": "u-b", "deprecated": true, "renamed": "c" },
              "c": { "$schema": "https://x/token-types/alias.json", "value": "{b}", "uuid": "u-c", "replaced_by": "u-b" } }
            """)
        let a = try #require(theme.token("a"))
        #expect(a.type == .color && a.id == "u-a" && a.dimensions == ["colorScheme"])
        #expect(a.value.flatMap(Color.init(dtcg:))?.hexRGBA == "#FF0000FF")
        #expect(a.metadata.map(\.key) == ["$schema", "component", "sets"])
        #expect(a.metadata.last?.value["dark"]?["uuid"] == .string("u-a-d"))
        #expect(a.deprecation == nil)  // one set of two is deprecated
        #expect(theme.token("b")?.replacedBy == "c" && theme.token("b")?.type == .dimension)
        #expect(theme.token("c")?.type == .dimension && theme.token("c")?.replacedBy == "u-b")
        let again = try ThemeReader.read(Data(ThemeWriter.dtcg(theme).serialized().utf8), file: "w.json")
        #expect(again.tokens == theme.tokens)
    }
}
