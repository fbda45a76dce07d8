import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

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
        /// For an asset, the themes whose latest version holds it (an asset catalog
        /// imported with `theme add X.xcassets`: `asset:Colors/Latte` is `Colors.Latte`).
        public var themes: [String] = []
    }

    /// The uses, matching the name asked for where one was.
    public let entries: [Entry]
    /// Whether they come from more than one project.
    public let labelled: Bool

    /// The uses in `project` (every project when `nil`) of the app tokens `name` names
    /// (`asset:Latte`, `Latte`, `Color.latte`: a token or a definition on its way), or of
    /// every app token when `nil`.
    static func read(project: String?, name: String?, in repository: Repository) throws -> AppTokenReport {
        var entries = try uses(project: project, name: name, in: repository)
        let holders = try themes(holdingAssets: Set(entries.map(\.use.token)), in: repository)
        for index in entries.indices { entries[index].themes = holders[entries[index].use.token] ?? [] }
        return AppTokenReport(entries: entries, labelled: Set(entries.map(\.project)).count > 1)
    }

    /// The uses alone, without the themes holding their assets (what a scan's summary
    /// counts, which no theme is read for).
    static func uses(project: String?, name: String?, in repository: Repository) throws -> [Entry] {
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
        return entries
    }

    /// For each `asset:Name` among `tokens`, the themes whose latest version has a token
    /// at its path (`Colors/Latte` → `Colors.Latte`), in name order.
    static func themes(holdingAssets tokens: Set<String>, in repository: Repository) throws -> [String: [String]] {
        let assets = Dictionary(
            tokens.filter { $0.hasPrefix("asset:") }.map {
                (String($0.dropFirst(6)).replacingOccurrences(of: "/", with: "."), $0)
            }, uniquingKeysWith: { first, _ in first })
        guard !assets.isEmpty else { return [:] }
        var holders: [String: [String]] = [:]
        for summary in Catalog.latest(try repository.themeSummaries(), name: \.name, version: \.version) {
            for token in try repository.tokens(theme: summary.name, version: summary.version, paths: Array(assets.keys))
            {
                if let asset = assets[token.path] { holders[asset, default: []].append(summary.name) }
            }
        }
        return holders.mapValues { $0.sorted() }
    }
}

extension Catalog {
    /// The app's own tokens scanned code uses (`catalog usage --app-tokens [NAME]`).
    public func appTokenUses(project: String?, name: String? = nil) throws -> AppTokenReport {
        try AppTokenReport.read(project: project, name: name, in: repository)
    }
}
