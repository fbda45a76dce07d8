import CatalogModel
import CatalogStore
import CatalogSync
import Foundation

/// `catalog apply FILE`: a changeset file applied as one use case. The steps (plan the
/// revisions against this history, apply their rows under a session, record them, verify
/// the content hash, take on the source's identity) run here in the one order that keeps
/// `catalog check` sound; each step is the sync layer's or the store's.
public enum ChangesetApply {
    /// What an apply did.
    public struct Report: Sendable, Equatable {
        /// Revisions the target already had and skipped.
        public var skipped: Int
        /// Revisions applied and recorded, oldest first.
        public var applied: [Revision]
        /// With `merge`, the local revision recording the merged changes.
        public var mergeRevision: Revision?

        /// A report.
        public init(skipped: Int, applied: [Revision], mergeRevision: Revision?) {
            self.skipped = skipped
            self.applied = applied
            self.mergeRevision = mergeRevision
        }
    }

    /// Applies `file` to `repository` in one transaction. Revisions the target already
    /// has are skipped; the rest must continue the target's history (unless `merge`),
    /// and every change must apply without conflict, or nothing is applied. Before the
    /// transaction commits, the content must hash to what the file's last revision
    /// recorded, so a file that would leave `catalog check` failing changes nothing.
    public static func apply(
        _ file: ChangesetFile, to repository: Repository, merge: Bool = false, author: String,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> Report {
        // Planned inside the write transaction, so that no other writer moves the head in between.
        if merge {
            var report = Report(skipped: 0, applied: [], mergeRevision: nil)
            let count = try ChangesetSync.plan(file, for: repository, merge: true).pending.count
            guard count > 0 else { return Report(skipped: file.revisions.count, applied: [], mergeRevision: nil) }
            let message =
                "merge \(count) revision\(count == 1 ? "" : "s") from catalog \(file.catalogID.prefix(12)) "
                + "(through \(file.target?.shortID ?? "nothing"))"
            let (_, recorded) = try repository.commit(message: message, author: author) { transaction in
                let plan = try ChangesetSync.plan(file, for: repository, merge: true)
                report.skipped = plan.skipped
                try ChangesetSync.applyChangesets(plan.pending, to: repository, in: transaction, progress: progress)
            }
            report.mergeRevision = recorded
            return report
        }
        return try repository.write { transaction in
            let plan = try ChangesetSync.plan(file, for: repository)
            guard let last = plan.pending.last else {
                return Report(skipped: plan.skipped, applied: [], mergeRevision: nil)
            }
            let empty = try repository.headRevision() == nil
            try repository.absorbing(in: transaction) {
                try ChangesetSync.applyChangesets(plan.pending, to: repository, in: transaction, progress: progress)
            }
            for (revision, changeset) in plan.pending {
                try repository.importRevision(revision, changeset: changeset, in: transaction)
            }
            // The kept hash, updated from what was applied: no pass over the whole catalog.
            guard try repository.contentMatches(last.revision.contentHash) else {
                throw SyncError.contentMismatch(
                    expected: last.revision.contentHash, actual: try repository.maintainedContentHash())
            }
            if empty && file.base == nil { try repository.adoptCatalogID(file.catalogID, in: transaction) }
            return Report(skipped: plan.skipped, applied: plan.pending.map(\.revision), mergeRevision: nil)
        }
    }
}
