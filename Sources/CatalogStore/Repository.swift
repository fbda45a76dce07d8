import CatalogModel
import Foundation
import SQLite

/// The catalog repository: one SQLite database holding themes, styles, specs and their
/// history. The only code that writes SQL for catalog content lives in this type and
/// its `Repository+Aspect.swift` extensions.
public final class Repository {
    /// The open connection. Sealed: callers read and write through the repository's
    /// methods (``write(_:)``, ``read(_:)``, ``rollingBack(_:)``); `package`, so that tests
    /// and fuzz targets in this package may reach SQLite itself and library users may not.
    package let database: Database

    /// Theme versions loaded during the current write transaction (as token resolvers, with
    /// the references found to resolve in every context, see
    /// ``StyleResolver/problems(skipping:)``), by name and ordinal, so that publishing many
    /// styles against one theme loads and indexes it once and resolves each reference once.
    /// Emptied when a write transaction starts and ends (a published version never changes,
    /// but a rolled-back one may be published again under the same ordinal).
    var themesInWrite: [String: (resolver: TokenResolver, resolved: Set<String>)] = [:]

    /// The rows the current ``commit(message:author:_:)`` inserts in bulk, which its session
    /// does not record (see ``BulkInserts``); `nil` outside a commit.
    var bulkInserts: BulkInserts?

    /// What to do when the database file does not exist.
    public enum OpenMode: Sendable {
        /// Create the file (`catalog init`).
        case createIfMissing
        /// Refuse with ``StoreError/noCatalog(path:)`` (every other command).
        case mustExist
        /// Open an existing, up-to-date catalog for reading only (`catalog mcp`): nothing
        /// is migrated or written, and other processes write meanwhile (WAL).
        case readOnly
    }

    /// The page cache every catalog connection gets, in KiB: enough for reads, diffs and
    /// small writes, small enough that a command scanning a million-token catalog (the
    /// content hash an apply verifies) stays well under 100 MB.
    public static let cacheSizeKiB = 32 * 1024

    /// The page cache for bulk writes (``reserveBulkCache()``), in KiB. SQLite's 2 MB
    /// default makes a million-row transaction take over 1,000 s; rows written in key order
    /// (a batch at a time, ``DeltaBatches``) need little more. Measured on the bench theme
    /// with rows batched: 16 MB against 64 MB, a 100k import 4.3 s against 4.4 s and
    /// 152 MB resident against 186 MB; 1M 60.7 s against 54.3 s and 1148 MB against 1202 MB
    /// (512 MB took 76 s at 1M before rows were batched, with 260 MB more of dirty pages).
    /// SQLite allocates pages as it uses them, so a small write costs no more memory.
    public static let bulkCacheSizeKiB = 16 * 1024

    /// Raises this connection's page cache to ``bulkCacheSizeKiB`` for a write of many
    /// rows: a theme import, a seed, the apply of a large changeset. Deleted content is
    /// zeroed only where that costs no extra write (`secure_delete = FAST`; Debian builds
    /// SQLite with it on, which rewrote every page of a replaced publication state).
    public func reserveBulkCache() throws {
        try database.execute("PRAGMA cache_size = -\(Self.bulkCacheSizeKiB)")
        try database.execute("PRAGMA secure_delete = FAST")
    }

    /// How long a command waits for another writer before giving up, and what it does
    /// when the wait passes a second.
    public struct Waiting: Sendable {
        /// The longest wait for the write lock, in seconds.
        public var limit: Double
        /// Called once when a wait passes a second.
        public var onLongWait: (@Sendable () -> Void)?

        /// Ten minutes, silently.
        public static let standard = Waiting(limit: 600, onLongWait: nil)

        /// Waits up to `limit` seconds; `onLongWait` hears once when a wait passes a second.
        public init(limit: Double, onLongWait: (@Sendable () -> Void)?) {
            self.limit = limit
            self.onLongWait = onLongWait
        }
    }

    /// Opens the catalog at `path`. An up-to-date catalog is only read: opening it takes no
    /// lock, so reads go on while another process writes. A new or out-of-date one is
    /// migrated here, whatever the command (one immediate transaction per migration), and
    /// one whose history this binary does not know is refused (``MigrationError``).
    public init(path: String, mode: OpenMode, migrator: Migrator = Migrator(), waiting: Waiting = .standard) throws {
        if mode != .createIfMissing && path != ":memory:" && !FileManager.default.fileExists(atPath: path) {
            throw StoreError.noCatalog(path: path)
        }
        let isSQLite = try Self.refuseForeignFile(path: path, mode: mode)
        var configuration = Database.Configuration()
        configuration.cacheSizeKiB = Self.cacheSizeKiB
        configuration.busyTimeoutMilliseconds = Int32(min(max(waiting.limit, 0), 86_400) * 1000)
        configuration.onLongWait = waiting.onLongWait
        // Write-ahead logging is switched on only once the file is known to be a catalog:
        // the switch itself writes to the file.
        configuration.writeAheadLog = false
        database = try Self.open(path: path, mode: mode, isSQLite: isSQLite, migrator: migrator, configuration)
    }

    /// The connection to a catalog, migrated if it needs it. A catalog that cannot be
    /// written (a read-only disk, a mounted release) is opened read-only instead, so
    /// that every command that only reads works; a write then fails saying it is read-only.
    private static func open(
        path: String, mode: OpenMode, isSQLite: Bool, migrator: Migrator, _ configuration: Database.Configuration
    ) throws -> Database {
        if mode == .readOnly {
            return try openReadOnly(path: path, isSQLite: isSQLite, migrator: migrator, configuration)
        }
        do {
            let database = try Database(path: path, configuration: configuration)
            if isSQLite { try refuseForeignSchema(of: database, path: path, mode: mode) }
            try SearchIndexes.defineFunctions(on: database)
            try database.useWriteAheadLog()
            if try migrator.status(of: database).contains(where: { $0.state != .applied }) {
                try migrator.migrate(database)
            }
            return database
        } catch let error as SQLiteError where error.isNotADatabase {
            // Its header is not SQLite's: seen by the first read (a per-schema pragma), before any write.
            throw StoreError.notACatalog(path: path, reason: "is not a SQLite database, so not a catalog")
        } catch let error as SQLiteError
            where mode == .mustExist && error.isReadOnly
        {
            var readOnly = configuration
            readOnly.readOnly = true
            readOnly.immutable = true
            let database = try Database(path: path, configuration: readOnly)
            if isSQLite { try refuseForeignSchema(of: database, path: path, mode: mode) }
            if try migrator.status(of: database).contains(where: { $0.state != .applied }) {
                throw error  // it needs migrating, which a read-only catalog cannot be
            }
            try SearchIndexes.defineFunctions(on: database)
            return database
        }
    }

    /// The connection of ``OpenMode/readOnly``: SQLite's read-only flag and `query_only`,
    /// so that not even a bug can write; a catalog that needs migrating is refused, saying
    /// how to migrate it.
    private static func openReadOnly(
        path: String, isSQLite: Bool, migrator: Migrator, _ configuration: Database.Configuration
    ) throws -> Database {
        var readOnly = configuration
        readOnly.readOnly = true
        do {
            func opened(_ configuration: Database.Configuration) throws -> Database {
                let database = try Database(path: path, configuration: configuration)
                if isSQLite { try refuseForeignSchema(of: database, path: path, mode: .readOnly) }
                return database
            }
            let database: Database
            do {
                database = try opened(readOnly)
            } catch let error as SQLiteError where error.isReadOnly && isOnReadOnlyMedia(path) {
                // Read-only media (a mounted release): no write-ahead log's shared memory
                // can be made beside the file, and nobody can change it, so it is read as
                // a file nobody changes, as the commands that open it to write do.
                readOnly.immutable = true
                database = try opened(readOnly)
            }
            if try migrator.status(of: database).contains(where: { $0.state != .applied }) {
                throw StoreError.notACatalog(
                    path: path, reason: "needs migrating before it can be read here (run catalog --db \(path) migrate)")
            }
            try database.execute("PRAGMA query_only = ON")
            // `check` counts the values the search indexes must hold with them.
            try SearchIndexes.defineFunctions(on: database)
            return database
        } catch let error as SQLiteError where error.isNotADatabase {
            throw StoreError.notACatalog(path: path, reason: "is not a SQLite database, so not a catalog")
        }
    }

    /// Whether the file system holding `path` is mounted read-only: only there is a file
    /// safe to read as one nobody changes (a read-only file on a writable disk may still be
    /// replaced or written by its owner).
    private static func isOnReadOnlyMedia(_ path: String) -> Bool {
        var status = statvfs()
        return statvfs(path, &status) == 0 && status.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Refuses what cannot be a catalog before SQLite opens it: a folder, a FIFO or a
    /// device, or (unless creating) an empty file; returns whether the file has content,
    /// which ``refuseForeignSchema(of:path:mode:)`` then reads on the connection itself
    /// (a file that is not SQLite is refused there, before anything writes to it). Its
    /// bytes are not read here: closing a descriptor of the file would drop the locks
    /// every other connection of this process holds on it (POSIX advisory locks are
    /// per process), and another process could then checkpoint the log under them.
    static func refuseForeignFile(path: String, mode: OpenMode) throws -> Bool {
        // Only a regular file is a catalog: a FIFO would block the open, a device or a
        // folder would take SQLite's journal beside it (`/dev/null-journal`).
        var status = stat()
        guard path != ":memory:", !path.isEmpty, stat(path, &status) == 0 else { return false }
        if status.st_mode & S_IFMT != S_IFREG {
            let what = status.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "is not a regular file (a FIFO, a device)"
            throw StoreError.notACatalog(path: path, reason: "\(what), so not a catalog")
        }
        if status.st_size == 0 {
            // An empty main file beside a write-ahead log holds its data in the log.
            var log = stat()
            let logged = stat(path + "-wal", &log) == 0 && log.st_size > 0
            if mode != .createIfMissing && !logged {
                throw StoreError.notACatalog(path: path, reason: "is an empty file, not a catalog")
            }
            return logged
        }
        return true
    }

    /// Refuses another application's database (tables, but no `catalog_info`), a damaged
    /// one, or (unless creating) one without tables.
    static func refuseForeignSchema(of database: Database, path: String, mode: OpenMode) throws {
        let tables: [String]
        do {
            tables = try database.query("SELECT name FROM sqlite_schema WHERE type = 'table'").map { try $0.text(0) }
        } catch let error as SQLiteError where error.isNotADatabase {
            throw StoreError.notACatalog(path: path, reason: "is not a SQLite database, so not a catalog")
        } catch let error as SQLiteError where error.isDamage {
            throw StoreError.notACatalog(path: path, reason: "is a damaged SQLite database")
        }
        if !tables.isEmpty && !tables.contains("catalog_info") {
            throw StoreError.notACatalog(path: path, reason: "is a SQLite database but not a catalog")
        }
        if tables.isEmpty && mode != .createIfMissing {
            throw StoreError.notACatalog(path: path, reason: "is an empty SQLite database, not a catalog")
        }
    }

    /// The catalog's identity, created with the database; changesets carry it.
    public func catalogID() throws -> String {
        guard let row = try database.query("SELECT value FROM catalog_info WHERE key = 'catalog_id'").first else {
            throw RowError(column: "catalog_info.catalog_id", expected: "the catalog's identity", found: "no row")
        }
        return try row.text(0)
    }

    /// The migration states of this catalog.
    public func migrationStatus(migrator: Migrator = Migrator()) throws -> [MigrationStatus] {
        try migrator.status(of: database)
    }

    /// The migration states of the database at `path`, without changing it. A missing
    /// file reports every migration as pending.
    public static func migrationStatus(path: String, migrator: Migrator = Migrator()) throws -> [MigrationStatus] {
        if path != ":memory:" && !FileManager.default.fileExists(atPath: path) {
            return migrator.migrations.map {
                MigrationStatus(id: $0.id, name: $0.name, state: .pending, appliedAt: nil, checksum: $0.checksum)
            }
        }
        let isSQLite = try refuseForeignFile(path: path, mode: .createIfMissing)
        var configuration = Database.Configuration()
        configuration.readOnly = true
        do {
            let database = try Database(path: path, configuration: configuration)
            // A foreign database with a table named like the catalog's history is not read as one.
            if isSQLite { try refuseForeignSchema(of: database, path: path, mode: .createIfMissing) }
            return try migrator.status(of: database)
        } catch let error as SQLiteError where error.isNotADatabase {
            throw StoreError.notACatalog(path: path, reason: "is not a SQLite database, so not a catalog")
        }
    }
}

/// A repository failure that is not SQLite's own: each message says what to do.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// There is no database file at the path.
    case noCatalog(path: String)
    /// The file at the path is not a catalog (bad input data: exit 65).
    case notACatalog(path: String, reason: String)

    public var description: String {
        switch self {
        case .notACatalog(let path, let reason):
            return "\(path) \(reason); nothing was changed (choose a catalog with --db PATH, "
                + "or run 'catalog init' with a new file)"
        case .noCatalog(let path):
            return "no catalog database at \(path); run 'catalog init' to create one, "
                + "or choose another with --db PATH or CATALOG_DB"
        }
    }
}
