import CatalogModel

/// The reader's last stage: once every token is settled, each is resolved in every context
/// and the problems sorted (a reference that may dangle kept unresolved, one to a token
/// already reported not said again), then the read either stands, refuses the tree with
/// every problem, or, keeping going, flags the tokens the problems are on.
///
/// A tree comes in whole (`theme add` without `--strict`): a theme whose files have
/// problems is imported with the tokens they are on flagged. Each is recorded with its
/// messages and its source as written, at the theme's root under
/// `$extensions["catalog.refused"]`, without a value, so that it is listed (`theme
/// problems`), counted (docs, `check`) and written back on export: nothing is dropped
/// without a word. Tokens whose aliases reach a flagged token are flagged in turn, saying
/// so. A problem on no token (a malformed resolver document) still stops the import.
struct TokenFlagging {
    /// The problems found so far; the resolution's are added.
    var problems: ReadProblems
    /// Where each token read was defined, in reading order.
    let definitions: [TokenDefinition]
    /// The token at each JSON path, by file, with its object as written (kept only by a
    /// read that keeps going).
    let tokenPlaces: [String: [String: (path: String, source: JSON)]]
    /// Tokens that could not be read: references to them report nothing more.
    let broken: Set<String>
    /// Tokens whose own value was reported: resolution does not report them again.
    let reportedValues: Set<String>
    /// The file a problem on no token is placed in.
    let rootFile: String
    /// Token objects of layers merged only in some modes, with those modes
    /// (``ThemeSources/Layering/modeBoundEntries()``): a problem in one is flagged there alone.
    var modeBound: [ThemeSources.EntryPlace: Set<ModeKey>] = [:]
    /// The records of tokens flagged in some modes only, found by the resolution.
    var recordsInModes: [JSON] = []

    /// `theme` as the read ends: with the tokens left unresolved listed at its root, and
    /// the warnings to say; keeping going, the tokens problems are on flagged and the
    /// problems said as warnings (unless no token could be read); else the problems thrown.
    /// `listedUnresolved`: tokens the catalog's own export lists as kept unresolved.
    mutating func finish(_ theme: Theme, listedUnresolved listed: Set<String>, keepGoing: Bool) throws -> (
        theme: Theme, warnings: [Diagnostic]
    ) {
        var theme = theme
        let dangling = Set(
            definitions.lazy.filter {
                $0.dialect.rules.keepsDanglingReferences || ($0.dialect == .catalog && listed.contains($0.path))
            }
            .map(\.path))
        let (kept, unresolved) = sortResolution(of: &theme, dangling: dangling, keepGoing: keepGoing)
        if !unresolved.isEmpty {
            theme.setRootExtension(Theme.unresolvedKey, .array(unresolved.sorted().map { .string($0) }))
        }
        if !recordsInModes.isEmpty { theme.setRootExtension(Theme.refusedKey, .array(recordsInModes)) }
        // A tree none of whose tokens can be read is refused whole: nothing would be published.
        if !problems.isEmpty, keepGoing,
            let reduced = keepingGoing(theme, places: firstDefinitions(), keepingDanglingFrom: dangling),
            !reduced.tokens.isEmpty
        {
            return (reduced, kept + problems.diagnostics)
        }
        guard problems.isEmpty else { throw DocumentError(inDocumentOrder: problems.diagnostics) }
        return (theme, kept)
    }

    /// Each path's first definition, by position in ``definitions``: built only to place a
    /// problem on its token (an index of every token, 6 MB at 100k tokens, that a read
    /// without problems never looks in).
    func firstDefinitions() -> [String: Int] {
        var index: [String: Int] = [:]
        for position in definitions.indices where index[definitions[position].path] == nil {
            index[definitions[position].path] = position
        }
        return index
    }

    /// Resolves every token in every context and sorts the problems: a reference from a
    /// token that may dangle (`dangling`) is kept unresolved with a warning, as Tokens
    /// Studio keeps it; one to a broken token or an already reported value is not said
    /// again; the rest are recorded on the token. A reference to a token that only some
    /// contexts define is a problem of the contexts that lack it: a read that keeps going
    /// keeps the token, with its values in the other contexts, unresolved in those (a
    /// problem in one context never removes a value from another). Returns the warnings and
    /// the tokens kept unresolved.
    private mutating func sortResolution(
        of theme: inout Theme, dangling: Set<String>, keepGoing: Bool
    ) -> (kept: [Diagnostic], unresolved: Set<String>) {
        var places: [String: Int]?
        // A diagnostic placed on the token at `path` (its first definition).
        func placed(_ path: String, _ message: String) -> Diagnostic {
            if places == nil { places = firstDefinitions() }
            let raw = places?[path].map { definitions[$0] }
            return Diagnostic(
                file: raw?.file ?? rootFile, location: raw?.location ?? SourceLocation(), path: raw?.jsonPath ?? "$",
                message: message)
        }
        var resolution = TokenResolver(theme: theme).problems()
        var kept: [Diagnostic] = []
        if keepGoing {
            (kept, recordsInModes) = flagInModes(
                referringToNothing: resolution, in: &theme, dangling: dangling, placed: placed)
            if !kept.isEmpty { resolution = TokenResolver(theme: theme).problems() }
        }
        let strict = Set(definitions.lazy.filter(\.dialect.rules.strict).map(\.path))
        if !strict.isEmpty {
            let types = Dictionary(theme.tokens.map { ($0.path, $0.type.rawValue) }) { first, _ in first }
            for token in theme.tokens where strict.contains(token.path) {
                for value in token.allValues {
                    resolution += StrictValue.aliasMismatches(
                        value, type: token.type.rawValue, from: token.path, types: types)
                }
            }
        }
        var unresolved: Set<String> = []
        var absentByContext: [String: [String]] = [:]
        for problem in resolution {
            if case .absent(let from, _, let context) = problem, keepGoing || dangling.contains(from) {
                // A theme whose set is missing leaves what refers to that set's tokens broken
                // there, as Tokens Studio shows it: kept, said once per context.
                unresolved.insert(from)
                absentByContext[context, default: []].append(from)
                continue
            }
            if case .missing(_, let target) = problem, broken.contains(target) { continue }
            if case .missing(let from, _) = problem, dangling.contains(from) {
                unresolved.insert(from)
                // Tokens Studio keeps a token whose reference names nothing (it shows it as
                // broken): imported unresolved, with a warning.
                kept.append(placed(from, problem.message + "; kept unresolved, as Tokens Studio keeps it"))
                continue
            }
            if case .invalidValue(let from, _) = problem, reportedValues.contains(from) { continue }
            problems.record(placed(problem.tokenPath, problem.message))
        }
        for (context, paths) in absentByContext.sorted(by: { $0.key < $1.key }) {
            let names = Array(Set(paths)).sorted()
            kept.append(
                Diagnostic(
                    file: rootFile,
                    message:
                        "in \(context), \(names.count == 1 ? "1 token refers" : "\(names.count) tokens refer") to tokens that do not exist there (\(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", …" : "")); kept, unresolved only there"
                ))
        }
        return (kept, unresolved)
    }

    /// Flags in those modes alone each token whose values in some modes refer to nothing
    /// while its default value does not (Figma SDS's `brand_b_light` naming `{…Brand B.800}`):
    /// the token keeps its other values, has none in those modes, and its record says where
    /// (``recordsInModes``); returns the warnings saying so and the records. A token that
    /// may dangle keeps its reference instead (Tokens Studio's rule).
    private func flagInModes(
        referringToNothing resolution: [ResolutionProblem], in theme: inout Theme, dangling: Set<String>,
        placed: (String, String) -> Diagnostic
    ) -> (warnings: [Diagnostic], records: [JSON]) {
        var index: [String: Int]?
        var warnings: [Diagnostic] = []
        var records: [JSON] = []
        for problem in resolution {
            guard case .missing(let from, let target) = problem, !dangling.contains(from), !broken.contains(target)
            else { continue }
            if index == nil {
                index = Dictionary(theme.tokens.indices.map { (theme.tokens[$0].path, $0) }) { first, _ in first }
            }
            guard let position = index?[from], let value = theme.tokens[position].value,
                !TokenResolver.references(in: value).contains(target)
            else { continue }
            var token = theme.tokens[position]
            let modes = token.modes.filter { entry in
                entry.value.map { TokenResolver.references(in: $0).contains(target) } == true
            }.map(\.key)
            guard !modes.isEmpty else { continue }
            Self.makeAbsent(&token, in: Set(modes))
            theme.tokens[position] = token
            let names = modes.map(\.description)
            let diagnostic = placed(from, problem.message + " (in \(names.joined(separator: ", ")) only)")
            warnings.append(diagnostic)
            records.append(
                Self.record(
                    path: from, problems: [diagnostic],
                    source: tokenPlaces[diagnostic.file]?[diagnostic.path ?? ""]?.source,
                    modes: names, refersToRefused: false))
        }
        return (warnings, records)
    }

    /// The token a diagnostic is placed on, with its object as written there: the token
    /// whose JSON path is the longest prefix of the diagnostic's, in the same file.
    func token(for diagnostic: Diagnostic) -> (path: String, source: JSON)? {
        guard let path = diagnostic.path else { return nil }
        guard let places = tokenPlaces[diagnostic.file] else { return nil }
        if let exact = places[path] { return exact }
        var cut = path.endIndex
        while let index = path[..<cut].lastIndex(where: { $0 == "." || $0 == "[" }) {
            if let found = places[String(path[..<index])] { return found }
            cut = index
        }
        return nil
    }

    /// The modes alone whose layers hold `object` (a token object as written) of `file`;
    /// empty when it is merged always (a problem there is every context's).
    func modes(of object: JSON, in file: String) -> Set<ModeKey> {
        modeBound.isEmpty ? [] : modeBound[ThemeSources.EntryPlace(file: file, location: object.location)] ?? []
    }

    /// `theme` without the tokens the problems found are on (and those that then cannot
    /// resolve), with the refusals recorded at its root; `nil` when a problem is on no token.
    /// Tokens in `dangling` may keep references to nothing (Tokens Studio's rule), but not
    /// to a token refused here.
    func keepingGoing(
        _ theme: Theme, places: [String: Int], keepingDanglingFrom dangling: Set<String>
    ) -> Theme? {
        var order: [String] = []
        var refused: [String: [Diagnostic]] = [:]
        var sources: [String: JSON] = [:]
        func refuse(_ path: String, _ diagnostic: Diagnostic, source: JSON?) {
            if refused[path] == nil {
                order.append(path)
                sources[path] = source
            }
            refused[path, default: []].append(diagnostic)
        }
        // A problem in an object of a layer merged only in some modes (a brand's set) is a
        // problem of those modes: the token keeps its values elsewhere, and has none there.
        var inModes: [String: (modes: Set<ModeKey>, problems: [Diagnostic], source: JSON)] = [:]
        for diagnostic in problems.diagnostics {
            guard let token = token(for: diagnostic) else { return nil }
            let modes = modes(of: token.source, in: diagnostic.file)
            if modes.isEmpty {
                refuse(token.path, diagnostic, source: token.source)
            } else {
                inModes[token.path, default: (modes, [], token.source)].problems.append(diagnostic)
                inModes[token.path]?.modes.formUnion(modes)
            }
        }
        var kept = theme
        var modeRecords: [JSON] = []
        if !inModes.isEmpty {
            for position in kept.tokens.indices {
                let path = kept.tokens[position].path
                guard refused[path] == nil, let flagged = inModes.removeValue(forKey: path) else { continue }
                var token = kept.tokens[position]
                Self.makeAbsent(&token, in: flagged.modes)
                guard token.value != nil || token.modes.contains(where: { $0.value != nil }) else {
                    // Defined only there: flagged whole, as before.
                    for diagnostic in flagged.problems { refuse(path, diagnostic, source: flagged.source) }
                    continue
                }
                kept.tokens[position] = token
                modeRecords.append(
                    Self.record(
                        path: path, problems: flagged.problems, source: flagged.source,
                        modes: flagged.modes.map(\.description).sorted(), refersToRefused: false))
            }
            // Paths no token kept (a token refused whole since): flagged whole.
            for (path, flagged) in inModes where refused[path] == nil {
                for diagnostic in flagged.problems { refuse(path, diagnostic, source: flagged.source) }
            }
        }
        let own = Set(order)
        kept.tokens.removeAll { refused[$0.path] != nil }
        // Tokens whose aliases led to a refused token: refused in turn, until every kept one
        // resolves. A pass refuses the tokens with a problem of their own (a reference to a
        // refused token is one) and every token left without a value that refers to a
        // refused one, up any chain: a chain of 20,000 tokens above a refused one is one
        // pass, not 20,000.
        var referrers: [String: [Int]]?
        var absentFrom: Set<String> = []
        while true {
            let (found, failed) = TokenResolver(theme: kept).problemsAndFailures()
            for problem in found { if case .absent(let from, _, _) = problem { absentFrom.insert(from) } }
            // What the first sort kept stays kept: a reference to a token absent from some
            // contexts (unresolved only there), and one to nothing from a token that may
            // dangle, unless what it refers to was refused since.
            let problems = found.filter { problem in
                switch problem {
                case .missing(let from, let target): return !dangling.contains(from) || refused[target] != nil
                case .absent: return false
                default: return true
                }
            }
            guard !problems.isEmpty else { break }
            var newly: [String] = []
            for problem in problems where refused[problem.tokenPath] == nil { newly.append(problem.tokenPath) }
            for problem in problems {
                var message = problem.message
                if case .missing(let from, let target) = problem, refused[target] != nil {
                    message = "\(from) refers to {\(target)}, which was refused"
                }
                let raw = places[problem.tokenPath].map { definitions[$0] }
                let jsonPath = raw?.jsonPath
                refuse(
                    problem.tokenPath,
                    Diagnostic(
                        file: raw?.file ?? rootFile, location: raw?.location, path: jsonPath, message: message),
                    source: raw.flatMap { tokenPlaces[$0.file]?[jsonPath ?? ""]?.source })
            }
            if referrers == nil { referrers = TokenResolver(theme: theme).referrers() }
            var pending = newly
            while let target = pending.popLast() {
                for position in referrers?[target] ?? [] {
                    let path = theme.tokens[position].path
                    guard refused[path] == nil, failed.contains(path) else { continue }
                    let raw = places[path].map { definitions[$0] }
                    refuse(
                        path,
                        Diagnostic(
                            file: raw?.file ?? rootFile, location: raw?.location, path: raw?.jsonPath,
                            message: "\(path) refers to {\(target)}, which was refused"),
                        source: raw.flatMap { tokenPlaces[$0.file]?[$0.jsonPath]?.source })
                    pending.append(path)
                }
            }
            kept.tokens.removeAll { refused[$0.path] != nil }
        }
        let records: [JSON] = order.map { path in
            Self.record(
                path: path, problems: refused[path] ?? [], source: sources[path], modes: [],
                refersToRefused: !own.contains(path))
        }
        kept.setRootExtension(Theme.refusedKey, .array(records + recordsInModes + modeRecords))
        // Tokens left without a value only where a token they reach is absent: kept,
        // unresolved there, and listed so.
        let dangling = absentFrom.subtracting(refused.keys)
        if !dangling.isEmpty {
            let listed = kept.danglingTokenPaths
            kept.setRootExtension(
                Theme.unresolvedKey, .array(Set(listed).union(dangling).sorted().map { .string($0) }))
        }
        return kept
    }

    /// `token` without a value where any of `modes` is chosen: their entries dropped and
    /// each given again as absent, last, so that no other mode's value stands in there.
    static func makeAbsent(_ token: inout Token, in modes: Set<ModeKey>) {
        token.modes.removeAll { modes.contains($0.key) }
        token.modes += modes.sorted { $0.description < $1.description }.map { ModeValue($0, nil) }
    }

    /// The record of a flagged token at the theme's root: where it is written, its
    /// problems, its object as written, and, flagged only in some modes, those modes.
    static func record(path: String, problems: [Diagnostic], source: JSON?, modes: [String], refersToRefused: Bool)
        -> JSON
    {
        var members: [(key: String, value: JSON)] = [("path", .string(path))]
        if let first = problems.first {
            members.append(("file", .string(first.file)))
            if let location = first.location, location.line > 0 {
                members.append(("line", .number(Double(location.line))))
                members.append(("column", .number(Double(location.column))))
            }
        }
        if !modes.isEmpty { members.append(("modes", .array(modes.map { .string($0) }))) }
        members.append(("problems", .array(problems.map { .string($0.detail) })))
        if refersToRefused { members.append(("refersToRefused", .bool(true))) }
        if let source { members.append(("source", source)) }
        return .object(members)
    }
}
