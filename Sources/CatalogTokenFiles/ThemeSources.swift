import CatalogModel
import Foundation

/// Detects the format of a theme's sources and lays them out as layers in precedence
/// order, each merged where one of its modes is chosen: plain files merged in order (with
/// per-mode files on top), a DTCG resolver document (sets and modifiers' contexts in
/// `resolutionOrder`), or a Tokens Studio export (sets in `tokenSetOrder`, each merged
/// where a theme enabling it is chosen; `$themes` grouped into dimensions).
public enum ThemeSources {
    /// One source of a layering: a token tree and the modes that merge it (none: always).
    struct Layer {
        /// The modes any of which merges this layer; empty when it is always merged.
        var modes: Set<ModeKey>
        var group: TokenTree.Group

        /// Whether the layer is merged where the modes `chosen` are chosen.
        func applies(choosing chosen: Set<ModeKey>) -> Bool {
            modes.isEmpty || !modes.isDisjoint(with: chosen)
        }
    }

    /// The sources as layers in precedence order (later wins), each merged where one of
    /// its modes is chosen: the merged tree for any context is the layers that apply there.
    /// Where a token object is written: its file and the place its object starts.
    struct EntryPlace: Hashable {
        var file: String
        var location: SourceLocation
    }

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
        /// ``ThemeImport/signs``.
        var signs: [String: DialectSigns] = [:]
        /// Modes a vendor extension states plainly (Figma's Simple Design System export).
        var vendorModes: VendorModes?
        /// The layers, in precedence order.
        var layers: [Layer]
        /// The root the merged trees start from (file and location for messages).
        var file: String
        var location: SourceLocation

        /// Each token object of a layer merged only where some modes are chosen, by where
        /// it is written, with those modes: a problem in such an object is a problem of
        /// those modes alone (``TokenFlagging``). Walked only by a read that flags tokens.
        func modeBoundEntries() -> [EntryPlace: Set<ModeKey>] {
            var found: [EntryPlace: Set<ModeKey>] = [:]
            var always: Set<EntryPlace> = []
            func walk(_ group: TokenTree.Group, _ modes: Set<ModeKey>) {
                for name in group.names {
                    switch group.children[name]! {
                    case .group(let child): walk(child, modes)
                    case .token(let entry):
                        let place = EntryPlace(file: entry.file, location: entry.location)
                        if modes.isEmpty {
                            always.insert(place)
                        } else {
                            found[place, default: []].formUnion(modes)
                        }
                    }
                }
            }
            for layer in layers { walk(layer.group, layer.modes) }
            // A file both merged always and given as one mode's (`--mode-file light=base.json`
            // beside `base.json`) is every context's.
            for place in always { found[place] = nil }
            return found
        }

        /// The tree merged from the layers `included` selects, in order.
        func tree(where included: (Layer) -> Bool) -> TokenTree.Group {
            var unsaid: [Diagnostic]?
            return tree(where: included, hidden: &unsaid)
        }

        /// The tree merged from the layers `included` selects, in order; when `hidden` is
        /// given, a warning is added to it for each token a later layer hides (a token
        /// replacing a group of an earlier layer).
        func tree(where included: (Layer) -> Bool, hidden: inout [Diagnostic]?) -> TokenTree.Group {
            var merged: TokenTree.Group?
            var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            for layer in layers where included(layer) {
                guard var existing = merged.take() else {  // taken, so that merging does not copy the tree
                    merged = layer.group
                    continue
                }
                if hidden != nil { hidden! += ThemeSources.hiddenWarnings(layer.group, over: existing) }
                TokenTree.merge(layer.group, into: &existing, collisions: &ignored)
                merged = existing
            }
            return merged ?? TokenTree.Group(file: file, location: location)
        }

        /// The modes chosen by default: each declared dimension's default.
        var defaults: Set<ModeKey> {
            Set((declaredDimensions ?? []).map { ModeKey($0.name, $0.defaultMode) })
        }

        /// The default context's tree, when the layering merged it already.
        var mergedBase: TokenTree.Group?

        /// The tree of the default context.
        func base() -> TokenTree.Group {
            if let mergedBase { return mergedBase }
            let chosen = defaults
            return tree { $0.applies(choosing: chosen) }
        }
    }

    static func layering(_ input: ThemeInput) throws -> Layering {
        var input = input
        var notes: [Diagnostic] = []
        // JSON5 sources (`.json5`, which Style Dictionary reads natively) as the JSON they
        // mean; every file's refusal said, not only the first file's.
        var failures: [Diagnostic] = []
        var refused: Set<String> = []
        func normalize(_ source: inout ThemeInput.Source) {
            guard source.file.hasSuffix(".json5") else { return }
            do {
                source.data = try JSON5.normalized(source.data, file: source.file)
            } catch {
                refused.insert(source.file)
                failures +=
                    (error as? DocumentError)?.diagnostics ?? [Diagnostic(file: source.file, message: "\(error)")]
            }
        }
        for index in input.sources.indices { normalize(&input.sources[index]) }
        for index in input.modeSources.indices { normalize(&input.modeSources[index].source) }
        if input.modeSources.isEmpty, input.dialect == nil, let figma = FigmaVariables.arranged(input.sources) {
            (input.sources, input.modeSources, notes) = figma
        }
        var repeatedKeys: [Diagnostic] = []
        var parsed: [(source: ThemeInput.Source, root: JSON)] = []
        // Token objects are left out of the parse where the files are plain token files
        // (read by ``plainLayering``), each parsed when walked.
        var deferred: [DeferredTokens?] = []
        let studioFolder = TokensStudio.isFolder(input.sources)
        for source in input.sources + input.modeSources.map(\.source) where !refused.contains(source.file) {
            do {
                var (root, duplicates): (JSON, [Diagnostic])
                var tokens: DeferredTokens?
                if studioFolder {
                    (root, duplicates) = try JSONParser.parseKeepingLastDuplicate(source.data, file: source.file)
                    input.reading?(source.file, source.data.count, source.data.count)
                } else {
                    (root, duplicates, tokens) = try DeferredTokens.parse(
                        source.data, file: source.file, blanked: source.blanked, reading: input.reading)
                }
                if tokens != nil, ResolverDocument.isResolver(root) || TokensStudio.isExport(root) {
                    // Not a plain token file: read whole, as its own reader expects.
                    (root, duplicates) = try JSONParser.parseKeepingLastDuplicate(source.data, file: source.file)
                    tokens = nil
                }
                parsed.append((source, root))
                deferred.append(tokens)
                repeatedKeys += duplicates
            } catch let error as DocumentError {
                failures += error.diagnostics
            }
        }
        guard failures.isEmpty else { throw DocumentError(failures) }
        guard !input.sources.isEmpty else {
            throw DocumentError(file: "-", message: "no token files given")
        }
        var layering = try detectedLayering(parsed, deferred: deferred, input: input)
        layering.warnings = notes + repeatedKeys + layering.warnings
        for (item, tokens) in zip(parsed, deferred) {
            if let tokens { layering.signs[item.source.file] = tokens.signs }
        }
        return layering
    }

    /// The layering of parsed sources, by the structure they show: a resolver document,
    /// a Tokens Studio export, or plain files (with mode files).
    private static func detectedLayering(
        _ parsed: [(source: ThemeInput.Source, root: JSON)], deferred: [DeferredTokens?], input: ThemeInput
    ) throws -> Layering {
        let plain = Array(parsed.prefix(input.sources.count))
        if let resolver = plain.first(where: { ResolverDocument.isResolver($0.root) }) {
            guard plain.count == 1, input.modeSources.isEmpty, input.setChoice == nil else {
                throw DocumentError(
                    file: resolver.source.file,
                    message:
                        "a resolver document describes the whole theme, its sets and modes; give it alone, without other files, mode files or chosen sets"
                )
            }
            return try ResolverDocument.layering(
                resolver.root, source: resolver.source, forced: input.dialect, load: input.load)
        }
        if TokensStudio.isFolder(plain.map(\.source)) || (plain.count == 1 && TokensStudio.isExport(plain[0].root)) {
            guard input.modeSources.isEmpty else {
                throw DocumentError(
                    file: plain[0].source.file,
                    message: "a Tokens Studio export declares its modes in $themes; --mode-file does not apply")
            }
            return try TokensStudio.layering(plain, dialect: input.dialect ?? .tokensStudio, choice: input.setChoice)
        }
        if input.setChoice != nil {
            throw DocumentError(
                file: plain[0].source.file,
                message:
                    "sets are chosen by name only in a Tokens Studio export (a folder with $themes.json or $metadata.json, or one file of sets with $themes or $metadata); these files are none"
            )
        }
        return plainLayering(
            plain, forced: input.dialect, modeSources: Array(zip(input.modeSources, parsed.dropFirst(plain.count))),
            deferred: deferred)
    }

    /// Builds a source's tree, collecting problems; `dialect` (detected when `nil`) is
    /// the rules its tokens are read by.
    static func tree(
        _ root: JSON, file: String, flavor: TokenTree.Flavor? = nil, dialect: TokenDialect? = nil,
        deferred: DeferredTokens? = nil, problems: inout [Diagnostic]
    ) -> TokenTree.Group {
        guard root.object != nil else {
            problems.append(
                Diagnostic(
                    file: file, location: root.location, path: JSONPath.root,
                    message: "expected a token file (a JSON object), got \(root.kindDescription)"))
            return TokenTree.Group(file: file, location: root.location)
        }
        var found: [TokenTree.Problem] = []
        let flavor = flavor ?? Self.flavor(of: root, deferred: deferred)
        let group = TokenTree.group(
            root, file: file, flavor: flavor,
            dialect: dialect ?? Self.dialect(of: root, flavor: flavor, deferred: deferred),
            jsonPath: JSONPath.root, deferred: deferred, problems: &found)
        problems += found.map { Diagnostic(file: $0.file, location: $0.location, path: $0.path, message: $0.message) }
        return group
    }

    /// How a parsed document writes tokens: DTCG when its parse left token objects out
    /// (each has `$value`), else as ``TokenTree/Flavor/detect(_:)`` finds.
    static func flavor(of root: JSON, deferred: DeferredTokens?) -> TokenTree.Flavor {
        deferred != nil ? .dtcg : TokenTree.Flavor.detect(root)
    }

    /// The dialect of a token document read on its own (not part of a Tokens Studio
    /// export): DTCG's (strict, the catalog's own, or the drafts'), else Spectrum's when
    /// its tokens name Spectrum schemas or carry `sets` with uuids, else Style Dictionary's.
    static func dialect(of root: JSON, flavor: TokenTree.Flavor, deferred: DeferredTokens? = nil) -> TokenDialect {
        if flavor == .dtcg {
            return DTCGFormat.detect(
                root, draftStringsElsewhere: deferred?.signs.draftStrings ?? false,
                figmaElsewhere: deferred?.signs.figma ?? false)
        }
        return SpectrumFormat.isSpectrum(root) ? .spectrum : .styleDictionary
    }

    /// The dialect of each of the files of one export (the files one command or folder
    /// names), decided once: a DTCG-shaped file that does not declare its rules (DTCG's
    /// `$schema`, the catalog's own root extensions) is read as Figma's export where any
    /// such file carries Figma's extension, else by the drafts' string forms where any
    /// uses them, else strictly; files of another shape, and those that declare their
    /// rules, keep their own. A Figma export whose one file writes `$type: "string"`
    /// without `com.figma` was read strictly there and leniently beside it.
    static func oneReading(_ roots: [JSON], flavors: [TokenTree.Flavor], deferred: [DeferredTokens?])
        -> [TokenDialect]
    {
        var own: [TokenDialect] = []
        var undeclared: [Bool] = []
        for (index, root) in roots.enumerated() {
            let (flavor, tokens) = (flavors[index], deferred[index])
            own.append(dialect(of: root, flavor: flavor, deferred: tokens))
            undeclared.append(
                flavor == .dtcg && !DTCGFormat.isCatalogs(root) && !DTCGFormat.declaresTheStandard(root))
        }
        let loose = zip(own, undeclared).filter(\.1).map(\.0)
        let shared: TokenDialect? =
            loose.contains(.figma) ? .figma : loose.contains(.dtcgDraft) ? .dtcgDraft : nil
        guard let shared else { return own }
        return zip(own, undeclared).map { $0.1 ? shared : $0.0 }
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

    /// The warning for a token two files define: `said`, then the earlier place, at the later.
    static func collisionWarning(
        _ collision: (path: String, old: TokenTree.Entry, new: TokenTree.Entry), _ said: String
    ) -> Diagnostic {
        let old = collision.old.location
        return Diagnostic(
            file: collision.new.file, location: collision.new.location,
            message: "\(said) \(collision.old.file):\(old.line):\(old.column); this later definition wins")
    }

    static func joinedFormats(_ names: [String]) -> String {
        var seen: [String] = []
        for name in names where !seen.contains(name) { seen.append(name) }
        return seen.joined(separator: " + ")
    }

    /// Files merged in order; a token given twice is a warning naming both places. Files
    /// that are one token set over and over are the modes of one dimension instead
    /// (``RepeatedTokenSets``).
    private static func plainLayering(
        _ plain: [(source: ThemeInput.Source, root: JSON)], forced: TokenDialect?,
        modeSources: [(ThemeInput.ModeSource, (source: ThemeInput.Source, root: JSON))], deferred: [DeferredTokens?]
    ) -> Layering {
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var base: TokenTree.Group?
        var formats: [String] = []
        let roots = plain.map(\.root) + modeSources.map(\.1.root)
        let flavors = roots.indices.map { flavor(of: roots[$0], deferred: deferred[$0]) }
        let dialects =
            forced.map { Array(repeating: $0, count: deferred.count) }
            ?? oneReading(roots, flavors: flavors, deferred: deferred)
        /// The tree of one parsed file (the `index`th), its format recorded.
        func fileTree(_ source: ThemeInput.Source, _ root: JSON, index: Int) -> TokenTree.Group {
            formats.append(dialects[index].displayName)
            return tree(
                root, file: source.file, flavor: flavors[index], dialect: dialects[index], deferred: deferred[index],
                problems: &problems)
        }
        var trees = plain.enumerated().map { index, file in fileTree(file.source, file.root, index: index) }
        if modeSources.isEmpty, let repeated = RepeatedTokenSets.arranged(Array(zip(plain.map(\.source), trees))) {
            return Layering(
                format: joinedFormats(formats), fileCount: plain.count, problems: problems, warnings: [repeated.note],
                declaredDimensions: [repeated.dimension], layers: repeated.layers, file: plain[0].source.file,
                location: plain[0].root.location)
        }
        for index in trees.indices {
            let group = trees[index]
            trees[index] = TokenTree.Group(file: group.file, location: group.location)  // held once, by `group`
            guard var merged = base.take() else {  // taken, so that merging does not copy the tree
                base = group
                continue
            }
            var collisions: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            warnings += hiddenWarnings(group, over: merged)
            TokenTree.merge(group, into: &merged, collisions: &collisions)
            for collision in collisions {
                warnings.append(collisionWarning(collision, "token \(collision.path) is also defined at"))
            }
            base = merged
        }
        var dimensions: [ModeDimension] = []
        var overlays: [String: [String: TokenTree.Group]] = [:]
        for (offset, (modeSource, (source, root))) in modeSources.enumerated() {
            let group = fileTree(source, root, index: plain.count + offset)
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
            var collisions: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            TokenTree.merge(group, into: &existing, collisions: &collisions)
            // Two files of one mode (a Figma collection exported from two files): the same
            // token with another value is said, as in the base files; the same value is one.
            for collision in collisions {
                let values = [collision.old, collision.new].map { $0.object["$value"] ?? $0.object["value"] }
                guard values[0] != values[1] else { continue }
                warnings.append(
                    collisionWarning(
                        collision,
                        "token \(collision.path) is defined twice for mode \(modeSource.mode) of \(modeSource.dimension), with another value at"
                    ))
            }
            overlays[modeSource.dimension, default: [:]][modeSource.mode] = existing
        }
        // A dimension given one mode file: the base files are its default mode (`base`), so
        // that the base values stay reachable rather than being replaced by the one mode's.
        for index in dimensions.indices where dimensions[index].modes.count == 1 {
            let name = dimensions[index].modes[0] == "base" ? "default" : "base"
            dimensions[index] = ModeDimension(
                name: dimensions[index].name, modes: [name] + dimensions[index].modes, defaultMode: name)
        }
        // Modes a vendor extension states plainly (`com.figma.sds`): its collections of
        // several modes are dimensions, each token's values read from the extension.
        let vendorModes = plain.lazy.compactMap { VendorModes.detect($0.root) }.first
        for dimension in vendorModes?.dimensions ?? [] where !dimensions.contains(where: { $0.name == dimension.name })
        {
            dimensions.append(dimension)
        }
        var layers = [Layer(modes: [], group: base!)]
        for dimension in dimensions {
            for mode in dimension.modes {
                if let overlay = overlays[dimension.name]?[mode] {
                    layers.append(Layer(modes: [ModeKey(dimension.name, mode)], group: overlay))
                }
            }
        }
        var layering = Layering(
            format: joinedFormats(formats),
            // Files by their bytes: two spellings of one name are two files.
            fileCount: Set((plain.map(\.source.file) + modeSources.map(\.1.source.file)).map { Array($0.utf8) }).count,
            problems: problems,
            warnings: warnings,
            declaredDimensions: dimensions.isEmpty ? nil : dimensions, layers: layers, file: plain[0].source.file,
            location: plain[0].root.location)
        layering.vendorModes = vendorModes
        return layering
    }
}

extension ThemeSources {
    /// The files a resolver document given alone names by `$ref`, in the order it reads
    /// them, loaded through the input's ``ThemeInput/load`` but not read as tokens (each is
    /// followed as an empty set); `nil` when the input is not one resolver document or
    /// its references cannot all be followed, or it holds tokens itself (an inline set:
    /// tokens no scanned file has). What a republication by difference scans.
    public static func resolverFiles(of input: ThemeInput) -> [(reference: String, source: ThemeInput.Source)]? {
        // A resolver document names its files and modifiers in a few lines: a large file,
        // or one without `resolutionOrder` or `modifiers`, is not parsed to find out.
        let data = input.sources.first?.data ?? Data()
        guard input.sources.count == 1, input.modeSources.isEmpty, let load = input.load, data.count <= 1 << 20,
            data.range(of: Data("\"resolutionOrder\"".utf8)) != nil
                || data.range(of: Data("\"modifiers\"".utf8)) != nil,
            let root = try? JSONParser.parse(data, file: input.sources[0].file),
            ResolverDocument.isResolver(root), !ResolverDocument.holdsTokens(root)
        else { return nil }
        let recorder = LoadRecorder()
        let probe: @Sendable (String, ThemeInput.Source) throws -> ThemeInput.Source = { reference, from in
            let source = try load(reference, from)
            recorder.add(reference, source)
            return ThemeInput.Source(file: source.file, relativePath: source.relativePath, data: Data("{}".utf8))
        }
        guard
            let layering = try? ResolverDocument.layering(
                root, source: input.sources[0], forced: input.dialect, load: probe),
            layering.problems.isEmpty
        else { return nil }
        return recorder.files
    }

    /// The files a probe loaded, in order.
    private final class LoadRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private var loaded: [(reference: String, source: ThemeInput.Source)] = []

        func add(_ reference: String, _ source: ThemeInput.Source) {
            lock.withLock { loaded.append((reference, source)) }
        }

        var files: [(reference: String, source: ThemeInput.Source)] { lock.withLock { loaded } }
    }
}
