import CatalogModel

/// Mode values from layered sources. Each mode's own tree (the layers merged always,
/// then those its mode merges) is read like the default tree; a token's value in a mode
/// counts where that mode's layer, not a layer merged always, set it last. The values
/// found, in the order of the layers that set them, are a token's layers; they are put
/// in the form ``Token`` keeps: the default context's value, then the modes that differ.
extension TokenWalk {
    /// One value a mode's own layer gives a token: where in the layer order, and the token as read there.
    struct LayerValue {
        var position: Int
        var key: ModeKey
        var token: RawToken
    }

    /// What reading the modes' own layers needs of the layering, taken before the default
    /// tree is walked so that the walk may let the layers go: each mode's part of its tree
    /// (what its own layers write, merged over the layers merged always), and which layer
    /// last writes each token.
    struct LayerPlan {
        var dimensions: [ModeDimension]
        /// The modes that have layers of their own: those layers' positions, and the part
        /// of the mode's tree they write (`nil` where pointers make the whole tree needed).
        var modes: [(key: ModeKey, own: [Int], part: TokenTree.Group?)]
        /// The token paths each layer defines, where that is needed (a mode's layer; a
        /// layer merged always that comes after a mode's layer).
        var literal: [Set<String>]
        /// The last layer merged always that defines each token, where one comes after a mode's layer.
        var sharedPosition: [String: Int]
        /// Whether a value in the trees may depend on another part of them (`$ref`, `$extends`):
        /// each mode's whole tree is then read, from the layers.
        var pointers: Bool
        /// Whether the layers merged always must be read again: their tree is not the
        /// default context's, read already (a mode's layer is merged there too, or the
        /// layering merged the default context itself).
        var readsSharedAgain: Bool

        /// Whether ``TokenWalk/addLayerModes(_:_:)`` reads the layers, which must then be kept.
        var needsLayers: Bool { pointers || readsSharedAgain }
    }

    /// The plan for reading the layered modes of `layering`, `nil` where no mode has a layer.
    static func layerPlan(_ layering: ThemeSources.Layering) -> LayerPlan? {
        guard let dimensions = layering.declaredDimensions, layering.layers.contains(where: { !$0.modes.isEmpty })
        else { return nil }
        let layers = layering.layers
        // The last layer merged always that defines each token, where one comes after a
        // mode's layer: else every mode's layer comes after all of them, and neither this
        // map nor their paths (every token's, at 100k tokens 20 MB) is needed.
        let firstModeLayer = layers.firstIndex { !$0.modes.isEmpty } ?? layers.count
        let interleaved = layers.indices.contains { $0 > firstModeLayer && layers[$0].modes.isEmpty }
        let literal = layers.map { layer in
            layer.modes.isEmpty && !interleaved ? [] : Set(TokenTree.tokenPaths(layer.group, prefix: []))
        }
        var sharedPosition: [String: Int] = [:]
        for position in layers.indices where interleaved && layers[position].modes.isEmpty {
            for path in literal[position] { sharedPosition[path] = position }
        }
        // The tokens of the layers merged always are those of the default context, read
        // already, unless a layer is merged there for its modes (an empty one, a resolver's
        // default context without sources, changes nothing: reading the tree again for it
        // held a second copy of every token, 82 MB of a 100k-token import). A default tree
        // the layering merged already (``ThemeSources/Layering/mergedBase``, to say what a
        // later set hides) is that same tree: the layers that apply by default.
        let defaults = layering.defaults
        let readsSharedAgain = layers.contains {
            !$0.modes.isEmpty && $0.applies(choosing: defaults) && !$0.group.isEmpty
        }
        // Without pointers and `$extends`, a token's value in a mode's tree differs from the
        // shared one only where the mode's own layers write it: only that part is read, and
        // it is taken now (the whole merged tree, a copy of every group, is not kept).
        let pointers = layers.contains { TokenTree.hasPointers($0.group) }
        var modes: [(key: ModeKey, own: [Int], part: TokenTree.Group?)] = []
        for dimension in dimensions {
            for mode in dimension.modes {
                let key = ModeKey(dimension.name, mode)
                let own = layers.indices.filter { layers[$0].modes.contains(key) }
                guard !own.isEmpty else { continue }
                let part =
                    pointers
                    ? nil
                    : TokenTree.restricted(
                        layering.tree { $0.modes.isEmpty || $0.modes.contains(key) },
                        to: layering.tree { $0.modes.contains(key) })
                modes.append((key, own, part))
            }
        }
        return LayerPlan(
            dimensions: dimensions, modes: modes, literal: literal, sharedPosition: sharedPosition,
            pointers: pointers, readsSharedAgain: readsSharedAgain)
    }

    /// Reads each mode's values from its own layers, as `plan` says (`layering` is read
    /// only where the plan ``LayerPlan/needsLayers``), and gives the tokens they set those
    /// values in the form ``Token`` keeps.
    mutating func addLayerModes(_ plan: LayerPlan, _ layering: ThemeSources.Layering) {
        let dimensions = plan.dimensions
        var index: [String: Int] = [:]
        index.reserveCapacity(tokens.count)
        for position in tokens.indices where index[tokens[position].path] == nil {
            index[tokens[position].path] = position
        }
        var readAgain: [String: (value: JSON, hasValue: Bool)]?
        if plan.readsSharedAgain {
            readAgain = readLayerTree(layering.tree { $0.modes.isEmpty }).mapValues { ($0.value, $0.hasValue) }
        }
        func always(_ path: String) -> (value: JSON, hasValue: Bool)? {
            if let readAgain { return readAgain[path] }
            return index[path].map { (tokens[$0].value, tokens[$0].hasValue) }
        }
        var found: [String: [LayerValue]] = [:]
        var order: [String] = []
        for (key, own, part) in plan.modes {
            let lastOwn = own.last!
            let read = part ?? layering.tree { $0.modes.isEmpty || $0.modes.contains(key) }
            for (path, token) in readLayerTree(read) {
                guard token.hasValue else { continue }
                let shared = plan.sharedPosition[path]
                var position = own.last { plan.literal[$0].contains(path) }
                if position == nil, always(path)?.value != token.value {
                    position = lastOwn  // made by `$extends` or a group reference in the mode's tree
                }
                guard let position, position > shared ?? -1 else { continue }
                if found[path] == nil { order.append(path) }
                found[path, default: []].append(LayerValue(position: position, key: key, token: token))
            }
        }
        for path in order {
            let values = found[path]!.sorted { $0.position < $1.position }
            let shared = always(path).flatMap { $0.hasValue ? $0.value : nil }
            var token: RawToken
            if let position = index[path] {
                token = tokens[position]
            } else {
                // Only some modes define it: a token with no value in the default context.
                token = values[0].token
                token.value = .null
                token.defaultAbsent = true
            }
            // A mode with its own tool data (a Tokens Studio color modifier per brand) is kept.
            let ownExtensions = Set(
                values.filter {
                    !$0.token.extensions.elementsEqual(token.extensions) { $0.key == $1.key && $0.value == $1.value }
                }.map(\.key))
            let base = token.defaultAbsent ? nil : token.value
            switch Self.modeForm(
                values.map { ModeValue($0.key, $0.token.value) }, base: base, shared: shared, dimensions: dimensions,
                keeping: ownExtensions.contains)
            {
            case .success(let form):
                token.layerModes = form.entries
                if form.base != base {
                    // The base sets' value, the default modes' own as entries (see modeForm).
                    token.value = form.base ?? .null
                    token.defaultAbsent = form.base == nil
                }
            case .failure(let conflict):
                report(
                    "token \(path) is set by \(conflict.first) in a layer before \(conflict.then)'s, against the order of their dimensions (\(conflict.then.dimension) before \(conflict.first.dimension)); the catalog resolves a later dimension over an earlier one, so keep each group's sets together in tokenSetOrder",
                    at: JSON(.null, at: token.location), path: token.jsonPath, file: token.file)
            }
            place(values, ownExtensions: ownExtensions, in: &token)
            if let position = index[path] {
                tokens[position] = token
            } else {
                index[path] = tokens.count
                append(token)
            }
        }
    }

    /// Records where each kept mode value was read, and the `$extensions` of the modes in
    /// `ownExtensions` (those whose extensions differ from the token's).
    private func place(_ values: [LayerValue], ownExtensions: Set<ModeKey>, in token: inout RawToken) {
        let ownPath = JSONPath.member(token.jsonPath, token.valueKey)
        for value in values where token.layerModes.contains(where: { $0.key == value.key }) {
            let path = JSONPath.member(value.token.jsonPath, value.token.valueKey)
            token.modePlaces.append(
                ModePlace(key: value.key, file: value.token.file, unusualPath: path == ownPath ? nil : path))
            if ownExtensions.contains(value.key) {
                token.modeExtensions.append((value.key.description, JSON(.object(value.token.extensions))))
            }
        }
    }

    /// Reads a merged tree like the default one, keeping its problems; its tokens by path.
    private mutating func readLayerTree(_ merged: TokenTree.Group) -> [String: RawToken] {
        var problems: [TokenTree.Problem] = []
        var tree = TokenTree.expandingExtensions(
            TokenTree.convertingGroupReferences(merged, root: merged), problems: &problems)
        var layer = TokenWalk(root: tree, keepsTokenPlaces: keepsTokenPlaces)
        layer.walk(
            &tree, path: [], jsonPath: JSONPath.root, inheritedType: nil, inheritedDeprecation: nil, isRoot: true)
        for problem in problems {
            record(
                Diagnostic(file: problem.file, location: problem.location, path: problem.path, message: problem.message)
            )
        }
        for diagnostic in layer.problems.diagnostics { record(diagnostic) }
        for (file, places) in layer.tokenPlaces {
            tokenPlaces[file, default: [:]].merge(places) { first, _ in first }
        }
        return Dictionary(layer.tokens.map { ($0.path, $0) }) { first, _ in first }
    }

    /// A token's layered mode values (in the order their layers come, the last chosen
    /// wins, else `shared`, the value of the layers merged always) in the form ``Token``
    /// keeps: the default context's value `base`, then the entries that differ from it, in
    /// the dimensions' order (a later dimension's mode overrides an earlier one's).
    ///
    /// Where a default mode sets the value, the modes of that dimension that set none get
    /// `shared` (`nil`: the token does not exist there), so that they do not take the
    /// default's value. That holds only when no earlier dimension has a mode of its own:
    /// otherwise such an entry would override the earlier dimension's (a resolver whose
    /// second modifier's default context sets the token, its first's `dark` too: with
    /// `compact` given the base value, `dark` + `compact` would lose `dark`). There the form
    /// is the base sets' value (`shared`) with every layer's entry as it is, which resolves
    /// each context as the layers do; the base returned says which form was taken. Returns
    /// the two modes that override each other against the dimensions' order with different
    /// values (a Tokens Studio set order that interleaves groups), which neither form can
    /// keep, when there are.
    static func modeForm(
        _ entries: [ModeValue], base: JSON?, shared: JSON?, dimensions: [ModeDimension],
        keeping: (ModeKey) -> Bool
    ) -> Result<(base: JSON?, entries: [ModeValue]), Conflict> {
        let rank = Dictionary(dimensions.enumerated().map { ($0.element.name, $0.offset) }) { first, _ in first }
        for (later, entry) in entries.enumerated() {
            if let earlier = entries[..<later].first(where: {
                (rank[$0.key.dimension] ?? 0) > (rank[entry.key.dimension] ?? 0) && $0.value != entry.value
            }) {
                return .failure(Conflict(first: earlier.key, then: entry.key))
            }
        }
        var entries = entries
        if base != shared,
            let dimension = dimensions.first(where: { dimension in
                entries.contains { $0.key == ModeKey(dimension.name, dimension.defaultMode) }
            })
        {
            let own = rank[dimension.name] ?? 0
            if entries.contains(where: { (rank[$0.key.dimension] ?? 0) < own }) {
                return .success((shared, canonical(entries, base: shared, dimensions: dimensions, keeping: keeping)))
            }
            let missing = dimension.modes.map { ModeKey(dimension.name, $0) }.filter { key in
                !entries.contains { $0.key == key }
            }
            entries.insert(contentsOf: missing.map { ModeValue($0, shared) }, at: 0)
        }
        return .success((base, canonical(entries, base: base, dimensions: dimensions, keeping: keeping)))
    }

    /// Two modes of a token whose layers override each other against the dimensions' order.
    struct Conflict: Error {
        var first: ModeKey
        var then: ModeKey
    }

    /// Entries in the dimensions' order (each dimension's in its mode order; of two for
    /// one mode, the later), without those that change nothing: an entry equal to `base`
    /// with no entry of an earlier dimension before it (unless `keeping` it).
    static func canonical(
        _ entries: [ModeValue], base: JSON?, dimensions: [ModeDimension], keeping: (ModeKey) -> Bool
    ) -> [ModeValue] {
        guard !entries.isEmpty else { return [] }
        let rank = ModeDimension.order(of: dimensions)
        var latest: [ModeKey: ModeValue] = [:]
        for entry in entries { latest[entry.key] = entry }
        let sorted = latest.values.sorted { (rank[$0.key] ?? .max) < (rank[$1.key] ?? .max) }
        var kept: [ModeValue] = []
        for entry in sorted {
            let onlyOwnBefore = kept.allSatisfy { $0.key.dimension == entry.key.dimension }
            if entry.value == base && onlyOwnBefore && !keeping(entry.key) { continue }
            kept.append(entry)
        }
        return kept
    }
}
