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
/// The records are written into a buffer of their own that grows by `realloc`: a large
/// buffer is its own mapping, which glibc grows in place or remaps, never copied and
/// never filled ahead (as `Data` grown by appending was: 60 MB of memory for a 34 MB
/// changeset of 100,000 tokens).
package struct ChangesetInserts: ~Copyable {
    private var bytes: UnsafeMutableRawPointer?
    private var count = 0
    private var capacity = 0

    package init() {}

    deinit { free(bytes) }

    /// The records, tables in the order they were added, followed by `rest` (another
    /// changeset), as one buffer that the returned `Data` owns.
    package consuming func data(followedBy rest: Data) -> Data {
        rest.withUnsafeBytes { append($0) }
        guard let bytes, count > 0 else {
            free(bytes)
            discard self
            return Data()
        }
        let data = Data(bytesNoCopy: bytes, count: count, deallocator: .free)
        discard self
        return data
    }

    /// Appends `source`, growing the buffer by doubling.
    private mutating func append(_ source: UnsafeRawBufferPointer) {
        guard source.count > 0 else { return }
        if count + source.count > capacity {
            var grown = max(capacity * 2, 1 << 16)
            while grown < count + source.count { grown *= 2 }
            guard let moved = realloc(bytes, grown) else { fatalError("out of memory for a changeset") }
            bytes = moved
            capacity = grown
        }
        (bytes! + count).copyMemory(from: source.baseAddress!, byteCount: source.count)
        count += source.count
    }

    /// Appends `table`'s header and an INSERT record for every row `sql` selects (it must
    /// select every column, `SELECT * FROM table WHERE …`).
    package mutating func append(table: String, from database: Database, rows sql: String, _ arguments: [SQLValue])
        throws
    {
        let columns = try database.query("SELECT pk FROM pragma_table_info(?)", [.text(table)])
        guard !columns.isEmpty else {
            throw SQLiteError(extendedCode: SQLITE_ERROR, message: "no table \(table) to record inserts of")
        }
        let statement = try database.prepare(sql)
        try statement.bind(arguments)
        // Written straight into the buffer (a table's records can be most of a large
        // changeset: no second copy of them), the header taken back when no row follows it.
        let start = count
        var header: [UInt8] = [UInt8(ascii: "T")]
        Self.appendVarint(UInt64(columns.count), to: &header)
        for column in columns { header.append(UInt8(clamping: try column.int(0))) }
        header.append(contentsOf: table.utf8)
        header.append(0)
        header.withUnsafeBytes { append($0) }
        var rows = 0
        var record: [UInt8] = []
        while try statement.step() {
            record.removeAll(keepingCapacity: true)
            record.append(UInt8(SQLITE_INSERT))
            record.append(0)  // not indirect
            for index in 0..<columns.count { Self.append(statement.value(at: index), to: &record) }
            record.withUnsafeBytes { append($0) }
            rows += 1
        }
        if rows == 0 { count = start }
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
