import Foundation

/// Tokens Studio (the Figma plugin) exports: one file with a top-level key per token set
/// plus `$themes` and `$metadata`, or a folder with one file per set (`core/colors.json`
/// is the set `core/colors`) beside `$themes.json` and `$metadata.json`.
///
/// Sets merge in `$metadata.tokenSetOrder` (later wins). Each theme of `$themes` selects
/// sets as `enabled` (output), `source` (reference targets; the catalog keeps their
/// tokens too, so that aliases resolve and nothing is lost) or `disabled`; themes that
/// share a `group` are the modes of one dimension (named after the group), the first
/// theme of a group its default. `$themes` and `$metadata` are kept verbatim at the
/// theme's root under `$extensions["studio.tokens"]` and written back on export.
enum TokensStudio {
    /// "; did you mean …?" when a set name is close to one of `names`, else nothing.
    static func nearest(_ name: String, in names: [String]) -> String {
        Suggestion.closest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    static func layering(_ plain: [(source: ThemeInput.Source, root: JSON)], dialect: TokenDialect) throws
        -> ThemeSources.Layering
    {
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var sets: [(name: String, group: TokenTree.Group)] = []
        var themes: (file: String, value: JSON)?
        var metadata: (file: String, value: JSON)?
        for (source, root) in plain {
            let name = (source.relativePath as NSString).lastPathComponent
            if name == "$themes.json" {
                themes = (source.file, root)
            } else if name == "$metadata.json" {
                metadata = (source.file, root)
            } else if root["$themes"] != nil || root["$metadata"] != nil {
                for (key, value) in root.object ?? [] {
                    switch key {
                    case "$themes": themes = (source.file, value)
                    case "$metadata": metadata = (source.file, value)
                    default:
                        guard value.object != nil else {
                            problems.append(
                                Diagnostic(
                                    file: source.file, location: value.location, path: JSONPath.member("$", key),
                                    message: "expected a token set (an object), got \(value.kindDescription)"))
                            continue
                        }
                        sets.append(
                            (key, ThemeSources.tree(value, file: source.file, dialect: dialect, problems: &problems)))
                    }
                }
            } else {
                var setName = source.relativePath
                if setName.hasSuffix(".json") { setName = String(setName.dropLast(5)) }
                sets.append(
                    (setName, ThemeSources.tree(root, file: source.file, dialect: dialect, problems: &problems)))
            }
        }
        // The merge order: tokenSetOrder, then sets it does not list, in the order found.
        var order: [String] = []
        if let metadata {
            if let list = metadata.value["tokenSetOrder"]?.array {
                for (index, entry) in list.enumerated() {
                    guard let name = entry.string else {
                        problems.append(
                            Diagnostic(
                                file: metadata.file, location: entry.location,
                                path: JSONPath.index("$.tokenSetOrder", index), message: "expected a set name"))
                        continue
                    }
                    if sets.contains(where: { $0.name == name }) {
                        order.append(name)
                    } else {
                        // Design tools skip a listed set that is missing; so does the catalog, saying so.
                        warnings.append(
                            Diagnostic(
                                file: metadata.file, location: entry.location,
                                path: JSONPath.index("$.tokenSetOrder", index),
                                message:
                                    "tokenSetOrder lists the set \"\(name)\", which is not among the files; it is skipped\(Self.nearest(name, in: sets.map(\.name)))"
                            ))
                    }
                }
            }
        }
        for set in sets where !order.contains(set.name) { order.append(set.name) }

        // Themes grouped into dimensions.
        var dimensions: [ModeDimension] = []
        var selections: [ModeKey: [String: String]] = [:]  // mode → set → status
        if let themes {
            guard let list = themes.value.array else {
                throw DocumentError(
                    file: themes.file, location: themes.value.location, path: "$",
                    message: "expected $themes to be an array of themes, got \(themes.value.kindDescription)")
            }
            for (index, theme) in list.enumerated() {
                let path = JSONPath.index("$", index)
                guard let name = theme["name"]?.string else {
                    problems.append(
                        Diagnostic(
                            file: themes.file, location: theme.location, path: path, message: "a theme needs a \"name\""
                        ))
                    continue
                }
                let group = theme["group"]?.string ?? "theme"
                var selected: [String: String] = [:]
                for (set, status) in theme["selectedTokenSets"]?.object ?? [] {
                    guard let text = status.string, ["enabled", "source", "disabled"].contains(text) else {
                        problems.append(
                            Diagnostic(
                                file: themes.file, location: status.location,
                                path: JSONPath.member(JSONPath.member(path, "selectedTokenSets"), set),
                                message: "expected \"enabled\", \"source\" or \"disabled\", got \(status.excerpt)"))
                        continue
                    }
                    if !sets.contains(where: { $0.name == set }) && text != "disabled" {
                        warnings.append(
                            Diagnostic(
                                file: themes.file, location: status.location,
                                path: JSONPath.member(JSONPath.member(path, "selectedTokenSets"), set),
                                message:
                                    "theme \"\(name)\" selects the set \"\(set)\", which is not among the files; it is skipped\(Self.nearest(set, in: sets.map(\.name)))"
                            ))
                    }
                    selected[set] = text
                }
                let key = ModeKey(group, name)
                guard selections[key] == nil else {
                    problems.append(
                        Diagnostic(
                            file: themes.file, location: theme.location, path: path,
                            message:
                                "group \(group) has two themes named \"\(name)\"; a theme name is unique within its group"
                        ))
                    continue
                }
                selections[key] = selected
                if let position = dimensions.firstIndex(where: { $0.name == group }) {
                    dimensions[position].modes.append(name)
                } else {
                    dimensions.append(ModeDimension(name: group, modes: [name]))
                }
            }
        }
        guard problems.isEmpty else { throw DocumentError(inDocumentOrder: problems) }
        var rootExtensions: [(String, JSON)] = []
        if let themes { rootExtensions.append(("themes", themes.value)) }
        if let metadata { rootExtensions.append(("metadata", metadata.value)) }
        // Each set is a layer merged where a theme that enables it (or uses it as a source)
        // is chosen: always, when no theme selects it (Tokens Studio's own "source" sets are
        // kept so, that aliases resolve and nothing is lost) or when every theme of a group does.
        var enabling: [String: Set<ModeKey>] = [:]
        for (key, selected) in selections {
            for (set, status) in selected where status != "disabled" { enabling[set, default: []].insert(key) }
        }
        let setGroups = Dictionary(sets.map { ($0.name, $0.group) }) { first, _ in first }
        var layers: [ThemeSources.Layer] = []
        var unselected: [String] = []
        for name in order {
            guard let group = setGroups[name] else { continue }
            let modes = enabling[name] ?? []
            if !dimensions.isEmpty && modes.isEmpty { unselected.append(name) }
            let always =
                modes.isEmpty
                || dimensions.contains { dimension in
                    dimension.modes.allSatisfy { modes.contains(ModeKey(dimension.name, $0)) }
                }
            layers.append(ThemeSources.Layer(modes: always ? [] : modes, group: group))
        }
        if !unselected.isEmpty {
            warnings.append(
                Diagnostic(
                    file: themes?.file ?? plain[0].source.file,
                    message:
                        "\(unselected.count == 1 ? "1 set is" : "\(unselected.count) sets are") selected by no theme and imported as shared tokens: \(unselected.prefix(8).joined(separator: ", "))\(unselected.count > 8 ? ", …" : "")"
                ))
        }
        var layering = ThemeSources.Layering(
            format: dialect.displayName, fileCount: plain.count, warnings: warnings,
            declaredDimensions: dimensions.isEmpty ? nil : dimensions, layers: layers, file: plain[0].source.file,
            location: plain[0].root.location)
        // A token of a later set that replaces a group of an earlier one hides that group's
        // tokens: said for the default context, the one read in full (and kept, not merged again).
        let chosen = layering.defaults
        var hidden: [Diagnostic]? = []
        layering.mergedBase = layering.tree(where: { $0.applies(choosing: chosen) }, hidden: &hidden)
        layering.warnings += hidden ?? []
        if !rootExtensions.isEmpty {
            layering.rootExtensions = [("$extensions", .object([("studio.tokens", .object(rootExtensions))]))]
        }
        return layering
    }
}
