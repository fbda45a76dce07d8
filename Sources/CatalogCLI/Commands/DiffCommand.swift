import CatalogChanges
import CatalogModel
import CatalogOperations

/// `catalog diff [REV_A] [REV_B]`: everything that changed between two revisions.
struct DiffCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "diff", abstract: "Show everything that changed between two revisions, classified.",
        discussion: """
            Compares the latest version of every theme, style and spec at REV_A with the one at \
            REV_B (default: the head's parent against the head): themes token by token, styles \
            and specs field by field, each change breaking, additive or cosmetic.
            """,
        arguments: [
            ArgumentSpec("rev-a", help: "The old revision (default: HEAD~1).", isOptional: true),
            ArgumentSpec("rev-b", help: "The new revision (default: HEAD).", isOptional: true),
        ],
        options: [SharedOptions.json, SharedOptions.exitCode("Exit 1 when any change is breaking.")])

    let a: String?
    let b: String?
    let json: Bool
    let exitCode: Bool

    init(_ arguments: ParsedArguments) throws {
        a = arguments.argument("rev-a")
        b = arguments.argument("rev-b")
        json = arguments.flag("--json")
        exitCode = arguments.flag("--exit-code")
    }

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        let (diff, from, to) = try catalog.diff(from: a, to: b)
        if json {
            context.console.write(Formatting.json(Self.json(diff)))
        } else {
            render(diff, from: from, to: to, context)
        }
        if exitCode && diff.level == .breaking { throw BreakingChanges() }
    }

    func render(_ diff: CatalogDiff, from: Revision?, to: Revision, _ context: CommandContext) {
        let label = { (revision: Revision?) in revision.map { "\($0.shortID) (#\($0.sequence))" } ?? "the empty catalog"
        }
        context.console.print("Catalog diff \(label(from)) → \(label(to)): \(diff.level)")
        if diff.themes.isEmpty && diff.documents.isEmpty { context.console.print("No theme, style or spec changed.") }
        for theme in diff.themes {
            context.console.print(
                "\ntheme \(theme.name) \(theme.from?.description ?? "—") → \(theme.to?.description ?? "—")")
            for change in theme.changes { context.console.print("  \(change.level)  \(change.message)") }
        }
        for document in diff.documents {
            context.console.print(
                "\n\(document.kind) \(document.name) \(document.from?.description ?? "—") → \(document.to?.description ?? "—")"
            )
            for change in document.changes { context.console.print("  \(change.level)  \(change.message)") }
        }
    }

    static func json(_ diff: CatalogDiff) -> JSON {
        func revision(_ revision: Revision?) -> JSON { revision.map { .string($0.id) } ?? .null }
        func changes(_ list: [ClassifiedChange]) -> JSON { .array(list.map(\.json)) }
        func version(_ version: Semver?) -> JSON { version.map { .string($0.description) } ?? .null }
        let themes: [JSON] = diff.themes.map { theme in
            .object([
                ("name", .string(theme.name)), ("from", version(theme.from)), ("to", version(theme.to)),
                ("changes", changes(theme.changes)), ("diff", theme.diff?.json(impact: nil) ?? .null),
            ])
        }
        let documents: [JSON] = diff.documents.map { document in
            .object([
                ("kind", .string(document.kind.rawValue)), ("name", .string(document.name)),
                ("from", version(document.from)),
                ("to", version(document.to)), ("changes", changes(document.changes)),
            ])
        }
        return .object([
            ("format", .string("catalog.diff/1")), ("from", revision(diff.from)), ("to", revision(diff.to)),
            ("level", .string(diff.level.description)), ("themes", .array(themes)), ("documents", .array(documents)),
        ])
    }
}
