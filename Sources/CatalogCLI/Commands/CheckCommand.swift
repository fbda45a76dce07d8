import CatalogStore

/// `catalog check`: verifies the database after a crash, a copy or a restore.
struct CheckCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Verify the catalog: SQLite integrity, the revision chain, and content matching history.",
        discussion: """
            Runs SQLite's integrity and foreign-key checks, reads every revision's changeset, \
            checks that the revisions form one linear chain whose ids match what they hash, and \
            that the content is what the newest revision recorded. Exits 1 and lists the problems \
            when any is found. It only reads.
            """
    )

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let problems = try repository.check()
        let head = try repository.headRevision()
        guard problems.isEmpty else {
            for problem in problems { context.console.diagnose(.error, problem) }
            throw CommandFailure(
                "\(problems.count) problem\(problems.count == 1 ? "" : "s") found in \(context.databasePath)")
        }
        let history = head.map { "\($0.sequence) revisions, head \($0.shortID)" } ?? "no revisions"
        context.console.print("ok: \(context.databasePath) is sound (\(history)).")
    }
}
