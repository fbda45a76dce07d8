import CatalogModel
import CatalogStore
import Foundation
import SQLite

/// Exporting a range of revisions as a ``ChangesetFile`` and applying one to another
/// catalog: atomically, idempotently, refusing a file whose base the target lacks.
public enum ChangesetSync {
    /// The revisions after `from` (all of them when `nil`) through `to` (the head when `nil`).
    public static func export(from: String?, to: String?, repository: Repository) throws -> ChangesetFile {
        let target = try repository.revision(to ?? "HEAD")
        let base = try from.map { try repository.revision($0) }
        if let base, base.sequence >= target.sequence {
            throw RequestError(
                "--from \(base.shortID) (#\(base.sequence)) "
                    + (base.sequence == target.sequence ? "is" : "comes after")
                    + " --to \(target.shortID) (#\(target.sequence)): there are no revisions to export")
        }
        let revisions = try repository.revisions(after: base?.sequence ?? 0, through: target.sequence)
        return ChangesetFile(
            catalogID: try repository.catalogID(), base: base,
            revisions: try revisions.map { ($0, try repository.changeset(of: $0)) })
    }

    /// What applying a file would do, worked out from reads only: the revisions this
    /// catalog already has (skipped) and the ones to apply, with the sequences they get here.
    public struct Plan: Sendable {
        /// Revisions the target already has.
        public var skipped: Int
        /// The revisions to apply, oldest first.
        public var pending: [(revision: Revision, changeset: Data)]
    }

    /// Checks `file` against `repository`'s history without writing: throws when the file
    /// comes from another catalog (unless `merge`), does not continue this history (unless
    /// `merge`), or gives its revisions sequences other than the ones they would get here.
    public static func plan(_ file: ChangesetFile, for repository: Repository, merge: Bool = false) throws -> Plan {
        let head = try repository.headRevision()
        let localID = try repository.catalogID()
        if head != nil && file.catalogID != localID && !merge {
            throw SyncError.otherCatalog(file: file.catalogID, local: localID)
        }
        var skipped = 0
        for (revision, _) in file.revisions {
            guard let local = try repository.revision(id: revision.id) else { break }
            guard local.sequence == revision.sequence else { throw SyncError.inconsistentHistory(revision.id) }
            skipped += 1
        }
        let pending = Array(file.revisions.dropFirst(skipped))
        if try pending.contains(where: { try repository.revision(id: $0.revision.id) != nil }) {
            throw SyncError.inconsistentHistory(pending[0].revision.id)
        }
        guard let first = pending.first else { return Plan(skipped: skipped, pending: []) }
        if merge { return Plan(skipped: skipped, pending: pending) }
        if first.revision.parent != head?.id {
            if skipped == 0, let base = file.base, try repository.revision(id: base.id) == nil {
                throw SyncError.missingBase(base)
            }
            throw SyncError.diverged(localHead: head, expected: first.revision.parent)
        }
        // Sequences are this catalog's to give: the file's must be exactly the ones its
        // revisions get here, or its header lies about its history.
        for (index, (revision, _)) in pending.enumerated() where revision.sequence != (head?.sequence ?? 0) + index + 1
        {
            throw SyncError.untrustworthy(
                "revision \(revision.shortID) says it is #\(revision.sequence), but it would be #\((head?.sequence ?? 0) + index + 1) here, "
                    + "after \(head.map { "\($0.shortID) (#\($0.sequence))" } ?? "the beginning")")
        }
        return Plan(skipped: skipped, pending: pending)
    }

    /// Applies the row changes of `pending` inside the caller's transaction, recording no
    /// revision; throws ``SyncError/conflicts(_:)`` with every conflict when any change does
    /// not apply (the caller rolls back). `apply` uses it, and `catalog impact` to look at a
    /// changeset's effect before anyone applies it.
    public static func applyChangesets(
        _ pending: [(revision: Revision, changeset: Data)], to repository: Repository,
        in transaction: borrowing WriteTransaction,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws {
        var conflicts: [SyncError.Conflict] = []
        for (index, (revision, changeset)) in pending.enumerated() {
            progress(index, pending.count)
            for conflict in try repository.apply(changeset: changeset, in: transaction) {
                conflicts.append(
                    SyncError.Conflict(
                        revision: revision, conflict: conflict,
                        columns: try repository.columns(of: conflict.change.table)))
            }
        }
        progress(pending.count, pending.count)
        if !conflicts.isEmpty { throw SyncError.conflicts(conflicts) }
    }
}

/// Why a changeset was not applied; each message says what to do.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One change that could not be applied, with the revision it belongs to.
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        /// The revision the change belongs to.
        public var revision: Revision
        /// SQLite's description of the conflicting change.
        package var conflict: ChangesetConflict
        /// The table's column names, to label values.
        public var columns: [String]

        public var description: String {
            var text = "conflict in revision \(revision.shortID) (#\(revision.sequence)): \(conflict.description)"
            func render(_ values: [SQLValue?]) -> String {
                zip(columns, values).compactMap { column, value in
                    value.map { "\(column)=\(ChangesetConflict.render($0).prefix(60))" }
                }
                .joined(separator: ", ")
            }
            if let local = conflict.local { text += "\n    local:    " + render(local) }
            let incoming = conflict.change.operation == .delete ? conflict.change.old : conflict.change.new
            if !incoming.isEmpty { text += "\n    incoming: " + render(incoming) }
            return text
        }
    }

    case otherCatalog(file: String, local: String)
    case missingBase(Revision)
    case diverged(localHead: Revision?, expected: String?)
    case inconsistentHistory(String)
    case conflicts([Conflict])
    case contentMismatch(expected: String, actual: String)
    /// The file's header contradicts this catalog's history (bad input data, exit 65).
    case untrustworthy(String)

    /// Whether the refusal is about the file's data (exit 65) rather than the catalog's state.
    public var isBadData: Bool {
        switch self {
        case .contentMismatch, .untrustworthy: return true
        case .otherCatalog, .missingBase, .diverged, .inconsistentHistory, .conflicts: return false
        }
    }

    public var description: String {
        switch self {
        case .otherCatalog(let file, let local):
            return
                "the changeset was exported from catalog \(file.prefix(12)), and this is catalog \(local.prefix(12)); "
                + "apply it with --merge to bring its changes in anyway"
        case .missingBase(let base):
            return "this catalog does not have the changeset's base revision \(base.shortID) (#\(base.sequence)); "
                + "export from an older revision (or without --from), or apply with --merge"
        case .diverged(let head, let expected):
            return
                "this catalog has diverged: its head is \(head.map { "\($0.shortID) (#\($0.sequence))" } ?? "empty"), "
                + "but the changeset continues from \(expected.map { String($0.prefix(12)) } ?? "an empty catalog"); apply with --merge to bring its changes in"
        case .inconsistentHistory(let id):
            return
                "revision \(id.prefix(12)) sits at another place in this catalog's history; the histories are inconsistent"
        case .conflicts(let conflicts):
            return "\(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s"); nothing was applied:\n"
                + conflicts.map(\.description).joined(separator: "\n")
        case .contentMismatch(let expected, let actual):
            return
                "after applying, the content hash is \(actual.prefix(12))… but the file's last revision recorded \(expected.prefix(12))…: "
                + "the file's changes do not give what its header says (or this catalog has changes outside its "
                + "history: run 'catalog check'); nothing was applied"
        case .untrustworthy(let reason):
            return "\(reason); nothing was applied"
        }
    }
}

extension SyncError: CatalogFailure {
    /// A file that lies about itself is bad input (65); a history that does not fit is a failure (1).
    public var exitStatus: ExitStatus { isBadData ? .dataError : .failure }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}
