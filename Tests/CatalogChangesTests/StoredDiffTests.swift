import CatalogChanges
import CatalogModel
import CatalogResources
import CatalogStore
import Foundation
import TestSupport
import Testing

@Suite struct StoredDiffTests {
    /// Compares the parts of two diffs that must agree.
    func same(_ a: ThemeDiff, _ b: ThemeDiff) -> Bool {
        a.entries.map { [$0.category.rawValue, $0.path, $0.originalPath ?? ""] }
            == b.entries.map { [$0.category.rawValue, $0.path, $0.originalPath ?? ""] }
            && a.entries.map(\.changes) == b.entries.map(\.changes)
            && a.resolved == b.resolved
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func deltaDiffsEqualFullDiffs(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        var editable = EditableTheme(size: 40)
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        var versions: [Theme] = [editable.theme]
        try publish(editable.theme, to: repository, message: "v0")
        for step in 1...5 {
            for _ in 0..<Int.random(in: 1...6, using: &random) { editable.edit(using: &random) }
            editable.version = Semver(1 + step, 0, 0)
            try publish(editable.theme, to: repository, message: "v\(step)")
            versions.append(editable.theme)
        }
        for (i, old) in versions.enumerated() {
            for new in versions[(i + 1)...] {
                let full = ThemeDiff.compute(from: ThemeDiff.Side(theme: old), to: ThemeDiff.Side(theme: new))
                let stored = try ThemeDiff.stored(
                    theme: old.name, from: old.version, to: new.version, repository: repository)
                #expect(same(full, stored), "\(old.version) → \(new.version)")
                let backward = try ThemeDiff.stored(
                    theme: old.name, from: new.version, to: old.version, repository: repository)
                #expect(
                    same(ThemeDiff.compute(from: ThemeDiff.Side(theme: new), to: ThemeDiff.Side(theme: old)), backward))
            }
        }
    }

    @Test func catalogDiffsMirrorAndFollowTheHistory() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        _ = try repository.commit(message: "seed", author: "t") { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        var theme = try repository.theme(VersionedName(name: "DesignFoundation"))
        theme.version = Semver(2, 0, 0)
        theme.tokens.removeAll { $0.path == "spacing.xxl" }
        try publish(theme, to: repository, message: "drop xxl")
        let head = try #require(try repository.headRevision())
        let first = try repository.revision("#1")
        let forward = try CatalogDiff.compute(from: first, to: head, repository: repository)
        #expect(forward.themes.map(\.name) == ["DesignFoundation"])
        #expect(forward.themes.first?.from == Semver(1, 1, 2) && forward.themes.first?.to == Semver(2, 0, 0))
        #expect(forward.themes.first?.changes.map(\.description) == ["breaking: token spacing.xxl deleted"])
        #expect(forward.level == .breaking)
        let backward = try CatalogDiff.compute(from: head, to: first, repository: repository)
        #expect(backward.themes.first?.changes.map(\.description) == ["additive: token spacing.xxl added"])
        let fromEmpty = try CatalogDiff.compute(from: nil, to: first, repository: repository)
        #expect(fromEmpty.themes.count == 8 && fromEmpty.documents.count == 29)
        #expect(fromEmpty.themes.allSatisfy { $0.from == nil })
    }
}
