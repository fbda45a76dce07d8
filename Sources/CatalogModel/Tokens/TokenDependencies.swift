extension TokenResolver {
    /// The paths `token` can refer to, in any mode: whole-value aliases, aliases inside
    /// composites and expressions (every `{…}` in any string), `$ref` pointers, and
    /// anything its extensions name (a Tokens Studio color modifier). A superset of what
    /// resolving the token visits directly, whatever the mode; a name that is no token is
    /// kept, since a token published there later changes the referrer's resolution.
    public static func references(of token: Token) -> Set<String> {
        var found: Set<String> = []
        if let value = token.value { collect(value, into: &found) }
        for entry in token.modes { if let value = entry.value { collect(value, into: &found) } }
        for member in token.extensions { collect(member.value, into: &found) }
        return found
    }

    /// The paths a value as written can refer to, by the rules of ``references(of:)``:
    /// for a token not read yet (a republication by difference reads what this names).
    public static func references(in value: JSON) -> Set<String> {
        var found: Set<String> = []
        collect(value, into: &found)
        return found
    }

    private static func collect(_ value: JSON, into found: inout Set<String>) {
        switch value.kind {
        case .string(let text):
            guard text.utf8.contains(UInt8(ascii: "{")) else { return }
            if let alias = TokenValue.alias(in: text) {
                found.insert(alias)
                return
            }
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{") {
                let after = rest.index(after: open)
                guard let close = rest[after...].firstIndex(of: "}") else { return }
                let inner = rest[after..<close]
                if let nested = inner.lastIndex(of: "{") {
                    rest = rest[nested...]
                    continue
                }
                if !inner.isEmpty { found.insert(NameForm.normalized(String(inner))) }
                rest = rest[rest.index(after: close)...]
            }
        case .object(let members):
            if let pointer = TokenValue.pointer(in: value), let segments = JSONPointer.segments(pointer) {
                found.insert(
                    NameForm.normalized(
                        segments[..<(segments.firstIndex(of: "$value") ?? segments.endIndex)].joined(separator: ".")))
            }
            for member in members { collect(member.value, into: &found) }
        case .array(let elements):
            for element in elements { collect(element, into: &found) }
        default:
            return
        }
    }

    /// `paths` and every token whose resolved value, in any mode, can depend on a token
    /// at one of them (referring to it directly or through a chain): what must be resolved
    /// again when the tokens at `paths` change, appear or vanish. Unrelated tokens are not
    /// resolved, so the cost follows the change and what reaches it.
    public func dependents(of paths: Set<String>) -> Set<String> {
        guard !paths.isEmpty else { return [] }
        return dependents(of: paths, referrers: referrers())
    }

    /// ``dependents(of:)`` with ``referrers()`` computed already.
    package func dependents(of paths: Set<String>, referrers: [String: [Int]]) -> Set<String> {
        var reached = paths
        var queue = Array(paths)
        while let path = queue.popLast() {
            for position in referrers[path] ?? [] {
                let referrer = theme.tokens[position].path
                if reached.insert(referrer).inserted { queue.append(referrer) }
            }
        }
        return reached
    }

    /// The tokens that refer to each path (by position in the theme), in any mode.
    package func referrers() -> [String: [Int]] {
        var referrers: [String: [Int]] = [:]
        for position in theme.tokens.indices {
            for target in Self.references(of: theme.tokens[position]) {
                referrers[target, default: []].append(position)
            }
        }
        return referrers
    }

    /// The tokens (positions, ascending) whose resolved value in `context` can differ from
    /// the one in the defaults: those with a value of their own for a mode that one of the
    /// two chooses and the other does not, those with no default value (they exist only in
    /// some modes), and every token referring to one of them, directly or through a chain.
    /// Any other token resolves in `context` exactly as in the defaults, with the same
    /// problems, so a pass over every mode need visit only these. `referrers` is
    /// ``referrers()``, computed once for all contexts.
    package func differingFromDefaults(in context: ModeContext, referrers: [String: [Int]]) -> [Int] {
        let changed = context.chosen(in: theme).symmetricDifference(ModeContext().chosen(in: theme))
        var reached = [Bool](repeating: false, count: theme.tokens.count)
        var queue: [Int] = []
        for position in theme.tokens.indices
        where theme.tokens[position].value == nil
            || theme.tokens[position].modes.contains(where: { changed.contains($0.key) })
        {
            reached[position] = true
            queue.append(position)
        }
        while let position = queue.popLast() {
            for referrer in referrers[theme.tokens[position].path] ?? [] where !reached[referrer] {
                reached[referrer] = true
                queue.append(referrer)
            }
        }
        return reached.indices.filter { reached[$0] }
    }

    /// For each mode of the theme (``Theme/modeKeys``, in order), the tokens whose resolution
    /// there can differ from the defaults' (``differingFromDefaults(in:referrers:)``): what a
    /// pass over every mode visits after the defaults. `referrers` is ``referrers()``, when
    /// the caller has it already; it is computed only for a theme with modes.
    package func differingByMode(referrers: [String: [Int]]? = nil) -> [(key: ModeKey, positions: [Int])] {
        let keys = theme.modeKeys
        guard !keys.isEmpty else { return [] }
        let referrers = referrers ?? self.referrers()
        return keys.map { ($0, differingFromDefaults(in: ModeContext($0), referrers: referrers)) }
    }

    /// The resolved values of the tokens at `paths` in `context` (tokens whose resolution
    /// fails, and paths that are no token, are left out), resolving only what they reach.
    public func resolve(_ paths: some Sequence<String>, in context: ModeContext) -> [String: JSON] {
        var run = Run(resolver: self, context: context)
        var values: [String: JSON] = [:]
        for path in paths {
            if let position = index[path], let value = run.visit(position) { values[path] = value }
        }
        return values
    }
}
