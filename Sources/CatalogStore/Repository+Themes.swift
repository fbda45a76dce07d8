import CatalogModel
import CatalogSystem
import Foundation
import SQLite

extension Repository {
    /// Publishes one theme version with its tokens and their resolved values per mode,
    /// as a delta against the theme's previous publication: rows are compared and only
    /// those that differ written, and only the tokens the changes reach through references
    /// are resolved again (all of them when the modes changed). `document` (the file as
    /// submitted) is recorded by checksum and size only: its digest. Takes the open write transaction.
    /// `progress` hears each step (what, steps done, steps in all) of a long publication.
    ///
    /// With `sources`, what the theme was read from is kept for the next publication from
    /// the same input; when `sources` holds a difference, `theme` holds only the tokens
    /// read again and is published as that difference (its version must be new).
    @discardableResult
    public func publish(
        theme: Theme, document: DocumentDigest, sourceFile: String, sources: ThemeSourceRecord? = nil,
        progress: (_ step: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in },
        in _: borrowing WriteTransaction
    ) throws -> PublishOutcome {
        if let sources, let (basis, changed) = sources.difference {
            if Self.isRepublication(of: basis, theme, changed: changed) { return .unchanged }
            guard try !versions(ofTheme: theme.name).contains(theme.version) else {
                throw PublishError.versionConflict(kind: .theme, name: theme.name, version: theme.version)
            }
            return try publishDifference(
                theme: theme, record: sources, basis: basis, changed: changed, document: document,
                sourceFile: sourceFile, progress: progress)
        }
        let content = ThemeContentHash(theme)
        // The hash is computed up front only for a version the catalog has (the same again,
        // or a conflict); a new one's sums are added as its rows are written.
        if let outcome = try existingVersion(
            .theme, name: theme.name, version: theme.version,
            hash: ThemeContentHash.of(theme),
            earlierHashes: { ThemeContentHash.earlierHashes(of: theme) })
        {
            return outcome
        }
        // The state the delta is written against: the latest publication, when its modes
        // are this version's (else every resolved value may differ, and all are resolved).
        let basis = try latestPublication(ofTheme: theme.name)
        let sameModes = try basis.map { try dimensions(theme: theme.name, version: $0) == theme.dimensions } ?? false
        let ordinal = try nextOrdinal(ofTheme: theme.name)
        // Each table's rows are built, compared and written a batch of tokens at a time;
        // the version's row, which holds the hash, comes last.
        let batches = DeltaBatches(theme.tokens)
        // What the read let go of (the files' tree, its read tokens) goes back to the system
        // before rows are built: 97 → 81 MB resident at 100k tokens.
        FreedMemory.release()
        let naming = ModeNaming(theme.dimensions)
        progress("writing tokens", 0, 5)
        // The paths whose rows changed are what resolution starts from, when it does not
        // resolve everything.
        var sums = (tokens: RowSum(), values: RowSum())
        var changed = try writeDelta(.tokens, theme: theme.name, ordinal: ordinal, batches: batches, changes: sameModes)
        {
            let rows = Self.tokenRows(of: $0.lazy.map { theme.tokens[$0] })
            ThemeContentHash.add(rows, to: &sums.tokens)
            return rows
        }
        progress("writing values", 1, 5)
        changed.formUnion(
            try writeDelta(.values, theme: theme.name, ordinal: ordinal, batches: batches, changes: sameModes) {
                let rows = Self.valueRows(of: $0.lazy.map { theme.tokens[$0] }, naming: naming)
                ThemeContentHash.add(rows, to: &sums.values)
                return rows
            })
        let hash = content.finalize(tokens: sums.tokens, values: sums.values)
        let resolver = TokenResolver(theme: theme)
        let referrers = resolver.referrers()
        if sameModes {
            // Only what the changes reach through references is resolved again and compared.
            progress("resolving what the changes reach", 2, 5)
            let affected = resolver.dependents(of: changed, referrers: referrers)
            let resolved = Self.resolvedRows(of: theme, resolver: resolver, referrers: referrers, paths: affected)
            progress("writing resolved values", 3, 5)
            try writeDelta(.resolved, theme: theme.name, ordinal: ordinal, rows: resolved, only: affected)
        } else {
            progress("resolving every mode", 2, 5)
            let resolution = WholeResolution(theme: theme, resolver: resolver, referrers: referrers)
            progress("writing resolved values", 3, 5)
            try writeDelta(.resolved, theme: theme.name, ordinal: ordinal, batches: batches, rows: resolution.rows)
        }
        let deprecated = theme.tokens.filter { $0.deprecation != nil }.count
        try insertVersion(
            theme, ordinal: ordinal, hash: hash, document: document,
            sourceFile: sourceFile, tokenCount: theme.tokens.count, deprecatedCount: deprecated)
        if let sources {
            try insertState(
                sources, theme: theme.name, ordinal: ordinal, tokens: sums.tokens, values: sums.values,
                deprecated: deprecated)
        }
        progress("recording the revision", 4, 5)
        return .published
    }

    /// The ordinal the theme's next publication takes (1 for its first); records the
    /// theme's name, which its token rows refer to.
    func nextOrdinal(ofTheme name: String) throws -> Int {
        try database.execute("INSERT OR IGNORE INTO themes (theme) VALUES (?)", [.text(name)])
        return Int(
            try database.scalar(
                "SELECT coalesce(max(ordinal), 0) + 1 FROM theme_versions WHERE theme = ?", [.text(name)])?.int64 ?? 1)
    }

    /// Records the version itself (its row with the content hash, mode dimensions and
    /// group properties) at `ordinal` among the theme's publications.
    func insertVersion(
        _ theme: Theme, ordinal: Int, hash: String, document: DocumentDigest, sourceFile: String, tokenCount: Int,
        deprecatedCount: Int
    ) throws {
        let name = SQLValue.text(theme.name)
        let version = SQLValue.text(theme.version.description)
        try database.execute(
            """
            INSERT INTO theme_versions (theme, version, ordinal, major, minor, patch, prerelease, description,
                source_file, source_sha256, source_bytes, content_hash, token_count, deprecated_count, published_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                name, version, .integer(Int64(ordinal)), .integer(Int64(theme.version.major)),
                .integer(Int64(theme.version.minor)), .integer(Int64(theme.version.patch)),
                .text(theme.version.prereleaseText), SQLValue(theme.description), .text(sourceFile),
                .text(document.sha256), .integer(Int64(document.byteCount)), .text(hash),
                .integer(Int64(tokenCount)), .integer(Int64(deprecatedCount)),
                .text(Self.timestamp()),
            ])
        let insertDimension = try database.prepare(
            "INSERT INTO theme_dimensions (theme, version, dimension, position, default_mode) VALUES (?, ?, ?, ?, ?)")
        let insertMode = try database.prepare(
            "INSERT INTO theme_modes (theme, version, mode, dimension, position) VALUES (?, ?, ?, ?, ?)")
        let naming = ModeNaming(theme.dimensions)
        for (position, dimension) in theme.dimensions.enumerated() {
            try insertDimension.run([
                name, version, .text(dimension.name), .integer(Int64(position)), .text(dimension.defaultMode),
            ])
            for (modePosition, mode) in dimension.modes.enumerated() {
                try insertMode.run([
                    name, version, .text(naming.name(ModeKey(dimension.name, mode))), .text(dimension.name),
                    .integer(Int64(modePosition)),
                ])
            }
        }
        let insertGroup = try database.prepare(
            "INSERT INTO theme_groups (theme, version, path, position, properties) VALUES (?, ?, ?, ?, ?)")
        for (position, group) in theme.groups.enumerated() {
            try insertGroup.run([
                name, version, .text(group.path), .integer(Int64(position)),
                .text(JSON(.object(group.members)).serialized()),
            ])
        }
    }

    /// Each token's `tokens` row: key the path, payload the columns of ``DeltaTable/tokens``.
    static func tokenRows(of theme: Theme) -> [DeltaRow] { tokenRows(of: theme.tokens) }

    /// The `tokens` rows of `tokens`.
    static func tokenRows(of tokens: some Sequence<Token>) -> [DeltaRow] {
        tokens.map { token in
            DeltaRow(
                key: [token.path],
                payload: [
                    .text(token.identity), SQLValue(token.id), .text(token.type.rawValue),
                    SQLValue(token.description),
                    .integer(token.deprecation == nil ? 0 : 1), SQLValue(token.deprecation?.reason),
                    SQLValue(token.replacedBy), Self.dimensionsText(token), Self.objectText(token.extensions),
                    Self.objectText(token.metadata),
                ],
                json: [(8, JSON(.object(token.extensions))), (9, JSON(.object(token.metadata)))])
        }
    }

    /// Each token's value as written, by path and mode (`""`: the default); `null` where
    /// the token does not exist in a mode (no token value is null).
    static func valueRows(of theme: Theme) -> [DeltaRow] {
        valueRows(of: theme.tokens, naming: ModeNaming(theme.dimensions))
    }

    /// The value rows of `tokens`, as a theme's, its modes named by `naming`.
    static func valueRows(of tokens: some Sequence<Token>, naming: ModeNaming) -> [DeltaRow] {
        var rows: [DeltaRow] = []
        rows.reserveCapacity(tokens.underestimatedCount)
        for token in tokens {
            rows.append(
                DeltaRow(
                    key: [token.path, ""],
                    payload: [.text((token.value ?? .null).serialized()), SQLValue(token.aliasTarget)],
                    json: [(0, token.value ?? .null)]))
            for entry in token.modes {
                rows.append(
                    DeltaRow(
                        key: [token.path, naming.name(entry.key)],
                        payload: [
                            .text((entry.value ?? .null).serialized()),
                            SQLValue(entry.value.flatMap(TokenValue.alias(in:))),
                        ],
                        json: [(0, entry.value ?? .null)]))
            }
        }
        return rows
    }

    /// The materialized resolved values of the tokens at `paths`: each with the defaults,
    /// and for each mode those whose resolved value differs from the default; `null`
    /// where a token has no resolved value (it does not exist there, or keeps a reference
    /// to nothing). `referrers` is the resolver's ``TokenResolver/referrers()``. (Every
    /// token's, a batch at a time: ``WholeResolution``.)
    static func resolvedRows(
        of theme: Theme, resolver: TokenResolver, referrers: [String: [Int]], paths: Set<String>
    ) -> [DeltaRow] {
        let naming = ModeNaming(theme.dimensions)
        let order = Array(paths)
        let defaults = resolver.resolve(order, in: ModeContext())
        var rows = order.map { DeltaRow(key: [$0, ""], payload: [.text((defaults[$0] ?? .null).serialized())]) }
        // In a mode, only the tokens whose resolution can differ from the defaults' are
        // resolved: the others get no row there.
        for (key, positions) in resolver.differingByMode(referrers: referrers) {
            let candidates = positions.lazy.map { theme.tokens[$0].path }.filter(paths.contains)
            let values = resolver.resolve(candidates, in: ModeContext(key))
            let mode = naming.name(key)
            for path in candidates where values[path] != defaults[path] {
                rows.append(DeltaRow(key: [path, mode], payload: [.text((values[path] ?? .null).serialized())]))
            }
        }
        return rows
    }

    /// The dimensions a token varies along, as `tokens.dimension` holds them: the one
    /// name, or a JSON array of several.
    private static func dimensionsText(_ token: Token) -> SQLValue {
        let dimensions = token.dimensions
        guard dimensions.count > 1 else { return SQLValue(dimensions.first) }
        return .text(JSON.array(dimensions.map { .string($0) }).serialized())
    }

    /// The version of a theme published last (highest ordinal): the state `until IS NULL`
    /// rows hold. `nil` when the theme has none.
    func latestPublication(ofTheme name: String) throws -> Semver? {
        try database.query(
            "SELECT version FROM theme_versions WHERE theme = ? ORDER BY ordinal DESC LIMIT 1", [.text(name)]
        ).first.map { try $0.semver(0) }
    }

    private static func objectText(_ members: [(key: String, value: JSON)]) -> SQLValue {
        members.isEmpty ? .null : .text(JSON(.object(members)).serialized())
    }

    /// Every theme version, by name then version.
    public func themeSummaries() throws -> [ThemeSummary] {
        let rows = try database.query(
            """
            SELECT v.theme, v.version, v.description, v.published_at, v.token_count, v.deprecated_count
            FROM theme_versions v
            ORDER BY v.theme, v.major, v.minor, v.patch, v.prerelease = '', v.prerelease
            """)
        return try rows.map { row in
            let name = try row.text(0)
            let version = try row.semver(1)
            return ThemeSummary(
                name: name, version: version, description: try row.optionalText(2), tokenCount: try row.int(4),
                deprecatedCount: try row.int(5), dimensions: try dimensions(theme: name, version: version),
                publishedAt: try row.text(3))
        }
    }

    /// Every theme version's name and version, unordered.
    public func themeVersions() throws -> [(theme: String, version: Semver)] {
        try database.query("SELECT theme, version FROM theme_versions").map { (try $0.text(0), try $0.semver(1)) }
    }

    /// The published versions of a theme, oldest first.
    public func versions(ofTheme name: String) throws -> [Semver] {
        try database.query("SELECT version FROM theme_versions WHERE theme = ?", [.text(name)])
            .map { try $0.semver(0) }.sorted()
    }

    /// The version `reference` names: its own, or the theme's latest. Throws when the theme
    /// or version does not exist, listing what does.
    public func themeVersion(_ reference: VersionedName) throws -> Semver {
        let versions = try versions(ofTheme: reference.name)
        guard !versions.isEmpty else {
            let names = try database.query("SELECT DISTINCT theme FROM theme_versions ORDER BY theme").map {
                try $0.text(0)
            }
            let hint = Suggestion.closest(to: reference.name, in: names).map { "did you mean \($0)? " } ?? ""
            throw RequestError(
                "no theme named \(reference.name); \(hint)themes: \(names.isEmpty ? "none (run 'catalog seed' or 'catalog theme add FILE')" : names.joined(separator: ", "))"
            )
        }
        guard let wanted = reference.version else { return versions.last! }
        guard versions.contains(wanted) else {
            throw RequestError(
                "theme \(reference.name) has no version \(wanted); versions: \(versions.map(\.description).joined(separator: ", "))"
            )
        }
        return wanted
    }

    /// The `tokens` columns ``storedToken(_:values:modes:)`` reads, in its order.
    static let tokenColumns = [
        "path", "type", "description", "deprecated", "deprecation_reason", "stable_id", "replaced_by", "extensions",
        "metadata",
    ]

    /// A token from its `tokens` row (``tokenColumns``) and its `token_values` rows, by mode
    /// name (`""` for the default; `null` where it does not exist).
    static func storedToken(_ row: some ColumnReading, values: [String: [String: JSON]], modes: StoredModes) throws
        -> Token
    {
        let path = try row.text(0)
        var stored = values[path] ?? [:]
        guard let value = stored.removeValue(forKey: "") else {
            throw RowError(column: "token_values.value", expected: "a default value of \(path)", found: "none")
        }
        var entries: [ModeValue] = []
        for (name, modeValue) in stored {
            guard let key = modes.naming.key(name) else {
                throw RowError(column: "token_values.mode", expected: "a mode of the theme version", found: name)
            }
            entries.append(ModeValue(key, modeValue.isNull ? nil : modeValue))
        }
        entries.sort { modes.rank[$0.key, default: .max] < modes.rank[$1.key, default: .max] }
        return Token(
            path: path, type: try row.tokenType(1), description: try row.optionalText(2),
            deprecation: try row.flag(3) ? Deprecation(reason: try row.optionalText(4)) : nil,
            id: try row.optionalText(5), replacedBy: try row.optionalText(6), value: value.isNull ? nil : value,
            modes: entries, extensions: try members(try row.optionalText(7)),
            metadata: try members(try row.optionalText(8)))
    }

    /// A theme version's modes as its rows name them, and their order (dimensions', then modes').
    struct StoredModes {
        let naming: ModeNaming
        let rank: [ModeKey: Int]

        init(_ dimensions: [ModeDimension]) {
            naming = ModeNaming(dimensions)
            rank = ModeDimension.order(of: dimensions)
        }
    }

    /// A published theme version's mode dimensions, in declaration order.
    public func dimensions(theme: String, version: Semver) throws -> [ModeDimension] {
        let rows = try database.query(
            """
            SELECT d.dimension, d.default_mode, m.mode FROM theme_dimensions d
            JOIN theme_modes m ON m.theme = d.theme AND m.version = d.version AND m.dimension = d.dimension
            WHERE d.theme = ? AND d.version = ? ORDER BY d.position, m.position
            """, [.text(theme), .text(version.description)])
        var dimensions: [ModeDimension] = []
        for row in rows {
            let name = try row.text(0)
            if dimensions.last?.name != name {
                dimensions.append(ModeDimension(name: name, modes: [], defaultMode: try row.text(1)))
            }
            // A mode another dimension also has is stored as `dimension=mode`.
            dimensions[dimensions.count - 1].modes.append(ModeNaming.mode(written: try row.text(2), in: name))
        }
        return dimensions
    }

    /// The publication ordinal of a theme version.
    func ordinal(theme: String, version: Semver) throws -> Int64 {
        try database.scalar(
            "SELECT ordinal FROM theme_versions WHERE theme = ? AND version = ?",
            [.text(theme), .text(version.description)])?
            .int64 ?? 0
    }

    /// Loads a theme version (the latest when `reference` has none) from its tables,
    /// tokens in path order. With `pathPrefix`, only the token at that path and those
    /// below it (`prefix.…`), found by primary-key range rather than by reading the theme.
    public func theme(_ reference: VersionedName, pathPrefix: String? = nil) throws -> Theme {
        let version = try themeVersion(reference)
        let ordinal = try ordinal(theme: reference.name, version: version)
        var key: [SQLValue] = [.text(reference.name), .integer(ordinal)]
        var only = ""
        if let prefix = pathPrefix.map({ $0.hasSuffix(".") ? String($0.dropLast()) : $0 }) {
            // The prefix and the paths below it sort from "prefix" to before "prefix/" ('/'
            // follows '.'): a primary-key range; the last term drops "prefix-x" and the like.
            key += [.text(prefix), .text(prefix + "."), .text(prefix + "/")]
            only = " AND path >= ?3 AND path < ?5 AND (path = ?3 OR path >= ?4)"
        }
        let valid = DeltaTable.valid(at: "?2", lookup: pathPrefix != nil)
        let description = try database.scalar(
            "SELECT description FROM theme_versions WHERE theme = ? AND version = ?",
            [.text(reference.name), .text(version.description)])?.string
        var values: [String: [String: JSON]] = [:]
        let valueStatement = try database.prepare(
            "SELECT path, mode, value FROM token_values WHERE theme = ?1 AND \(valid)\(only)")
        try valueStatement.bind(key)
        while try valueStatement.step() {
            let path = try valueStatement.text(0)
            let value = try JSONParser.parse(try valueStatement.text(2), file: "token_values")
            values[path, default: [:]][try valueStatement.text(1)] = value
        }
        let tokenStatement = try database.prepare(
            """
            SELECT \(Self.tokenColumns.joined(separator: ", ")) FROM tokens WHERE theme = ?1 AND \(valid)\(only) ORDER BY path
            """)
        try tokenStatement.bind(key)
        let dimensions = try dimensions(theme: reference.name, version: version)
        let modes = StoredModes(dimensions)
        var tokens: [Token] = []
        while try tokenStatement.step() {
            tokens.append(try Self.storedToken(tokenStatement, values: values, modes: modes))
        }
        return Theme(
            name: reference.name, version: version, description: description, dimensions: dimensions, tokens: tokens,
            groups: pathPrefix == nil ? try groups(theme: reference.name, version: version) : [])
    }

    /// A theme version's group properties, in document order.
    public func groups(theme: String, version: Semver) throws -> [(path: String, members: [(key: String, value: JSON)])]
    {
        try database.query(
            "SELECT path, properties FROM theme_groups WHERE theme = ? AND version = ? ORDER BY position",
            [.text(theme), .text(version.description)]
        ).map { row in (try row.text(0), try Self.members(try row.optionalText(1))) }
    }

    /// The paths of the tokens a theme version's import flagged (its root's
    /// `$extensions["catalog.refused"]`) whole, not those flagged in some modes only, read
    /// from the root group alone, in SQL: a diff's sides need them, and the root also holds
    /// what the import kept as written.
    public func flaggedTokenPaths(theme: String, version: Semver) throws -> Set<String> {
        Set(
            try database.query(
                """
                SELECT json_extract(refused.value, '$.path') FROM theme_groups,
                       json_each(theme_groups.properties, ?3) AS refused
                WHERE theme_groups.theme = ?1 AND theme_groups.version = ?2 AND theme_groups.path = ''
                  AND json_valid(theme_groups.properties) AND json_extract(refused.value, '$.modes') IS NULL
                """,
                [.text(theme), .text(version.description), .text("$.\"$extensions\".\"\(Theme.refusedKey)\"")]
            ).compactMap { try $0.optionalText(0) })
    }

    /// Theme versions with unresolved tokens and how many each has: those flagged at import
    /// (kept at the root under `$extensions["catalog.refused"]`): whole (not among its token
    /// rows) or in some modes only (among them, with values elsewhere); and those kept with
    /// a reference to nothing (`catalog.unresolved`, among its rows), in name and version order.
    public func unresolvedTokenCounts() throws -> [(
        theme: String, version: String, flagged: Int, flaggedInModes: Int, dangling: Int
    )] {
        try database.query(
            """
            SELECT theme, version,
                   (SELECT count(*) FROM json_each(properties, ?1)
                    WHERE json_extract(value, '$.modes') IS NULL) AS flagged,
                   (SELECT count(*) FROM json_each(properties, ?1)
                    WHERE json_extract(value, '$.modes') IS NOT NULL) AS inModes,
                   coalesce(json_array_length(properties, ?2), 0) AS dangling
            FROM theme_groups WHERE path = '' AND flagged + inModes + dangling > 0 ORDER BY theme, version
            """,
            [
                .text("$.\"$extensions\".\"\(Theme.refusedKey)\""),
                .text("$.\"$extensions\".\"\(Theme.unresolvedKey)\""),
            ]
        ).map { row in (try row.text(0), try row.text(1), try row.int(2), try row.int(3), try row.int(4)) }
    }

    /// How many tokens a published theme version has.
    public func tokenCount(_ theme: String, _ version: Semver) throws -> Int {
        Int(
            try database.scalar(
                "SELECT token_count FROM theme_versions WHERE theme = ? AND version = ?",
                [.text(theme), .text(version.description)])?.int64 ?? 0)
    }

    static func members(_ text: String?) throws -> [(key: String, value: JSON)] {
        guard let text else { return [] }
        return try JSONParser.parse(text, file: "tokens").object ?? []
    }

    /// The materialized resolved values of a theme version for `context` (keyed as
    /// ``TokenResolver/standardContexts``: `""` for the defaults, `dimension=mode` for one
    /// mode), read without resolving anything: the stored defaults overlaid with the
    /// mode's own rows; a token with no value there is left out.
    public func resolvedTokens(theme: String, version: Semver, context: String) throws -> [String: JSON] {
        var mode = ""
        if !context.isEmpty {
            guard let key = ModeKey(qualified: context) else {
                throw RequestError("\(context) is not a mode as dimension=mode")
            }
            mode = ModeNaming(try dimensions(theme: theme, version: version)).name(key)
        }
        let statement = try database.prepare(
            """
            SELECT d.path, COALESCE(o.value, d.value) FROM resolved_tokens AS d
            LEFT JOIN resolved_tokens AS o
              ON o.theme = d.theme AND o.path = d.path AND o.mode = ?3 AND ?3 <> '' AND \(DeltaTable.valid(at: "?2", prefix: "o."))
            WHERE d.theme = ?1 AND d.mode = '' AND \(DeltaTable.valid(at: "?2", prefix: "d."))
            """)
        try statement.bind([.text(theme), .integer(try ordinal(theme: theme, version: version)), .text(mode)])
        var result: [String: JSON] = [:]
        while try statement.step() {
            // A NULL value is a token the mode leaves unresolved.
            guard let text = try statement.optionalText(1) else { continue }
            let value = try JSONParser.parse(text, file: "resolved_tokens")
            if !value.isNull { result[try statement.text(0)] = value }
        }
        return result
    }
}
