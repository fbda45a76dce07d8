import CatalogModel

/// A theme version as `theme list` shows it: its line and how many of its tokens are
/// unresolved.
public struct ThemeListing: Sendable {
    public let summary: ThemeSummary
    /// Its tokens, those refused at import (flagged, not among its rows) counted among them.
    public let tokens: Int
    /// Its tokens flagged at import or kept with a reference to nothing.
    public let unresolved: Int
}

/// What `check` finds: the problems of the database, its history, and the theme versions
/// with unresolved tokens (which a sound catalog may hold).
public struct CatalogHealth: Sendable {
    /// Each problem in words; none for a sound catalog.
    public let problems: [String]
    /// The newest revision; none for a catalog without history.
    public let head: Revision?
    /// Each theme version with unresolved tokens, in name and version order.
    public let unresolved: [(theme: String, version: String, count: Int)]
}

extension Catalog {
    /// Every theme version with its unresolved tokens counted.
    public func themeListing() throws -> [ThemeListing] {
        var unresolved: [String: (flagged: Int, unresolved: Int)] = [:]
        for entry in try unresolvedTokenCounts() {
            unresolved["\(entry.theme)@\(entry.version)"] = (
                entry.flagged, entry.flagged + entry.flaggedInModes + entry.dangling
            )
        }
        return try themes().map { theme in
            let counts = unresolved["\(theme.name)@\(theme.version)"] ?? (0, 0)
            // Tokens flagged whole are not among the rows; those flagged in some modes are.
            return ThemeListing(
                summary: theme, tokens: theme.tokenCount + counts.flagged, unresolved: counts.unresolved)
        }
    }

    /// The database checked (``check()``), its head, and the theme versions with unresolved tokens.
    public func health() throws -> CatalogHealth {
        CatalogHealth(
            problems: try check(), head: try headRevision(),
            unresolved: try unresolvedTokenCounts().map {
                ($0.theme, $0.version, $0.flagged + $0.flaggedInModes + $0.dangling)
            })
    }
}
