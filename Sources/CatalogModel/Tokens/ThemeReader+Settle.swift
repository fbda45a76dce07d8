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
    mutating func settleDimensions(declared: JSON?) -> [ModeDimension] {
        let declarationPath = "$[\"$extensions\"][\"catalog.dimensions\"]"
        if let declared {
            guard let members = declared.object else {
                report(
                    "expected an object mapping dimension names to lists of modes", at: declared, path: declarationPath)
                return []
            }
            var dimensions: [ModeDimension] = []
            var owner: [String: String] = [:]
            for (name, value) in members {
                let path = JSONPath.member(declarationPath, name)
                var modes: [String] = []
                var defaultMode: String?
                if let list = value.array {
                    modes = list.compactMap(\.string)
                    if modes.count != list.count { report("expected a list of mode names", at: value, path: path) }
                } else if let object = value.object, let list = value["modes"]?.array {
                    modes = list.compactMap(\.string)
                    defaultMode = value["default"]?.string
                    for (key, member) in object where key != "modes" && key != "default" {
                        report(
                            "unknown field \"\(key)\" (expected modes, default)", at: member,
                            path: JSONPath.member(path, key))
                    }
                } else {
                    report("expected a list of mode names or {\"modes\": […], \"default\": …}", at: value, path: path)
                    continue
                }
                if modes.isEmpty { report("a dimension needs at least one mode", at: value, path: path) }
                if let defaultMode, !modes.contains(defaultMode) {
                    report(
                        "default mode \"\(defaultMode)\" is not one of \(modes.joined(separator: ", "))", at: value,
                        path: path)
                }
                for mode in modes {
                    if let other = owner[mode] {
                        report(
                            "mode \"\(mode)\" is in both \(other) and \(name); mode names must be unique", at: value,
                            path: path)
                    }
                    owner[mode] = name
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

    /// Settles each token's type (declared, inherited, from its alias target, or
    /// inferred), its dimension, and normalizes its values.
    mutating func settleTokens(dimensions: [ModeDimension]) -> [Token] {
        var owner: [String: String] = [:]
        for dimension in dimensions {
            for mode in dimension.modes { owner[mode] = dimension.name }
        }
        var index: [String: Int] = [:]
        for (position, token) in tokens.enumerated() {
            if let first = index[token.path] {
                report(
                    "token \(token.path) is defined twice (first at line \(tokens[first].location.line))",
                    at: JSON(.null, at: token.location), path: token.jsonPath)
            } else {
                index[token.path] = position
            }
        }
        var settled: [Token] = []
        settled.reserveCapacity(tokens.count)
        for raw in tokens {
            let valuePath = JSONPath.member(raw.jsonPath, raw.valueKey)
            guard
                let type = raw.declaredType ?? Self.typeFromAliases(raw, tokens: tokens, index: index)
                    ?? TokenValue.inferType(of: raw.value)
            else {
                report("cannot tell the type of token \(raw.path); add \"$type\"", at: raw.value, path: valuePath)
                continue
            }
            let value = normalized(raw.value, type: type, path: valuePath)
            var modes: [String: JSON] = [:]
            var dimension: String?
            for (mode, modeValue) in raw.modes {
                let modePath = JSONPath.member(raw.modesPath, mode)
                guard let modeDimension = owner[mode] else {
                    let known = owner.keys.sorted().joined(separator: ", ")
                    report(
                        "mode \"\(mode)\" is not declared in catalog.dimensions (declared: \(known.isEmpty ? "none" : known))",
                        at: modeValue, path: modePath)
                    continue
                }
                if let dimension, dimension != modeDimension {
                    report(
                        "token \(raw.path) varies along two dimensions (\(dimension) and \(modeDimension)); a token may vary along one",
                        at: modeValue, path: modePath)
                }
                dimension = dimension ?? modeDimension
                modes[mode] = normalized(modeValue, type: type, path: modePath)
            }
            settled.append(
                Token(
                    path: raw.path, type: type, description: raw.description, deprecation: raw.deprecation, id: raw.id,
                    replacedBy: raw.replacedBy, value: value, modes: modes, dimension: dimension,
                    extensions: raw.extensions, metadata: raw.metadata, location: raw.location))
        }
        var ids: [String: String] = [:]
        for token in settled {
            guard let id = token.id else { continue }
            if let other = ids[id] {
                report(
                    "tokens \(other) and \(token.path) share the stable id \"\(id)\"",
                    at: JSON(.null, at: token.location), path: "$")
            }
            ids[id] = token.path
        }
        return settled
    }

    private mutating func normalized(_ value: JSON, type: String, path: String) -> JSON {
        switch TokenValue.normalize(value, as: type) {
        case .success(let normalized):
            return normalized
        case .failure(let error):
            report("\(error.message), got \(error.value.excerpt)", at: value, path: path)
            return value
        }
    }

    /// The declared or inferred type at the end of an alias chain, if the chain ends.
    private static func typeFromAliases(_ token: RawToken, tokens: [RawToken], index: [String: Int]) -> String? {
        var current = token
        var seen: Set<String> = [token.path]
        while let target = TokenValue.alias(in: current.value), let position = index[target] {
            let next = tokens[position]
            if let type = next.declaredType { return type }
            guard seen.insert(next.path).inserted else { return nil }
            current = next
        }
        return TokenValue.alias(in: current.value) == nil ? TokenValue.inferType(of: current.value) : nil
    }
}
