import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Content tables created after the first shipped schema (migration 0005 on).
    static let laterContentTables: Set<String> = ["theme_groups"]

    /// The content hash, computed from every row of every content table: SHA-256 over
    /// `catalog content v2` and, per table holding rows (by name), its name, row count and
    /// ``RowSum``. Two catalogs with the same content have the same hash, whatever order
    /// it was written in; the bookkeeping tables (identity, revisions, migrations, usage)
    /// are left out. `catalog check` compares it with the newest revision's and with the
    /// sums kept as revisions are recorded (``maintainedContentHash()``).
    public func contentHash() throws -> String {
        Self.hash(of: try computedSums())
    }

    /// The content hash from the sums kept in `catalog_content_sums`, without reading the
    /// content: what recording a revision and applying a changeset cost, whatever the
    /// catalog's size. Equal to ``contentHash()`` unless content was changed behind the
    /// catalog's back (which `catalog check` reports).
    public func maintainedContentHash() throws -> String {
        Self.hash(of: try storedSums())
    }

    private func storedSums() throws -> [String: RowSum] {
        var sums: [String: RowSum] = [:]
        for row in try database.query("SELECT name, row_count, digest_sum FROM catalog_content_sums") {
            guard case .blob(let bytes) = row[2], bytes.count == 32 else {
                throw RowError(column: "catalog_content_sums.digest_sum", expected: "32 bytes", found: "\(row[2])")
            }
            sums[try row.text(0)] = RowSum(rows: Int64(try row.int(1)), bytes: Array(bytes))
        }
        return sums
    }

    /// Whether the content hashes to `recorded`: the maintained hash, else (a revision
    /// recorded before the catalog kept sums, or a changeset file from such a catalog)
    /// the first-generation hash over the rows in key order.
    public func contentMatches(_ recorded: String) throws -> Bool {
        try maintainedContentHash() == recorded || legacyContentHash() == recorded
    }

    /// Runs `body`, which makes changes that arrive with their own revisions (a changeset
    /// file's), under a session, and brings the kept sums up to date with what it changed.
    public func absorbing(in _: borrowing WriteTransaction, _ body: () throws -> Void) throws {
        let session = try Session(database: database, tables: try contentTables())
        try body()
        _ = try absorb(try session.changeset(), inserts: ChangesetInserts())
    }

    /// Brings the kept sums up to date with the rows `inserts` records (all new in this
    /// transaction) and `changeset`, the changes just made besides (a session's, so each
    /// row changes once), and returns the content hash they give and the size of the
    /// records of `inserts`; `nil`, changing nothing, where there are neither. The first
    /// time, the sums are computed from the rows instead.
    func absorb(_ changeset: Data, inserts: ChangesetInserts) throws -> (hash: String, insertsSize: Int)? {
        guard try database.scalar("SELECT value FROM catalog_info WHERE key = 'content_sums'")?.string != nil else {
            let insertsSize = try inserts.size(in: database) { _, _ in }
            guard insertsSize + changeset.count > 0 else { return nil }
            let sums = try computedSums()
            try store(sums)
            try database.execute("INSERT INTO catalog_info (key, value) VALUES ('content_sums', 'v2')")
            return (Self.hash(of: sums), insertsSize)
        }
        var sums = try storedSums()
        let insertsSize = try inserts.size(in: database) { table, row in
            sums[table, default: RowSum()].add(row, sign: 1)
        }
        guard insertsSize + changeset.count > 0 else { return nil }
        var readers: [String: Statement] = [:]
        try database.forEachChange(in: changeset) { change in
            var sum = sums[change.table] ?? RowSum()
            switch change.operation {
            case .insert:
                sum.add(change.new.map { $0 ?? .null }, sign: 1)
            case .delete:
                sum.add(change.old.map { $0 ?? .null }, sign: -1)
            case .update:
                // An update carries only the changed columns: the rest are read from the row.
                let reader = try readers[change.table] ?? rowReader(change.table, primaryKey: change.primaryKey)
                readers[change.table] = reader
                try reader.bind(change.keyValues)
                guard try reader.step() else {
                    throw RowError(column: change.table, expected: "the updated row", found: "none")
                }
                let current = (0..<change.new.count).map { reader.value(at: $0) }
                try reader.reset()
                sum.add(current.indices.map { change.old[$0] ?? current[$0] }, sign: -1)
                sum.add(current, sign: 1)
            }
            sums[change.table] = sum
        }
        try store(sums)
        return (Self.hash(of: sums), insertsSize)
    }

    private func rowReader(_ table: String, primaryKey: [Bool]) throws -> Statement {
        let columns = try columns(of: table)
        let match = columns.indices.filter { primaryKey[$0] }.map { "\"\(columns[$0])\" = ?" }
        return try database.prepare("SELECT * FROM \"\(table)\" WHERE \(match.joined(separator: " AND "))")
    }

    private func store(_ sums: [String: RowSum]) throws {
        for (name, sum) in sums {
            if sum.rows == 0 {
                try database.execute("DELETE FROM catalog_content_sums WHERE name = ?", [.text(name)])
            } else {
                try database.execute(
                    "REPLACE INTO catalog_content_sums (name, row_count, digest_sum) VALUES (?, ?, ?)",
                    [.text(name), .integer(sum.rows), .blob(Data(sum.bytes))])
            }
        }
    }

    private func computedSums() throws -> [String: RowSum] {
        var sums: [String: RowSum] = [:]
        for table in try contentTables() {
            var sum = RowSum()
            let statement = try database.prepare("SELECT * FROM \"\(table)\"")
            while try statement.step() {
                sum.add((0..<statement.columnCount).map { statement.value(at: $0) }, sign: 1)
            }
            sums[table] = sum
        }
        return sums
    }

    private static func hash(of sums: [String: RowSum]) -> String {
        let hasher = SHA256.Hasher()
        hasher.update("catalog content v2\n")
        for (name, sum) in sums.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) where sum.rows != 0 {
            hasher.update("table \(name) \(sum.rows) \(SHA256.hexDigits(sum.bytes))\n")
        }
        return hasher.finalize()
    }

    /// The first-generation content hash (revisions recorded before migration 0007): SHA-256
    /// over every row of every content table in primary-key order, a table added by a later
    /// migration counting only once it holds rows.
    func legacyContentHash() throws -> String {
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
            var line: [UInt8] = []
            line.reserveCapacity(512)
            while try statement.step() {
                line.removeAll(keepingCapacity: true)
                RowSum.encode((0..<statement.columnCount).map { statement.value(at: $0) }, into: &line)
                line.withUnsafeBytes { hasher.update($0) }
            }
        }
        return hasher.finalize()
    }
}
