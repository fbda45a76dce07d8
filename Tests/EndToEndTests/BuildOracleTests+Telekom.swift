import CatalogModel
import Foundation
import TestSupport
import Testing

/// Telekom against its build: the only output the team commits is the Tokens Studio
/// export of its semantic colors and shadows per mode (`telekom.build/output/telekom/figma/
/// telekom-design-tokens.{light,dark}.json`), values written as references into its `Core`
/// set under the team's "human case" names.
extension BuildOracleTests {
    /// A source path as `config/figma.config.js` names it: each segment in human case
    /// (`humanCase`: `-` a space, each word capitalised, `Ui` as `UI`) and a first segment
    /// `color`, `shadow`, `typography` or `core` dropped (`color.text-&-icon.standard` →
    /// `Text & Icon.Standard`, `core.color.black` → `Color.Black`).
    static func telekomName(_ path: String) -> String {
        var segments = path.split(separator: ".").map(String.init)
        if let first = segments.first, ["color", "shadow", "typography", "core"].contains(first) {
            segments.removeFirst()
        }
        return segments.map { segment in
            segment.replacingOccurrences(of: "-", with: " ").split(separator: " ", omittingEmptySubsequences: false)
                .map { word in
                    let human = word.prefix(1).uppercased() + word.dropFirst().lowercased()
                    return human == "Ui" ? "UI" : human
                }
                .joined(separator: " ")
        }
        .joined(separator: ".")
    }

    /// Telekom's sources (`src/core`, `src/semantic`; the brand folder the team keeps
    /// out of its license is not in the corpus), imported as Style Dictionary files as its
    /// build reads them. Each built value is the `Core` token it names, with the alpha its
    /// `studio.tokens` modifier gives, in that mode: the catalog's semantic token there must
    /// equal it. The semantic tokens write light and dark inline (`{light, dark}`), which
    /// only the team's `mode-light`/`mode-dark` transforms read: the catalog flags them,
    /// saying so, and each is listed as flagged, not compared.
    @Test(.enabled(if: RealTokenCorpusTests.present, .init(rawValue: reason)))
    func telekomEqualsItsBuild() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.imported(
            [try RealTokenCorpusTests.folder("telekom/src")], theme: "Telekom", in: directory)
        let build = try RealTokenCorpusTests.folder("telekom.build/output/telekom/figma")
        var named: [String: OracleTally.Token] = [:]
        for (path, token) in try OracleTally.tokens(of: "Telekom", modes: [], db: db) {
            named[Self.telekomName(path)] = token
        }
        var flagged: [String: String] = [:]
        for (path, reason) in try OracleTally.problems(of: "Telekom", db: db) {
            flagged[Self.telekomName(path)] = reason
        }
        var tally = OracleTally(system: "Telekom")
        for mode in ["light", "dark"] {
            let file = "\(build)/telekom-design-tokens.\(mode).json"
            let built = try JSONParser.parse(try String(contentsOfFile: file, encoding: .utf8), file: file)
            for (name, token) in Self.studioTokens(of: built) {
                var value = Self.text(token["value"] ?? .null)
                if let target = TokenValue.alias(in: value) {
                    // The Core token it names, as the catalog resolves it, with the modifier's alpha.
                    guard let core = named[target], let channels = BuiltValueMatch.rgba(core.value) else {
                        tally.compare(
                            name, built: value, token: nil, context: mode,
                            flaggedBecause: flagged[target].map { "its Core token \(target): \($0)" })
                        continue
                    }
                    let alpha = token["$extensions"]?["studio.tokens"]?["modify"]?["value"]?.string.flatMap(Double.init)
                    value = BuiltValueMatch.cssRGBA(channels, alpha: alpha ?? channels[3])
                }
                tally.compare(name, built: value, token: named[name], context: mode, flaggedBecause: flagged[name])
            }
        }
        // Every built value is compared; all but the four plain colors are flagged today.
        Self.report(tally, atLeast: 408)
    }

    /// The tokens of a Tokens Studio set (objects holding `value`), by dotted path.
    static func studioTokens(of json: JSON, prefix: [String] = []) -> [(name: String, token: JSON)] {
        guard let members = json.object else { return [] }
        if json["value"] != nil { return [(prefix.joined(separator: "."), json)] }
        return members.flatMap { studioTokens(of: $0.value, prefix: prefix + [$0.key]) }
    }
}
