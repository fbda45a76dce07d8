import CatalogModel
import CatalogStore
import CatalogSync
import CatalogUsage
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
        let repository = try context.openRepository()
        switch subject {
        case .versions(let a, let b):
            let diff = try ThemeDiff.stored(
                theme: a.name, from: try repository.themeVersion(a), to: try repository.themeVersion(b),
                repository: repository)
            try report(diff, theme: a.name, repository, context)
        case .changeset(let path):
            let (data, name) = try Input.read(path)
            let file = try ChangesetFile.decode(data, file: name)
            try Input.attributing(to: name) { try reportChangeset(file, repository, context) }
        }
    }

    /// Applies `file`'s revisions that this catalog lacks in a transaction, reports each
    /// theme whose latest version changed, and rolls everything back.
    func reportChangeset(_ file: ChangesetFile, _ repository: Repository, _ context: CommandContext) throws {
        struct RollBack: Error {}
        func latest() throws -> [String: Semver] {
            var versions: [String: Semver] = [:]
            for summary in try repository.themeSummaries() { versions[summary.name] = summary.version }
            return versions
        }
        do {
            try repository.database.transaction(.immediate) {
                let before = try latest()
                // As `apply` would, or, for a file that does not continue this history, as
                // `apply --merge` would; a file whose header lies is refused either way.
                let missing: [(revision: Revision, changeset: Data)]
                do {
                    missing = try ChangesetSync.plan(file, for: repository).pending
                } catch let error as SyncError where !error.isBadData {
                    missing = try ChangesetSync.plan(file, for: repository, merge: true).pending
                }
                try ChangesetSync.applyChangesets(missing, to: repository)
                let changed = try latest().filter { before[$0.key] != $0.value }.sorted { $0.key < $1.key }
                if changed.isEmpty { context.console.print("The changeset changes no theme's latest version.") }
                for (theme, version) in changed {
                    guard let previous = before[theme] else {
                        context.console.print("New theme \(theme)@\(version): no earlier version to compare with.")
                        continue
                    }
                    let diff = try ThemeDiff.stored(theme: theme, from: previous, to: version, repository: repository)
                    try report(diff, theme: theme, repository, context)
                }
                throw RollBack()
            }
        } catch is RollBack {}
    }

    /// Prints (or writes as JSON) what `diff`, a change of `theme`, reaches.
    func report(_ diff: ThemeDiff, theme: String, _ repository: Repository, _ context: CommandContext) throws {
        let styles = try repository.latestStyles()
        let specs = try repository.latestSpecs()
        let impact = Impact(of: diff, theme: theme, styles: styles, specs: specs)
        let affectedStyles = Set(impact.styles.map(\.name))
        // Custom styles reach their call sites through how code spells them.
        let published = PublishedStyles(specs: specs, styles: styles)
        var options: [String: Set<String>] = [:]
        for spec in specs {
            for axis in spec.axes {
                for option in axis.options where option.style.map(affectedStyles.contains) == true {
                    options[spec.name, default: []].insert(option.name)
                }
            }
        }
        let sites = try repository.storedSites(project: project).map(\.site).filter { site in
            if let custom = published.style(for: site) { return affectedStyles.contains(custom.name) }
            return site.spec.flatMap { options[$0] }.map { $0.contains(site.option ?? "") } ?? false
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
