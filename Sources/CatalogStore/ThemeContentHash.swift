import CatalogModel
import CatalogTokenFiles
import SQLite

/// A theme version's content hash (`theme_versions.content_hash`): SHA-256 over the rows
/// its publication writes — its name, version and description, its dimensions and modes,
/// its group properties, then its token rows and value rows, each table in key order and
/// each row encoded as the catalog's content sums encode rows (``RowSum/encode(_:into:)``)
/// with JSON written with sorted keys (``DeltaRow/canonical``).
/// The rows are what publishing builds and sorts anyway, so the hash costs one pass over
/// bytes already made, where hashing the theme's sorted DTCG export (the definition before
/// issue 31) built and serialized a second copy of the whole theme.
///
/// Two themes with the same tokens have the same hash, whatever the order of tokens,
/// groups and object members or the formatting of their files. Versions published before
/// this definition keep their stored hash: ``Repository/publish(theme:document:sourceFile:progress:in:)``
/// compares a republished version against both definitions (``exportHashes(of:)``).
struct ThemeContentHash {
    private let hasher = SHA256.Hasher()

    /// A hash with the version's own rows fed: identity, dimensions, modes, groups.
    init(_ theme: Theme) {
        feed([.text("catalog theme content 2")])
        feed([.text(theme.name), .text(theme.version.description), SQLValue(theme.description)])
        let naming = ModeNaming(theme.dimensions)
        for dimension in theme.dimensions {
            feed([.text("dimension"), .text(dimension.name), .text(dimension.defaultMode)])
            for mode in dimension.modes { feed([.text("mode"), .text(naming.name(ModeKey(dimension.name, mode)))]) }
        }
        // Group properties by path, keys sorted: their order in the files is not content.
        for group in theme.groups.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            feed([.text("group"), .text(group.path), .text(JSON(.object(group.members)).serialized(sortedKeys: true))])
        }
    }

    /// Feeds one table's rows, which must be in key order (as ``DeltaRow/precedes(_:_:)``).
    func add(_ table: DeltaTable, _ rows: [DeltaRow]) {
        feed([.text("table"), .text(table.name), .integer(Int64(rows.count))])
        for row in rows { feed(row.key.map { .text($0) } + (row.canonical ?? row.payload)) }
    }

    /// The digest of everything fed, as 64 lowercase hex digits.
    func finalize() -> String { hasher.finalize() }

    private func feed(_ values: [SQLValue]) {
        var line: [UInt8] = []
        line.reserveCapacity(128)
        RowSum.encode(values, into: &line)
        line.withUnsafeBytes { hasher.update($0) }
    }

    /// The hash of `theme` as a publication would compute it, without writing anything:
    /// for comparing a version submitted again with the one stored.
    static func of(_ theme: Theme) -> String {
        let hash = ThemeContentHash(theme)
        hash.add(.tokens, Repository.tokenRows(of: theme).sorted { DeltaRow.precedes($0.key, $1.key) })
        hash.add(.values, Repository.valueRows(of: theme).sorted { DeltaRow.precedes($0.key, $1.key) })
        return hash.finalize()
    }

    /// The hashes versions published before this definition were stored with: SHA-256 of
    /// the theme's sorted DTCG export, and of the export without group properties (catalogs
    /// from before schema 4).
    static func exportHashes(of theme: Theme) -> [String] {
        var hashes = [SHA256.hex(ThemeWriter.dtcg(theme).serialized(sortedKeys: true))]
        if !theme.groups.isEmpty {
            var withoutGroups = theme
            withoutGroups.groups = []
            hashes.append(SHA256.hex(ThemeWriter.dtcg(withoutGroups).serialized(sortedKeys: true)))
        }
        return hashes
    }
}
