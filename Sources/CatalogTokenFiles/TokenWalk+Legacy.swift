import CatalogModel

/// Tokens in the older shape that Style Dictionary (v3), Tokens Studio (legacy mode) and
/// Spectrum's published files share: `value`, `type`, `comment`/`description`, `uuid`,
/// `deprecated` (+ `deprecated_comment`), `replaced_by`/`renamed` (the successor, by path
/// or stable id), per-mode `sets` (each `{value, uuid, $schema, …}`), Spectrum's
/// `$schema` URL naming the type. Keys the catalog does not interpret (`component`,
/// `private`, `attributes`, a set's `uuid` …) are kept verbatim as metadata and written
/// back under `$extensions["catalog.metadata"]`.
extension TokenWalk {
    /// Spectrum's token-type schemas (the URL's last segment) and the DTCG type each means.
    /// `nil`: the type comes from elsewhere (an alias's target, or the set values).
    static let spectrumSchemas: [String: String?] = [
        "color.json": "color", "color-set.json": nil, "dimension.json": "dimension", "scale-set.json": nil,
        "alias.json": nil, "opacity.json": "number", "multiplier.json": "number", "font-family.json": "fontFamily",
        "font-weight.json": "fontWeight", "font-style.json": "string", "text-transform.json": "string",
        "alignment.json": "string", "typography.json": "typography", "drop-shadow.json": "shadow",
        "gradient-stop.json": "number", "font-size.json": "dimension", "system-set.json": nil,
        "token-set.json": nil, "text-align.json": "string", "line-height.json": "number",
    ]

    /// The type a Spectrum `$schema` URL names; `.some(nil)` for set and alias schemas.
    static func spectrumType(_ schema: String) -> String?? {
        let last = schema.lastIndex(of: "/").map { String(schema[schema.index(after: $0)...]) } ?? schema
        return spectrumSchemas[last]
    }

    static let legacyKeys: Set<String> = [
        "value", "type", "comment", "description", "uuid", "deprecated", "deprecated_comment", "replaced_by",
        "renamed", "sets", "$schema", "$extensions", "$type", "$description", "$deprecated",
    ]

    mutating func readLegacyToken(
        _ entry: TokenTree.Entry, path: [String], jsonPath: String, inheritedType: String?,
        inheritedDeprecation: Deprecation?
    ) {
        let file = entry.file
        var token = RawToken(
            path: path.joined(separator: "."), file: file, jsonPath: jsonPath, isDTCG: false,
            declaredType: inheritedType, mayInferType: true, dialect: entry.dialect, location: entry.object.location)
        token.deprecation = inheritedDeprecation
        if keepsTokenPlaces { token.source = entry.object }
        var deprecatedComment: String?
        var spectrum = SetsData()
        for (key, value) in entry.object.object ?? [] {
            var memberPath: String { JSONPath.member(jsonPath, key) }
            switch key {
            case "value":
                token.value = value
                token.hasValue = true
            case "type", "$type":
                token.declaredType = checkedType(value, path: memberPath, file: file) ?? token.declaredType
            case "comment", "description", "$description":
                token.description = string(value, path: memberPath, file: file)
            case "uuid": token.id = string(value, path: memberPath, file: file)
            case "deprecated", "$deprecated": token.deprecation = deprecation(value, path: memberPath, file: file)
            case "deprecated_comment": deprecatedComment = string(value, path: memberPath, file: file)
            case "replaced_by", "renamed":
                token.replacedBy = string(value, path: memberPath, file: file).map(Self.successorPath)
            case "$schema":
                token.metadata.append((key, value))
                if let url = value.string, let mapped = Self.spectrumType(url) { spectrum.schemaType = mapped }
            case "$extensions":
                readExtensions(value, into: &token, path: memberPath)
            case "sets":
                readSets(value, into: &token, path: memberPath, spectrum: &spectrum)
            default:
                if key.hasPrefix("$") {
                    report(
                        "unknown property \"\(key)\" in a token\(ThemeReader.didYouMean(key, in: Self.legacyKeys.sorted()))",
                        at: value, path: memberPath, file: file)
                } else {
                    token.metadata.append((key, value))  // component, private, attributes …: kept verbatim
                }
            }
        }
        if !spectrum.extras.isEmpty { token.metadata.append(("sets", JSON(.object(spectrum.extras)))) }
        if token.deprecation == nil, !spectrum.deprecations.isEmpty, spectrum.deprecations.allSatisfy({ $0 }) {
            token.deprecation = Deprecation()
        }
        if let deprecatedComment, !deprecatedComment.isEmpty {
            if token.deprecation != nil {
                token.deprecation = Deprecation(reason: deprecatedComment)
            } else {
                token.metadata.append(("deprecated_comment", .string(deprecatedComment)))
            }
        }
        flagInheritedUnknownType(&token)
        if token.declaredType == nil, let schemaType = spectrum.schemaType { token.declaredType = schemaType }
        append(token)
    }

    /// What a token's `sets` say besides their values: the type a `$schema` names, whether
    /// each set is deprecated, and each set's other members (kept as the token's metadata).
    struct SetsData {
        var schemaType: String?
        var deprecations: [Bool] = []
        var extras: [(key: String, value: JSON)] = []
    }

    /// A token's `sets` (Spectrum's modes): each mode's value, a value given directly, or a
    /// set object whose `$schema`, `deprecated` and other members are noted in `data`.
    /// Nested sets (two dimensions at once) make the token unreadable, said.
    private mutating func readSets(
        _ value: JSON, into token: inout RawToken, path memberPath: String, spectrum data: inout SetsData
    ) {
        let file = token.file
        guard let sets = value.object else {
            report(
                "expected an object mapping mode names to values, got \(value.kindDescription)", at: value,
                path: memberPath, file: file)
            return
        }
        for (mode, content) in sets {
            if let nested = content["sets"] {
                let modePath = JSONPath.member(memberPath, mode)
                report(
                    "nested sets (a token varying along two dimensions) are not supported; give each combination its own token",
                    at: nested, path: JSONPath.member(modePath, "sets"), file: file)
                token.unreadable = true
                continue
            }
            guard let members = content.object, let modeValue = content["value"] else {
                // `{"dark": "#000"}`: the value directly.
                token.modes.append((mode, content))
                continue
            }
            token.modes.append((mode, modeValue))
            if data.schemaType == nil, let url = content["$schema"]?.string, let mapped = Self.spectrumType(url),
                let type = mapped
            {
                data.schemaType = type
            }
            data.deprecations.append(content["deprecated"]?.bool == true)
            let extras = members.filter { $0.key != "value" }
            if !extras.isEmpty { data.extras.append((mode, JSON(.object(extras)))) }
        }
    }
}
