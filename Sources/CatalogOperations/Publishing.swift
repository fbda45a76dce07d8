import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogTokenFiles

/// Who records a revision, and why.
public struct RevisionNote: Sendable {
    /// Why: shown by `catalog log`.
    public var message: String
    /// Who: `--author`, else `$USER`.
    public var author: String

    /// A revision's message and author.
    public init(message: String, author: String) {
        self.message = message
        self.author = author
    }
}

/// What publishing did: published or already there, and the revision recorded (none when
/// nothing changed).
public struct Publication: Sendable {
    /// Published, or already there with the same content.
    public var outcome: PublishOutcome
    /// The revision recorded; `nil` when nothing changed.
    public var revision: Revision?
    /// The version check that a publication keeping its version (`theme add
    /// --keep-version`) did not satisfy, recorded in the revision's message; `nil` else.
    public var versionKept: VersionCheck? = nil
}

/// Publishing under the version policy, one call per document kind: in one write
/// transaction, the version is checked against the previous one (``VersionChecks``: a
/// number smaller than the changes demand is refused with the reasons), the document is
/// written (a theme is written first and checked from the rows that changed, so that a
/// small change costs little), and a revision is recorded. `theme add`, `add-style`, `spec add` and `seed`
/// all come through here.
public struct Publishing {
    /// The catalog published into.
    package let repository: Repository

    /// Publishing into `repository`.
    public init(repository: Repository) { self.repository = repository }

    /// Publishes a theme version read whole; `progress` hears each step of a long publication.
    public func publish(
        theme: Theme, document: DocumentDigest, sourceFile: String, note: RevisionNote,
        progress: (_ step: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws -> Publication {
        let read = ThemeImport(theme: theme, format: "", fileCount: 0, warnings: [])
        return try publish(
            PreparedTheme(read: read, tokenCount: theme.tokens.count), document: document, sourceFile: sourceFile,
            note: note, progress: progress)
    }

    /// Publishes a style version, its aliases checked in `theme` (default: its own).
    public func publish(
        style: StyleDefinition, document: JSON, text: String, sourceFile: String, theme: VersionedName? = nil,
        note: RevisionNote
    ) throws -> Publication {
        let (outcome, revision) = try repository.commit(message: note.message, author: note.author) { transaction in
            try VersionChecks.enforce(VersionChecks(repository: repository).check(style: style, document: document))
            return try repository.publish(
                style: style, document: document, text: text, sourceFile: sourceFile, theme: theme, in: transaction)
        }
        return Publication(outcome: outcome, revision: revision)
    }

    /// Publishes a spec version.
    public func publish(spec: ComponentSpec, document: JSON, text: String, sourceFile: String, note: RevisionNote)
        throws -> Publication
    {
        let (outcome, revision) = try repository.commit(message: note.message, author: note.author) { transaction in
            try VersionChecks.enforce(VersionChecks(repository: repository).check(spec: spec, document: document))
            return try repository.publish(
                spec: spec, document: document, text: text, sourceFile: sourceFile, in: transaction)
        }
        return Publication(outcome: outcome, revision: revision)
    }

    /// Publishes every document of a seed folder (themes, then styles, then specs), each
    /// checked against the version policy, as one revision. `progress` hears each document.
    public func seed(
        _ files: [SeedFile], from folder: String, note: RevisionNote, progress: (_ done: Int, _ total: Int) -> Void
    ) throws -> (report: SeedReport, revision: Revision?) {
        let total = files.filter { [".tokens.json", ".style.json", ".spec.json"].contains(where: $0.path.hasSuffix) }
            .count
        var done = 0
        return try repository.commit(message: note.message, author: note.author) { transaction in
            let checks = VersionChecks(repository: repository)
            return try repository.seed(
                files, from: folder,
                check: { document in
                    progress(done, total)
                    done += 1
                    try checks.enforce(document)
                }, in: transaction)
        }
    }

    /// What publishing `theme` would change against its latest published version (`nil`
    /// when none is published): the dry run of `theme add`. Reads only.
    public func preview(theme: Theme) throws -> ThemeDiff? {
        guard try !repository.versions(ofTheme: theme.name).isEmpty else { return nil }
        let latest = try repository.theme(VersionedName(name: theme.name, version: nil))
        return ThemeDiff.compute(
            from: ThemeDiff.Side(theme: latest),
            to: ThemeDiff.Side(theme: theme, label: "\(theme.name)@\(theme.version) (dry run)"))
    }
}
