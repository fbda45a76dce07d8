import CSQLite
import Foundation

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

    /// True when the file is damaged or not a database at all.
    public var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// True when the file is not a SQLite database (its header says another format).
    public var isNotADatabase: Bool { code == SQLITE_NOTADB }

    /// True when the database cannot be written (the file, its folder or its disk are
    /// read-only), as opening it for writing or switching its journal says.
    public var isReadOnly: Bool { code == SQLITE_READONLY || code == SQLITE_CANTOPEN }

    /// True when the database stayed locked by another connection past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// What went wrong in words a user acts on, for the operation `doing` (such as
    /// "saving the catalog"): no SQL, no pragma, no result code (``description`` has them).
    public func plainDescription(database path: String) -> String {
        switch code {
        case SQLITE_FULL: return "the disk is full while saving the catalog \(path); nothing was written"
        case SQLITE_READONLY:
            return "the catalog \(path) is read-only (the file, its folder or its disk cannot be written); "
                + "nothing was written"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "another command kept the catalog \(path) locked too long; nothing was written "
                + "(wait for it, or raise CATALOG_LOCK_TIMEOUT, in seconds)"
        case SQLITE_CANTOPEN:
            let folder = (path as NSString).deletingLastPathComponent
            if FileManager.default.fileExists(atPath: path),
                !FileManager.default.isWritableFile(atPath: path)
                    || !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder)
            {
                return "the catalog \(path) is read-only (the file, its folder or its disk cannot be written); "
                    + "nothing was written"
            }
            return "cannot open the catalog \(path): its folder is missing or cannot be read or written"
        case SQLITE_PERM, SQLITE_AUTH: return "permission denied on the catalog \(path)"
        case SQLITE_IOERR: return "the disk reported an input/output error on the catalog \(path); nothing was written"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "the catalog \(path) is damaged; run 'catalog check', or restore it from a copy"
        case SQLITE_NOMEM: return "out of memory while working on the catalog \(path)"
        case SQLITE_CONSTRAINT:
            return "the change breaks one of the catalog's rules (\(message)); nothing was written"
        default: return "the catalog \(path) could not be used (\(codeDescription)); nothing was written"
        }
    }

    public var description: String {
        var text = "SQLite error \(extendedCode) (\(codeDescription)): \(message)"
        if let sql { text += " — while running: \(sql)" }
        return text
    }
}
