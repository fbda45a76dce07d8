import Foundation
import SQLite

/// The catalog repository: one SQLite database holding themes, styles, specs and their
/// history. The only code that writes SQL for catalog content lives in this type and
/// its `Repository+Aspect.swift` extensions.
public final class Repository {
    /// The open connection.
    public let database: Database

    /// What to do when the database file does not exist.
    public enum OpenMode: Sendable {
        /// Create the file (`catalog init`).
        case createIfMissing
        /// Refuse with ``StoreError/noCatalog(path:)`` (every other command).
        case mustExist
    }

    /// The page cache every catalog connection gets, in KiB. SQLite's 2 MB default makes
    /// large imports I/O bound; 64 MB keeps a large theme's tokens and indexes in memory.
    public static let cacheSizeKiB = 64 * 1024

    /// Opens the catalog at `path` and applies pending migrations.
    public init(path: String, mode: OpenMode, migrator: Migrator = Migrator()) throws {
        if mode == .mustExist && path != ":memory:" && !FileManager.default.fileExists(atPath: path) {
            throw StoreError.noCatalog(path: path)
        }
        var configuration = Database.Configuration()
        configuration.cacheSizeKiB = Self.cacheSizeKiB
        database = try Database(path: path, configuration: configuration)
        try migrator.migrate(database)
    }

    /// The catalog's identity, created with the database; changesets carry it.
    public func catalogID() throws -> String {
        try database.scalar("SELECT value FROM catalog_info WHERE key = 'catalog_id'")?.string ?? ""
    }

    /// The migration states of the database at `path`, without changing it. A missing
    /// file reports every migration as pending.
    public static func migrationStatus(path: String, migrator: Migrator = Migrator()) throws -> [Migrator.Status] {
        if path != ":memory:" && !FileManager.default.fileExists(atPath: path) {
            return migrator.migrations.map {
                Migrator.Status(id: $0.id, name: $0.name, state: .pending, appliedAt: nil, checksum: $0.checksum)
            }
        }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        return try migrator.status(of: Database(path: path, configuration: configuration))
    }
}

/// A repository failure that is not SQLite's own: each message says what to do.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// There is no database file at the path.
    case noCatalog(path: String)

    public var description: String {
        switch self {
        case .noCatalog(let path):
            return "no catalog database at \(path); run 'catalog init' to create one, "
                + "or choose another with --db PATH or CATALOG_DB"
        }
    }
}
