import Foundation
import SQLite

/// The rows a commit inserts in bulk (a theme version's tokens, values and resolved values),
/// kept out of the commit's session and written into its changeset by ``ChangesetInserts``:
/// the session's hash table puts a theme's token paths in long chains, and a bulk import
/// spent a fifth of its time walking them.
///
/// A bulk insert is a table, a theme and the ordinal its rows start at (`since`): those
/// rows are all new in this transaction, so the changeset holds each as one INSERT of its
/// final state, read back at the end. A later change to such a row in the same commit (a
/// second version of the theme closing it) is kept out of the session too, since the
/// INSERT already carries it.
final class BulkInserts {
    private let session: Session
    private var inserts: [(table: String, theme: String, ordinal: Int)] = []
    /// How many rows each bulk insert wrote, by table and theme.
    private var counts: [String: Int] = [:]
    private var ordinals: [String: Set<Int>] = [:]

    init(session: Session) {
        self.session = session
    }

    /// Runs `body`, which inserts `rows` rows of `table` for `theme` starting at `ordinal`,
    /// without the session recording them.
    func inserting<T>(_ table: String, theme: String, ordinal: Int, rows: Int, _ body: () throws -> T) rethrows -> T {
        if ordinals[Self.key(table, theme), default: []].insert(ordinal).inserted {
            inserts.append((table, theme, ordinal))
        }
        counts[Self.key(table, theme) + "\u{0}\(ordinal)", default: 0] += rows
        return try session.withoutRecording(body)
    }

    /// Whether the row of `table` for `theme` that starts at `since` was inserted in bulk
    /// in this commit.
    func contains(_ table: String, theme: String, since: Int) -> Bool {
        ordinals[Self.key(table, theme)]?.contains(since) == true
    }

    /// Runs `body`, a change to rows inserted in bulk, without the session recording it.
    func changingInserted<T>(_ body: () throws -> T) rethrows -> T {
        try session.withoutRecording(body)
    }

    /// The INSERT records of every bulk insert, as their rows are at the end of the
    /// transaction; the session's changes come after them (a change it recorded may be to
    /// one of these rows).
    var records: ChangesetInserts {
        var records = ChangesetInserts()
        for insert in inserts {
            // A few rows through the `since` index; many (an import) in key order, which
            // SQLite chooses for both unless told (it then read every row of the theme to
            // find a republication's hundred).
            let few = counts[Self.key(insert.table, insert.theme) + "\u{0}\(insert.ordinal)", default: 0] < 50_000
            let index = few ? " INDEXED BY \(insert.table)_by_since" : ""
            records.append(
                table: insert.table, rows: "SELECT * FROM \(insert.table)\(index) WHERE theme = ? AND since = ?",
                [.text(insert.theme), .integer(Int64(insert.ordinal))])
        }
        return records
    }

    private static func key(_ table: String, _ theme: String) -> String { table + "\u{0}" + theme }
}
