import CatalogModel
import CatalogTokenFiles
import Foundation
import Testing

/// Reads a theme from JSON text, or returns its diagnostics.
func readTheme(_ text: String, name: String? = "T", version: String? = "1.0.0") throws -> Theme {
    try ThemeReader.read(
        Data(text.utf8), file: "t.json", naming: .init(name: name, version: version.flatMap(Semver.init)))
}

func themeProblems(_ text: String) -> [String] {
    do {
        _ = try readTheme(text)
        return []
    } catch let error as DocumentError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["\(error)"]
    }
}

@Suite struct DTCGReaderTests {
    @Test func typesInheritAndValuesNormalize() throws {
        let theme = try readTheme(
            """
            {
              "color": { "$type": "color",
                "brand": { "$value": "#FF7900", "$description": "Orange" },
                "text": { "$value": "{color.brand}" } },
              "space": { "$type": "dimension", "sm": { "$value": "8px" }, "md": { "$value": 12 }, "lg": { "$value": "1.5rem" } },
              "motion": { "fast": { "$type": "duration", "$value": "150ms" } },
              "weight": { "$type": "fontWeight", "bold": { "$value": "bold" } }
            }
            """)
        #expect(
            theme.tokens.map(\.path) == [
                "color.brand", "color.text", "space.sm", "space.md", "space.lg", "motion.fast", "weight.bold",
            ])
        #expect(theme.token("color.text")?.type == .color)
        #expect(theme.token("color.brand")?.description == "Orange")
        #expect(theme.token("space.md")?.value?.serialized() == "{\"value\":12,\"unit\":\"px\"}")
        #expect(theme.token("space.lg")?.value?.serialized() == "{\"value\":1.5,\"unit\":\"rem\"}")
        #expect(theme.token("motion.fast")?.value?.serialized() == "{\"value\":150,\"unit\":\"ms\"}")
        #expect(theme.token("weight.bold")?.value == .number(700))
        let resolved = try TokenResolver(theme: theme).resolve("color.text")
        #expect(Color(dtcg: resolved)?.hexRGBA == "#FF7900FF")
    }

    @Test func metadataIdentityDeprecationAndUnknownKeysAreKept() throws {
        let theme = try readTheme(
            """
            { "a": { "$type": "color", "$value": "#000", "$deprecated": "use b",
                     "$extensions": { "catalog.id": "id-a", "catalog.replacedBy": "{b}", "com.figma": { "x": 1 } },
                     "component": "button", "private": true },
              "b": { "$type": "color", "$value": "#fff", "$deprecated": true } }
            """)
        let a = try #require(theme.token("a"))
        #expect(a.deprecation == Deprecation(reason: "use b"))
        #expect(a.id == "id-a" && a.identity == "id-a")
        #expect(a.replacedBy == "b")
        #expect(a.extensions.map(\.key) == ["com.figma"])
        #expect(a.metadata.map(\.key) == ["component", "private"])
        #expect(theme.token("b")?.deprecation == Deprecation())
        #expect(theme.token("b")?.identity == "b")
    }

    @Test func declaredDimensionsAndPerModeResolution() throws {
        let theme = try readTheme(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"], "scale": { "modes": ["desktop", "mobile"], "default": "desktop" } } },
              "base": { "$type": "color", "$value": "#111111", "$extensions": { "catalog.modes": { "dark": "#EEEEEE" } } },
              "link": { "$type": "color", "$value": "{base}" },
              "chain": { "$type": "color", "$value": "{link}" },
              "gap": { "$type": "dimension", "$value": 16, "$extensions": { "catalog.modes": { "mobile": 8 } } } }
            """)
        #expect(theme.dimensions.map(\.name) == ["colorScheme", "scale"])
        let resolver = TokenResolver(theme: theme)
        let dark = try ModeContext.from(modeNames: ["dark", "mobile"], in: theme)
        #expect(Color(dtcg: try resolver.resolve("chain"))?.hexRGBA == "#111111FF")
        #expect(Color(dtcg: try resolver.resolve("chain", in: dark))?.hexRGBA == "#EEEEEEFF")
        #expect(TokenValue.points(ofDimension: try resolver.resolve("gap", in: dark)) == 8)
        #expect(TokenValue.points(ofDimension: try resolver.resolve("gap")) == 16)
        #expect(throws: ModeContextError.self) { try ModeContext.from(modeNames: ["sepia"], in: theme) }
        #expect(throws: ModeContextError.twice(dimension: "colorScheme", first: "light", second: "dark")) {
            try ModeContext.from(modeNames: ["light", "dark"], in: theme)
        }
    }

    @Test func compositeFieldsResolveTheirAliases() throws {
        let theme = try readTheme(
            """
            { "size": { "body": { "$type": "dimension", "$value": "17px" } },
              "type": { "body": { "$type": "typography", "$value": { "textStyle": "body", "fontSize": "{size.body}", "fontWeight": "semibold" } } },
              "line": { "$type": "border", "$value": { "color": "#000000", "width": "{size.body}", "style": "solid" } } }
            """)
        let body = try TokenResolver(theme: theme).resolve("type.body")
        #expect(TokenValue.points(ofDimension: try #require(body["fontSize"])) == 17)
        #expect(body["fontWeight"] == .number(600))
        #expect(try TokenResolver(theme: theme).resolve("line")["width"]?["value"] == .number(17))
    }

    @Test func exportReadsBackToTheSameTokens() throws {
        let original = try readTheme(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
              "a": { "$type": "color", "$value": "rgba(0, 122, 255, 0.5)", "$extensions": { "catalog.modes": { "dark": "#0A84FF" }, "catalog.id": "x" } },
              "g": { "b": { "$type": "shadow", "$value": [{ "color": "{a}", "offsetX": 0, "offsetY": "2px", "blur": 4, "spread": 0 }] } },
              "t": { "$type": "cubicBezier", "$value": [0.42, 0, 0.58, 1], "custom": "kept" } }
            """)
        let exported = ThemeWriter.dtcg(original).serialized(pretty: true)
        let again = try ThemeReader.read(Data(exported.utf8), file: "export.json")
        #expect(again.name == "T" && again.version == Semver(1, 0, 0))
        #expect(again.tokens == original.tokens)
        #expect(again.dimensions == original.dimensions)
    }
}

@Suite struct LegacyReaderTests {
    @Test func olderShapeWithSetsAndInferredDimensions() throws {
        let theme = try readTheme(
            """
            { "color": {
                "bg": { "value": "#ffffff", "type": "color", "uuid": "u1", "comment": "background",
                        "sets": { "light": { "value": "#ffffff" }, "dark": { "value": "#000000" }, "wireframe": { "value": "#eeeeee" } } },
                "old": { "value": "{color.bg}", "type": "color", "deprecated": true, "deprecated_comment": "gone", "replaced_by": "color.bg", "component": "card" } },
              "size": { "pad": { "value": "12px", "type": "spacing", "sets": { "desktop": { "value": "16px" }, "mobile": { "value": "8px" } } },
                        "opacity": { "value": "0.5", "type": "opacity" } } }
            """)
        #expect(theme.dimensions.map(\.name) == ["colorScheme", "scale"])
        #expect(theme.dimensions[0].modes == ["light", "dark", "wireframe"])
        #expect(theme.dimensions[0].defaultMode == "light")
        #expect(theme.dimensions[1].modes == ["desktop", "mobile"])
        let old = try #require(theme.token("color.old"))
        #expect(old.deprecation?.reason == "gone")
        #expect(old.replacedBy == "color.bg")
        #expect(old.metadata.map(\.key) == ["component"])
        #expect(theme.token("color.bg")?.id == "u1")
        #expect(theme.token("color.bg")?.description == "background")
        #expect(theme.token("size.pad")?.type == .dimension)
        #expect(theme.token("size.opacity")?.value == .number(0.5))
        let resolver = TokenResolver(theme: theme)
        #expect(
            Color(dtcg: try resolver.resolve("color.old", in: ModeContext(["colorScheme": "wireframe"])))?.hexRGBA
                == "#EEEEEEFF")
    }
}

@Suite struct AliasProblemTests {
    @Test(arguments: 1...5)
    func cyclesOfEveryLengthPrintTheWholeLoop(length: Int) {
        let names = (0..<length).map { "t\($0)" }
        let members = names.enumerated().map { index, name in
            "\"\(name)\": { \"$type\": \"color\", \"$value\": \"{\(names[(index + 1) % length])}\" }"
        }
        let problems = themeProblems("{ " + members.joined(separator: ", ") + " }")
        let loop = (names + [names[0]]).joined(separator: " → ")
        #expect(problems == ["t.json:1:9: $.t0: alias cycle: \(loop)"])
    }

    @Test func everyProblemIsReportedWithBothEnds() {
        let problems = themeProblems(
            """
            {
              "a": { "$type": "color", "$value": "{nope.gone}" },
              "b": { "$type": "dimension", "$value": "{c}" },
              "c": { "$type": "color", "$value": "#000" },
              "d": { "$type": "color", "$value": "{also.missing}" },
              "e": { "$type": "color", "$value": "not a color" }
            }
            """)
        #expect(
            problems == [
                "t.json:2:8: $.a: a refers to {nope.gone}, which does not exist",
                "t.json:3:8: $.b: b needs a dimension but refers to {c}, which is a color",
                "t.json:5:8: $.d: d refers to {also.missing}, which does not exist",
                "t.json:6:38: $.e.$value: expected a color (#rrggbb, rgb(), hsl(), oklch() or another CSS color, or a color object {colorSpace, components}), got \"not a color\"",
            ])
    }

    @Test func cyclesOnlyInOneModeAreFound() {
        let problems = themeProblems(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
              "a": { "$type": "color", "$value": "#000", "$extensions": { "catalog.modes": { "dark": "{b}" } } },
              "b": { "$type": "color", "$value": "{a}" } }
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("alias cycle: a → b → a") == true)
    }

    @Test func modeProblems() {
        let undeclared = themeProblems(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
              "a": { "$type": "color", "$value": "#000", "$extensions": { "catalog.modes": { "sepia": "#111" } } } }
            """)
        #expect(
            undeclared.first?.contains("mode \"sepia\" is not declared in catalog.dimensions (declared: dark, light)")
                == true)
        let repeated = themeProblems(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark", "light"] } },
              "a": { "$type": "color", "$value": "#000" } }
            """)
        #expect(repeated.first?.contains("mode \"light\" is listed twice in dimension colorScheme") == true)
    }

    @Test func namesAndStructure() {
        // DTCG 2025.10 forbids a dot in a name (where a file declares it); Style Dictionary 4
        // keeps it, and a file that declares nothing and writes one is its reading of the drafts.
        #expect(
            themeProblems(
                "{ \"$schema\": \"https://www.designtokens.org/schemas/2025.10/format.json\", \"a.b\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0, 0] } } }"
            ).first?.contains("invalid token or group name \"a.b\"") == true)
        #expect(
            themeProblems(
                "{ \"a.b\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0, 0, 0] } } }"
            ).isEmpty)
        #expect(themeProblems("{ \"a.b\": { \"$type\": \"color\", \"$value\": \"#000\" } }").isEmpty)
        #expect(
            themeProblems("{ \"a\": 3, \"b\": { \"$type\": \"number\", \"$value\": 1 } }").first?.contains(
                "expected a token (an object with \"$value\") or a group, got a number 3") == true)
        #expect(themeProblems("[1]").first == "t.json:1:1: $: expected a token file (a JSON object), got an array")
        #expect(
            themeProblems("{ \"a\": { \"$type\": \"colr\", \"$value\": \"#000\" } }").first?.contains(
                "unknown token type \"colr\"; did you mean \"color\"?") == true)
    }

    @Test func versionAndNameAreRequired() {
        do {
            _ = try readTheme("{}", name: nil, version: nil)
            Issue.record("expected an error")
        } catch let error as DocumentError {
            #expect(
                error.diagnostics.map(\.message) == [
                    "the file gives no version; pass --version X.Y.Z or set $extensions[\"catalog.theme\"].version",
                    "the file gives no theme name; pass --name NAME",
                ])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
