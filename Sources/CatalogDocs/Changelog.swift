import CatalogChanges
import CatalogModel
import Foundation

/// A catalog diff as a release note: breaking changes first, then additive, then cosmetic.
package enum Changelog {
    /// The changes of `diff`, each with the theme, style or spec it belongs to, by level.
    static func grouped(_ diff: CatalogDiff) -> [(level: ChangeLevel, items: [String])] {
        var items: [ChangeLevel: [String]] = [:]
        for theme in diff.themes {
            for change in theme.changes {
                items[change.level, default: []].append("theme \(theme.name): \(change.message)")
            }
        }
        for document in diff.documents {
            for change in document.changes {
                items[change.level, default: []].append("\(document.kind) \(document.name): \(change.message)")
            }
        }
        return [ChangeLevel.breaking, .additive, .cosmetic].compactMap { level in items[level].map { (level, $0) } }
    }

    /// The release note in Markdown.
    package static func markdown(_ diff: CatalogDiff) -> String {
        let label = { (revision: Revision?) in revision.map { "\($0.shortID) (#\($0.sequence))" } ?? "the empty catalog"
        }
        var out = "# Catalog changes from \(label(diff.from)) to \(label(diff.to))\n\n"
        if let to = diff.to {
            out +=
                "\(DocsFormat.escapeMarkdown(to.message)) — \(DocsFormat.escapeMarkdown(to.author)), \(to.createdAt)\n\n"
        }
        let titles: [ChangeLevel: String] = [
            .breaking: "Breaking changes", .additive: "Additions", .cosmetic: "Other changes",
        ]
        let groups = grouped(diff)
        if groups.isEmpty { out += "No theme, style or spec changed.\n" }
        for (level, items) in groups {
            out += "## \(titles[level]!)\n\n" + items.map { "- \(DocsFormat.escapeMarkdown($0))\n" }.joined() + "\n"
        }
        let versions =
            diff.themes.map { (DocumentKind.theme, $0.name, $0.from, $0.to) }
            + diff.documents.map { ($0.kind, $0.name, $0.from, $0.to) }
        if !versions.isEmpty {
            out += "## Versions\n\n| Kind | Name | From | To |\n|---|---|---|---|\n"
            for (kind, name, from, to) in versions {
                out +=
                    "| \(kind) | \(DocsFormat.escapeMarkdown(name).replacingOccurrences(of: "|", with: "\\|")) | \(from?.description ?? "—") | \(to?.description ?? "—") |\n"
            }
        }
        return out
    }

    /// The release note as JSON: `{format, from, to, breaking, additive, cosmetic}`.
    package static func json(_ diff: CatalogDiff) -> JSON {
        var members: [(String, JSON)] = [
            ("format", .string("catalog.changelog/1")), ("from", diff.from.map { .string($0.id) } ?? .null),
            ("to", diff.to.map { .string($0.id) } ?? .null), ("level", .string(diff.level.description)),
        ]
        let groups = Dictionary(uniqueKeysWithValues: grouped(diff).map { ($0.level, $0.items) })
        for level in [ChangeLevel.breaking, .additive, .cosmetic] {
            members.append((level.description, .array((groups[level] ?? []).map { .string($0) })))
        }
        return .object(members)
    }
}
