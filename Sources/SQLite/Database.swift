import CSQLite
import Foundation

/// A connection to one SQLite database file (or `:memory:`).
///
/// Opening sets what every catalog connection needs: extended result codes, a busy
/// timeout so that concurrent writers wait instead of failing, `foreign_keys=ON`, and
/// `journal_mode=WAL` for files. Every C call goes through ``check(_:sql:)``, which turns
/// a failing result code into an ``SQLiteError`` carrying code, message and SQL.
///
/// A connection is used from one thread at a time; it is not `Sendable`.
package final class Database {
    /// How a connection is opened.
    package struct Configuration: Sendable {
        /// How long a statement waits for a lock held by another connection, in
        /// milliseconds: ten minutes, so that a write queued behind big imports takes its
        /// turn instead of failing.
        package var busyTimeoutMilliseconds: Int32 = 600_000
        /// Called once when a statement has waited a second for another connection's lock
        /// (the CLI says "waiting for another writer…" on a terminal).
        package var onLongWait: (@Sendable () -> Void)?
        /// Use write-ahead logging (ignored for `:memory:` databases).
        package var writeAheadLog = true
        /// Enforce foreign keys.
        package var foreignKeys = true
        /// Open read-only; a missing file is then an error.
        package var readOnly = false
        /// Create the file when it does not exist (ignored when read-only).
        package var create = true
        /// Open read-only as a file nobody changes (SQLite's `immutable`): no lock and no
        /// `-shm` file are needed, so a database on read-only media can be read.
        package var immutable = false
        /// Page cache size in KiB, or `nil` for SQLite's default (about 2 MB). Big imports
        /// need a big cache: a 1M-row transaction is two orders of magnitude faster with 256 MB.
        package var cacheSizeKiB: Int?

        /// The defaults described on each property.
        package init() {}
    }

    /// The underlying `sqlite3*` handle, for the wrapper's own extensions.
    let handle: OpaquePointer
    /// The path the connection was opened with.
    package let path: String
    /// Decides how long a statement waits for a lock; lives as long as the connection.
    private let waiter: BusyWaiter
    /// Compiled statements of ``query(_:_:)``, ``scalar(_:_:)`` and ``execute(_:_:)``, by
    /// SQL, least recently used first in ``statementOrder``.
    private var statementCache: [String: OpaquePointer] = [:]
    private var statementOrder: [String] = []

    /// Stops the statement running on this connection, from any thread (`sqlite3_interrupt`):
    /// it fails with `SQLITE_INTERRUPT`. Nothing happens when none is running.
    package func interrupt() {
        sqlite3_interrupt(handle)
    }

    /// Opens (and by default creates) the database at `path`; `":memory:"` opens a private
    /// in-memory database.
    package init(path: String, configuration: Configuration = Configuration()) throws {
        var flags = SQLITE_OPEN_NOMUTEX
        if configuration.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if configuration.create { flags |= SQLITE_OPEN_CREATE }
        }
        var name = path
        if configuration.immutable {
            flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            // A URI: every byte but the unreserved ones percent-encoded, so `?`, `#` and `%`
            // in the path stay part of it.
            var encoded = ""
            for byte in path.utf8 {
                if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "-._~/".utf8.contains(byte)
                {
                    encoded.unicodeScalars.append(UnicodeScalar(byte))
                } else {
                    encoded += String(format: "%%%02X", byte)
                }
            }
            name = "file:\(encoded)?immutable=1"
        }
        var pointer: OpaquePointer?
        let rc = sqlite3_open_v2(name, &pointer, flags, nil)
        guard let pointer else {
            throw SQLiteError(extendedCode: rc, message: "cannot open database at \(path)")
        }
        guard rc == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(pointer))
            sqlite3_close_v2(pointer)
            throw SQLiteError(extendedCode: rc, message: "\(message): \(path)")
        }
        handle = pointer
        self.path = path
        waiter = BusyWaiter(
            limit: Double(max(configuration.busyTimeoutMilliseconds, 0)) / 1000, onLongWait: configuration.onLongWait)
        try check(sqlite3_extended_result_codes(handle, 1))
        try check(
            sqlite3_busy_handler(
                handle,
                { context, attempt in
                    guard let context else { return 0 }
                    return Unmanaged<BusyWaiter>.fromOpaque(context).takeUnretainedValue().wait(attempt: attempt)
                }, Unmanaged.passUnretained(waiter).toOpaque()))
        if configuration.foreignKeys {
            try execute("PRAGMA foreign_keys = ON")
        }
        if let cache = configuration.cacheSizeKiB {
            try execute("PRAGMA cache_size = -\(max(cache, 0))")
        }
        if configuration.writeAheadLog && !configuration.readOnly { try useWriteAheadLog() }
    }

    /// Switches a file database to write-ahead logging (a no-op for `:memory:`). The
    /// switch writes to the file, so a caller that must look at a file before changing it
    /// opens with ``Configuration/writeAheadLog`` off and calls this afterwards.
    package func useWriteAheadLog() throws {
        guard path != ":memory:" && !path.isEmpty else { return }
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
    }

    deinit {
        for statement in statementCache.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Turns a result code into an error unless it is `SQLITE_OK`, `SQLITE_ROW` or
    /// `SQLITE_DONE`; returns the code so that callers can tell a row from the end.
    @discardableResult
    package func check(_ resultCode: Int32, sql: String? = nil) throws -> Int32 {
        switch resultCode {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
            return resultCode
        default:
            let message = String(cString: sqlite3_errmsg(handle))
            throw SQLiteError(extendedCode: resultCode, message: message, sql: sql)
        }
    }

    /// Compiles one SQL statement.
    package func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs a script of one or more statements without parameters (a migration, a pragma),
    /// stepping each to completion. An error names the statement that failed.
    package func execute(_ script: String) throws {
        try script.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                // The statement's text, for an error only (building it for every statement
                // was a read command's largest start-up cost after the runtime's own).
                let end = tail
                func text() -> String {
                    if rc != SQLITE_OK {
                        // On a syntax error the tail stops mid-statement: name the statement up to its `;`.
                        let rest = String(cString: current)
                        return trimmed(rest.firstIndex(of: ";").map { String(rest[...$0]) } ?? rest)
                    }
                    return trimmed(end.map { Self.text(from: current, to: $0) } ?? String(cString: current))
                }
                if rc != SQLITE_OK { try check(rc, sql: text()) }
                cursor = tail
                guard let statement else { continue }  // whitespace or a comment
                defer { sqlite3_finalize(statement) }
                var step = SQLITE_ROW
                while step == SQLITE_ROW {
                    step = sqlite3_step(statement)
                    if step != SQLITE_ROW && step != SQLITE_DONE { try check(step, sql: text()) }
                }
            }
        }
    }

    /// `text` without leading and trailing whitespace.
    private func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The statement for `sql` from the connection's small cache, compiled on first use,
    /// so that a query run many times (a lookup per token, per style) is compiled once.
    /// The caller finishes it (``Statement/finish()``) when done.
    func cachedStatement(_ sql: String) throws -> Statement {
        if let handle = statementCache[sql] {
            statementOrder.removeAll { $0 == sql }
            statementOrder.append(sql)
            return Statement(database: self, cachedHandle: handle, sql: sql)
        }
        var pointer: OpaquePointer?
        let rc = sql.withCString { sqlite3_prepare_v2(handle, $0, -1, &pointer, nil) }
        try check(rc, sql: sql)
        guard let pointer else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "no SQL statement in the text", sql: sql)
        }
        statementCache[sql] = pointer
        statementOrder.append(sql)
        if statementOrder.count > Self.statementCacheLimit {
            let oldest = statementOrder.removeFirst()
            sqlite3_finalize(statementCache.removeValue(forKey: oldest))
        }
        return Statement(database: self, cachedHandle: pointer, sql: sql)
    }

    /// How many compiled statements a connection keeps.
    static let statementCacheLimit = 48

    /// Runs one statement with positional arguments (`?`, `?1`) to completion.
    package func execute(_ sql: String, _ arguments: [SQLValue]) throws {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        try statement.run()
    }

    /// Runs an INSERT into `table` whose last parameter is the length of `blob` (written
    /// `zeroblob(?)` there), then writes `blob` into the new row's `column` (see
    /// ``insert(_:_:blobSize:table:column:writing:)``).
    package func insert(_ sql: String, _ arguments: [SQLValue], blob: Data, table: String, column: String) throws {
        try insert(sql, arguments, blobSize: blob.count, table: table, column: column) { write in
            try blob.withUnsafeBytes(write)
        }
    }

    /// Runs an INSERT into `table` whose last parameter is `size`, the length of the blob
    /// the new row's `column` gets (written `zeroblob(?)` there), then lets `produce` give
    /// that blob's bytes in order, through the function it is passed; they go to the row a
    /// megabyte at a time. A bound blob is copied whole into the record SQLite builds, a
    /// second copy of a revision's changeset, which a large import makes hundreds of
    /// megabytes long; a zeroblob takes no memory, and the pieces go to the page cache,
    /// which spills. Throws where `produce` gives more or fewer than `size` bytes.
    package func insert(
        _ sql: String, _ arguments: [SQLValue], blobSize size: Int, table: String, column: String,
        writing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        guard size <= Int(Int32.max) else {
            throw SQLiteError(extendedCode: SQLITE_TOOBIG, message: "a \(size)-byte blob is too large for \(table)")
        }
        try execute(sql, arguments + [.integer(Int64(size))])
        var opened: OpaquePointer?
        if size > 0 {
            try check(
                sqlite3_blob_open(handle, "main", table, column, sqlite3_last_insert_rowid(handle), 1, &opened),
                sql: "open \(table).\(column)")
        }
        defer { sqlite3_blob_close(opened) }
        let piece = 1 << 20
        var pending: [UInt8] = []
        var offset = 0
        func put(_ bytes: UnsafeRawBufferPointer) throws {
            guard !bytes.isEmpty else { return }
            guard offset + bytes.count <= size, let opened else {
                throw SQLiteError(
                    extendedCode: SQLITE_ERROR,
                    message: "more than the \(size) bytes announced were written to \(table).\(column)")
            }
            try check(
                sqlite3_blob_write(opened, bytes.baseAddress!, Int32(bytes.count), Int32(offset)),
                sql: "write \(table).\(column)")
            offset += bytes.count
        }
        try produce { bytes in
            if pending.count + bytes.count < piece {
                pending.append(contentsOf: bytes)
                return
            }
            try pending.withUnsafeBytes(put)
            pending.removeAll(keepingCapacity: true)
            for start in stride(from: 0, to: bytes.count, by: piece) {
                try put(UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + piece, bytes.count)]))
            }
        }
        try pending.withUnsafeBytes(put)
        guard offset == size else {
            throw SQLiteError(
                extendedCode: SQLITE_ERROR,
                message: "\(offset) of the \(size) bytes announced were written to \(table).\(column)")
        }
    }

    /// Runs one statement with named arguments (`:name`, `@name`, `$name`) to completion.
    package func execute(_ sql: String, named arguments: [String: SQLValue]) throws {
        let statement = try prepare(sql)
        try statement.bind(named: arguments)
        try statement.run()
    }

    /// Runs a query and returns every row.
    package func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        return try statement.rows()
    }

    /// Runs a query with named arguments and returns every row.
    package func query(_ sql: String, named arguments: [String: SQLValue]) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(named: arguments)
        return try statement.rows()
    }

    /// The first column of the first row, or `nil` when there is no row.
    package func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLValue? {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        try statement.bind(arguments)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last successful `INSERT`.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The SQLite library version, such as "3.40.1".
    package static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>) -> String {
        let count = end - start
        return start.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}

/// SQLite's busy handler for a connection: sleeps between attempts (1 ms growing to
/// 50 ms), says once that it is waiting after a second, and gives up after `limit` seconds.
final class BusyWaiter {
    let limit: Double
    let onLongWait: (@Sendable () -> Void)?
    private var started: Date?
    private var announced = false

    init(limit: Double, onLongWait: (@Sendable () -> Void)?) {
        self.limit = limit
        self.onLongWait = onLongWait
    }

    /// Returns 1 to try again, 0 to give up (the statement then fails with SQLITE_BUSY).
    func wait(attempt: Int32) -> Int32 {
        let now = Date()
        if attempt == 0 { started = now }
        let waited = now.timeIntervalSince(started ?? now)
        if waited >= limit { return 0 }
        if waited >= 1 && !announced {
            announced = true
            onLongWait?()
        }
        usleep(UInt32(min(1 << min(attempt, 16), 50) * 1000))
        return 1
    }
}
