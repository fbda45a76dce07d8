import CSQLite
import Foundation

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A compiled SQL statement, finalized when the value is released.
///
/// Bind with ``bind(_:)`` or ``bind(named:)``, then ``step()`` through rows reading
/// columns with ``value(at:)`` and the typed readers, or ``run()`` it to completion.
package final class Statement {
    let handle: OpaquePointer
    /// The connection the statement belongs to; kept alive as long as the statement.
    package let database: Database
    /// The SQL text, for error messages.
    package let sql: String
    /// Whether releasing this value finalizes the statement (not for the connection's
    /// cached statements, which the connection finalizes).
    private let owned: Bool

    /// A view of one of `database`'s cached statements.
    init(database: Database, cachedHandle: OpaquePointer, sql: String) {
        handle = cachedHandle
        self.database = database
        self.sql = sql
        owned = false
    }

    init(database: Database, sql: String) throws {
        var pointer: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let rc = sql.withCString { sqlite3_prepare_v2(database.handle, $0, -1, &pointer, &tail) }
        try database.check(rc, sql: sql)
        guard let pointer else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "no SQL statement in the text", sql: sql)
        }
        self.handle = pointer
        self.database = database
        self.sql = sql
        owned = true
    }

    deinit {
        if owned { sqlite3_finalize(handle) }
    }

    /// Resets the statement and clears its bindings without reporting (a finished
    /// statement holds no read snapshot).
    func finish() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The number of parameters (`?`, `:name`) in the statement.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The number of columns in a result row.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index`.
    package func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Resets the statement and binds `values` to its parameters in order; the count must match.
    package func bind(_ values: [SQLValue]) throws {
        try resetAndClear()
        guard values.count == parameterCount else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE,
                message: "expected \(parameterCount) arguments, got \(values.count)",
                sql: sql
            )
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Resets the statement and binds named parameters; keys may omit the `:` prefix.
    /// Every parameter of the statement must be given, and every key must exist.
    package func bind(named values: [String: SQLValue]) throws {
        try resetAndClear()
        var unbound = Set((0..<parameterCount).map { Int32($0 + 1) })
        for (key, value) in values {
            let candidates = key.first.map { ":@$".contains($0) } == true ? [key] : [":" + key, "@" + key, "$" + key]
            guard
                let index = candidates.lazy.map({ sqlite3_bind_parameter_index(self.handle, $0) }).first(where: {
                    $0 > 0
                })
            else {
                throw SQLiteError(extendedCode: SQLITE_RANGE, message: "no parameter named \(key)", sql: sql)
            }
            try bind(value, at: index)
            unbound.remove(index)
        }
        if let missing = unbound.min() {
            let name = sqlite3_bind_parameter_name(handle, missing).map { String(cString: $0) } ?? "?\(missing)"
            throw SQLiteError(extendedCode: SQLITE_RANGE, message: "no value for parameter \(name)", sql: sql)
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    package func bind(_ value: SQLValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(handle, index)
        case .integer(let number):
            rc = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            rc = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var text = text
            rc = text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text64(handle, index, "", 0, transient, UInt8(SQLITE_UTF8))  // not NULL
                }
                return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            if data.isEmpty {
                rc = sqlite3_bind_zeroblob(handle, index, 0)  // a nil pointer would bind NULL
            } else {
                rc = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), transient)
                }
            }
        }
        try database.check(rc, sql: sql)
    }

    /// Advances to the next row: true when a row is available, false at the end.
    @discardableResult
    package func step() throws -> Bool {
        try database.check(sqlite3_step(handle), sql: sql) == SQLITE_ROW
    }

    /// Steps to completion, ignoring any rows.
    package func run() throws {
        while try step() {}
    }

    /// Binds `values` and steps to completion: the loop body of a bulk insert.
    package func run(_ values: [SQLValue]) throws {
        try bind(values)
        try run()
    }

    /// Binds `values` as ``run(_:)`` does, but a blob's bytes where they are rather than a
    /// copy (binding a 20 MB blob copied it whole), steps to completion and clears the
    /// bindings while those bytes are still borrowed.
    package func runBorrowingBlobs(_ values: [SQLValue]) throws {
        func bind(from position: Int) throws {
            guard position < values.count else {
                defer { sqlite3_clear_bindings(handle) }
                try run()
                return
            }
            let index = Int32(position + 1)
            guard case .blob(let data) = values[position], !data.isEmpty else {
                try self.bind(values[position], at: index)
                return try bind(from: position + 1)
            }
            try data.withUnsafeBytes { bytes in
                // No destructor: SQLite reads the bytes in place until the bindings are cleared.
                try database.check(
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), nil), sql: sql)
                try bind(from: position + 1)
            }
        }
        try bind(from: 0)
    }

    /// Steps through the remaining rows and returns them.
    package func rows() throws -> [Row] {
        let names = (0..<columnCount).map(columnName)
        var rows: [Row] = []
        while try step() {
            rows.append(Row(columns: names, values: (0..<names.count).map(value(at:))))
        }
        return rows
    }

    /// Resets the statement so that it can run again, keeping its bindings.
    package func reset() throws {
        try database.check(sqlite3_reset(handle), sql: sql)
    }

    private func resetAndClear() throws {
        // sqlite3_reset repeats the previous step's error; that error was already thrown.
        _ = sqlite3_reset(handle)
        try database.check(sqlite3_clear_bindings(handle), sql: sql)
    }

    // MARK: Reading columns of the current row

    /// Column `index` of the current row as a value of its storage class.
    package func value(at index: Int) -> SQLValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(text(at: column))
        case SQLITE_BLOB: return .blob(blob(at: column))
        default: return .null
        }
    }

    /// A column's storage class, for readers that consume a row without building values.
    package enum StorageClass: Sendable {
        case null, integer, real, text, blob
    }

    /// The storage class of column `index` in the current row.
    package func storageClass(at index: Int) -> StorageClass {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// The bytes of text or blob column `index` (UTF-8 for text), valid only inside `body`:
    /// no copy, for hashing large tables.
    package func withBytes<T>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let column = Int32(index)
        let start: UnsafeRawPointer? =
            sqlite3_column_type(handle, column) == SQLITE_BLOB
            ? sqlite3_column_blob(handle, column) : sqlite3_column_text(handle, column).map { UnsafeRawPointer($0) }
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count))
    }

    /// Column `index` as an integer (SQLite converts; `NULL` reads as 0).
    package func int64(at index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    /// Column `index` as a double (SQLite converts; `NULL` reads as 0).
    package func double(at index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// Column `index` as text, or `nil` for `NULL`.
    package func string(at index: Int) -> String? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : text(at: Int32(index))
    }

    /// Column `index` as bytes, or `nil` for `NULL`.
    package func data(at index: Int) -> Data? {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL ? nil : blob(at: Int32(index))
    }

    private func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func blob(at column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }
}
