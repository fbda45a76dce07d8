import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Applies a changeset to the content tables inside the current transaction and
    /// returns the conflicts (empty when everything applied). Changes to any other table
    /// (the schema, the migration history, revisions, the catalog's identity) are refused
    /// as conflicts, whatever the changeset's bytes say.
    package func apply(changeset: Data, in _: borrowing WriteTransaction) throws -> [ChangesetConflict] {
        try database.apply(changeset: changeset, allowing: Set(try contentTables()))
    }

    /// Records a revision that came from another catalog, after its changes were applied.
    public func importRevision(
        _ revision: Revision, changeset: Data, in _: borrowing WriteTransaction
    ) throws {
        try insert(revision, changeset: changeset)
    }

    /// Takes on another catalog's identity: a catalog that received its whole history
    /// from a changeset becomes a replica of the source.
    public func adoptCatalogID(_ id: String, in _: borrowing WriteTransaction) throws {
        try database.execute("UPDATE catalog_info SET value = ? WHERE key = 'catalog_id'", [.text(id)])
    }

    /// The column names of a content table, for readable renderings of its changes.
    public func columns(of table: String) throws -> [String] {
        try database.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).map { try $0.text(0) }
    }

    /// Decodes a changeset's row changes (throws when the blob is corrupt).
    package func changes(in changeset: Data) throws -> [ChangesetChange] {
        try database.changes(in: changeset)
    }
}
