import CSQLite

/// An error reported by SQLite: the extended result code, SQLite's message, and the
/// SQL text that was running, so that a failure can be traced to its statement.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY_SNAPSHOT`, …).
    public let extendedCode: Int32
    /// SQLite's error message for the failure.
    public let message: String
    /// The SQL text being prepared or run, when there was one.
    public let sql: String?

    /// Creates an error value; the wrapper fills these in from the connection.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public var code: Int32 { extendedCode & 0xff }

    /// SQLite's English name for the result code, such as "constraint failed".
    public var codeDescription: String { String(cString: sqlite3_errstr(extendedCode)) }

    /// True for a failed `UNIQUE`, `PRIMARY KEY`, `CHECK`, `NOT NULL` or foreign key constraint.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// True when the database stayed locked by another connection past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(extendedCode) (\(codeDescription)): \(message)"
        if let sql { text += " — while running: \(sql)" }
        return text
    }
}
