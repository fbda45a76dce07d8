import CatalogModel
import CatalogSystem
import Foundation

/// What `seed` published and what the catalog holds after it.
public struct SeedOutcome {
    /// Each document and whether it was published or already there.
    public let report: SeedReport
    /// The revision recorded; none when nothing changed.
    public let revision: Revision?
    /// How many themes (by name) the catalog holds now.
    public let themeCount: Int
    /// How many style versions it holds now.
    public let styleVersionCount: Int
    /// Its component specs, each with its versions.
    public let specs: [SpecSummary]
}

extension Catalog {
    /// Publishes the seeds in one revision into the catalog at `path` (created if needed):
    /// the embedded ones, or every document below `directory` (read before the catalog is
    /// opened). `progress` hears each document.
    public static func seed(
        from directory: String?, at path: String, waiting: LockWait = .standard, note: RevisionNote,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> SeedOutcome {
        let files = try directory.map(seedFiles(in:)) ?? EmbeddedDocuments.seeds
        let catalog = try Catalog(path: path, create: true, waiting: waiting)
        try catalog.prepareForBulkWrite()
        let (report, revision) = try catalog.publishing.seed(
            files, from: directory ?? "Seeds", note: note, progress: progress)
        return SeedOutcome(
            report: report, revision: revision, themeCount: Set(try catalog.themes().map(\.name)).count,
            styleVersionCount: try catalog.styles().count, specs: try catalog.specs())
    }

    /// The regular files below `directory` (hidden ones left out), with paths relative to it.
    static func seedFiles(in directory: String) throws -> [SeedFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DocumentError(file: directory, message: "not a folder of seeds")
        }
        return try DocumentFiles.visibleFiles(under: directory).compactMap { relative in
            let path = (directory as NSString).appendingPathComponent(relative)
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return SeedFile(path: relative, data: try DocumentFiles.read(path).data)
        }
    }
}
