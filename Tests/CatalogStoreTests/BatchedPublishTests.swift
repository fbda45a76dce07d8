import CatalogModel
import Foundation
import SQLite
import Testing

@testable import CatalogStore

/// A publication writes its rows a batch of tokens at a time (``DeltaBatches``), each batch
/// compared with the stored rows of its path range only: across batch boundaries, rows
/// must be closed, kept and inserted exactly as a comparison of every row would.
@Suite struct BatchedPublishTests {
    @Test func batchesCoverEveryPathInByteOrder() {
        let paths = ["b", "a.b", "a-b", "A", "é", "z", "a"]
        let batches = DeltaBatches(paths.map { Token(path: $0, type: .color, value: .string("#000000")) }, size: 3)
        let ordered = batches.batches.flatMap { $0.positions.map { paths[$0] } }
        #expect(ordered == ["A", "a", "a-b", "a.b", "b", "z", "é"])  // by UTF-8 bytes, as SQLite's BINARY
        let ranges = batches.batches.map(\.range)
        #expect(ranges.map(\.lower) == [nil, "a.b", "é"])
        #expect(ranges.map(\.upper) == ["a.b", "é", nil])
        let empty = DeltaBatches([]).batches
        #expect(empty.count == 1 && empty[0].positions.isEmpty && empty[0].range.lower == nil)
    }

    /// 20,000 tokens (three batches): one in ten an alias of the token before it, one in
    /// twenty with a dark value; `edit` changes the list before it becomes a theme.
    static func theme(
        _ version: String, modes: [String] = ["light", "dark"], edit: (inout [Token]) -> Void = { _ in }
    ) -> Theme {
        var tokens = (0..<20_000).map { index -> Token in
            let path = "g\(index / 1_000).t\(index)"
            let value = index % 10 == 9 ? "{g\((index - 1) / 1_000).t\(index - 1)}" : String(format: "#%06X", index)
            let modes = index % 20 == 0 ? [ModeValue(ModeKey("colorScheme", "dark"), .string("#FFFFFF"))] : []
            return Token(path: path, type: .color, value: .string(value), modes: modes)
        }
        edit(&tokens)
        return Theme(
            name: "Batched", version: Semver(version)!,
            dimensions: [ModeDimension(name: "colorScheme", modes: modes, defaultMode: "light")], tokens: tokens)
    }

    func publish(_ theme: Theme, to repository: Repository) throws {
        _ = try repository.commit(message: "\(theme.version)", author: "test") { transaction in
            try repository.publish(theme: theme, document: "", sourceFile: "t.json", in: transaction)
        }
    }

    /// What the catalog holds for `theme`'s version: its tokens, values and resolved values.
    func expectStored(_ theme: Theme, in repository: Repository) throws {
        let stored = try repository.theme(VersionedName(name: theme.name, version: theme.version))
        #expect(stored.tokens.count == theme.tokens.count)
        let byPath = Dictionary(uniqueKeysWithValues: stored.tokens.map { ($0.path, $0) })
        for token in theme.tokens {
            #expect(byPath[token.path]?.value == token.value, "\(theme.version) \(token.path)")
            #expect(byPath[token.path]?.modes == token.modes, "\(theme.version) \(token.path) modes")
        }
        let resolver = TokenResolver(theme: theme)
        for (mode, context) in resolver.standardContexts {
            let resolved = try repository.resolvedTokens(theme: theme.name, version: theme.version, context: mode)
            #expect(resolved == resolver.resolveAll(in: context).values, "\(theme.version) mode '\(mode)'")
        }
    }

    @Test func rowsAcrossBatchBoundariesAreClosedKeptAndInserted() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        let first = Self.theme("1.0.0")
        // Sorted by bytes, g16.t16xxx and g7.t7xxx sit near the batch boundaries (8,192 and
        // 16,384 of 20,000); removed, changed and added tokens fall in every batch.
        let second = Self.theme("1.1.0") { tokens in
            tokens.removeAll { ["g0.t5", "g7.t7200", "g16.t16400", "g19.t19999"].contains($0.path) }
            for index in tokens.indices where [3, 7201, 16401, 19998].contains(index) {
                tokens[index].value = .string("#ABCDEF")
            }
            tokens.append(Token(path: "g7.t7200x", type: .color, value: .string("{g0.t0}")))
            tokens.append(Token(path: "a.first", type: .color, value: .string("#000001")))
            tokens.append(Token(path: "zz.last", type: .color, value: .string("{a.first}")))
        }
        // New modes: every resolved row is written again, in batches against the stored ones.
        let third = Self.theme("2.0.0", modes: ["light", "dark", "dim"]) { tokens in
            tokens[0].modes.append(ModeValue(ModeKey("colorScheme", "dim"), .string("#101010")))
        }
        for theme in [first, second, third] {
            try publish(theme, to: repository)
            try expectStored(theme, in: repository)
        }
        try expectStored(second, in: repository)  // an earlier version still reads as published
        let current = try repository.database.scalar(
            "SELECT count(*) FROM token_values WHERE theme = 'Batched' AND until IS NULL")?.int64
        #expect(current.map(Int.init) == 20_000 + 1_000 + 1)  // a value per token, 1,000 dark, one dim
        #expect(try repository.maintainedContentHash() == repository.contentHash())
        #expect(try repository.check().isEmpty)
    }
}
