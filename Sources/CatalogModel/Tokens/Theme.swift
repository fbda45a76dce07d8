/// One version of a theme: its mode dimensions and its tokens, values normalized.
public struct Theme: Sendable, Equatable {
    /// The theme's name (`DesignFoundation`).
    public var name: String
    /// The published version.
    public var version: Semver
    /// A description of the theme.
    public var description: String?
    /// The mode dimensions (color scheme, scale, control size …), in declaration order.
    public var dimensions: [ModeDimension]
    /// The tokens in document order.
    public var tokens: [Token]
    /// Group properties as written (`$description`, `$type`, `$deprecated`, `$extensions`),
    /// by group path (`""` for the file's root), kept verbatim and written back.
    public var groups: [(path: String, members: [(key: String, value: JSON)])]

    /// A theme.
    public init(
        name: String, version: Semver, description: String? = nil, dimensions: [ModeDimension], tokens: [Token],
        groups: [(path: String, members: [(key: String, value: JSON)])] = []
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.dimensions = dimensions
        self.tokens = tokens
        self.groups = groups
    }

    public static func == (lhs: Theme, rhs: Theme) -> Bool {
        lhs.name == rhs.name && lhs.version == rhs.version && lhs.description == rhs.description
            && lhs.dimensions == rhs.dimensions && lhs.tokens == rhs.tokens
            && lhs.groups.elementsEqual(rhs.groups) { a, b in
                a.path == b.path && a.members.elementsEqual(b.members) { $0.key == $1.key && $0.value == $1.value }
            }
    }

    /// The token at `path`, if any.
    public func token(_ path: String) -> Token? {
        tokens.first { $0.path == path }
    }

    /// Every mode name with its dimension.
    public var modeDimensions: [String: String] {
        var result: [String: String] = [:]
        for dimension in dimensions {
            for mode in dimension.modes { result[mode] = dimension.name }
        }
        return result
    }
}

/// A dimension along which token values vary, such as `colorScheme` with `light`
/// (the default) and `dark`.
public struct ModeDimension: Sendable, Hashable, Codable {
    /// The dimension's name (`colorScheme`, `scale`, `controlSize`).
    public var name: String
    /// Its modes, in order.
    public var modes: [String]
    /// The mode used when a resolution does not choose one.
    public var defaultMode: String

    /// A dimension; the default mode must be one of `modes`.
    public init(name: String, modes: [String], defaultMode: String? = nil) {
        self.name = name
        self.modes = modes
        self.defaultMode = defaultMode ?? modes.first ?? ""
    }
}

/// A design token: a typed value (per mode where it varies) with its metadata.
public struct Token: Sendable, Equatable {
    /// The dot-separated path (`colors.primary`).
    public var path: String
    /// The DTCG type (`color`, `dimension`, `typography`, …).
    public var type: TokenType
    /// The token's description.
    public var description: String?
    /// Set when the token is deprecated, with the reason when one is given.
    public var deprecation: Deprecation?
    /// The stable id that survives renames (`catalog.id` / `uuid`), if declared.
    public var id: String?
    /// The path of the token that replaces this one (`catalog.replacedBy` / `replaced_by`).
    public var replacedBy: String?
    /// The default value: normalized, or an alias string `{path}`.
    public var value: JSON
    /// Values per mode name, for the modes of ``dimension`` where the token varies.
    public var modes: [String: JSON]
    /// The dimension the token varies along, when it has mode values.
    public var dimension: String?
    /// `$extensions` entries other than the catalog's own, kept as given.
    public var extensions: [(key: String, value: JSON)]
    /// Metadata keys the catalog does not interpret (`component`, `private`, …), kept as given.
    public var metadata: [(key: String, value: JSON)]
    /// Where the token is in its source file.
    public var location: SourceLocation

    /// A token.
    public init(
        path: String, type: TokenType, description: String? = nil, deprecation: Deprecation? = nil, id: String? = nil,
        replacedBy: String? = nil, value: JSON, modes: [String: JSON] = [:], dimension: String? = nil,
        extensions: [(key: String, value: JSON)] = [], metadata: [(key: String, value: JSON)] = [],
        location: SourceLocation = SourceLocation()
    ) {
        self.path = path
        self.type = type
        self.description = description
        self.deprecation = deprecation
        self.id = id
        self.replacedBy = replacedBy
        self.value = value
        self.modes = modes
        self.dimension = dimension
        self.extensions = extensions
        self.metadata = metadata
        self.location = location
    }

    /// The `$extensions` key holding a mode's own extensions, where they differ from the
    /// token's (a Tokens Studio `modify` that differs per brand).
    public static let modeExtensionsKey = "catalog.modeExtensions"

    /// The token's `$extensions` entry `key` in effect in `mode`.
    public func extensionValue(_ key: String, mode: String?) -> JSON? {
        if let mode, let perMode = extensions.first(where: { $0.key == Self.modeExtensionsKey })?.value[mode] {
            return perMode[key]
        }
        return extensions.first { $0.key == key }?.value
    }

    /// The identity used to match the token across versions: its stable id, else its path.
    public var identity: String { id ?? path }

    /// The alias target of the default value, when it is an alias.
    public var aliasTarget: String? { TokenValue.alias(in: value) }

    /// The value for `mode` (the default value when the token has none for it).
    public func value(forMode mode: String?) -> JSON {
        mode.flatMap { modes[$0] } ?? value
    }

    public static func == (lhs: Token, rhs: Token) -> Bool {
        lhs.path == rhs.path && lhs.type == rhs.type && lhs.description == rhs.description
            && lhs.deprecation == rhs.deprecation && lhs.id == rhs.id && lhs.replacedBy == rhs.replacedBy
            && lhs.value == rhs.value && lhs.modes == rhs.modes && lhs.dimension == rhs.dimension
            && lhs.extensions.elementsEqual(rhs.extensions, by: { $0.key == $1.key && $0.value == $1.value })
            && lhs.metadata.elementsEqual(rhs.metadata, by: { $0.key == $1.key && $0.value == $1.value })
    }
}

/// A token's deprecation: deprecated, with an optional reason.
public struct Deprecation: Sendable, Hashable {
    /// Why, when the source says.
    public var reason: String?

    /// A deprecation.
    public init(reason: String? = nil) { self.reason = reason }
}

/// A choice of one mode per dimension; dimensions left out use their default mode.
public struct ModeContext: Sendable, Hashable, CustomStringConvertible {
    /// The chosen mode per dimension name.
    public var modes: [String: String]

    /// A context; empty means every default.
    public init(_ modes: [String: String] = [:]) { self.modes = modes }

    /// The mode for `dimension` in `theme`.
    public func mode(for dimension: String, in theme: Theme) -> String? {
        modes[dimension] ?? theme.dimensions.first { $0.name == dimension }?.defaultMode
    }

    public var description: String {
        modes.isEmpty
            ? "defaults" : modes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// Builds a context from mode names (`dark`, `mobile`) or dimension-qualified ones
    /// (`colorScheme=dark`), checking each exists and that no dimension gets two.
    public static func from(modeNames: [String], in theme: Theme) throws -> ModeContext {
        let dimensions = theme.modeDimensions
        var modes: [String: String] = [:]
        for entry in modeNames {
            var name = entry
            var named: String?
            if let equals = entry.firstIndex(of: "=") {
                named = String(entry[..<equals])
                name = String(entry[entry.index(after: equals)...])
                guard theme.dimensions.contains(where: { $0.name == named && $0.modes.contains(name) }) else {
                    let known = theme.dimensions.map { "\($0.name): \($0.modes.joined(separator: ", "))" }
                    throw RequestError(
                        "theme \(theme.name)@\(theme.version) has no mode \(entry); its modes are \(known.joined(separator: "; "))"
                    )
                }
            }
            guard let dimension = named ?? dimensions[name] else {
                let known = theme.dimensions.map { "\($0.name): \($0.modes.joined(separator: ", "))" }
                let list = known.isEmpty ? "it has no modes" : "its modes are " + known.joined(separator: "; ")
                throw RequestError("theme \(theme.name)@\(theme.version) has no mode '\(name)'; \(list)")
            }
            if let other = modes[dimension], other != name {
                throw RequestError("modes '\(other)' and '\(name)' are both \(dimension) modes; choose one")
            }
            modes[dimension] = name
        }
        return ModeContext(modes)
    }
}
