import CSQLite
import Foundation

/// A recording of the row changes made to some tables, from SQLite's session extension:
/// create it before the changes, read ``changeset()`` after. The catalog records one per
/// revision; another catalog replays it with ``Database/apply(changeset:allowing:)``.
package final class Session {
    private let handle: OpaquePointer
    /// The connection whose changes are recorded.
    package let database: Database

    /// Starts recording changes to `tables` of the main database.
    package init(database: Database, tables: [String]) throws {
        var pointer: OpaquePointer?
        try database.check(sqlite3session_create(database.handle, "main", &pointer))
        guard let pointer else { throw SQLiteError(extendedCode: SQLITE_NOMEM, message: "cannot create a session") }
        handle = pointer
        self.database = database
        for table in tables {
            try database.check(sqlite3session_attach(handle, table), sql: "session attach \(table)")
        }
    }

    deinit {
        sqlite3session_delete(handle)
    }

    /// Runs `body` without recording its changes (their rows are recorded some other way:
    /// ``ChangesetInserts``).
    package func withoutRecording<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3session_enable(handle, 0)
        defer { sqlite3session_enable(handle, 1) }
        return try body()
    }

    /// Whether nothing was recorded.
    package var isEmpty: Bool { sqlite3session_isempty(handle) != 0 }

    /// The recorded changes as a changeset blob.
    package func changeset() throws -> Data {
        var size: Int32 = 0
        var bytes: UnsafeMutableRawPointer?
        try database.check(sqlite3session_changeset(handle, &size, &bytes), sql: "session changeset")
        defer { sqlite3_free(bytes) }
        guard let bytes, size > 0 else { return Data() }
        return Data(bytes: bytes, count: Int(size))
    }
}
