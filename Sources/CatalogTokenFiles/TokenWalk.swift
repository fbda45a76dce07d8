import CatalogModel
import Foundation

/// The reader's walk: the layered tree read into raw tokens. Group references and
/// `$extends` are expanded, every group and token walked depth first (the type and
/// deprecation a group's tokens inherit; its other properties kept as group data; each
/// token's value, type, tool data and per-mode values as written, in the DTCG shape or
/// the older one), theme-level data from outside the token files joined to the root, and
/// the modes' own layers read for the values they give (``LayerPlan``). Nothing is typed
/// or normalized here: that is ``TokenSettling``'s.
struct TokenWalk: ProblemRecording {
    /// What the walk found wrong so far.
    var problems = ReadProblems()
    /// What the read says once per file rather than once per token (``FileNote``).
    var fileNotes: [FileNote.Key: FileNote] = [:]
    /// The token at each JSON path, by file, and its object there, for placing a problem on
    /// its token: kept only when the import keeps going past problems (a map of every token,
    /// 15 MB at 100k tokens, that a read which stops at its first problems never looks in).
    var tokenPlaces: [String: [String: (path: String, source: JSON)]] = [:]
    /// Whether ``tokenPlaces`` is kept.
    let keepsTokenPlaces: Bool
    /// Group-level `$type`, `$deprecated`, `$description`, `$extensions` by group path (""
    /// for the root), in document order: kept verbatim and written back.
    var groupEntries: [(path: String, members: [(key: String, value: JSON)])] = []
    /// The tokens read.
    var tokens: [RawToken] = []
    /// The merged tree being read, for JSON Pointers.
    var root: TokenTree.Group
    /// Modes a vendor extension states plainly, read from each token's extension.
    var vendorModes: VendorModes?
    /// Where ``vendorModes`` are read: each token path by its vendor spelling
    /// (``VendorModes/spelling(_:)``), for references written with the vendor's names;
    /// and every token path, which a reference names as written first.
    var vendorSpellings: [String: String] = [:]
    var vendorPaths: Set<String> = []
    /// Paths of tokens whose own value was reported: resolution does not report them again.
    var reportedValues: Set<String> = []
    /// The token being read, for ``reportedValues``.
    var currentToken = ""
    /// The rules the token being read is held to.
    var currentDialect = TokenDialect.catalog

    init(root: TokenTree.Group, diagnostics: [Diagnostic] = [], keepsTokenPlaces: Bool) {
        self.root = root
        self.keepsTokenPlaces = keepsTokenPlaces
        for diagnostic in diagnostics { record(diagnostic) }
    }

    /// The raw tokens of `layering`'s tree, and what the walk found; `keepGoing`: a read
    /// that flags the tokens problems are on, and so keeps where each token is. The tree
    /// and the layers are let go as far as nothing later reads them again (only a JSON
    /// Pointer into a value, checked as tokens settle, reads the tree again).
    static func read(_ layering: inout ThemeSources.Layering, keepGoing: Bool) -> RawTokens {
        var walk = TokenWalk(root: layering.base(), diagnostics: layering.problems, keepsTokenPlaces: keepGoing)
        walk.readTree(&layering)
        if !walk.tokens.contains(where: \.mentionsPointer) {
            // Without a pointer, all but the root's own properties is let go, the layers' trees
            // too (at 100k tokens, the tree's groups and token objects were 29 MB).
            walk.root = walk.root.shell
            layering.layers = []
            layering.mergedBase = nil
        }
        return walk.finished()
    }

    /// What the walk hands on, its own state let go.
    consuming func finished() -> RawTokens {
        RawTokens(
            tokens: tokens, root: root, problems: problems, fileNotes: fileNotes, tokenPlaces: tokenPlaces,
            groupEntries: groupEntries, reportedValues: reportedValues)
    }

    /// Records a read token and where it is.
    mutating func append(_ token: RawToken) {
        if keepsTokenPlaces { tokenPlaces[token.file, default: [:]][token.jsonPath] = (token.path, token.source) }
        tokens.append(token)
    }

    /// Reads the merged tree: group references and `$extends` expanded, every group and
    /// token walked, theme-level data from outside the token files joined to the root's
    /// `$extensions`, and the later layers' mode values added.
    mutating func readTree(_ layering: inout ThemeSources.Layering) {
        var problems: [TokenTree.Problem] = []
        root = TokenTree.expandingExtensions(TokenTree.convertingGroupReferences(root, root: root), problems: &problems)
        for problem in problems {
            record(
                Diagnostic(file: problem.file, location: problem.location, path: problem.path, message: problem.message)
            )
        }
        tokens.reserveCapacity(root.tokenCount)  // not grown by doubling: a read token is 280 bytes
        if let vendor = layering.vendorModes {
            vendorModes = vendor
            vendorPaths = Set(TokenTree.tokenPaths(root, prefix: []))
            for path in vendorPaths { vendorSpellings[VendorModes.spelling(path)] = path }
        }
        var tree = root
        // A tree that no JSON Pointer reads again, and whose layers the modes' values are not
        // read from, is let go as it is walked, each token's object once read: the tree and
        // the tokens read from it were held together (at a million tokens, 710 MB resident
        // at the walk's end; 75 MB of a 100k-token theme with three dimensions of modes).
        let plan = Self.layerPlan(layering)
        let lettingGo = !(plan?.needsLayers ?? false) && !TokenTree.hasPointers(root)
        if lettingGo {
            root = root.shell
            layering.layers = []
            layering.mergedBase = nil
        }
        walk(
            &tree, path: [], jsonPath: JSONPath.root, inheritedType: nil, inheritedDeprecation: nil, isRoot: true,
            lettingGo: lettingGo)
        if !layering.rootExtensions.isEmpty {
            // Theme-level data from outside the token files (Tokens Studio's $themes, a resolver's
            // $extensions) joins the root's own $extensions.
            var root = groupEntries.first { $0.path.isEmpty }?.members ?? []
            groupEntries.removeAll { $0.path.isEmpty }
            for (key, value) in layering.rootExtensions {
                if let index = root.firstIndex(where: { $0.key == key }) {
                    root[index].value = Self.deepMerged(root[index].value, value)
                } else {
                    root.append((key, value))
                }
            }
            groupEntries.insert(("", root), at: 0)
        }
        if let plan { addLayerModes(plan, layering) }
    }

    // MARK: Walking groups and tokens

    static let groupProperties = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$ref"]
    static let rootProperties = groupProperties + ["$schema"]
    static let dtcgTokenProperties = ["$value", "$type", "$description", "$deprecated", "$extensions", "$ref"]

    /// Reads a group and, depth first, its members: its properties (the type and deprecation
    /// its tokens inherit; the rest kept as group data), then each child group and token.
    /// `lettingGo`: each member is taken out of `group` as it is read, so that what is read
    /// is freed (when nothing else holds the tree) while the rest is.
    mutating func walk(
        _ group: inout TokenTree.Group, path: [String], jsonPath: String, inheritedType: String?,
        inheritedDeprecation: Deprecation?, isRoot: Bool = false, lettingGo: Bool = false
    ) {
        let (groupType, groupDeprecation) = readGroupProperties(
            group, path: path, jsonPath: jsonPath, inheritedType: inheritedType,
            inheritedDeprecation: inheritedDeprecation, isRoot: isRoot)
        for name in group.names {
            let memberPath = JSONPath.member(jsonPath, name)
            guard let node = lettingGo ? group.children.removeValue(forKey: name) : group.children[name],
                nameIsValid(name, node: node, path: memberPath, dottedPath: (path + [name]).joined(separator: "."))
            else { continue }
            // Consumed, so that a group taken out is held by nothing else while it is walked.
            switch consume node {
            case .group(var child):
                if name == "$root" {
                    report(
                        "$root must be a token (an object with \"$value\")", at: JSON(.null, at: child.location),
                        path: memberPath, file: child.file)
                    continue
                }
                walk(
                    &child, path: path + [name], jsonPath: memberPath, inheritedType: groupType,
                    inheritedDeprecation: groupDeprecation, lettingGo: lettingGo)
            case .token(let written):
                let entry = written.parsed  // parsed once, for what reads it below
                if entry.object["$value"] != nil || entry.object["$ref"] != nil {
                    readDTCGToken(
                        entry, path: path + [name], jsonPath: memberPath, inheritedType: groupType,
                        inheritedDeprecation: groupDeprecation)
                } else {
                    readLegacyToken(
                        entry, path: path + [name], jsonPath: memberPath, inheritedType: groupType,
                        inheritedDeprecation: groupDeprecation)
                }
            }
        }
    }

    /// A group's own properties read: `$type` and `$deprecated` (returned, for its tokens to
    /// inherit), `$description` and `$extensions` checked and kept as group data with any
    /// note that is not a `$` property; an unknown `$` property is reported.
    private mutating func readGroupProperties(
        _ group: TokenTree.Group, path: [String], jsonPath: String, inheritedType: String?,
        inheritedDeprecation: Deprecation?, isRoot: Bool
    ) -> (type: String?, deprecation: Deprecation?) {
        var groupType = inheritedType
        var groupDeprecation = inheritedDeprecation
        var kept: [(key: String, value: JSON)] = []
        for (key, value) in group.properties {
            let memberPath = JSONPath.member(jsonPath, key)
            switch key {
            case "$type":
                if let text = value.string, !Self.isKnownType(text) {
                    // A type no format defines (Style Dictionary 4 trees' `component`, `font`):
                    // the tokens that inherit it are flagged, each saying so; the tree comes in.
                    groupType = Self.unknownGroupTypeMark + text + Self.unknownGroupTypeMark + memberPath
                } else {
                    groupType = checkedType(value, path: memberPath, file: group.file) ?? groupType
                }
                kept.append((key, value))
            case "$deprecated":
                if value.bool == false {
                    groupDeprecation = nil
                } else {
                    groupDeprecation = deprecation(value, path: memberPath, file: group.file) ?? groupDeprecation
                }
                kept.append((key, value))
            case "$description":
                if value.string == nil {
                    report(
                        "expected a string, got \(value.kindDescription)", at: value, path: memberPath, file: group.file
                    )
                }
                if !isRoot { kept.append((key, value)) }
            case "$extensions":
                guard let members = value.object else {
                    report(
                        "expected an object, got \(value.kindDescription)", at: value, path: memberPath,
                        file: group.file)
                    continue
                }
                // At the root, the catalog's own entries name the theme; the rest is kept.
                // (A previous import's record of refused tokens is theme data: kept.)
                let others =
                    isRoot
                    ? members.filter {
                        !$0.key.hasPrefix("catalog.") || $0.key == Theme.refusedKey || $0.key == Theme.unresolvedKey
                            || $0.key == Theme.unselectedSetsKey
                    } : members
                if !others.isEmpty { kept.append((key, JSON(.object(others), at: value.location))) }
            case "$schema" where isRoot:
                continue
            case _ where !key.hasPrefix("$"):
                kept.append((key, value))  // a Style Dictionary / Tokens Studio group note (`comment`): kept
            default:
                let allowed = isRoot ? Self.rootProperties : Self.groupProperties
                report(
                    "unknown property \"\(key)\" in a group\(ThemeReader.didYouMean(key, in: allowed + ["$value"]))",
                    at: value, path: memberPath, file: group.file)
            }
        }
        if !kept.isEmpty { groupEntries.append((path.joined(separator: "."), kept)) }
        return (groupType, groupDeprecation)
    }

    /// The first token at or below `node`, depth first: whose format decides a group's names.
    private static func firstEntry(in node: TokenTree.Node) -> TokenTree.Entry? {
        switch node {
        case .token(let entry): return entry
        case .group(let group):
            for name in group.names {
                if let found = group.children[name].flatMap(firstEntry(in:)) { return found }
            }
            return nil
        }
    }

    /// Whether a member's name is a valid token or group name (dots allowed where the
    /// format allows them: a group's by the format of the tokens it holds, as Style
    /// Dictionary reads `"size.icon": {"sm": …}` as one group name); an invalid one is reported.
    private mutating func nameIsValid(
        _ name: String, node: TokenTree.Node, path memberPath: String, dottedPath: @autoclosure () -> String
    ) -> Bool {
        guard name != "$root", let problem = NameRules.tokenNameProblem(name),
            !(NameRules.tokenNameProblem(name.replacingOccurrences(of: ".", with: "-")) == nil
                && Self.firstEntry(in: node)?.dialect.rules.allowsDotsInNames == true)
        else { return true }
        let location: SourceLocation
        let file: String
        switch node {
        case .group(let child): (location, file) = (child.location, child.file)
        case .token(let entry): (location, file) = (entry.location, entry.file)
        }
        if keepsTokenPlaces {
            // The token or group is flagged under its name as written, its source kept: the
            // rest of the tree comes in.
            let source: JSON
            switch node {
            case .group(let child): source = child.json
            case .token(let entry): source = entry.object
            }
            tokenPlaces[file, default: [:]][memberPath] = (dottedPath(), source)
        }
        report(
            "invalid token or group name \(NameRules.quoted(name)): \(problem)", at: JSON(.null, at: location),
            path: memberPath, file: file)
        return false
    }

    /// `base` with `other` merged in: objects member by member (recursively), anything else replaced.
    static func deepMerged(_ base: JSON, _ other: JSON) -> JSON {
        guard var members = base.object, let incoming = other.object else { return other }
        for (key, value) in incoming {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = deepMerged(members[index].value, value)
            } else {
                members.append((key, value))
            }
        }
        return JSON(.object(members), at: base.location)
    }

    /// Marks an inherited group type that no format defines: the mark, the type, the mark,
    /// the group's `$type` JSON path (never a type name: types have no control characters).
    static let unknownGroupTypeMark = "\u{1}"

    /// Whether `text` names a type some format defines.
    static func isKnownType(_ text: String) -> Bool {
        TokenValue.knownTypes.contains(text) || TokenValue.verbatimTypes.contains(text)
            || TokenValue.legacyTypes[text] != nil
    }

    /// A token that inherits a group type no format defines, and declares none of its own,
    /// is flagged: reported at its own path, saying where the type was declared. Read as
    /// Style Dictionary reads it, the group's type is the team's own name (Kong's `font`,
    /// `breakpoint`): its transforms match tokens by category and type, so no built-in one
    /// touches such a token and its value passes through; the token is typed as an untyped
    /// one is (by its path's category and its value), the group's `$type` kept as written.
    mutating func flagInheritedUnknownType(_ token: inout RawToken) {
        guard let type = token.declaredType, type.hasPrefix(Self.unknownGroupTypeMark) else { return }
        if token.dialect.rules.typesByPathCategory {
            token.declaredType = nil
            return
        }
        let parts = type.split(separator: Character(Self.unknownGroupTypeMark), omittingEmptySubsequences: true)
        let name = parts.first.map(String.init) ?? ""
        let declared = parts.count > 1 ? String(parts[1]) : ""
        let suggestion =
            Suggestion.closest(to: name, in: Array(TokenValue.knownTypes)).map {
                "; did you mean \"\($0)\"?"
            } ?? ""
        token.declaredType = nil
        token.unreadable = true
        report(
            "its group declares the type \"\(name)\" (\(declared)), which no token format defines; give the token a type of its own\(suggestion)",
            at: JSON(.null, at: token.location), path: token.jsonPath, file: token.file)
        reportedValues.insert(token.path)
    }

    mutating func checkedType(_ value: JSON, path: @autoclosure () -> String, file: String) -> String? {
        guard let text = value.string else {
            report("expected a type name, got \(value.kindDescription)", at: value, path: path(), file: file)
            return nil
        }
        if TokenValue.knownTypes.contains(text) || TokenValue.verbatimTypes.contains(text) { return text }
        // Figma's word for a variable whose type it does not map: its value is text, and
        // SDS's build writes it as such.
        if text == "unknown", vendorModes != nil { return "string" }
        if let mapped = TokenValue.legacyTypes[text] { return mapped }
        let candidates = Array(TokenValue.knownTypes) + Array(TokenValue.legacyTypes.keys)
        // A near miss is a typo; anything else is a type the team's own transforms define.
        let suggestion =
            Suggestion.closest(to: text, in: candidates).map { "; did you mean \"\($0)\"?" }
            ?? " (a type of the team's own build, which the catalog cannot read without its code)"
        report("unknown token type \"\(text)\"\(suggestion)", at: value, path: path(), file: file)
        return nil
    }

    mutating func deprecation(_ value: JSON, path: @autoclosure () -> String, file: String) -> Deprecation? {
        switch value.kind {
        case .bool(let flag): return flag ? Deprecation() : nil
        case .string(let reason): return Deprecation(reason: reason.isEmpty ? nil : reason)
        default:
            report(
                "expected true, false or a reason string, got \(value.kindDescription)", at: value, path: path(),
                file: file)
            return nil
        }
    }

    mutating func string(_ value: JSON, path: String, file: String) -> String? {
        guard let text = value.string else {
            report(
                "expected a string, got \(value.kindDescription) \(value.excerpt)", at: value, path: path, file: file)
            return nil
        }
        return text
    }

    static func successorPath(_ text: String) -> String {
        TokenValue.alias(in: text) ?? text
    }

    private mutating func readDTCGToken(
        _ entry: TokenTree.Entry, path: [String], jsonPath: String, inheritedType: String?,
        inheritedDeprecation: Deprecation?
    ) {
        let file = entry.file
        var token = RawToken(
            path: path.joined(separator: "."), file: file, jsonPath: jsonPath, isDTCG: true,
            declaredType: inheritedType, mayInferType: entry.dialect.rules.infersTypes, dialect: entry.dialect,
            location: entry.object.location)
        token.deprecation = inheritedDeprecation
        if keepsTokenPlaces { token.source = entry.object }
        currentToken = token.path
        currentDialect = entry.dialect
        for (key, value) in entry.object.object ?? [] {
            var memberPath: String { JSONPath.member(jsonPath, key) }
            switch key {
            case "$value":
                token.value = references(in: value, path: memberPath, file: file)
                token.hasValue = true
            case "$ref" where entry.object["$value"] == nil:
                token.value = reference(value, path: memberPath, file: file, wholeToken: true)
                token.hasValue = true
                token.unreadable = token.value == .null
            case "$ref":
                report(
                    "a token has both $value and $ref; give its value one way", at: value, path: memberPath,
                    file: file)
            case "$type": token.declaredType = checkedType(value, path: memberPath, file: file) ?? token.declaredType
            case "$description": token.description = string(value, path: memberPath, file: file)
            case "$deprecated": token.deprecation = deprecation(value, path: memberPath, file: file)
            case "$extensions":
                readExtensions(value, into: &token, path: memberPath)
            default:
                if key.hasPrefix("$") {
                    report(
                        "unknown property \"\(key)\" in a token\(ThemeReader.didYouMean(key, in: Self.dtcgTokenProperties))",
                        at: value, path: memberPath, file: file)
                } else if let inner = Self.nestedToken(in: value, path: key) {
                    report(
                        "a token cannot contain the token \"\(inner)\" (an object with \"$value\" is a token, not a group)",
                        at: value, path: memberPath, file: file)
                } else if entry.dialect.rules.strict {
                    report(
                        "unknown property \"\(key)\" in a token: DTCG 2025.10 allows only $value, $type, $description, $deprecated, $extensions and $ref; put tool data under $extensions",
                        at: value, path: memberPath, file: file)
                } else {
                    token.metadata.append((key, value))  // tool data outside $extensions: kept verbatim
                }
            }
        }
        flagInheritedUnknownType(&token)
        if entry.dialect.rules.strict, let type = token.declaredType, let known = TokenType(rawValue: type),
            !known.isDTCG,
            entry.object["$extensions"]?["catalog.type"] == nil
        {
            report(
                "DTCG 2025.10 has no type \"\(type)\" (its types: color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography)",
                at: entry.object["$type"] ?? entry.object, path: JSONPath.member(jsonPath, "$type"), file: file)
            reportedValues.insert(token.path)
        }
        append(token)
    }

    /// The dotted path below a token's member `value` (named `path`) of the first object
    /// with `$value`, at any depth: a token inside a token, which would otherwise vanish
    /// into the outer token's metadata.
    static func nestedToken(in value: JSON, path: String, depth: Int = 0) -> String? {
        guard depth < 64, let members = value.object else { return nil }
        if value["$value"] != nil { return path }
        for (key, member) in members where !key.hasPrefix("$") {
            if let found = nestedToken(in: member, path: path + "." + key, depth: depth + 1) { return found }
        }
        return nil
    }
}

/// What the walk hands on to ``TokenSettling``: the tokens as read and what was found.
struct RawTokens {
    /// The tokens read, in reading order (the layered modes' values joined to them).
    var tokens: [RawToken]
    /// The tree's root: only its own properties, unless a JSON Pointer reads the tree again.
    var root: TokenTree.Group
    var problems: ReadProblems
    var fileNotes: [FileNote.Key: FileNote]
    var tokenPlaces: [String: [String: (path: String, source: JSON)]]
    var groupEntries: [(path: String, members: [(key: String, value: JSON)])]
    var reportedValues: Set<String>
}
