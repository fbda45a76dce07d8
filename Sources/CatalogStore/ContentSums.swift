import CatalogModel
import SQLite

/// A multiset hash of a table's rows: how many there are and the sum, modulo 2^256, of
/// each row's SHA-256. Adding and removing a row costs one digest, whatever the table's
/// size, and the sum does not depend on the order rows were written in.
struct RowSum: Equatable {
    /// The sum as four 64-bit limbs, least significant first.
    var limbs: [UInt64] = [0, 0, 0, 0]
    var rows: Int64 = 0

    /// Adds (`sign` 1) or removes (`sign` -1) the row `values`.
    mutating func add(_ values: [SQLValue], sign: Int64) {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        Self.encode(values, into: &line)
        line.withUnsafeBytes { add(encoded: $0, sign: sign) }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) a row already encoded (``encode(_:into:)``):
    /// removing adds the digest's two's complement, so one carry loop serves both.
    mutating func add(encoded line: UnsafeRawBufferPointer, sign: Int64) {
        let digest = SHA256.digest(line)
        rows += sign
        var carry: UInt64 = sign > 0 ? 0 : 1
        for index in 0..<4 {
            var limb: UInt64 = 0
            for byte in 0..<8 { limb |= UInt64(digest[index * 8 + byte]) << (8 * UInt64(byte)) }
            if sign < 0 { limb = ~limb }
            let (partial, overflow1) = limbs[index].addingReportingOverflow(limb)
            let (total, overflow2) = partial.addingReportingOverflow(carry)
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
            limbs[index] = total
        }
    }

    /// 32 bytes as four limbs, little-endian.
    private static func limbs(of bytes: [UInt8]) -> [UInt64] {
        (0..<4).map { limb in
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[limb * 8 + $1]) << (8 * UInt64($1)) }
        }
    }

    /// One row as the content hash reads it: per column `N;`, `I<n>;`, `R<x>;`,
    /// `T<bytes>:<text>;` or `B<bytes>:<sha256>;`, then a newline.
    static func encode(_ values: [SQLValue], into line: inout [UInt8]) {
        for value in values {
            switch value {
            case .null: line += "N;".utf8
            case .integer(let number): line += "I\(number);".utf8
            case .real(let number): line += "R\(number);".utf8
            case .text(let text):
                line += "T\(text.utf8.count):".utf8
                line += text.utf8
                line.append(UInt8(ascii: ";"))
            case .blob(let data): line += "B\(data.count):\(SHA256.hex(data));".utf8
            }
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// The 32 bytes stored in `catalog_content_sums.digest_sum`.
    var bytes: [UInt8] {
        limbs.flatMap { limb in (0..<8).map { UInt8(truncatingIfNeeded: limb >> (8 * UInt64($0))) } }
    }

    init() {}

    init(rows: Int64, bytes: [UInt8]) {
        self.rows = rows
        limbs = Self.limbs(of: bytes)
    }
}
