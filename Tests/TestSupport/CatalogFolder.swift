import Foundation
import SQLite

/// A fresh catalog in a folder of its own, for end-to-end tests of the built `catalog`:
/// files written into the folder, commands run there against its database, and the
/// database's bytes and revisions to check that a refusal left it as it was.
public struct CatalogFolder {
    /// The folder, removed when the last copy is released.
    public let directory: TemporaryDirectory
    /// The catalog database's path.
    public var db: String { directory.path("catalog.db") }

    /// A folder holding a new, empty catalog (`catalog init`).
    public init() throws {
        directory = try TemporaryDirectory()
        let result = try CatalogProcess.run(["--db", directory.path("catalog.db"), "init"])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Writes `text` at `name` (folders made as needed); returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let path = directory.path(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `catalog --db DB arguments…` in the folder.
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CatalogProcess.Result {
        try CatalogProcess.run(["--db", db] + arguments, environment: environment, directory: directory.url)
    }

    /// The database file's bytes (empty when it cannot be read).
    public var bytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: db))) ?? Data() }

    /// How many revisions the catalog records.
    package var revisions: SQLValue? { try? Database(path: db).scalar("SELECT count(*) FROM revisions") }
}
