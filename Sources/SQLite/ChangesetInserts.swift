import CSQLite
import Foundation

/// INSERT records of a changeset written here rather than by the session extension, for
/// bulk inserts.
///
/// SQLite's session keeps a hash table of the rows it records, and its hash (each byte
/// folded in by `h << 3 ^ h ^ byte`, the bucket taken from the low bits) spreads keys that
/// differ only in their digits over very few buckets: the 100,000 token paths of a theme
/// fall into 6,052 of 262,144 buckets, in chains of up to 360 rows, and every insert walks
/// its chain. A bulk import spent a fifth of its time there, and the walk grows with the
/// square of the rows. Rows inserted while the session does not record them are read back
/// here when the transaction is done and written in the same format (see
/// ``ChangesetFormat``): a table header like the session's (the primary-key flag of each
/// column is its position in the key), then one INSERT record per row with every column.
///
/// The records are never held whole: the rows are read twice, once to count the records'
/// bytes (and to show each row to the caller, for the content sums), then to give the
/// records a piece at a time to where they go (a revision's blob, made that size). Held
/// whole, the changeset of a 100k-token theme with three dimensions of modes (44 MB) was
/// the largest part of that import's memory.
package struct ChangesetInserts {
    /// The rows of one table to record: those `sql` selects, with every column.
    private struct Rows {
        var table: String
        var sql: String
        var arguments: [SQLValue]
    }

    private var sources: [Rows] = []

    package init() {}

    /// Records an INSERT for every row of `table` that `sql` selects (it must select every
    /// column, `SELECT * FROM table WHERE …`), after those added before.
    package mutating func append(table: String, rows sql: String, _ arguments: [SQLValue]) {
        sources.append(Rows(table: table, sql: sql, arguments: arguments))
    }

    /// Reads every row: the records' size in bytes. `eachRow` is given each row's table and values.
    package func size(in database: Database, eachRow: (String, [SQLValue]) throws -> Void) throws -> Int {
        var size = 0
        try records(in: database, eachRow: eachRow) { size += $0.count }
        return size
    }

    /// Reads every row again and gives the records, in order, to `write`.
    package func write(in database: Database, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try records(in: database, eachRow: { _, _ in }, write)
    }

    /// Each table's header and an INSERT record for each of its rows, given to `emit`; a
    /// table without rows has no header.
    private func records(
        in database: Database, eachRow: (String, [SQLValue]) throws -> Void,
        _ emit: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var record: [UInt8] = []
        for source in sources {
            let columns = try database.query("SELECT pk FROM pragma_table_info(?)", [.text(source.table)])
            guard !columns.isEmpty else {
                throw SQLiteError(extendedCode: SQLITE_ERROR, message: "no table \(source.table) to record inserts of")
            }
            let statement = try database.prepare(source.sql)
            try statement.bind(source.arguments)
            var header: [UInt8] = [UInt8(ascii: "T")]
            Self.appendVarint(UInt64(columns.count), to: &header)
            for column in columns { header.append(UInt8(clamping: try column.int(0))) }
            header.append(contentsOf: source.table.utf8)
            header.append(0)
            var values: [SQLValue] = []
            while try statement.step() {
                if !header.isEmpty {
                    try header.withUnsafeBytes(emit)
                    header = []
                }
                record.removeAll(keepingCapacity: true)
                record.append(UInt8(SQLITE_INSERT))
                record.append(0)  // not indirect
                values.removeAll(keepingCapacity: true)
                for index in 0..<columns.count { values.append(statement.value(at: index)) }
                for value in values { Self.append(value, to: &record) }
                try eachRow(source.table, values)
                try record.withUnsafeBytes(emit)
            }
        }
    }

    /// A value: its type byte, then 8 big-endian bytes (integer, real) or a varint length
    /// and the bytes (text, blob); NULL is its type byte alone.
    static func append(_ value: SQLValue, to bytes: inout [UInt8]) {
        switch value {
        case .integer(let number):
            bytes.append(UInt8(SQLITE_INTEGER))
            appendBigEndian(UInt64(bitPattern: number), to: &bytes)
        case .real(let number):
            bytes.append(UInt8(SQLITE_FLOAT))
            appendBigEndian(number.bitPattern, to: &bytes)
        case .text(let text):
            bytes.append(UInt8(SQLITE_TEXT))
            appendVarint(UInt64(text.utf8.count), to: &bytes)
            bytes.append(contentsOf: text.utf8)
        case .blob(let blob):
            bytes.append(UInt8(SQLITE_BLOB))
            appendVarint(UInt64(blob.count), to: &bytes)
            bytes.append(contentsOf: blob)
        case .null:
            bytes.append(UInt8(SQLITE_NULL))
        }
    }

    static func appendBigEndian(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// SQLite's varint: 7 bits a byte, most significant first, the high bit saying more
    /// follow; a ninth byte, if any, holds 8 bits.
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        if value >> 56 != 0 {
            for shift in stride(from: 57, through: 8, by: -7) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)) | 0x80)
            }
            bytes.append(UInt8(truncatingIfNeeded: value))
            return
        }
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest != 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }
}
