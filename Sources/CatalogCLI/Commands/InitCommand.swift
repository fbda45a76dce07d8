import CatalogModel
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
        let before = try Catalog.migrationStatus(path: context.databasePath)
        let existed = before.contains { $0.state != .pending }
        let catalog = try context.openCatalog(create: true)
        let after = try catalog.migrationStatus()
        let applied = after.count - before.filter { $0.state != .pending }.count
        let version = after.last?.id ?? 0
        if existed && applied == 0 {
            context.console.print("Catalog at \(context.databasePath) is up to date (schema version \(version)).")
        } else {
            let verb = existed ? "Upgraded" : "Initialized"
            let plural = applied == 1 ? "" : "s"
            context.console.print(
                "\(verb) catalog at \(context.databasePath) (schema version \(version), \(applied) migration\(plural) applied)."
            )
        }
    }
}
