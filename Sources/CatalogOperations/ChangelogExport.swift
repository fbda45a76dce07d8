import CatalogChanges
import CatalogDocs
import CatalogModel
import CatalogStore

/// `catalog export changelog`: the changes between two revisions as a release note
/// (Markdown or JSON), or as a visual changelog (HTML). For the visual one, every style
/// whose appearance a release may change is compared: one whose version changed, one
/// whose theme's version changed, and one a spec option now points to instead of
/// another; the page keeps those whose resolved cells differ.
public enum ChangelogExport {
    /// The formats a changelog is written in.
    public enum Format: String, CaseIterable, Sendable {
        case markdown, json, html
    }

    /// The changelog from revision `from` (default: HEAD's parent) to `to` (default: HEAD),
    /// as text in `format`.
    public static func text(from: String?, to: String?, format: Format, in repository: Repository) throws -> String {
        let (base, target) = try repository.revisionRange(from: from, to: to)
        let diff = try CatalogDiff.compute(from: base, to: target, repository: repository)
        switch format {
        case .markdown: return Changelog.markdown(diff)
        case .json: return Changelog.json(diff).serialized(pretty: true) + "\n"
        case .html: return try html(diff, in: repository)
        }
    }

    /// The page comparing `diff`'s two revisions, read from `repository` in one transaction.
    public static func html(_ diff: CatalogDiff, in repository: Repository) throws -> String {
        try repository.read {
            var comparisons: [String: VisualChangelog.Comparison] = [:]
            var themes: [String: Theme] = [:]
            func theme(_ name: String, _ version: Semver?) throws -> Theme? {
                guard let version else { return nil }
                let key = "\(name)@\(version)"
                if let loaded = themes[key] { return loaded }
                let loaded = try repository.theme(VersionedName(name: name, version: version))
                themes[key] = loaded
                return loaded
            }
            /// A style at a version, resolved in its theme at the same side's latest version.
            func side(_ name: String, _ version: Semver?, _ latest: [DocumentKind: [String: Semver]]) throws -> (
                style: StyleDefinition, theme: Theme
            )? {
                guard let version else { return nil }
                let style = try repository.style(VersionedName(name: name, version: version)).style
                guard let themeName = style.theme, let loaded = try theme(themeName, latest[.theme]?[themeName]) else {
                    return nil
                }
                return (style, loaded)
            }
            let changedThemes = Set(diff.themes.map(\.name))
            let names = Set((diff.latestBefore[.style] ?? [:]).keys).union((diff.latestAfter[.style] ?? [:]).keys)
            for name in names.sorted() {
                let before = try side(name, diff.latestBefore[.style]?[name], diff.latestBefore)
                let after = try side(name, diff.latestAfter[.style]?[name], diff.latestAfter)
                var reasons: [String] = []
                let versions = (diff.latestBefore[.style]?[name], diff.latestAfter[.style]?[name])
                if versions.0 != versions.1 {
                    reasons.append("style \(versions.0?.description ?? "—") → \(versions.1?.description ?? "—")")
                }
                for themeName in Set([before?.theme.name, after?.theme.name].compactMap { $0 }).sorted()
                where changedThemes.contains(themeName) {
                    let change = diff.themes.first { $0.name == themeName }!
                    reasons.append(
                        "theme \(themeName) \(change.from?.description ?? "—") → \(change.to?.description ?? "—")")
                }
                guard !reasons.isEmpty else { continue }
                comparisons[name] = .init(name: name, before: before, after: after, reasons: reasons)
            }
            // A spec option drawn by another style than before: the old style beside the new.
            for change in diff.documents where change.kind == .spec {
                guard let from = change.from, let to = change.to else { continue }
                let old = try repository.spec(VersionedName(name: change.name, version: from)).spec
                let new = try repository.spec(VersionedName(name: change.name, version: to)).spec
                for axis in new.axes {
                    for option in axis.options {
                        let previous = old.axes.first { $0.name == axis.name }?.options.first { $0.name == option.name }
                        guard let was = previous?.style, let now = option.style, was != now else { continue }
                        let key = "\(change.name) · \(option.name)"
                        comparisons[key] = .init(
                            name: key, before: try side(was, diff.latestBefore[.style]?[was], diff.latestBefore),
                            after: try side(now, diff.latestAfter[.style]?[now], diff.latestAfter),
                            reasons: [
                                "spec \(change.name) \(from) → \(to): option \(option.name) drawn by \(now), was \(was)"
                            ])
                    }
                }
            }
            return VisualChangelog(
                diff: diff, comparisons: Array(comparisons.values), specs: try repository.latestSpecs()
            ).html()
        }
    }
}
