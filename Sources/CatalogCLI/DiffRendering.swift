import CatalogChanges
import CatalogModel
import CatalogOperations
import Foundation

/// How `theme diff` prints a ``ThemeDiff`` as text and as Markdown.
enum DiffRendering {
    /// The changes to show for an entry: leaf changes, except that a value that changed in
    /// several leaves (a color's components and hex) shows once, as the catalog prints it.
    static func displayChanges(_ entry: ThemeDiff.Entry) -> [(path: String, before: String, after: String)] {
        var rows: [(String, String, String)] = []
        var seenRoots: Set<String> = []
        for change in entry.changes {
            let root = valueRoot(change.path)
            if let root, let original = entry.original {
                guard seenRoots.insert(root).inserted else { continue }
                rows.append(
                    (root, render(lookup(original, root), entry.type), render(lookup(entry.value, root), entry.type)))
            } else {
                rows.append((change.path, render(change.originalValue, nil), render(change.newValue, nil)))
            }
        }
        return rows
    }

    /// `$value`, or `$extensions.catalog.modes.<mode>`, when `path` is inside one.
    static func valueRoot(_ path: String) -> String? {
        if path == "$value" || path.hasPrefix("$value.") || path.hasPrefix("$value[") { return "$value" }
        let prefix = "$extensions.catalog.modes."
        guard path.hasPrefix(prefix) else { return nil }
        let mode = path.dropFirst(prefix.count).prefix { $0 != "." && $0 != "[" }
        return prefix + mode
    }

    static func lookup(_ token: JSON, _ root: String) -> JSON? {
        if root == "$value" { return token["$value"] }
        let mode = String(root.dropFirst("$extensions.catalog.modes.".count))
        return token["$extensions"]?["catalog.modes"]?[mode]
    }

    static func render(_ value: JSON?, _ type: TokenType?) -> String {
        guard let value else { return "(none)" }
        if let type { return Formatting.value(value, type: type) }
        return value.string ?? value.serialized()
    }

    static func text(_ diff: ThemeDiff, impact: Impact?) -> String {
        var out = "Theme diff \(diff.from) → \(diff.to): "
        let counts = ThemeDiff.Category.allCases.compactMap { category -> String? in
            let count = diff.entries(category).count
            return count == 0 ? nil : "\(count) \(category.rawValue)"
        }
        let dimensions = diff.dimensionChanges.count
        out +=
            (diff.isEmpty
                ? "no changes"
                : ((dimensions == 0 ? [] : ["\(dimensions) \(dimensions == 1 ? "dimension" : "dimensions") changed"])
                    + counts + (diff.resolved.isEmpty ? [] : ["\(resolvedTokens(diff)) resolved"])).joined(
                        separator: ", "))
            + "\n"
        if diff.isBreaking { out += "BREAKING: " + diff.breakingReasons.joined(separator: "; ") + "\n" }
        if dimensions > 0 {
            out += "\ndimensions (\(dimensions))\n"
            for change in diff.dimensionChanges { out += "  \(change.isBreaking ? "-" : "~") \(change.message)\n" }
        }
        let marks: [ThemeDiff.Category: String] = [
            .renamed: "→", .deprecated: "!", .reverted: "↺", .added: "+", .deleted: "-", .updated: "~",
            .readable: "✓", .unreadable: "✗",
        ]
        for category in ThemeDiff.Category.allCases {
            let entries = diff.entries(category)
            guard !entries.isEmpty else { continue }
            out += "\n\(category.rawValue) (\(entries.count))\n"
            for entry in entries {
                let name = entry.originalPath.map { "\($0) → \(entry.path)" } ?? entry.path
                var line = "  \(marks[category]!) \(name)  \(entry.type)"
                if [.added, .deleted, .readable, .unreadable].contains(category)
                    || (category == .deprecated && entry.changes.isEmpty)
                {
                    line += "  " + render(entry.value["$value"], entry.type)
                }
                if let reason = entry.value["$deprecated"]?.string, category == .deprecated { line += "  (\(reason))" }
                out += line + "\n"
                for change in displayChanges(entry) where change.path != "path" {
                    out += "      \(change.path): \(change.before) → \(change.after)\n"
                }
            }
        }
        if !diff.resolved.isEmpty {
            out += "\nresolved values changed through aliases (\(resolvedTokens(diff)))\n"
            for change in groupedResolved(diff) {
                out +=
                    "  \(change.path): \(change.before) → \(change.after)  [\(change.contexts.joined(separator: ", "))]\n"
            }
        }
        if let impact, !impact.styles.isEmpty {
            out += "\naffected styles (\(impact.styles.count))\n"
            for style in impact.styles {
                out += "  \(style.name) \(style.version): \(style.tokens.joined(separator: ", "))\n"
            }
            out += "affected specs (\(impact.specs.count))\n"
            for spec in impact.specs {
                out += "  \(spec.name) \(spec.version): \(spec.styles.joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// How many tokens' resolved values changed (each in one or more contexts).
    static func resolvedTokens(_ diff: ThemeDiff) -> Int { Set(diff.resolved.map(\.path)).count }

    /// The resolved changes, one per token and change with the contexts it holds in (a
    /// token changed the same way in every mode is said once, not once per mode), in the
    /// diff's order.
    static func groupedResolved(_ diff: ThemeDiff) -> [(
        path: String, contexts: [String], before: String, after: String
    )] {
        var groups: [(path: String, contexts: [String], before: String, after: String)] = []
        var index: [String: Int] = [:]
        for change in diff.resolved {
            let kind = type(of: change, in: diff)
            let (before, after) = (render(change.originalValue, kind), render(change.newValue, kind))
            let key = [change.path, before, after].joined(separator: "\u{1F}")
            let context = change.mode.isEmpty ? "default" : change.mode
            if let position = index[key] {
                groups[position].contexts.append(context)
            } else {
                index[key] = groups.count
                groups.append((change.path, [context], before, after))
            }
        }
        return groups
    }

    static func type(of change: ThemeDiff.ResolvedChange, in diff: ThemeDiff) -> TokenType? {
        Color(dtcg: change.newValue) != nil ? .color : nil
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func markdown(_ diff: ThemeDiff, impact: Impact?) -> String {
        var out = "## Theme changes: \(diff.from) → \(diff.to)\n\n"
        if diff.isBreaking {
            out += "**Breaking:** " + diff.breakingReasons.map(cell).joined(separator: "; ") + "\n\n"
        }
        out += "| Change | Tokens |\n|---|---|\n"
        for category in ThemeDiff.Category.allCases {
            out += "| \(category.rawValue) | \(diff.entries(category).count) |\n"
        }
        out += "| resolved through aliases | \(resolvedTokens(diff)) |\n"
        if !diff.dimensionChanges.isEmpty {
            out += "\n### Dimensions (\(diff.dimensionChanges.count))\n\n"
            for change in diff.dimensionChanges { out += "- \(cell(change.message))\n" }
        }
        for category in ThemeDiff.Category.allCases {
            let entries = diff.entries(category)
            guard !entries.isEmpty else { continue }
            out +=
                "\n### \(category.rawValue.prefix(1).uppercased() + category.rawValue.dropFirst()) (\(entries.count))\n\n"
            out += "| Token | Type | Property | Before | After |\n|---|---|---|---|---|\n"
            for entry in entries {
                let name = "`\(cell(entry.originalPath.map { "\($0) → \(entry.path)" } ?? entry.path))`"
                let changes = displayChanges(entry).filter { $0.path != "path" }
                if changes.isEmpty {
                    let value = cell(render(entry.value["$value"], entry.type))
                    out +=
                        "| \(name) | \(entry.type) | $value | \([.added, .readable].contains(category) ? "" : value) | \([.deleted, .unreadable].contains(category) ? "" : value) |\n"
                }
                for change in changes {
                    out +=
                        "| \(name) | \(entry.type) | `\(cell(change.path))` | \(cell(change.before)) | \(cell(change.after)) |\n"
                }
            }
        }
        if !diff.resolved.isEmpty {
            out +=
                "\n### Resolved values changed through aliases (\(resolvedTokens(diff)))\n\n| Token | Contexts | Before | After |\n|---|---|---|---|\n"
            for change in groupedResolved(diff) {
                out +=
                    "| `\(cell(change.path))` | \(cell(change.contexts.joined(separator: ", "))) | \(cell(change.before)) | \(cell(change.after)) |\n"
            }
        }
        if let impact, !impact.styles.isEmpty {
            out += "\n### Affected\n\n"
            for style in impact.styles {
                out +=
                    "- style `\(style.name)` \(style.version) (\(style.tokens.map { "`\($0)`" }.joined(separator: ", ")))\n"
            }
            for spec in impact.specs {
                out +=
                    "- spec `\(spec.name)` \(spec.version) (\(spec.styles.map { "`\($0)`" }.joined(separator: ", ")))\n"
            }
        }
        return out
    }
}
