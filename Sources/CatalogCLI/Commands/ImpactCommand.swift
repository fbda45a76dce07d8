import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogTokenFiles
import Foundation

/// `catalog impact`: what a theme change reaches, down to call sites. The change is two
/// versions of one theme (`THEME@A THEME@B`), a version against the one before it
/// (`THEME@V`, or `THEME` for the latest), tokens files not published against a version
/// (`THEME FILE…`), or a changeset file.
struct ImpactCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "impact",
        abstract: "Show what a theme change reaches: tokens, styles, specs and call sites, with counts.",
        discussion: """
            Given two versions of a theme, compares them; given one (THEME@VERSION, or THEME for \
            the latest), compares it with the version before it. Given a theme and tokens files \
            (THEME tokens.json, or THEME@VERSION tokens/), reads the files as theme add would and \
            compares them with that version (the latest when none is named): what publishing them \
            would reach. Given a changeset file, applies it inside a transaction that is rolled \
            back and shows the impact of every theme whose latest version it changes. Always \
            against this catalog's styles, specs and scanned call sites; nothing is written.
            """,
        arguments: [
            ArgumentSpec("a", help: "THEME@VERSION before, THEME, or a changeset file."),
            ArgumentSpec(
                "b", help: "THEME@VERSION after, or tokens files or folders not published.", isOptional: true,
                isVariadic: true),
        ],
        options: [.option("--project", value: "name", help: "Only this project's call sites."), SharedOptions.json])

    enum Subject {
        case versions(VersionedName, VersionedName)
        case previous(VersionedName)
        case files(VersionedName, [String])
        case changeset(String)
    }

    /// The forms `impact` takes, for a usage error.
    static let forms =
        "impact takes THEME@A THEME@B (two versions of one theme), THEME@VERSION or THEME (that version, or the latest, against the one before), THEME FILE… (tokens files not published, against the theme's latest) or a changeset file"

    let subject: Subject
    let project: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        let first = arguments.argument("a") ?? ""
        let rest = arguments.variadic("b")
        let exists = { (path: String) in path == "-" || FileManager.default.fileExists(atPath: path) }
        if let second = rest.first {
            let a = try SharedOptions.reference(first, arguments, what: "a theme")
            if rest.count == 1, let b = VersionedName(second), b.version != nil, !exists(second) {
                guard a.name == b.name else {
                    throw UsageError(
                        "\(first) and \(second) are not versions of one theme; \(Self.forms)",
                        commandPath: arguments.commandPath)
                }
                subject = .versions(a, b)
            } else if let missing = rest.first(where: { !exists($0) }) {
                throw UsageError(
                    "\(missing) is neither a version of \(a.name) nor a file or folder; \(Self.forms)",
                    commandPath: arguments.commandPath)
            } else {
                subject = .files(a, rest)
            }
        } else if exists(first) || first.hasSuffix(".changeset") || first.contains("/") {
            subject = .changeset(first)
        } else if let reference = VersionedName(first) {
            subject = .previous(reference)
        } else {
            throw UsageError("'\(first)' is not a theme; \(Self.forms)", commandPath: arguments.commandPath)
        }
        project = arguments.value("--project")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let project = self.project ?? context.settings?.project
        switch subject {
        case .versions(let a, let b):
            render(try context.openCatalog().impact(of: a.name, from: a, to: b, project: project), context)
        case .previous(let reference):
            render(try context.openCatalog().impact(of: reference, project: project), context)
        case .files(let reference, let paths):
            // Read before the catalog is opened, as theme add reads them.
            let input = try ThemeInput.files(
                paths, naming: .init(name: reference.name, version: nil, fallbackName: reference.name))
            render(try context.openCatalog().impact(ofFiles: input, against: reference, project: project), context)
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
