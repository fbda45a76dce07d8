import CatalogChanges
import CatalogModel
import CatalogOperations

/// `catalog spec diff A B` and `catalog style diff A B`: classified changes between two
/// versions (B may be a file not yet published) and the version they demand.
struct DocumentDiffCommand {
    /// `spec` or `style`.
    let kind: DocumentKind
    let a: String
    let b: String
    let json: Bool

    static func spec(kind: DocumentKind) -> CommandSpec {
        CommandSpec(
            name: "diff",
            abstract: "Classify the changes between two \(kind) versions and suggest the next version number.",
            discussion: """
                A is NAME@VERSION; B is NAME@VERSION or a \(kind) document not yet published. Each change \
                is breaking, additive or cosmetic; publishing B under a number smaller than the \
                changes demand is refused, and this shows what it would need.
                """,
            arguments: [
                ArgumentSpec("a", help: "NAME@VERSION."), ArgumentSpec("b", help: "NAME@VERSION or a \(kind) file."),
            ],
            options: [
                SharedOptions.json,
                SharedOptions.exitCode("Exit 1 when B's version is smaller than its changes need."),
            ])
    }

    let exitCode: Bool

    init(kind: DocumentKind, _ arguments: ParsedArguments) {
        self.kind = kind
        a = arguments.argument("a") ?? ""
        b = arguments.argument("b") ?? ""
        json = arguments.flag("--json")
        exitCode = arguments.flag("--exit-code")
    }

    func run(_ context: CommandContext) throws {
        let compared = try context.openCatalog().compareDocuments(kind, a, b)
        let (name, changes, check) = (compared.name, compared.changes, compared.check)
        let (oldVersion, newVersion) = (check.previous, check.version)
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("kind", .string(kind.rawValue)), ("name", .string(name)),
                        ("from", .string(oldVersion.description)),
                        ("to", .string(newVersion.description)), ("level", .string(check.level.description)),
                        ("suggestedVersion", .string(check.suggestedVersion.description)),
                        ("versionAllowed", .bool(check.isSatisfied)),
                        ("changes", .array(changes.map(\.json))),
                    ])))
        } else {
            context.console.print(
                "\(kind) \(name) \(oldVersion) → \(newVersion): \(changes.count) change\(changes.count == 1 ? "" : "s"), \(check.level)"
            )
            for change in changes { context.console.print("  \(change.level)  \(change.message)") }
            if check.level != .none {
                let verdict = check.isSatisfied ? "allows it" : "is too small"
                context.console.print(
                    "The changes need at least \(check.suggestedVersion) after \(oldVersion); \(newVersion) \(verdict)."
                )
            }
        }
        if exitCode && !check.isSatisfied { throw BreakingChanges() }
    }
}

/// `catalog spec diff`.
struct SpecDiffCommand: CatalogCommand {
    static let spec = DocumentDiffCommand.spec(kind: .spec)
    let command: DocumentDiffCommand
    init(_ arguments: ParsedArguments) throws { command = DocumentDiffCommand(kind: .spec, arguments) }
    func run(_ context: CommandContext) throws { try command.run(context) }
}

/// `catalog style diff`.
struct StyleDiffCommand: CatalogCommand {
    static let spec = DocumentDiffCommand.spec(kind: .style)
    let command: DocumentDiffCommand
    init(_ arguments: ParsedArguments) throws { command = DocumentDiffCommand(kind: .style, arguments) }
    func run(_ context: CommandContext) throws { try command.run(context) }
}
