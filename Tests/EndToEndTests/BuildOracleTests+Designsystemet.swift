import CatalogModel
import Foundation
import TestSupport
import Testing

/// Designsystemet against its build: `packages/css/theme/designsystemet.css`, one cascade
/// layer per theme group of its `$themes.json`, written by the team's own CLI.
extension BuildOracleTests {
    /// The catalog's modes a block of `designsystemet.css` holds, from its layer and
    /// selector (the table in `SOURCE.md`), or `nil` for the CLI's size-mode helpers (the
    /// space toggles `--ds-size--sm: var(--ds-size,)`, which are no tokens).
    static func designsystemetModes(_ context: [String]) -> [String]? {
        let layer = context.first { $0.hasPrefix("@layer ") } ?? ""
        let selector = context.last ?? ""
        var modes = ["Size=medium", "Color scheme=Light", "Typography=Primary", "Color=accent"]
        if layer.hasSuffix(".size-mode") { return nil }
        if layer.hasSuffix("color-scheme.dark") { modes[1] = "Color scheme=Dark" }
        if layer.hasSuffix("typography.secondary") { modes[2] = "Typography=Secondary" }
        if layer.hasSuffix(".color"), let start = selector.range(of: "[data-color=\""),
            let end = selector[start.upperBound...].firstIndex(of: "\"")
        {
            modes[3] = "Color=\(selector[start.upperBound..<end])"
        }
        return modes
    }

    /// Designsystemet (a Tokens Studio folder with `$themes.json`), imported as its README
    /// says, against the CLI's CSS at the size the page starts in (`--ds-size:
    /// var(--ds-size--md)`: medium), each color scheme, typography and color in its block.
    /// The CLI's transforms (`SOURCE.md`): names `--ds-` + kebab path, `_` dropped from a
    /// key's start, a typography's fields as `--ds-<name>-font-size` and so on; semantic
    /// colors under `--ds-color-`; math written as CSS (`calc()`, `min()`, `round(down, …,
    /// 1px)`), evaluated here (``CSSMath``) with the medium size's `--ds-size-mode-font-size`.
    /// At small and large the CLI scales medium's font sizes by a factor (`0.75rem ×
    /// 16/18` is 10.67 px where the small set says 11): its own type scale, not the
    /// tokens' values, so those modes are not compared.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func designsystemetEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported(
            [try RealTokenCorpusTests.folder("digdir-designsystemet/design-tokens")], theme: "DS", in: directory)
        let problems = try OracleTally.problems(of: "DS", db: db)
        let css = try String(
            contentsOfFile: try RealTokenCorpusTests.folder(
                "digdir-designsystemet.build/packages/css/theme/designsystemet.css"), encoding: .utf8)
        let blocks = BuiltOutput.cssBlocks(css)
        // What `:root` holds at medium: every block the page starts with, the size mode's toggle set.
        var root: [String: String] = ["--ds-size-mode-font-size": "var(--ds-size-mode-font-size--md)"]
        for block in blocks where block.context.contains(where: { $0.hasPrefix(":root") }) {
            root.merge(block.properties) { kept, _ in kept }
        }
        var tally = OracleTally(system: "Designsystemet")
        var byModes: [[String]: [String: OracleTally.Token]] = [:]
        for block in blocks {
            guard let modes = Self.designsystemetModes(block.context) else { continue }
            if byModes[modes] == nil {
                byModes[modes] = try Self.designsystemetNames(try OracleTally.tokens(of: "DS", modes: modes, db: db))
            }
            let scopes = [block.properties, root]
            // `--_ds-font-size-factor` is a helper the CLI adds, no token.
            for (name, value) in block.properties where !name.hasPrefix("--_ds-") {
                let written = BuiltOutput.resolvingVariables(value, in: scopes)
                let math = ["calc(", "min(", "max(", "round("].contains { written.contains($0) }
                let built = math ? CSSMath(scopes: scopes).evaluate(value) ?? written : written
                tally.compare(
                    name, built: built, token: byModes[modes]?[name], context: modes.joined(separator: ","),
                    flaggedBecause: problems.first { Self.designsystemetName($0.key) == name }?.value)
            }
        }
        Self.report(tally, atLeast: 900)
    }

    /// `--ds-` + the kebab path, each key's leading `_` dropped (`_size.4` → `--ds-size-4`).
    static func designsystemetName(_ path: String) -> String {
        "--ds-" + path.split(separator: ".").map { String($0.drop { $0 == "_" }).lowercased() }.joined(separator: "-")
    }

    /// The catalog's tokens by the names the CLI writes: the path's; a typography's fields
    /// as their own properties (`typography.body.lg` → `--ds-body-lg-font-size`); a
    /// semantic color of the `Color` group (`background-default`) under `--ds-color-`.
    static func designsystemetNames(_ tokens: [String: OracleTally.Token]) throws -> [String: OracleTally.Token] {
        var named: [String: OracleTally.Token] = [:]
        for (path, token) in tokens {
            named[designsystemetName(path)] = token
            if !path.contains(".") { named["--ds-color-" + path] = token }
            guard token.type == "typography", path.hasPrefix("typography.") else { continue }
            let stem = designsystemetName(String(path.dropFirst("typography.".count)))
            for (field, type) in [
                ("fontFamily", "fontFamily"), ("fontSize", "dimension"), ("fontWeight", "fontWeight"),
                ("lineHeight", "number"), ("letterSpacing", "dimension"),
            ] {
                guard let value = token.value[field] else { continue }
                named[stem + "-" + BuiltOutput.kebab([field])] = OracleTally.Token(
                    path: "\(path).\(field)", type: type, value: value, unresolved: token.unresolved)
            }
        }
        return named
    }
}
