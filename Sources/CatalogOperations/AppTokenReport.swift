import CatalogModel
import CatalogStore
import CatalogUsage

/// `catalog usage --app-tokens`: the app's own tokens its scanned code uses, each project's
/// spellings resolved through that project's definitions (``AppTokenUses``), in project,
/// file and line order.
public struct AppTokenReport: Sendable {
    /// One use with its project.
    public struct Entry: Sendable {
        /// The project scanned.
        public let project: String
        /// The use.
        public let use: AppTokenUses.Use
    }

    /// The uses, matching the name asked for where one was.
    public let entries: [Entry]
    /// Whether they come from more than one project.
    public let labelled: Bool

    /// The uses in `project` (every project when `nil`) of the app tokens `name` names
    /// (`asset:Latte`, `Latte`, `Color.latte`: a token or a definition on its way), or of
    /// every app token when `nil`.
    static func read(project: String?, name: String?, in repository: Repository) throws -> AppTokenReport {
        let (references, definitions) = try repository.read {
            (
                try repository.storedTokenReferences(spellings: nil, project: project),
                try repository.storedTokenDefinitions(project: project)
            )
        }
        let referencesByProject = Dictionary(grouping: references, by: \.project)
        let definitionsByProject = Dictionary(grouping: definitions, by: \.project)
        var entries: [Entry] = []
        for (project, found) in referencesByProject.sorted(by: { $0.key < $1.key }) {
            let uses = AppTokenUses(
                references: found.map(\.reference), definitions: (definitionsByProject[project] ?? []).map(\.definition)
            )
            for use in uses.uses where name.map({ AppTokenUses.matches($0, use) }) ?? true {
                entries.append(Entry(project: project, use: use))
            }
        }
        return AppTokenReport(entries: entries, labelled: Set(entries.map(\.project)).count > 1)
    }
}

extension Catalog {
    /// The app's own tokens scanned code uses (`catalog usage --app-tokens [NAME]`).
    public func appTokenUses(project: String?, name: String? = nil) throws -> AppTokenReport {
        try AppTokenReport.read(project: project, name: name, in: repository)
    }
}
