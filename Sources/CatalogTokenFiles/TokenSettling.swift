import CatalogModel
import Foundation

/// The reader's settling: each raw token's type (declared, inherited, from its alias
/// target, or guessed where its format guesses), the theme's dimensions (declared, or
/// inferred from the modes that appear together), each token's mode values placed in
/// them, and every value normalized to the form ``Token`` keeps. A token that cannot be
/// settled is reported once and marked broken; what is left of the raw tokens is where
/// each was defined, for ``TokenFlagging`` to place problems.
struct TokenSettling: ProblemRecording {
    /// What the read found wrong so far.
    var problems: ReadProblems
    /// What the import goes on with but says (a color modifier on a token that is no color).
    var warnings: [Diagnostic] = []
    /// What the read says once per file (``FileNote``), the walk's and the settling's.
    var fileNotes: [FileNote.Key: FileNote]
    /// The tokens read, until they are settled.
    var tokens: [RawToken]
    /// Where each token read was defined, in reading order, once they are settled.
    var definitions: [TokenDefinition] = []
    /// The tree's root, for the JSON Pointers into values that are checked.
    let root: TokenTree.Group
    /// Paths of tokens that could not be read: references to them report nothing more.
    var broken: Set<String> = []
    /// Paths of tokens whose own value was reported: resolution does not report them again.
    var reportedValues: Set<String>
    /// The token being settled, for ``reportedValues``.
    var currentToken = ""
    /// The type at the end of each untyped token's alias chain, once found (by path, and by
    /// whether expressions count as references there).
    var chainTypes: [ChainKey: String] = [:]
    /// A token reached through a chain of aliases, and whether the chain reads expressions.
    struct ChainKey: Hashable {
        var path: String
        var math: Bool
    }

    /// Settles what the walk read (its group data and token places are not needed here).
    init(_ raw: consuming RawTokens) {
        tokens = raw.tokens
        root = raw.root
        problems = raw.problems
        fileNotes = raw.fileNotes
        reportedValues = raw.reportedValues
    }

    /// Says `message` on `raw`'s token, at `location`, and goes on.
    mutating func warn(_ message: String, on raw: RawToken, at location: SourceLocation) {
        warnings.append(Diagnostic(file: raw.file, location: location, path: raw.jsonPath, message: message))
    }

    /// The warnings to say: the settling's, then the notes said once per file.
    var allWarnings: [Diagnostic] {
        warnings + fileNotes.sorted { ($0.key.file, $0.key.kind) < ($1.key.file, $1.key.kind) }.map(\.value.warning)
    }

    /// The theme's dimensions: those the layering declared (a resolver's, Tokens Studio's
    /// groups), else the root's `$extensions["catalog.dimensions"]`, else inferred; a name
    /// that cannot be written in a mode's `dimension=mode` is reported.
    mutating func dimensions(layered: [ModeDimension]?) -> [ModeDimension] {
        let file = root.file
        let dimensions =
            layered ?? settleDimensions(declared: root.property("$extensions")?["catalog.dimensions"], file: file)
        for dimension in dimensions where dimension.name.isEmpty || dimension.name.contains("=") {
            // `dimension=mode` names a mode on the command line and in the catalog's files.
            record(
                Diagnostic(
                    file: file, location: root.location,
                    message: "dimension name \(NameRules.quoted(dimension.name)) is empty or has \"=\"; rename it"))
        }
        return dimensions
    }

    /// Well-known mode names by the dimension they belong to, for naming inferred
    /// dimensions and choosing their default.
    static let knownDimensions: [(name: String, defaultMode: String, modes: Set<String>)] = [
        (
            "colorScheme", "light",
            [
                "light", "dark", "highContrast", "highContrastLight", "highContrastDark", "wireframe", "dim",
                "darkHighContrast", "lightHighContrast",
            ]
        ),
        ("controlSize", "regular", ["mini", "small", "regular", "medium", "large", "extraLarge"]),
        ("scale", "desktop", ["desktop", "mobile", "tablet", "compact", "spacious", "touch"]),
    ]

    /// The theme's dimensions: declared in `$extensions["catalog.dimensions"]`, or
    /// inferred from which mode names appear together in one token.
    private mutating func settleDimensions(declared: JSON?, file: String) -> [ModeDimension] {
        let declarationPath = "$[\"$extensions\"][\"catalog.dimensions\"]"
        if let declared {
            guard let members = declared.object else {
                report(
                    "expected an object mapping dimension names to lists of modes", at: declared, path: declarationPath,
                    file: file)
                return []
            }
            var dimensions: [ModeDimension] = []
            for (name, value) in members {
                let path = JSONPath.member(declarationPath, name)
                var modes: [String] = []
                var defaultMode: String?
                if let list = value.array {
                    modes = list.compactMap(\.string)
                    if modes.count != list.count {
                        report("expected a list of mode names", at: value, path: path, file: file)
                    }
                } else if let object = value.object, let list = value["modes"]?.array {
                    modes = list.compactMap(\.string)
                    defaultMode = value["default"]?.string
                    for (key, member) in object where key != "modes" && key != "default" {
                        report(
                            "unknown field \"\(key)\" (expected modes, default)", at: member,
                            path: JSONPath.member(path, key), file: file)
                    }
                } else {
                    report(
                        "expected a list of mode names or {\"modes\": […], \"default\": …}", at: value, path: path,
                        file: file)
                    continue
                }
                if modes.isEmpty { report("a dimension needs at least one mode", at: value, path: path, file: file) }
                if name.isEmpty { report("a dimension needs a name, not \"\"", at: value, path: path, file: file) }
                if modes.contains("") {
                    report("dimension \(name) lists an empty mode name", at: value, path: path, file: file)
                }
                modes = modes.map(NameForm.normalized)
                if let defaultMode, !modes.contains(defaultMode) {
                    report(
                        "default mode \"\(defaultMode)\" is not one of \(modes.joined(separator: ", "))", at: value,
                        path: path, file: file)
                }
                if let repeated = modes.enumerated().first(where: { modes[..<$0.offset].contains($0.element) }) {
                    report(
                        "mode \"\(repeated.element)\" is listed twice in dimension \(name)", at: value, path: path,
                        file: file)
                }
                dimensions.append(ModeDimension(name: name, modes: modes, defaultMode: defaultMode))
            }
            return dimensions
        }
        return inferDimensions()
    }

    /// Groups mode names that appear together in one token (union-find), in order of
    /// first appearance, naming each group after the well-known dimension it matches.
    private func inferDimensions() -> [ModeDimension] {
        var order: [String] = []
        var parent: [String: String] = [:]
        func find(_ mode: String) -> String {
            var root = mode
            while let next = parent[root], next != root { root = next }
            return root
        }
        for token in tokens {
            for (mode, _) in token.modes where parent[mode] == nil {
                parent[mode] = mode
                order.append(mode)
            }
            for pair in zip(token.modes, token.modes.dropFirst()) {
                let (a, b) = (find(pair.0.mode), find(pair.1.mode))
                if a != b { parent[b] = a }
            }
        }
        var groups: [String: [String]] = [:]
        var roots: [String] = []
        for mode in order {
            let root = find(mode)
            if groups[root] == nil { roots.append(root) }
            groups[root, default: []].append(mode)
        }
        var used: Set<String> = []
        var dimensions: [ModeDimension] = []
        for root in roots {
            var modes = groups[root]!
            var name = "modes"
            var defaultMode = modes[0]
            if let known = Self.knownDimensions.first(where: { modes.contains(where: $0.modes.contains) }) {
                name = known.name
                if !modes.contains(known.defaultMode) && known.name != "scale" {
                    modes.insert(known.defaultMode, at: 0)  // `$value` is the default mode's value
                }
                defaultMode = modes.contains(known.defaultMode) ? known.defaultMode : modes[0]
            }
            var unique = name
            var counter = 2
            while used.contains(unique) {
                unique = "\(name)\(counter)"
                counter += 1
            }
            used.insert(unique)
            dimensions.append(ModeDimension(name: unique, modes: modes, defaultMode: defaultMode))
        }
        return dimensions
    }

    /// Which dimensions have each mode name, and each dimension's default mode.
    struct ModeOwners {
        var owner: [String: [String]] = [:]
        var defaults: [String: String] = [:]

        init(_ dimensions: [ModeDimension]) {
            for dimension in dimensions {
                for mode in dimension.modes { owner[mode, default: []].append(dimension.name) }
                defaults[dimension.name] = dimension.defaultMode
            }
        }
    }

    /// Settles each token's type (declared, inherited, from its alias target, or, in the
    /// older shape only, guessed from the value), its dimension, and normalizes its values.
    /// A token that cannot be settled is reported once and marked broken.
    mutating func settleTokens(dimensions: [ModeDimension]) -> [Token] {
        let owners = ModeOwners(dimensions)
        let index = indexTokens()
        // Style Dictionary v3 references end in `.value` (`{color.base.red.value}`); its and
        // Tokens Studio's references may have spaces inside the braces (`{ color.white }`).
        for position in tokens.indices where tokens[position].dialect.rules.trimsReferences {
            tokens[position].transformValues(Self.trimmingReferences)
        }
        for position in tokens.indices {
            tokens[position].transformValues { Self.droppingValueSuffix($0, index: index) }
        }
        var settled: [Token] = []
        settled.reserveCapacity(tokens.count)
        for raw in tokens {
            currentToken = raw.path
            if let token = settle(raw, owners: owners, dimensions: dimensions, index: index) {
                settled.append(token)
            } else {
                broken.insert(raw.path)
            }
        }
        checkStableIDs(settled, index: consume index)
        // What is left of the read tokens is where they are, to place problems on them (the
        // index of paths let go first: at 100k tokens, each is 6 MB).
        definitions = tokens.map(TokenDefinition.init)
        tokens = []
        return settled
    }

    /// Each token's position by path; a path defined twice is reported at the second.
    private mutating func indexTokens() -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(tokens.count)
        for position in tokens.indices {
            if let first = index[tokens[position].path] {
                let token = tokens[position]
                report(
                    "token \(token.path) is defined twice (first at \(tokens[first].file):\(tokens[first].location.line))",
                    at: JSON(.null, at: token.location), path: token.jsonPath, file: token.file)
            } else {
                index[tokens[position].path] = position
            }
        }
        return index
    }

    /// One token settled, or `nil` (reported) when it cannot be.
    private mutating func settle(
        _ raw: RawToken, owners: ModeOwners, dimensions: [ModeDimension], index: [String: Int]
    ) -> Token? {
        guard !raw.unreadable, let (rawValue, rawModes) = defaultValue(of: raw, owners: owners),
            let type = settledType(of: raw, value: rawValue, index: index)
        else { return nil }
        if raw.dialect.rules.strict { checkPointedPart(rawValue, type: type, raw: raw) }
        let value =
            raw.defaultAbsent
            ? nil
            : normalized(
                rawValue, type: type, dialect: raw.dialect, path: JSONPath.member(raw.jsonPath, raw.valueKey),
                file: raw.file)
        let modes = modeValues(of: raw, rawModes, type: type, base: value, owners: owners, dimensions: dimensions)
        var extensions = settledExtensions(of: raw, type: type)
        if type == "fontWeight", raw.dialect.rules.fontWeightsCarryStyle,
            let style = TokenValue.weightAndStyle(rawValue)?.style
        {
            // The weight is the value; its style is kept beside it, as sd-transforms keeps
            // it (a `fontStyle` token beside the `fontWeight` one).
            extensions.append((Token.fontStyleKey, .string(style)))
        }
        // Every type the reader accepts is a TokenType; a gap between them is said, not guessed.
        guard let tokenType = TokenType(rawValue: type) else {
            report(
                "token \(raw.path) has type \"\(type)\", which the catalog does not know", at: rawValue,
                path: raw.jsonPath, file: raw.file)
            return nil
        }
        return Token(
            path: raw.path, type: tokenType, description: raw.description, deprecation: raw.deprecation, id: raw.id,
            replacedBy: raw.replacedBy, value: value, modes: modes, extensions: extensions, metadata: raw.metadata,
            location: raw.location)
    }

    /// The value a token's type is read from and the mode entries left to settle: its
    /// `$value`; the first mode's, when only some modes define it; the default mode's, when
    /// it has only `sets`. `nil` (reported) when it has no value at all.
    private mutating func defaultValue(of raw: RawToken, owners: ModeOwners) -> (
        JSON, [(mode: String, value: JSON)]
    )? {
        var rawModes = raw.modes
        if raw.defaultAbsent {
            // Only some modes define it: its type is read from the first.
            return (raw.layerModes.lazy.compactMap(\.value).first ?? rawModes.first?.value ?? .null, rawModes)
        }
        guard !raw.hasValue else { return (raw.value, rawModes) }
        // Only `sets`: the default mode's value is the token's value.
        let dimension = rawModes.first.flatMap { owners.owner[$0.mode]?.first }
        let preferred = dimension.flatMap { owners.defaults[$0] }
        guard let chosen = rawModes.first(where: { $0.mode == preferred }) ?? rawModes.first else {
            report(
                "token \(raw.path) has no value", at: JSON(.null, at: raw.location), path: raw.jsonPath, file: raw.file)
            return nil
        }
        rawModes.removeAll { $0.mode == chosen.mode && preferred == chosen.mode }
        return (chosen.value, rawModes)
    }

    /// The token's mode values, normalized and in canonical form: its own mode entries
    /// (each naming a mode a dimension has) and the values later layers gave it.
    private mutating func modeValues(
        of raw: RawToken, _ rawModes: [(mode: String, value: JSON)], type: String, base value: JSON?,
        owners: ModeOwners, dimensions: [ModeDimension]
    ) -> [ModeValue] {
        var entries: [ModeValue] = []
        for (mode, modeValue) in rawModes {
            let place = raw.modePlace(mode)
            let modePath = place?.path ?? JSONPath.member(raw.modesPath, mode)
            let modeFile = place?.file ?? raw.file
            guard let key = modeKey(mode, owner: owners.owner, at: modeValue, path: modePath, file: modeFile) else {
                continue
            }
            let normal =
                modeValue.isNull
                ? nil : normalized(modeValue, type: type, dialect: raw.dialect, path: modePath, file: modeFile)
            // In a DTCG file of one dimension, the default mode's value is `$value`: another
            // one here would be read one way by `theme show`, another by the DTCG export.
            // (Along several dimensions, and in Spectrum's `sets`, `$value` is the value
            // outside every mode, which a default mode may change.)
            if let normal, let value, normal != value, dimensions.count == 1,
                !raw.dialect.rules.defaultModeMayDifferFromValue,
                dimensions[0].name == key.dimension, dimensions[0].defaultMode == key.mode
            {
                report(
                    "mode \(key.mode) is the default of dimension \(key.dimension), whose value is $value; this entry gives another (\(modeValue.excerpt)): remove it or make the two agree",
                    at: modeValue, path: modePath, file: modeFile)
            }
            entries.append(ModeValue(key, normal))
        }
        for entry in raw.layerModes {
            let place = raw.modePlace(entry.key.description)
            entries.append(
                ModeValue(
                    entry.key,
                    entry.value.map {
                        normalized(
                            $0, type: type, dialect: raw.dialect, path: place?.path ?? raw.jsonPath,
                            file: place?.file ?? raw.file)
                    }))
        }
        // A mode with its own tool data is kept even where its value is the default's.
        let own = Set(raw.modeExtensions.map(\.mode))
        return TokenWalk.canonical(entries, base: value, dimensions: dimensions) {
            own.contains($0.description) || own.contains($0.mode)
        }
    }

    /// The token's extensions, its modes' own tool data kept under one key; a Tokens Studio
    /// color modifier on a token that is not a color is kept and said to do nothing.
    private mutating func settledExtensions(of raw: RawToken, type: String) -> [(key: String, value: JSON)] {
        var extensions = raw.extensions
        if !raw.modeExtensions.isEmpty {
            extensions.append(
                (Token.modeExtensionsKey, JSON(.object(raw.modeExtensions.map { (key: $0.mode, value: $0.value) }))))
        }
        if type != "color",
            raw.extensions.contains(where: { $0.key == "studio.tokens" && $0.value["modify"] != nil })
        {
            // Tokens Studio applies a modifier to colors only: kept as written, and said.
            warn(
                "token \(raw.path) is a \(type) with a color modifier (studio.tokens modify), which changes only colors; it is kept as written and has no effect",
                on: raw, at: raw.location)
        }
        return extensions
    }

    /// Two tokens sharing a stable id are reported.
    private mutating func checkStableIDs(_ settled: [Token], index: [String: Int]) {
        var ids: [String: String] = [:]
        for token in settled {
            guard let id = token.id else { continue }
            if let other = ids[id] {
                let raw = tokens[index[token.path] ?? 0]
                report(
                    "tokens \(other) and \(token.path) share the stable id \"\(id)\"",
                    at: JSON(.null, at: token.location), path: raw.jsonPath, file: raw.file)
            }
            ids[id] = token.path
        }
    }

    /// The mode a token's own mode entry names: `dimension=mode`, or a mode name that one
    /// dimension has. Reported (and `nil`) when no dimension has it or several do.
    private mutating func modeKey(_ name: String, owner: [String: [String]], at value: JSON, path: String, file: String)
        -> ModeKey?
    {
        if let key = ModeKey(qualified: name), owner[key.mode]?.contains(key.dimension) == true, owner[name] == nil {
            return key
        }
        guard let dimensions = owner[name] else {
            let known = owner.keys.sorted().joined(separator: ", ")
            report(
                "mode \"\(name)\" is not declared in catalog.dimensions (declared: \(known.isEmpty ? "none" : known))",
                at: value, path: path, file: file)
            return nil
        }
        guard dimensions.count == 1 else {
            report(
                "mode \"\(name)\" is in dimensions \(dimensions.joined(separator: " and ")); write it \(dimensions.map { "\"\($0)=\(name)\"" }.joined(separator: " or "))",
                at: value, path: path, file: file)
            return nil
        }
        return ModeKey(dimensions[0], name)
    }

    /// Whether `text` holds `.value}`, by a scan of its bytes: the generic substring
    /// searches (Foundation's, the standard library's) cost more than the rest of the pass.
    static func mentionsValueSuffix(_ text: String) -> Bool {
        let suffix = Array(".value".utf8)
        var text = text
        return text.withUTF8 { bytes in
            var index = suffix.count
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "}"),
                    bytes[(index - suffix.count)..<index].elementsEqual(suffix)
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// `value` with the spaces inside every `{ reference }` removed.
    static func trimmingReferences(_ value: JSON) -> JSON {
        switch value.kind {
        case .string(let text):
            guard text.utf8.contains(UInt8(ascii: "{")), text.utf8.contains(UInt8(ascii: " ")) else { return value }
            var result = ""
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                result += rest[...open]
                result += rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
                result += "}"
                rest = rest[rest.index(after: close)...]
            }
            return JSON(.string(result + rest), at: value.location)
        case .object(let members):
            return JSON(.object(members.map { (key: $0.key, value: trimmingReferences($0.value)) }), at: value.location)
        case .array(let elements):
            return JSON(.array(elements.map(trimmingReferences)), at: value.location)
        default:
            return value
        }
    }

    /// `{a.b.value}` as `{a.b}` when only the latter exists (Style Dictionary v3 references).
    static func droppingValueSuffix(_ value: JSON, index: [String: Int]) -> JSON {
        switch value.kind {
        case .string(let text):
            guard Self.mentionsValueSuffix(text) else { return value }
            if let target = TokenValue.alias(in: text) {
                guard index[target] == nil, target.hasSuffix(".value"), index[String(target.dropLast(6))] != nil else {
                    return value
                }
                return JSON(.string("{\(target.dropLast(6))}"), at: value.location)
            }
            return JSON(.string(text.replacingOccurrences(of: ".value}", with: "}")), at: value.location)
        case .object(let members):
            return JSON(
                .object(members.map { (key: $0.key, value: droppingValueSuffix($0.value, index: index)) }),
                at: value.location)
        case .array(let elements):
            return JSON(.array(elements.map { droppingValueSuffix($0, index: index) }), at: value.location)
        default:
            return value
        }
    }

    private mutating func normalized(
        _ value: JSON, type: String, dialect: TokenDialect, path: @autoclosure () -> String, file: String
    ) -> JSON {
        switch TokenValue.normalize(value, as: type, rules: dialect.rules) {
        case .success(let normalized):
            if type == "color" { noteIgnoredColorMembers(of: value, dialect: dialect, path: path(), file: file) }
            return normalized
        case .failure(let error):
            let quoted = error.message.contains(", got ") || error.message.contains("did you mean")
            report(
                quoted ? error.message : "\(error.message), got \(error.value.excerpt)", at: value, path: path(),
                file: file)
            reportedValues.insert(currentToken)
            return value
        }
    }

    /// Counts a color value read without members a color does not have, for one warning per file.
    /// (`path` is built only then: a path per token cost 13k instructions a token.)
    private mutating func noteIgnoredColorMembers(
        of value: JSON, dialect: TokenDialect, path: @autoclosure () -> String, file: String
    ) {
        guard value.object != nil else { return }
        let ignored = TokenValue.ignoredColorMembers(of: value, rules: dialect.rules)
        guard !ignored.isEmpty else { return }
        FileNote.add(.ignoredColorMembers, ignored, place: value, path: path(), file: file, to: &fileNotes)
    }

    /// DTCG 2025.10: a value given by a pointer into another token's value (`#/a/$value/x`)
    /// must itself be a whole value of the token's type (a number part is not a dimension).
    private mutating func checkPointedPart(_ value: JSON, type: String, raw: RawToken) {
        guard let pointer = TokenValue.pointer(in: value), let segments = JSONPointer.segments(pointer),
            case .inToken(let entry, _, let rest)? = TokenTree.locate(segments, in: root),
            let part = JSONPointer.descend(entry.object, rest[...]), TokenValue.alias(in: part) == nil,
            let problem = StrictValue.problem(part, type: type)
        else { return }
        report(
            "$ref \(pointer) points to \(part.excerpt), which is not a \(type) value: \(problem.message)", at: value,
            path: JSONPath.member(raw.jsonPath, "$ref"), file: raw.file)
        reportedValues.insert(raw.path)
    }
}
