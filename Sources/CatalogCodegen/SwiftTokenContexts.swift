import CatalogModel

/// A theme's tokens resolved in every context the generated package can be asked for: the
/// defaults, each single mode (every other dimension at its default), and each combination
/// of two or more non-default modes of the dimensions a token depends on, exactly as
/// `catalog theme show --mode … --mode …` resolves them.
///
/// A token depends on a dimension when one of that dimension's modes gives it, or a token
/// it reaches through references, a value of its own
/// (``TokenResolver/differingByMode(referrers:)``); combinations are enumerated only over
/// those dimensions, so a color that varies by brand and color scheme holds brands ×
/// schemes values whatever the theme's other dimensions. A token whose combinations would
/// pass ``largestCombinationCount`` keeps its default and single-mode values, and is named
/// in ``uncombined``.
package struct SwiftTokenContexts {
    /// The resolved default value of each token that has one.
    package var defaults: [String: JSON] = [:]
    /// Each mode (by ``ModeNaming`` name) with the tokens that resolve differently there.
    package var modes: [(name: String, key: ModeKey, values: [String: JSON])] = []
    /// The dimensions (theme order) each token varying by mode depends on.
    package var dimensions: [String: [String]] = [:]
    /// Per token, its values in combinations of two or more non-default modes that differ
    /// from its default: the modes' names in the order of ``dimensions``.
    package var combinations: [String: [(modes: [String], value: JSON)]] = [:]
    /// Tokens whose combinations were too many to generate.
    package var uncombined: [String] = []
    /// Per token with a default value, the modes (by name) where it resolves to nothing (a
    /// reference to a token that mode lacks): the default stands in there.
    package var missing: [String: [String]] = [:]
    /// Per token with a default value, the combinations (as in ``combinations``) where it
    /// resolves to nothing: the generated `Moded` gives the default there, as for ``missing``;
    /// the docs show no value, as `theme show` does.
    package var missingCombinations: [String: [[String]]] = [:]

    /// The most combinations one token's values are generated for.
    package static let largestCombinationCount = 1024

    /// The contexts of `theme`. With `namesOnly`, only what decides which tokens are
    /// generated and under what type: the defaults, and the modes of the tokens that have no
    /// default (what the docs need to name each token as the package does, at a fraction
    /// of the cost).
    package init(theme: Theme, namesOnly: Bool = false) {
        let resolver = TokenResolver(theme: theme)
        let naming = ModeNaming(theme.dimensions)
        defaults = resolver.resolveAll(in: ModeContext()).values
        let differing = resolver.differingByMode()
        guard !differing.isEmpty else { return }
        if namesOnly {
            for (key, positions) in differing {
                let paths = positions.map { theme.tokens[$0].path }.filter { defaults[$0] == nil }
                modes.append((naming.name(key), key, resolver.resolve(paths, in: ModeContext(key))))
            }
            return
        }
        var dependsOn: [Int: Set<String>] = [:]
        for (key, positions) in differing {
            let values = resolver.resolve(positions.map { theme.tokens[$0].path }, in: ModeContext(key))
            modes.append((naming.name(key), key, values))
            for position in positions {
                let path = theme.tokens[position].path
                if values[path] == nil, defaults[path] != nil { missing[path, default: []].append(naming.name(key)) }
            }
            // The default mode changes nothing; only tokens with no default are listed there.
            guard theme.dimension(key.dimension)?.defaultMode != key.mode else { continue }
            for position in positions { dependsOn[position, default: []].insert(key.dimension) }
        }
        let order = theme.dimensions.map(\.name)
        var groups: [[String]: [String]] = [:]
        for (position, set) in dependsOn {
            let path = theme.tokens[position].path
            let names = order.filter(set.contains)
            dimensions[path] = names
            if names.count > 1 { groups[names, default: []].append(path) }
        }
        for (names, paths) in groups.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let dimensions = names.compactMap { theme.dimension($0) }
            let count = dimensions.reduce(1) { $0 * $1.modes.count }
            guard count <= Self.largestCombinationCount else {
                uncombined += paths
                continue
            }
            for combination in Self.combinations(of: dimensions) {
                let context = ModeContext(Dictionary(uniqueKeysWithValues: combination.map { ($0.dimension, $0.mode) }))
                let written = combination.map { naming.name($0) }
                let values = resolver.resolve(paths, in: context)
                for (path, value) in values where value != defaults[path] {
                    combinations[path, default: []].append((written, value))
                }
                for path in paths where values[path] == nil && defaults[path] != nil {
                    missingCombinations[path, default: []].append(written)
                }
            }
        }
        uncombined.sort()
    }

    /// The values of the token at `path` by context: the default (key `[]`), each mode
    /// where it differs (`["Forest"]`), each combination (`["Forest", "Branded"]`), keyed by
    /// ``ModeNaming`` names in the order of ``dimensions``. `withGaps` adds each mode and
    /// combination where the token resolves to nothing, with `null`, as `theme show` shows
    /// no value there.
    package func entries(of path: String, withGaps: Bool = false) -> [(modes: [String], value: JSON)] {
        var entries: [(modes: [String], value: JSON)] = defaults[path].map { [([], $0)] } ?? []
        for (name, _, values) in modes {
            if let value = values[path], value != defaults[path] { entries.append(([name], value)) }
        }
        let gaps =
            withGaps
            ? (missing[path] ?? []).map { (modes: [$0], value: JSON.null) }
                + (missingCombinations[path] ?? []).map { (modes: $0, value: JSON.null) } : []
        return entries + (combinations[path] ?? []) + gaps
    }

    /// The value among `entries` (the token at `path`'s, from ``entries(of:withGaps:)``)
    /// where `chosen` (dimension → mode name, non-default modes only) is chosen, as the
    /// generated `Moded.value(in:)` finds it; `nil` where it has none there.
    package func value(
        of path: String, among entries: [(modes: [String], value: JSON)], choosing chosen: [String: String]
    ) -> JSON? {
        let names = (dimensions[path] ?? []).compactMap { chosen[$0] }
        let value = entries.first { $0.modes == names }?.value ?? defaults[path]
        return value == .null ? nil : value
    }

    /// Every token's value in `context`, which chooses one mode over the defaults: the
    /// mode's values, the defaults elsewhere, none where the token resolves to nothing there.
    package func values(in context: ModeContext, of theme: Theme) -> [String: JSON] {
        guard let (dimension, mode) = context.modes.first, context.modes.count == 1,
            let entry = modes.first(where: { $0.key == ModeKey(dimension, mode) })
        else { return TokenResolver(theme: theme).resolveAll(in: context).values }
        var values = defaults
        for (path, value) in entry.values { values[path] = value }
        for (path, names) in missing where names.contains(entry.name) { values[path] = nil }
        return values
    }

    /// Every choice of one mode per dimension with two or more non-default modes, the
    /// non-default ones only (in `dimensions` order): the contexts single modes leave out.
    static func combinations(of dimensions: [ModeDimension]) -> [[ModeKey]] {
        var out: [[ModeKey]] = [[]]
        for dimension in dimensions {
            out = out.flatMap { partial in
                let others = dimension.modes.filter { $0 != dimension.defaultMode }
                return [partial] + others.map { partial + [ModeKey(dimension.name, $0)] }
            }
        }
        return out.filter { $0.count > 1 }
    }
}
