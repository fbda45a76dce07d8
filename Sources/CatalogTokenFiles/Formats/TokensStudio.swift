import CatalogModel
import Foundation

/// Tokens Studio (the Figma plugin) exports: one file with a top-level key per token set
/// plus `$themes` and `$metadata`, or a folder with one file per set (`core/colors.json`
/// is the set `core/colors`) beside `$themes.json` and `$metadata.json`.
///
/// Sets merge in `$metadata.tokenSetOrder` (later wins). Each theme of `$themes` selects
/// sets as `enabled` (output), `source` (reference targets; the catalog keeps their
/// tokens too, so that aliases resolve and nothing is lost) or `disabled`; themes that
/// share a `group` are the modes of one dimension (named after the group), the first
/// theme of a group its default. A set that no theme selects is in no context: it is
/// kept at the root (`catalog.unselectedSets`) and listed by `theme problems`. `$themes` and `$metadata` are kept verbatim at the
/// theme's root under `$extensions["studio.tokens"]` and written back on export.
enum TokensStudio {
    /// Tokens Studio's reading, as the plugin and sd-transforms resolve a set: its math
    /// (`checkAndEvaluateMath`), references with spaces inside the braces, notes beside
    /// tokens in a group, a reference to no token kept and shown broken, references that
    /// never compare types (a `number` or `string` alias takes its target's type), an
    /// 8-digit `hex`, `rgba(#hex, alpha)`, a font weight with its style, a composite's
    /// field left `""` as unset, types guessed from values, `other`/`text` holding anything, and a
    /// line height without a unit in pixels (docs.tokens.studio, Line Height).
    static let rules = TokenRules().with {
        $0.evaluatesMath = true
        $0.keepsGroupNotes = true
        $0.trimsReferences = true
        $0.keepsDanglingReferences = true
        $0.acceptsAliasesAcrossTypes = true
        $0.aliasesTakingTheirTargetsType = ["number", "string"]
        $0.ignoresLongHex = true
        $0.readsHexInRGBA = true
        $0.fontWeightsCarryStyle = true
        $0.emptyFieldsAreUnset = true
        $0.infersTypes = true
        $0.stringsHoldAnything = true
        $0.unitlessLineHeightsArePixels = true
    }

    /// Whether a single file is a whole Tokens Studio export: its root has `$themes` or `$metadata`.
    static func isExport(_ root: JSON) -> Bool { root["$themes"] != nil || root["$metadata"] != nil }

    /// Whether `sources` are a Tokens Studio folder: one of them is `$themes.json` or `$metadata.json`.
    static func isFolder(_ sources: [ThemeInput.Source]) -> Bool {
        sources.contains { isMarker($0.relativePath) }
    }

    /// Whether a file is named as the plugin names an export's themes or metadata.
    static func isMarker(_ relativePath: String) -> Bool {
        ["$themes.json", "$metadata.json"].contains((relativePath as NSString).lastPathComponent)
    }

    /// "; did you mean …?" when a set name is close to one of `names`, else nothing.
    static func nearest(_ name: String, in names: [String]) -> String {
        Suggestion.closest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The layers of a Tokens Studio export: its sets in merge order, each merged where a
    /// theme that selects it is chosen, with the themes' groups as dimensions.
    /// `choice`, where given, says which sets are layered in place of `$themes` (``ThemeInput/SetChoice``).
    static func layering(
        _ plain: [(source: ThemeInput.Source, root: JSON)], dialect: TokenDialect, choice: ThemeInput.SetChoice? = nil
    ) throws
        -> ThemeSources.Layering
    {
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let export = Export(plain, dialect: dialect, problems: &problems, warnings: &warnings)
        if export.sets.isEmpty, problems.isEmpty {
            // Only $themes.json or $metadata.json: every set they name is missing, and a theme
            // of no tokens would be published.
            let given = export.themes?.file ?? export.metadata?.file ?? plain[0].source.file
            throw DocumentError(
                file: given,
                message:
                    "a Tokens Studio export with no token sets: give its folder (the one holding $themes.json and the set files), not \((given as NSString).lastPathComponent) alone"
            )
        }
        if !export.outside.isEmpty {
            warnings.append(
                Diagnostic(
                    file: export.themes?.file ?? export.metadata?.file ?? plain[0].source.file,
                    message:
                        "\(export.outside.count == 1 ? "1 file lies" : "\(export.outside.count) files lie") outside this Tokens Studio export's folder (\(export.syncRoot)), so no theme selects them; give that folder to read the export alone"
                ))
        }
        let order = export.mergeOrder(problems: &problems, warnings: &warnings)
        var (dimensions, selections) = try export.modes(problems: &problems, warnings: &warnings)
        var base: Set<String>?
        let exportFile = export.themes?.file ?? export.metadata?.file ?? plain[0].source.file
        if let choice {
            if !dimensions.isEmpty {
                let count = dimensions.reduce(0) { $0 + $1.modes.count }
                warnings.append(
                    Diagnostic(
                        file: exportFile,
                        message:
                            "the sets are chosen by name, so the \(count == 1 ? "theme" : "\(count) themes") of $themes \(count == 1 ? "is" : "are") not read (kept, and written back on export)"
                    ))
            }
            let chosen = try export.chosen(choice, file: exportFile)
            (dimensions, selections, base) = (chosen.dimensions, chosen.selections, chosen.base)
        }
        guard problems.isEmpty else { throw DocumentError(inDocumentOrder: problems) }
        let (layers, unselected) = export.layers(
            order: order, dimensions: dimensions, selections: selections, base: base)
        if choice == nil, dimensions.isEmpty { warnings += export.overrides(order: order, file: exportFile) }
        var catalogExtensions: [(String, JSON)] = []
        if !unselected.isEmpty {
            let (record, warning) = unselectedRecord(
                unselected, file: export.themes?.file ?? plain[0].source.file, chosenByName: choice != nil)
            warnings.append(warning)
            catalogExtensions.append((Theme.unselectedSetsKey, record))
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
        var rootExtensions: [(String, JSON)] = []
        if let themes = export.themes { rootExtensions.append(("themes", themes.value)) }
        if let metadata = export.metadata { rootExtensions.append(("metadata", metadata.value)) }
        if !rootExtensions.isEmpty { catalogExtensions.insert(("studio.tokens", .object(rootExtensions)), at: 0) }
        if !catalogExtensions.isEmpty { layering.rootExtensions = [("$extensions", .object(catalogExtensions))] }
        return layering
    }

    /// An export's files sorted out: its token sets (by name, as found), `$themes` and
    /// `$metadata`, from a folder of files or from the top-level keys of one file.
    struct Export {
        var sets: [(name: String, group: TokenTree.Group)] = []
        var themes: (file: String, value: JSON)?
        var metadata: (file: String, value: JSON)?
        /// The folder of `$themes.json` relative to the one given (`""` at its root), and
        /// the files given outside it: a monorepo's other token trees.
        var syncRoot = ""
        var outside: [String] = []

        init(
            _ plain: [(source: ThemeInput.Source, root: JSON)], dialect: TokenDialect, problems: inout [Diagnostic],
            warnings: inout [Diagnostic]
        ) {
            // Tokens Studio names a set by its path from the folder holding `$themes.json`
            // (its sync root), wherever in the given folder that is; files outside it keep
            // their whole path and are sets no theme selects.
            let base = Self.syncRoot(plain.map(\.source.relativePath))
            syncRoot = base
            for (source, root) in plain {
                // Only the sync root's `$themes.json` and `$metadata.json` are the export's: the
                // plugin writes them there alone. Another file so named deeper down is a set
                // when it holds tokens, else skipped with a warning.
                if source.relativePath == base + "$themes.json" {
                    themes = (source.file, root)
                } else if source.relativePath == base + "$metadata.json" {
                    metadata = (source.file, root)
                } else if TokensStudio.isMarker(source.relativePath), root.object == nil {
                    warnings.append(
                        Diagnostic(
                            file: source.file, location: root.location,
                            message:
                                "\((source.relativePath as NSString).lastPathComponent) here is not this Tokens Studio export's (that one is at \(base.isEmpty ? "the folder's root" : base)) and holds no token set (\(root.kindDescription)); it is skipped"
                        ))
                } else if TokensStudio.isExport(root) {
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
                                (
                                    key,
                                    ThemeSources.tree(value, file: source.file, dialect: dialect, problems: &problems)
                                ))
                        }
                    }
                } else {
                    var setName = source.relativePath
                    if !base.isEmpty {
                        if setName.hasPrefix(base) { setName.removeFirst(base.count) } else { outside.append(setName) }
                    }
                    if setName.hasSuffix(".json") { setName = String(setName.dropLast(5)) }
                    if setName.hasSuffix(".json5") { setName = String(setName.dropLast(6)) }
                    sets.append(
                        (setName, ThemeSources.tree(root, file: source.file, dialect: dialect, problems: &problems)))
                }
            }
        }

        /// The folder, relative to the one given and with its trailing `/`, holding the
        /// shallowest `$themes.json` or `$metadata.json`: `""` where they are at the root.
        static func syncRoot(_ relativePaths: [String]) -> String {
            let markers = relativePaths.filter(TokensStudio.isMarker)
            guard let shallowest = markers.min(by: { $0.split(separator: "/").count < $1.split(separator: "/").count })
            else { return "" }
            let folder = (shallowest as NSString).deletingLastPathComponent
            return folder.isEmpty ? "" : folder + "/"
        }

        /// The merge order: `tokenSetOrder` (a folder named there standing for its sets), then
        /// the sets it does not list, in the order found.
        func mergeOrder(problems: inout [Diagnostic], warnings: inout [Diagnostic]) -> [String] {
            var order: [String] = []
            for (index, entry) in (metadata?.value["tokenSetOrder"]?.array ?? []).enumerated() {
                guard let metadata else { break }
                let path = JSONPath.index("$.tokenSetOrder", index)
                guard let name = entry.string else {
                    problems.append(
                        Diagnostic(
                            file: metadata.file, location: entry.location, path: path, message: "expected a set name"))
                    continue
                }
                if sets.contains(where: { $0.name == name }) {
                    order.append(name)
                } else if sets.contains(where: { $0.name.hasPrefix(name + "/") }) {
                    // A folder of sets, as the theme editor names one: its sets, in the order found.
                    order += sets.map(\.name).filter { $0.hasPrefix(name + "/") && !order.contains($0) }
                } else {
                    // Design tools skip a listed set that is missing; so does the catalog, saying so.
                    warnings.append(
                        Diagnostic(
                            file: metadata.file, location: entry.location, path: path,
                            message:
                                "tokenSetOrder lists the set \"\(name)\", which is not among the files; it is skipped\(TokensStudio.nearest(name, in: sets.map(\.name)))"
                        ))
                }
            }
            for set in sets where !order.contains(set.name) { order.append(set.name) }
            return order
        }

        /// The themes grouped into dimensions (a group's themes are its modes, the first its
        /// default), and each mode's selection: set name → enabled, source or disabled.
        func modes(problems: inout [Diagnostic], warnings: inout [Diagnostic]) throws -> (
            [ModeDimension], [ModeKey: [String: String]]
        ) {
            var dimensions: [ModeDimension] = []
            var selections: [ModeKey: [String: String]] = [:]
            guard let themes else { return ([], [:]) }
            for (path, theme) in try Self.themeList(themes.value, file: themes.file) {
                guard let name = theme["name"]?.string else {
                    problems.append(
                        Diagnostic(
                            file: themes.file, location: theme.location, path: path, message: "a theme needs a \"name\""
                        ))
                    continue
                }
                let group = theme["group"]?.string ?? "theme"
                let selected = selection(of: theme, named: name, at: path, problems: &problems, warnings: &warnings)
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
            return (dimensions, selections)
        }

        /// The themes of `$themes`, each with its JSON path. Tokens Studio writes an array; an
        /// object whose members are themes (keyed by their ids, as a map of themes serializes)
        /// is read as those themes in order, and an empty object as no themes. Anything else
        /// is not a list of themes and refuses the export.
        static func themeList(_ value: JSON, file: String) throws -> [(path: String, theme: JSON)] {
            if let list = value.array { return list.enumerated().map { (JSONPath.index("$", $0.offset), $0.element) } }
            if let members = value.object, members.allSatisfy({ $0.value.object != nil }) {
                return members.map { (JSONPath.member("$", $0.key), $0.value) }
            }
            throw DocumentError(
                file: file, location: value.location, path: "$",
                message: "expected $themes to be an array of themes, got \(value.kindDescription) \(value.excerpt)")
        }

        /// One theme's `selectedTokenSets`, each status checked. A name that is no set but a
        /// folder of sets (`base` beside `base/palette.json`) gives its status to each set in
        /// the folder that the theme does not name itself: Tokens Studio's theme editor
        /// writes a folder's status under the folder's path (`TokenSetThemeItem` sets
        /// `[item.path]: status` for folders and sets alike). A name that is neither is
        /// skipped with a warning, as design tools skip a missing set.
        private func selection(
            of theme: JSON, named name: String, at path: String, problems: inout [Diagnostic],
            warnings: inout [Diagnostic]
        ) -> [String: String] {
            guard let themes else { return [:] }
            var selected: [String: String] = [:]
            var folders: [(folder: String, status: String)] = []
            for (set, status) in theme["selectedTokenSets"]?.object ?? [] {
                let place = JSONPath.member(JSONPath.member(path, "selectedTokenSets"), set)
                guard let text = status.string, ["enabled", "source", "disabled"].contains(text) else {
                    problems.append(
                        Diagnostic(
                            file: themes.file, location: status.location, path: place,
                            message: "expected \"enabled\", \"source\" or \"disabled\", got \(status.excerpt)"))
                    continue
                }
                if !sets.contains(where: { $0.name == set }), sets.contains(where: { $0.name.hasPrefix(set + "/") }) {
                    folders.append((set, text))
                    continue
                }
                if !sets.contains(where: { $0.name == set }) && text != "disabled" {
                    warnings.append(
                        Diagnostic(
                            file: themes.file, location: status.location, path: place,
                            message:
                                "theme \"\(name)\" selects the set \"\(set)\", which is not among the files; it is skipped\(TokensStudio.nearest(set, in: sets.map(\.name)))"
                        ))
                }
                selected[set] = text
            }
            // The deepest folder first: a set takes the status of the nearest folder naming it.
            for (folder, status) in folders.sorted(by: { $0.folder.count > $1.folder.count }) {
                for set in sets where set.name.hasPrefix(folder + "/") && selected[set.name] == nil {
                    selected[set.name] = status
                }
            }
            return selected
        }

        /// Each set as a layer merged where a theme that enables it, or uses it as a source,
        /// is chosen (always, when every theme of a group does); with the sets that no theme
        /// selects, which are in no context. Tokens Studio builds a theme from the sets its
        /// themes select (`permutateThemes` in sd-transforms keeps every set whose status is
        /// not `disabled`, and nothing else); an export with no themes merges every set.
        /// Sets chosen by name (`base`) are layered in every context, and only they and
        /// the modes' sets are layered at all.
        func layers(
            order: [String], dimensions: [ModeDimension], selections: [ModeKey: [String: String]],
            base: Set<String>? = nil
        ) -> (layers: [ThemeSources.Layer], unselected: [(name: String, group: TokenTree.Group)]) {
            var enabling: [String: Set<ModeKey>] = [:]
            for (key, selected) in selections {
                for (set, status) in selected where status != "disabled" { enabling[set, default: []].insert(key) }
            }
            let setGroups = Dictionary(sets.map { ($0.name, $0.group) }) { first, _ in first }
            var layers: [ThemeSources.Layer] = []
            var unselected: [(name: String, group: TokenTree.Group)] = []
            for name in order {
                guard let group = setGroups[name] else { continue }
                let modes = enabling[name] ?? []
                if base?.contains(name) == true {
                    layers.append(ThemeSources.Layer(modes: [], group: group))
                    continue
                }
                if (!dimensions.isEmpty || base != nil) && modes.isEmpty {
                    unselected.append((name, group))
                    continue
                }
                let always = dimensions.contains { dimension in
                    dimension.modes.allSatisfy { modes.contains(ModeKey(dimension.name, $0)) }
                }
                layers.append(ThemeSources.Layer(modes: always || modes.isEmpty ? [] : modes, group: group))
            }
            return (layers, unselected)
        }
        /// The dimensions, selections and sets always layered a choice of sets by name
        /// makes: each mode's sets enabled where it is chosen (the first mode given for a
        /// dimension its default); a name that is a folder of sets stands for its sets, as
        /// in `$themes`. A name that
        /// is neither refuses the read, naming the sets there are.
        func chosen(_ choice: ThemeInput.SetChoice, file: String) throws -> (
            dimensions: [ModeDimension], selections: [ModeKey: [String: String]], base: Set<String>
        ) {
            let names = sets.map(\.name)
            var unknown: [String] = []
            func expanded(_ name: String) -> [String] {
                if names.contains(name) { return [name] }
                let inside = names.filter { $0.hasPrefix(name + "/") }
                if inside.isEmpty { unknown.append(name) }
                return inside
            }
            let base = Set(choice.base.flatMap(expanded))
            var dimensions: [ModeDimension] = []
            var selections: [ModeKey: [String: String]] = [:]
            for entry in choice.modes {
                let key = ModeKey(entry.dimension, entry.mode)
                if let position = dimensions.firstIndex(where: { $0.name == entry.dimension }) {
                    if !dimensions[position].modes.contains(entry.mode) {
                        dimensions[position].modes.append(entry.mode)
                    }
                } else {
                    dimensions.append(ModeDimension(name: entry.dimension, modes: [entry.mode]))
                }
                var selected = selections[key] ?? [:]
                for set in entry.set.map(expanded) ?? [] { selected[set] = "enabled" }
                selections[key] = selected
            }
            if let first = unknown.first {
                throw DocumentError(
                    file: file,
                    message:
                        "no set \(NameRules.quoted(first)) in this Tokens Studio export (its sets: \(names.joined(separator: ", ")))\(TokensStudio.nearest(first, in: names))"
                )
            }
            return (dimensions, selections, base)
        }

        /// One warning per pair of sets where the later redefines tokens of the earlier with
        /// other values and nothing chooses between them (an export without themes merges
        /// every set in `tokenSetOrder`, the later winning everywhere: a second theme's set
        /// silently replaces the first's values), with the count, the first names and how to
        /// choose. The same value given twice is no conflict.
        func overrides(order: [String], file: String) -> [Diagnostic] {
            let groups = Dictionary(sets.map { ($0.name, $0.group) }) { first, _ in first }
            let ordered = order.compactMap { name in groups[name].map { (name, $0) } }
            var found: [Diagnostic] = []
            for (index, later) in ordered.enumerated() {
                for earlier in ordered[..<index] {
                    var merged = earlier.1
                    var collisions: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
                    TokenTree.merge(later.1, into: &merged, collisions: &collisions)
                    let changed = collisions.filter { collision in
                        let values = [collision.old, collision.new].map { $0.object["$value"] ?? $0.object["value"] }
                        return values[0] != values[1]
                    }.map(\.path)
                    guard !changed.isEmpty else { continue }
                    let names = changed.prefix(5).joined(separator: ", ") + (changed.count > 5 ? ", …" : "")
                    found.append(
                        Diagnostic(
                            file: later.1.file, location: later.1.location,
                            message:
                                "set \(NameRules.quoted(later.0)) gives \(changed.count == 1 ? "1 token" : "\(changed.count) tokens") of set \(NameRules.quoted(earlier.0)) other values (\(names)), and no theme chooses between them: the later in tokenSetOrder wins in every context. To layer only some sets, or one set per mode, choose them by name (docs/token-files.md, \"Choosing sets\")"
                        ))
                }
            }
            return found
        }
    }

    /// The record of the sets no theme selects, kept at the theme's root so that they are
    /// listed (`theme problems`) and written back, and the warning that says so once.
    static func unselectedRecord(
        _ unselected: [(name: String, group: TokenTree.Group)], file: String, chosenByName: Bool = false
    ) -> (
        record: JSON, warning: Diagnostic
    ) {
        let record = JSON.array(
            unselected.map { set in
                .object([
                    ("set", .string(set.name)), ("file", .string(set.group.file)),
                    ("tokens", .number(Double(set.group.tokenCount))), ("source", set.group.json),
                ])
            })
        let names = unselected.map(\.name)
        let count = unselected.reduce(0) { $0 + $1.group.tokenCount }
        let warning = Diagnostic(
            file: file,
            message:
                "\(names.count == 1 ? "1 set is" : "\(names.count) sets are") \(chosenByName ? "not chosen, so in no context" : "selected by no theme, so in no context, as Tokens Studio builds its themes") (\(count == 1 ? "1 token" : "\(count) tokens"); catalog theme problems lists them): \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : "")"
        )
        return (record, warning)
    }
}
