#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogScanner
    import CatalogUsage
    import Foundation
    import Testing

    /// The vocabulary a scan keeps beside the catalog scans as the one drawn from the specs,
    /// and is kept under a digest that every spec version's content changes.
    @Suite struct KeptVocabularyTests {
        @Test func aKeptVocabularyFindsWhatTheDrawnOneFinds() throws {
            let drawn = try seededVocabulary()
            let stored = try drawn.stored()
            let kept = try UsageVocabulary(stored: stored)
            #expect(try kept.stored() == stored)
            let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.appending(path: "App").path)
                .filter { $0.hasSuffix(".swift") }.sorted()
            #expect(files.count >= 5)
            var sites = 0
            for name in files {
                let source = try String(contentsOf: fixtures.appending(path: "App/\(name)"), encoding: .utf8)
                let expected = SourceScanner(vocabulary: drawn).scan(source: source, file: name).map(describe)
                #expect(SourceScanner(vocabulary: kept).scan(source: source, file: name).map(describe) == expected)
                sites += expected.count
            }
            #expect(sites > 20)
        }

        @Test func theDigestFollowsEverySpecVersion() {
            let versions = [("DFButton", "1.2.0", "aa"), ("OUDSButton", "3.0.0", "bb")]
            let digest = UsageVocabulary.digest(of: versions)
            #expect(UsageVocabulary.digest(of: versions.reversed()) == digest, "the order does not count")
            #expect(UsageVocabulary.digest(of: [versions[0], ("OUDSButton", "3.0.0", "bc")]) != digest)
            #expect(UsageVocabulary.digest(of: [versions[0]]) != digest)
            #expect(UsageVocabulary.digest(of: versions + [("PillButton", "1.0.0", "cc")]) != digest)
        }

        @Test func anotherFormIsNotReadAsAVocabulary() {
            #expect(throws: (any Error).self) { try UsageVocabulary(stored: #"{"components": 3}"#) }
            #expect(throws: (any Error).self) { try UsageVocabulary(stored: "") }
        }
    }
#endif
