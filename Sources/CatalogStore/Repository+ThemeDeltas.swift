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

    /// Up to `limit` tokens of a theme at `ordinal` whose `columns` (an FTS5 column filter)
    /// contain `text`, from the trigram index: rows of path, type and description.
    private func textIndexMatches(_ text: String, columns: String, theme: String, ordinal: Int64, limit: Int) throws
        -> [Row]
    {
        // A phrase of FTS5's query syntax: the text between double quotes, each doubled.
        let phrase = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try database.query(
            """
            SELECT t.path, t.type, t.description FROM token_text_index AS x
            JOIN tokens AS t ON t.theme = x.theme AND t.path = x.path AND t.since = x.since
            WHERE token_text_index MATCH ?3 AND x.theme = ?1 AND x.since <= ?2 AND (t.until IS NULL OR t.until > ?2)
            LIMIT ?4
            """, [.text(theme), .integer(ordinal), .text(columns + " : " + phrase), .integer(Int64(limit))])
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
        return try contexts(of: rows, theme: theme, version: version)
    }

    /// Each token of `type` in a theme version with its resolved value (JSON text) in
    /// `mode` (the defaults when `nil`, else that one mode with the other dimensions at
    /// their defaults), handed to `body` a row at a time: a million-token theme is
    /// streamed, not held.
    public func forEachResolvedValue(
        theme: String, version: Semver, type: String, mode: ModeKey?,
        _ body: (_ path: String, _ value: String) throws -> Void
    ) throws {
        let ordinal = try ordinal(theme: theme, version: version)
        let stored = try mode.map { ModeNaming(try dimensions(theme: theme, version: version)).name($0) } ?? ""
        let statement = try database.prepare(
            """
            SELECT t.path, coalesce(m.value, d.value) FROM tokens AS t
            JOIN resolved_tokens AS d ON d.theme = t.theme AND d.path = t.path AND d.mode = ''
                AND \(DeltaTable.valid(at: "?2", prefix: "d."))
            LEFT JOIN resolved_tokens AS m ON ?4 != '' AND m.theme = t.theme AND m.path = t.path AND m.mode = ?4
                AND \(DeltaTable.valid(at: "?2", prefix: "m."))
            WHERE t.theme = ?1 AND t.type = ?3 AND \(DeltaTable.valid(at: "?2", prefix: "t."))
            """)
        try statement.bind([.text(theme), .integer(ordinal), .text(type), .text(stored)])
        while try statement.step() {
            guard let path = statement.string(at: 0), let value = statement.string(at: 1) else { continue }
            try body(path, value)
        }
    }

    /// Each token of `type` in a theme version with each resolved value's JSON text it has:
    /// its default (mode `""`) and, by ``ModeNaming`` name, each single mode's where it
    /// differs; a mode where it has none is skipped. Streamed, as
    /// ``forEachResolvedValue(theme:version:type:mode:_:)``.
    public func forEachResolvedValueInEveryMode(
        theme: String, version: Semver, type: String,
        _ body: (_ path: String, _ mode: String, _ value: String) throws -> Void
    ) throws {
        let ordinal = try ordinal(theme: theme, version: version)
        let statement = try database.prepare(
            """
            SELECT t.path, r.mode, r.value FROM tokens AS t
            JOIN resolved_tokens AS r ON r.theme = t.theme AND r.path = t.path
                AND \(DeltaTable.valid(at: "?2", prefix: "r."))
            WHERE t.theme = ?1 AND t.type = ?3 AND \(DeltaTable.valid(at: "?2", prefix: "t.")) AND r.value != 'null'
            """)
        try statement.bind([.text(theme), .integer(ordinal), .text(type)])
        while try statement.step() {
            guard let path = statement.string(at: 0), let mode = statement.string(at: 1),
                let value = statement.string(at: 2)
            else { continue }
            try body(path, mode, value)
        }
    }

    /// Stored resolved rows (path, mode, value) as values per standard mode context.
    private func contexts(of rows: [Row], theme: String, version: Semver) throws -> [String: [String: JSON]] {
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

extension Repository {
    /// Up to `limit` tokens of a theme version whose path or description contains `text`
    /// (case-insensitively), and when `text` is a hex color (`0066cc`,
    /// `0066ccff`), those whose default resolved value is that color, or when it could be
    /// part of one (`0066`), those whose default value's text contains it. Three characters
    /// or more are looked up in the trigram index and a whole color in the color index, so
    /// the cost follows the matches, not the theme's size; shorter text and parts of a hex
    /// value are looked for row by row, in SQLite, no theme loaded.
    public func searchTokens(theme: String, version: Semver, text: String, limit: Int) throws -> [TokenMatch] {
        let ordinal = try ordinal(theme: theme, version: version)
        let needle = text.lowercased()
        let named: [Row]
        if needle.count >= 3 {
            named = try textIndexMatches(
                needle, columns: "{path description}", theme: theme, ordinal: ordinal, limit: limit)
        } else {
            named = try database.query(
                """
                SELECT t.path, t.type, t.description FROM tokens AS t
                WHERE t.theme = ?1 AND \(DeltaTable.valid(at: "?2", prefix: "t."))
                    AND (instr(lower(t.path), ?3) OR instr(lower(coalesce(t.description, '')), ?3))
                LIMIT ?4
                """, [.text(theme), .integer(ordinal), .text(needle), .integer(Int64(limit))])
        }
        var matches = try named.map {
            TokenMatch(path: try $0.text(0), type: try $0.text(1), description: $0[2].string, value: nil)
        }
        let stored = try resolvedValues(theme: theme, version: version, paths: matches.map(\.path))[""] ?? [:]
        for index in matches.indices { matches[index].value = stored[matches[index].path] }
        guard (3...8).contains(needle.count), needle.allSatisfy(\.isHexDigit) else { return matches }
        var known = Set(matches.map(\.path))
        for (path, type, description, text) in try valuesMatching(
            hex: needle, theme: theme, ordinal: ordinal, limit: limit)
        where !known.contains(path) {
            known.insert(path)
            matches.append(
                TokenMatch(
                    path: path, type: type, description: description,
                    value: try JSONParser.parse(text, file: "resolved_tokens")))
        }
        return matches
    }

    /// The paths of a theme version's tokens that share with `text` its first, middle or
    /// last three characters (case-insensitively), up to `limit` for each: the candidates a
    /// "did you mean" ranks by edit distance (`acent` finds `colors.accent` by `cen` and
    /// `ent`), from the trigram index.
    public func tokenPaths(sharingTrigramsWith text: String, theme: String, version: Semver, limit: Int) throws
        -> [String]
    {
        let characters = Array(text.lowercased())
        guard characters.count >= 3 else { return [] }
        let middle = (characters.count - 3) / 2
        let trigrams = Set([0, middle, characters.count - 3].map { String(characters[$0..<($0 + 3)]) })
        let ordinal = try ordinal(theme: theme, version: version)
        var paths: Set<String> = []
        for trigram in trigrams.sorted() {
            for row in try textIndexMatches(trigram, columns: "path", theme: theme, ordinal: ordinal, limit: limit) {
                paths.insert(try row.text(0))
            }
        }
        return paths.sorted()
    }

    /// The default values of a theme version that are the color `hex` (six or eight
    /// digits: from the color index, the stored `hex` compared) or whose text contains it
    /// (fewer digits: row by row), as (path, type, description, value).
    private func valuesMatching(
        hex needle: String, theme: String, ordinal: Int64, limit: Int
    ) throws -> [(String, String, String?, String)] {
        if needle.count == 6 || needle.count == 8, let color = Color(hex: needle) {
            // Within a point of the color's own: a stored color's 8-bit hex rounds it by less.
            let rows = try database.query(
                """
                SELECT r.path, t.type, t.description, r.value FROM token_color_index AS i
                JOIN resolved_tokens AS r ON r.theme = i.theme AND r.path = i.path AND r.mode = i.mode AND r.since = i.since
                JOIN tokens AS t ON t.theme = i.theme AND t.path = i.path AND \(DeltaTable.valid(at: "?2", prefix: "t.", lookup: true))
                WHERE \(ValueIndex.color.box) AND i.theme = ?1 AND i.mode = '' AND i.since <= ?2 AND (r.until IS NULL OR r.until > ?2)
                    AND lower(json_extract(r.value, '$.hex')) = ?3
                LIMIT ?4
                """,
                [.text(theme), .integer(ordinal), .text("#" + needle.prefix(6)), .integer(Int64(limit))]
                    + ValueIndex.color.bounds(around: color.searchPoint, radius: 1, theme: theme))
            return try rows.map { (try $0.text(0), try $0.text(1), $0[2].string, try $0.text(3)) }
        }
        let rows = try database.query(
            """
            SELECT r.path, t.type, t.description, r.value FROM resolved_tokens AS r
            JOIN tokens AS t ON t.theme = r.theme AND t.path = r.path AND \(DeltaTable.valid(at: "?2", prefix: "t."))
            WHERE r.theme = ?1 AND r.mode = '' AND \(DeltaTable.valid(at: "?2", prefix: "r."))
                AND instr(lower(r.value), ?3)
            LIMIT ?4
            """, [.text(theme), .integer(ordinal), .text(needle), .integer(Int64(limit))])
        return try rows.map { (try $0.text(0), try $0.text(1), $0[2].string, try $0.text(3)) }
    }
}

extension Repository {
    /// The style versions that refer to `token` of a theme version, directly or through
    /// tokens aliasing it (transitively): a walk of the alias index and the styles'
    /// reference index, without loading the theme. The alias index is named: without
    /// statistics the planner took the version index, 0.6 s a step at a million tokens
    /// instead of 4 ms.
    public func styleVersionsReferring(to token: String, theme: String, version: Semver) throws -> [(
        style: String, version: Semver
    )] {
        let ordinal = try ordinal(theme: theme, version: version)
        let rows = try database.query(
            """
            WITH RECURSIVE reached(path) AS (
                SELECT ?3
                UNION
                SELECT v.path FROM reached AS r
                JOIN token_values AS v INDEXED BY token_values_by_alias ON v.theme = ?1 AND v.alias_of = r.path
                WHERE \(DeltaTable.valid(at: "?2", prefix: "v."))
            )
            SELECT DISTINCT s.style, s.version FROM reached AS r
            JOIN style_token_refs AS s ON s.token = r.path
            """, [.text(theme), .integer(ordinal), .text(token)])
        var found: [(style: String, version: Semver)] = []
        for row in rows {
            if let version = Semver(try row.text(1)) { found.append((try row.text(0), version)) }
        }
        return found
    }
}
