import CatalogModel
import CatalogTokenFiles
import Foundation
import SQLite

/// What a theme publication was read from, kept for the next publication from the same
/// input (`theme_publication_states`), and, for a republication by difference, the
/// publication it differs from and the paths whose source changed.
public struct ThemeSourceRecord: Sendable {
    /// ``ThemePublicationState/sourceKey``.
    public var key: String
    /// The sources' scans.
    public var manifest: SourceManifest
    /// For a republication by difference: the state it is a difference to (the theme's
    /// latest publication), and the paths whose source changed, appeared or vanished.
    /// The theme published then holds only the tokens read again.
    public var difference: (basis: ThemePublicationState, changed: Set<String>)?

    /// A record.
    public init(
        key: String, manifest: SourceManifest, difference: (basis: ThemePublicationState, changed: Set<String>)? = nil
    ) {
        self.key = key
        self.manifest = manifest
        self.difference = difference
    }
}

/// A theme publication's kept state: what it was read from and the sums of its rows.
public struct ThemePublicationState: Sendable {
    /// The theme and the publication's ordinal and version.
    public let theme: String
    public let ordinal: Int
    public let version: Semver
    /// The input it was read from: SHA-256 of its files' roles and names and the options
    /// that name the theme.
    public let sourceKey: String
    /// The sources' scans.
    public let manifest: SourceManifest
    let tokens: RowSum
    let values: RowSum
    let deprecatedCount: Int
    /// The version's description.
    public let description: String?

    /// How many tokens the publication has.
    public var tokenCount: Int { Int(tokens.rows) }
}

extension Repository {
    /// The state of the latest publication read from the input `sourceKey`, when it is
    /// its theme's latest publication and its state was kept; `nil` otherwise (the input
    /// is then read whole). A state that does not match its checksum, or does not decode,
    /// is not used: `damaged` then says so, to be warned about.
    public func publicationState(sourceKey: String, damaged: inout String?) throws -> ThemePublicationState? {
        guard
            let row = try database.query(
                """
                SELECT \(StateColumns.selected), v.version, v.description,
                    (SELECT max(ordinal) FROM theme_versions WHERE theme = s.theme)
                FROM theme_publication_states AS s
                JOIN theme_versions AS v ON v.theme = s.theme AND v.ordinal = s.ordinal
                WHERE s.theme = (
                    SELECT theme FROM theme_publication_states WHERE source_key = ? ORDER BY written DESC LIMIT 1)
                """, [.text(sourceKey)]
            ).first, try row.int(1) == row.int(StateColumns.count + 2)
        else { return nil }
        let theme = try row.text(0)
        guard let state = try StateColumns(row), let (manifest, checksum) = try manifest(of: state),
            let manifest, checksum == state.checksum
        else {
            damaged =
                "the kept state of theme \(theme)'s latest publication does not match its checksum; the files are read whole (catalog check compares it with the rows)"
            return nil
        }
        return ThemePublicationState(
            theme: theme, ordinal: state.ordinal, version: try row.semver(StateColumns.count), sourceKey: sourceKey,
            manifest: manifest, tokens: state.tokens, values: state.values, deprecatedCount: state.deprecated,
            description: try row.optionalText(StateColumns.count + 1))
    }

    /// A kept state's columns, as its checksum covers them, and the checksum stored.
    struct StateColumns {
        var theme: String
        var ordinal: Int
        var sourceKey: String
        var tokens: RowSum
        var values: RowSum
        var deprecated: Int
        var checksum: String?

        /// The columns a query selects (from `theme_publication_states AS s`), first.
        static let selected = """
            s.theme, s.ordinal, s.source_key, s.token_rows, s.token_sum, s.value_rows, s.value_sum, \
            s.deprecated_count, s.checksum
            """
        static let count = 9

        /// The state a row selecting ``selected`` first holds; `nil` when a column is not
        /// what the catalog writes (sums of 32 bytes, counts from 0, no more deprecated
        /// tokens than tokens).
        init?(_ row: Row) throws {
            guard case .blob(let tokenSum) = row.value(at: 4), case .blob(let valueSum) = row.value(at: 6),
                tokenSum.count == 32, valueSum.count == 32, let tokenRows = row.value(at: 3).int64, tokenRows >= 0,
                let valueRows = row.value(at: 5).int64, valueRows >= 0, let deprecated = row.value(at: 7).int64,
                deprecated >= 0, deprecated <= tokenRows
            else { return nil }
            self.init(
                theme: try row.text(0), ordinal: try row.int(1), sourceKey: try row.text(2),
                tokens: RowSum(rows: tokenRows, bytes: [UInt8](tokenSum)),
                values: RowSum(rows: valueRows, bytes: [UInt8](valueSum)), deprecated: Int(deprecated),
                checksum: row.value(at: 8).string)
        }

        init(
            theme: String, ordinal: Int, sourceKey: String, tokens: RowSum, values: RowSum, deprecated: Int,
            checksum: String? = nil
        ) {
            (self.theme, self.ordinal, self.sourceKey) = (theme, ordinal, sourceKey)
            (self.tokens, self.values, self.deprecated, self.checksum) = (tokens, values, deprecated, checksum)
        }

        /// The checksum of these columns and the manifest's bytes.
        func checksum(manifest: UnsafeRawBufferPointer) -> String {
            let hasher = SHA256.Hasher()
            var line: [UInt8] = []
            RowSum.encode(
                [
                    .text("catalog theme state 1"), .text(theme), .integer(Int64(ordinal)), .text(sourceKey),
                    .integer(tokens.rows), .blob(Data(tokens.bytes)), .integer(values.rows),
                    .blob(Data(values.bytes)), .integer(Int64(deprecated)),
                ], into: &line)
            line.withUnsafeBytes { hasher.update($0) }
            hasher.update(manifest)
            return hasher.finalize()
        }
    }

    /// Each theme's kept state's input key, the latest written first.
    public func publicationStateKeys() throws -> [(theme: String, sourceKey: String)] {
        try database.query("SELECT theme, source_key FROM theme_publication_states ORDER BY written DESC").map {
            (try $0.text(0), try $0.text(1))
        }
    }

    /// The kept manifest of `state`'s theme, decoded from SQLite's bytes of it where they
    /// are (a million tokens' manifest is 20 MB; `nil` when they do not decode), and the
    /// checksum of `state` with those bytes; `nil` when there is no manifest.
    func manifest(of state: StateColumns) throws -> (manifest: SourceManifest?, checksum: String)? {
        let statement = try database.prepare("SELECT manifest FROM theme_publication_manifests WHERE theme = ?")
        try statement.bind([.text(state.theme)])
        guard try statement.step() else { return nil }
        return statement.withBytes(at: 0) { bytes in (SourceManifest(bytes: bytes), state.checksum(manifest: bytes)) }
    }

    /// The ordinal of the theme's latest publication (0 for none).
    public func latestOrdinal(ofTheme name: String) throws -> Int {
        Int(
            try database.scalar("SELECT coalesce(max(ordinal), 0) FROM theme_versions WHERE theme = ?", [.text(name)])?
                .int64 ?? 0)
    }

    /// How many of `paths` are tokens of the theme's latest publication.
    public func presentTokens(theme: String, among paths: Set<String>) throws -> Int {
        Int(
            try database.scalar(
                """
                SELECT count(*) FROM json_each(?2) AS p CROSS JOIN tokens AS t ON t.theme = ?1 AND t.path = p.value
                WHERE +t.until IS NULL
                """, [.text(theme), .text(JSON.array(paths.map { .string($0) }).serialized())])?.int64 ?? 0)
    }

    /// Whether a token of the theme's latest publication outside `paths` has one of `ids`
    /// as its stable id.
    public func stableIDs(_ ids: [String], takenInTheme theme: String, outside paths: Set<String>) throws -> Bool {
        try database.query(
            """
            SELECT t.path FROM json_each(?2) AS i CROSS JOIN tokens AS t ON t.theme = ?1 AND t.stable_id = i.value
            WHERE +t.until IS NULL
            """, [.text(theme), .text(JSON.array(ids.map { .string($0) }).serialized())]
        ).contains { !paths.contains((try? $0.text(0)) ?? "") }
    }

    /// Records the state of the publication at `ordinal`, in place of the theme's earlier
    /// one (only the latest publication's state is read). Both rows are updated in place,
    /// the manifest in a row of its own: SQLite then writes only the pages whose bytes
    /// change where the record keeps its size, as a republication's manifest with the same
    /// tokens does. Written whole (deleted and inserted, or beside columns that grow), a
    /// million tokens' manifest took 21 MB to the log and 21 MB to the file at its checkpoint.
    func insertState(
        _ record: ThemeSourceRecord, theme: String, ordinal: Int, tokens: RowSum, values: RowSum, deprecated: Int
    ) throws {
        let manifest = record.manifest.bytes
        let checksum = manifest.withUnsafeBytes {
            StateColumns(
                theme: theme, ordinal: ordinal, sourceKey: record.key, tokens: tokens, values: values,
                deprecated: deprecated
            ).checksum(manifest: $0)
        }
        try database.execute(
            """
            INSERT INTO theme_publication_states (theme, ordinal, source_key, token_rows, token_sum, value_rows,
                value_sum, deprecated_count, written, checksum)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(written), 0) + 1 FROM theme_publication_states), ?)
            ON CONFLICT (theme) DO UPDATE SET ordinal = excluded.ordinal, source_key = excluded.source_key,
                token_rows = excluded.token_rows, token_sum = excluded.token_sum, value_rows = excluded.value_rows,
                value_sum = excluded.value_sum, deprecated_count = excluded.deprecated_count, written = excluded.written,
                checksum = excluded.checksum
            """,
            [
                .text(theme), .integer(Int64(ordinal)), .text(record.key), .integer(tokens.rows),
                .blob(Data(tokens.bytes)), .integer(values.rows), .blob(Data(values.bytes)),
                .integer(Int64(deprecated)), .text(checksum),
            ])
        let upsert = try database.prepare(
            """
            INSERT INTO theme_publication_manifests (theme, manifest) VALUES (?, ?)
            ON CONFLICT (theme) DO UPDATE SET manifest = excluded.manifest
            """)
        try upsert.runBorrowingBlobs([.text(theme), .blob(manifest)])
    }

    /// Whether publishing `theme` as a difference of nothing to `basis` is publishing
    /// `basis` again: the same files byte for byte (but their formatting outside tokens),
    /// the same version, name and description, so the same rows and content hash.
    public static func isRepublication(of basis: ThemePublicationState, _ theme: Theme, changed: Set<String>) -> Bool {
        changed.isEmpty && basis.theme == theme.name && basis.version == theme.version
            && basis.description == theme.description
    }

    /// Publishes `theme` (the tokens read again) as a difference to `basis`: only the
    /// token and value rows of the tokens read again and at `changed` (which may have
    /// vanished) are compared and written — a token whose bytes did not change may still
    /// read differently, as an alias whose type comes from its target — then the resolved
    /// values of what those rows reach; the content hash comes from the basis's sums with
    /// the rows closed taken away and those written added.
    func publishDifference(
        theme: Theme, record: ThemeSourceRecord, basis: ThemePublicationState, changed: Set<String>,
        document: DocumentDigest, sourceFile: String, progress: (_ step: String, _ done: Int, _ total: Int) -> Void
    ) throws -> PublishOutcome {
        let ordinal = try nextOrdinal(ofTheme: theme.name)
        guard theme.name == basis.theme, ordinal == basis.ordinal + 1 else {
            throw RequestError(
                "theme \(theme.name) was published by another command while this one read its files; run it again")
        }
        let content = ThemeContentHash(theme)
        let compared = changed.union(theme.tokens.lazy.map(\.path))
        let list = SQLValue.text(JSON.array(compared.map { .string($0) }).serialized())
        let deprecatedBefore = Int(
            try database.scalar(
                """
                SELECT count(*) FROM json_each(?2) AS p CROSS JOIN tokens AS t ON t.theme = ?1 AND t.path = p.value
                WHERE +t.until IS NULL AND t.deprecated = 1
                """, [.text(theme.name), list])?.int64 ?? 0)
        var tokens = basis.tokens
        var values = basis.values
        progress("writing tokens", 0, 5)
        var changedRows = try writeDelta(
            .tokens, theme: theme.name, ordinal: ordinal, rows: Self.tokenRows(of: theme), only: compared,
            summing: { tokens.add(encoded: $0, sign: $1) })
        progress("writing values", 1, 5)
        changedRows.formUnion(
            try writeDelta(
                .values, theme: theme.name, ordinal: ordinal, rows: Self.valueRows(of: theme), only: compared,
                summing: { values.add(encoded: $0, sign: $1) }))
        progress("resolving what the changes reach", 2, 5)
        let resolver = TokenResolver(theme: theme)
        let referrers = resolver.referrers()
        let affected = resolver.dependents(of: changedRows, referrers: referrers)
        let resolved = Self.resolvedRows(of: theme, resolver: resolver, referrers: referrers, paths: affected)
        progress("writing resolved values", 3, 5)
        try writeDelta(.resolved, theme: theme.name, ordinal: ordinal, rows: resolved, only: affected)
        let deprecated =
            basis.deprecatedCount - deprecatedBefore + theme.tokens.filter { $0.deprecation != nil }.count
        try insertVersion(
            theme, ordinal: ordinal, hash: content.finalize(tokens: tokens, values: values), document: document,
            sourceFile: sourceFile, tokenCount: Int(tokens.rows), deprecatedCount: deprecated)
        try insertState(
            record, theme: theme.name, ordinal: ordinal, tokens: tokens, values: values, deprecated: deprecated)
        progress("recording the revision", 4, 5)
        return .published
    }
}
