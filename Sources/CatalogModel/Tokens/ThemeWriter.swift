/// Writes a theme version as DTCG JSON that ``ThemeReader`` reads back to the same
/// tokens: explicit `$type` on every token, modes in `$extensions["catalog.modes"]`,
/// stable ids and successors in `catalog.id` / `catalog.replacedBy`, the dimensions
/// and the theme's name and version at the root, group properties as they came, and
/// metadata of the older shapes (`component`, `private`, a set's `uuid` …) under
/// `$extensions["catalog.metadata"]`.
public enum ThemeWriter {
    /// The export document.
    public static func dtcg(_ theme: Theme, includeModes: Bool = true) -> JSON {
        var root = Group()
        for token in theme.tokens {
            var written = token
            if !includeModes { written.modes = [:] }
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

    /// The DTCG object for one token.
    public static func tokenObject(_ token: Token) -> JSON {
        // A type DTCG does not have is the catalog's own extension, so the file stays DTCG.
        var members: [(String, JSON)] =
            token.type.isDTCG
            ? [("$type", .string(token.type.rawValue)), ("$value", token.value)] : [("$value", token.value)]
        if let description = token.description { members.append(("$description", .string(description))) }
        if let deprecation = token.deprecation {
            members.append(("$deprecated", deprecation.reason.map { .string($0) } ?? .bool(true)))
        }
        var extensions: [(String, JSON)] = []
        if !token.type.isDTCG { extensions.append(("catalog.type", .string(token.type.rawValue))) }
        if let id = token.id { extensions.append(("catalog.id", .string(id))) }
        if let successor = token.replacedBy { extensions.append(("catalog.replacedBy", .string("{\(successor)}"))) }
        if !token.modes.isEmpty {
            extensions.append(
                ("catalog.modes", .object(token.modes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
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
            groups[head, default: Group()].setProperties(members, at: path.dropFirst())
        }

        mutating func insert(_ token: Token, at path: ArraySlice<String>) {
            guard let head = path.first else { return }
            if groups[head] == nil && tokens[head] == nil { order.append(head) }
            if path.count == 1 {
                tokens[head] = token
            } else {
                groups[head, default: Group()].insert(token, at: path.dropFirst())
            }
        }

        func members() -> [(String, JSON)] {
            properties.map { ($0.key, $0.value) }
                + order.map { name in
                    if let token = tokens[name] { return (name, ThemeWriter.tokenObject(token)) }
                    return (name, .object(groups[name]?.members() ?? []))
                }
        }
    }
}

extension ThemeWriter {
    /// The theme as a DTCG resolver document and its set files: `base.tokens.json` holds
    /// every token at its default value (with the theme's name and version at its root);
    /// each dimension is a modifier whose non-default contexts `$ref` a file holding the
    /// tokens that differ in that mode. ``ThemeReader`` reads the document back to the
    /// same theme (the `load` of ``ThemeInput`` reads the files beside it).
    public static func resolver(_ theme: Theme) -> (document: JSON, files: [(name: String, content: JSON)]) {
        // Per-mode extensions travel in the mode files, each token with its extensions there.
        var base = theme
        base.tokens = theme.tokens.map { token in
            var stripped = token
            stripped.extensions.removeAll { $0.key == Token.modeExtensionsKey }
            return stripped
        }
        var files: [(name: String, content: JSON)] = [("base.tokens.json", dtcg(base, includeModes: false))]
        var modifiers: [(String, JSON)] = []
        var order: [JSON] = [.object([("$ref", .string("#/sets/base"))])]
        // The descriptions a resolver document gave its modifiers (kept at the theme's root).
        let resolverData = theme.groups.first { $0.path.isEmpty }?.members.first { $0.key == "$extensions" }?.value[
            "dtcg.resolver"]
        for dimension in theme.dimensions {
            var contexts: [(String, JSON)] = []
            for mode in dimension.modes {
                let varying = theme.tokens.filter { $0.dimension == dimension.name && $0.modes[mode] != nil }
                guard mode != dimension.defaultMode, !varying.isEmpty else {
                    contexts.append((mode, .array([])))
                    continue
                }
                let name = "\(fileSafe(dimension.name))-\(fileSafe(mode)).tokens.json"
                var overlay = Theme(
                    name: theme.name, version: theme.version, dimensions: [],
                    tokens: varying.map { token in
                        var extensions = token.extensions.filter { $0.key != Token.modeExtensionsKey }
                        if let own = token.extensions.first(where: { $0.key == Token.modeExtensionsKey })?.value[mode] {
                            extensions = own.object ?? []
                        }
                        return Token(
                            path: token.path, type: token.type, value: token.modes[mode]!, extensions: extensions)
                    })
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
        return (.object(members), files)
    }

    private static func fileSafe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    private static func pointerEscaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
