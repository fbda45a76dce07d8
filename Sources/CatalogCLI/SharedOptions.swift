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

    /// Parses a `NAME[@VERSION]` argument or throws a usage error.
    static func reference(_ text: String, _ arguments: ParsedArguments, what: String) throws -> VersionedName {
        guard let reference = VersionedName(text) else {
            throw UsageError("'\(text)' is not \(what) NAME or NAME@X.Y.Z", commandPath: arguments.commandPath)
        }
        return reference
    }
}
