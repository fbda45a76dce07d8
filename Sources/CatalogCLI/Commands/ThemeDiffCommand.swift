import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogTokenFiles
import Foundation

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
        let fileExists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        let needsCatalog = !fileExists(a) || !fileExists(b)
        let catalog =
            needsCatalog || FileManager.default.fileExists(atPath: context.databasePath)
            ? try context.openCatalog() : nil
        let diff: ThemeDiff
        let themeName: String
        if let catalog, !fileExists(a), !fileExists(b), let left = VersionedName(a), let right = VersionedName(b),
            left.name == right.name
        {
            // Two published versions of one theme: read only the rows that changed.
            diff = try catalog.themeDiff(of: left.name, from: left, to: right)
            themeName = left.name
        } else {
            let old = try side(a, catalog: catalog)
            let new = try side(b, catalog: catalog)
            diff = ThemeDiff.compute(
                from: ThemeDiff.Side(theme: old.theme, label: old.label),
                to: ThemeDiff.Side(theme: new.theme, label: new.label))
            themeName = new.theme.name
        }
        let impact = try catalog.map { try $0.impact(of: diff, theme: themeName) }
        if json {
            context.console.write(Formatting.json(diff.json(impact: impact)))
        } else if markdown {
            context.console.write(DiffRendering.markdown(diff, impact: impact))
        } else {
            context.console.write(DiffRendering.text(diff, impact: impact))
        }
        if exitCode && diff.isBreaking { throw BreakingChanges() }
    }

    /// A side: a token file when one exists at `text`, else a published version.
    private func side(_ text: String, catalog: Catalog?) throws -> (theme: Theme, label: String) {
        if FileManager.default.fileExists(atPath: text) {
            let input = try ThemeInput.files(
                [text], naming: .init(version: Semver(0, 0, 0), fallbackName: Input.stem(of: text)))
            return (try ThemeReader.read(input).theme, text)
        }
        guard let reference = VersionedName(text), let catalog else {
            throw RequestError("'\(text)' is neither a token file nor NAME@VERSION")
        }
        let theme = try catalog.theme(reference)
        return (theme, "\(theme.name)@\(theme.version)")
    }
}

/// `--exit-code` found breaking changes: exit 1 after printing the diff.
struct BreakingChanges: Error {}
