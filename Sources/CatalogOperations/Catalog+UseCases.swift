import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogSync
import CatalogTokenFiles
import CatalogUsage
import Foundation

// Each command's use case, one call each. The types they return (diffs, reports, exports)
// are the layers' own; the orchestration is here, not in the CLI.

extension Catalog {
    /// Publishing themes, styles, specs and seed sets, each as one revision checked
    /// against the version policy.
    public var publishing: Publishing { Publishing(repository: repository) }

    /// The documentation site or pages (`catalog export docs`).
    public func docs(format: DocsExport.Format, theme: VersionedName?, modes: [String]) throws -> DocsExport {
        try DocsExport(format: format, theme: theme, modes: modes, in: repository)
    }

    /// The mode names `export docs --mode` accepts.
    public func docsModes() throws -> [String] { try DocsExport.modes(in: repository) }

    /// The release notes between two revisions (`catalog export changelog`).
    public func changelog(from: String?, to: String?, format: ChangelogExport.Format) throws -> String {
        try ChangelogExport.text(from: from, to: to, format: format, in: repository)
    }

    /// The Swift package of a theme version and its styles (`catalog export swift`), its
    /// default context made of `modes` (names as `theme show --mode` takes them; a
    /// ``ModeContextError`` for an unknown, ambiguous or doubled one).
    /// `others`, where given, are generated beside it in one module (``SwiftExport``).
    public func swiftPackage(
        of reference: VersionedName, with others: [VersionedName] = [], modes: [String] = [], styles: [String],
        module: String?, prefix: String?, renames: [String: String] = [:]
    ) throws -> SwiftExport {
        let theme = try repository.theme(reference)
        let context = try ModeContext.from(modeNames: modes, in: theme)
        return try SwiftExport(
            theme: theme, otherThemes: try others.map { try repository.theme($0) }, styles: styles, module: module,
            prefix: prefix, renames: renames, defaultModes: context.modes, in: repository)
    }

    /// What changed between two revisions (`catalog diff`; the head when `to` is `nil`,
    /// the empty catalog when `from` is), with the revisions compared.
    public func diff(from: String?, to: String?) throws -> (diff: CatalogDiff, from: Revision?, to: Revision) {
        let (from, to) = try repository.revisionRange(from: from, to: to)
        return (try CatalogDiff.compute(from: from, to: to, repository: repository), from, to)
    }

    /// The diff of two published versions of one theme, read from the rows that changed.
    public func themeDiff(of theme: String, from: VersionedName, to: VersionedName) throws -> ThemeDiff {
        try ThemeDiff.stored(
            theme: theme, from: try repository.themeVersion(from), to: try repository.themeVersion(to),
            repository: repository)
    }

    /// The styles and spec options a theme diff reaches among the latest published ones.
    public func impact(of diff: ThemeDiff, theme: String) throws -> Impact {
        try Impact(of: diff, theme: theme, styles: repository.latestStyles(), specs: repository.latestSpecs())
    }

    /// The impact of two stored versions of a theme, down to `project`'s call sites.
    public func impact(of theme: String, from: VersionedName, to: VersionedName, project: String?) throws
        -> ImpactReport
    {
        try ImpactReport.versions(of: theme, from: from, to: to, in: repository, project: project)
    }

    /// The impact of a theme version (the latest when `reference` names none) against the
    /// version before it: what publishing it changed. Throws naming the theme's versions
    /// when it is the first.
    public func impact(of reference: VersionedName, project: String?) throws -> ImpactReport {
        let version = try repository.themeVersion(reference)
        guard let previous = try repository.previousVersion(.theme, name: reference.name, before: version) else {
            throw RequestError(
                "\(reference.name) \(version) is the theme's first version: there is no earlier one to compare with")
        }
        return try impact(
            of: reference.name, from: VersionedName(name: reference.name, version: previous),
            to: VersionedName(name: reference.name, version: version), project: project)
    }

    /// The impact of tokens files not published (`input`, read whole as `theme add` would
    /// read them) against a stored version of the theme (the latest when `reference` names
    /// none): what publishing them would change. Nothing is written.
    public func impact(ofFiles input: ThemeInput, against reference: VersionedName, project: String?) throws
        -> ImpactReport
    {
        let files = input.sources.map(\.file).joined(separator: ", ")
        let read = try InputFailure.attributing(to: input.sources.first?.file ?? "-") {
            try PreparedTheme.whole(input).read.theme
        }
        let stored = try repository.theme(reference)
        let diff = ThemeDiff.compute(
            from: ThemeDiff.Side(theme: stored), to: ThemeDiff.Side(theme: read, label: "\(files) (not published)"))
        return try ImpactReport(of: diff, theme: reference.name, in: repository, project: project)
    }

    /// The impact of a changeset file (`data`, read from `file`) before anyone applies it:
    /// applied in a transaction that is rolled back.
    public func impact(ofChangeset data: Data, file: String, project: String?) throws -> [ImpactReport.ThemeChange] {
        try ImpactReport.changeset(try ChangesetFile.decode(data, file: file), in: repository, project: project)
    }

    /// What `name` refers to and where code uses it (`catalog usage NAME`).
    public func usage(of name: String, project: String?) throws -> UsageReport {
        try UsageReport(name: name, project: project, in: repository) { try self.latestTheme(named: $0) }
    }

    /// The call sites one lint rule flags (`usage --unknown`, `usage --deprecated`).
    public func usageFindings(rule: String, project: String?) throws -> [Linter.Finding] {
        try UsageReport.findings(rule: rule, project: project, in: repository)
    }

    /// Every lint finding over the scanned call sites (`catalog lint`).
    public func lint(project: String?, platforms: [DeploymentTarget]?) throws -> [Linter.Finding] {
        try UsageReport.lint(project: project, platforms: platforms, in: repository)
    }
}

/// A changeset file exported from a catalog (`catalog changeset`).
public struct ExportedChangeset: Sendable {
    /// The file's bytes: the binary format, or with `readable` the JSON rendering.
    public let data: Data
    /// How many revisions it carries.
    public let revisionCount: Int
    /// The revision it starts after (`nil`: the beginning of history).
    public let base: Revision?
    /// Its last revision (`nil` when it carries none).
    public let target: Revision?
}

extension Catalog {
    /// The revisions after `from` through `to` (the head when `nil`) as a changeset file;
    /// `readable` gives the JSON rendering with each row change's columns named.
    public func exportChangeset(from: String?, to: String?, readable: Bool) throws -> ExportedChangeset {
        let file = try ChangesetSync.export(from: from, to: to, repository: repository)
        let data =
            readable
            ? Data(
                (try file.readableJSON(columns: repository.columns(of:), decode: repository.changes(in:))
                    .serialized(pretty: true) + "\n").utf8)
            : file.encoded()
        return ExportedChangeset(
            data: data, revisionCount: file.revisions.count, base: file.base, target: file.target)
    }

    /// Applies a changeset file (`data`, read from `file`): all of it in one transaction or
    /// nothing (``ChangesetApply``). A large file gets the bulk page cache.
    public func apply(
        changeset data: Data, file: String, merge: Bool, author: String,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> ChangesetApply.Report {
        let changeset = try ChangesetFile.decode(data, file: file)
        // A replica's whole history is a bulk write; a small file keeps the default cache,
        // so that verifying a big catalog's content stays lean.
        if data.count > 8 << 20 { try repository.reserveBulkCache() }
        return try ChangesetApply.apply(changeset, to: repository, merge: merge, author: author, progress: progress)
    }
}
