import CatalogModel
import CatalogUsage
import Foundation

/// `catalog config`: the settings in force and where each comes from: a flag or the
/// environment, the project file (``ProjectSettings``), or the default.
struct ConfigCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "config", abstract: "Show the settings in force and where each comes from.",
        discussion: """
            Settings come from .catalog.json, the project file found in the working directory or \
            the nearest folder above it (as git and swift-format find theirs): "database", \
            "project", "sources", "platforms" and "theme", paths relative to the file. A flag on \
            the command line overrides the file, and $CATALOG_DB overrides its database.
            """,
        options: [SharedOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let settings = context.settings
        let file = settings?.file ?? ""
        let from = { (set: Bool) in set ? file : "default" }
        let rows: [(name: String, value: String, source: String)] = [
            ("database", context.databasePath, context.databaseSource),
            ("project", settings?.project ?? "default", from(settings?.project != nil)),
            (
                "sources", settings?.sources?.joined(separator: ", ") ?? "(none: usage scan takes paths)",
                from(settings?.sources != nil)
            ),
            (
                "platforms", settings?.platforms?.map(\.description).joined(separator: ", ") ?? "(from the manifests)",
                from(settings?.platforms != nil)
            ),
            ("theme", settings?.theme?.description ?? "(none: given per command)", from(settings?.theme != nil)),
        ]
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("file", settings.map { .string($0.file) } ?? .null),
                        (
                            "settings",
                            .array(
                                rows.map {
                                    .object([
                                        ("name", .string($0.name)), ("value", .string($0.value)),
                                        ("from", .string($0.source)),
                                    ])
                                })
                        ),
                    ])))
            return
        }
        context.console.print(
            settings.map { "Project file: \($0.file)" }
                ?? "No \(ProjectSettings.fileName) in this folder or above it: defaults, flags and the environment.")
        context.console.write(
            "\n"
                + Formatting.table(
                    rows.map { ["  " + $0.name, $0.value, $0.source] }, header: ["  SETTING", "VALUE", "FROM"]))
    }
}
