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

    /// The dimension named `name`, if any.
    public func dimension(_ name: String) -> ModeDimension? {
        dimensions.first { $0.name == name }
    }

    /// Every mode of every dimension, in declaration order.
    public var modeKeys: [ModeKey] {
        dimensions.flatMap { dimension in dimension.modes.map { ModeKey(dimension.name, $0) } }
    }

    /// The modes a name written by a user names: each dimension's mode of that name (one,
    /// or several where dimensions share it), else `dimension=mode`; none where the theme
    /// has no such mode. The one reading of a mode name: a context (``ModeContext/from(modeNames:in:)``)
    /// takes exactly one, `export docs` documents each.
    public func modeKeys(named name: String) -> [ModeKey] {
        let bare = dimensions.filter { $0.modes.contains(name) }.map { ModeKey($0.name, name) }
        if !bare.isEmpty { return bare }
        for dimension in dimensions where name.hasPrefix(dimension.name + "=") {
            let mode = String(name.dropFirst(dimension.name.count + 1))
            if dimension.modes.contains(mode) { return [ModeKey(dimension.name, mode)] }
        }
        return []
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

    /// Each mode of `dimensions` with its place in their order (the dimensions', then each
    /// one's modes'): the order a token's mode values are kept in.
    public static func order(of dimensions: [ModeDimension]) -> [ModeKey: Int] {
        var rank: [ModeKey: Int] = [:]
        for dimension in dimensions {
            for mode in dimension.modes where rank[ModeKey(dimension.name, mode)] == nil {
                rank[ModeKey(dimension.name, mode)] = rank.count
            }
        }
        return rank
    }

    /// A dimension; the default mode must be one of `modes`. Names are kept in NFC
    /// (``NameForm``), so that two spellings of one name are one mode everywhere.
    public init(name: String, modes: [String], defaultMode: String? = nil) {
        self.name = NameForm.normalized(name)
        self.modes = modes.map(NameForm.normalized)
        self.defaultMode = NameForm.normalized(defaultMode ?? modes.first ?? "")
    }
}

/// One mode of one dimension (`colorScheme=dark`): mode names are unique within their
/// dimension, not within the theme (Tokens Studio's `Canvas` may be a brand and a system).
public struct ModeKey: Sendable, Hashable, CustomStringConvertible {
    /// The dimension's name.
    public var dimension: String
    /// The mode's name within it.
    public var mode: String

    /// A mode of a dimension.
    public init(_ dimension: String, _ mode: String) {
        self.dimension = NameForm.normalized(dimension)
        self.mode = NameForm.normalized(mode)
    }

    /// `dimension=mode`, as the command line and the catalog's files write it.
    public var description: String { "\(dimension)=\(mode)" }

    /// Reads `dimension=mode`, split at the first `=` (dimension names have none).
    public init?(qualified text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        self.init(String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}

/// How a theme's modes are named where one name must say which: a mode goes by its
/// own name where no other dimension has it (as every catalog wrote them before modes
/// were unique only within their dimension), else as `dimension=mode`. The catalog's
/// files (`catalog.modes`) and its rows (`theme_modes`, `token_values`, `resolved_tokens`)
/// name modes so.
public struct ModeNaming: Sendable {
    private var shared: Set<String> = []
    private var keys: [String: ModeKey] = [:]

    /// The naming of `dimensions`' modes.
    public init(_ dimensions: [ModeDimension]) {
        var owners: [String: Int] = [:]
        for dimension in dimensions {
            for mode in Set(dimension.modes) { owners[mode, default: 0] += 1 }
        }
        shared = Set(owners.filter { $0.value > 1 }.keys)
        for dimension in dimensions {
            for mode in dimension.modes {
                let key = ModeKey(dimension.name, mode)
                keys[name(key)] = key
            }
        }
    }

    /// The name `key` is written by.
    public func name(_ key: ModeKey) -> String {
        shared.contains(key.mode) || key.mode.hasPrefix(key.dimension + "=") ? key.description : key.mode
    }

    /// The mode a written name names, if any.
    public func key(_ name: String) -> ModeKey? { keys[name] }

    /// The mode of `dimension` that `written` names (what ``name(_:)`` wrote for it): a
    /// bare name never starts with `dimension=`, so the prefix is the qualification.
    public static func mode(written: String, in dimension: String) -> String {
        written.hasPrefix(dimension + "=") ? String(written.dropFirst(dimension.count + 1)) : written
    }
}

/// A token's value in one mode, where it differs from the default; `nil` when the token
/// is not defined in that mode (a resolver context that leaves it out).
public struct ModeValue: Sendable, Equatable {
    /// The mode.
    public var key: ModeKey
    /// The value there, held packed (see ``PackedValue``).
    private var packed: PackedValue?

    /// The value there, normalized or an alias; `nil`: the token does not exist there.
    public var value: JSON? {
        get { packed?.json }
        set { packed = newValue.map(PackedValue.init) }
    }

    /// A mode's value.
    public init(_ key: ModeKey, _ value: JSON?) {
        self.key = key
        self.packed = value.map(PackedValue.init)
    }
}

/// A design token: a typed value (per context where it varies) with its metadata.
///
/// A token's value may vary along several dimensions at once. ``value`` holds it in the
/// default context (every dimension at its default mode); ``modes`` lists, in precedence
/// order, the modes that give it another value, as the sources layer them (a later
/// resolver modifier or Tokens Studio set overrides an earlier one). In a context, the
/// last entry whose mode the context chooses wins; when none does, ``value`` holds.
public struct Token: Sendable, Equatable {
    /// The dot-separated path (`colors.primary`).
    public var path: String
    /// The DTCG type (`color`, `dimension`, `typography`, …).
    public var type: TokenType
    /// ``value``, held packed (see ``PackedValue``): most are colors of 8-bit channels.
    private var packed: PackedValue?
    /// The values that differ from ``value``, in precedence order (later wins).
    public var modes: [ModeValue]
    /// Where the token is in its source file.
    public var location: SourceLocation
    /// What most tokens leave empty, out of line: empty (no allocation) or one element. An
    /// import holds every token of a theme, and with these inline a token took 136 bytes.
    private var rare: [Rare] = []

    /// The value in the default context: normalized, or an alias string `{path}`; `nil`
    /// when the token exists only in some modes (a resolver context adding it).
    public var value: JSON? {
        get { packed?.json }
        set { packed = newValue.map(PackedValue.init) }
    }

    /// The fields most tokens leave empty.
    private struct Rare: Sendable {
        var description: String?
        var deprecation: Deprecation?
        var id: String?
        var replacedBy: String?
        var extensions: [(key: String, value: JSON)] = []
        var metadata: [(key: String, value: JSON)] = []
    }

    /// The field at `key` of ``Rare``, read, or written (allocating ``Rare`` for a token
    /// that had none of it, unless `isEmpty` says the value written is the empty one).
    private subscript<Value>(rare key: WritableKeyPath<Rare, Value>, isEmpty: (Value) -> Bool) -> Value {
        get { rare.first?[keyPath: key] ?? Rare()[keyPath: key] }
        set {
            guard !rare.isEmpty || !isEmpty(newValue) else { return }
            if rare.isEmpty { rare = [Rare()] }
            rare[0][keyPath: key] = newValue
        }
    }

    /// The token's description.
    public var description: String? {
        get { self[rare: \.description, { $0 == nil }] }
        set { self[rare: \.description, { $0 == nil }] = newValue }
    }
    /// Set when the token is deprecated, with the reason when one is given.
    public var deprecation: Deprecation? {
        get { self[rare: \.deprecation, { $0 == nil }] }
        set { self[rare: \.deprecation, { $0 == nil }] = newValue }
    }
    /// The stable id that survives renames (`catalog.id` / `uuid`), if declared.
    public var id: String? {
        get { self[rare: \.id, { $0 == nil }] }
        set { self[rare: \.id, { $0 == nil }] = newValue }
    }
    /// The path of the token that replaces this one (`catalog.replacedBy` / `replaced_by`).
    public var replacedBy: String? {
        get { self[rare: \.replacedBy, { $0 == nil }] }
        set { self[rare: \.replacedBy, { $0 == nil }] = newValue }
    }
    /// `$extensions` entries other than the catalog's own, kept as given.
    public var extensions: [(key: String, value: JSON)] {
        get { self[rare: \.extensions, \.isEmpty] }
        set { self[rare: \.extensions, \.isEmpty] = newValue }
    }
    /// Metadata keys the catalog does not interpret (`component`, `private`, …), kept as given.
    public var metadata: [(key: String, value: JSON)] {
        get { self[rare: \.metadata, \.isEmpty] }
        set { self[rare: \.metadata, \.isEmpty] = newValue }
    }

    /// A token.
    public init(
        path: String, type: TokenType, description: String? = nil, deprecation: Deprecation? = nil, id: String? = nil,
        replacedBy: String? = nil, value: JSON?, modes: [ModeValue] = [],
        extensions: [(key: String, value: JSON)] = [], metadata: [(key: String, value: JSON)] = [],
        location: SourceLocation = SourceLocation()
    ) {
        self.path = path
        self.type = type
        self.packed = value.map(PackedValue.init)
        self.modes = modes
        self.location = location
        if description != nil || deprecation != nil || id != nil || replacedBy != nil || !extensions.isEmpty
            || !metadata.isEmpty
        {
            rare = [
                Rare(
                    description: description, deprecation: deprecation, id: id, replacedBy: replacedBy,
                    extensions: extensions, metadata: metadata)
            ]
        }
    }

    /// The `$extensions` key holding a mode's own extensions, where they differ from the
    /// token's (a Tokens Studio `modify` that differs per brand), keyed `dimension=mode`
    /// (or, as older catalogs wrote them, by mode name alone).
    public static let modeExtensionsKey = "catalog.modeExtensions"
    /// The `$extensions` key keeping the style a font weight was written with
    /// (`"Medium Italic"`: weight 500, style `italic`), as Tokens Studio writes them together.
    public static let fontStyleKey = "catalog.fontStyle"

    /// The token's `$extensions` entry `key` in effect where the modes `chosen` are chosen:
    /// that of the last chosen mode with extensions of its own, else the token's.
    public func extensionValue(_ key: String, choosing chosen: Set<ModeKey>) -> JSON? {
        for entry in modes.reversed() where chosen.contains(entry.key) {
            if let own = modeExtensions(for: entry.key) { return own[key] }
        }
        return extensions.first { $0.key == key }?.value
    }

    /// The `$extensions` `mode` has of its own, when it has them.
    public func modeExtensions(for mode: ModeKey) -> JSON? {
        guard let perMode = extensions.first(where: { $0.key == Self.modeExtensionsKey })?.value else { return nil }
        return perMode[mode.description] ?? perMode[mode.mode]
    }

    /// The identity used to match the token across versions: its stable id, else its path.
    public var identity: String { id ?? path }

    /// The alias target of the default value, when it is an alias.
    public var aliasTarget: String? { packed?.aliasTarget }

    /// Every value the token has anywhere: the default, then each mode's.
    public var allValues: [JSON] { (value.map { [$0] } ?? []) + modes.compactMap(\.value) }

    /// The dimensions the token varies along, in the order it first does.
    public var dimensions: [String] {
        var seen: [String] = []
        for entry in modes where !seen.contains(entry.key.dimension) { seen.append(entry.key.dimension) }
        return seen
    }

    /// The value where the modes `chosen` (one per dimension) are chosen: the last mode
    /// value among them, else the default value; `nil` where the token does not exist.
    public func value(choosing chosen: Set<ModeKey>) -> JSON? {
        for entry in modes.reversed() where chosen.contains(entry.key) { return entry.value }
        return value
    }

    /// The value in `context` of `theme` (dimensions it leaves out at their default).
    public func value(in context: ModeContext, of theme: Theme) -> JSON? {
        value(choosing: context.chosen(in: theme))
    }

    /// The entry for `key`, when the token has one.
    public func modeValue(_ key: ModeKey) -> ModeValue? {
        modes.last { $0.key == key }
    }

    public static func == (lhs: Token, rhs: Token) -> Bool {
        lhs.path == rhs.path && lhs.type == rhs.type && lhs.description == rhs.description
            && lhs.deprecation == rhs.deprecation && lhs.id == rhs.id && lhs.replacedBy == rhs.replacedBy
            && lhs.packed == rhs.packed && lhs.modes == rhs.modes
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

    /// The context choosing one mode.
    public init(_ key: ModeKey) { self.modes = [key.dimension: key.mode] }

    /// The mode for `dimension` in `theme`.
    public func mode(for dimension: String, in theme: Theme) -> String? {
        modes[dimension] ?? theme.dimension(dimension)?.defaultMode
    }

    /// The mode chosen for each of `theme`'s dimensions (the default where this context
    /// chooses none).
    public func chosen(in theme: Theme) -> Set<ModeKey> {
        chosen(among: theme.dimensions)
    }

    /// The mode chosen for each of `dimensions` (the default where this context chooses none).
    public func chosen(among dimensions: [ModeDimension]) -> Set<ModeKey> {
        Set(dimensions.map { ModeKey($0.name, modes[$0.name] ?? $0.defaultMode) })
    }

    /// The context a ``TokenResolver/standardContexts`` key names: `""` for the defaults,
    /// `dimension=mode` for one mode.
    public init(standardKey: String) {
        self.init(ModeKey(qualified: standardKey).map { [$0.dimension: $0.mode] } ?? [:])
    }

    public var description: String {
        modes.isEmpty
            ? "defaults" : modes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// Builds a context from mode names (`dark`, `mobile`) or dimension-qualified ones
    /// (`colorScheme=dark`), the one spelling of a context every command takes: each must
    /// exist, a bare name must be one dimension's only, and no dimension may get two.
    public static func from(modeNames: [String], in theme: Theme) throws(ModeContextError) -> ModeContext {
        var modes: [String: String] = [:]
        for entry in modeNames {
            let keys = theme.modeKeys(named: entry)
            guard let key = keys.first else {
                // The names that would be, spelled as this one was.
                let choices =
                    ModeKey(qualified: entry) == nil
                    ? theme.dimensions.flatMap(\.modes).reduce(into: []) { names, mode in
                        if !names.contains(mode) { names.append(mode) }
                    }
                    : theme.dimensions.flatMap { dimension in dimension.modes.map { "\(dimension.name)=\($0)" } }
                throw .unknown(
                    entry, theme: "\(theme.name)@\(theme.version)", choices: choices, dimensions: theme.dimensions)
            }
            guard keys.count == 1 else { throw .ambiguous(entry, dimensions: keys.map(\.dimension)) }
            if let other = modes[key.dimension], other != key.mode {
                throw .twice(dimension: key.dimension, first: other, second: key.mode)
            }
            modes[key.dimension] = key.mode
        }
        return ModeContext(modes)
    }
}

/// Why mode names do not make a context of a theme: each a mistake in what was asked.
public enum ModeContextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No mode of that name (`choices`: the names that would be, spelled as it was).
    case unknown(String, theme: String, choices: [String], dimensions: [ModeDimension])
    /// A bare name several dimensions have.
    case ambiguous(String, dimensions: [String])
    /// Two modes of one dimension.
    case twice(dimension: String, first: String, second: String)

    public var description: String {
        switch self {
        case .unknown(let name, let theme, _, let dimensions):
            let list = dimensions.map { "\($0.name): \($0.modes.joined(separator: ", "))" }
            let known = list.isEmpty ? "it has no modes" : "its modes are " + list.joined(separator: "; ")
            return "theme \(theme) has no mode '\(name)'; \(known)"
        case .ambiguous(let name, let dimensions):
            let spelled = dimensions.map { "\($0)=\(name)" }.joined(separator: " or ")
            return "mode '\(name)' is in dimensions \(dimensions.joined(separator: " and ")); write \(spelled)"
        case .twice(let dimension, let first, let second):
            return "modes '\(first)' and '\(second)' are both \(dimension) modes; choose one"
        }
    }
}
