import CatalogModel

/// A `catalog` command: its declaration, its validation (the initializer) and its work.
///
/// Adding a command is one new file holding a type that conforms to this protocol,
/// plus its name in the parent's ``CommandSpec/subcommands``. The initializer reads
/// and validates ``ParsedArguments`` (throwing ``UsageError`` for bad combinations);
/// ``run(_:)`` does the work through the layers below and prints through the context.
package protocol CatalogCommand: Sendable {
    /// What the command accepts and what its help says.
    static var spec: CommandSpec { get }
    /// Reads and validates the parsed arguments.
    init(_ arguments: ParsedArguments) throws
    /// Does the work. Throwing ends the process with the exit code the error maps to.
    func run(_ context: CommandContext) throws
}

/// A command whose only job is to hold subcommands (`catalog theme`): invoking it
/// without one is a usage error listing them.
package protocol CommandGroup: CatalogCommand {}

extension CommandGroup {
    package init(_ arguments: ParsedArguments) throws {
        let names = Self.spec.subcommands.map { $0.spec.name }.joined(separator: ", ")
        throw UsageError("Missing subcommand; expected one of: \(names)", commandPath: arguments.commandPath)
    }

    package func run(_ context: CommandContext) throws {}
}

/// A mistake in how the command was invoked: exit 64, with the usage line and a pointer
/// to the command's help.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, with a "did you mean" where one is close.
    package var message: String
    /// The command the mistake belongs to (empty for the root).
    package var commandPath: [String]

    /// A usage error for the command at `commandPath`.
    package init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }

    package var description: String { message }
}

/// A command that failed for a reason other than its input's content or its invocation
/// (a refused migration, a missing catalog): exit 1.
package struct CommandFailure: Error, Equatable, CustomStringConvertible {
    /// What went wrong and what to do.
    package var message: String

    /// A failure with `message`.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

extension CommandFailure: CatalogFailure {
    package var exitStatus: ExitStatus { .failure }
    package func failureLines(database: String?) -> [FailureLine] { [FailureLine(message)] }
}
