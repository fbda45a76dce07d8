import Foundation

/// A value derived from the catalog's content, kept while the content stays at the revision
/// it was read at: every publication records a revision, so a new head means new content.
/// Safe to use from the threads a server answers on.
final class RevisionCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (revision: String?, value: Value)?

    /// The value kept for `revision` (the head's id; `nil` for an empty catalog), else the
    /// one `make` derives, kept in its place.
    func value(at revision: String?, _ make: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let kept, kept.revision == revision { return kept.value }
        let value = try make()
        kept = (revision, value)
        return value
    }
}
