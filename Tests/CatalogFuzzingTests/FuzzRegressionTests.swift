import CatalogResources
import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogFuzzing

/// Every input the fuzzers ever crashed on, kept under `Regressions/<target>/`, runs
/// through its target again: a trap here is a crash that came back.
@Suite struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Regressions")

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let folder = regressions.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func keptCrashersRunClean(target: FuzzTarget) throws {
        for input in Self.inputs(target) { target.run(try Data(contentsOf: input)) }
    }

    /// Mutations of the seed documents (byte flips, truncations, insertions, splices),
    /// deterministic from a fixed generator: a small fuzz run inside `swift test`.
    @Test(arguments: [FuzzTarget.theme, .style, .spec])
    func mutatedSeedsRunClean(target: FuzzTarget) {
        let suffix = [FuzzTarget.theme: ".tokens.json", .style: ".style.json", .spec: ".spec.json"][target]!
        let documents = EmbeddedFile.seeds.filter { $0.path.hasSuffix(suffix) }.map(\.data)
        #expect(!documents.isEmpty)
        var generator = Mutator(seed: 7)
        for round in 0..<300 {
            target.run(
                generator.mutate(documents[round % documents.count], other: documents.randomElement(using: &generator)!)
            )
        }
    }

    /// JSON5 documents, valid and mutated, through the JSON5 target: lines kept, values
    /// read again the same from their JSON.
    @Test func json5DocumentsKeepTheirLinesAndValues() {
        let rules = Data(
            "\u{FEFF}// c\n{a: 'x\\q\\x41\\v\\0\\\r\ny\\\nz', Infinity: [+1, .5, 5., 0x1F, -2e3,], 'b': \"\t\", /* c\n */ \u{A0}c: null,}\n"
                .utf8)
        FuzzTarget.json5.run(rules)
        var generator = Mutator(seed: 13)
        for _ in 0..<2_000 { FuzzTarget.json5.run(generator.mutate(rules, other: rules)) }
    }

    @Test func aliasGraphsAgreeWithChainWalks() {
        var generator = Mutator(seed: 11)
        for _ in 0..<2_000 {
            FuzzTarget.aliases.run(Data((0..<generator.next(below: 40)).map { _ in UInt8(generator.next(below: 256)) }))
        }
        // A cycle, a missing target, a type mismatch and a dark-only alias, by hand.
        let graph = AliasGraph(Data([3, 0, 3, 0, 5, 2, 1, 0, 2, 6, 2, 0, 0]))
        #expect(graph.nodes.count == 4)
        graph.check()
    }

    @Test func changesetTargetsRejectDamageCleanly() {
        var generator = Mutator(seed: 5)
        let changesets = try! Fixture.lock.withLock {
            try Fixture.shared.repository.database.query("SELECT changeset FROM revisions").compactMap { $0[0].data }
        }
        #expect(!changesets.isEmpty)
        for round in 0..<40 {
            let original = changesets[round % changesets.count]
            FuzzTarget.changesetApply.run(generator.mutate(original, other: original))
        }
    }
}

/// Byte-level mutations drawn from a seeded generator.
struct Mutator: RandomNumberGenerator {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(state: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func mutate(_ data: Data, other: Data) -> Data {
        var bytes = Array(data)
        guard !bytes.isEmpty else { return data }
        switch next(below: 4) {
        case 0:
            for _ in 0...next(below: 4) { bytes[next(below: bytes.count)] ^= UInt8(1 << next(below: 8)) }
        case 1:
            bytes.removeLast(next(below: bytes.count))
        case 2:
            let interesting: [[UInt8]] = [Array("{".utf8), Array("\"{a}\"".utf8), [0xFF], [0], Array("1e999".utf8)]
            bytes.insert(contentsOf: interesting[next(below: interesting.count)], at: next(below: bytes.count))
        default:
            let cut = next(below: bytes.count)
            let otherBytes = Array(other)
            bytes = Array(bytes[..<cut]) + Array(otherBytes[next(below: max(otherBytes.count, 1))...])
        }
        return Data(bytes)
    }
}

/// The differential target on generated edit sequences: a republication by difference
/// gives the catalog a whole read gives, version after version.
@Suite struct DifferentialPublicationTests {
    /// `CATALOG_DIFFERENTIAL_INPUT=<hex>` replays one input step by step (a failure's).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CATALOG_DIFFERENTIAL_INPUT"] != nil))
    func replay() {
        let hex = Array(ProcessInfo.processInfo.environment["CATALOG_DIFFERENTIAL_INPUT"]!.utf8)
        let bytes = stride(from: 0, to: hex.count - 1, by: 2).map {
            UInt8(String(decoding: hex[$0...($0 + 1)], as: UTF8.self), radix: 16)!
        }
        var tally = DifferentialPublication.Tally()
        let difference = DifferentialPublication.firstDifference(Data(bytes), tally: &tally) { print($0) }
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func republicationsByDifferenceEqualWholeReads() {
        var generator = Mutator(seed: 51)
        var failures: [String] = []
        var tally = DifferentialPublication.Tally()
        for _ in 0..<Int(ProcessInfo.processInfo.environment["CATALOG_DIFFERENTIAL_RUNS"] ?? "150")! {
            let input = Data((0..<generator.next(below: 400)).map { _ in UInt8(generator.next(below: 256)) })
            if let difference = DifferentialPublication.firstDifference(input, tally: &tally) {
                failures.append("input \(input.map { String(format: "%02x", $0) }.joined()):\n\(difference)")
                if failures.count >= 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        // The comparison means something only where republications went by difference.
        print("differential: \(tally.versions) versions, \(tally.byDifference) by difference")
        #expect(tally.byDifference * 6 > tally.versions, "\(tally.byDifference) of \(tally.versions) by difference")
    }
}
