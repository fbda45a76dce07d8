import CatalogStore
import Foundation

/// What a running command gets from the entry point: where to print, the environment,
/// and the database it works on.
public struct CommandContext {
    /// Where output and diagnostics go.
    public let console: Console
    /// The process environment.
    public let environment: [String: String]
    /// The catalog database: `--db PATH`, else `$CATALOG_DB`, else `./catalog.db`.
    public let databasePath: String

    /// A context; ``CatalogCLI`` builds it, tests may too.
    public init(console: Console, environment: [String: String], databasePath: String) {
        self.console = console
        self.environment = environment
        self.databasePath = databasePath
    }

    /// The database path the options and environment select.
    public static func databasePath(option: String?, environment: [String: String]) -> String {
        if let option { return option }
        if let variable = environment["CATALOG_DB"], !variable.isEmpty { return variable }
        return "catalog.db"
    }

    /// Opens the catalog, applying pending migrations; `mode` says whether a missing file
    /// is created or refused.
    public func openRepository(_ mode: Repository.OpenMode = .mustExist) throws -> Repository {
        try Repository(path: databasePath, mode: mode)
    }
}
