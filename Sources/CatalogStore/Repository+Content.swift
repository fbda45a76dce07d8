import CatalogModel
import SQLite

extension Repository {
    /// The catalog's content tables (everything but SQLite's own and the migration history).
    public func contentTables() throws -> [String] {
        try database.query(
            """
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?
            ORDER BY name
            """, [.text(Migrator.historyTable)]
        ).compactMap { $0[0].string }
    }

    /// SHA-256 over every row of every content table, in primary-key order: two catalogs
    /// with the same content have the same hash, whatever order it was written in.
    /// `catalog_info` is left out, since it names the database rather than its content.
    public func contentHash() throws -> String {
        let hasher = SHA256.Hasher()
        for table in try contentTables() where table != "catalog_info" {
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
