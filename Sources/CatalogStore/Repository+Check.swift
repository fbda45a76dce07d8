import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Checks the catalog the way a crash or a bad copy would break it: SQLite's own
    /// integrity and foreign-key checks, every revision's changeset readable, the chain
    /// of revisions linear with each id matching what it hashes, and the content equal to
    /// what the newest revision recorded (so no change is half-applied or unrecorded).
    /// Returns the problems found, empty when the catalog is sound.
    public func check() throws -> [String] {
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
        return problems
    }
}
