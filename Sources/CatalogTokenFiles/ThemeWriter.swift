import CatalogModel
import Foundation

/// Writes a theme version as DTCG JSON that ``ThemeReader`` reads back to the same
/// tokens: explicit `$type` on every token, modes in `$extensions["catalog.modes"]`,
/// stable ids and successors in `catalog.id` / `catalog.replacedBy`, the dimensions
/// and the theme's name and version at the root, group properties as they came, and
/// metadata of the older shapes (`component`, `private`, a set's `uuid` …) under
/// `$extensions["catalog.metadata"]`.
public enum ThemeWriter {
    /// The export document.
    public static func dtcg(_ theme: Theme, includeModes: Bool = true) -> JSON {
        var root = Group(naming: ModeNaming(theme.dimensions))
        for token in theme.tokens {
            var written = token
            if !includeModes { written.modes = [] }
            root.insert(written, at: token.path.split(separator: ".").map(String.init)[...])
        }
        var rootProperties: [(key: String, value: JSON)] = []
        for group in theme.groups {
            if group.path.isEmpty {
                rootProperties = group.members
            } else {
                root.setProperties(group.members, at: group.path.split(separator: ".").map(String.init)[...])
            }
        }
        var members: [(String, JSON)] = []
        if let description = theme.description { members.append(("$description", .string(description))) }
        members += rootProperties.filter { $0.key != "$extensions" }.map { ($0.key, $0.value) }
        var catalogTheme: [(String, JSON)] = [
            ("name", .string(theme.name)), ("version", .string(theme.version.description)),
        ]
        if let description = theme.description { catalogTheme.append(("description", .string(description))) }
        var extensions: [(String, JSON)] = [("catalog.theme", .object(catalogTheme))]
        if !theme.dimensions.isEmpty && includeModes {
            extensions.append(
                (
                    "catalog.dimensions",
                    .object(
                        theme.dimensions.map {
                            (
                                $0.name,
                                .object([
                                    ("modes", .array($0.modes.map { .string($0) })),
                                    ("default", .string($0.defaultMode)),
                                ])
                            )
                        })
                ))
        }
        for (key, value) in rootProperties.first(where: { $0.key == "$extensions" })?.value.object ?? [] {
            extensions.append((key, value))
        }
        members.append(("$extensions", .object(extensions)))
        return .object(members + root.members())
    }

    /// The DTCG object for one token. Its mode values are `catalog.modes`, by the names
    /// `naming` gives (`dimension=mode` where several dimensions have a mode name); a
    /// token that varies along one dimension lists them by name, one that varies along
    /// several in precedence order; `null` where the token does not exist. A token with no
    /// default value is marked `catalog.absentByDefault`, its `$value` its first mode's.
    public static func tokenObject(_ token: Token, naming: ModeNaming = ModeNaming([])) -> JSON {
        let value = token.value ?? token.modes.lazy.compactMap(\.value).first ?? .null
        // A type DTCG does not have is the catalog's own extension, so the file stays DTCG.
        var members: [(String, JSON)] =
            token.type.isDTCG
            ? [("$type", .string(token.type.rawValue)), ("$value", value)] : [("$value", value)]
        if let description = token.description { members.append(("$description", .string(description))) }
        if let deprecation = token.deprecation {
            members.append(("$deprecated", deprecation.reason.map { .string($0) } ?? .bool(true)))
        }
        var extensions: [(String, JSON)] = []
        if !token.type.isDTCG { extensions.append(("catalog.type", .string(token.type.rawValue))) }
        if let id = token.id { extensions.append(("catalog.id", .string(id))) }
        if let successor = token.replacedBy { extensions.append(("catalog.replacedBy", .string("{\(successor)}"))) }
        if token.value == nil { extensions.append((Theme.absentByDefaultKey, .bool(true))) }
        if !token.modes.isEmpty {
            var entries = token.modes.map { (naming.name($0.key), $0.value ?? .null) }
            if token.dimensions.count == 1 { entries.sort { $0.0 < $1.0 } }
            extensions.append(("catalog.modes", .object(entries)))
        }
        extensions += token.extensions.map { ($0.key, $0.value) }
        if !token.metadata.isEmpty {
            extensions.append(("catalog.metadata", .object(token.metadata.map { ($0.key, $0.value) })))
        }
        if !extensions.isEmpty { members.append(("$extensions", .object(extensions))) }
        return .object(members)
    }

    /// Nested groups in first-appearance order.
    private struct Group {
        /// How mode names are written.
        var naming: ModeNaming
        var order: [String] = []
        var groups: [String: Group] = [:]
        var tokens: [String: Token] = [:]
        var properties: [(key: String, value: JSON)] = []

        mutating func setProperties(_ members: [(key: String, value: JSON)], at path: ArraySlice<String>) {
            guard let head = path.first else {
                properties = members
                return
            }
            if groups[head] == nil && tokens[head] == nil { order.append(head) }
            groups[head, default: Group(naming: naming)].setProperties(members, at: path.dropFirst())
        }

        mutating func insert(_ token: Token, at path: ArraySlice<String>) {
            guard let head = path.first else { return }
            if groups[head] == nil && tokens[head] == nil { order.append(head) }
            if path.count == 1 {
                tokens[head] = token
            } else {
                groups[head, default: Group(naming: naming)].insert(token, at: path.dropFirst())
            }
        }

        func members() -> [(String, JSON)] {
            properties.map { ($0.key, $0.value) }
                + order.map { name in
                    if let token = tokens[name] { return (name, ThemeWriter.tokenObject(token, naming: naming)) }
                    return (name, .object(groups[name]?.members() ?? []))
                }
        }
    }
}

extension ThemeWriter {
    /// The theme as a DTCG resolver document and its set files: `base.tokens.json` holds
    /// every token at its default value (with the theme's name and version at its root);
    /// each dimension is a modifier, in declaration order, whose contexts `$ref` a file
    /// holding the tokens that mode sets. A token that does not exist in some mode has its
    /// default value in its dimension's default context instead of the base. ``ThemeReader``
    /// reads the document back to the same theme (the `load` of ``ThemeInput`` reads the
    /// files beside it). Throws when a token's modes override each other against the
    /// dimensions' order, which one modifier per dimension cannot write.
    public static func resolver(_ theme: Theme) throws -> (document: JSON, files: [(name: String, content: JSON)]) {
        let (baseTokens, contextTokens) = try splitByContext(theme)
        var base = theme
        base.tokens = baseTokens
        var files: [(name: String, content: JSON)] = [("base.tokens.json", dtcg(base, includeModes: false))]
        var modifiers: [(String, JSON)] = []
        var usedNames: Set<String> = ["base.tokens.json"]
        var order: [JSON] = [.object([("$ref", .string("#/sets/base"))])]
        // The descriptions a resolver document gave its modifiers (kept at the theme's root).
        let resolverData = theme.groups.first { $0.path.isEmpty }?.members.first { $0.key == "$extensions" }?.value[
            "dtcg.resolver"]
        for dimension in theme.dimensions {
            var contexts: [(String, JSON)] = []
            for mode in dimension.modes {
                guard let varying = contextTokens[ModeKey(dimension.name, mode)] else {
                    contexts.append((mode, .array([])))
                    continue
                }
                let name = contextFileName(dimension: dimension.name, mode: mode, used: &usedNames)
                var overlay = Theme(name: theme.name, version: theme.version, dimensions: [], tokens: varying)
                overlay.description = nil
                let document = dtcg(overlay, includeModes: false)
                files.append((name, .object(document.object!.filter { $0.key != "$extensions" })))
                contexts.append((mode, .array([.object([("$ref", .string(name))])])))
            }
            var modifier: [(String, JSON)] = []
            if let description = resolverData?["modifiers"]?[dimension.name]?["description"] {
                modifier.append(("description", description))
            }
            modifier += [("contexts", .object(contexts)), ("default", .string(dimension.defaultMode))]
            modifiers.append((dimension.name, .object(modifier)))
            order.append(.object([("$ref", .string("#/modifiers/\(pointerEscaped(dimension.name))"))]))
        }
        return (resolverDocument(theme, modifiers: modifiers, order: order), files)
    }

    /// The tokens at their default value (the base set) and, per mode, those that mode sets:
    /// a token absent in some mode has its default in its dimension's default context.
    /// Throws when a token's modes override each other against the dimensions' order.
    private static func splitByContext(_ theme: Theme) throws -> (base: [Token], contexts: [ModeKey: [Token]]) {
        let rank = Dictionary(theme.dimensions.enumerated().map { ($0.element.name, $0.offset) }) { first, _ in first }
        var contextTokens: [ModeKey: [Token]] = [:]
        var baseTokens: [Token] = []
        for token in theme.tokens {
            let ranks = token.modes.map { rank[$0.key.dimension] ?? 0 }
            if let position = ranks.indices.dropFirst().first(where: { ranks[$0] < ranks[$0 - 1] }) {
                throw RequestError(
                    "token \(token.path) has \(token.modes[position].key) override \(token.modes[position - 1].key) against the order of the dimensions, which a resolver document cannot write; export it as DTCG instead"
                )
            }
            // Per-mode extensions travel in the mode files, each token with its extensions there.
            var stripped = token
            stripped.extensions.removeAll { $0.key == Token.modeExtensionsKey }
            stripped.modes = []
            if let value = token.value {
                if let absent = token.modes.first(where: { $0.value == nil }),
                    let dimension = theme.dimension(absent.key.dimension)
                {
                    let key = ModeKey(dimension.name, dimension.defaultMode)
                    if token.modeValue(key) == nil {
                        stripped.value = value
                        contextTokens[key, default: []].append(stripped)
                    }
                } else {
                    baseTokens.append(stripped)
                }
            }
            for entry in token.modes {
                guard let value = entry.value else { continue }
                var own = stripped
                own.value = value
                if let extensions = token.modeExtensions(for: entry.key) { own.extensions = extensions.object ?? [] }
                contextTokens[entry.key, default: []].append(own)
            }
        }
        return (baseTokens, contextTokens)
    }

    /// One file name per context, named apart whatever the case (`a b` and `a_b`, `Dark`
    /// and `dark`).
    private static func contextFileName(dimension: String, mode: String, used: inout Set<String>) -> String {
        var stem = SafeName.file("\(dimension)-\(mode)")
        var counter = 2
        while used.contains("\(stem).tokens.json".lowercased()) {
            stem = SafeName.file("\(dimension)-\(mode)") + "-\(counter)"
            counter += 1
        }
        let name = "\(stem).tokens.json"
        used.insert(name.lowercased())
        return name
    }

    /// The resolver document itself: the base set, the modifiers and the resolution order,
    /// marked as the catalog's own export.
    private static func resolverDocument(_ theme: Theme, modifiers: [(String, JSON)], order: [JSON]) -> JSON {
        var members: [(String, JSON)] = [
            ("$schema", .string("https://www.designtokens.org/schemas/2025.10/resolver.json")),
            ("name", .string(theme.name)), ("version", .string("2025.10")),
        ]
        if let description = theme.description { members.append(("description", .string(description))) }
        // Marks the document as the catalog's own, read back by the catalog's rules.
        members.append(
            (
                "$extensions",
                .object([
                    (
                        "catalog.theme",
                        .object([("name", .string(theme.name)), ("version", .string(theme.version.description))])
                    )
                ])
            ))
        members.append(
            (
                "sets",
                .object([("base", .object([("sources", .array([.object([("$ref", .string("base.tokens.json"))])]))]))])
            ))
        if !modifiers.isEmpty { members.append(("modifiers", .object(modifiers))) }
        members.append(("resolutionOrder", .array(order)))
        return .object(members)
    }

    private static func pointerEscaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
