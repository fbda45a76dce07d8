import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

/// The `catalog` command line: parses arguments, runs the command, maps errors to the
/// contract's exit codes (0 success, 1 failure, 64 usage, 65 bad input data, 66 an input
/// file missing or unreadable).
package enum CatalogCLI {
    /// The version `catalog --version` prints.
    package static let version = "0.1.0"

    /// Runs `catalog` for this process and exits; `main.swift` calls only this.
    package static func main() -> Never {
        // Read from `environ` directly: Foundation's ProcessInfo costs more at start-up than
        // a read command's own work.
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                environment[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            entry += 1
        }
        let console = Console.standard(environment: environment)
        var status = run(Array(CommandLine.arguments.dropFirst()), environment: environment, console: console)
        console.flush()
        if let failure = console.outputFailure {
            // Output that did not reach its file is a failure, whatever the command did.
            console.diagnose(.error, "could not write the output: \(FileSystemError.reason(failure))")
            console.flush()
            if status == ExitStatus.success.rawValue { status = ExitStatus.failure.rawValue }
        }
        exit(status)
    }

    /// Runs one invocation (arguments without the program name) and returns its exit code.
    package static func run(_ arguments: [String], environment: [String: String], console: Console) -> Int32 {
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
            return ExitStatus.success.rawValue
        case .completionScript(let shell):
            console.write(CompletionScripts.script(for: shell, root: RootCommand.self))
            return ExitStatus.success.rawValue
        case .completeNames(let kind, let theme, let prefix):
            // A completion never fails aloud: no project file, no database, no names.
            let settings = (try? ProjectSettings.forWorkingFolder())?.settings
            let database = CommandContext.databasePath(
                option: global.databasePath, environment: environment, settings: settings)
            guard FileManager.default.fileExists(atPath: database.path),
                let catalog = try? Catalog(
                    path: database.path, create: false, waiting: .init(seconds: 1, onLongWait: nil))
            else { return ExitStatus.success.rawValue }
            for name in NameCompletion.names(kind, theme: theme, prefix: prefix, in: catalog) { console.print(name) }
            return ExitStatus.success.rawValue
        case .help(let path):
            do {
                let command = try ArgumentParser.command(at: path, root: RootCommand.self)
                console.write(HelpFormatter.help(for: command, path: path))
                return ExitStatus.success.rawValue
            } catch {
                return report(error, console: console)
            }
        case .run(let type, let parsed):
            let settings: ProjectSettings?
            do {
                let lookup = try ProjectSettings.forWorkingFolder()
                settings = lookup.settings
                if let reason = lookup.unreadableFolder {
                    console.diagnose(
                        .warning,
                        "the working folder cannot be read (\(reason)): no \(ProjectSettings.fileName) applies")
                }
            } catch {
                return report(error, console: console)
            }
            let database = CommandContext.databasePath(
                option: global.databasePath, environment: environment, settings: settings)
            let context = CommandContext(
                console: console, environment: environment, databasePath: database.path, quiet: global.quiet,
                verbose: global.verbose, settings: settings, databaseSource: database.source)
            do {
                let command = try type.init(parsed)
                try command.run(context)
                return ExitStatus.success.rawValue
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
            return ExitStatus.usage.rawValue
        case is BreakingChanges:
            return ExitStatus.failure.rawValue
        case let failure as any CatalogFailure:
            for line in failure.failureLines(database: database) {
                console.diagnose(.error, line.message, location: line.location ?? place)
            }
            if let summary = failure.failureSummary { console.writeError(summary + "\n") }
            if verbose, let detail = failure.technicalDetail { console.writeError("  detail: \(detail)\n") }
            return failure.exitStatus.rawValue
        default:
            console.diagnose(.error, String(describing: error), location: place)
            return ExitStatus.failure.rawValue
        }
    }
}
