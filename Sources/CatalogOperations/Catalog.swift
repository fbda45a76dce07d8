import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogSystem
import Foundation

/// One catalog file, opened: the entry point of the library and of every command. Each
/// use case is one call here (publishing, exports, diffs, impact, usage, apply); the reads
/// give the catalog's records as model values. The store behind it is not exposed, so a
/// client cannot bypass the transaction and version rules the use cases keep.
public final class Catalog {
    /// The database file (or `:memory:`).
    public let path: String
    let repository: Repository
    /// What a search looks through, kept between searches at one revision.
    let searchScopes = RevisionCache<SearchScope>()
    /// Each theme version's Swift names (``TokenDetail/swiftNames``), worked out from the
    /// whole theme once per revision rather than per answer.
    let swiftNames = RevisionCache<[String: [String]]>()
    /// Themes read whole for an answer (`usage` of a token, whose reach needs every token
    /// referring to it), kept per revision up to ``keptThemeLimit`` tokens each.
    let keptThemes = RevisionCache<Theme>()
    /// The largest theme ``keptThemes`` keeps: a server answering about a million-token
    /// theme does not hold it between calls.
    static let keptThemeLimit = 20_000

    /// Theme `name`'s latest version, whole; kept for the next answer at this revision
    /// when it has at most ``keptThemeLimit`` tokens.
    func latestTheme(named name: String) throws -> Theme {
        let reference = VersionedName(name: name)
        let revision = try headRevision()?.id
        if let kept = keptThemes.kept(for: name, at: revision) { return kept }
        let theme = try repository.theme(reference)
        if theme.tokens.count <= Self.keptThemeLimit { keptThemes.keep(theme, for: name, at: revision) }
        return theme
    }
    /// The helper a call runs now (a source's lint), which ``interrupt()`` stops.
    let children = ChildProcess.Stopper()

    /// How long to wait for another writer, and what to say while waiting.
    public struct LockWait: Sendable {
        /// The longest wait for the write lock, in seconds.
        public var seconds: Double
        /// Called once when a wait passes a second.
        public var onLongWait: (@Sendable () -> Void)?

        /// Ten minutes, silently.
        public static let standard = LockWait(seconds: Repository.Waiting.standard.limit, onLongWait: nil)

        /// Waits up to `seconds`; `onLongWait` hears once when a wait passes a second.
        public init(seconds: Double, onLongWait: (@Sendable () -> Void)?) {
            self.seconds = seconds
            self.onLongWait = onLongWait
        }
    }

    /// Opens the catalog at `path`, applying pending migrations; `create` says whether a
    /// missing file is created (`catalog init`, `seed`, `theme add`, `apply`) or refused.
    /// A file that is not a catalog is refused without being touched.
    public init(path: String, create: Bool = false, waiting: LockWait = .standard) throws {
        self.path = path
        repository = try Repository(
            path: path, mode: create ? .createIfMissing : .mustExist,
            waiting: Repository.Waiting(limit: waiting.seconds, onLongWait: waiting.onLongWait))
    }

    /// Opens the catalog at `path` for reading only (a server answering questions about
    /// it while `catalog` commands write it): nothing is migrated or written; a catalog
    /// that needs migrating is refused.
    public init(readingOnly path: String) throws {
        self.path = path
        repository = try Repository(path: path, mode: .readOnly)
    }

    /// Runs `body` in one read transaction: every read it makes sees the same state of
    /// the catalog, whatever another process writes meanwhile.
    public func snapshot<T>(_ body: () throws -> T) throws -> T { try repository.read(body) }

    /// Stops the query this catalog's connection is running and the helper it runs, from
    /// any thread: the call fails (an agent cancelled it). Nothing happens when none is.
    public func interrupt() {
        repository.interrupt()
        children.stop()
    }

    /// The migration states of the database at `path`, without opening it for writing or
    /// creating it: a missing file reports every migration as pending.
    public static func migrationStatus(path: String) throws -> [MigrationStatus] {
        try Repository.migrationStatus(path: path)
    }

    /// What opening a catalog file for writing migrated.
    public struct Migration: Sendable {
        /// Whether the file held a catalog before (some migration applied).
        public let existed: Bool
        /// The migrations applied now, in order.
        public let applied: [MigrationStatus]
        /// The schema version the file is at now.
        public let schemaVersion: Int
    }

    /// Opens the catalog at `path` (created where `create`, else refused when missing),
    /// which applies its pending migrations, and says which were applied.
    public static func migrate(at path: String, create: Bool, waiting: LockWait = .standard) throws -> Migration {
        let before = try migrationStatus(path: path)
        let after = try Catalog(path: path, create: create, waiting: waiting).migrationStatus()
        let pending = Set(before.filter { $0.state == .pending }.map(\.id))
        return Migration(
            existed: before.contains { $0.state != .pending }, applied: after.filter { pending.contains($0.id) },
            schemaVersion: after.last?.id ?? 0)
    }

    /// The migration states of this catalog (all applied once it is open).
    public func migrationStatus() throws -> [MigrationStatus] { try repository.migrationStatus() }

    /// Raises the page cache for a write of many rows (a theme import, a seed, the apply
    /// of a large changeset); a small write keeps the lean default.
    public func prepareForBulkWrite() throws { try repository.reserveBulkCache() }
}

// MARK: - Reading

extension Catalog {
    /// The latest version of each name among `items` (summaries of themes, styles, …), by name.
    public static func latest<T>(_ items: [T], name: (T) -> String, version: (T) -> Semver) -> [T] {
        var latest: [String: T] = [:]
        for item in items where latest[name(item)].map({ version($0) < version(item) }) ?? true {
            latest[name(item)] = item
        }
        return latest.keys.sorted().map { latest[$0]! }
    }
}

extension Catalog {
    /// Up to `limit` tokens of a theme version whose path or description contains `text`,
    /// case-insensitively, and those whose default value is the hex color `text` or
    /// contains it (`catalog mcp`'s search; ``Repository/searchTokens``).
    public func searchTokens(theme: String, version: Semver, text: String, limit: Int) throws -> [TokenMatch] {
        try repository.searchTokens(theme: theme, version: version, text: text, limit: limit)
    }

    /// Token paths sharing three characters with `text`, for "did you mean"
    /// (``Repository/tokenPaths(sharingTrigramsWith:theme:version:limit:)``).
    public func tokenPaths(sharingTrigramsWith text: String, theme: String, version: Semver, limit: Int) throws
        -> [String]
    {
        try repository.tokenPaths(sharingTrigramsWith: text, theme: theme, version: version, limit: limit)
    }

    /// The latest versions of the styles that refer to `token` of a theme version, directly
    /// or through the tokens aliasing it, by name.
    public func stylesReferring(to token: String, theme: String, version: Semver) throws -> [String] {
        let referring = try repository.styleVersionsReferring(to: token, theme: theme, version: version)
        let latest = Dictionary(try repository.styleSummaries().map { ($0.name, $0.version) }) { max($0, $1) }
        return Set(referring.filter { latest[$0.style] == $0.version }.map(\.style)).sorted()
    }

    /// Every theme version, by name then version.
    public func themes() throws -> [ThemeSummary] { try repository.themeSummaries() }

    /// The latest published version of the theme `name`, if it has one.
    public func latestVersion(ofTheme name: String) throws -> Semver? {
        try repository.versions(ofTheme: name).max()
    }

    /// The version `theme add` publishes for each theme the catalog holds when neither the
    /// command nor the files give one, by name: the next patch of its latest (a theme not
    /// here gets 1.0.0).
    public func nextVersions() throws -> [String: Semver] {
        let latest = Dictionary(try repository.themeVersions()) { max($0, $1) }
        return latest.mapValues { Semver($0.major, $0.minor, $0.patch + 1) }
    }

    /// Every style version, by name then version.
    public func styles() throws -> [StyleSummary] { try repository.styleSummaries() }

    /// Every spec with its versions.
    public func specs() throws -> [SpecSummary] { try repository.specSummaries() }

    /// A theme version (the latest without a version), only the tokens under `pathPrefix`
    /// when one is given. Throws naming the themes or versions that exist.
    public func theme(_ reference: VersionedName, pathPrefix: String? = nil) throws -> Theme {
        try repository.theme(reference, pathPrefix: pathPrefix)
    }

    /// The version `reference` denotes (its own, or the latest).
    public func themeVersion(_ reference: VersionedName) throws -> Semver { try repository.themeVersion(reference) }

    /// How many tokens a theme version holds, without loading them.
    public func tokenCount(theme: String, version: Semver) throws -> Int {
        try repository.tokenCount(theme, version)
    }

    /// The stored resolved values of `paths` in a theme version, by context (`""` the
    /// defaults, else one single-mode context such as `dark`).
    public func resolvedValues(theme: String, version: Semver, paths: [String]) throws -> [String: [String: JSON]] {
        try repository.resolvedValues(theme: theme, version: version, paths: paths)
    }

    /// The unresolved tokens of a theme version, with where and why: those its import
    /// flagged (kept with their source as written, no value), then those kept with a
    /// reference to nothing or to a token some contexts lack (Tokens Studio's rule), each
    /// with the resolver's reasons; and the token sets of a Tokens Studio export that no
    /// theme selects. With `modes` (``ModeContext/from(modeNames:in:)``, whose
    /// ``ModeContextError`` it throws), only what has no value in that context, with that
    /// context's reasons: a token unresolved in one context may resolve in every other.
    public func unresolvedTokens(_ reference: VersionedName, modes: [String]? = nil) throws -> (
        version: Semver, tokens: [RefusedToken], unselectedSets: [UnselectedSet]
    ) {
        let version = try repository.themeVersion(reference)
        let groups = try repository.groups(theme: reference.name, version: version)
        let unselected = UnselectedSet.recorded(in: groups)
        var tokens = RefusedToken.recorded(in: groups)
        let dangling = Set(RefusedToken.dangling(in: groups))
        guard !dangling.isEmpty || modes != nil else { return (version, tokens, unselected) }
        let theme = try repository.theme(VersionedName(name: reference.name, version: version))
        var reasons: [String: [String]] = [:]
        var without = dangling
        if let modes {
            let context = try ModeContext.from(modeNames: modes, in: theme)
            let chosen = context.chosen(in: theme)
            // A token flagged in some modes only is listed where one of them is chosen.
            let chosenNames = Set(chosen.map(\.description))
            tokens.removeAll { !$0.isFlagged(choosing: chosenNames) }
            let (values, problems) = TokenResolver(theme: theme).resolveAll(in: context)
            without = Set(
                theme.tokens.lazy.filter { dangling.contains($0.path) && $0.value(choosing: chosen) != nil }
                    .map(\.path)
            ).subtracting(values.keys)
            for problem in problems where without.contains(problem.tokenPath) {
                reasons[problem.tokenPath, default: []].append(problem.message)
            }
        } else {
            for problem in TokenResolver(theme: theme).problems() where dangling.contains(problem.tokenPath) {
                reasons[problem.tokenPath, default: []].append(problem.message)
            }
        }
        for path in without.sorted() {
            tokens.append(
                RefusedToken(
                    path: path, place: "", problems: (reasons[path] ?? []).sorted(), source: nil,
                    refersToRefused: false, keptWithValue: true))
        }
        return (version, tokens, unselected)
    }

    /// How many unresolved tokens each theme version has (``unresolvedTokens(_:modes:)``):
    /// flagged whole (not among its token rows), flagged in some modes only and kept with a
    /// reference to nothing (both among them).
    public func unresolvedTokenCounts() throws -> [(
        theme: String, version: String, flagged: Int, flaggedInModes: Int, dangling: Int
    )] {
        try repository.unresolvedTokenCounts()
    }

    /// A style version with its stored text and source file.
    public func style(_ reference: VersionedName) throws -> (style: StyleDefinition, text: String, sourceFile: String) {
        try repository.style(reference)
    }

    /// A spec version with its stored text and source file.
    public func spec(_ reference: VersionedName) throws -> (spec: ComponentSpec, text: String, sourceFile: String) {
        try repository.spec(reference)
    }

    /// The spec options (`DFButton.filled`) the latest specs draw with `style`.
    public func optionsDrawing(style: String) throws -> [String] { try repository.optionsDrawing(style: style) }

    /// The latest version of spec `name`, or `nil` when there is none.
    public func latestSpec(named name: String) throws -> ComponentSpec? {
        try repository.document(.spec, name: name, version: nil).map {
            try SpecReader.read(Data($0.text.utf8), file: $0.sourceFile).spec
        }
    }

    /// Revisions newest first, at most `limit`.
    public func revisions(limit: Int? = nil) throws -> [Revision] { try repository.revisions(limit: limit) }

    /// The newest revision, or `nil` for a catalog without history.
    public func headRevision() throws -> Revision? { try repository.headRevision() }

    /// The revision `reference` names (`HEAD`, `HEAD~2`, `#12`, an id or its prefix) with
    /// what it changed, by document.
    public func revision(_ reference: String) throws -> (revision: Revision, summary: RevisionSummary) {
        let revision = try repository.revision(reference)
        return (revision, RevisionSummary(changes: try repository.changes(of: revision)))
    }

    /// The problems `catalog check` finds (none for a sound catalog).
    public func check() throws -> [String] { try repository.check() }
}
