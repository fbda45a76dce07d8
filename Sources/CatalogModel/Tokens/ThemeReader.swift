import Foundation

/// Reads one theme version from a token file: W3C Design Tokens (DTCG) JSON, or the
/// older Style-Dictionary shape (`value`, `type`, `comment`, `uuid`, `deprecated`,
/// `deprecated_comment`, `replaced_by`, per-mode `sets`). Both may appear in one file.
///
/// Every problem in the file is collected and thrown together as a ``DocumentError``:
/// malformed values, unknown types, undeclared modes, and every unresolved, cyclic or
/// mistyped alias, each placed at `file:line:column` with its JSON path.
public struct ThemeReader {
    /// What the file says about itself and what the command line overrides.
    public struct Naming: Sendable {
        /// `--name`, else `$extensions["catalog.theme"].name`, else the file's stem.
        public var name: String?
        /// `--version`, else `$extensions["catalog.theme"].version`.
        public var version: Semver?
        /// The name to use when neither the option nor the file gives one.
        public var fallbackName: String?

        /// Naming overrides.
        public init(name: String? = nil, version: Semver? = nil, fallbackName: String? = nil) {
            self.name = name
            self.version = version
            self.fallbackName = fallbackName
        }
    }

    /// A token as read, before its type is settled and its values normalized.
    struct RawToken {
        var path: String
        var jsonPath: String
        /// `$value` (DTCG) or `value` (older shape), for JSON paths in messages.
        var valueKey: String
        /// Where the per-mode values sit, for JSON paths in messages.
        var modesPath: String
        var declaredType: String?
        var description: String?
        var deprecation: Deprecation?
        var id: String?
        var replacedBy: String?
        var value: JSON
        var modes: [(mode: String, value: JSON)] = []
        var extensions: [(key: String, value: JSON)] = []
        var metadata: [(key: String, value: JSON)] = []
        var location: SourceLocation
    }

    let file: String
    var diagnostics: [Diagnostic] = []
    var tokens: [RawToken] = []

    /// Reads and validates a theme from `data`; `file` names it in errors.
    public static func read(_ data: Data, file: String, naming: Naming = Naming()) throws -> Theme {
        let root = try JSONParser.parse(data, file: file)
        var reader = ThemeReader(file: file)
        return try reader.read(root, naming: naming)
    }

    init(file: String) {
        self.file = file
    }

    mutating func report(_ message: String, at value: JSON, path: String) {
        diagnostics.append(Diagnostic(file: file, location: value.location, path: path, message: message))
    }

    private mutating func read(_ root: JSON, naming: Naming) throws -> Theme {
        guard let members = root.object else {
            throw DocumentError(
                file: file, location: root.location, path: JSONPath.root,
                message: "expected a token file (a JSON object), got \(root.kindDescription)")
        }
        let catalogExtensions = root["$extensions"]?["catalog.theme"]
        let declaredName = catalogExtensions?["name"]?.string
        let declaredVersion = catalogExtensions?["version"]?.string
        var description = root["$description"]?.string ?? catalogExtensions?["description"]?.string

        walk(members, path: [], jsonPath: JSONPath.root, inheritedType: nil, inheritedDeprecation: nil)
        let dimensions = settleDimensions(declared: root["$extensions"]?["catalog.dimensions"])
        let settled = settleTokens(dimensions: dimensions)

        var version = naming.version
        if version == nil, let declaredVersion {
            version = Semver(declaredVersion)
            if version == nil {
                report(
                    "\"\(declaredVersion)\" is not a semantic version (MAJOR.MINOR.PATCH)",
                    at: catalogExtensions?["version"] ?? root, path: "$[\"$extensions\"][\"catalog.theme\"].version")
            }
        } else if version == nil {
            diagnostics.append(
                Diagnostic(
                    file: file, location: root.location,
                    message:
                        "the file gives no version; pass --version X.Y.Z or set $extensions[\"catalog.theme\"].version")
            )
        }
        let name = naming.name ?? declaredName ?? naming.fallbackName ?? ""
        if name.isEmpty {
            diagnostics.append(
                Diagnostic(
                    file: file, location: root.location, message: "the file gives no theme name; pass --name NAME"))
        } else if let problem = NameRules.problem(with: name) {
            diagnostics.append(
                Diagnostic(
                    file: file, location: root.location,
                    message: "invalid theme name \(NameRules.quoted(name)): \(problem)"))
        }
        if description?.isEmpty == true { description = nil }

        let theme = Theme(
            name: name, version: version ?? Semver(0, 0, 0), description: description, dimensions: dimensions,
            tokens: settled)
        let places = Dictionary(tokens.map { ($0.path, ($0.location, $0.jsonPath)) }) { first, _ in first }
        for problem in TokenResolver(theme: theme).problems() {
            let (location, jsonPath) = places[problem.tokenPath] ?? (SourceLocation(), "$")
            diagnostics.append(
                Diagnostic(file: file, location: location, path: jsonPath, message: problem.message))
        }
        guard diagnostics.isEmpty else { throw DocumentError(inDocumentOrder: diagnostics) }
        return theme
    }

    // MARK: Walking groups and tokens

    private mutating func walk(
        _ members: [(key: String, value: JSON)], path: [String], jsonPath: String, inheritedType: String?,
        inheritedDeprecation: Deprecation?
    ) {
        var groupType = inheritedType
        var groupDeprecation = inheritedDeprecation
        for (key, value) in members where key.hasPrefix("$") {
            let memberPath = JSONPath.member(jsonPath, key)
            switch key {
            case "$type":
                groupType = checkedType(value, path: memberPath) ?? groupType
            case "$deprecated":
                groupDeprecation = deprecation(value, path: memberPath) ?? groupDeprecation
            case "$description", "$extensions", "$schema", "$metadata", "$themes":
                continue
            default:
                continue  // other $-properties of groups carry no token data
            }
        }
        for (key, value) in members where !key.hasPrefix("$") {
            let memberPath = JSONPath.member(jsonPath, key)
            if let problem = NameRules.tokenNameProblem(key) {
                report("invalid token or group name \(NameRules.quoted(key)): \(problem)", at: value, path: memberPath)
                continue
            }
            guard let object = value.object else {
                report(
                    "expected a token (an object with \"$value\") or a group, got \(value.kindDescription) \(value.excerpt)",
                    at: value, path: memberPath)
                continue
            }
            if value["$value"] != nil {
                readDTCGToken(
                    object, path: path + [key], jsonPath: memberPath, at: value.location, inheritedType: groupType,
                    inheritedDeprecation: groupDeprecation)
            } else if value["value"] != nil {
                readLegacyToken(
                    object, path: path + [key], jsonPath: memberPath, at: value.location, inheritedType: groupType,
                    inheritedDeprecation: groupDeprecation)
            } else {
                walk(
                    object, path: path + [key], jsonPath: memberPath, inheritedType: groupType,
                    inheritedDeprecation: groupDeprecation)
            }
        }
    }

    private mutating func checkedType(_ value: JSON, path: String) -> String? {
        guard let text = value.string else {
            report("expected a type name, got \(value.kindDescription)", at: value, path: path)
            return nil
        }
        if TokenValue.knownTypes.contains(text) { return text }
        if let mapped = TokenValue.legacyTypes[text] { return mapped }
        let candidates = Array(TokenValue.knownTypes) + Array(TokenValue.legacyTypes.keys)
        let suggestion = Suggestion.closest(to: text, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
        report("unknown token type \"\(text)\"\(suggestion)", at: value, path: path)
        return nil
    }

    private mutating func deprecation(_ value: JSON, path: String) -> Deprecation? {
        switch value.kind {
        case .bool(let flag): return flag ? Deprecation() : nil
        case .string(let reason): return Deprecation(reason: reason.isEmpty ? nil : reason)
        default:
            report("expected true, false or a reason string, got \(value.kindDescription)", at: value, path: path)
            return nil
        }
    }

    private mutating func string(_ value: JSON, path: String) -> String? {
        guard let text = value.string else {
            report("expected a string, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        return text
    }

    private static func successorPath(_ text: String) -> String {
        TokenValue.alias(in: text) ?? text
    }

    private mutating func readDTCGToken(
        _ members: [(key: String, value: JSON)], path: [String], jsonPath: String, at location: SourceLocation,
        inheritedType: String?, inheritedDeprecation: Deprecation?
    ) {
        var token = RawToken(
            path: path.joined(separator: "."), jsonPath: jsonPath, valueKey: "$value",
            modesPath: JSONPath.member(JSONPath.member(jsonPath, "$extensions"), "catalog.modes"),
            declaredType: inheritedType, deprecation: inheritedDeprecation, value: .null, location: location)
        for (key, value) in members {
            let memberPath = JSONPath.member(jsonPath, key)
            switch key {
            case "$value": token.value = value
            case "$type": token.declaredType = checkedType(value, path: memberPath) ?? token.declaredType
            case "$description": token.description = string(value, path: memberPath)
            case "$deprecated": token.deprecation = deprecation(value, path: memberPath)
            case "$extensions":
                guard let extensions = value.object else {
                    report("expected an object, got \(value.kindDescription)", at: value, path: memberPath)
                    continue
                }
                for (name, content) in extensions {
                    let extensionPath = JSONPath.member(memberPath, name)
                    switch name {
                    case "catalog.modes":
                        guard let modes = content.object else {
                            report(
                                "expected an object mapping mode names to values, got \(content.kindDescription)",
                                at: content, path: extensionPath)
                            continue
                        }
                        token.modes = modes.map { (mode: $0.key, value: $0.value) }
                    case "catalog.id": token.id = string(content, path: extensionPath)
                    case "catalog.replacedBy":
                        token.replacedBy = string(content, path: extensionPath).map(Self.successorPath)
                    default: token.extensions.append((name, content))
                    }
                }
            default:
                token.metadata.append((key, value))  // unknown metadata is kept, not refused
            }
        }
        tokens.append(token)
    }

    private mutating func readLegacyToken(
        _ members: [(key: String, value: JSON)], path: [String], jsonPath: String, at location: SourceLocation,
        inheritedType: String?, inheritedDeprecation: Deprecation?
    ) {
        var token = RawToken(
            path: path.joined(separator: "."), jsonPath: jsonPath, valueKey: "value",
            modesPath: JSONPath.member(jsonPath, "sets"), declaredType: inheritedType,
            deprecation: inheritedDeprecation, value: .null, location: location)
        var deprecatedComment: String?
        for (key, value) in members {
            let memberPath = JSONPath.member(jsonPath, key)
            switch key {
            case "value": token.value = value
            case "type": token.declaredType = checkedType(value, path: memberPath) ?? token.declaredType
            case "comment", "description": token.description = string(value, path: memberPath)
            case "uuid": token.id = string(value, path: memberPath)
            case "deprecated": token.deprecation = deprecation(value, path: memberPath)
            case "deprecated_comment": deprecatedComment = string(value, path: memberPath)
            case "replaced_by": token.replacedBy = string(value, path: memberPath).map(Self.successorPath)
            case "sets":
                guard let sets = value.object else {
                    report(
                        "expected an object mapping mode names to values, got \(value.kindDescription)", at: value,
                        path: memberPath)
                    continue
                }
                for (mode, content) in sets {
                    // `{"dark": {"value": …}}`, or the value directly.
                    let modeValue = content.object != nil && content["value"] != nil ? content["value"]! : content
                    token.modes.append((mode, modeValue))
                }
            default:
                token.metadata.append((key, value))
            }
        }
        if let deprecatedComment, !deprecatedComment.isEmpty {
            if token.deprecation != nil {
                token.deprecation = Deprecation(reason: deprecatedComment)
            }
        }
        tokens.append(token)
    }
}
