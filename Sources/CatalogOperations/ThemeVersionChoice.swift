import CatalogChanges
import CatalogModel
import CatalogStore

/// The version `theme add` publishes when the command gives none, and why, said the same
/// way by a dry run and by the real run. The files' own version stands, unless it is the
/// theme's latest, already published with other tokens (a theme exported, edited and
/// added again): then the next version does. A version the catalog chose itself (none in
/// the files, or the next after the files' one) rises as far as the changes since the
/// latest demand (a token removed: the next major), as the version check would demand of
/// one given.
public struct ThemeVersionChoice: Sendable, Equatable {
    /// The version published.
    public var version: Semver
    /// Why it is not the one the files say (or the next patch, for files that say none).
    public var reasons: [String]

    /// A version and why.
    public init(version: Semver, reasons: [String]) {
        self.version = version
        self.reasons = reasons
    }

    /// Why the files' version `given` gives way to the next: `theme` already has it, the
    /// latest, with other tokens.
    public static func taken(_ given: Semver, theme: String) -> String {
        "the files say \(given), which \(theme) already has with other tokens"
    }

    /// Why a version the catalog chose rises to what `check`'s changes demand.
    public static func raised(_ check: VersionCheck) -> String {
        let reasons = check.changes.filter { $0.level == check.level }.map(\.message)
        let listed = reasons.prefix(3).joined(separator: "; ") + (reasons.count > 3 ? "; …" : "")
        return
            "the changes since \(check.previous) are \(check.level), which calls for \(check.suggestedVersion) (\(listed))"
    }
}

extension Catalog {
    /// The version to read `theme add`'s files again under after it refused them with
    /// `error`, where the command gave no version (`read` is what the refused run read;
    /// `chosen`, the version it read under, if the catalog chose it already): the next
    /// patch for the files' version taken by the latest with other tokens, the version a
    /// refused version check calls for where the catalog chose the version. `nil`: the
    /// refusal stands (a version the files give, the changes notwithstanding, is theirs).
    public static func versionChoice(
        after error: any Error, read: ThemeAdd.Read, chosen: ThemeVersionChoice?, catalogAt path: String,
        waiting: LockWait
    ) throws -> ThemeVersionChoice? {
        let cause = (error as? InputFailure)?.error ?? error
        if case .versionConflict(.theme, let theme, let given) = cause as? PublishError, chosen == nil,
            !read.versionDefaulted, try Catalog(path: path, waiting: waiting).latestVersion(ofTheme: theme) == given
        {
            let next = ChangeLevel.none.minimumVersion(after: given)
            return ThemeVersionChoice(version: next, reasons: [ThemeVersionChoice.taken(given, theme: theme)])
        }
        if let refusal = cause as? VersionError, refusal.check.kind == .theme, read.versionDefaulted || chosen != nil,
            refusal.check.suggestedVersion > refusal.check.version
        {
            return ThemeVersionChoice(
                version: refusal.check.suggestedVersion,
                reasons: (chosen?.reasons ?? []) + [ThemeVersionChoice.raised(refusal.check)])
        }
        return nil
    }

    /// The version a real `theme add` of `theme` (read whole) would publish when the
    /// command gives none: `versionDefaulted` when the files gave none either. `nil` when
    /// the files' version (or the next patch) stands as read.
    func versionChoice(for theme: Theme, versionDefaulted: Bool, diff: ThemeDiff?) throws -> ThemeVersionChoice? {
        guard let diff, !diff.isEmpty, let latest = try latestVersion(ofTheme: theme.name) else { return nil }
        var version = theme.version
        var reasons: [String] = []
        if !versionDefaulted {
            // The files' version stands unless it is the latest's, with other tokens.
            guard version == latest else { return nil }
            version = ChangeLevel.none.minimumVersion(after: latest)
            reasons.append(ThemeVersionChoice.taken(latest, theme: theme.name))
        }
        let found = VersionCheck(
            kind: .theme, name: theme.name, previous: latest, version: version, changes: diff.classified)
        let check = try publishing.withSwiftAPIBreaks(found) {
            (try self.theme(VersionedName(name: theme.name, version: latest)), theme)
        }
        if !check.isSatisfied {
            version = check.suggestedVersion
            reasons.append(ThemeVersionChoice.raised(check))
        }
        return reasons.isEmpty ? nil : ThemeVersionChoice(version: version, reasons: reasons)
    }

    /// Throws what a real `theme add` of `theme` (read whole) throws for its version: a
    /// version other than the latest, already published with other tokens, is refused.
    func refuseTakenVersion(of theme: Theme) throws {
        guard let latest = try latestVersion(ofTheme: theme.name), theme.version != latest,
            try repository.versions(ofTheme: theme.name).contains(theme.version)
        else { return }
        let published = try self.theme(VersionedName(name: theme.name, version: theme.version))
        let diff = ThemeDiff.compute(from: ThemeDiff.Side(theme: published), to: ThemeDiff.Side(theme: theme))
        if !diff.isEmpty { throw PublishError.versionConflict(kind: .theme, name: theme.name, version: theme.version) }
    }
}
