import CatalogModel
import Foundation

/// The DTCG Resolver module (2025.10): a document listing `sets` (token trees, inline or
/// by `$ref` to files), `modifiers` (each with `contexts` and a `default`) and a
/// `resolutionOrder`. Reading turns modifiers into the catalog's mode dimensions and
/// contexts into their modes; writing produces a resolver document and its set files
/// that read back to the same theme.
enum ResolverDocument {
    static let rootKeys = [
        "name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$extensions", "$defs",
    ]

    /// Whether `root` is a resolver document rather than a token file: it has a
    /// `resolutionOrder`, or a string `version` beside `sets` or `modifiers`, or a resolver `$schema`.
    static func isResolver(_ root: JSON) -> Bool {
        root["resolutionOrder"] != nil
            || (root["version"]?.string != nil && (root["sets"]?.object != nil || root["modifiers"]?.object != nil))
            || root["$schema"]?.string?.hasSuffix("resolver.json") == true
    }

    /// Whether the document itself holds tokens: a source written inline or bundled under
    /// `$defs`, in a set, a modifier's context or an inline `resolutionOrder` entry. Such
    /// tokens are in no file a scan reads, so the document is read whole each time.
    static func holdsTokens(_ root: JSON) -> Bool {
        func inline(_ sources: JSON?) -> Bool {
            (sources?.array ?? []).contains { item in
                guard let members = item.object, members.count == 1, let reference = item["$ref"]?.string else {
                    return true
                }
                return reference.hasPrefix("#/$defs")
            }
        }
        func setHolds(_ set: JSON) -> Bool { inline(set["sources"]) }
        func modifierHolds(_ modifier: JSON) -> Bool {
            (modifier["contexts"]?.object ?? []).contains { inline($0.value) }
        }
        return (root["sets"]?.object ?? []).contains { setHolds($0.value) }
            || (root["modifiers"]?.object ?? []).contains { modifierHolds($0.value) }
            || (root["resolutionOrder"]?.array ?? []).contains { entry in
                entry["type"] != nil && (setHolds(entry) || modifierHolds(entry))
            }
    }

    static func layering(
        _ root: JSON, source: ThemeInput.Source, forced: TokenDialect?,
        load: (@Sendable (String, ThemeInput.Source) throws -> ThemeInput.Source)?
    ) throws -> ThemeSources.Layering {
        // The catalog's own resolver export marks its root; its sets are read by its rules.
        var reader = Reader(
            file: source.file, source: source, load: load, document: root,
            dialect: forced ?? (DTCGFormat.isCatalogs(root) ? .catalog : nil))
        return try reader.read()
    }

    private struct Reader {
        let file: String
        let source: ThemeInput.Source
        let load: (@Sendable (String, ThemeInput.Source) throws -> ThemeInput.Source)?
        let document: JSON
        /// The rules every set is read by; `nil` detects each set's.
        let dialect: TokenDialect?
        var problems: [Diagnostic] = []
        var loaded: [String: TokenTree.Group] = [:]
        var fileCount = 1
        /// What each set file's tokens say of its dialect.
        var signs: [String: DialectSigns] = [:]
        /// Sets' and modifiers' `description` and `$extensions`, kept verbatim at the theme's root.
        var kept: [String: [(key: String, value: JSON)]] = ["sets": [], "modifiers": []]

        init(
            file: String, source: ThemeInput.Source,
            load: (@Sendable (String, ThemeInput.Source) throws -> ThemeInput.Source)?, document: JSON,
            dialect: TokenDialect?
        ) {
            self.dialect = dialect
            self.file = file
            self.source = source
            self.load = load
            self.document = document
        }

        mutating func problem(_ message: String, at value: JSON, _ path: String) {
            problems.append(Diagnostic(file: file, location: value.location, path: path, message: message))
        }

        mutating func read() throws -> ThemeSources.Layering {
            for (key, value) in document.object ?? [] where !ResolverDocument.rootKeys.contains(key) {
                problem(
                    "unknown resolver property \"\(key)\"\(ThemeReader.didYouMean(key, in: ResolverDocument.rootKeys))",
                    at: value, JSONPath.member(JSONPath.root, key))
            }
            if document["version"]?.string != "2025.10" {
                problem(
                    "a resolver document's version must be \"2025.10\", got \(document["version"]?.excerpt ?? "nothing")",
                    at: document["version"] ?? document, "$.version")
            }
            var sets: [String: TokenTree.Group] = [:]
            for (name, set) in document["sets"]?.object ?? [] {
                sets[name] = self.set(set, name: name, path: JSONPath.member("$.sets", name), sets: [:])
            }
            var modifiers: [String: (dimension: ModeDimension, contexts: [String: TokenTree.Group])] = [:]
            for (name, modifier) in document["modifiers"]?.object ?? [] {
                if let read = self.modifier(name, modifier, path: JSONPath.member("$.modifiers", name), sets: sets) {
                    modifiers[name] = read
                }
            }
            let items = try resolutionOrder(sets: sets, modifiers: modifiers)
            guard problems.isEmpty else { throw DocumentError(inDocumentOrder: problems) }
            var layering = layering(of: items)
            // A later set's token or group that replaces an earlier one's hides its tokens:
            // said for the default context, as for plain files and Tokens Studio sets.
            let chosen = layering.defaults
            var hidden: [Diagnostic]? = []
            layering.mergedBase = layering.tree(where: { $0.applies(choosing: chosen) }, hidden: &hidden)
            layering.warnings += hidden ?? []
            return layering
        }

        /// An entry of `resolutionOrder`: a set, or a modifier's contexts as a dimension's modes.
        enum Item {
            case set(TokenTree.Group)
            case modifier(ModeDimension, [String: TokenTree.Group])
        }

        /// `resolutionOrder` read: each entry a reference to a set or modifier of the
        /// document, or one written inline; a name used twice is reported.
        mutating func resolutionOrder(
            sets: [String: TokenTree.Group],
            modifiers: [String: (dimension: ModeDimension, contexts: [String: TokenTree.Group])]
        ) throws -> [Item] {
            var items: [Item] = []
            var usedNames: Set<String> = []
            guard let order = document["resolutionOrder"]?.array, !order.isEmpty else {
                problem(
                    "resolutionOrder must be a non-empty array of sets and modifiers",
                    at: document["resolutionOrder"] ?? document, "$.resolutionOrder")
                throw DocumentError(problems)
            }
            for (index, entry) in order.enumerated() {
                let path = JSONPath.index("$.resolutionOrder", index)
                if let reference = entry["$ref"]?.string {
                    let segments = JSONPointer.segments(reference) ?? []
                    if segments.count == 2, segments[0] == "sets", let set = sets[segments[1]] {
                        items.append(.set(set))
                    } else if segments.count == 2, segments[0] == "modifiers", let modifier = modifiers[segments[1]] {
                        guard usedNames.insert(modifier.dimension.name).inserted else {
                            problem("modifier \(modifier.dimension.name) is in resolutionOrder twice", at: entry, path)
                            continue
                        }
                        items.append(.modifier(modifier.dimension, modifier.contexts))
                    } else if segments.count == 2, segments[0] == "modifiers",
                        document["modifiers"]?[segments[1]] != nil
                    {
                        continue  // reported with the modifier
                    } else {
                        problem("\(reference) names no set or modifier of this document", at: entry, path)
                    }
                    continue
                }
                guard let type = entry["type"]?.string, let name = entry["name"]?.string else {
                    problem(
                        "an inline entry of resolutionOrder needs \"type\" (set or modifier) and \"name\"", at: entry,
                        path)
                    continue
                }
                if !usedNames.insert(name).inserted {
                    problem("the name \"\(name)\" is used twice in resolutionOrder", at: entry, path)
                }
                switch type {
                case "set": items.append(.set(self.set(entry, name: name, path: path, sets: sets, inline: true)))
                case "modifier":
                    if let modifier = self.modifier(name, entry, path: path, sets: sets, inline: true) {
                        items.append(.modifier(modifier.dimension, modifier.contexts))
                    }
                default: problem("type must be \"set\" or \"modifier\", got \"\(type)\"", at: entry["type"]!, path)
                }
            }
            return items
        }

        /// The layers in resolution order (a modifier's contexts each merged where its mode
        /// is chosen), with the document's descriptions and `$extensions` kept at the root.
        func layering(of items: [Item]) -> ThemeSources.Layering {
            let dimensions = items.compactMap { item -> ModeDimension? in
                if case .modifier(let dimension, _) = item { return dimension }
                return nil
            }
            // The document's own `$extensions`, and its sets' and modifiers' descriptions and
            // `$extensions` (under `dtcg.resolver`), are kept at the theme's root.
            // (The catalog's own marker, `catalog.theme`, names the export and is not kept.)
            var extensions = document["$extensions"]?.object?.filter { !$0.key.hasPrefix("catalog.") } ?? []
            let described = kept.filter { !$0.value.isEmpty }.sorted { $0.key > $1.key }
            if !described.isEmpty {
                let entries = described.map { (key: $0.key, value: JSON(.object($0.value))) }
                extensions.append(("dtcg.resolver", JSON(.object(entries))))
            }
            let rootExtensions: [(key: String, value: JSON)] =
                extensions.isEmpty ? [] : [("$extensions", JSON(.object(extensions)))]
            return ThemeSources.Layering(
                format: "DTCG resolver", fileCount: fileCount, name: document["name"]?.string,
                description: document["description"]?.string,
                declaredDimensions: dimensions.isEmpty ? nil : dimensions, rootExtensions: rootExtensions,
                signs: signs,
                layers: items.flatMap { item -> [ThemeSources.Layer] in
                    switch item {
                    case .set(let group): return [ThemeSources.Layer(modes: [], group: group)]
                    case .modifier(let dimension, let contexts):
                        return dimension.modes.compactMap { mode in
                            contexts[mode].map {
                                ThemeSources.Layer(modes: [ModeKey(dimension.name, mode)], group: $0)
                            }
                        }
                    }
                }, file: file, location: document.location)
        }

        /// A set: its `sources` merged in order.
        mutating func set(
            _ value: JSON, name: String, path: String, sets: [String: TokenTree.Group], inline: Bool = false
        ) -> TokenTree.Group {
            keep(value, kind: "sets", name: name)
            let allowed =
                inline
                ? ["type", "name", "sources", "description", "$extensions"] : ["sources", "description", "$extensions"]
            for (key, member) in value.object ?? [] where !allowed.contains(key) {
                problem(
                    "unknown set property \"\(key)\"\(ThemeReader.didYouMean(key, in: allowed))", at: member,
                    JSONPath.member(path, key))
            }
            guard let sources = value["sources"]?.array else {
                problem("a set needs \"sources\": an array of token trees or {\"$ref\": file}", at: value, path)
                return TokenTree.Group(file: file, location: value.location)
            }
            return merged(sources, path: JSONPath.member(path, "sources"), sets: sets)
        }

        mutating func modifier(
            _ name: String, _ value: JSON, path: String, sets: [String: TokenTree.Group], inline: Bool = false
        ) -> (dimension: ModeDimension, contexts: [String: TokenTree.Group])? {
            keep(value, kind: "modifiers", name: name)
            let allowed =
                inline
                ? ["type", "name", "contexts", "default", "description", "$extensions"]
                : ["contexts", "default", "description", "$extensions"]
            for (key, member) in value.object ?? [] where !allowed.contains(key) {
                problem(
                    "unknown modifier property \"\(key)\"\(ThemeReader.didYouMean(key, in: allowed))", at: member,
                    JSONPath.member(path, key))
            }
            guard let contexts = value["contexts"]?.object, !contexts.isEmpty else {
                problem("modifier \(name) needs a non-empty \"contexts\" map", at: value, path)
                return nil
            }
            // One context is a set (the standard says tools SHOULD refuse it); the catalog's own
            // export writes a dimension with one mode (a Tokens Studio group of one theme) so.
            if contexts.count == 1, dialect != .catalog {
                problem(
                    "modifier \(name) has one context (\(contexts[0].key)); a modifier needs two or more (one is a set)",
                    at: value["contexts"]!, JSONPath.member(path, "contexts"))
            }
            var groups: [String: TokenTree.Group] = [:]
            for (context, list) in contexts {
                let contextPath = JSONPath.member(JSONPath.member(path, "contexts"), context)
                guard let sources = list.array else {
                    problem("a context is an array of sources", at: list, contextPath)
                    continue
                }
                groups[context] = merged(sources, path: contextPath, sets: sets)
            }
            let names = contexts.map(\.key)
            var defaultMode = names[0]
            if let given = value["default"] {
                if let text = given.string, names.contains(text) {
                    defaultMode = text
                } else {
                    problem(
                        "default \(given.excerpt) is not one of modifier \(name)'s contexts (\(names.joined(separator: ", ")))",
                        at: given, JSONPath.member(path, "default"))
                }
            }
            return (ModeDimension(name: name, modes: names, defaultMode: defaultMode), groups)
        }

        mutating func keep(_ value: JSON, kind: String, name: String) {
            let members = (value.object ?? []).filter { $0.key == "description" || $0.key == "$extensions" }
            if !members.isEmpty { kept[kind, default: []].append((name, JSON(.object(members)))) }
        }

        /// Sources merged in order: inline trees, `{"$ref": "file.json"}`, `{"$ref": "#/sets/x"}`.
        mutating func merged(_ sources: [JSON], path: String, sets: [String: TokenTree.Group]) -> TokenTree.Group {
            var result = TokenTree.Group(file: file, location: document.location)
            var ignored: [(path: String, old: TokenTree.Entry, new: TokenTree.Entry)] = []
            for (index, item) in sources.enumerated() {
                let itemPath = JSONPath.index(path, index)
                if let members = item.object, members.count == 1, let reference = item["$ref"]?.string {
                    if let segments = JSONPointer.segments(reference) {
                        if segments.count == 2, segments[0] == "sets", let set = sets[segments[1]] {
                            TokenTree.merge(set, into: &result, collisions: &ignored)
                        } else if segments.count == 2, segments[0] == "$defs",
                            let definition = document["$defs"]?[segments[1]], definition.object != nil
                        {
                            // A bundled file under `$defs` (Resolver module, bundling).
                            var found: [Diagnostic] = []
                            let group = ThemeSources.tree(definition, file: file, dialect: dialect, problems: &found)
                            problems += found
                            TokenTree.merge(group, into: &result, collisions: &ignored)
                        } else {
                            problem("\(reference) names no set of this document", at: item, itemPath)
                        }
                    } else if let group = loadFile(reference, at: item, itemPath) {
                        TokenTree.merge(group, into: &result, collisions: &ignored)
                    }
                } else if item.object != nil {
                    var found: [Diagnostic] = []
                    let group = ThemeSources.tree(item, file: file, dialect: dialect, problems: &found)
                    problems += found
                    TokenTree.merge(group, into: &result, collisions: &ignored)
                } else {
                    problem(
                        "a source is a token tree or {\"$ref\": \"file.json\"}, got \(item.kindDescription)", at: item,
                        itemPath)
                }
            }
            return result
        }

        /// A token file named by `$ref`, read once.
        mutating func loadFile(_ reference: String, at item: JSON, _ path: String) -> TokenTree.Group? {
            if let group = loaded[reference] { return group }
            guard let load else {
                problem(
                    "cannot follow $ref \"\(reference)\" here; give the resolver document as a file", at: item, path)
                return nil
            }
            do {
                let source = try load(reference, self.source)
                let (root, _, tokens) = try DeferredTokens.parse(
                    source.data, file: source.file, keepingDuplicates: false, blanked: source.blanked)
                if let tokens { signs[source.file] = tokens.signs }
                // A set is a token file: a resolver document there (this one, or one that
                // includes it) would be read as tokens, or include itself without end.
                guard !ResolverDocument.isResolver(root) else {
                    problem(
                        "$ref \"\(reference)\" is a resolver document (\(source.file)), not a token file; a set's sources are token files",
                        at: item, path)
                    return nil
                }
                var found: [Diagnostic] = []
                let group = ThemeSources.tree(
                    root, file: source.file, dialect: dialect, deferred: tokens, problems: &found)
                problems += found
                loaded[reference] = group
                fileCount += 1
                return group
            } catch let error as DocumentError {
                for diagnostic in error.diagnostics {
                    if diagnostic.location == nil {  // the file itself: missing, unreadable
                        problem("$ref \"\(reference)\": \(diagnostic.file): \(diagnostic.message)", at: item, path)
                    } else {
                        problems.append(diagnostic)
                    }
                }
            } catch {
                problem("cannot read $ref \"\(reference)\": \(error)", at: item, path)
            }
            return nil
        }
    }
}
