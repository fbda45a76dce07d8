import CatalogModel
import CatalogStore

extension ThemeDiff {
    /// The diff between two published versions of one theme, read from the rows that
    /// changed between them rather than from both versions in full.
    public static func stored(theme: String, from a: Semver, to b: Semver, repository: Repository) throws -> ThemeDiff {
        let paths = try repository.changedPaths(theme: theme, between: a, and: b)
        func side(_ version: Semver) throws -> Side {
            Side(
                label: "\(theme)@\(version)",
                tokens: try repository.tokens(theme: theme, version: version, paths: paths),
                resolved: try repository.resolvedValues(theme: theme, version: version, paths: paths),
                dimensions: try repository.dimensions(theme: theme, version: version),
                flagged: try repository.flaggedTokenPaths(theme: theme, version: version))
        }
        return compute(from: try side(a), to: try side(b))
    }
}
