import CatalogModel
import SQLite

/// A table whose rows hold for a range of a theme's publication ordinals: a row is valid
/// from `since` up to (not including) `until`, or onwards while `until` is NULL.
struct DeltaTable {
    /// The table's name.
    let name: String
    /// The key columns besides `theme` and `since`, in primary-key order.
    let keyColumns: [String]
    /// The other columns, compared to tell whether a row changed.
    let payloadColumns: [String]
    /// The payload columns that hold JSON, by position (written with sorted keys for the
    /// content hash).
    var jsonColumns: [Int] = []

    static let tokens = DeltaTable(
        name: "tokens", keyColumns: ["path"],
        payloadColumns: [
            "identity", "stable_id", "type", "description", "deprecated", "deprecation_reason", "replaced_by",
            "dimension", "extensions", "metadata",
        ], jsonColumns: [8, 9])
    static let values = DeltaTable(
        name: "token_values", keyColumns: ["path", "mode"], payloadColumns: ["value", "alias_of"], jsonColumns: [0])
    static let resolved = DeltaTable(name: "resolved_tokens", keyColumns: ["path", "mode"], payloadColumns: ["value"])

    /// The SQL condition for rows valid at ordinal `?N`. With `lookup`, the terms are
    /// written so that SQLite cannot use the `since`/`until` indexes for them (`+column`),
    /// for queries that find their rows by primary key instead.
    static func valid(at parameter: String, prefix: String = "", lookup: Bool = false) -> String {
        let mark = lookup ? "+" : ""
        return
            "\(mark)\(prefix)since <= \(parameter) AND (\(prefix)until IS NULL OR \(mark)\(prefix)until > \(parameter))"
    }
}

/// One row to write: key values and payload values, in the table's column order.
struct DeltaRow {
    var key: [String]
    var payload: [SQLValue]
    /// The payload as a theme version's content hash reads it, where it differs from the
    /// stored one: JSON columns with their keys sorted (rows keep the order files give).
    var canonical: [SQLValue]? = nil

    init(key: [String], payload: [SQLValue]) {
        self.key = key
        self.payload = payload
    }

    /// A row whose JSON values `json` (at their positions in `payload`, as written there)
    /// may list object members out of order: ``canonical`` is set to the payload with those
    /// written with sorted keys when any of them does.
    init(key: [String], payload: [SQLValue], json: [(position: Int, value: JSON)]) {
        self.init(key: key, payload: payload)
        guard json.contains(where: { !$0.value.hasSortedKeys }) else { return }
        var canonical = payload
        for (position, value) in json where !value.hasSortedKeys {
            canonical[position] = .text(value.serialized(sortedKeys: true))
        }
        self.canonical = canonical
    }

    /// Key order as SQLite's BINARY collation sorts text: by UTF-8 bytes.
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        return a.count < b.count
    }
}

extension Repository {
    /// Makes `rows` the state of `table` for `theme` at `ordinal`: rows of the previous
    /// state that changed or vanished are closed (`until = ordinal`), new or changed rows
    /// are inserted (`since = ordinal`), identical rows are left alone. The previous state
    /// is streamed in key order and merged with `rows`, so memory holds only the new rows.
    /// With `only` (paths), just the rows at those paths are considered, found by primary
    /// key: `rows` is their new state and every other row stays as it is. With `within`,
    /// just the rows whose path lies in that range are (a batch of ``DeltaBatches``).
    /// Returns the paths whose rows changed. With `summing`, each row written and each row
    /// closed is fed to a theme version's content sums (added and taken away).
    @discardableResult
    func writeDelta(
        _ table: DeltaTable, theme: String, ordinal: Int, rows: consuming [DeltaRow], only: Set<String>? = nil,
        within bounds: PathRange? = nil,
        summing: ((_ encodedRow: UnsafeRawBufferPointer, _ sign: Int64) -> Void)? = nil
    ) throws -> Set<String> {
        rows.sort { DeltaRow.precedes($0.key, $1.key) }  // in place: the rows are the caller's to give up
        let keys = table.keyColumns.joined(separator: ", ")
        let payload = table.payloadColumns.joined(separator: ", ")
        let current: Statement
        if let only {
            // From the path list (CROSS JOIN), so that each path is looked up by primary key.
            let list = JSON.array(only.map { .string($0) }).serialized()
            let qualified = { (columns: [String]) in columns.map { "t.\($0)" }.joined(separator: ", ") }
            current = try database.prepare(
                "SELECT \(qualified(table.keyColumns)), t.since, \(qualified(table.payloadColumns)) "
                    + "FROM json_each(?2) AS p CROSS JOIN \(table.name) AS t ON t.theme = ?1 AND t.path = p.value "
                    + "WHERE +t.until IS NULL ORDER BY \(qualified(table.keyColumns))")
            try current.bind([.text(theme), .text(list)])
        } else {
            // A batch's range by primary key: `path` is the key's first column after `theme`.
            var range = ""
            var parameters: [SQLValue] = [.text(theme)]
            if let lower = bounds?.lower {
                range += " AND path >= ?\(parameters.count + 1)"
                parameters.append(.text(lower))
            }
            if let upper = bounds?.upper {
                range += " AND path < ?\(parameters.count + 1)"
                parameters.append(.text(upper))
            }
            current = try database.prepare(
                "SELECT \(keys), since, \(payload) FROM \(table.name) WHERE theme = ?1\(range) AND until IS NULL "
                    + "ORDER BY \(keys)")
            try current.bind(parameters)
        }
        let keyMatch = table.keyColumns.map { "\($0) = ?" }.joined(separator: " AND ")
        let close = try database.prepare(
            "UPDATE \(table.name) SET until = ? WHERE theme = ? AND \(keyMatch) AND since = ?")
        let columns = ["theme"] + table.keyColumns + ["since"] + table.payloadColumns
        let insert = try database.prepare(
            "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        )
        let keyCount = table.keyColumns.count
        let ordinalValue = SQLValue.integer(Int64(ordinal))

        // Writes wait until the cursor is done: a table is not changed under its own cursor.
        var inserts: [Int] = []
        var closes: [[SQLValue]] = []
        var changed: Set<String> = []
        var next = 0
        while try current.step() {
            let key = try (0..<keyCount).map { try current.text($0) }
            let since = current.value(at: keyCount)
            while next < rows.count && DeltaRow.precedes(rows[next].key, key) {
                inserts.append(next)
                next += 1
            }
            let payload = (0..<table.payloadColumns.count).map { current.value(at: keyCount + 1 + $0) }
            if next < rows.count && rows[next].key == key {
                if rows[next].payload != payload {
                    closes.append([ordinalValue, .text(theme)] + key.map { .text($0) } + [since])
                    summing.map { Self.sum(key, table.canonical(payload), sign: -1, into: $0) }
                    inserts.append(next)
                }
                next += 1
            } else {
                closes.append([ordinalValue, .text(theme)] + key.map { .text($0) } + [since])
                summing.map { Self.sum(key, table.canonical(payload), sign: -1, into: $0) }
            }
        }
        inserts += next..<rows.count
        for values in closes {
            // A row inserted in bulk earlier in this commit is recorded as it ends up.
            if let bulk = bulkInserts, case .integer(let since) = values[values.count - 1],
                bulk.contains(table.name, theme: theme, since: Int(since))
            {
                try bulk.changingInserted { try close.run(values) }
            } else {
                try close.run(values)
            }
            if case .text(let path) = values[2] { changed.insert(path) }
        }
        func insertRows() throws {
            for index in inserts {
                try insert.run(
                    [.text(theme)] + rows[index].key.map { .text($0) } + [ordinalValue] + rows[index].payload)
                summing.map {
                    Self.sum(rows[index].key, rows[index].canonical ?? rows[index].payload, sign: 1, into: $0)
                }
                changed.insert(rows[index].key[0])
            }
        }
        if let bulk = bulkInserts, !inserts.isEmpty {
            try bulk.inserting(table.name, theme: theme, ordinal: ordinal, rows: inserts.count, insertRows)
        } else {
            try insertRows()
        }
        return changed
    }

    /// Feeds one row, encoded as the content hash reads it, to `summing`.
    private static func sum(
        _ key: [String], _ payload: [SQLValue], sign: Int64,
        into summing: (_ encodedRow: UnsafeRawBufferPointer, _ sign: Int64) -> Void
    ) {
        var line: [UInt8] = []
        RowSum.encode(key.map { .text($0) } + payload, into: &line)
        line.withUnsafeBytes { summing($0, sign) }
    }
}

extension DeltaTable {
    /// A stored payload as the content hash reads it: JSON columns with sorted keys.
    func canonical(_ payload: [SQLValue]) -> [SQLValue] {
        var payload = payload
        for position in jsonColumns {
            guard case .text(let text) = payload[position], let value = try? JSONParser.parse(text, file: name),
                !value.hasSortedKeys
            else { continue }
            payload[position] = .text(value.serialized(sortedKeys: true))
        }
        return payload
    }
}
