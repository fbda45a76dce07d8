import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

/// The use cases `seed`, `theme diff`, `theme list` and `check` call, as a library user
/// calls them: each whole in CatalogOperations, the CLI only parsing and rendering.
@Suite struct CatalogUseCaseTests {
    static let note = RevisionNote(message: "seed", author: "test")

    @Test func seedPublishesOnceAndSaysWhatTheCatalogHolds() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let first = try Catalog.seed(from: nil, at: db, note: Self.note)
        #expect(first.revision != nil)
        #expect(first.report.items.allSatisfy { $0.outcome == .published })
        #expect(first.themeCount == 8 && first.styleVersionCount > 0)
        #expect(first.specs.map(\.name).contains("DFButton"))
        // Again: nothing published, no revision, the same holdings.
        let again = try Catalog.seed(from: nil, at: db, note: Self.note)
        #expect(again.revision == nil && !again.report.items.contains { $0.outcome == .published })
        #expect(again.themeCount == first.themeCount && again.specs.count == first.specs.count)
    }

    @Test func seedFromAFolderThatIsNoneLeavesNoCatalog() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let missing = directory.path("nowhere")
        #expect {
            try Catalog.seed(from: missing, at: db, note: Self.note)
        } throws: { error in
            "\(error)".contains("nowhere") && "\(error)".contains("not a folder of seeds")
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func themesAreComparedAsFilesOrPublishedVersions() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        let old = directory.path("brand.tokens.json")
        let new = directory.path("next.tokens.json")
        try ##"{"color": {"$type": "color", "primary": {"$value": "#FF0000"}, "gone": {"$value": "#000000"}}}"##
            .write(toFile: old, atomically: true, encoding: .utf8)
        try ##"{"color": {"$type": "color", "primary": {"$value": "#00FF00"}}}"##
            .write(toFile: new, atomically: true, encoding: .utf8)
        // Two files and no catalog: compared without creating one, no impact.
        let files = try Catalog.compareThemes(old, new, catalogAt: db)
        #expect(files.impact == nil && files.diff.isBreaking)
        #expect(files.diff.entries.map(\.path).sorted() == ["color.gone", "color.primary"])
        #expect(!FileManager.default.fileExists(atPath: db))
        // A published version against a file: the catalog gives the impact.
        _ = try Catalog.seed(from: nil, at: db, note: Self.note)
        let mixed = try Catalog.compareThemes("DesignFoundation@1.1.2", new, catalogAt: db)
        #expect(mixed.impact != nil && mixed.diff.isBreaking)
        // Two versions of one theme.
        let versions = try Catalog.compareThemes("DesignFoundation@1.0.3", "DesignFoundation@1.1.2", catalogAt: db)
        #expect(versions.diff.entries.contains { $0.path == "typography.labelLarge" && $0.category == .added })
        #expect {
            try Catalog.compareThemes("nope@1.x", new, catalogAt: db)
        } throws: { error in
            "\(error)" == "'nope@1.x' is neither a token file nor NAME@VERSION"
        }
    }

    @Test func themeListingAndHealthCountUnresolvedTokens() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        _ = try Catalog.seed(from: nil, at: db, note: Self.note)
        let file = directory.path("odd.tokens.json")
        // One token refers to nothing: kept going past it, and counted as unresolved.
        try ##"{"a": {"$type": "color", "$value": "#FF0000"}, "b": {"$type": "color", "$value": "{missing.token}"}}"##
            .write(toFile: file, atomically: true, encoding: .utf8)
        let input = try ThemeInput.files([file], naming: .init(name: "Odd", version: Semver(1, 0, 0)), keepGoing: true)
        _ = try Catalog.addTheme(input, at: db, dryRun: false, note: { _, _ in Self.note }, reported: { _ in })
        let catalog = try Catalog(path: db)
        let listing = try catalog.themeListing()
        let odd = try #require(listing.first { $0.summary.name == "Odd" })
        #expect(odd.tokens == 2 && odd.unresolved == 1)
        #expect(listing.filter { $0.summary.name != "Odd" }.allSatisfy { $0.unresolved == 0 })
        let health = try catalog.health()
        #expect(health.problems.isEmpty && health.head?.sequence == 2)
        #expect(health.unresolved.map(\.theme) == ["Odd"] && health.unresolved.map(\.count) == [1])
    }

    @Test func aStyleIsResolvedInItsOwnThemeOrTheOneGiven() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        _ = try Catalog.seed(from: nil, at: db, note: Self.note)
        let catalog = try Catalog(path: db)
        let filled = VersionedName(name: "DFButton.filled")
        // Its own theme, dark, destructive: DesignFoundation's systemRed in dark.
        let own = try catalog.resolveStyle(filled, modes: ["dark"], role: "destructive")
        #expect(own.theme.name == "DesignFoundation")
        #expect(own.resolved.background.color?.hexRGBA == "#FF453AFF")
        // Another theme, by name; a theme or role the catalog lacks is a usage mistake.
        let aurora = try catalog.resolveStyle(filled, theme: VersionedName(name: "DesignFoundation-Aurora"))
        #expect(aurora.theme.name == "DesignFoundation-Aurora")
        #expect(aurora.resolved.background.color?.hexRGBA == "#6C47FFFF")
        #expect {
            try catalog.resolveStyle(filled, theme: VersionedName(name: "DesignFoundaton"))
        } throws: { error in
            guard case StyleRequestError.unknownTheme("DesignFoundaton", let themes) = error else { return false }
            return themes.count == 8 && (error as? CatalogFailure)?.exitStatus == .usage
        }
        #expect {
            try catalog.resolveStyle(filled, role: "primary")
        } throws: { error in
            guard case StyleRequestError.unknownRole("primary", let roles) = error else { return false }
            return roles == ["cancel", "destructive"]
        }
        #expect(throws: ModeContextError.self) { try catalog.resolveStyle(filled, modes: ["sepia"]) }
    }

    @Test func migratingSaysWhatWasAppliedOnce() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        #expect(throws: (any Error).self) { try Catalog.migrate(at: db, create: false) }
        #expect(!FileManager.default.fileExists(atPath: db))
        let created = try Catalog.migrate(at: db, create: true)
        let all = try Catalog.migrationStatus(path: db)
        #expect(!created.existed && created.applied.map(\.id) == all.map(\.id))
        #expect(created.schemaVersion == all.last?.id && all.allSatisfy { $0.state != .pending })
        let again = try Catalog.migrate(at: db, create: false)
        #expect(again.existed && again.applied.isEmpty && again.schemaVersion == created.schemaVersion)
    }

    @Test func aChangesetFileIsAppliedOrItsImpactShownByItsPath() throws {
        let directory = try TemporaryDirectory()
        let (source, replica, file) = (directory.path("a.db"), directory.path("b.db"), directory.path("all.changeset"))
        _ = try Catalog.seed(from: nil, at: source, note: Self.note)
        try Catalog(path: source).exportChangeset(from: nil, to: nil, readable: false).data.write(
            to: URL(fileURLWithPath: file))
        // Its impact on an empty catalog: every theme new.
        _ = try Catalog.migrate(at: replica, create: true)
        let impact = try Catalog.impact(ofChangesetAt: file, catalogAt: replica, project: nil)
        #expect(impact.count == 8 && impact.allSatisfy { $0.report == nil })
        var heard: Set<String> = []
        let (name, report) = try Catalog.apply(changesetAt: file, to: replica, merge: false, author: "test") {
            name, _, _ in heard.insert(name)
        }
        #expect(name == file && heard == [file] && report.applied.count == 1)
        #expect(try Catalog(path: replica).themes().count == (try Catalog(path: source).themes().count))
        // A file that is no changeset: refused, naming it, the replica as it was.
        let bad = directory.path("bad.changeset")
        try Data("not a changeset".utf8).write(to: URL(fileURLWithPath: bad))
        #expect {
            try Catalog.apply(changesetAt: bad, to: replica, merge: false, author: "test")
        } throws: { error in
            (error as? CatalogFailure)?.failureLines(database: nil).contains { $0.location?.hasPrefix(bad) == true }
                == true
        }
        #expect(try Catalog(path: replica).revisions().count == 1)
    }
}
