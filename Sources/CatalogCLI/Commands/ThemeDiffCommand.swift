import CatalogChanges
import CatalogOperations

/// `catalog theme diff A B`: a semantic diff of two theme versions or token files.
struct ThemeDiffCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "diff", abstract: "Compare two theme versions or token files token by token.",
        discussion: """
            A and B are each NAME@VERSION (NAME alone: the latest version) or a token file, so \
            a file can be checked against what is published before it is imported. Every token \
            that differs is renamed, deprecated, reverted, added, deleted or updated (matched by \
            stable id, then path, then replaced_by), with its leaf-level property changes; \
            resolved values that changed through an alias are listed per mode; the styles and \
            specs whose values change are listed last.
            """,
        arguments: [
            ArgumentSpec("a", help: "The old side: NAME@VERSION or a token file."),
            ArgumentSpec("b", help: "The new side: NAME@VERSION or a token file."),
        ],
        options: [
            SharedOptions.format(["text", "json", "markdown"], help: "text (default), json or markdown."),
            SharedOptions.json, .flag("--markdown", help: "Print Markdown for a changelog or a pull-request comment."),
            .flag(
                "--exit-code",
                help: "Exit 1 when the diff holds breaking changes (a deleted or renamed token, a type change)."),
        ])

    let a: String
    let b: String
    let json: Bool
    let markdown: Bool
    let exitCode: Bool

    init(_ arguments: ParsedArguments) throws {
        a = arguments.argument("a") ?? ""
        b = arguments.argument("b") ?? ""
        let format = try SharedOptions.chosenFormat(
            arguments, choices: ["text", "json", "markdown"], default: "text")
        json = format == "json"
        markdown = format == "markdown"
        exitCode = arguments.flag("--exit-code")
    }

    func run(_ context: CommandContext) throws {
        let compared = try Catalog.compareThemes(a, b, catalogAt: context.databasePath, waiting: context.waiting())
        let (diff, impact) = (compared.diff, compared.impact)
        if json {
            context.console.write(Formatting.json(diff.json(impact: impact)))
        } else if markdown {
            context.console.write(DiffRendering.markdown(diff, impact: impact))
        } else {
            context.console.write(DiffRendering.text(diff, impact: impact))
        }
        if exitCode && diff.isBreaking { throw BreakingChanges() }
    }
}

/// `--exit-code` found breaking changes: exit 1 after printing the diff.
struct BreakingChanges: Error {}
