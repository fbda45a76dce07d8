import CatalogModel
import CatalogStore
import CatalogSync

/// `catalog impact THEME@A THEME@B`: what a theme change reaches, down to call sites.
struct ImpactCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "impact",
        abstract: "Show what a theme change reaches: tokens, styles, specs and call sites, with counts.",
        arguments: [ArgumentSpec("a", help: "THEME@VERSION before."), ArgumentSpec("b", help: "THEME@VERSION after.")],
        options: [.option("--project", value: "name", help: "Only this project's call sites."), SharedOptions.json])

    let a: VersionedName
    let b: VersionedName
    let project: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        a = try SharedOptions.reference(arguments.argument("a") ?? "", arguments, what: "a theme")
        b = try SharedOptions.reference(arguments.argument("b") ?? "", arguments, what: "a theme")
        guard a.name == b.name else {
            throw UsageError("compare two versions of one theme", commandPath: arguments.commandPath)
        }
        project = arguments.value("--project")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let diff = try ThemeDiff.stored(
            theme: a.name, from: try repository.themeVersion(a), to: try repository.themeVersion(b),
            repository: repository)
        let impact = Impact(
            of: diff, theme: a.name, styles: try repository.latestStyles(), specs: try repository.latestSpecs())
        let affectedStyles = Set(impact.styles.map(\.name))
        var options: [String: Set<String>] = [:]
        for spec in try repository.latestSpecs() {
            for axis in spec.axes {
                for option in axis.options where option.style.map(affectedStyles.contains) == true {
                    options[spec.name, default: []].insert(option.name)
                }
            }
        }
        let sites = try repository.storedSites(project: project).map(\.site).filter { site in
            site.spec.flatMap { options[$0] }.map { $0.contains(site.option ?? "") } ?? false
        }
        let tokens = diff.visuallyChangedPaths.sorted()
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("from", .string(diff.from)), ("to", .string(diff.to)),
                        ("tokens", .array(tokens.map { .string($0) })),
                        ("styles", .array(impact.styles.map { .string($0.name) })),
                        ("specs", .array(impact.specs.map { .string($0.name) })),
                        ("callSites", .array(sites.map(UsageRendering.json))),
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
        for site in sites { context.console.print("    \(site.place)  \(site.component) .\(site.option ?? "")") }
    }
}
