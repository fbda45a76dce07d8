/// Writes a theme version as DTCG JSON that ``ThemeReader`` reads back to the same
/// tokens: explicit `$type` on every token, modes in `$extensions["catalog.modes"]`,
/// stable ids and successors in `catalog.id` / `catalog.replacedBy`, the dimensions
/// and the theme's name and version at the root, unknown metadata as it came.
public enum ThemeWriter {
    /// The export document.
    public static func dtcg(_ theme: Theme) -> JSON {
        var root = Group()
        for token in theme.tokens {
            root.insert(token, at: token.path.split(separator: ".").map(String.init)[...])
        }
        var members: [(String, JSON)] = []
        if let description = theme.description { members.append(("$description", .string(description))) }
        var catalogTheme: [(String, JSON)] = [
            ("name", .string(theme.name)), ("version", .string(theme.version.description)),
        ]
        if let description = theme.description { catalogTheme.append(("description", .string(description))) }
        var extensions: [(String, JSON)] = [("catalog.theme", .object(catalogTheme))]
        if !theme.dimensions.isEmpty {
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
        members.append(("$extensions", .object(extensions)))
        return .object(members + root.members())
    }

    /// The DTCG object for one token.
    public static func tokenObject(_ token: Token) -> JSON {
        var members: [(String, JSON)] = [("$type", .string(token.type)), ("$value", token.value)]
        if let description = token.description { members.append(("$description", .string(description))) }
        if let deprecation = token.deprecation {
            members.append(("$deprecated", deprecation.reason.map { .string($0) } ?? .bool(true)))
        }
        var extensions: [(String, JSON)] = []
        if let id = token.id { extensions.append(("catalog.id", .string(id))) }
        if let successor = token.replacedBy { extensions.append(("catalog.replacedBy", .string("{\(successor)}"))) }
        if !token.modes.isEmpty {
            extensions.append(
                ("catalog.modes", .object(token.modes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
        }
        extensions += token.extensions.map { ($0.key, $0.value) }
        if !extensions.isEmpty { members.append(("$extensions", .object(extensions))) }
        members += token.metadata.map { ($0.key, $0.value) }
        return .object(members)
    }

    /// Nested groups in first-appearance order.
    private struct Group {
        var order: [String] = []
        var groups: [String: Group] = [:]
        var tokens: [String: Token] = [:]

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
            order.map { name in
                if let token = tokens[name] { return (name, ThemeWriter.tokenObject(token)) }
                return (name, .object(groups[name]?.members() ?? []))
            }
        }
    }
}
