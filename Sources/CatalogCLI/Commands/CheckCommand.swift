import CatalogModel
import CatalogOperations

/// `catalog check`: verifies the database after a crash, a copy or a restore.
struct CheckCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Verify the catalog: SQLite integrity, the revision chain, and content matching history.",
        discussion: """
            Runs SQLite's integrity and foreign-key checks, reads every revision's changeset, \
            checks that the revisions form one linear chain whose ids match what they hash, \
            that the content is what the newest revision recorded, and that the search indexes \
            hold an entry for each row they are drawn from. Exits 1 and lists the problems \
            when any is found. It only reads.
            """,
        options: [SharedOptions.json]
    )

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments.flag("--json") }

    func run(_ context: CommandContext) throws {
        let health = try context.openCatalog().health()
        let (problems, head, unresolved) = (health.problems, health.head, health.unresolved)
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("database", .string(context.databasePath)), ("sound", .bool(problems.isEmpty)),
                        ("revisions", .number(Double(head?.sequence ?? 0))),
                        ("head", head.map { .string($0.id) } ?? .null),
                        ("problems", .array(problems.map { .string($0) })),
                        (
                            "unresolvedTokens",
                            .array(
                                unresolved.map {
                                    .object([
                                        ("theme", .string($0.theme)), ("version", .string($0.version)),
                                        ("count", .number(Double($0.count))),
                                    ])
                                })
                        ),
                    ])))
            if !problems.isEmpty {
                throw CommandFailure(
                    "\(problems.count) problem\(problems.count == 1 ? "" : "s") found in \(context.databasePath)")
            }
            return
        }
        guard problems.isEmpty else {
            for problem in problems { context.console.diagnose(.error, problem) }
            throw CommandFailure(
                "\(problems.count) problem\(problems.count == 1 ? "" : "s") found in \(context.databasePath)")
        }
        let history =
            head.map { "\($0.sequence) revision\($0.sequence == 1 ? "" : "s"), head \($0.shortID)" } ?? "no revisions"
        context.console.print("ok: \(context.databasePath) is sound (\(history)).")
        for entry in unresolved {
            context.console.print(
                "note: \(entry.theme) \(entry.version) has \(Formatting.plural(entry.count, "unresolved token")) (catalog theme problems \(entry.theme)@\(entry.version))"
            )
        }
    }
}
