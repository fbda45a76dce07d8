import Foundation

/// A catalog with the seeds in a fresh folder, beside an `App` folder of Swift files: what
/// end-to-end tests of scanning and lint run the built `catalog` in.
public struct SeededApp {
    /// The folder (the catalog is its `catalog.db`, the files are under `App/`).
    public let directory: TemporaryDirectory

    /// A seeded catalog beside `files` (name → text) under `App/`.
    public init(_ files: [String: String]) throws {
        directory = try TemporaryDirectory()
        let seed = try CatalogProcess.run(["seed", "-q"], directory: directory.url)
        guard seed.status == 0 else { throw SeedFailure(message: seed.stderr) }
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    /// The `App` folder.
    public var app: URL { directory.url.appending(path: "App") }

    /// Writes `text` as `App/name`.
    public func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: app.appending(path: name))
    }

    /// `catalog arguments…` run in the folder.
    public func run(_ arguments: [String]) throws -> CatalogProcess.Result {
        try CatalogProcess.run(arguments, directory: directory.url)
    }

    /// The seed refused.
    public struct SeedFailure: Error {
        public let message: String
    }
}
