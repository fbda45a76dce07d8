import Foundation

/// Values derived from the catalog's content, by key (the search's scope under one key, each
/// theme version's Swift names under its own), kept while the content stays at the revision
/// they were read at: every publication records a revision, so a new head means new
/// content, and all are let go. Safe to use from the threads a server answers on.
final class RevisionCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var revision: String?
    private var kept: [String: Value] = [:]

    /// The value kept for `key` at `revision` (the head's id; `nil` for an empty catalog),
    /// else the one `make` derives, kept in its place.
    func value(for key: String = "", at revision: String?, _ make: () throws -> Value) rethrows -> Value {
        if let value = kept(for: key, at: revision) { return value }
        let value = try make()
        keep(value, for: key, at: revision)
        return value
    }

    /// The value kept for `key` at `revision`, if any.
    func kept(for key: String, at revision: String?) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return revision == self.revision ? kept[key] : nil
    }

    /// Keeps `value` for `key` at `revision`, letting go of what an older revision kept.
    func keep(_ value: Value, for key: String, at revision: String?) {
        lock.lock()
        defer { lock.unlock() }
        if revision != self.revision {
            kept = [:]
            self.revision = revision
        }
        kept[key] = value
    }
}
