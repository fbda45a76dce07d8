import CatalogModel

/// A theme as an agent first asks about it: its size, its other versions, its mode
/// dimensions with their default modes, and the styles drawn in it. `get_theme` answers it.
public struct ThemeOverview: Sendable {
    public var summary: ThemeSummary
    /// Every published version of the theme, oldest first.
    public var versions: [Semver]
    /// The latest styles whose own theme it is.
    public var styles: [String]
}

extension Catalog {
    /// Theme `reference` (its latest version unless one is given), or the latest version of
    /// every theme; a theme or version the catalog lacks is a ``RequestError``.
    public func themeOverview(_ reference: VersionedName?) throws -> [ThemeOverview] {
        let all = try themes()
        var chosen = Catalog.latest(all, name: \.name, version: \.version)
        if let reference {
            let names = Set(all.map(\.name))
            guard names.contains(reference.name) else {
                let guess = Suggestion.closest(to: reference.name, in: names.sorted()).map { "; did you mean \($0)?" }
                throw RequestError("no theme named \(reference.name)" + (guess ?? ""))
            }
            let version = try themeVersion(reference)
            guard let summary = all.first(where: { $0.name == reference.name && $0.version == version }) else {
                throw RequestError("no theme \(reference.name)@\(version)")
            }
            chosen = [summary]
        }
        let styles = Catalog.latest(try self.styles(), name: \.name, version: \.version)
        return chosen.map { summary in
            ThemeOverview(
                summary: summary, versions: all.filter { $0.name == summary.name }.map(\.version).sorted(),
                styles: styles.filter { $0.theme == summary.name }.map(\.name))
        }
    }
}
