import CatalogModel
import CatalogTokenFiles
import Foundation
import Testing

/// Themes with several dimensions: a mode unique within its dimension, a token varying
/// along several, sparse contexts, each format's layering resolved for every combination.
@Suite struct ContextTests {
    static func source(_ file: String, _ text: String) -> ThemeInput.Source {
        .init(file: file, relativePath: file, data: Data(text.utf8))
    }

    static func read(_ files: [(String, String)], modeFiles: [(String, String, String, String)] = [])
        throws -> ThemeImport
    {
        try ThemeReader.read(
            ThemeInput(
                sources: files.map { source($0.0, $0.1) },
                modeSources: modeFiles.map { .init(dimension: $0.0, mode: $0.1, source: source($0.2, $0.3)) },
                naming: .init(name: "T", version: Semver(1, 0, 0))))
    }

    static func resolved(_ theme: Theme, _ path: String, _ modes: [String]) throws -> String? {
        let context = try ModeContext.from(modeNames: modes, in: theme)
        return Color(dtcg: try TokenResolver(theme: theme).resolve(path, in: context))?.hexRGBA
    }

    /// One reading of a mode name for every command: bare, shared by dimensions, or
    /// `dimension=mode`, a mode whose own name holds `=` read as itself first.
    @Test func aModeNameIsReadOneWayEverywhere() throws {
        let theme = Theme(
            name: "T", version: Semver(1, 0, 0),
            dimensions: [
                ModeDimension(name: "brand", modes: ["a", "b=c"]), ModeDimension(name: "scheme", modes: ["a", "dark"]),
            ], tokens: [])
        #expect(theme.modeKeys(named: "dark") == [ModeKey("scheme", "dark")])
        #expect(theme.modeKeys(named: "a") == [ModeKey("brand", "a"), ModeKey("scheme", "a")])
        #expect(theme.modeKeys(named: "scheme=a") == [ModeKey("scheme", "a")])
        #expect(theme.modeKeys(named: "b=c") == [ModeKey("brand", "b=c")])
        #expect(theme.modeKeys(named: "brand=b=c") == [ModeKey("brand", "b=c")])
        #expect(theme.modeKeys(named: "sepia").isEmpty && theme.modeKeys(named: "scheme=sepia").isEmpty)
        #expect(
            try ModeContext.from(modeNames: ["brand=a", "dark"], in: theme).modes == ["brand": "a", "scheme": "dark"])
        #expect(
            throws: ModeContextError.unknown(
                "scheme=sepia", theme: "T@1.0.0", choices: ["brand=a", "brand=b=c", "scheme=a", "scheme=dark"],
                dimensions: theme.dimensions)
        ) { try ModeContext.from(modeNames: ["scheme=sepia"], in: theme) }
        #expect(
            throws: ModeContextError.unknown(
                "sepia", theme: "T@1.0.0", choices: ["a", "b=c", "dark"], dimensions: theme.dimensions)
        ) { try ModeContext.from(modeNames: ["sepia"], in: theme) }
        #expect(throws: ModeContextError.twice(dimension: "scheme", first: "a", second: "dark")) {
            try ModeContext.from(modeNames: ["scheme=a", "dark"], in: theme)
        }
    }

    static func problems(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as DocumentError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    /// The issue's case: a token set in dimension A (a1, a2) and in B (b1, b2, b2 not
    /// defining it) resolves at every combination as the resolver's order says.
    static let twoModifiers = """
        { "version": "2025.10",
          "sets": { "base": { "sources": [ { "c": { "$type": "color", "$value": "#000000" } } ] } },
          "modifiers": {
            "A": { "contexts": { "a1": [ { "c": { "$type": "color", "$value": "#0000a1" } } ],
                                 "a2": [ { "c": { "$type": "color", "$value": "#0000a2" } } ] }, "default": "a1" },
            "B": { "contexts": { "b1": [ { "c": { "$type": "color", "$value": "#0000b1" } } ], "b2": [] },
                   "default": "b1" } },
          "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/A" }, { "$ref": "#/modifiers/B" } ] }
        """

    @Test func aTokenInTwoDimensionsResolvesInEveryCombination() throws {
        let theme = try Self.read([("r.resolver.json", Self.twoModifiers)]).theme
        #expect(try Self.resolved(theme, "c", []) == "#0000B1FF")
        #expect(try Self.resolved(theme, "c", ["a2"]) == "#0000B1FF")  // B is later: b1 wins
        #expect(try Self.resolved(theme, "c", ["a2", "b2"]) == "#0000A2FF")  // b2 sets nothing: a2's
        #expect(try Self.resolved(theme, "c", ["a1", "b2"]) == "#0000A1FF")
        #expect(theme.token("c")?.dimensions == ["A", "B"])
        // The token's own value in a context, before aliases are resolved.
        let own = try #require(theme.token("c")).value(in: ModeContext(["A": "a2", "B": "b2"]), of: theme)
        #expect(own.flatMap(Color.init(dtcg:))?.hexRGBA == "#0000A2FF")
    }

    /// A token only some contexts define (the DTCG suite's empty context): absent in the
    /// default, present where its context is chosen, an error where referred to in its absence.
    @Test func aTokenOnlySomeModesDefineExistsThereOnly() throws {
        let document = """
            { "version": "2025.10",
              "sets": { "base": { "sources": [ { "c": { "$type": "number", "$value": 0 } } ] } },
              "modifiers": { "debug": { "contexts": { "off": [],
                  "on": [ { "debug": { "$type": "number", "$value": 1 } } ] }, "default": "off" } },
              "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/debug" } ] }
            """
        let theme = try Self.read([("d.resolver.json", document)]).theme
        let token = try #require(theme.token("debug"))
        #expect(token.value == nil)
        #expect(token.modes == [ModeValue(ModeKey("debug", "on"), .number(1))])
        let resolver = TokenResolver(theme: theme)
        #expect(resolver.resolveAll(in: ModeContext()).values["debug"] == nil)
        #expect(resolver.resolveAll(in: ModeContext(["debug": "on"])).values["debug"] == .number(1))
        #expect(throws: RequestError.self) { try resolver.resolve("debug") }

        let referring = document.replacingOccurrences(
            of: "{ \"c\": { \"$type\": \"number\", \"$value\": 0 } }",
            with: "{ \"c\": { \"$type\": \"number\", \"$value\": \"{debug}\" } }")
        #expect(
            Self.problems { _ = try Self.read([("d.resolver.json", referring)]) }.contains {
                $0.contains("c refers to {debug}, which does not exist in debug=off (only some modes define it)")
            })
    }

    /// Figma-variables exports: `MD` is a Size mode and a Density mode; both are read, and a
    /// bare `MD` on the command line is asked to be qualified.
    @Test func aModeNameMayRepeatAcrossDimensions() throws {
        let gap = { (value: Int) in "{ \"gap\": { \"$type\": \"number\", \"$value\": \(value) } }" }
        let theme = try Self.read(
            [("base.json", gap(1))],
            modeFiles: [
                ("Size", "MD", "Size.MD.json", gap(2)), ("Size", "LG", "Size.LG.json", gap(3)),
                ("Density", "MD", "Density.MD.json", gap(4)), ("Density", "SM", "Density.SM.json", gap(5)),
            ]
        ).theme
        #expect(theme.dimensions.map(\.name) == ["Size", "Density"])
        #expect(theme.modeKeys(named: "MD") == [ModeKey("Size", "MD"), ModeKey("Density", "MD")])
        let resolver = TokenResolver(theme: theme)
        func gapIn(_ modes: [String]) throws -> Double? {
            try resolver.resolve("gap", in: ModeContext.from(modeNames: modes, in: theme)).number
        }
        #expect(try gapIn([]) == 4)  // Size=MD, then Density=MD (the defaults, in order)
        #expect(try gapIn(["Size=LG", "Density=SM"]) == 5)
        #expect(throws: ModeContextError.ambiguous("MD", dimensions: ["Size", "Density"])) {
            try ModeContext.from(modeNames: ["MD"], in: theme)
        }
        let written = ThemeWriter.dtcg(theme)
        // A shared name is written with its dimension; Density=MD is kept, as it overrides Size=LG.
        let modes = written["gap"]?["$extensions"]?["catalog.modes"]
        #expect(modes?.object?.map(\.key) == ["Size=MD", "LG", "Density=MD", "SM"])
        #expect(modes?["Density=MD"] == .number(4))
        let again = try ThemeReader.read(Data(written.serialized().utf8), file: "w.json")
        #expect(again == theme)
    }

    /// Tokens Studio: `Canvas` is a Brand theme and a System theme (Workday's shape), each
    /// group a dimension whose themes' sets layer in tokenSetOrder.
    @Test func aThemeNameInTwoGroupsIsTwoModes() throws {
        let read = try Self.read([
            (
                "$themes.json",
                """
                [ { "id": "1", "name": "Canvas", "group": "Brand", "selectedTokenSets": { "core": "source", "brand/canvas": "enabled" } },
                  { "id": "2", "name": "Peach", "group": "Brand", "selectedTokenSets": { "core": "source", "brand/peach": "enabled" } },
                  { "id": "3", "name": "Canvas", "group": "System", "selectedTokenSets": { "core": "source", "sys/color": "enabled" } },
                  { "id": "4", "name": "Branded", "group": "System", "selectedTokenSets": { "core": "source", "sys/branded": "enabled" } } ]
                """
            ),
            (
                "$metadata.json",
                "{ \"tokenSetOrder\": [\"core\", \"brand/canvas\", \"brand/peach\", \"sys/color\", \"sys/branded\"] }"
            ),
            (
                "core.json",
                "{ \"blue\": { \"value\": \"#0000ff\", \"type\": \"color\" }, \"peach\": { \"value\": \"#ffcc99\", \"type\": \"color\" } }"
            ),
            ("brand/canvas.json", "{ \"brand\": { \"value\": \"{blue}\", \"type\": \"color\" } }"),
            ("brand/peach.json", "{ \"brand\": { \"value\": \"{peach}\", \"type\": \"color\" } }"),
            ("sys/color.json", "{ \"bg\": { \"value\": \"#ffffff\", \"type\": \"color\" } }"),
            ("sys/branded.json", "{ \"bg\": { \"value\": \"{brand}\", \"type\": \"color\" } }"),
        ])
        let theme = read.theme
        #expect(theme.dimensions.map(\.name) == ["Brand", "System"])
        #expect(try Self.resolved(theme, "bg", []) == "#FFFFFFFF")
        #expect(try Self.resolved(theme, "bg", ["System=Branded"]) == "#0000FFFF")
        #expect(try Self.resolved(theme, "bg", ["System=Branded", "Peach"]) == "#FFCC99FF")
        #expect(try Self.resolved(theme, "bg", ["Brand=Peach", "System=Canvas"]) == "#FFFFFFFF")
        let (document, files) = try ThemeWriter.resolver(theme)
        let loaded = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.content.serialized()) })
        let again = try ThemeReader.read(
            ThemeInput(
                sources: [.init(file: "T.resolver.json", data: Data(document.serialized().utf8))],
                load: { reference, _ in
                    guard let text = loaded[reference] else { throw DocumentError(file: reference, message: "missing") }
                    return .init(file: reference, data: Data(text.utf8))
                })
        ).theme
        #expect(again.tokens == theme.tokens)
        #expect(again.dimensions == theme.dimensions)
    }

    /// A set order that interleaves two groups so that a token's modes override each other
    /// against the dimensions' order cannot be kept: said, naming the token and both modes.
    @Test func anInterleavedSetOrderIsSaid() {
        let problems = Self.problems {
            _ = try Self.read([
                (
                    "$themes.json",
                    """
                    [ { "name": "a1", "group": "A", "selectedTokenSets": { "s1": "enabled" } },
                      { "name": "a2", "group": "A", "selectedTokenSets": { "s3": "enabled" } },
                      { "name": "b1", "group": "B", "selectedTokenSets": { "s2": "enabled" } },
                      { "name": "b2", "group": "B", "selectedTokenSets": {} } ]
                    """
                ),
                ("$metadata.json", "{ \"tokenSetOrder\": [\"s1\", \"s2\", \"s3\"] }"),
                ("s1.json", "{ \"x\": { \"value\": \"1\", \"type\": \"number\" } }"),
                ("s2.json", "{ \"x\": { \"value\": \"2\", \"type\": \"number\" } }"),
                ("s3.json", "{ \"x\": { \"value\": \"3\", \"type\": \"number\" } }"),
            ])
        }
        #expect(
            problems.contains {
                $0.contains("token x is set by B=b1 in a layer before A=a2's, against the order of their dimensions")
            }, "\(problems)")
    }

    /// A later set's group that replaces an earlier set's token hides it: said, as for
    /// plain files and Tokens Studio sets (found by the differential target: silent, a
    /// republication by difference kept a state naming the hidden token).
    @Test func aSetThatHidesAnEarlierSetsTokenIsSaid() throws {
        let document = ##"""
            {"version": "2025.10",
             "sets": {"a": {"sources": [{"x": {"$type": "number", "$value": 1}}]},
                      "b": {"sources": [{"x": {"y": {"$type": "number", "$value": 2}}}]}},
             "resolutionOrder": [{"$ref": "#/sets/a"}, {"$ref": "#/sets/b"}]}
            """##
        let read = try Self.read([("r.resolver.json", document)])
        #expect(read.theme.tokens.map(\.path) == ["x.y"])
        #expect(read.warnings.contains { $0.message.contains("hides the token x") }, "\(read.warnings)")
    }

    /// The catalog's own file keeps a token's values along two dimensions, in order, and
    /// one only some modes define (`null` where it does not exist).
    @Test func theCatalogFileKeepsSeveralDimensionsAndAbsence() throws {
        let theme = try Self.read([("r.resolver.json", Self.twoModifiers)]).theme
        let written = ThemeWriter.dtcg(theme)
        let again = try ThemeReader.read(Data(written.serialized().utf8), file: "w.json")
        #expect(again == theme)
        var sparse = theme
        sparse.tokens.append(
            Token(path: "only", type: .number, value: nil, modes: [ModeValue(ModeKey("A", "a2"), .number(2))]))
        let sparseAgain = try ThemeReader.read(Data(ThemeWriter.dtcg(sparse).serialized().utf8), file: "w.json")
        #expect(sparseAgain.token("only") == sparse.token("only"))
    }

    /// A resolver whose contexts override a few of many tokens, one context also adding a
    /// token and writing group properties; `pointer` adds a `$ref` token to the base set.
    static func sparseContexts(pointer: Bool) -> String {
        let base = (0..<40).map { "\"t\($0)\": { \"$value\": \"#0000\(String(format: "%02x", $0))\" }" }
        let extra = pointer ? ##", "p": { "$ref": "#/colors/t1/$value" }"## : ""
        return """
            { "version": "2025.10",
              "sets": { "base": { "sources": [ { "colors": { "$type": "color", \(base.joined(separator: ", ")),
                "alias": { "$value": "{colors.t3}" }\(extra) } } ] } },
              "modifiers": {
                "scheme": { "contexts": { "light": [],
                    "dark": [ { "colors": { "t3": { "$value": "#ffffff" }, "new": { "$value": "#123456" } } } ],
                    "dim": [ { "colors": { "$description": "Dim", "t5": { "$value": "#555555" } },
                               "empty": { "$type": "color", "$bogus": 1 } } ] },
                  "default": "light" },
                "size": { "contexts": { "s": [], "l": [ { "colors": { "t7": { "$value": "#777777" } } } ] },
                  "default": "s" } },
              "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/scheme" },
                                   { "$ref": "#/modifiers/size" } ] }
            """
    }

    /// A mode's tree is read only where its own layers write it when no layer has a pointer
    /// or `$extends` (which could change a token elsewhere): the tokens and modes come out
    /// as a whole read gives them, and a problem in a context's own groups is still found.
    @Test func aModesOwnLayersAreWhatIsReadForIt() throws {
        let problems = Self.problems { _ = try Self.read([("r.resolver.json", Self.sparseContexts(pointer: false))]) }
        #expect(problems.contains { $0.contains("unknown property \"$bogus\" in a group") }, "\(problems)")
        let fixed = { (pointer: Bool) in
            Self.sparseContexts(pointer: pointer).replacingOccurrences(of: #", "$bogus": 1"#, with: "")
        }
        let part = try Self.read([("r.resolver.json", fixed(false))]).theme
        var whole = try Self.read([("r.resolver.json", fixed(true))]).theme
        #expect(whole.token("colors.p") != nil)
        whole.tokens.removeAll { $0.path == "colors.p" }
        #expect(part.tokens == whole.tokens)
        #expect(part.token("colors.t3")?.modes.map(\.key.description) == ["scheme=dark"])
        #expect(part.token("colors.new")?.value == nil)
        #expect(try Self.resolved(part, "colors.alias", ["dark"]) == "#FFFFFFFF")
        #expect(try Self.resolved(part, "colors.t7", ["l"]) == "#777777FF")
        #expect(try Self.resolved(part, "colors.t5", ["dim", "l"]) == "#555555FF")
    }
}
