import CatalogChanges
import CatalogModel
import CatalogOperations
import Foundation

/// `catalog impact THEME@A THEME@B` or `catalog impact FILE.changeset`: what a theme
/// change reaches, down to call sites.
struct ImpactCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "impact",
        abstract: "Show what a theme change reaches: tokens, styles, specs and call sites, with counts.",
        discussion: """
            Given two versions of a theme, compares them. Given a changeset file instead, applies it \
            inside a transaction that is rolled back and shows the impact of every theme whose \
            latest version it changes, against this catalog's styles, specs and scanned call sites: \
            what the change would reach before anyone applies it. Nothing is written.
            """,
        arguments: [
            ArgumentSpec("a", help: "THEME@VERSION before, or a changeset file."),
            ArgumentSpec("b", help: "THEME@VERSION after (not with a changeset file).", isOptional: true),
        ],
        options: [.option("--project", value: "name", help: "Only this project's call sites."), SharedOptions.json])

    enum Subject {
        case versions(VersionedName, VersionedName)
        case changeset(String)
    }

    let subject: Subject
    let project: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        let first = arguments.argument("a") ?? ""
        if let second = arguments.argument("b") {
            let a = try SharedOptions.reference(first, arguments, what: "a theme")
            let b = try SharedOptions.reference(second, arguments, what: "a theme")
            guard a.name == b.name else {
                throw UsageError("compare two versions of one theme", commandPath: arguments.commandPath)
            }
            subject = .versions(a, b)
        } else {
            subject = .changeset(first)
        }
        project = arguments.value("--project")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        switch subject {
        case .versions(let a, let b):
            render(try context.openCatalog().impact(of: a.name, from: a, to: b, project: project), context)
        case .changeset(let path):
            let changes = try Catalog.impact(
                ofChangesetAt: path, catalogAt: context.databasePath, project: project, waiting: context.waiting())
            if changes.isEmpty { context.console.print("The changeset changes no theme's latest version.") }
            for change in changes {
                guard let report = change.report else {
                    context.console.print(
                        "New theme \(change.theme)@\(change.version): no earlier version to compare with.")
                    continue
                }
                render(report, context)
            }
        }
    }

    /// Prints (or writes as JSON) what a theme change reaches.
    func render(_ report: ImpactReport, _ context: CommandContext) {
        let (diff, impact, sites, tokens) = (report.diff, report.impact, report.callSites, report.tokens)
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("from", .string(diff.from)), ("to", .string(diff.to)),
                        ("tokens", .array(tokens.map { .string($0) })),
                        ("styles", .array(impact.styles.map { .string($0.name) })),
                        ("specs", .array(impact.specs.map { .string($0.name) })),
                        ("callSites", .array(sites.map { UsageRendering.json($0, through: report.through($0)) })),
                        ("tokenReferences", .array(report.tokenReferences.map(UsageRendering.json))),
                    ])))
            return
        }
        context.console.print("Impact of \(diff.from) → \(diff.to)")
        context.console.print("  tokens (\(tokens.count)): \(tokens.joined(separator: ", "))")
        context.console.print(
            "  styles (\(impact.styles.count)): "
                + impact.styles.map { "\($0.name) (\($0.tokens.joined(separator: ", ")))" }.joined(separator: "; "))
        context.console.print(
            "  specs (\(impact.specs.count)): "
                + impact.specs.map { "\($0.name) (\($0.styles.joined(separator: ", ")))" }.joined(separator: "; "))
        context.console.print("  call sites (\(sites.count))")
        for site in sites {
            context.console.print("    " + UsageRendering.text(site, through: report.through(site), heading: true))
        }
        let labelled = Set(report.tokenReferences.map(\.project)).count > 1
        context.console.print("  in code (\(report.tokenReferences.count))")
        for reference in report.tokenReferences {
            context.console.print("    " + UsageRendering.text(reference, labelled: labelled))
        }
    }
}
