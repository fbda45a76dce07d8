import CatalogModel
import CatalogResources
import CatalogStore
import CatalogUsage
import Foundation
import Testing

/// The vocabulary of the seeded specs.
func seededVocabulary() throws -> UsageVocabulary {
    let repository = try Repository(path: ":memory:", mode: .createIfMissing)
    _ = try repository.write { try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }) }
    return UsageVocabulary(specs: try repository.latestSpecs())
}

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

func scan(_ name: String) throws -> [UsageSite] {
    let source = try String(contentsOf: fixtures.appending(path: "App/\(name)"), encoding: .utf8)
    return SourceScanner(vocabulary: try seededVocabulary()).scan(source: source, file: name)
}

@Suite struct ScannerTests {
    @Test func dump() throws {
        for name in ["DFButtonSamples.swift", "Tricky.swift", "OUDSAndVariants.swift"] {
            for site in try scan(name) { print(site) }
        }
    }
}
