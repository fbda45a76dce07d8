import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

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
        let catalog = try context.openCatalog()
        guard let left = VersionedName(a), left.version != nil else {
            throw RequestError("'\(a)' is not NAME@VERSION")
        }
        let old = try load(left, catalog: catalog)
        let new: Side
        if FileManager.default.fileExists(atPath: b) {
            new = try file(b)
        } else {
            guard let right = VersionedName(b) else { throw RequestError("'\(b)' is neither a file nor NAME@VERSION") }
            new = try load(right, catalog: catalog)
        }
        let changes: [ClassifiedChange]
        if let before = old.spec, let after = new.spec {
            changes = DocumentDiff.spec(from: before, to: after, oldDocument: old.document, newDocument: new.document)
        } else {
            changes = DocumentDiff.style(from: old.document, to: new.document)
        }
        let (oldVersion, newVersion, name) = (old.version, new.version, old.name)
        let check = VersionCheck(kind: kind, name: name, previous: oldVersion, version: newVersion, changes: changes)
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

    /// One side of the diff: the document, its version and name, and the spec it reads as.
    private struct Side {
        var document: JSON
        var version: Semver
        var name: String
        var spec: ComponentSpec?
    }

    private func load(_ reference: VersionedName, catalog: Catalog) throws -> Side {
        if kind == .spec {
            let (spec, text, file) = try catalog.spec(reference)
            return Side(
                document: try JSONParser.parse(text, file: file), version: spec.version, name: spec.name, spec: spec)
        }
        let (style, text, file) = try catalog.style(reference)
        return Side(
            document: try JSONParser.parse(text, file: file), version: style.version, name: style.name, spec: nil)
    }

    private func file(_ path: String) throws -> Side {
        let (data, file) = try DocumentFiles.read(path)
        if kind == .spec {
            let (spec, document) = try SpecReader.read(data, file: file)
            return Side(document: document, version: spec.version, name: spec.name, spec: spec)
        }
        let (style, document) = try StyleReader.read(data, file: file)
        return Side(document: document, version: style.version, name: style.name, spec: nil)
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
