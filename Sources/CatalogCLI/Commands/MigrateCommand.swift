import CatalogModel
import CatalogOperations
import Foundation

/// `catalog migrate [--status] [--json]`: applies pending migrations, or lists them.
struct MigrateCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Apply pending migrations, or list applied and pending ones.",
        discussion: """
            Migrations are embedded in the binary and applied in order, each in its own \
            transaction. A database made by a newer catalog, or one whose applied migration \
            differs from this binary's copy, is refused.
            """,
        options: [
            .flag("--status", help: "List applied and pending migrations without changing the database."),
            .flag("--json", help: "Print the status as JSON."),
        ]
    )

    let statusOnly: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        statusOnly = arguments.flag("--status")
        json = arguments.flag("--json")
        if json && !statusOnly {
            throw UsageError("'--json' requires '--status'", commandPath: arguments.commandPath)
        }
    }

    func run(_ context: CommandContext) throws {
        if statusOnly {
            try printStatus(context)
            return
        }
        let applied = try Catalog.migrate(at: context.databasePath, create: false, waiting: context.waiting()).applied
        if applied.isEmpty {
            context.console.print("Catalog at \(context.databasePath) is up to date.")
        } else {
            for migration in applied {
                context.console.print("applied  \(migration.fileName)")
            }
        }
    }

    private func printStatus(_ context: CommandContext) throws {
        let exists = FileManager.default.fileExists(atPath: context.databasePath)
        let states = try Catalog.migrationStatus(path: context.databasePath)
        if json {
            // The same writer (and so the same layout) as every other --json.
            let migrations = states.map { state -> JSON in
                .object([
                    ("id", .number(Double(state.id))), ("name", .string(state.name)),
                    ("state", .string(state.state.rawValue)),
                    ("appliedAt", state.appliedAt.map { .string($0) } ?? .null),
                    ("checksum", .string(state.checksum)),
                ])
            }
            context.console.write(
                Formatting.json(
                    .object([
                        ("database", .string(context.databasePath)), ("exists", .bool(exists)),
                        ("migrations", .array(migrations)),
                    ])))
            return
        }
        context.console.print("Database: \(context.databasePath)\(exists ? "" : " (does not exist yet)")")
        for state in states {
            let file = state.fileName
            let padded = state.state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            context.console.print("  \(padded)\(file)\(state.appliedAt.map { "  \($0)" } ?? "")")
        }
        let pending = states.filter { $0.state == .pending }.count
        context.console.print("\(states.count - pending) applied, \(pending) pending.")
    }
}
