import CatalogModel
import CatalogTokenFiles
import Foundation
import SQLite

extension Repository {
    /// Checks the catalog the way a crash or a bad copy would break it: SQLite's own
    /// integrity and foreign-key checks, every revision's changeset readable, the chain
    /// of revisions linear with each id matching what it hashes, and the content equal to
    /// what the newest revision recorded (so no change is half-applied or unrecorded).
    /// Returns the problems found, empty when the catalog is sound. Read in one read
    /// transaction: writers going on meanwhile are not seen half-way (a check beside
    /// eight writers reported their revisions as changes made without one).
    public func check() throws -> [String] {
        try read { try checkOneSnapshot() }
    }

    private func checkOneSnapshot() throws -> [String] {
        var problems: [String] = []
        let integrity = try database.query("PRAGMA integrity_check").map { try $0.text(0) }
        if integrity != ["ok"] { problems += integrity.map { "integrity: \($0)" } }
        let orphans = try database.query(
            "SELECT \"table\", parent, count(*) FROM pragma_foreign_key_check GROUP BY 1, 2 ORDER BY 1, 2")
        for row in orphans {
            let count = row[2].int64 ?? 0
            problems.append(
                "foreign key: \(count) row\(count == 1 ? "" : "s") of \(row[0].string ?? "?") refer\(count == 1 ? "s" : "") "
                    + "to missing rows of \(row[1].string ?? "?")")
        }
        var previous: Revision?
        for revision in try revisions(after: 0, through: Int.max) {
            let label = "revision #\(revision.sequence) \(revision.shortID)"
            if revision.sequence != (previous?.sequence ?? 0) + 1 || revision.parent != previous?.id {
                problems.append("\(label) does not follow #\(previous?.sequence ?? 0) in a linear chain")
            }
            let id = Revision.id(
                parent: revision.parent, contentHash: revision.contentHash, message: revision.message,
                author: revision.author, createdAt: revision.createdAt)
            if id != revision.id { problems.append("\(label): its id does not match its contents") }
            do {
                _ = try changes(in: changeset(of: revision))
            } catch {
                problems.append("\(label): its changeset cannot be read (\(error))")
            }
            previous = revision
        }
        let hash = try contentHash()
        if let head = previous, head.contentHash != hash, try legacyContentHash() != head.contentHash {
            problems.append(
                "the content (hash \(hash.prefix(12))) differs from what the newest revision #\(head.sequence) recorded "
                    + "(\(head.contentHash.prefix(12))): a change was made without a revision")
        }
        let maintained = try maintainedContentHash()
        if previous != nil, maintained != hash,
            try database.scalar("SELECT value FROM catalog_info WHERE key = 'content_sums'") != nil
        {
            problems.append(
                "the content hash kept as revisions are recorded (\(maintained.prefix(12))) differs from the content's "
                    + "(\(hash.prefix(12))): rows were changed without a revision")
        }
        problems += try checkPublicationStates()
        problems += try checkSearchIndexes()
        return problems
    }

    /// The search indexes (migration 0016) against the rows they are drawn from: sound
    /// R*Trees, an entry per row and none naming a row that is not there. A damaged index
    /// would make `search` and `find_token` answer wrong while the content is sound.
    private func checkSearchIndexes() throws -> [String] {
        var problems: [String] = []
        let fix =
            "search and find_token answer from it; replay the history into a new catalog "
            + "(catalog changeset export, then apply), whose triggers write it again"
        func compare(_ index: String, holds: String, rows: String, of what: String) throws {
            let (held, wanted) = (try database.scalar(holds)?.int64 ?? -1, try database.scalar(rows)?.int64 ?? -1)
            if held != wanted {
                problems.append("the search index \(index) holds \(held) entries where \(what) give \(wanted): \(fix)")
            }
        }
        try compare(
            "token_text_index", holds: "SELECT count(*) FROM token_text_index", rows: "SELECT count(*) FROM tokens",
            of: "the token rows")
        try compare(
            "token_color_index", holds: "SELECT count(*) FROM token_color_index",
            rows: """
                SELECT count(*) FROM resolved_tokens
                WHERE substr(value, 1, 1) = '{' AND catalog_color_point(value, theme) IS NOT NULL
                """, of: "the resolved colors")
        try compare(
            "token_length_index", holds: "SELECT count(*) FROM token_length_index",
            rows: """
                SELECT count(*) FROM resolved_tokens
                WHERE substr(value, 1, 1) = '{' AND catalog_length_points(value) IS NOT NULL
                """, of: "the resolved lengths")
        for index in ["token_color_index", "token_length_index"] {
            // Table names are the catalog's own.
            if let verdict = try database.scalar("SELECT rtreecheck('\(index)')")?.string, verdict != "ok" {
                problems.append("the search index \(index) is damaged (\(verdict)): \(fix)")
            }
            let strays =
                try database.scalar(
                    """
                    SELECT count(*) FROM \(index) AS i WHERE NOT EXISTS (
                        SELECT 1 FROM resolved_tokens AS r
                        WHERE r.theme = i.theme AND r.path = i.path AND r.mode = i.mode AND r.since = i.since)
                    """)?.int64 ?? 0
            if strays > 0 {
                problems.append("the search index \(index) names \(strays) rows that are not there: \(fix)")
            }
        }
        return problems
    }
}

extension Repository {
    /// Each theme's kept publication state compared with what it must be: its checksum,
    /// and its counts and row sums recomputed from the rows of the publication it names;
    /// its manifest names every token of the publication, and records what each refers to
    /// as the publication's tokens do. A state that differs
    /// would make the next republication by difference publish wrong rows: the reason for
    /// each is returned.
    public func checkPublicationStates() throws -> [String] {
        var problems: [String] = []
        let states = try database.query(
            "SELECT \(StateColumns.selected) FROM theme_publication_states AS s ORDER BY s.theme")
        for row in states {
            let theme = try row.text(0)
            let ordinal = try row.int(1)
            let label = "the kept state of theme \(theme)"
            guard let kept = try StateColumns(row) else {
                problems.append("\(label) does not match its checksum (its columns are not what the catalog writes)")
                continue
            }
            let manifest = try manifest(of: kept)
            if manifest?.checksum != kept.checksum { problems.append("\(label) does not match its checksum") }
            let actual = try recomputedState(theme: theme, ordinal: ordinal)
            if actual.tokens != kept.tokens || actual.values != kept.values || actual.deprecated != kept.deprecated {
                problems.append(
                    "\(label) differs from the rows of its publication #\(ordinal): \(kept.tokens.rows) tokens, "
                        + "\(kept.values.rows) values, \(kept.deprecated) deprecated kept; the rows hold "
                        + "\(actual.tokens.rows), \(actual.values.rows), \(actual.deprecated)"
                        + (actual.tokens.rows == kept.tokens.rows && actual.values.rows == kept.values.rows
                            ? " (their sums differ)" : ""))
            }
            if let decoded = manifest?.manifest {
                let paths = Set(decoded.files.flatMap { file in (0..<file.count).map(file.path) })
                let published = Set(
                    try database.query(
                        "SELECT path FROM tokens WHERE theme = ?1 AND \(DeltaTable.valid(at: "?2"))",
                        [.text(theme), .integer(Int64(ordinal))]
                    ).map { try $0.text(0) })
                // A manifest may name more (a resolver's later set hides an earlier set's
                // token), never less: a token it lacks would never be read again.
                if !published.isSubset(of: paths) {
                    problems.append(
                        "\(label): its manifest lacks \(published.subtracting(paths).count) of the publication's tokens"
                    )
                } else if let version = try database.scalar(
                    "SELECT version FROM theme_versions WHERE theme = ? AND ordinal = ?",
                    [.text(theme), .integer(Int64(ordinal))])?.string.flatMap(Semver.init),
                    case let published = try self.theme(VersionedName(name: theme, version: version)),
                    case let tokens = Set(published.tokens.lazy.map { TokenSourceScan.pathHash($0.path) }),
                    decoded.references.filter({ tokens.contains($0.key) }) != Self.references(of: published)
                {
                    problems.append(
                        "\(label): its manifest's references differ from what the publication's tokens refer to")
                }
            } else if manifest != nil {
                problems.append("\(label): its manifest does not decode")
            }
        }
        return problems
    }

    /// What each token of `theme` refers to, by path hash, as a manifest records it.
    static func references(of theme: Theme) -> [UInt64: Set<UInt64>] {
        var references: [UInt64: Set<UInt64>] = [:]
        for token in theme.tokens {
            let targets = TokenResolver.references(of: token)
            guard !targets.isEmpty else { continue }
            references[TokenSourceScan.pathHash(token.path), default: []].formUnion(
                targets.map(TokenSourceScan.pathHash))
        }
        return references
    }

    /// The counts and row sums of the theme's publication at `ordinal`, from its rows.
    func recomputedState(theme: String, ordinal: Int) throws -> (tokens: RowSum, values: RowSum, deprecated: Int) {
        var sums: [RowSum] = []
        for table in [DeltaTable.tokens, .values] {
            var sum = RowSum()
            let columns = (table.keyColumns + table.payloadColumns).joined(separator: ", ")
            var line: [UInt8] = []
            for row in try database.query(
                "SELECT \(columns) FROM \(table.name) WHERE theme = ?1 AND \(DeltaTable.valid(at: "?2"))",
                [.text(theme), .integer(Int64(ordinal))])
            {
                let keys = table.keyColumns.count
                line.removeAll(keepingCapacity: true)
                let payload = (keys..<(keys + table.payloadColumns.count)).map { row.value(at: $0) }
                RowSum.encode(
                    (0..<keys).map { row.value(at: $0) } + table.canonical(payload), into: &line)
                line.withUnsafeBytes { sum.add(encoded: $0, sign: 1) }
            }
            sums.append(sum)
        }
        let deprecated =
            try database.scalar(
                "SELECT count(*) FROM tokens WHERE theme = ?1 AND deprecated = 1 AND \(DeltaTable.valid(at: "?2"))",
                [.text(theme), .integer(Int64(ordinal))])?.int64 ?? 0
        return (sums[0], sums[1], Int(deprecated))
    }
}
