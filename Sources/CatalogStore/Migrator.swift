import CatalogModel
import Foundation
import SQLite

/// Brings a database's schema up to date with an append-only list of ``Migration``s.
///
/// Each pending migration runs in its own immediate transaction together with the row
/// that records its id and checksum, so a failing migration leaves the database at the
/// previous version. Before anything runs, the recorded history is checked against the
/// list: a migration this binary does not know (the database was made by a newer
/// catalog) or one whose checksum changed (a shipped file was edited) is refused.
public struct Migrator: Sendable {
    /// The migrations this binary knows, in order.
    public let migrations: [Migration]

    /// The table that records applied migrations.
    public static let historyTable = "catalog_migrations"

    /// A migrator over `migrations`, by default the ones embedded in the binary.
    public init(migrations: [Migration] = Migration.embedded) {
        self.migrations = migrations.sorted { $0.id < $1.id }
    }

    /// The newest schema version this binary knows.
    public var latestVersion: Int { migrations.last?.id ?? 0 }

    /// The state of every migration known to the binary or recorded in `database`, by id.
    /// Reads only; a database without the history table has everything pending.
    package func status(of database: Database) throws -> [MigrationStatus] {
        let recorded = try appliedMigrations(in: database)
        var result: [MigrationStatus] = []
        for migration in migrations {
            if let row = recorded[migration.id] {
                let state: MigrationStatus.State = row.checksum == migration.checksum ? .applied : .modified
                result.append(
                    MigrationStatus(
                        id: migration.id, name: migration.name, state: state, appliedAt: row.appliedAt,
                        checksum: row.checksum))
            } else {
                result.append(
                    MigrationStatus(
                        id: migration.id, name: migration.name, state: .pending, appliedAt: nil,
                        checksum: migration.checksum))
            }
        }
        let known = Set(migrations.map(\.id))
        for (id, row) in recorded where !known.contains(id) {
            result.append(
                MigrationStatus(
                    id: id, name: row.name, state: .unknown, appliedAt: row.appliedAt, checksum: row.checksum))
        }
        return result.sorted { $0.id < $1.id }
    }

    /// Applies every pending migration in order and returns the ones it applied (none
    /// when the database is up to date). Throws ``MigrationError`` when the database's
    /// history does not match this binary's, before changing anything.
    @discardableResult
    package func migrate(_ database: Database) throws -> [Migration] {
        // The catalog's migrations (0016) and the triggers they create call these.
        try SearchIndexes.defineFunctions(on: database)
        try database.transaction(.immediate) {
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS \(Self.historyTable) (
                    id INTEGER PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    checksum TEXT NOT NULL,
                    applied_at TEXT NOT NULL
                ) STRICT
                """)
        }
        try verifyHistory(of: database)
        var applied: [Migration] = []
        for migration in migrations {
            let didApply = try database.transaction(.immediate) { () throws -> Bool in
                // Another process may have applied it since the history was read.
                let present = try database.scalar(
                    "SELECT 1 FROM \(Self.historyTable) WHERE id = ?", [.integer(Int64(migration.id))])
                guard present == nil else { return false }
                do {
                    try database.execute(migration.sql)
                } catch let error as SQLiteError {
                    throw MigrationError.failed(fileName: migration.fileName, underlying: error)
                }
                // A migration may change content rows: the next revision computes the kept
                // content sums (migration 0007) from the rows again.
                if try database.scalar("SELECT 1 FROM sqlite_schema WHERE name = 'catalog_info'") != nil {
                    try database.execute("DELETE FROM catalog_info WHERE key = 'content_sums'")
                }
                try database.execute(
                    """
                    INSERT INTO \(Self.historyTable) (id, name, checksum, applied_at)
                    VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    """,
                    [.integer(Int64(migration.id)), .text(migration.name), .text(migration.checksum)])
                return true
            }
            if didApply {
                applied.append(migration)
                // Each migration's pages copied into the file before the next: the log then
                // holds one migration at a time, not all of them beside the file they make
                // (a new catalog needs half the room on disk).
                _ = try database.query("PRAGMA wal_checkpoint(PASSIVE)")
            }
        }
        return applied
    }

    /// Throws when the database holds a migration this binary does not know, or one
    /// whose checksum differs from this binary's file.
    package func verifyHistory(of database: Database) throws {
        let states = try status(of: database)
        let unknown = states.filter { $0.state == .unknown }
        if !unknown.isEmpty {
            throw MigrationError.newerDatabase(
                path: database.path, unknown: unknown.map { Migration(id: $0.id, name: $0.name, sql: "").fileName },
                latestKnown: latestVersion)
        }
        if let edited = states.first(where: { $0.state == .modified }),
            let migration = migrations.first(where: { $0.id == edited.id })
        {
            throw MigrationError.modified(
                fileName: migration.fileName, recorded: edited.checksum, current: migration.checksum)
        }
    }

    private struct AppliedRow {
        let name: String
        let checksum: String
        let appliedAt: String
    }

    private func appliedMigrations(in database: Database) throws -> [Int: AppliedRow] {
        let exists = try database.scalar(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(Self.historyTable)])
        guard exists != nil else { return [:] }
        let statement = try database.prepare("SELECT id, name, checksum, applied_at FROM \(Self.historyTable)")
        var rows: [Int: AppliedRow] = [:]
        while try statement.step() {
            rows[Int(try statement.integer(0))] = AppliedRow(
                name: try statement.text(1), checksum: try statement.text(2), appliedAt: try statement.text(3))
        }
        return rows
    }
}

/// Why the migrator refused or failed; each message says what to do about it.
public enum MigrationError: Error, CustomStringConvertible, Equatable {
    /// The database has migrations this binary does not know.
    case newerDatabase(path: String, unknown: [String], latestKnown: Int)
    /// A migration already applied has a different checksum in this binary.
    case modified(fileName: String, recorded: String, current: String)
    /// A migration's SQL failed; the database stays at the previous version.
    case failed(fileName: String, underlying: SQLiteError)

    public var description: String {
        switch self {
        case .newerDatabase(let path, let unknown, let latest):
            return "the database at \(path) was migrated by a newer catalog: it has "
                + "\(unknown.joined(separator: ", ")), which this binary does not know (it knows migrations "
                + "up to \(latest)). Use a newer catalog binary with this database."
        case .modified(let fileName, let recorded, let current):
            return "migration \(fileName) was applied with checksum \(recorded.prefix(12))…, "
                + "but this binary's copy has \(current.prefix(12))…: a shipped migration was edited. "
                + "Restore the original file and put the change in a new migration."
        case .failed(let fileName, let underlying):
            return "migration \(fileName) failed and was rolled back: \(underlying)"
        }
    }
}
