import CatalogModel

/// A token as read, before its type is settled and its values normalized.
///
/// What most tokens leave empty (description, deprecation, id, successor, layered
/// modes, tool data, the object kept for a flagged token) is held out of line, in
/// ``Rare``, allocated only for a token that has some: every token read is held until
/// all are settled, and with them inline a read token took 256 bytes (256 MB of a
/// million-token import).
struct RawToken {
    var path: String
    var file: String
    /// Whether the token is written the DTCG way (`$value`) rather than the older (`value`).
    var isDTCG: Bool
    /// ``declaredType``: 0 for none, a type the catalog knows by its place in
    /// ``knownTypes`` (from 1), else ``otherType`` (the name held in ``Rare``). A name
    /// inline took 16 bytes of every token (16 MB of a million-token import).
    private var declaredTypeCode: UInt8 = 0
    /// Whether the type may be guessed from the value (never in DTCG files).
    var mayInferType: Bool
    /// The rules the token's file is read by.
    var dialect: TokenDialect
    var value: JSON = .null
    var hasValue = false
    /// Its `$ref` could not be followed (reported): the token is left out silently.
    var unreadable = false
    /// The token has no value in the default context (only some modes define it).
    var defaultAbsent = false
    /// Mode values written in the token itself (`catalog.modes`, older `sets`), by mode
    /// name or `dimension=mode`; `null` where the token does not exist in that mode.
    var modes: [(mode: String, value: JSON)] = []
    var location: SourceLocation
    /// ``Rare``, when the token has any of it: empty (no allocation) or one element.
    private var rare: [Rare] = []

    /// The fields most tokens leave empty.
    struct Rare {
        /// ``jsonPath``, where it is not the one ``path`` spells (a name with a dot in
        /// it): most are, and a read token's JSON path was 64 bytes more to hold.
        var unusualJSONPath: String?
        /// A declared type the catalog does not know (reported as the token settles).
        var otherType: String?
        var description: String?
        var deprecation: Deprecation?
        var id: String?
        var replacedBy: String?
        var layerModes: [ModeValue] = []
        var modePlaces: [ModePlace] = []
        var extensions: [(key: String, value: JSON)] = []
        var modeExtensions: [(mode: String, value: JSON)] = []
        var metadata: [(key: String, value: JSON)] = []
        var source: JSON = .null
    }

    init(
        path: String, file: String, jsonPath: String, isDTCG: Bool, declaredType: String?, mayInferType: Bool,
        dialect: TokenDialect, location: SourceLocation
    ) {
        self.path = path
        self.file = file
        self.isDTCG = isDTCG
        self.mayInferType = mayInferType
        self.dialect = dialect
        self.location = location
        if !JSONPath.isSpelling(jsonPath, of: path) { self[rare: \.unusualJSONPath] = jsonPath }
        self.declaredType = declaredType
    }

    /// The types the catalog knows, as ``declaredTypeCode`` numbers them (from 1).
    private static let knownTypes = TokenType.allCases.map(\.rawValue)
    private static let knownTypeCodes = Dictionary(
        uniqueKeysWithValues: knownTypes.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
    private static let otherType = UInt8.max

    /// The type the token declares (`$type`), or inherits from its group.
    var declaredType: String? {
        get {
            switch declaredTypeCode {
            case 0: nil
            case Self.otherType: self[rare: \.otherType]
            default: Self.knownTypes[Int(declaredTypeCode) - 1]
            }
        }
        set {
            if declaredTypeCode == Self.otherType { self[rare: \.otherType] = nil }
            if let newValue, let code = Self.knownTypeCodes[newValue] {
                declaredTypeCode = code
            } else if let newValue {
                declaredTypeCode = Self.otherType
                self[rare: \.otherType] = newValue
            } else {
                declaredTypeCode = 0
            }
        }
    }

    /// ``Rare/unusualJSONPath``.
    var unusualJSONPath: String? { self[rare: \.unusualJSONPath] }

    /// The field at `key` of ``Rare``, read, or written (allocating ``Rare`` for a token
    /// that had none of it, unless the value written is the empty one).
    private subscript<Value>(rare key: WritableKeyPath<Rare, Value>) -> Value {
        get { rare.first?[keyPath: key] ?? Rare()[keyPath: key] }
        set {
            if rare.isEmpty { rare = [Rare()] }
            rare[0][keyPath: key] = newValue
        }
    }

    var description: String? {
        get { self[rare: \.description] }
        set { if newValue != nil || !rare.isEmpty { self[rare: \.description] = newValue } }
    }
    var deprecation: Deprecation? {
        get { self[rare: \.deprecation] }
        set { if newValue != nil || !rare.isEmpty { self[rare: \.deprecation] = newValue } }
    }
    var id: String? {
        get { self[rare: \.id] }
        set { self[rare: \.id] = newValue }
    }
    var replacedBy: String? {
        get { self[rare: \.replacedBy] }
        set { self[rare: \.replacedBy] = newValue }
    }
    /// Mode values from layered sources (mode files, resolver contexts, Tokens Studio
    /// themes), already in the form ``Token`` keeps.
    var layerModes: [ModeValue] {
        get { self[rare: \.layerModes] }
        set { self[rare: \.layerModes] = newValue }
    }
    /// `value` (the default's, as settling reads it) and every mode's, written in the
    /// token or layered: what a type guessed from the values must hold.
    func allValues(default value: JSON) -> [JSON] {
        [value] + modes.map(\.value) + layerModes.compactMap(\.value)
    }
    /// For mode values read from another file (a mode file, a resolver context): where.
    var modePlaces: [ModePlace] {
        get { self[rare: \.modePlaces] }
        set { self[rare: \.modePlaces] = newValue }
    }

    /// Where the value of the mode named `name` (`dimension=mode`) was read, when it
    /// was read from another file: that file and the value's JSON path there.
    func modePlace(_ name: String) -> (file: String, path: String)? {
        guard let place = rare.first?.modePlaces.last(where: { $0.key.description == name }) else { return nil }
        return (place.file, place.unusualPath ?? JSONPath.member(jsonPath, valueKey))
    }
    var extensions: [(key: String, value: JSON)] {
        get { self[rare: \.extensions] }
        set { self[rare: \.extensions] = newValue }
    }
    /// Per-mode `$extensions` that differ from the token's own (written as `catalog.modeExtensions`).
    var modeExtensions: [(mode: String, value: JSON)] {
        get { self[rare: \.modeExtensions] }
        set { self[rare: \.modeExtensions] = newValue }
    }
    var metadata: [(key: String, value: JSON)] {
        get { self[rare: \.metadata] }
        set { self[rare: \.metadata] = newValue }
    }
    /// The token's object as written, kept for a refusal's record (with ``TokenWalk/keepsTokenPlaces``).
    var source: JSON {
        get { self[rare: \.source] }
        set { self[rare: \.source] = newValue }
    }

    /// Where the token is in its file.
    var jsonPath: String { unusualJSONPath ?? JSONPath.spelling(path) }

    /// `$value` (DTCG) or `value` (older shape), for JSON paths in messages.
    var valueKey: String { isDTCG ? "$value" : "value" }
    /// Where the per-mode values sit, for JSON paths in messages.
    var modesPath: String {
        isDTCG
            ? JSONPath.member(JSONPath.member(jsonPath, "$extensions"), "catalog.modes")
            : JSONPath.member(jsonPath, "sets")
    }

    /// Whether a value of the token holds a JSON Pointer into another token's value.
    var mentionsPointer: Bool {
        TokenValue.containsPointer(value) || modes.contains { TokenValue.containsPointer($0.value) }
            || layerModes.contains { $0.value.map(TokenValue.containsPointer) ?? false }
    }

    /// Applies `change` to the value and to every mode value.
    mutating func transformValues(_ change: (JSON) -> JSON) {
        value = change(value)
        for position in modes.indices { modes[position].value = change(modes[position].value) }
        guard !layerModes.isEmpty else { return }
        layerModes = layerModes.map { ModeValue($0.key, $0.value.map(change)) }
    }
}

/// Where a mode's value of a token was read from another file (a mode file, a resolver
/// context). Its JSON path there is most often the token's own value's, and then not
/// held: each token with layered modes held a dictionary and a new path for each.
struct ModePlace {
    var key: ModeKey
    var file: String
    /// The value's JSON path in ``file``, where it is not the token's own.
    var unusualPath: String?
}

/// Where a read token was defined, kept once tokens are settled to place a problem on
/// it: 64 bytes, where a read token took 128.
struct TokenDefinition {
    var path: String
    var file: String
    var dialect: TokenDialect
    var location: SourceLocation
    private let unusualJSONPath: String?

    /// Where `token` was defined.
    init(_ token: RawToken) {
        path = token.path
        file = token.file
        dialect = token.dialect
        location = token.location
        unusualJSONPath = token.unusualJSONPath
    }

    /// The token's JSON path in its file.
    var jsonPath: String { unusualJSONPath ?? JSONPath.spelling(path) }
}
