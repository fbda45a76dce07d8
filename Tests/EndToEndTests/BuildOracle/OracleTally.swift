import CatalogModel
import Foundation
import TestSupport

/// One system's comparison with its team's build: every built value looked up among the
/// catalog's tokens in the same context and matched (``BuiltValueMatch``).
struct OracleTally: CustomStringConvertible {
    var system: String
    var compared = 0
    var equal = 0
    /// Values the catalog gives otherwise than the build: the bar is none.
    var wrong: [String] = []
    /// Built names with no token of the catalog in that context.
    var missing: [String] = []
    /// Tokens the catalog has there without a value, with its reason.
    var flagged: [String] = []

    var description: String {
        "\(system): compared \(compared), equal \(equal), wrong \(wrong.count), missing \(missing.count), flagged \(flagged.count)"
    }

    /// A token of the catalog in one context, as `theme show --resolved --json` gives it.
    struct Token {
        var path: String
        var type: String
        var value: JSON
        var unresolved: String?
    }

    /// The catalog's tokens of `theme` in the context `modes` names.
    static func tokens(of theme: String, modes: [String], db: String) throws -> [String: Token] {
        let result = try CatalogProcess.run(
            ["--db", db, "theme", "show", theme, "--resolved", "--json"] + modes.flatMap { ["--mode", $0] },
            timeout: 120)
        guard result.status == 0 else { throw OracleError("theme show \(theme) \(modes): \(result.stderr)") }
        let json = try JSONParser.parse(result.stdout, file: "theme show")
        var tokens: [String: Token] = [:]
        for token in json["tokens"]?.array ?? [] {
            guard let path = token["path"]?.string, let type = token["type"]?.string else { continue }
            tokens[path] = Token(
                path: path, type: type, value: token["value"] ?? .null, unresolved: token["unresolved"]?.string)
        }
        return tokens
    }

    /// Compares one built value, named `name` in the build, with `token`; where the
    /// catalog has no such token there, `flaggedBecause` is why it flagged it, if it did.
    mutating func compare(
        _ name: String, built: String, token: Token?, context: String, flaggedBecause: String? = nil,
        match: BuiltValueMatch = BuiltValueMatch()
    ) {
        compared += 1
        guard let token else {
            if let flaggedBecause {
                flagged.append("\(context) \(name): \(flaggedBecause)")
            } else {
                missing.append("\(context) \(name) = \(built)")
            }
            return
        }
        if let reason = token.unresolved {
            flagged.append("\(context) \(name): \(reason)")
            return
        }
        if match.matches(built, token.value, type: token.type) {
            equal += 1
        } else {
            wrong.append("\(context) \(name): built \(built), catalog \(token.value.serialized()) (\(token.type))")
        }
    }

    /// The flagged tokens' reasons from `theme problems`, for names the build has and the
    /// catalog lists as flagged (not among `theme show`'s tokens).
    static func problems(of theme: String, db: String) throws -> [String: String] {
        let result = try CatalogProcess.run(["--db", db, "theme", "problems", theme, "--json"], timeout: 120)
        let json = try JSONParser.parse(result.stdout, file: "theme problems")
        var reasons: [String: String] = [:]
        for token in json["unresolved"]?.array ?? [] {
            guard let path = token["path"]?.string else { continue }
            reasons[path] = (token["problems"]?.array ?? []).compactMap(\.string).joined(separator: "; ")
        }
        return reasons
    }
}

struct OracleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
