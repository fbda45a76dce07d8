import CatalogOperations

/// `catalog init`: creates the database file and brings its schema up to date.
struct InitCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a catalog database and apply its migrations.",
        discussion: "Running it on an existing catalog applies pending migrations and changes nothing else."
    )

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws {
        let migration = try Catalog.migrate(at: context.databasePath, create: true, waiting: context.waiting())
        let applied = migration.applied.count
        if migration.existed && applied == 0 {
            context.console.print(
                "Catalog at \(context.databasePath) is up to date (schema version \(migration.schemaVersion)).")
        } else {
            let verb = migration.existed ? "Upgraded" : "Initialized"
            let plural = applied == 1 ? "" : "s"
            context.console.print(
                "\(verb) catalog at \(context.databasePath) (schema version \(migration.schemaVersion), \(applied) migration\(plural) applied)."
            )
        }
    }
}
