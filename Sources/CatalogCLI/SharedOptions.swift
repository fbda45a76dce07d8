import CatalogModel

/// Options several commands share.
enum SharedOptions {
    static let json = OptionSpec.flag("--json", help: "Print JSON for scripts.")
    static let mode = OptionSpec.option(
        "--mode", value: "mode", help: "A mode to resolve in, such as dark or mobile; one per dimension.",
        repeatable: true)

    /// `-m` and `--author`, on every command that records a revision.
    static let revision: [OptionSpec] = [
        .option("-m", "--message", value: "text", help: "The revision message (default: what the command did)."),
        .option("--author", value: "name", help: "The revision author (default: $USER)."),
    ]

    /// `-o`/`--output` (`--out` kept as an alias), on every command that writes a file or folder.
    static func output(_ value: String, help: String) -> OptionSpec {
        .option("-o", "--out", "--output", value: value, help: help)
    }

    /// The `--output` path, `nil` when not given; an empty path is a usage error.
    static func outputPath(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.value("--output") else { return nil }
        guard !path.isEmpty else {
            throw UsageError("--output is empty; give a path", commandPath: arguments.commandPath)
        }
        return path
    }

    /// Parses a `NAME[@VERSION]` argument or throws a usage error.
    static func reference(_ text: String, _ arguments: ParsedArguments, what: String) throws -> VersionedName {
        guard let reference = VersionedName(text) else {
            throw UsageError("'\(text)' is not \(what) NAME or NAME@X.Y.Z", commandPath: arguments.commandPath)
        }
        return reference
    }
}
