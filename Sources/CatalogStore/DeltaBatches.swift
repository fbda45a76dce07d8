import CatalogModel
import SQLite

/// A range of token paths, by UTF-8 bytes as SQLite's BINARY collation orders them:
/// from `lower` (included; from the first when `nil`) up to `upper` (excluded; to the
/// last when `nil`).
struct PathRange {
    var lower: String?
    var upper: String?
}

/// A theme's tokens in key order, cut into batches for writing: each batch's rows are
/// built, compared with the stored rows in the batch's path range and written before the
/// next batch's are built, so that a publication holds one batch's rows at a time, not
/// every row of the theme (at 100k tokens, its value rows alone were 56 MB).
struct DeltaBatches {
    /// The tokens' positions in the theme, in key order.
    let order: [Int]
    /// The path at each position.
    private let paths: [String]
    /// Tokens per batch.
    let size: Int
    /// Tokens per batch unless told: a batch's rows are a few MB.
    static let standardSize = 8_192

    /// `tokens` in key order, `size` to a batch.
    init(_ tokens: [Token], size: Int = standardSize) {
        let paths = tokens.map(\.path)
        self.paths = paths
        self.order = paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
        self.size = max(size, 1)
    }

    /// Each batch: its positions (in key order) and the path range it covers. The ranges
    /// cover every path, so that stored rows of paths the theme no longer has are closed;
    /// a theme without tokens has one batch, empty, over the whole range.
    var batches: [(positions: ArraySlice<Int>, range: PathRange)] {
        guard !order.isEmpty else { return [([], PathRange())] }
        return stride(from: 0, to: order.count, by: size).map { start in
            let end = min(start + size, order.count)
            return (
                order[start..<end],
                PathRange(
                    lower: start == 0 ? nil : paths[order[start]], upper: end == order.count ? nil : paths[order[end]])
            )
        }
    }
}

extension Repository {
    /// Makes the rows `rows` builds for each batch of `batches` the state of `table` for
    /// `theme` at `ordinal` (as ``writeDelta(_:theme:ordinal:rows:only:within:summing:)``
    /// with every row at once). Returns the paths whose rows changed when `changes` asks
    /// for them (a first import's are every path: 100 MB at 1M tokens), else nothing.
    @discardableResult
    func writeDelta(
        _ table: DeltaTable, theme: String, ordinal: Int, batches: DeltaBatches, changes: Bool = true,
        rows: (_ positions: ArraySlice<Int>) -> [DeltaRow]
    ) throws -> Set<String> {
        var changed: Set<String> = []
        for batch in batches.batches {
            let written = try writeDelta(
                table, theme: theme, ordinal: ordinal, rows: rows(batch.positions), within: batch.range)
            if changes { changed.formUnion(written) }
        }
        return changed
    }
}

/// Every token's resolved rows (as ``Repository/resolvedRows(of:resolver:referrers:paths:)``
/// gives some tokens'), built a batch at a time: the batch's tokens resolved in the
/// defaults, and in each mode only those whose resolution can differ from the defaults'.
/// Nothing is held for every token but which modes can differ for it (a dictionary of
/// every resolved default was 8 MB at 100k tokens).
struct WholeResolution {
    private let theme: Theme
    private let resolver: TokenResolver
    private let naming: ModeNaming
    /// The modes whose values can differ from the defaults'.
    private let modes: [ModeKey]
    /// For each token's position, the indexes in ``modes`` where its value can differ.
    private let differingModes: [[Int]]

    /// `referrers` is the resolver's ``TokenResolver/referrers()``.
    init(theme: Theme, resolver: TokenResolver, referrers: [String: [Int]]) {
        self.theme = theme
        self.resolver = resolver
        naming = ModeNaming(theme.dimensions)
        let differing = resolver.differingByMode(referrers: referrers)
        modes = differing.map(\.key)
        var differingModes = [[Int]](repeating: [], count: theme.tokens.count)
        for (index, entry) in differing.enumerated() {
            for position in entry.positions { differingModes[position].append(index) }
        }
        self.differingModes = differingModes
    }

    /// The rows of the tokens at `positions`: each default, and each mode's value that
    /// differs from it.
    func rows(_ positions: ArraySlice<Int>) -> [DeltaRow] {
        let paths = positions.map { theme.tokens[$0].path }
        let defaults = resolver.resolve(paths, in: ModeContext())
        var rows = paths.map { DeltaRow(key: [$0, ""], payload: [.text((defaults[$0] ?? .null).serialized())]) }
        var candidates = [[String]](repeating: [], count: modes.count)
        for (path, position) in zip(paths, positions) {
            for mode in differingModes[position] { candidates[mode].append(path) }
        }
        for (index, paths) in candidates.enumerated() where !paths.isEmpty {
            let values = resolver.resolve(paths, in: ModeContext(modes[index]))
            let mode = naming.name(modes[index])
            for path in paths where values[path] != defaults[path] {
                rows.append(DeltaRow(key: [path, mode], payload: [.text((values[path] ?? .null).serialized())]))
            }
        }
        return rows
    }
}
