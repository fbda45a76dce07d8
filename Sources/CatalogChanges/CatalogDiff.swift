import CatalogModel
import CatalogStore

/// Everything that changed between two revisions: for every theme, style and spec whose
/// latest version differs, the semantic diff (themes) or the classified field changes
/// (styles and specs). The state at a revision is read from the changesets recorded after
/// it, so the cost follows the changes in between, not the catalog's size.
public struct CatalogDiff: Sendable {
    /// A theme's change between the two revisions.
    public struct ThemeChange: Sendable {
        /// The theme's name.
        public var name: String
        /// The latest version at the first revision (`nil`: the theme did not exist).
        public var from: Semver?
        /// The latest version at the second revision (`nil`: the theme was removed).
        public var to: Semver?
        /// The token diff, when both sides exist.
        public var diff: ThemeDiff?

        /// The change classified for versioning.
        public var changes: [ClassifiedChange] {
            switch (from, to) {
            case (nil, let version?):
                return [
                    ClassifiedChange(
                        .additive, "theme \(name) \(version) added", path: "themes.\(name)", new: .string("\(version)"))
                ]
            case (let version?, nil):
                return [
                    ClassifiedChange(
                        .breaking, "theme \(name) \(version) removed", path: "themes.\(name)",
                        old: .string("\(version)"))
                ]
            default: return diff?.classified ?? []
            }
        }
    }

    /// A style's or spec's change between the two revisions.
    public struct DocumentChange: Sendable {
        /// `.style` or `.spec`.
        public var kind: DocumentKind
        /// The document's name.
        public var name: String
        /// The latest version at the first revision (`nil`: it did not exist).
        public var from: Semver?
        /// The latest version at the second revision (`nil`: it was removed).
        public var to: Semver?
        /// The differences between the two versions, classified for versioning.
        public var changes: [ClassifiedChange]
    }

    /// The first revision (`nil`: before any revision, the empty catalog).
    public var from: Revision?
    /// The second revision (`nil`: before any revision, the empty catalog).
    public var to: Revision?
    /// Themes whose latest version differs, by name.
    public var themes: [ThemeChange]
    /// Styles and specs whose latest version differs, by kind then name.
    public var documents: [DocumentChange]
    /// The latest version of every theme, style and spec at the first revision, and at
    /// the second: what a comparison of their appearance loads.
    public var latestBefore: [DocumentKind: [String: Semver]] = [:]
    /// See ``latestBefore``.
    public var latestAfter: [DocumentKind: [String: Semver]] = [:]

    /// The highest level among all changes.
    public var level: ChangeLevel {
        (themes.flatMap(\.changes) + documents.flatMap(\.changes)).map(\.level).max() ?? .none
    }

    /// Compares the catalog at revision `a` (`nil`: before any revision) with the catalog at `b`.
    public static func compute(from a: Revision?, to b: Revision?, repository: Repository) throws -> CatalogDiff {
        let head = try repository.headRevision()
        let atA = try versions(at: a, head: head, repository: repository)
        let atB = try versions(at: b, head: head, repository: repository)
        var themes: [ThemeChange] = []
        var documents: [DocumentChange] = []
        for key in Set(atA.keys).union(atB.keys).sorted(by: {
            ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name)
        }) {
            let before = atA[key]?.max()
            let after = atB[key]?.max()
            guard before != after else { continue }
            switch key.kind {
            case .theme:
                var diff: ThemeDiff?
                if let before, let after {
                    diff = try ThemeDiff.stored(theme: key.name, from: before, to: after, repository: repository)
                }
                themes.append(ThemeChange(name: key.name, from: before, to: after, diff: diff))
            case .style, .spec:
                var changes: [ClassifiedChange] = []
                if let before, let after {
                    changes = try documentChanges(
                        kind: key.kind, name: key.name, from: before, to: after, repository: repository)
                } else if let after {
                    changes = [
                        ClassifiedChange(
                            .additive, "\(key.kind) \(key.name) \(after) added", path: "\(key.kind)s.\(key.name)",
                            new: .string("\(after)"))
                    ]
                } else if let before {
                    changes = [
                        ClassifiedChange(
                            .breaking, "\(key.kind) \(key.name) \(before) removed", path: "\(key.kind)s.\(key.name)",
                            old: .string("\(before)"))
                    ]
                }
                documents.append(
                    DocumentChange(kind: key.kind, name: key.name, from: before, to: after, changes: changes))
            }
        }
        var diff = CatalogDiff(from: a, to: b, themes: themes, documents: documents)
        for (key, versions) in atA { diff.latestBefore[key.kind, default: [:]][key.name] = versions.max() }
        for (key, versions) in atB { diff.latestAfter[key.kind, default: [:]][key.name] = versions.max() }
        return diff
    }

    struct Key: Hashable {
        var kind: DocumentKind
        var name: String
    }

    /// The published versions at revision `revision`: today's, minus those published after it.
    static func versions(at revision: Revision?, head: Revision?, repository: Repository) throws -> [Key: [Semver]] {
        var result: [Key: [Semver]] = [:]
        for (kind, name, version) in try repository.publishedVersions() {
            result[Key(kind: kind, name: name), default: []].append(version)
        }
        guard let head else { return result }
        for later in try repository.revisions(after: revision?.sequence ?? 0, through: head.sequence) {
            for entry in RevisionSummary(changes: try repository.changes(in: try repository.changeset(of: later)))
                .entries where entry.action == .published
            {
                let key = Key(kind: entry.kind, name: entry.name)
                result[key]?.removeAll { $0.description == entry.version }
                if result[key]?.isEmpty == true { result[key] = nil }
            }
        }
        return result
    }

    static func documentChanges(
        kind: DocumentKind, name: String, from a: Semver, to b: Semver, repository: Repository
    ) throws -> [ClassifiedChange] {
        switch kind {
        case .theme:
            let diff = try ThemeDiff.stored(theme: name, from: a, to: b, repository: repository)
            return diff.classified
        case .style:
            let (_, oldText, oldFile) = try repository.style(VersionedName(name: name, version: a))
            let (_, newText, newFile) = try repository.style(VersionedName(name: name, version: b))
            return DocumentDiff.style(
                from: try JSONParser.parse(oldText, file: oldFile), to: try JSONParser.parse(newText, file: newFile))
        case .spec:
            break
        }
        let (old, oldText, oldFile) = try repository.spec(VersionedName(name: name, version: a))
        let (new, newText, newFile) = try repository.spec(VersionedName(name: name, version: b))
        return DocumentDiff.spec(
            from: old, to: new, oldDocument: try JSONParser.parse(oldText, file: oldFile),
            newDocument: try JSONParser.parse(newText, file: newFile))
    }
}
