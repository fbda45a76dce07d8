import CatalogModel
import CatalogOperations

/// `-m/--message` and `--author` as a writing command received them.
struct RevisionOptions: Sendable {
    /// The message given, or `nil` for the command's default.
    let message: String?
    /// The author given, or `nil` for `$USER`.
    let authorOption: String?

    init(_ arguments: ParsedArguments) {
        message = arguments.value("--message")
        authorOption = arguments.value("--author")
    }

    /// The author: `--author`, else `$USER`, else `$LOGNAME`, else "unknown".
    func author(_ context: CommandContext) -> String {
        authorOption ?? context.environment["USER"] ?? context.environment["LOGNAME"] ?? "unknown"
    }

    /// The revision's message (`--message`, else `defaultMessage`) and author.
    func note(_ defaultMessage: String, _ context: CommandContext) -> RevisionNote {
        RevisionNote(message: message ?? defaultMessage, author: author(context))
    }
}

extension CommandContext {
    /// Says which revision a write recorded (nothing when it changed nothing).
    func report(_ revision: Revision?) {
        guard let revision else { return }
        console.print("Recorded revision \(revision.shortID) (#\(revision.sequence)): \(revision.message)")
    }
}
