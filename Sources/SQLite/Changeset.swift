import CSQLite
import Foundation

/// One row change of a changeset.
package struct ChangesetChange: Sendable, Equatable {
    /// What happened to the row.
    package enum Operation: String, Sendable {
        case insert, update, delete
    }

    package var table: String
    package var operation: Operation
    /// Per column: the old value (`nil` where the changeset does not carry one).
    package var old: [SQLValue?]
    /// Per column: the new value (`nil` where the changeset does not carry one).
    package var new: [SQLValue?]
    /// Per column: whether it belongs to the primary key.
    package var primaryKey: [Bool]

    /// The primary key values (from the old row for deletes and updates, else the new one).
    package var keyValues: [SQLValue] {
        primaryKey.indices.filter { primaryKey[$0] }.compactMap {
            (operation == .insert ? new[$0] : old[$0]) ?? new[$0]
        }
    }
}

/// A change that could not be applied, with what the target has and what came in.
package struct ChangesetConflict: Sendable, Equatable, CustomStringConvertible {
    /// Why it could not be applied.
    package enum Kind: String, Sendable {
        /// The row exists but its values differ from the changeset's old values.
        case changedLocally = "changed locally"
        /// The row the change expects is not there.
        case missing = "row missing"
        /// An inserted row's key already exists.
        case alreadyExists = "row already exists"
        /// A NOT NULL, CHECK or UNIQUE constraint failed.
        case constraint = "constraint failed"
        /// Foreign keys would be violated.
        case foreignKey = "foreign key violated"
    }

    package var kind: Kind
    /// The change as it came in.
    package var change: ChangesetChange
    /// The target's current row, when there is one.
    package var local: [SQLValue]?

    package var description: String {
        "\(change.table) \(change.keyValues.map(Self.render).joined(separator: ", ")): \(change.operation.rawValue) — \(kind.rawValue)"
    }

    package static func render(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .blob(let data): return "<\(data.count) bytes>"
        }
    }
}

extension Database {
    /// Reads every change of a changeset. Throws when the blob is not a valid changeset.
    package func changes(in changeset: Data) throws -> [ChangesetChange] {
        var result: [ChangesetChange] = []
        try forEachChange(in: changeset) { result.append($0) }
        return result
    }

    /// Calls `body` with each change of a changeset in turn, holding one at a time.
    /// Throws when the blob is not a valid changeset.
    package func forEachChange(in changeset: Data, _ body: (ChangesetChange) throws -> Void) throws {
        guard !changeset.isEmpty else { return }
        try ChangesetFormat.validate(changeset)
        try changeset.withUnsafeBytes { buffer in
            var iterator: OpaquePointer?
            try check(
                sqlite3changeset_start(
                    &iterator, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress)),
                sql: "changeset start")
            var step = sqlite3changeset_next(iterator)
            var failure: Error?
            while step == SQLITE_ROW {
                do {
                    try body(Self.change(at: iterator))
                } catch {
                    failure = error
                    break
                }
                step = sqlite3changeset_next(iterator)
            }
            let finish = sqlite3changeset_finalize(iterator)
            if let failure { throw failure }
            if step != SQLITE_DONE {
                throw SQLiteError(extendedCode: step, message: "the changeset is corrupt", sql: "changeset read")
            }
            try check(finish, sql: "changeset read")
        }
    }

    /// Applies a changeset inside the caller's transaction. Every change is tried; the
    /// returned conflicts (empty on success) say what could not be applied. A changeset
    /// that touches a table outside `allowing` is refused whole, before anything applies
    /// (bad input: forged bytes), so no byte can reach the schema or bookkeeping tables;
    /// SQLite's table filter refuses them again. The caller rolls back when the list is
    /// not empty.
    package func apply(changeset: Data, allowing tables: Set<String>) throws -> [ChangesetConflict] {
        guard !changeset.isEmpty else { return [] }
        for header in try ChangesetFormat.validate(changeset) {
            guard tables.contains(header.name) else {
                throw ChangesetFormatError(
                    problem: "it changes the table \(header.name), which changesets do not carry",
                    offset: header.offset)
            }
            // SQLite skips, without a word, the changes of a table whose shape differs from
            // the changeset's; a skipped change would still be recorded as history.
            let local = try query("SELECT pk FROM pragma_table_info(?) ORDER BY cid", [.text(header.name)]).map {
                ($0[0].int64 ?? 0) != 0
            }
            guard local == header.primaryKey else {
                throw ChangesetFormatError(
                    problem: "its table \(header.name) has \(header.primaryKey.count) columns with primary key "
                        + "\(Self.keyColumns(header.primaryKey)), but this catalog's has \(local.count) with "
                        + "\(Self.keyColumns(local))",
                    offset: header.offset)
            }
        }
        let context = ApplyContext(database: self, tables: tables)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let rc = changeset.withUnsafeBytes { buffer in
            sqlite3changeset_apply_v2(
                handle, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                { context, table in
                    guard let context, let table else { return 0 }
                    let box = Unmanaged<ApplyContext>.fromOpaque(context).takeUnretainedValue()
                    return box.tables.contains(String(cString: table)) ? 1 : 0
                },
                { context, kind, iterator in
                    guard let context else { return SQLITE_CHANGESET_ABORT }
                    let box = Unmanaged<ApplyContext>.fromOpaque(context).takeUnretainedValue()
                    return box.record(kind: kind, iterator: iterator)
                },
                unmanaged.toOpaque(), nil, nil, 0)
        }
        let conflicts = context.conflicts
        // The disk, the memory or the file failing is not the changeset's fault: said as
        // such (a full disk is not "corrupt").
        if [SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, SQLITE_READONLY, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CANTOPEN]
            .contains(rc & 0xFF)
        {
            throw SQLiteError(extendedCode: rc, message: String(cString: sqlite3_errstr(rc)), sql: "changeset apply")
        }
        if rc != SQLITE_OK && rc != SQLITE_ABORT {
            // Bytes that pass the structural check but that SQLite still cannot apply
            // (values that break a constraint, a record that contradicts its table).
            throw ChangesetFormatError(
                problem:
                    "its changes cannot be applied to this catalog (SQLite: \(String(cString: sqlite3_errstr(rc))))",
                offset: nil)
        }
        return conflicts
    }

    /// The positions of the primary-key columns, as `1, 2` (1-based), for messages.
    private static func keyColumns(_ flags: [Bool]) -> String {
        let columns = flags.indices.filter { flags[$0] }.map { String($0 + 1) }
        return columns.isEmpty ? "none" : "column" + (columns.count == 1 ? " " : "s ") + columns.joined(separator: ", ")
    }

    static func change(at iterator: OpaquePointer?) -> ChangesetChange {
        var table: UnsafePointer<CChar>?
        var columns: Int32 = 0
        var operation: Int32 = 0
        var indirect: Int32 = 0
        sqlite3changeset_op(iterator, &table, &columns, &operation, &indirect)
        var keyFlags: UnsafeMutablePointer<UInt8>?
        var keyColumns: Int32 = 0
        sqlite3changeset_pk(iterator, &keyFlags, &keyColumns)
        let kind: ChangesetChange.Operation =
            operation == SQLITE_INSERT ? .insert : operation == SQLITE_DELETE ? .delete : .update
        var old: [SQLValue?] = []
        var new: [SQLValue?] = []
        for column in 0..<columns {
            var value: OpaquePointer?
            if kind != .insert, sqlite3changeset_old(iterator, column, &value) == SQLITE_OK, let value {
                old.append(SQLValue(value))
            } else {
                old.append(nil)
            }
            value = nil
            if kind != .delete, sqlite3changeset_new(iterator, column, &value) == SQLITE_OK, let value {
                new.append(SQLValue(value))
            } else {
                new.append(nil)
            }
        }
        let primaryKey = (0..<Int(columns)).map { index in (keyFlags?[index] ?? 0) != 0 }
        return ChangesetChange(
            table: table.map { String(cString: $0) } ?? "", operation: kind, old: old, new: new, primaryKey: primaryKey)
    }
}

/// What the C callbacks of an apply share: the allowed tables and what went wrong.
private final class ApplyContext {
    let database: Database
    let tables: Set<String>
    var conflicts: [ChangesetConflict] = []

    init(database: Database, tables: Set<String>) {
        self.database = database
        self.tables = tables
    }

    func record(kind: Int32, iterator: OpaquePointer?) -> Int32 {
        if kind == SQLITE_CHANGESET_FOREIGN_KEY {
            conflicts.append(
                ChangesetConflict(
                    kind: .foreignKey,
                    change: ChangesetChange(table: "", operation: .update, old: [], new: [], primaryKey: []), local: nil
                ))
            return SQLITE_CHANGESET_ABORT
        }
        let change = Database.change(at: iterator)
        var local: [SQLValue]?
        if kind == SQLITE_CHANGESET_DATA || kind == SQLITE_CHANGESET_CONFLICT {
            local = (0..<change.old.count).map { column in
                var value: OpaquePointer?
                guard sqlite3changeset_conflict(iterator, Int32(column), &value) == SQLITE_OK, let value else {
                    return .null
                }
                return SQLValue(value)
            }
        }
        let mapped: ChangesetConflict.Kind
        switch kind {
        case SQLITE_CHANGESET_DATA: mapped = .changedLocally
        case SQLITE_CHANGESET_NOTFOUND: mapped = .missing
        case SQLITE_CHANGESET_CONFLICT: mapped = .alreadyExists
        default: mapped = .constraint
        }
        conflicts.append(ChangesetConflict(kind: mapped, change: change, local: local))
        return SQLITE_CHANGESET_OMIT
    }
}

extension SQLValue {
    /// Copies an `sqlite3_value`.
    init(_ value: OpaquePointer) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            self = .text(
                sqlite3_value_text(value).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(sqlite3_value_blob(value).map { Data(bytes: $0, count: count) } ?? Data())
        default: self = .null
        }
    }
}
