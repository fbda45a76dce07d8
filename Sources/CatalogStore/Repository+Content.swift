import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Content tables created after the first shipped schema (migration 0005 on).
    static let laterContentTables: Set<String> = ["theme_groups"]

    /// SHA-256 over every row of every content table, in primary-key order: two catalogs
    /// with the same content have the same hash, whatever order it was written in.
    /// The bookkeeping tables (identity, revisions, migrations) are left out, and a table
    /// added by a later migration counts only once it holds rows, so that upgrading a
    /// catalog leaves the hashes its history recorded true.
    public func contentHash() throws -> String {
        let hasher = SHA256.Hasher()
        for table in try contentTables() {
            if Self.laterContentTables.contains(table),
                try database.scalar("SELECT EXISTS (SELECT 1 FROM \"\(table)\")")?.int64 == 0
            {
                continue
            }
            let keys = try database.query(
                "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(table)]
            )
            .map { try $0.text(0) }
            let order = keys.isEmpty ? "" : " ORDER BY " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            hasher.update("table \(table)\n")
            let statement = try database.prepare("SELECT * FROM \"\(table)\"\(order)")
            // Each row is hashed as one line, `T<bytes>:<text>;`, `I<n>;`, `R<x>;`, `N;` or
            // `B<bytes>:<sha256>;` per column, built in a reused buffer from SQLite's own bytes.
            var line: [UInt8] = []
            line.reserveCapacity(512)
            while try statement.step() {
                line.removeAll(keepingCapacity: true)
                for column in 0..<statement.columnCount {
                    switch statement.storageClass(at: column) {
                    case .null: line += "N;".utf8
                    case .integer: line += "I\(statement.int64(at: column));".utf8
                    case .real: line += "R\(statement.double(at: column));".utf8
                    case .text:
                        statement.withBytes(at: column) { bytes in
                            line += "T\(bytes.count):".utf8
                            line += bytes
                            line.append(UInt8(ascii: ";"))
                        }
                    case .blob:
                        statement.withBytes(at: column) { bytes in
                            line += "B\(bytes.count):\(SHA256.hex(Data(bytes)));".utf8
                        }
                    }
                }
                line.append(UInt8(ascii: "\n"))
                line.withUnsafeBytes { hasher.update($0) }
            }
        }
        return hasher.finalize()
    }
}
