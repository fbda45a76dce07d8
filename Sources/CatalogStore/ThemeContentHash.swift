import CatalogModel
import CatalogTokenFiles
import Foundation
import SQLite

/// A theme version's content hash (`theme_versions.content_hash`): SHA-256 over its name,
/// version and description, its dimensions and modes, its group properties (by path, keys
/// sorted), then, for its token rows and its value rows, how many there are and the sum
/// of their digests (``RowSum``, each row encoded as the catalog's content sums encode
/// rows, JSON written with sorted keys: ``DeltaRow/canonical``).
///
/// The sums are what make a republication by difference cost its changes: they are kept
/// with the publication (`theme_publication_states`) and the next one adds the rows it
/// writes and takes away the rows it closes, where a hash over every row in key order
/// (the definition before this one) needed all of them. Two themes with the
/// same tokens have the same hash, whatever the order of tokens, groups and members or
/// the formatting of their files. Versions published under earlier definitions keep their
/// stored hash: a version submitted again is compared with each (``earlierHashes(of:)``).
struct ThemeContentHash {
    private let header: [UInt8]

    /// A hash of the version's own rows: identity, dimensions, modes, groups.
    init(_ theme: Theme) {
        var header: [UInt8] = []
        Self.feed(Self.identity(of: theme), into: &header)
        header.append(contentsOf: Self.groupLines(of: theme))
        self.header = header
    }

    /// The digest with the two tables' sums, as 64 lowercase hex digits.
    func finalize(tokens: RowSum, values: RowSum) -> String {
        var line = header
        for (name, sum) in [("tokens", tokens), ("token_values", values)] {
            Self.feed([.text("table"), .text(name), .integer(sum.rows), .blob(Data(sum.bytes))], into: &line)
        }
        return SHA256.hex(line)
    }

    /// The sums of `theme`'s token rows and value rows, built a batch of tokens at a time
    /// (a whole theme's rows at once were a large import's peak of memory).
    static func sums(of theme: Theme) -> (tokens: RowSum, values: RowSum) {
        let naming = ModeNaming(theme.dimensions)
        var tokens = RowSum()
        var values = RowSum()
        let size = DeltaBatches.standardSize
        for start in stride(from: 0, to: theme.tokens.count, by: size) {
            let batch = theme.tokens[start..<min(start + size, theme.tokens.count)]
            add(Repository.tokenRows(of: batch), to: &tokens)
            add(Repository.valueRows(of: batch, naming: naming), to: &values)
        }
        return (tokens, values)
    }

    /// Adds `rows`, as the hash reads them, to `sum`.
    static func add(_ rows: [DeltaRow], to sum: inout RowSum) {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        for row in rows {
            line.removeAll(keepingCapacity: true)
            RowSum.encode(row.key.map { .text($0) } + (row.canonical ?? row.payload), into: &line)
            line.withUnsafeBytes { sum.add(encoded: $0, sign: 1) }
        }
    }

    /// The hash of `theme` as a publication would compute it, without writing anything:
    /// for comparing a version submitted again with the one stored.
    static func of(_ theme: Theme) -> String {
        let sums = sums(of: theme)
        return ThemeContentHash(theme).finalize(tokens: sums.tokens, values: sums.values)
    }

    /// The hashes versions published before this definition were stored with: every row in
    /// key order (the definition before the sums), SHA-256 of the theme's sorted DTCG export,
    /// and of the export without group properties (catalogs from before schema 4).
    static func earlierHashes(of theme: Theme) -> [String] {
        let hasher = SHA256.Hasher()
        var line: [UInt8] = []
        feed(identity(of: theme, generation: 2), into: &line)
        line += groupLines(of: theme)
        line.withUnsafeBytes { hasher.update($0) }
        for (table, rows) in [
            (DeltaTable.tokens, Repository.tokenRows(of: theme)), (.values, Repository.valueRows(of: theme)),
        ] {
            let sorted = rows.sorted { DeltaRow.precedes($0.key, $1.key) }
            line.removeAll(keepingCapacity: true)
            feed([.text("table"), .text(table.name), .integer(Int64(sorted.count))], into: &line)
            for row in sorted { feed(row.key.map { .text($0) } + (row.canonical ?? row.payload), into: &line) }
            line.withUnsafeBytes { hasher.update($0) }
        }
        var hashes = [hasher.finalize(), SHA256.hex(ThemeWriter.dtcg(theme).serialized(sortedKeys: true))]
        if !theme.groups.isEmpty {
            var withoutGroups = theme
            withoutGroups.groups = []
            hashes.append(SHA256.hex(ThemeWriter.dtcg(withoutGroups).serialized(sortedKeys: true)))
        }
        return hashes
    }

    private static func identity(of theme: Theme, generation: Int = 3) -> [[SQLValue]] {
        var lines: [[SQLValue]] = [
            [.text("catalog theme content \(generation)")],
            [.text(theme.name), .text(theme.version.description), SQLValue(theme.description)],
        ]
        let naming = ModeNaming(theme.dimensions)
        for dimension in theme.dimensions {
            lines.append([.text("dimension"), .text(dimension.name), .text(dimension.defaultMode)])
            for mode in dimension.modes {
                lines.append([.text("mode"), .text(naming.name(ModeKey(dimension.name, mode)))])
            }
        }
        return lines
    }

    /// Group properties by path, keys sorted: their order in the files is not content.
    private static func groupLines(of theme: Theme) -> [UInt8] {
        var lines: [UInt8] = []
        for group in theme.groups.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            RowSum.encode(
                [.text("group"), .text(group.path), .text(JSON(.object(group.members)).serialized(sortedKeys: true))],
                into: &lines)
        }
        return lines
    }

    private static func feed(_ lines: [[SQLValue]], into bytes: inout [UInt8]) {
        for line in lines { RowSum.encode(line, into: &bytes) }
    }

    private static func feed(_ line: [SQLValue], into bytes: inout [UInt8]) { RowSum.encode(line, into: &bytes) }
}
