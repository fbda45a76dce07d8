import CSQLite
import Foundation

/// A structural check of SQLite's changeset format, run before any bytes reach the
/// session extension.
///
/// The extension trusts the structure of what it reads: SQLite 3.40 (Debian 12's) spins
/// for ever in `sqlite3changeset_next` on a 58-byte changeset whose table header runs
/// past the end (found by `Fuzz/run changeset-apply`). Walking the format first (table
/// headers, then records of typed values, every length within the blob) turns any such
/// input into an error instead.
///
/// The format: a table header is `'T'`, a varint column count, one primary-key flag byte
/// per column and the NUL-terminated table name. Records follow, each an operation
/// byte (INSERT, DELETE or UPDATE), an "indirect" byte and the column values (old and
/// new for an UPDATE); a value is a type byte (0 undefined, 1 integer, 2 real, 3 text,
/// 4 blob, 5 null) followed by 8 bytes, or a varint length and that many bytes.
package enum ChangesetFormat {
    /// The most columns a table may have in SQLite's default build.
    static let maximumColumns = 2_000

    /// A table header of a changeset: the table's name, and per column whether it is
    /// part of the primary key.
    package struct TableHeader: Sendable, Equatable {
        package var name: String
        package var primaryKey: [Bool]
        /// Where the header starts, in bytes.
        package var offset: Int
    }

    /// Throws ``ChangesetFormatError`` naming the first structural problem and its byte
    /// offset; returns the table headers, in order.
    @discardableResult
    package static func validate(_ changeset: Data) throws -> [TableHeader] {
        try changeset.withUnsafeBytes { try validate(bytes: $0) }
    }

    /// ``validate(_:)`` over the changeset's bytes in place (a large one is not copied).
    private static func validate(bytes: UnsafeRawBufferPointer) throws -> [TableHeader] {
        var reader = Reader(bytes: bytes)
        var columns = 0
        var headers: [TableHeader] = []
        while !reader.atEnd {
            let start = reader.offset
            let marker = try reader.byte()
            switch Int32(marker) {
            case Int32(UInt8(ascii: "T")):
                let count = try reader.varint()
                guard count > 0, count <= maximumColumns else {
                    throw reader.corrupt("a table header declares \(count) columns", at: start)
                }
                columns = Int(count)
                let flags = reader.offset
                try reader.skip(columns)
                let name = reader.offset
                guard try reader.skip(through: 0) > 0 else { throw reader.corrupt("a table has no name", at: start) }
                headers.append(
                    TableHeader(
                        name: String(decoding: reader.bytes[name..<(reader.offset - 1)], as: UTF8.self),
                        primaryKey: reader.bytes[flags..<name].map { $0 != 0 }, offset: start))
            case SQLITE_INSERT, SQLITE_DELETE, SQLITE_UPDATE:
                guard columns > 0 else { throw reader.corrupt("a change comes before any table header", at: start) }
                guard try reader.byte() <= 1 else {
                    throw reader.corrupt("a change has a bad indirect flag", at: start)
                }
                let values = Int32(marker) == SQLITE_UPDATE ? 2 * columns : columns
                for _ in 0..<values { try reader.value() }
            default:
                throw reader.corrupt("unexpected byte 0x\(String(marker, radix: 16))", at: start)
            }
        }
        return headers
    }

    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        func corrupt(_ what: String, at place: Int? = nil) -> ChangesetFormatError {
            ChangesetFormatError(problem: what, offset: place ?? offset)
        }

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw corrupt("it ends in the middle of a change") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skip(_ count: Int) throws {
            guard count >= 0, count <= bytes.count - offset else {
                throw corrupt("a length of \(count) bytes runs past the end")
            }
            offset += count
        }

        /// Skips up to and including the next `terminator`; returns how many bytes came before it.
        mutating func skip(through terminator: UInt8) throws -> Int {
            guard let end = bytes[offset...].firstIndex(of: terminator) else {
                throw corrupt("a table name is not terminated")
            }
            defer { offset = end + 1 }
            return end - offset
        }

        /// SQLite's varint: 7 bits a byte, high bit set to continue; the ninth byte is whole.
        mutating func varint() throws -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<9 {
                let next = try byte()
                if index == 8 { return (value << 8) | UInt64(next) }
                value = (value << 7) | UInt64(next & 0x7F)
                if next & 0x80 == 0 { return value }
            }
            return value
        }

        mutating func value() throws {
            let start = offset
            switch try byte() {
            case 0, 5: break
            case 1, 2: try skip(8)
            case 3, 4:
                let length = try varint()
                guard length <= UInt64(Int32.max) else { throw corrupt("a value claims \(length) bytes", at: start) }
                try skip(Int(length))
            case let type: throw corrupt("unknown value type \(type)", at: start)
            }
        }
    }
}

/// A changeset whose bytes do not follow SQLite's changeset format.
package struct ChangesetFormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var problem: String
    /// Where, in bytes from the start of the changeset, when one place is at fault.
    package var offset: Int?

    package var description: String {
        "the changeset is corrupt: \(problem)" + (offset.map { " (byte \($0))" } ?? "")
    }
}
