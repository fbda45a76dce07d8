import Foundation

/// Detects the format of a theme's sources and lays them out as token trees, one per
/// choice of modes: plain files merged in order (with per-mode files on top), a DTCG
/// resolver document (sets and modifiers in `resolutionOrder`), or a Tokens Studio
/// export (sets merged in `tokenSetOrder`, `$themes` grouped into dimensions).
enum ThemeSources {
    /// The sources as layers: the merged tree for any choice of one mode per dimension.
    struct Layering {
        var format: String
        var fileCount: Int
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var name: String?
        var description: String?
        /// Dimensions the sources declare (resolver modifiers, Tokens Studio groups, mode files).
        var declaredDimensions: [ModeDimension]?
        /// Theme-level data the catalog keeps verbatim (Tokens Studio's `$themes`, …).
        var rootExtensions: [(key: String, value: JSON)] = []
        /// The merged tree for a choice of modes (dimensions left out: their default).
        var tree: ([String: String]) -> TokenTree.Group

        func base() -> TokenTree.Group { tree([:]) }
    }

    static func layering(_ input: ThemeInput) throws -> Layering {
        var failures: [Diagnostic] = []
        var repeatedKeys: [Diagnostic] = []
        var parsed: [(source: ThemeInput.Source, root: JSON)] = []
        for source in input.sources + input.modeSources.map(\.source) {
            do {
                let (root, duplicates) = try JSONParser.parseKeepingLastDuplicate(source.data, file: source.file)
                parsed.append((source, root))
                repeatedKeys += duplicates
            } catch let error as DocumentError {
                failures += error.diagnostics
            }
        }
        guard failures.isEmpty else { throw DocumentError(failures) }
        guard !input.sources.isEmpty else {
            throw DocumentError(file: "-", message: "no token files given")
        }
        var layering = try detectedLayering(parsed, input: input)
        layering.warnings = repeatedKeys + layering.warnings
        return layering
    }

    /// The layering of parsed sources, by the structure they show: a resolver document,
    /// a Tokens Studio export, or plain files (with mode files).
    private static func detectedLayering(
        _ parsed: [(source: ThemeInput.Source, root: JSON)], input: ThemeInput
    ) throws -> Layering {
        let plain = Array(parsed.prefix(input.sources.count))
        if let resolver = plain.first(where: { ResolverDocument.isResolver($0.root) }) {
            guard plain.count == 1, input.modeSources.isEmpty else {
                throw DocumentError(
                    file: resolver.source.file,
                    message:
                        "a resolver document describes the whole theme; give it alone, without other files or --mode-file"
                )
            }
            return try ResolverDocument.layering(
                resolver.root, source: resolver.source, forced: input.dialect, load: input.load)
        }
        let names = plain.map { ($0.source.relativePath as NSString).lastPathComponent }
        if names.contains("$themes.json") || names.contains("$metadata.json")
            || (plain.count == 1 && (plain[0].root["$themes"] != nil || plain[0].root["$metadata"] != nil))
        {
            guard input.modeSources.isEmpty else {
                throw DocumentError(
                    file: plain[0].source.file,
                    message: "a Tokens Studio export declares its modes in $themes; --mode-file does not apply")
            }
            return try TokensStudio.layering(plain, dialect: input.dialect ?? .tokensStudio)
        }
        return plainLayering(
            plain, forced: input.dialect, modeSources: Array(zip(input.modeSources, parsed.dropFirst(plain.count))))
    }

    /// Builds a source's tree, collecting problems; `dialect` (detected when `nil`) is
    /// the rules its tokens are read by.
    static func tree(
        _ root: JSON, file: String, flavor: TokenTree.Flavor? = nil, dialect: TokenDialect? = nil,
        problems: inout [Diagnostic]
    ) -> TokenTree.Group {
        guard root.object != nil else {
            problems.append(
                Diagnostic(
                    file: file, location: root.location, path: JSONPath.root,
                    message: "expected a token file (a JSON object), got \(root.kindDescription)"))
            return TokenTree.Group(file: file, location: root.location)
        }
        var found: [TokenTree.Problem] = []
        let flavor = flavor ?? TokenTree.Flavor.detect(root)
        let group = TokenTree.group(
            root, file: file, flavor: flavor, dialect: dialect ?? Self.dialect(of: root, flavor: flavor),
            jsonPath: JSONPath.root, problems: &found)
        problems += found.map { Diagnostic(file: $0.file, location: $0.location, path: $0.path, message: $0.message) }
        return group
    }

    /// The dialect of a token document read on its own (not part of a Tokens Studio
    /// export): DTCG's (strict, the catalog's own, or the drafts'), else Spectrum's when
    /// its tokens name Spectrum schemas or carry `sets` with uuids, else Style Dictionary's.
    static func dialect(of root: JSON, flavor: TokenTree.Flavor) -> TokenDialect {
        if flavor == .dtcg { return TokenDialect.detectDTCG(root) }
        func spectrum(_ value: JSON, depth: Int) -> Bool {
            guard depth < 16, let members = value.object else { return false }
            if value["$schema"]?.string?.contains("token-types") == true
                || value["sets"]?.object != nil
                    && value["uuid"] != nil
            {
                return true
            }
            return members.contains { !$0.key.hasPrefix("$") && spectrum($0.value, depth: depth + 1) }
        }
        return spectrum(root, depth: 0) ? .spectrum : .styleDictionary
    }

    /// A warning for each token or group in `group` that hides tokens of `base` when merged
    /// over it, naming every token hidden (a token replaces a group whole, by file order).
    static func hiddenWarnings(_ group: TokenTree.Group, over base: TokenTree.Group) -> [Diagnostic] {
        TokenTree.hidden(by: group, in: base).map { entry in
            let names = entry.hidden.prefix(20).joined(separator: ", ") + (entry.hidden.count > 20 ? ", …" : "")
            return Diagnostic(
                file: entry.file, location: entry.location,
                message:
                    "\(entry.by) replaces what an earlier file has at its path and hides \(entry.hidden.count == 1 ? "the token" : "\(entry.hidden.count) tokens") \(names); they are not imported"
            )
        }
    }

    static func joinedFormats(_ names: [String]) -> String {
        var seen: [String] = []
        for name in names where !seen.contains(name) { seen.append(name) }
        return seen.joined(separator: " + ")
    }

    /// Files merged in order; a token given twice is a warning naming both places.
    private static func plainLayering(
        _ plain: [(source: ThemeInput.Source, root: JSON)], forced: TokenDialect?,
        modeSources: [(ThemeInput.ModeSource, (source: ThemeInput.Source, root: JSON))]
    ) -> Layering {
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var base: TokenTree.Group?
        var formats: [String] = []
        for (source, root) in plain {
            let flavor = TokenTree.Flavor.detect(root)
            let dialect = forced ?? dialect(of: root, flavor: flavor)
            formats.append(dialect.displayName)
            let group = tree(root, file: source.file, flavor: flavor, dialect: dialect, problems: &problems)
            guard var merged = base.take() else {  // taken, so that merging does not copy the tree
                base = group
                continue
            }
            var collisions: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            warnings += hiddenWarnings(group, over: merged)
            TokenTree.merge(group, into: &merged, collisions: &collisions)
            for collision in collisions {
                let old = collision.old.object.location
                warnings.append(
                    Diagnostic(
                        file: collision.new.file, location: collision.new.object.location,
                        message:
                            "token \(collision.path) is also defined at \(collision.old.file):\(old.line):\(old.column); this later definition wins"
                    ))
            }
            base = merged
        }
        var dimensions: [ModeDimension] = []
        var overlays: [String: [String: TokenTree.Group]] = [:]
        for (modeSource, (source, root)) in modeSources {
            let flavor = TokenTree.Flavor.detect(root)
            let dialect = forced ?? dialect(of: root, flavor: flavor)
            formats.append(dialect.displayName)
            let group = tree(root, file: source.file, flavor: flavor, dialect: dialect, problems: &problems)
            if let other = dimensions.first(where: {
                $0.name != modeSource.dimension && $0.modes.contains(modeSource.mode)
            }) {
                // Figma exports repeat mode names across collections (`MD` in Size and Density).
                problems.append(
                    Diagnostic(
                        file: source.file,
                        message:
                            "mode \"\(modeSource.mode)\" is given for dimensions \(other.name) and \(modeSource.dimension); the catalog keeps a mode name unique within a theme for now, so name one of them apart (--mode-file \(modeSource.dimension):\(modeSource.dimension)-\(modeSource.mode)=\(source.file))"
                    ))
                continue
            }
            if let index = dimensions.firstIndex(where: { $0.name == modeSource.dimension }) {
                if !dimensions[index].modes.contains(modeSource.mode) {
                    dimensions[index].modes.append(modeSource.mode)
                }
            } else {
                dimensions.append(ModeDimension(name: modeSource.dimension, modes: [modeSource.mode]))
            }
            var existing =
                overlays[modeSource.dimension]?[modeSource.mode]
                ?? TokenTree.Group(file: source.file, location: root.location)
            var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            TokenTree.merge(group, into: &existing, collisions: &ignored)
            overlays[modeSource.dimension, default: [:]][modeSource.mode] = existing
        }
        // A dimension given one mode file: the base files are its default mode (`base`), so
        // that the base values stay reachable rather than being replaced by the one mode's.
        for index in dimensions.indices where dimensions[index].modes.count == 1 {
            let name = dimensions[index].modes[0] == "base" ? "default" : "base"
            dimensions[index] = ModeDimension(
                name: dimensions[index].name, modes: [name] + dimensions[index].modes, defaultMode: name)
        }
        let baseTree = base!
        let declared = dimensions
        return Layering(
            format: joinedFormats(formats),
            fileCount: plain.count + modeSources.count, problems: problems, warnings: warnings,
            declaredDimensions: declared.isEmpty ? nil : declared,
            tree: { choice in
                var merged = baseTree
                for dimension in declared {
                    let mode = choice[dimension.name] ?? dimension.defaultMode
                    guard let overlay = overlays[dimension.name]?[mode] else { continue }
                    var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
                    TokenTree.merge(overlay, into: &merged, collisions: &ignored)
                }
                return merged
            })
    }
}
