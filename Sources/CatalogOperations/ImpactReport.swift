import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogSync
import CatalogUsage
import Foundation

/// What a theme change reaches: the tokens whose value changed, the styles using them
/// (custom ones included), the specs whose options those styles draw, and the scanned
/// call sites applying them — by spec option or, for a custom style, by how code spells it.
public struct ImpactReport: Sendable {
    /// The change: token by token, classified.
    public let diff: ThemeDiff
    /// The styles using changed tokens, and the specs whose options they draw.
    public let impact: Impact
    /// The scanned call sites applying those styles.
    public let callSites: [UsageSite]
    /// The places app code names a changed token through the generated package.
    public let tokenReferences: [TokenNames.Reference]
    /// How the styles reach call sites.
    private let reach: Reach
    private let reached: Reach.Result

    /// The tokens whose value or resolved value changed.
    public var tokens: [String] { diff.visuallyChangedPaths.sorted() }

    /// The impact of `diff`, a change of theme `theme`, on `repository`'s latest styles
    /// and specs and on the call sites of `project` (every project when `nil`).
    package init(of diff: ThemeDiff, theme: String, in repository: Repository, project: String?) throws {
        let styles = try repository.latestStyles()
        let specs = try repository.latestSpecs()
        let impact = Impact(of: diff, theme: theme, styles: styles, specs: specs)
        let reach = Reach(specs: specs, styles: styles)
        var reached = reach.styles(Set(impact.styles.map(\.name)))
        self.diff = diff
        self.impact = impact
        tokenReferences = try TokenNames.references(
            to: [theme: Set(diff.visuallyChangedPaths)], project: project, in: repository)
        // An app's own style naming a changed token in its body reaches the sites applying it.
        reached.appStyles = Set(tokenReferences.compactMap(\.reference.enclosingType))
        self.reach = reach
        self.reached = reached
        callSites = try repository.storedSites(project: project).map(\.site).filter { reach.applies($0, reached) }
    }

    /// The choices of a dynamic call site that apply a changed style (`.dfButtonFilled` of
    /// `isReturning ? .dfButtonFilled : .dfButtonTinted`); none for a static site.
    public func through(_ site: UsageSite) -> [String] { reach.through(site, reached) }

    /// The impact of two stored versions of a theme.
    public static func versions(
        of theme: String, from: VersionedName, to: VersionedName, in repository: Repository, project: String?
    ) throws -> ImpactReport {
        let diff = try ThemeDiff.stored(
            theme: theme, from: try repository.themeVersion(from), to: try repository.themeVersion(to),
            repository: repository)
        return try ImpactReport(of: diff, theme: theme, in: repository, project: project)
    }

    /// One theme whose latest version a changeset would change.
    public struct ThemeChange: Sendable {
        /// The theme.
        public let theme: String
        /// Its latest version once the changeset is applied.
        public let version: Semver
        /// The latest version before; `nil` for a theme the changeset brings.
        public let previous: Semver?
        /// What the change reaches; `nil` for a new theme.
        public let report: ImpactReport?
    }

    /// What `file` would change if applied: its revisions this catalog lacks are applied
    /// (as `apply` would, or as `apply --merge` would for a file that does not continue this
    /// history; a file whose header lies is refused either way) in a transaction that is
    /// rolled back, and each theme whose latest version changed is reported against the
    /// styles, specs and call sites as they would then be. Nothing is written.
    public static func changeset(_ file: ChangesetFile, in repository: Repository, project: String?) throws
        -> [ThemeChange]
    {
        func latest() throws -> [String: Semver] {
            var versions: [String: Semver] = [:]
            for summary in try repository.themeSummaries() { versions[summary.name] = summary.version }
            return versions
        }
        return try repository.rollingBack { transaction in
            let before = try latest()
            let missing: [(revision: Revision, changeset: Data)]
            do {
                missing = try ChangesetSync.plan(file, for: repository).pending
            } catch let error as SyncError where !error.isBadData {
                missing = try ChangesetSync.plan(file, for: repository, merge: true).pending
            }
            try ChangesetSync.applyChangesets(missing, to: repository, in: transaction)
            return try latest().filter { before[$0.key] != $0.value }.sorted { $0.key < $1.key }.map { theme, version in
                guard let previous = before[theme] else {
                    return ThemeChange(theme: theme, version: version, previous: nil, report: nil)
                }
                let diff = try ThemeDiff.stored(theme: theme, from: previous, to: version, repository: repository)
                return ThemeChange(
                    theme: theme, version: version, previous: previous,
                    report: try ImpactReport(of: diff, theme: theme, in: repository, project: project))
            }
        }
    }
}
