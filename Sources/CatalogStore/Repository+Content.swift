import CatalogModel
import SQLite

extension Repository {
    /// SHA-256 over every row of every content table, in primary-key order: two catalogs
    /// with the same content have the same hash, whatever order it was written in.
    /// The bookkeeping tables (identity, revisions, migrations) are left out.
    public func contentHash() throws -> String {
        let hasher = SHA256.Hasher()
        for table in try contentTables() {
            let keys = try database.query(
                "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(table)]
            )
            .compactMap { $0[0].string }
            let order = keys.isEmpty ? "" : " ORDER BY " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            hasher.update("table \(table)\n")
            let statement = try database.prepare("SELECT * FROM \"\(table)\"\(order)")
            while try statement.step() {
                var line = ""
                for column in 0..<statement.columnCount {
                    switch statement.value(at: column) {
                    case .null: line += "N;"
                    case .integer(let value): line += "I\(value);"
                    case .real(let value): line += "R\(value);"
                    case .text(let value): line += "T\(value.utf8.count):\(value);"
                    case .blob(let value): line += "B\(value.count):\(SHA256.hex(value));"
                    }
                }
                hasher.update(line + "\n")
            }
        }
        return hasher.finalize()
    }
}
