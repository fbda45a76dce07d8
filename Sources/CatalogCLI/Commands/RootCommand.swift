/// `catalog`: the root of the command tree. Its subcommand list is the registry of
/// top-level commands.
struct RootCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "catalog",
        abstract: "The single source of truth for a design system's button components.",
        discussion: """
            Stores themes (design tokens), style definitions and versioned component specs \
            in one SQLite database; diffs revisions and theme versions; exports changesets \
            and documentation; answers where a style or token is used.
            """,
        subcommands: [
            InitCommand.self, MigrateCommand.self, SeedCommand.self, ThemeCommand.self, AddStyleCommand.self,
            StyleCommand.self, SpecCommand.self, LogCommand.self, ShowCommand.self, DiffCommand.self,
            ExportChangesetCommand.self, ApplyCommand.self, ExportCommand.self, UsageCommand.self, LintCommand.self,
            ImpactCommand.self, CheckCommand.self, SchemaCommand.self, MCPCommand.self, ConfigCommand.self,
            HelpCommand.self,
        ]
    )
}
