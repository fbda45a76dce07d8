import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// The paths whose rows (token, value or resolved value) differ between two versions
    /// of a theme, found through the `since`/`until` indexes: the cost follows the number
    /// of changes, not the size of the theme.
    public func changedPaths(theme: String, between a: Semver, and b: Semver) throws -> [String] {
        let first = try ordinal(theme: theme, version: a)
        let second = try ordinal(theme: theme, version: b)
        let (low, high) = (min(first, second), max(first, second))
        guard low != high else { return [] }
        var paths: Set<String> = []
        for table in ["tokens", "token_values", "resolved_tokens"] {
            let rows = try database.query(
                """
                SELECT path FROM \(table) WHERE theme = ?1 AND since > ?2 AND since <= ?3
                UNION SELECT path FROM \(table) WHERE theme = ?1 AND until > ?2 AND until <= ?3
                """, [.text(theme), .integer(low), .integer(high)])
            for row in rows { paths.insert(try row.text(0)) }
        }
        return paths.sorted()
    }

    /// The tokens at `paths` in a theme version (paths it does not have are left out). The
    /// queries start from the path list (CROSS JOIN) so that SQLite looks each path up by
    /// primary key instead of scanning the theme through the `since` index.
    public func tokens(theme: String, version: Semver, paths: [String]) throws -> [Token] {
        let ordinal = try ordinal(theme: theme, version: version)
        let list = SQLValue.text(JSON.array(paths.map { .string($0) }).serialized())
        var values: [String: [String: JSON]] = [:]
        let valueRows = try database.query(
            """
            SELECT t.path, t.mode, t.value FROM json_each(?3) AS p
            CROSS JOIN token_values AS t ON t.theme = ?1 AND t.path = p.value
            WHERE \(DeltaTable.valid(at: "?2", prefix: "t.", lookup: true))
            """, [.text(theme), .integer(ordinal), list])
        for row in valueRows {
            values[try row.text(0), default: [:]][try row.text(1)] = try JSONParser.parse(
                try row.text(2), file: "token_values")
        }
        let rows = try database.query(
            """
            SELECT \(Self.tokenColumns.map { "t." + $0 }.joined(separator: ", "))
            FROM json_each(?3) AS p CROSS JOIN tokens AS t ON t.theme = ?1 AND t.path = p.value
            WHERE \(DeltaTable.valid(at: "?2", prefix: "t.", lookup: true)) ORDER BY t.path
            """, [.text(theme), .integer(ordinal), list])
        let modes = StoredModes(try dimensions(theme: theme, version: version))
        return try rows.map { try Self.storedToken($0, values: values, modes: modes) }
    }

    /// The resolved values at `paths` in a theme version, per standard mode context (keyed
    /// as ``TokenResolver/standardContexts``: `""` for the defaults, then `dimension=mode`
    /// for each mode of the version); a token with no value in a context is left out there.
    public func resolvedValues(theme: String, version: Semver, paths: [String]) throws -> [String: [String: JSON]] {
        let ordinal = try ordinal(theme: theme, version: version)
        let list = SQLValue.text(JSON.array(paths.map { .string($0) }).serialized())
        let rows = try database.query(
            """
            SELECT t.path, t.mode, t.value FROM json_each(?3) AS p
            CROSS JOIN resolved_tokens AS t ON t.theme = ?1 AND t.path = p.value
            WHERE \(DeltaTable.valid(at: "?2", prefix: "t.", lookup: true))
            """, [.text(theme), .integer(ordinal), list])
        var stored: [String: [String: JSON]] = [:]
        for row in rows {
            stored[try row.text(1), default: [:]][try row.text(0)] = try JSONParser.parse(
                try row.text(2), file: "resolved_tokens")
        }
        let defaults = stored[""] ?? [:]
        var result: [String: [String: JSON]] = ["": defaults.filter { !$0.value.isNull }]
        let dimensions = try dimensions(theme: theme, version: version)
        let naming = ModeNaming(dimensions)
        for dimension in dimensions {
            for mode in dimension.modes {
                let key = ModeKey(dimension.name, mode)
                result[key.description] = defaults.merging(stored[naming.name(key)] ?? [:]) { $1 }.filter {
                    !$0.value.isNull
                }
            }
        }
        return result
    }

    /// A theme version as documentation shows it, holding at most about `limit` tokens
    /// however large the theme: the whole theme when it has no more, else the first `limit`
    /// tokens by path, the tokens at `including` (what styles refer to), the text style sizes
    /// styles read by convention (``StyleResolver/textStylePrefix``), and every token those
    /// refer to, directly or through a chain (so that all of them resolve as in the whole
    /// theme). Returns it with the theme's full token count.
    public func themeForDocs(_ reference: VersionedName, limit: Int, including: Set<String>) throws -> (
        theme: Theme, tokenCount: Int
    ) {
        let version = try themeVersion(reference)
        let total = try tokenCount(reference.name, version)
        guard total > limit else { return (try theme(reference), total) }
        let ordinal = try ordinal(theme: reference.name, version: version)
        let first = try database.query(
            "SELECT path FROM tokens WHERE theme = ?1 AND \(DeltaTable.valid(at: "?2", lookup: true)) ORDER BY path LIMIT ?3",
            [.text(reference.name), .integer(ordinal), .integer(Int64(limit))]
        ).map { try $0.text(0) }
        // The version's name, description and modes, with the text style sizes.
        var theme = try self.theme(
            VersionedName(name: reference.name, version: version), pathPrefix: StyleResolver.textStylePrefix)
        var known = including.union(first).union(theme.tokens.map(\.path))
        var wanted = known
        var tokens: [String: Token] = [:]
        while !wanted.isEmpty {
            let loaded = try self.tokens(theme: reference.name, version: version, paths: wanted.sorted())
            for token in loaded { tokens[token.path] = token }
            wanted = Set(loaded.flatMap { TokenResolver.references(of: $0) }).subtracting(known)
            known.formUnion(wanted)
        }
        theme.tokens = tokens.values.sorted { $0.path < $1.path }
        theme.groups = try groups(theme: reference.name, version: version)
        return (theme, total)
    }
}
