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
        var selections: [String: [String: String]] = [:]  // mode → set → status
        var modeOwner: [String: String] = [:]
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
                if let other = modeOwner[name], other != group {
                    problems.append(
                        Diagnostic(
                            file: themes.file, location: theme.location, path: path,
                            message:
                                "theme \"\(name)\" is in groups \(other) and \(group); the catalog keeps a mode name unique within a theme for now, so rename one of them in $themes.json"
                        ))
                    continue
                }
                modeOwner[name] = group
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
                selections[name] = selected
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
        let setGroups = Dictionary(sets.map { ($0.name, $0.group) }) { first, _ in first }
        let frozenDimensions = dimensions
        let frozenOrder = order
        let frozenSelections = selections
        let selectedAnywhere = Set(selections.values.flatMap { $0.filter { $0.value != "disabled" }.keys })
        let frozenUnselected = Set(order.filter { !selectedAnywhere.contains($0) })
        let first = plain[0]
        if !dimensions.isEmpty, !frozenUnselected.isEmpty {
            let names = order.filter(frozenUnselected.contains)
            warnings.append(
                Diagnostic(
                    file: themes?.file ?? plain[0].source.file,
                    message:
                        "\(names.count == 1 ? "1 set is" : "\(names.count) sets are") selected by no theme and imported as shared tokens: \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : "")"
                ))
        }
        // The sets a choice of modes merges, in order: sets no theme selects are kept (as
        // Tokens Studio's own "source" sets are), then each chosen theme's.
        let frozenSets = setGroups
        func mergedSets(for choice: [String: String]) -> [TokenTree.Group] {
            var included = frozenDimensions.isEmpty ? Set(frozenOrder) : frozenUnselected
            for dimension in frozenDimensions {
                let mode = choice[dimension.name] ?? dimension.defaultMode
                for (set, status) in frozenSelections[mode] ?? [:] where status != "disabled" { included.insert(set) }
            }
            return frozenOrder.filter(included.contains).compactMap { frozenSets[$0] }
        }
        // A token of a later set that replaces a group of an earlier one hides that group's
        // tokens: said for the default context, the one read in full.
        var base = TokenTree.Group(file: first.source.file, location: first.root.location)
        for group in mergedSets(for: [:]) {
            warnings += ThemeSources.hiddenWarnings(group, over: base)
            var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            TokenTree.merge(group, into: &base, collisions: &ignored)
        }
        let frozenBase = base
        var layering = ThemeSources.Layering(
            format: dialect.displayName, fileCount: plain.count, warnings: warnings,
            declaredDimensions: dimensions.isEmpty ? nil : dimensions,
            tree: { choice in
                guard !choice.isEmpty else { return frozenBase }
                var merged = TokenTree.Group(file: first.source.file, location: first.root.location)
                var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
                for group in mergedSets(for: choice) { TokenTree.merge(group, into: &merged, collisions: &ignored) }
                return merged
            })
        if !rootExtensions.isEmpty {
            layering.rootExtensions = [("$extensions", .object([("studio.tokens", .object(rootExtensions))]))]
        }
        return layering
    }
}
