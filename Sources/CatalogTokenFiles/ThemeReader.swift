import CatalogModel
import Foundation

/// Reads one theme version from token sources: W3C Design Tokens (DTCG 2025.10, with
/// `$ref`, `$extends` and `$root`), the older `value`/`type` shape of Style Dictionary,
/// Spectrum and Tokens Studio, DTCG resolver documents and Tokens Studio folders (see
/// ``ThemeInput`` and ``ThemeSources``). Several sources merge into one tree first, as
/// the resolver module merges sets; values that vary by mode become the token's modes.
///
/// Every problem is collected and thrown together as a ``DocumentError``, each placed at
/// `file:line:column` with its JSON path: malformed values, unknown types and
/// `$`-properties, undeclared modes, and every unresolved, cyclic or mistyped alias. A
/// token that cannot be read is left out of alias checking, so one failure does not
/// cascade into errors about tokens that refer to it.
public struct ThemeReader {
    /// What the file says about itself and what the command line overrides.
    public struct Naming: Sendable {
        /// `--name`, else `$extensions["catalog.theme"].name`, else the file's stem.
        public var name: String?
        /// `--version`, else `$extensions["catalog.theme"].version`.
        public var version: Semver?
        /// The name to use when neither the option nor the file gives one.
        public var fallbackName: String?
        /// The version to use when neither the option nor the file gives one and the theme
        /// is not in ``nextVersions`` (`theme add`: 1.0.0, a new theme's); `nil` makes it an error.
        public var fallbackVersion: Semver?
        /// The next patch of each theme a catalog holds, by name: the version a theme gets
        /// when neither the option nor the file gives one, once its name is decided
        /// (whether the option, the file's `catalog.theme`, a resolver or the file name gives it).
        public var nextVersions: [String: Semver]

        /// Naming overrides.
        public init(
            name: String? = nil, version: Semver? = nil, fallbackName: String? = nil, fallbackVersion: Semver? = nil,
            nextVersions: [String: Semver] = [:]
        ) {
            self.name = name
            self.version = version
            self.fallbackName = fallbackName
            self.fallbackVersion = fallbackVersion
            self.nextVersions = nextVersions
        }

        /// A file's name as the default theme name: without folders and JSON suffixes
        /// (`tokens/brand.tokens.json` → `brand`); none for standard input (`-`).
        public static func stem(of file: String) -> String? {
            guard file != "-" else { return nil }
            var stem = String(file.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
            for suffix in [".json", ".tokens", ".style", ".spec"] where stem.hasSuffix(suffix) {
                stem = String(stem.dropLast(suffix.count))
            }
            return stem
        }
    }

    /// What the read found wrong so far, each said once (``ReadProblems``).
    var problems = ReadProblems()
    /// What the import goes on with but says (a color modifier on a token that is no color).
    var warnings: [Diagnostic] = []
    /// Whether the version is ``Naming/fallbackVersion`` (neither option nor file gave one).
    var versionDefaulted = false
    /// What the read says once per file rather than once per token, by kind and file: how
    /// many tokens, which members or keys, and the first place (``FileNote``).
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
    /// The tokens read, until they are settled.
    var tokens: [RawToken] = []
    /// Where each token read was defined, in reading order, once they are settled.
    var definitions: [Definition] = []
    /// The merged tree being read, for JSON Pointers.
    var root: TokenTree.Group
    /// Modes a vendor extension states plainly, read from each token's extension.
    var vendorModes: VendorModes?
    /// Where ``vendorModes`` are read: each token path by its vendor spelling
    /// (``VendorModes/spelling(_:)``), for references written with the vendor's names;
    /// and every token path, which a reference names as written first.
    var vendorSpellings: [String: String] = [:]
    var vendorPaths: Set<String> = []
    /// Paths of tokens that could not be read: references to them report nothing more.
    var broken: Set<String> = []
    /// Paths of tokens whose own value was reported: resolution does not report them again.
    var reportedValues: Set<String> = []
    /// The token being read or settled, for ``reportedValues``.
    var currentToken = ""
    /// The rules the token being read is held to.
    var currentDialect = TokenDialect.catalog
    /// The type at the end of each untyped token's alias chain, once found (by path, and by
    /// whether expressions count as references there).
    var chainTypes: [ChainKey: String] = [:]
    /// A token reached through a chain of aliases, and whether the chain reads expressions.
    struct ChainKey: Hashable {
        var path: String
        var math: Bool
    }

    /// Reads and validates a theme from one DTCG or older-shape file; `file` names it in errors.
    public static func read(_ data: Data, file: String, naming: Naming = Naming()) throws -> Theme {
        try read(ThemeInput(sources: [.init(file: file, data: data)], naming: naming)).theme
    }

    /// Reads and validates a theme from `input`, detecting its format.
    ///
    /// A read that keeps going past per-token problems is first tried as a strict one: a
    /// clean tree (the common case, and every large one measured) then never holds each
    /// token's source object for a refusal record; only a tree with problems is read again
    /// keeping them.
    public static func read(_ input: ThemeInput) throws -> ThemeImport {
        do {
            return try read(input, keepGoing: false)
        } catch is DocumentError where input.keepGoing {
            return try read(input, keepGoing: true)
        }
    }

    private static func read(_ input: ThemeInput, keepGoing: Bool) throws -> ThemeImport {
        let layering = try ThemeSources.layering(input)
        var reader = ThemeReader(
            root: layering.base(), diagnostics: layering.problems, keepsTokenPlaces: keepGoing)
        return try reader.read(consume layering, naming: input.naming, keepGoing: keepGoing)
    }

    /// Records a read token and where it is.
    mutating func append(_ token: RawToken) {
        if keepsTokenPlaces { tokenPlaces[token.file, default: [:]][token.jsonPath] = (token.path, token.source) }
        tokens.append(token)
    }

    init(root: TokenTree.Group, diagnostics: [Diagnostic] = [], keepsTokenPlaces: Bool) {
        self.root = root
        self.keepsTokenPlaces = keepsTokenPlaces
        for diagnostic in diagnostics { record(diagnostic) }
    }

    mutating func record(_ diagnostic: Diagnostic) { problems.record(diagnostic) }

    mutating func report(_ message: String, at value: JSON, path: @autoclosure () -> String, file: String) {
        record(Diagnostic(file: file, location: value.location, path: path(), message: message))
    }

    private mutating func read(_ layering: consuming ThemeSources.Layering, naming: Naming, keepGoing: Bool) throws
        -> ThemeImport
    {
        readTree(&layering)
        if !tokens.contains(where: \.mentionsPointer) {
            // Only a JSON Pointer into a value (checked as tokens settle) reads the tree again:
            // without one, all but the root's own properties is let go, the layers' trees too
            // (at 100k tokens, the tree's groups and token objects were 29 MB).
            root = root.shell
            layering.layers = []
            layering.mergedBase = nil
        }
        let rootFile = root.file
        let dimensions =
            layering.declaredDimensions
            ?? settleDimensions(declared: root.property("$extensions")?["catalog.dimensions"], file: rootFile)
        for dimension in dimensions where dimension.name.isEmpty || dimension.name.contains("=") {
            // `dimension=mode` names a mode on the command line and in the catalog's files.
            record(
                Diagnostic(
                    file: rootFile, location: root.location,
                    message: "dimension name \(NameRules.quoted(dimension.name)) is empty or has \"=\"; rename it"))
        }
        let settled = settleTokens(dimensions: dimensions)
        warnings += fileNotes.sorted { ($0.key.file, $0.key.kind) < ($1.key.file, $1.key.kind) }.map(\.value.warning)
        let identity = themeIdentity(layering, naming: naming)
        let theme = Theme(
            name: identity.name, version: identity.version ?? Semver(0, 0, 0), description: identity.description,
            dimensions: dimensions, tokens: settled, groups: groupEntries)
        // Tokens whose references may name nothing: Tokens Studio's, and those the catalog's
        // own export lists as kept so.
        let listed = Set(
            (root.property("$extensions")?[Theme.unresolvedKey]?.array ?? []).compactMap(\.string))
        var flagging = TokenFlagging(
            problems: problems, definitions: definitions, tokenPlaces: tokenPlaces, broken: broken,
            reportedValues: reportedValues, rootFile: root.file)
        let (flagged, said) = try flagging.finish(theme, listedUnresolved: listed, keepGoing: keepGoing)
        return ThemeImport(
            theme: flagged, format: layering.format, fileCount: layering.fileCount,
            warnings: layering.warnings + warnings + said, versionDefaulted: versionDefaulted, signs: layering.signs)
    }

    /// Reads the merged tree: group references and `$extends` expanded, every group and
    /// token walked, theme-level data from outside the token files joined to the root's
    /// `$extensions`, and the later layers' mode values added.
    private mutating func readTree(_ layering: inout ThemeSources.Layering) {
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

    /// The theme's name, version and description: the command line's, else the file's
    /// (`$extensions["catalog.theme"]`, a resolver's), else the file name; a missing or
    /// invalid name or version is reported.
    private mutating func themeIdentity(_ layering: ThemeSources.Layering, naming: Naming) -> (
        name: String, version: Semver?, description: String?
    ) {
        let rootFile = root.file
        let catalogTheme = root.property("$extensions")?["catalog.theme"]
        let description =
            root.property("$description")?.string ?? catalogTheme?["description"]?.string ?? layering.description
        let name = NameRules.canonical(
            naming.name ?? catalogTheme?["name"]?.string ?? layering.name ?? naming.fallbackName ?? "")
        var version = naming.version
        if version == nil, let declared = catalogTheme?["version"] {
            version = declared.string.flatMap(Semver.init)
            if version == nil {
                report(
                    "\(declared.excerpt) is not a semantic version (MAJOR.MINOR.PATCH)", at: declared,
                    path: "$[\"$extensions\"][\"catalog.theme\"].version", file: rootFile)
            }
        } else if version == nil, let fallback = naming.nextVersions[name] ?? naming.fallbackVersion {
            version = fallback
            versionDefaulted = true
        } else if version == nil {
            record(
                Diagnostic(
                    file: rootFile, location: root.location,
                    message:
                        "the file gives no version; pass --version X.Y.Z or set $extensions[\"catalog.theme\"].version")
            )
        }
        if name.isEmpty {
            record(
                Diagnostic(
                    file: rootFile, location: root.location, message: "the file gives no theme name; pass --name NAME"))
        } else if let problem = NameRules.problem(with: name) {
            record(
                Diagnostic(
                    file: rootFile, location: root.location,
                    message: "invalid theme name \(NameRules.quoted(name)): \(problem)"))
        }
        return (name, version, description?.isEmpty == true ? nil : description)
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
                    "unknown property \"\(key)\" in a group\(Self.didYouMean(key, in: allowed + ["$value"]))",
                    at: value, path: memberPath, file: group.file)
            }
        }
        if !kept.isEmpty { groupEntries.append((path.joined(separator: "."), kept)) }
        return (groupType, groupDeprecation)
    }

    /// Whether a member's name is a valid token or group name (dots allowed where the
    /// format allows them); an invalid one is reported.
    private mutating func nameIsValid(
        _ name: String, node: TokenTree.Node, path memberPath: String, dottedPath: @autoclosure () -> String
    ) -> Bool {
        var dotted = false
        if case .token(let entry) = node, entry.dialect.rules.allowsDotsInNames { dotted = true }
        guard name != "$root", let problem = NameRules.tokenNameProblem(name),
            !(dotted && NameRules.tokenNameProblem(name.replacingOccurrences(of: ".", with: "-")) == nil)
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

    static func didYouMean(_ key: String, in candidates: [String]) -> String {
        Suggestion.closest(to: key, in: candidates).map { "; did you mean \"\($0)\"?" }
            ?? "; expected one of \(candidates.joined(separator: ", "))"
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
    /// is flagged: reported at its own path, saying where the type was declared.
    mutating func flagInheritedUnknownType(_ token: inout RawToken) {
        guard let type = token.declaredType, type.hasPrefix(Self.unknownGroupTypeMark) else { return }
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
                        "unknown property \"\(key)\" in a token\(Self.didYouMean(key, in: Self.dtcgTokenProperties))",
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

    mutating func readExtensions(_ value: JSON, into token: inout RawToken, path: String) {
        let file = token.file
        guard let extensions = value.object else {
            report("expected an object, got \(value.kindDescription)", at: value, path: path, file: file)
            return
        }
        for (name, content) in extensions {
            let extensionPath = JSONPath.member(path, name)
            switch name {
            case "catalog.modes":
                guard let modes = content.object else {
                    report(
                        "expected an object mapping mode names to values, got \(content.kindDescription)",
                        at: content, path: extensionPath, file: file)
                    continue
                }
                token.modes += modes.map {
                    (mode: $0.key, value: references(in: $0.value, path: extensionPath, file: file))
                }
            case Theme.absentByDefaultKey:
                guard content.bool == true else {
                    report("expected true, got \(content.excerpt)", at: content, path: extensionPath, file: file)
                    continue
                }
                token.defaultAbsent = true
            case "catalog.id": token.id = string(content, path: extensionPath, file: file)
            case "catalog.type":
                // A type DTCG does not have (`string`, `boolean`), as the catalog writes it.
                token.declaredType = checkedType(content, path: extensionPath, file: file) ?? token.declaredType
            case Token.modeExtensionsKey:
                guard let modes = content.object else {
                    report(
                        "expected an object mapping modes to $extensions", at: content, path: extensionPath, file: file)
                    continue
                }
                token.modeExtensions += modes.map { (mode: $0.key, value: $0.value) }
            case "catalog.dynamicType":
                // Whether generated code scales a typography token with Dynamic Type (kept as given).
                guard content.bool != nil else {
                    report(
                        "expected true or false, got \(content.excerpt)", at: content, path: extensionPath, file: file)
                    continue
                }
                token.extensions.append((name, content))
            case "catalog.replacedBy":
                token.replacedBy = string(content, path: extensionPath, file: file).map(Self.successorPath)
            case "catalog.metadata":
                guard let members = content.object else {
                    report(
                        "expected an object, got \(content.kindDescription)", at: content, path: extensionPath,
                        file: file)
                    continue
                }
                token.metadata += members
            case "studio.tokens":
                if let modify = content["modify"] {
                    if let problem = ColorModifier.problem(with: modify) {
                        report(problem, at: modify, path: JSONPath.member(extensionPath, "modify"), file: file)
                        reportedValues.insert(token.path)
                    }
                }
                token.extensions.append((name, content))
            case vendorModes?.key:
                // Per-mode values a vendor states plainly (Figma's Simple Design System).
                token.modes += vendorModes!.modeValues(of: content, tokenPath: token.path).map {
                    (mode: $0.mode, value: references(in: $0.value, path: extensionPath, file: file))
                }
                token.extensions.append((name, content))
            default:
                if !name.hasPrefix("catalog."),
                    name.lowercased().hasSuffix("modes") || content["modes"]?.object != nil
                        || content["valuesByMode"] != nil
                {
                    // Another tool's per-mode values: kept verbatim, and said (the catalog reads
                    // modes from files, sets, resolver contexts and catalog.modes).
                    FileNote.add(.vendorModes, [name], place: content, path: extensionPath, file: file, to: &fileNotes)
                }
                token.extensions.append((name, content))
            }
        }
    }
}

/// A remark about many tokens of one file, said once for the file.
struct FileNote {
    /// What the note is about.
    enum Kind: Int, Comparable {
        /// Color values read without members a color does not have.
        case ignoredColorMembers
        /// Per-mode values in another tool's `$extensions`, kept but not read as modes.
        case vendorModes

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// A note's file and kind.
    struct Key: Hashable {
        var file: String
        var kind: Kind
    }

    var kind: Kind
    var count: Int
    var names: Set<String>
    var first: Diagnostic

    /// Counts one token's `names` in the note of `kind` for `file`.
    static func add(
        _ kind: Kind, _ names: some Sequence<String>, place: JSON, path: String, file: String,
        to notes: inout [Key: FileNote]
    ) {
        let key = Key(file: file, kind: kind)
        if notes[key] == nil {
            notes[key] = FileNote(
                kind: kind, count: 0, names: [],
                first: Diagnostic(file: file, location: place.location, path: path, message: ""))
        }
        notes[key]!.count += 1
        notes[key]!.names.formUnion(names)
    }

    /// The warning said for the file.
    var warning: Diagnostic {
        let quoted = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        let tokens = count == 1 ? "a token" : "\(count) tokens"
        var warning = first
        switch kind {
        case .ignoredColorMembers:
            warning.message =
                "\(count == 1 ? "a color value carries" : "\(count) color values carry") \(quoted), which a color does not have (DTCG's Color module: colorSpace, components, alpha, 6-digit hex); read without \(names.count == 1 ? "it" : "them")"
        case .vendorModes:
            warning.message =
                "\(tokens) carry per-mode values in $extensions \(quoted), which the catalog keeps as written but does not read as modes (it reads modes from mode files, Tokens Studio themes, resolver contexts and $extensions[\"catalog.modes\"])"
        }
        if count > 1 { warning.message += "; the first is here" }
        return warning
    }
}
