import CatalogModel
import CatalogSystem
import Foundation
import SQLite

extension Repository {
    /// Tables that are not catalog content: SQLite's own, the migration history, the
    /// catalog's identity, its revisions, and the usage scans of code.
    static let bookkeepingTables: Set<String> = [
        Migrator.historyTable, "catalog_info", "catalog_content_sums", "revisions", "usage_files", "usage_sites",
        "usage_token_references", "usage_token_definitions", "usage_vocabulary",
        "usage_projects", "theme_publication_states", "theme_publication_manifests",
    ]

    /// The catalog's content tables, which sessions record and changesets may touch: not
    /// the search indexes (virtual tables and their shadow tables, derived by triggers).
    public func contentTables() throws -> [String] {
        try database.query(
            """
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
                AND name NOT LIKE 'sqlite_%' ORDER BY name
            """
        )
        .map { try $0.text(0) }.filter { !Self.bookkeepingTables.contains($0) }
    }

    /// Runs `body` as the command's one write transaction and, when it changed content,
    /// records a revision with its changeset. Returns the body's result and the revision
    /// (`nil` when nothing changed, as when publishing identical content again).
    public func commit<T>(
        message: String, author: String, _ body: (borrowing WriteTransaction) throws -> T
    ) throws -> (T, Revision?) {
        try commit(message: { _ in message }, author: author, body)
    }

    /// ``commit(message:author:_:)`` with a message that says what the body found (a
    /// version kept although the changes call for a higher one).
    public func commit<T>(
        message: (T) -> String, author: String, _ body: (borrowing WriteTransaction) throws -> T
    ) throws -> (T, Revision?) {
        try write { transaction in
            let session = try Session(database: database, tables: try contentTables())
            let bulk = BulkInserts(session: session)
            bulkInserts = bulk
            defer { bulkInserts = nil }
            let result = try body(transaction)
            // What the body let go of (a theme read whole, its rows) goes back to the
            // system before the changeset is written: the heap would hold it as free space.
            FreedMemory.release()
            let revision = try recordRevision(
                message: message(result), author: author, inserts: bulk.records, changes: try session.changeset())
            return (result, revision)
        }
    }

    /// Appends a revision for changes already made in the current transaction: its
    /// changeset is the records of `inserts` followed by `changes` (a session's). Returns
    /// `nil`, recording nothing, where both are empty.
    func recordRevision(
        message: String, author: String, inserts: ChangesetInserts = ChangesetInserts(), changes: Data
    ) throws -> Revision? {
        let head = try headRevision()
        guard let (hash, insertsSize) = try absorb(changes, inserts: inserts) else { return nil }
        let createdAt = Self.timestamp()
        let revision = Revision(
            id: Revision.id(
                parent: head?.id, contentHash: hash, message: message, author: author, createdAt: createdAt),
            sequence: (head?.sequence ?? 0) + 1, parent: head?.id, message: message, author: author,
            createdAt: createdAt,
            contentHash: hash, changesetSize: insertsSize + changes.count)
        // The records are read from the rows again, straight into the stored changeset.
        try insert(revision) { write in
            try inserts.write(in: database, to: write)
            try changes.withUnsafeBytes(write)
        }
        return revision
    }

    /// Stores a revision row (its own, or one that came in a changeset file).
    func insert(_ revision: Revision, changeset: Data) throws {
        try insert(revision) { write in try changeset.withUnsafeBytes(write) }
    }

    /// Stores a revision row whose changeset, ``Revision/changesetSize`` bytes, `produce`
    /// gives in order.
    private func insert(
        _ revision: Revision, changeset produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        try database.insert(
            """
            INSERT INTO revisions (id, sequence, parent, message, author, created_at, content_hash, changeset)
            VALUES (?, ?, ?, ?, ?, ?, ?, zeroblob(?))
            """,
            [
                .text(revision.id), .integer(Int64(revision.sequence)), SQLValue(revision.parent),
                .text(revision.message), .text(revision.author), .text(revision.createdAt), .text(revision.contentHash),
            ], blobSize: revision.changesetSize, table: "revisions", column: "changeset", writing: produce)
    }

    private static let revisionColumns =
        "id, sequence, parent, message, author, created_at, content_hash, length(changeset)"

    private static func revision(from row: Row) throws -> Revision {
        Revision(
            id: try row.text(0), sequence: try row.int(1), parent: try row.optionalText(2), message: try row.text(3),
            author: try row.text(4), createdAt: try row.text(5), contentHash: try row.text(6),
            changesetSize: try row.int(7))
    }

    /// The newest revision, or `nil` for a catalog without history.
    public func headRevision() throws -> Revision? {
        try database.query("SELECT \(Self.revisionColumns) FROM revisions ORDER BY sequence DESC LIMIT 1").first.map(
            Self.revision)
    }

    /// Revisions newest first, at most `limit`.
    public func revisions(limit: Int? = nil) throws -> [Revision] {
        try database.query(
            "SELECT \(Self.revisionColumns) FROM revisions ORDER BY sequence DESC LIMIT ?",
            [.integer(Int64(limit ?? -1))]
        )
        .map(Self.revision)
    }

    /// Revisions after `sequence` up to and including `through`, oldest first.
    public func revisions(after sequence: Int, through last: Int) throws -> [Revision] {
        try database.query(
            "SELECT \(Self.revisionColumns) FROM revisions WHERE sequence > ? AND sequence <= ? ORDER BY sequence",
            [.integer(Int64(sequence)), .integer(Int64(last))]
        ).map(Self.revision)
    }

    /// The revision with this id, if the catalog has it.
    public func revision(id: String) throws -> Revision? {
        try database.query("SELECT \(Self.revisionColumns) FROM revisions WHERE id = ?", [.text(id)]).first.map(
            Self.revision)
    }

    /// Finds a revision by `HEAD`, `HEAD~N`, a sequence number `#N`, or an id prefix of at
    /// least four hex digits.
    public func revision(_ reference: String) throws -> Revision {
        let head = try headRevision()
        guard let head else { throw RequestError("the catalog has no revisions yet") }
        if reference == "HEAD" || reference == "@" { return head }
        var sequence: Int?
        if reference.hasPrefix("HEAD~"), let back = Int(reference.dropFirst(5)), back >= 0 {
            sequence = head.sequence - back
        }
        if reference.hasPrefix("#"), let number = Int(reference.dropFirst()) { sequence = number }
        if let sequence {
            guard
                let found = try database.query(
                    "SELECT \(Self.revisionColumns) FROM revisions WHERE sequence = ?", [.integer(Int64(sequence))]
                )
                .first.map(Self.revision)
            else { throw RequestError("no revision \(reference); the history has revisions #1 to #\(head.sequence)") }
            return found
        }
        guard reference.count >= 4, reference.allSatisfy(\.isHexDigit) else {
            throw RequestError(
                "'\(reference)' is not a revision: use HEAD, HEAD~N, #N or an id prefix of at least 4 hex digits")
        }
        let matches = try database.query(
            "SELECT \(Self.revisionColumns) FROM revisions WHERE id >= ? AND id < ? ORDER BY sequence",
            [.text(reference.lowercased()), .text(reference.lowercased() + "g")]
        ).map(Self.revision)
        if matches.count > 1 {
            throw RequestError(
                "revision prefix \(reference) is ambiguous: \(matches.map(\.shortID).joined(separator: ", "))")
        }
        guard let match = matches.first else { throw RequestError("no revision \(reference)") }
        return match
    }

    /// The revisions a range names: `to` (default HEAD) and `from` (default the revision
    /// before `to`, `nil` when `to` is the first).
    public func revisionRange(from: String?, to: String?) throws -> (from: Revision?, to: Revision) {
        let target = try revision(to ?? "HEAD")
        let base =
            try from.map { try revision($0) } ?? (target.sequence > 1 ? try revision("#\(target.sequence - 1)") : nil)
        return (base, target)
    }

    /// The changeset a revision recorded.
    public func changeset(of revision: Revision) throws -> Data {
        try database.scalar("SELECT changeset FROM revisions WHERE id = ?", [.text(revision.id)])?.data ?? Data()
    }

    /// Every row change `revision` made, read from its stored changeset.
    package func changes(of revision: Revision) throws -> [ChangesetChange] {
        try database.changes(in: try changeset(of: revision))
    }
}
