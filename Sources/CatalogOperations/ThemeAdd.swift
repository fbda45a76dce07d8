import CatalogChanges
import CatalogModel
import CatalogSystem
import CatalogTokenFiles
import Foundation

/// `theme add` as one use case: a theme's files, already read, compared with the last
/// publication, reported, then published (or, for a dry run, compared with the latest
/// version and left unwritten).
public enum ThemeAdd {
    /// What was read, reported before anything is written: counts and names, not the
    /// theme (which publishing lets go before its commit).
    public struct Read: Sendable {
        public var name: String
        public var version: Semver
        /// The format the files were read as (`DTCG 2025.10`, `Tokens Studio`).
        public var format: String
        public var fileCount: Int
        /// The reader's warnings, each placed in its file.
        public var warnings: [Diagnostic]
        /// Why the kept state of the latest publication was not used (damaged), if it was not.
        public var stateWarning: String?
        /// The tokens of the version, flagged ones included.
        public var tokenCount: Int
        /// Tokens flagged (kept as written, without a value), and how many of those only
        /// because they refer to a flagged token.
        public var flagged: Int
        public var flaggedByReference: Int
        /// Of the flagged tokens, those flagged in some modes only (values elsewhere).
        public var flaggedInModes = 0
        /// Tokens whose reference leads nowhere in some context.
        public var dangling: Int
        public var dimensions: [ModeDimension]
        /// For a read by difference: the version it differs from and how many tokens were
        /// read again.
        public var basisVersion: Semver?
        public var tokensRead: Int?
        /// Whether neither the command nor the files gave a version (`version` is then the
        /// next patch, or 1.0.0).
        public var versionDefaulted: Bool
        /// The theme's latest published version, where the version was defaulted.
        public var latest: Semver?
        /// Whether, no version given, the tokens are the latest version's: nothing is
        /// published (``Outcome/alreadyLatest(_:)``).
        public var isLatest: Bool
        /// For a dry run with no version given: the version the real run would publish
        /// instead of ``version``, and why (``ThemeVersionChoice``).
        public var choice: ThemeVersionChoice?
    }

    /// How `theme add` ended.
    public enum Outcome: Sendable {
        /// A dry run: nothing written; the difference from the latest version, if one exists.
        case dryRun(ThemeDiff?)
        /// No version given, and the tokens are the latest version's: nothing written.
        case alreadyLatest(Semver)
        /// Published, or the same version found with the same tokens (the publication says).
        case published(Publication)
    }
}

extension Catalog {
    /// `theme add`: `input` (read before the catalog is opened, so that a closed standard
    /// input is never the catalog's descriptor) compared with the theme's last publication
    /// in the catalog at `path` if the file exists; without a version, the next patch of the
    /// latest (1.0.0 for a new theme); read by difference where that publication kept its
    /// state (whole for a dry run); `reported` once read; then published in one revision,
    /// the catalog created if needed, a refusal naming the first file.
    public static func addTheme(
        _ input: consuming ThemeInput, at path: String, dryRun: Bool, keepingVersion: Bool = false,
        waiting: LockWait = .standard,
        note: (_ name: String, _ version: Semver) -> RevisionNote,
        progress: @escaping (_ step: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in },
        reported: (ThemeAdd.Read) -> Void
    ) throws -> ThemeAdd.Outcome {
        let found = FileManager.default.fileExists(atPath: path) ? try Catalog(path: path, waiting: waiting) : nil
        // With no version given, the reader gives the theme the next patch of the one its
        // name names, once it has decided the name (option, file, resolver or file name).
        let versionGiven = input.naming.version != nil
        if !versionGiven {
            input.naming.nextVersions = try found?.nextVersions() ?? [:]
            input.naming.fallbackVersion = Semver(1, 0, 0)
        }
        // The files are recorded by digest, computed while they are read.
        let digest = Background { [data = input.sources.map(\.data)] in DocumentDigest(joining: data, separator: "\n") }
        let existing = dryRun ? nil : found
        let prepared = try existing?.publishing.prepare(input) ?? PreparedTheme.whole(input)
        // What was read is said, and decided on, by a function of its own, whose copies of
        // the theme end there: publishing consumes `prepared` and lets the tokens go before
        // the commit writes its changeset.
        let latest = versionGiven ? nil : try found?.latestVersion(ofTheme: prepared.read.theme.name)
        if let ended = try Self.report(
            prepared, dryRun: dryRun, versionGiven: versionGiven, latest: latest, catalog: found, reported)
        {
            return ended
        }
        let (name, version) = (prepared.read.theme.name, prepared.read.theme.version)
        let versionDefaulted = prepared.read.versionDefaulted
        let catalog = try existing ?? Catalog(path: path, create: true, waiting: waiting)
        try catalog.prepareForBulkWrite()
        // The files are let go before the publication: what they hold is the read theme's now.
        let document = digest.take()
        let (firstFile, sourceFile) = (input.sources[0].file, input.sources.map(\.file).joined(separator: ", "))
        _ = consume input
        // Moved into the closure rather than captured, which would hold the theme until it returns.
        var pending = Optional(consume prepared)
        return try InputFailure.attributing(to: firstFile) {
            do {
                return .published(
                    try catalog.publishing.publish(
                        pending.take()!, document: document, sourceFile: sourceFile, note: note(name, version),
                        keepingVersion: keepingVersion, unlessUnchanged: versionDefaulted, progress: progress))
            } catch let unchanged as Publishing.UnchangedRelease {
                return .alreadyLatest(unchanged.latest)
            }
        }
    }

    /// Reports what `prepared` read and returns how `theme add` ends without publishing (a
    /// dry run; no version given and nothing changed), or `nil` to publish.
    private static func report(
        _ prepared: borrowing PreparedTheme, dryRun: Bool, versionGiven: Bool, latest: Semver?, catalog: Catalog?,
        _ reported: (ThemeAdd.Read) -> Void
    ) throws -> ThemeAdd.Outcome? {
        let read = prepared.read
        let theme = read.theme
        let flagged = theme.refusedTokens
        // The same content again under no version is the latest, not a new patch.
        // A dry run reads whole: the version the real run would choose is worked out here.
        var preview = dryRun ? try catalog?.publishing.preview(theme: theme) : nil
        var isLatest = false
        if read.versionDefaulted, latest != nil, let catalog {
            isLatest =
                try prepared.changesNoToken ?? ((preview ?? catalog.publishing.preview(theme: theme))?.isEmpty == true)
        }
        let choice =
            dryRun && !versionGiven
            ? try catalog?.versionChoice(for: theme, versionDefaulted: read.versionDefaulted, diff: preview) : nil
        if let choice { preview?.to = "\(theme.name)@\(choice.version) (dry run)" }
        var said = ThemeAdd.Read(
            name: theme.name, version: theme.version, format: read.format, fileCount: read.fileCount,
            warnings: read.warnings, stateWarning: prepared.stateWarning,
            // A token flagged in some modes only is among the version's tokens already.
            tokenCount: prepared.tokenCount + flagged.lazy.filter(\.modes.isEmpty).count, flagged: flagged.count,
            flaggedByReference: flagged.filter(\.refersToRefused).count,
            dangling: theme.danglingTokenPaths.count, dimensions: theme.dimensions,
            basisVersion: prepared.byDifference ? prepared.basisVersion : nil,
            tokensRead: prepared.byDifference ? prepared.tokensRead : nil,
            versionDefaulted: read.versionDefaulted, latest: latest, isLatest: isLatest, choice: choice)
        said.flaggedInModes = flagged.count { !$0.modes.isEmpty }
        reported(said)
        if isLatest, let latest { return .alreadyLatest(latest) }
        if dryRun {
            try catalog?.refuseTakenVersion(of: theme)
            return .dryRun(preview)
        }
        return nil
    }
}
