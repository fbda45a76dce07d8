import SQLite

/// The storage a test runs against: every behaviour is checked in memory and on disk.
public enum Storage: String, CaseIterable, Sendable {
    case memory, disk

    /// Opens a database of this kind, on disk inside `directory`.
    package func open(in directory: TemporaryDirectory) throws -> Database {
        try Database(path: self == .memory ? ":memory:" : directory.path("catalog.db"))
    }
}
