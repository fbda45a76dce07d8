import CatalogModel
import CatalogResources
import Foundation
import SQLite
import TestSupport

@testable import CatalogStore

/// A repository on `storage` with the embedded seeds loaded.
func seededRepository(_ storage: Storage, in directory: TemporaryDirectory) throws -> Repository {
    let repository = try Repository(
        path: storage == .memory ? ":memory:" : directory.path("catalog.db"), mode: .createIfMissing)
    _ = try repository.write { transaction in
        try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
    }
    return repository
}

/// A seeded catalog file built once per test process; tests open copies of it.
let seededTemplate: String = {
    let path = FileManager.default.temporaryDirectory.appending(path: "catalog-seeded-\(UUID().uuidString).db").path
    do {
        let repository = try Repository(path: path, mode: .createIfMissing)
        _ = try repository.write { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        try repository.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    } catch {
        fatalError("cannot build the seeded template: \(error)")
    }
    return path
}()

/// A private copy of the seeded template in `directory`.
func seededCopy(in directory: TemporaryDirectory) throws -> Repository {
    let path = directory.path("seeded.db")
    try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
    return try Repository(path: path, mode: .mustExist)
}

/// The capsule style shipped under `Examples/`.
func capsuleDocument() throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/capsule.json")
    return try Data(contentsOf: url)
}
