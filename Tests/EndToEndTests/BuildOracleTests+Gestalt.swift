import CatalogModel
import Foundation
import TestSupport
import Testing

/// Gestalt against its build: the team commits Jest snapshots of every built file
/// (`gestalt.build/…/__snapshots__/web.test.js.snap`); the web CSS is compared, per theme,
/// color scheme and (VR theme) language.
extension BuildOracleTests {
    /// The built files a Jest snapshot holds, by their `dist/` path.
    static func gestaltBuild() throws -> [String: String] {
        let file = try RealTokenCorpusTests.folder(
            "gestalt.build/packages/gestalt-design-tokens/tests/__snapshots__/web.test.js.snap")
        return BuiltOutput.jestSnapshot(try String(contentsOfFile: file, encoding: .utf8))
    }

    /// Gestalt classic (Style Dictionary 3 sources; `src/getSources.js` builds light from
    /// the base files and the `-light` files, dark likewise), imported with the light and
    /// dark files as mode files, against `dist/css/classic/variables.css` and
    /// `variables-dark.css`.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func gestaltClassicEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let arguments = try RealTokenCorpusTests.gestaltClassicArguments()
        let db = try Self.imported(arguments, theme: "Gestalt", in: directory)
        let build = try Self.gestaltBuild()
        var tally = OracleTally(system: "Gestalt classic")
        for (scheme, file) in [("light", "variables.css"), ("dark", "variables-dark.css")] {
            let tokens = try Self.byBuiltName(
                try OracleTally.tokens(of: "Gestalt", modes: ["colorScheme=\(scheme)"], db: db))
            let css = try #require(build["dist/css/classic/\(file)"], "dist/css/classic/\(file) in the snapshot")
            Self.compareGestalt(css, tokens: tokens, context: scheme, problems: [:], into: &tally)
        }
        Self.report(tally, atLeast: 900)
    }

    /// Gestalt's VR theme (Tokens Studio files, which the team builds with Style Dictionary
    /// from the files `src/getSources.js` names, not by `$themes`), imported with the sets
    /// chosen by name as that build chooses its files: the base, semantic and component sets
    /// in every context, each color scheme's colors and elevations, each language's line
    /// heights; against `dist/css/vr-theme/variables.css`, `variables-dark.css` and the six
    /// `font-lineheight-<language>.css`.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func gestaltVRThemeEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let folder = try RealTokenCorpusTests.folder("gestalt/packages/gestalt-design-tokens/tokens/vr-theme")
        let languages = ["default", "ck", "ja", "tall", "th", "vi"]
        var choice = [
            "base", "sema/opacity", "sema/rounding", "sema/space", "sema/text/font", "sema/text/typography",
            "sema/motion", "comp",
        ].flatMap { ["--set", $0] }
        for scheme in ["light", "dark"] {
            choice += [
                "--mode-set", "scheme:\(scheme)=sema/color/\(scheme)", "--mode-set",
                "scheme:\(scheme)=sema/elevation/\(scheme)",
            ]
        }
        choice += languages.flatMap { ["--mode-set", "language:\($0)=sema/text/language/\($0)"] }
        let db = try Self.imported([folder], theme: "GVR", options: choice, in: directory)
        let problems = try OracleTally.problems(of: "GVR", db: db)
        let build = try Self.gestaltBuild()
        var tally = OracleTally(system: "Gestalt VR theme")
        for (scheme, file) in [("light", "variables.css"), ("dark", "variables-dark.css")] {
            let tokens = try Self.byBuiltName(try OracleTally.tokens(of: "GVR", modes: ["scheme=\(scheme)"], db: db))
            let css = try #require(build["dist/css/vr-theme/\(file)"], "dist/css/vr-theme/\(file) in the snapshot")
            Self.compareGestalt(css, tokens: tokens, context: scheme, problems: problems, into: &tally)
        }
        for language in languages {
            let tokens = try Self.byBuiltName(
                try OracleTally.tokens(of: "GVR", modes: ["language=\(language)"], db: db))
            let name = "dist/css/vr-theme/font-lineheight-\(language).css"
            let css = try #require(build[name], "\(name) in the snapshot")
            Self.compareGestalt(css, tokens: tokens, context: language, problems: problems, into: &tally)
        }
        Self.report(tally, atLeast: 1_000)
    }

    /// Compares one built CSS file of Gestalt's with `tokens` (by built name), `var()`
    /// written in from the same file.
    static func compareGestalt(
        _ css: String, tokens: [String: OracleTally.Token], context: String, problems: [String: String],
        into tally: inout OracleTally
    ) {
        for block in BuiltOutput.cssBlocks(css) {
            for (name, value) in block.properties {
                let token = tokens[name]
                tally.compare(
                    name, built: BuiltOutput.resolvingVariables(value, in: [block.properties]),
                    token: token.map(gestaltWeb), context: context,
                    flaggedBecause: problems.first { "--" + BuiltOutput.kebab([$0.key]) == name }?.value)
            }
        }
    }

    /// A token as Gestalt's web transforms write it (`src/transformers/transforms.js`):
    /// `value/elevation/css` builds a CSS shadow list from the team's own shadow objects
    /// (`{"0": {offsetX, offsetY, blurRadius, spreadRadius, color, opacity}}`, `buildShadowValue`),
    /// `value/easing/css` writes `{x1, y1, x2, y2}` as `cubic-bezier()`. Other tokens as they are.
    static func gestaltWeb(_ token: OracleTally.Token) -> OracleTally.Token {
        if let number = token.value.string, Double(number) != nil, token.path.split(separator: ".").contains("duration")
        {
            // `value/duration/css`: a duration (Tokens Studio `other`, a bare number) in ms.
            return OracleTally.Token(path: token.path, type: "duration", value: .string(number + "ms"), unresolved: nil)
        }
        if token.type == "color", token.value.string?.contains("gradient(") == true {
            // `color/css/hexrgba` reads a color it cannot parse as transparent black: the
            // snapshot has `rgba(0, 0, 0, 0)` for each of the four gradients.
            return OracleTally.Token(
                path: token.path, type: "color", value: .string("rgba(0, 0, 0, 0)"), unresolved: nil)
        }
        guard token.type == "untyped", let members = token.value.object else { return token }
        if let x1 = token.value["x1"], let y1 = token.value["y1"], let x2 = token.value["x2"],
            let y2 = token.value["y2"]
        {
            let points = [x1, y1, x2, y2].map(text).joined(separator: ", ")
            return OracleTally.Token(
                path: token.path, type: "string", value: .string("cubic-bezier(\(points))"), unresolved: nil)
        }
        let layers = members.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.map(\.value)
        guard !layers.isEmpty, layers.allSatisfy({ $0["offsetX"] != nil && $0["color"] != nil }) else { return token }
        let shadow: [JSON] = layers.map { layer in
            // The color's channels with the layer's opacity as its alpha (`rgba()`).
            let channels = BuiltValueMatch.rgba(layer["color"]?.string ?? "") ?? [0, 0, 0, 1]
            let rgba = BuiltValueMatch.cssRGBA(channels, alpha: layer["opacity"]?.number ?? 1)
            return .object([
                ("offsetX", layer["offsetX"] ?? .number(0)), ("offsetY", layer["offsetY"] ?? .number(0)),
                ("blur", layer["blurRadius"] ?? .number(0)), ("spread", layer["spreadRadius"] ?? .number(0)),
                ("color", .string(rgba)),
            ])
        }
        return OracleTally.Token(path: token.path, type: "shadow", value: .array(shadow), unresolved: nil)
    }
}
