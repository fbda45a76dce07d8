import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogSync
import Foundation
import SQLite

/// The `catalog` command line: parses arguments, runs the command, maps errors to the
/// contract's exit codes (0 success, 1 failure, 64 usage, 65 bad input data).
public enum CatalogCLI {
    /// The version `catalog --version` prints.
    public static let version = "0.1.0"

    /// Runs `catalog` for this process and exits; `main.swift` calls only this.
    public static func main() -> Never {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.standard(environment: environment)
        let status = run(Array(CommandLine.arguments.dropFirst()), environment: environment, console: console)
        console.flush()
        exit(status)
    }

    /// Runs one invocation (arguments without the program name) and returns its exit code.
    public static func run(_ arguments: [String], environment: [String: String], console: Console) -> Int32 {
        let invocation: Invocation
        let global: GlobalOptions
        do {
            (invocation, global) = try ArgumentParser.parse(arguments, root: RootCommand.self)
        } catch {
            return report(error, console: console)
        }
        switch invocation {
        case .version:
            console.print(version)
            return ExitCode.success.rawValue
        case .completionScript(let shell):
            console.write(CompletionScripts.script(for: shell, root: RootCommand.self))
            return ExitCode.success.rawValue
        case .help(let path):
            do {
                let command = try ArgumentParser.command(at: path, root: RootCommand.self)
                console.write(HelpFormatter.help(for: command, path: path))
                return ExitCode.success.rawValue
            } catch {
                return report(error, console: console)
            }
        case .run(let type, let parsed):
            let context = CommandContext(
                console: console, environment: environment,
                databasePath: CommandContext.databasePath(option: global.databasePath, environment: environment),
                quiet: global.quiet)
            do {
                let command = try type.init(parsed)
                try command.run(context)
                return ExitCode.success.rawValue
            } catch {
                return report(error, console: console, database: context.databasePath, verbose: global.verbose)
            }
        }
    }

    /// Prints `error` the way its kind demands and returns its exit code.
    /// `place` names the file the error is about when the error itself does not.
    static func report(
        _ error: any Error, console: Console, place: String? = nil, database: String? = nil, verbose: Bool = false
    ) -> Int32 {
        switch error {
        case let input as InputFailure:
            return report(input.error, console: console, place: input.file, database: database, verbose: verbose)
        case let usage as UsageError:
            let command =
                (try? ArgumentParser.command(at: usage.commandPath, root: RootCommand.self)) ?? RootCommand.self
            let name = (["catalog"] + usage.commandPath).joined(separator: " ")
            console.writeError(
                "Error: \(usage.message)\n"
                    + "Usage: \(HelpFormatter.usage(for: command, path: usage.commandPath))\n"
                    + "  See '\(name) --help' for more information.\n")
            return ExitCode.usage.rawValue
        case let document as DocumentError:
            for diagnostic in document.diagnostics {
                console.diagnose(.error, diagnostic.detail, location: diagnostic.place)
            }
            if document.diagnostics.count > 1 {
                console.writeError("\(document.diagnostics.count) problems; nothing was changed.\n")
            }
            return ExitCode.dataError.rawValue
        case let publish as PublishError:
            console.diagnose(.error, publish.description, location: place)
            return ExitCode.dataError.rawValue
        case let corrupt as ChangesetFormatError:
            console.diagnose(.error, corrupt.description, location: place)
            return ExitCode.dataError.rawValue
        case let version as VersionError:
            console.diagnose(.error, version.description, location: place)
            return ExitCode.dataError.rawValue
        case is BreakingChanges:
            return ExitCode.failure.rawValue
        case let sync as SyncError:
            console.diagnose(.error, sync.description, location: place)
            if sync.isBadData { return ExitCode.dataError.rawValue }
        case let request as RequestError:
            console.diagnose(.error, request.message, location: place)
        case let failure as CommandFailure:
            console.diagnose(.error, failure.message, location: place)
        case let store as StoreError:
            console.diagnose(.error, store.description, location: place)
            if case .notACatalog = store { return ExitCode.dataError.rawValue }
        case let migration as MigrationError:
            console.diagnose(.error, migration.description, location: place)
        case let sqlite as SQLiteError:
            console.diagnose(.error, sqlite.plainDescription(database: database ?? "?"), location: place)
            if verbose { console.writeError("  detail: \(sqlite.description)\n") }
        default:
            console.diagnose(.error, String(describing: error), location: place)
        }
        return ExitCode.failure.rawValue
    }
}
