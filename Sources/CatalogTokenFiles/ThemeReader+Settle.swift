import CatalogModel
import Foundation

extension ThemeReader {
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
    mutating func settleDimensions(declared: JSON?, file: String) -> [ModeDimension] {
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
        definitions = tokens.map(Definition.init)
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
        let extensions = settledExtensions(of: raw, type: type)
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

    /// The token's type: declared (Tokens Studio's `number` and `string` aliases taking
    /// their target's), inherited, from its alias target, or guessed where the format
    /// guesses. `nil` (reported once) when it cannot be told.
    private mutating func settledType(of raw: RawToken, value rawValue: JSON, index: [String: Int]) -> String? {
        var typeProblem: String?
        var declaredType = raw.declaredType
        if let declared = declaredType { declaredType = Self.byValue(declared, of: raw, value: rawValue) }
        // (A `number` or `string` alias takes its target's type silently where the format says so, below.)
        let rules = raw.dialect.rules
        let isAlias = TokenValue.alias(in: rawValue) != nil
        if rules.acceptsAliasesAcrossTypes, let declared = declaredType, isAlias,
            !rules.aliasesTakingTheirTargetsType.contains(declared)
        {
            declaredType = crossTypeAlias(of: raw, declared: declared, value: rawValue, index: index)
        }
        if let declared = declaredType, rules.aliasesTakingTheirTargetsType.contains(declared), isAlias {
            // Tokens Studio's `number`, `other` and `text` aliases take their target's type
            // (a `number` naming a dimension or a font weight is that dimension or weight).
            var ignored: String?
            var untyped = raw
            untyped.declaredType = nil
            declaredType = typeFromAliases(untyped, value: rawValue, index: index, problem: &ignored) ?? declared
        }
        let type =
            declaredType
            ?? (rules.typesByPathCategory && !isAlias
                ? StyleDictionaryFormat.type(ofPath: raw.path, value: rawValue) : nil)
            ?? typeFromAliases(raw, value: rawValue, index: index, problem: &typeProblem)
            ?? (raw.mayInferType && !isAlias ? TokenValue.inferType(of: rawValue) : nil)
        guard let type else {
            if let typeProblem {
                if !typeProblem.isEmpty { report(typeProblem, at: rawValue, path: raw.jsonPath, file: raw.file) }
            } else if !broken.contains(raw.path) {
                report(
                    raw.valueKey == "$value"
                        ? "cannot tell the type of token \(raw.path); add \"$type\" to it or to its group (DTCG does not guess types from values)"
                        : "cannot tell the type of token \(raw.path); add \"type\" to it",
                    at: rawValue, path: JSONPath.member(raw.jsonPath, raw.valueKey), file: raw.file)
            }
            return nil
        }
        if type == "number", !raw.dialect.rules.strict, let text = rawValue.string,
            TokenValue.parseMeasure(text, units: raw.dialect.rules.dimensionUnits) != nil
        {
            return "dimension"  // Tokens Studio's `lineHeights: "24px"`: a length, not a multiplier
        }
        return type
    }

    /// The type of an alias declared `declared` in a format whose tools never compare types
    /// through aliases (Style Dictionary's `resolveReferences` substitutes the target's value
    /// whatever either type; Tokens Studio resolves a reference the same way): its target's,
    /// said in a warning, when the target's value cannot be read as `declared` (a `color`
    /// naming a text "150"); `declared` when it can (a length naming a bare number, a font
    /// naming a text), as the resolver reads those.
    private mutating func crossTypeAlias(of raw: RawToken, declared: String, value: JSON, index: [String: Int])
        -> String
    {
        var untyped = raw
        untyped.declaredType = nil
        var ignored: String?
        guard let target = typeFromAliases(untyped, value: value, index: index, problem: &ignored),
            target != declared, target != TokenValue.lineHeightType
        else { return declared }
        let readable: Set<String> =
            switch target {
            case "number": ["dimension", "fontWeight", "duration"]
            case "string": ["fontFamily", "fontWeight", "string"]
            default: []
            }
        guard !readable.contains(declared) else { return declared }
        warnings.append(
            Diagnostic(
                file: raw.file, location: value.location, path: raw.jsonPath,
                message:
                    "token \(raw.path) is declared \(declared) but refers to a token of type \(target); read as \(target), as \(raw.dialect.displayName) resolves it (its tools do not compare types through references)"
            ))
        return target
    }

    /// A declared type the value settles: the older shapes' line height (a multiplier or a
    /// length), and Tokens Studio's `other`/`text`, which hold what no other type does, so an
    /// object there is kept as written (Gestalt's `{x1, y1, x2, y2}` easings).
    static func byValue(_ declared: String, of raw: RawToken, value: JSON) -> String {
        if declared == TokenValue.lineHeightType { return lineHeightType(of: raw, value: value) }
        if raw.dialect.rules.stringsHoldAnything, declared == "string", value.object != nil || value.array != nil {
            return TokenType.untyped.rawValue
        }
        return declared
    }

    /// The type of a token declared with the older shapes' line height type, by its value:
    /// `auto`/`normal` a string (the font's own), `%` and, outside Tokens Studio, a bare
    /// number a multiplier (`number`), a measure a `dimension`; in Tokens Studio a bare number
    /// is pixels (its docs: "Tokens without a unit specified are applied as the pixel
    /// equivalent"), so a `dimension`. An alias is `number`, which Tokens Studio's rule for
    /// `number` aliases then gives its target's type.
    private static func lineHeightType(of raw: RawToken, value: JSON) -> String {
        guard let text = value.string else {
            return value.number != nil && raw.dialect.rules.unitlessLineHeightsArePixels ? "dimension" : "number"
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if ["auto", "normal"].contains(trimmed.lowercased()) { return "string" }
        if TokenValue.alias(in: trimmed) != nil || trimmed.hasSuffix("%") { return "number" }
        if Double(trimmed) != nil { return raw.dialect.rules.unitlessLineHeightsArePixels ? "dimension" : "number" }
        return TokenValue.parseMeasure(trimmed, units: raw.dialect.rules.dimensionUnits) != nil ? "dimension" : "number"
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
        return Self.canonical(entries, base: value, dimensions: dimensions) {
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
            warnings.append(
                Diagnostic(
                    file: raw.file, location: raw.location, path: raw.jsonPath,
                    message:
                        "token \(raw.path) is a \(type) with a color modifier (studio.tokens modify), which changes only colors; it is kept as written and has no effect"
                ))
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

    /// The declared (or, in the older shape, guessed) type at the end of an alias chain.
    /// A chain that ends at a missing token sets `problem` to say so (to "" when the
    /// missing link is further down the chain, where its own token reports it). The type
    /// found is remembered for every token the walk passed, so that typing a long chain of
    /// untyped aliases costs its length once, not once per link.
    private mutating func typeFromAliases(
        _ token: RawToken, value: JSON, index: [String: Int], problem: inout String?
    ) -> String? {
        var current = token
        var currentValue = value
        var seen: Set<String> = [token.path]
        var passed: [String] = []
        // Style Dictionary does no math: `{a} - {b}` is a string, not an expression of {a}'s type.
        let math = token.dialect.rules.evaluatesMath
        func remembered(_ type: String?) -> String? {
            if let type { for path in passed { chainTypes[ChainKey(path: path, math: math)] = type } }
            return type
        }
        var target = TokenValue.alias(in: currentValue) ?? (math ? Self.firstReference(in: currentValue) : nil)
        while let path = target {
            if let known = chainTypes[ChainKey(path: path, math: math)] { return remembered(known) }
            guard let position = index[path] else {
                let direct = current.path == token.path && !broken.contains(path)
                problem = direct ? "\(current.path) refers to {\(path)}, which does not exist" : ""
                return nil
            }
            let next = tokens[position]
            if let declared = next.declaredType {
                // A type settled by the value (a line height, Tokens Studio's `other`); one that
                // is itself an alias to a number may take its target's type.
                let nextValue = next.hasValue ? next.value : next.modes.first?.value ?? .null
                let type = Self.byValue(declared, of: next, value: nextValue)
                if declared != TokenValue.lineHeightType || type != "number" || TokenValue.alias(in: nextValue) == nil {
                    return remembered(type)
                }
            }
            guard seen.insert(next.path).inserted else {
                // A loop of untyped aliases has no type to find: the loop is the problem.
                let loop = passed.drop { $0 != next.path }
                problem =
                    "alias cycle: "
                    + ([token.path] + (loop.isEmpty ? passed : Array(loop)) + [next.path]).joined(separator: " → ")
                return nil
            }
            passed.append(next.path)
            current = next
            currentValue = next.hasValue ? next.value : next.modes.first?.value ?? .null
            target = TokenValue.alias(in: currentValue) ?? (math ? Self.firstReference(in: currentValue) : nil)
        }
        if current.dialect.rules.typesByPathCategory, TokenValue.alias(in: currentValue) == nil {
            return remembered(StyleDictionaryFormat.type(ofPath: current.path, value: currentValue))
        }
        return remembered(current.mayInferType ? TokenValue.inferType(of: currentValue) : nil)
    }

    /// The first reference of an expression (`{a} * 2`), whose type the expression takes.
    static func firstReference(in value: JSON) -> String? {
        guard let text = value.string, TokenMath.isExpression(text),
            case .success(let expression) = TokenMath.parse(text)
        else { return nil }
        return expression.references.first
    }
}
