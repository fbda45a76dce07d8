import CatalogModel
import CatalogOperations
import Foundation

/// What a running command gets from the entry point: where to print, the environment,
/// and the database it works on.
package struct CommandContext {
    /// Where output and diagnostics go.
    package let console: Console
    /// The process environment.
    package let environment: [String: String]
    /// The catalog database: `--db PATH`, else `$CATALOG_DB`, else the project file's,
    /// else `./catalog.db`.
    package let databasePath: String
    /// Where ``databasePath`` comes from: `--db`, `$CATALOG_DB`, the project file, `default`.
    package let databaseSource: String
    /// The project file's settings (``ProjectSettings``), when one is found upward.
    package let settings: ProjectSettings?
    /// `--quiet`: no progress on standard error.
    package let quiet: Bool
    /// `--verbose`: every warning, not one per kind (``WarningGroups``).
    package let verbose: Bool

    /// A context; ``CatalogCLI`` builds it, tests may too.
    package init(
        console: Console, environment: [String: String], databasePath: String, quiet: Bool = false,
        verbose: Bool = false, settings: ProjectSettings? = nil, databaseSource: String = "--db"
    ) {
        self.console = console
        self.environment = environment
        self.databasePath = databasePath
        self.databaseSource = databaseSource
        self.settings = settings
        self.quiet = quiet
        self.verbose = verbose
    }

    /// A progress line for long work: drawn when standard error is a terminal and
    /// `--quiet` is not given.
    func progress(_ label: String) -> ProgressLine {
        ProgressLine(label, console: console, enabled: console.errorsIsTerminal && !quiet)
    }

    /// The database path the options, the environment and the project file select, and
    /// where the choice comes from (`--db`, `$CATALOG_DB`, the file, or the default).
    package static func databasePath(
        option: String?, environment: [String: String], settings: ProjectSettings? = nil
    )
        -> (path: String, source: String)
    {
        if let option { return (option, "--db") }
        if let variable = environment["CATALOG_DB"], !variable.isEmpty { return (variable, "$CATALOG_DB") }
        if let settings, let database = settings.database { return (database, settings.file) }
        return ("catalog.db", "default")
    }

    /// Opens the catalog, applying pending migrations; `create` says whether a missing
    /// file is created or refused.
    package func openCatalog(create: Bool = false) throws -> Catalog {
        try Catalog(path: databasePath, create: create, waiting: waiting())
    }

    /// How long to wait for another writer: `CATALOG_LOCK_TIMEOUT` seconds (default 600),
    /// saying so on a terminal once the wait passes a second.
    func waiting() throws -> Catalog.LockWait {
        var limit = Catalog.LockWait.standard.seconds
        if let text = environment["CATALOG_LOCK_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw CommandFailure(
                    "CATALOG_LOCK_TIMEOUT=\(NameRules.quoted(text)) is not a number of seconds from 0 to 86400")
            }
            limit = seconds
        }
        var notice: (@Sendable () -> Void)?
        if console.errorsIsTerminal {
            notice = { FileHandle.standardError.write(Data("waiting for another writer…\n".utf8)) }
        }
        return Catalog.LockWait(seconds: limit, onLongWait: notice)
    }
}

extension CommandContext {
    /// What a list command prints: with `--json` an array of one object per item, else a
    /// table with `header`, or `empty` (what to run first) when there is nothing to list.
    func printList<Item>(
        _ items: [Item], json: Bool, empty: String, header: [String], row: (Item) -> [String],
        object: (Item) -> [(String, JSON)]
    ) {
        if json {
            console.write(Formatting.json(.array(items.map { .object(object($0)) })))
        } else if items.isEmpty {
            console.print(empty)
        } else {
            console.write(Formatting.table(items.map(row), header: header))
        }
    }
}
