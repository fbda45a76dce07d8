import CatalogModel
import Foundation
import TestSupport
import Testing

/// Tokens Studio exports read as the plugin and sd-transforms read them (issue 85): sets
/// that disagree where no theme chooses are said and can be chosen by name; each context
/// is resolved on its own; values sd-transforms builds are read, not flagged. Expected
/// values are what sd-transforms produces (cited per test).
@Suite struct TokensStudioReadingTests {
    typealias Folder = CatalogFolder

    static let twoSets =
        ##"{"base":{"c":{"value":"#000000","type":"color"},"d":{"value":"#111111","type":"color"}},"alt":{"c":{"value":"#ffffff","type":"color"},"d":{"value":"#111111","type":"color"}},"$themes":[],"$metadata":{"tokenSetOrder":["base","alt"]}}"##

    @Test func setsThatDisagreeWhereNoThemeChoosesAreSaidOncePerPair() throws {
        let folder = try Folder()
        let file = try folder.write("ts.json", Self.twoSets)
        let add = try folder.run(["theme", "add", file, "--name", "T", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        // `d` has the same value in both: no conflict; `c` is one.
        #expect(
            add.stderr.contains(
                #"warning: set "alt" gives 1 token of set "base" other values (c), and no theme chooses between them: the later in tokenSetOrder wins in every context."#
            ), "\(add.stderr)")
        #expect(add.stderr.components(separatedBy: "other values").count == 2, "one line for the one pair")
        // Tokens Studio merges the sets in tokenSetOrder, the later winning: so does the catalog.
        let show = try folder.run(["theme", "show", "T", "--resolved"])
        #expect(show.stdout.contains("c  color  #FFFFFFFF"), "\(show.stdout)")
    }

    @Test func setsAreChosenByNameAsTheBaseOrPerMode() throws {
        let folder = try Folder()
        let file = try folder.write("ts.json", Self.twoSets)
        let add = try folder.run([
            "theme", "add", file, "--name", "T", "--version", "1.0.0", "--set", "base", "--mode-set",
            "look:standard=", "--mode-set", "look:wireframe=alt",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("look: standard (default), wireframe"), "\(add.stdout)")
        #expect(!add.stderr.contains("other values"), "a choice made is not a conflict: \(add.stderr)")
        let standard = try folder.run(["theme", "show", "T", "--resolved"])
        #expect(standard.stdout.contains("c  color  #000000FF"), "\(standard.stdout)")
        let wireframe = try folder.run(["theme", "show", "T", "--resolved", "--mode", "wireframe"])
        #expect(wireframe.stdout.contains("c  color  #FFFFFFFF"), "\(wireframe.stdout)")

        // Only the base: the other set is in no context, kept and listed.
        let only = try folder.run(["theme", "add", file, "--name", "B", "--version", "1.0.0", "--set", "base"])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(only.stderr.contains("1 set is not chosen, so in no context"), "\(only.stderr)")
        let problems = try folder.run(["theme", "problems", "B"])
        #expect(problems.stdout.contains("  alt  "), "\(problems.stdout)")
        #expect(try folder.run(["theme", "show", "B", "--resolved"]).stdout.contains("c  color  #000000FF"))
    }

    /// A chosen name that is a folder of sets stands for its sets, as in `$themes`.
    @Test func aFolderChosenAsTheBaseLayersItsSets() throws {
        let folder = try Folder()
        try folder.write("tree/core/colors.json", ##"{"c":{"value":"#000000","type":"color"}}"##)
        try folder.write("tree/alt.json", ##"{"c":{"value":"#ffffff","type":"color"}}"##)
        try folder.write("tree/$metadata.json", ##"{"tokenSetOrder":["core/colors","alt"]}"##)
        let add = try folder.run([
            "theme", "add", folder.directory.path("tree"), "--name", "F", "--version", "1.0.0", "--set", "core",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("1 set is not chosen, so in no context"), "\(add.stderr)")
        #expect(try folder.run(["theme", "show", "F", "--resolved"]).stdout.contains("c  color  #000000FF"))
    }

    @Test func aChosenSetThatIsNotThereIsRefusedAndNothingWritten() throws {
        let folder = try Folder()
        let file = try folder.write("ts.json", Self.twoSets)
        let plain = try folder.write("plain.json", ##"{"a":{"$type":"number","$value":1}}"##)
        let before = folder.bytes
        let missing = try folder.run(["theme", "add", file, "--name", "T", "--set", "bse"])
        #expect(missing.status == 65)
        #expect(
            missing.stderr.contains(
                #"ts.json: error: no set "bse" in this Tokens Studio export (its sets: base, alt); did you mean "base"?"#
            ), "\(missing.stderr)")
        let notStudio = try folder.run(["theme", "add", plain, "--name", "P", "--set", "base"])
        #expect(notStudio.status == 65)
        #expect(notStudio.stderr.contains("sets are chosen by name only in a Tokens Studio export"))
        let malformed = try folder.run(["theme", "add", file, "--name", "T", "--mode-set", "look=alt"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("--mode-set takes DIMENSION:MODE=SET"), "\(malformed.stderr)")
        #expect(folder.bytes == before, "the catalog as it was")
    }

    @Test func aProblemInOneThemeLeavesTheOtherThemesValues() throws {
        let folder = try Folder()
        _ = try folder.write(
            "tree/core.json",
            ##"{"blue":{"value":"#005eb8","type":"color"},"weight":{"value":"Heavy-ish","type":"fontWeights"}}"##)
        _ = try folder.write("tree/light.json", ##"{"primary":{"value":"{blue}","type":"color"}}"##)
        _ = try folder.write("tree/button.json", ##"{"button":{"bg":{"value":"{primary}","type":"color"}}}"##)
        _ = try folder.write(
            "tree/$themes.json",
            ##"[{"id":"l","name":"light","selectedTokenSets":{"core":"source","light":"enabled","button":"enabled"}},{"id":"b","name":"bare","selectedTokenSets":{"core":"source","button":"enabled"}}]"##
        )
        _ = try folder.write("tree/$metadata.json", ##"{"tokenSetOrder":["core","light","button"]}"##)
        let add = try folder.run(["theme", "add", folder.directory.path("tree"), "--name", "B", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        // The flagged weight is its own problem; button.bg dangles in bare only.
        let light = try folder.run(["theme", "show", "B", "--resolved", "--mode", "light"])
        #expect(light.stdout.contains("button.bg  color  #005EB8FF"), "\(light.stdout)")
        let bare = try folder.run(["theme", "show", "B", "--resolved", "--mode", "bare", "--json"])
        let token = try JSONParser.parse(bare.stdout, file: "show").object?.first { $0.key == "tokens" }?.value.array?
            .first { $0["path"]?.string == "button.bg" }
        #expect(token?["value"] == .null)
        #expect(
            token?["unresolved"]?.string
                == "button.bg refers to {primary}, which does not exist in theme=bare (only some modes define it)")
        let inBare = try folder.run(["theme", "problems", "B", "--mode", "bare"])
        #expect(inBare.stdout.contains("2 unresolved tokens in bare"), "\(inBare.stdout)")
        #expect(inBare.stdout.contains("  button.bg  (kept with its reference)"))
        let inLight = try folder.run(["theme", "problems", "B", "--mode", "light"])
        #expect(inLight.stdout.contains("1 unresolved token in light"), "\(inLight.stdout)")
        #expect(!inLight.stdout.contains("button.bg"))
    }

    /// A malformed value in one brand's set (NVE's `#fffffff` in RME's file) is that
    /// brand's problem: the token keeps the other brands' values, has none in that brand,
    /// and what refers to it is unresolved there only; an export reads back the same.
    @Test func aValueMalformedInOneBrandsSetIsFlaggedInThatBrandAlone() throws {
        let folder = try Folder()
        _ = try folder.write(
            "tree/base.json",
            ##"{"c":{"value":"#ffffff","type":"color"},"d":{"value":"{c}","type":"color"},"e":{"value":"#000000","type":"color"}}"##
        )
        _ = try folder.write("tree/rme.json", ##"{"c":{"value":"#fffffff","type":"color"}}"##)
        _ = try folder.write(
            "tree/$themes.json",
            ##"[{"id":"1","name":"NVE","group":"Brand","selectedTokenSets":{"base":"enabled"}},{"id":"2","name":"RME","group":"Brand","selectedTokenSets":{"base":"enabled","rme":"enabled"}}]"##
        )
        let add = try folder.run(["theme", "add", folder.directory.path("tree"), "--name", "G", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("3 tokens, 2 unresolved"), "\(add.stdout)")
        let nve = try folder.run(["theme", "show", "G", "--resolved"])
        #expect(
            nve.stdout.contains("c  color  #FFFFFFFF") && nve.stdout.contains("d  color  #FFFFFFFF"), "\(nve.stdout)")
        let rme = try folder.run(["theme", "show", "G", "--resolved", "--mode", "RME"])
        #expect(!rme.stdout.contains("c  color"), "\(rme.stdout)")
        #expect(rme.stdout.contains("d  color  no value   d refers to {c}, which does not exist in Brand=RME"))
        let problems = try folder.run(["theme", "problems", "G"])
        #expect(problems.stdout.contains("tree/rme.json:1:15  (flagged in Brand=RME)"), "\(problems.stdout)")
        #expect(
            try folder.run(["theme", "problems", "G", "--mode", "NVE"]).stdout.contains("0 unresolved tokens in NVE"))
        let list = try folder.run(["theme", "list"])
        #expect(list.stdout.contains("G      1.0.0    3       2 "), "\(list.stdout)")
        let export = folder.directory.path("g.tokens.json")
        #expect(try folder.run(["theme", "export", "G", "-o", export]).status == 0)
        #expect(try folder.run(["theme", "add", export]).stdout.contains("already published"))
    }

    @Test func aTokenAbsentFromOneModeKeepsItsValuesInTheOthers() throws {
        let folder = try Folder()
        let base = try folder.write("base.json", ##"{"b":{"$type":"color","$value":"{a}"}}"##)
        let dark = try folder.write("dark.json", ##"{"a":{"$type":"color","$value":"#ff0000"}}"##)
        let arguments = ["theme", "add", base, "--mode-file", "scheme:dark=" + dark, "--version", "1.0.0"]
        let add = try folder.run(arguments + ["--name", "M"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains(
                "warning: in scheme=base, 1 token refers to tokens that do not exist there (b); kept, unresolved only there"
            ), "\(add.stderr)")
        #expect(add.stderr.components(separatedBy: "do not exist there").count == 2, "the defaults are one context")
        let inDark = try folder.run(["theme", "show", "M", "--resolved", "--mode", "dark"])
        #expect(inDark.stdout.contains("b  color  #FF0000FF"), "\(inDark.stdout)")
        let inBase = try folder.run(["theme", "show", "M", "--resolved"])
        #expect(
            inBase.stdout.contains(
                "b  color  no value  b refers to {a}, which does not exist in scheme=base (only some modes define it)"),
            "\(inBase.stdout)")
        // Strictly, a reference some context lacks refuses the read, and nothing is written.
        let before = folder.bytes
        let strict = try folder.run(arguments + ["--name", "S", "--strict"])
        #expect(strict.status == 65, "\(strict.stdout)")
        #expect(folder.bytes == before)
    }

    /// sd-transforms `checkAndEvaluateMath` evaluates the expression's text once references
    /// are written in (`round(16 * 1.25)` = 20, `16 * 1.1` = 17.6); `transformHEXRGBaForCSS`
    /// turns `rgba(#000000, 0.45)` into `rgba(0, 0, 0, 0.45)`, #00000073.
    @Test func mathOverNumericStringsAndHexInRGBAAreReadAsSdTransformsBuildsThem() throws {
        let folder = try Folder()
        let file = try folder.write(
            "ts.json",
            ##"{"core":{"black":{"value":"#000000","type":"color"},"shade":{"value":"rgba({black}, 0.45)","type":"color"},"half":{"value":"rgba(#ff0000, 50%)","type":"color"},"fontSize":{"base":{"value":"16","type":"other"},"px":{"value":"4px","type":"other"},"lg":{"value":"round({fontSize.base} * 1.25)","type":"fontSizes"},"md":{"value":"{fontSize.base} * 1.1","type":"fontSizes"},"gap":{"value":"{fontSize.px} * 2","type":"spacing"},"bad":{"value":"{fontSize.word} * 2","type":"spacing"},"word":{"value":"auto","type":"other"}}},"$metadata":{"tokenSetOrder":["core"]}}"##
        )
        let add = try folder.run(["theme", "add", file, "--name", "T", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        let show = try folder.run(["theme", "show", "T", "--resolved"])
        for line in [
            "shade          color      #00000073", "half           color      #FF000080",
            "fontSize.lg    dimension  20px", "fontSize.md    dimension  17.6px", "fontSize.gap   dimension  8px",
        ] {
            #expect(show.stdout.contains(line), "\(line) in \(show.stdout)")
        }
        // A string that is no number stays a problem, said.
        let problems = try folder.run(["theme", "problems", "T"])
        #expect(problems.stdout.contains("uses {fontSize.word}, which is CSS with no fixed size (auto)"))
    }

    /// sd-transforms' `addFontStyles` splits `"Medium Italic"` into weight `Medium` (500,
    /// `transformFontWeight`) and style `italic`; a style alone is `Regular` in that style.
    /// The catalog keeps both: the weight as the value, the style beside it
    /// (`catalog.fontStyle`), and a typography's style as its `fontStyle`, also where it
    /// names the weight by reference.
    @Test func fontWeightsWithAStyleKeepTheWeightAndTheStyle() throws {
        let folder = try Folder()
        let file = try folder.write(
            "ts.json",
            ##"{"core":{"w":{"value":"Medium Italic","type":"fontWeights"},"alone":{"value":"Italic","type":"fontWeights"},"t":{"value":{"fontFamily":"Inter","fontWeight":"Bold Oblique","fontSize":"16"},"type":"typography"},"ta":{"value":{"fontFamily":"Inter","fontWeight":"{w}","fontSize":"16"},"type":"typography"}},"$metadata":{"tokenSetOrder":["core"]}}"##
        )
        let add = try folder.run(["theme", "add", file, "--name", "W", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(!add.stderr.contains("expected a font weight"), "\(add.stderr)")
        let show = try folder.run(["theme", "show", "W", "--resolved", "--json"])
        let tokens = try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? []
        let value = { (path: String) in tokens.first { $0["path"]?.string == path }?["value"] }
        #expect(value("w") == .number(500))
        #expect(value("alone") == .number(400))
        #expect(value("t")?["fontWeight"] == .number(700))
        #expect(value("t")?["fontStyle"] == .string("oblique"))
        // Through a reference, the weight's style too (sd-transforms resolves it first).
        #expect(value("ta")?["fontWeight"] == .number(500))
        #expect(value("ta")?["fontStyle"] == .string("italic"))
        let export = folder.directory.path("w.tokens.json")
        #expect(try folder.run(["theme", "export", "W", "-o", export]).status == 0)
        let written = try JSONParser.parse(try String(contentsOfFile: export, encoding: .utf8), file: "export")
        #expect(written["w"]?["$extensions"]?["catalog.fontStyle"] == .string("italic"))
        #expect(try folder.run(["theme", "add", export]).stdout.contains("already published"))
    }

    /// Tokens Studio's typography editor writes a field not filled in as `""` (WESCO's
    /// `"paragraphSpacing": ""`; sd-transforms passes it through, `ensurePxSuffix` leaving
    /// `""` as it is): a field not set, not a value its type cannot read. A required field
    /// left `""` is still missing.
    @Test func aCompositeFieldLeftEmptyIsUnset() throws {
        let folder = try Folder()
        let file = try folder.write(
            "ts.json",
            ##"{"core":{"t":{"value":{"fontFamily":"Inter","fontWeight":"Bold","fontSize":"16","paragraphSpacing":""},"type":"typography"},"u":{"value":{"fontFamily":"Inter","fontWeight":"","fontSize":"16"},"type":"typography"}},"$metadata":{"tokenSetOrder":["core"]}}"##
        )
        let add = try folder.run(["theme", "add", file, "--name", "E", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains(#"$.u.value: a typography value needs "fontWeight""#), "\(add.stderr)")
        #expect(!add.stderr.contains("$.t.value"), "\(add.stderr)")
        let show = try folder.run(["theme", "show", "E", "--resolved", "--json"])
        let token = try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array?.first {
            $0["path"]?.string == "t"
        }
        #expect(token?["value"]?["fontWeight"] == .number(700))
        #expect(token?["value"]?["paragraphSpacing"] == nil)
    }

    /// Style Dictionary reads `"size.icon": {"sm": …}` as a group of that name (its
    /// `flattenTokens` joins keys as written), reachable as `{size.icon.sm}`.
    @Test func dottedGroupNamesInStyleDictionarySourcesAreOneName() throws {
        let folder = try Folder()
        let file = try folder.write(
            "sd.json", ##"{"size.icon":{"sm":{"value":"16px"},"md":{"value":"{size.icon.sm}"}}}"##)
        let add = try folder.run(["theme", "add", file, "--name", "S", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Read 1 file as Style Dictionary: 2 tokens; no modes."), "\(add.stdout)")
        #expect(!add.stderr.contains("invalid token or group name"))
        let show = try folder.run(["theme", "show", "S", "--resolved"])
        #expect(show.stdout.contains("size.icon.md  dimension  16px"), "\(show.stdout)")
    }

    @Test func onlyTheSyncRootsThemesFileIsTheExports() throws {
        let folder = try Folder()
        _ = try folder.write(
            "tree/$themes.json",
            ##"[{"id":"a","name":"light","selectedTokenSets":{"core/colors":"enabled","core/$themes":"enabled"}}]"##)
        _ = try folder.write("tree/core/colors.json", ##"{"blue":{"value":"#0000ff","type":"color"}}"##)
        // A token-shaped file that happens to be named $themes.json: a set of its folder.
        _ = try folder.write("tree/core/$themes.json", ##"{"x":{"value":"{blue}","type":"color"}}"##)
        // One that holds no set: skipped, said.
        _ = try folder.write("tree/core/$metadata.json", ##"[1]"##)
        let add = try folder.run(["theme", "add", folder.directory.path("tree"), "--name", "E", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("2 tokens; theme: light (default)"), "\(add.stdout)")
        #expect(
            add.stderr.contains(
                "$metadata.json here is not this Tokens Studio export's (that one is at the folder's root) and holds no token set (an array); it is skipped"
            ), "\(add.stderr)")
        #expect(try folder.run(["theme", "show", "E", "--resolved"]).stdout.contains("x     color  #0000FFFF"))
    }
}
