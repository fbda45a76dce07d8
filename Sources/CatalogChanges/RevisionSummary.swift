import CatalogModel
import CatalogStore
import SQLite

/// What a revision (or a range of them) changed, in catalog terms: the theme, style and
/// spec versions published or removed, and row counts per table.
public struct RevisionSummary: Sendable, Equatable {
    /// A document version the changes published or removed.
    public struct Entry: Sendable, Equatable, Comparable {
        /// Theme, style or spec.
        public var kind: DocumentKind
        /// The document's name.
        public var name: String
        /// The version published or removed, as written.
        public var version: String
        /// Whether the version was published or removed.
        public var action: Action

        /// What happened to the version.
        public enum Action: String, Sendable, Equatable {
            case published, removed
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.kind.rawValue, lhs.name, lhs.version, lhs.action.rawValue)
                < (rhs.kind.rawValue, rhs.name, rhs.version, rhs.action.rawValue)
        }
    }

    /// Published and removed document versions, sorted.
    public var entries: [Entry]
    /// Per table: inserted, updated and deleted rows.
    public var tables: [String: (inserted: Int, updated: Int, deleted: Int)]

    public static func == (lhs: RevisionSummary, rhs: RevisionSummary) -> Bool {
        lhs.entries == rhs.entries && lhs.tables.keys == rhs.tables.keys
            && lhs.tables.allSatisfy { key, value in rhs.tables[key].map { $0 == value } ?? false }
    }

    /// Summarizes decoded changeset changes.
    package init(changes: [ChangesetChange]) {
        var entries: [Entry] = []
        var tables: [String: (inserted: Int, updated: Int, deleted: Int)] = [:]
        for change in changes {
            var counts = tables[change.table] ?? (0, 0, 0)
            switch change.operation {
            case .insert: counts.inserted += 1
            case .update: counts.updated += 1
            case .delete: counts.deleted += 1
            }
            tables[change.table] = counts
            if let kind = DocumentKind(versionTable: change.table), change.operation != .update {
                let key = change.keyValues
                if key.count == 2, let name = key[0].string, let version = key[1].string {
                    entries.append(
                        Entry(
                            kind: kind, name: name, version: version,
                            action: change.operation == .insert ? .published : .removed))
                }
            }
        }
        self.entries = entries.sorted()
        self.tables = tables
    }
}
