import CatalogModel
import CatalogStore
import Foundation

/// Semver enforcement: before a theme, style or spec version is published, its changes
/// against the previous version (the highest published one below it) are classified, and
/// a version number smaller than they demand is refused with the list of reasons.
public struct VersionChecks {
    /// The catalog whose published versions are compared with.
    package let repository: Repository

    /// Checks against `repository`'s published versions.
    package init(repository: Repository) {
        self.repository = repository
    }

    /// The check for a theme version, or `nil` when there is nothing to compare with (a
    /// first version, or this exact version is already published).
    public func check(theme: Theme) throws -> VersionCheck? {
        guard let previous = try previous(.theme, name: theme.name, version: theme.version) else { return nil }
        let old = try repository.theme(VersionedName(name: theme.name, version: previous))
        let diff = ThemeDiff.compute(from: ThemeDiff.Side(theme: old), to: ThemeDiff.Side(theme: theme))
        return VersionCheck(
            kind: .theme, name: theme.name, previous: previous, version: theme.version, changes: diff.classified)
    }

    /// The check for a theme version just written in this transaction, against the highest
    /// version below it, from the stored rows that differ between the two (``ThemeDiff/stored(theme:from:to:repository:)``):
    /// the cost follows the changes, not the theme. `nil` for a first version.
    public func check(publishedTheme name: String, version: Semver) throws -> VersionCheck? {
        guard let previous = try repository.previousVersion(.theme, name: name, before: version) else { return nil }
        let diff = try ThemeDiff.stored(theme: name, from: previous, to: version, repository: repository)
        return VersionCheck(kind: .theme, name: name, previous: previous, version: version, changes: diff.classified)
    }

    /// The check for a style version, or `nil`.
    public func check(style: StyleDefinition, document: JSON) throws -> VersionCheck? {
        guard let previous = try previous(.style, name: style.name, version: style.version) else { return nil }
        // The stored text alone: the diff compares documents, not definitions.
        guard let (text, file) = try repository.document(.style, name: style.name, version: previous) else {
            return nil
        }
        let changes = DocumentDiff.style(from: try JSONParser.parse(text, file: file), to: document)
        return VersionCheck(
            kind: .style, name: style.name, previous: previous, version: style.version, changes: changes)
    }

    /// The check for a spec version, or `nil`.
    public func check(spec: ComponentSpec, document: JSON) throws -> VersionCheck? {
        guard let previous = try previous(.spec, name: spec.name, version: spec.version) else { return nil }
        let (old, text, file) = try repository.spec(VersionedName(name: spec.name, version: previous))
        let changes = DocumentDiff.spec(
            from: old, to: spec, oldDocument: try JSONParser.parse(text, file: file), newDocument: document)
        return VersionCheck(kind: .spec, name: spec.name, previous: previous, version: spec.version, changes: changes)
    }

    /// Throws ``VersionError`` when `check` is not satisfied.
    public static func enforce(_ check: VersionCheck?) throws {
        if let check, !check.isSatisfied { throw VersionError(check: check) }
    }

    /// The hook `Repository.seed` runs before each document.
    public func enforce(_ document: SeedDocument) throws {
        switch document {
        case .theme(let theme): try Self.enforce(check(theme: theme))
        case .style(let style, let json): try Self.enforce(check(style: style, document: json))
        case .spec(let spec, let json): try Self.enforce(check(spec: spec, document: json))
        }
    }

    private func previous(_ kind: DocumentKind, name: String, version: Semver) throws -> Semver? {
        guard try !repository.isPublished(kind, name: name, version: version) else { return nil }
        return try repository.previousVersion(kind, name: name, before: version)
    }
}
