import CatalogModel
import CatalogOperations
import CatalogResources
import CatalogStore
import CatalogSync
import CatalogTokenFiles
import Foundation
import SQLite
import TestSupport
import Testing

@Suite struct ChangesetTests {
    /// A seeded catalog file, and a copy of it.
    func seededPair(in directory: TemporaryDirectory) throws -> (Repository, Repository) {
        let source = try Repository(path: directory.path("source.db"), mode: .createIfMissing)
        _ = try source.commit(message: "seed", author: "test") { transaction in
            try source.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        try source.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: directory.path("source.db"), toPath: directory.path("copy.db"))
        return (source, try Repository(path: directory.path("copy.db"), mode: .mustExist))
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEditsTravelAndArriveIdentical(seed: UInt64) throws {
        try travel(seed: seed, requireSQLDiff: false)
    }

    /// The same, row for row as sqldiff sees it: run where sqldiff is installed (and always
    /// under CI); skipped elsewhere with the line that installs it.
    @Test(
        .enabled(
            if: ExternalTool.shouldRun("sqldiff"),
            "sqldiff is not installed (Debian: apt-get install sqlite3-tools); .ci/run installs it"))
    func sqldiffSeesIdenticalCatalogs() throws {
        try travel(seed: 6, requireSQLDiff: true)
    }

    /// Random edits exported from one catalog and applied to a copy of its start; with
    /// sqldiff installed (required when `requireSQLDiff`), the two files are compared row by row.
    func travel(seed: UInt64, requireSQLDiff: Bool) throws {
        let directory = try TemporaryDirectory()
        var random = SeededGenerator(state: seed)
        var editable = EditableTheme(size: 30)
        let source = try Repository(path: directory.path("source.db"), mode: .createIfMissing)
        try publish(editable.theme, to: source, message: "first")
        try source.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: directory.path("source.db"), toPath: directory.path("target.db"))
        let revisionA = try #require(try source.headRevision())
        for step in 0..<Int.random(in: 2...6, using: &random) {
            for _ in 0..<Int.random(in: 1...8, using: &random) { editable.edit(using: &random) }
            editable.version.minor += 1
            try publish(editable.theme, to: source, message: "step \(step)")
        }
        let revisionB = try #require(try source.headRevision())
        let file = try ChangesetSync.export(from: revisionA.id, to: nil, repository: source)
        let decoded = try ChangesetFile.decode(file.encoded(), file: "ab.changeset")
        #expect(decoded == file)
        let target = try Repository(path: directory.path("target.db"), mode: .mustExist)
        let report = try ChangesetApply.apply(decoded, to: target, author: "test")
        #expect(
            report.applied.map(\.id)
                == (try source.revisions(after: revisionA.sequence, through: revisionB.sequence)).map(\.id))
        #expect(try target.contentHash() == revisionB.contentHash)
        #expect(try target.headRevision() == revisionB)
        try target.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try source.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // In process, always: both files attached, schemas equal, every table's rows equal both ways.
        #expect(try Self.differences(directory.path("source.db"), directory.path("target.db")) == [])
        let difference = try sqldiff(directory.path("source.db"), directory.path("target.db"))
        if let difference {
            #expect(difference == "", "sqldiff found differences")
        } else if requireSQLDiff || ExternalTool.isCI {
            Issue.record("sqldiff is not installed (Debian: apt-get install sqlite3-tools)")
        }
        let again = try ChangesetApply.apply(decoded, to: target, author: "test")
        #expect(again.applied.isEmpty && again.skipped == decoded.revisions.count)
    }

    /// What differs between two database files, as sqldiff would say it, computed with
    /// SQLite alone: the schema of each table, then the rows only one side has, both ways.
    static func differences(_ a: String, _ b: String) throws -> [String] {
        let database = try Database(path: a)
        try database.execute("ATTACH DATABASE '\(b.replacingOccurrences(of: "'", with: "''"))' AS other")
        let schema = "SELECT name, sql FROM %@.sqlite_schema WHERE name NOT LIKE 'sqlite_%%' ORDER BY name"
        let left = try database.query(
            schema.replacingOccurrences(of: "%@", with: "main").replacingOccurrences(of: "%%", with: "%"))
        let right = try database.query(
            schema.replacingOccurrences(of: "%@", with: "other").replacingOccurrences(of: "%%", with: "%"))
        var problems: [String] = []
        if left != right { problems.append("the schemas differ") }
        let tables = try database.query(
            "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).compactMap { $0[0].string }
        for table in tables {
            let quoted = "\"\(table.replacingOccurrences(of: "\"", with: "\"\""))\""
            for (from, to) in [("main", "other"), ("other", "main")] {
                let count =
                    try database.scalar(
                        "SELECT count(*) FROM (SELECT * FROM \(from).\(quoted) EXCEPT SELECT * FROM \(to).\(quoted))")?
                    .int64 ?? -1
                if count != 0 { problems.append("\(table): \(count) rows only in \(from)") }
            }
        }
        return problems
    }

    @Test func theInProcessComparisonSeesADifference() throws {
        let directory = try TemporaryDirectory()
        let (source, copy) = try seededPair(in: directory)
        #expect(try Self.differences(directory.path("source.db"), directory.path("copy.db")) == [])
        try copy.database.execute("PRAGMA foreign_keys = OFF")
        try copy.database.execute("DELETE FROM theme_modes WHERE theme = 'Sosh' AND mode = 'dark'")
        try copy.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let removed =
            try source.database.scalar(
                "SELECT count(*) FROM theme_modes WHERE theme = 'Sosh' AND mode = 'dark'")?.int64 ?? 0
        #expect(removed > 0)
        #expect(
            try Self.differences(directory.path("source.db"), directory.path("copy.db"))
                == ["theme_modes: \(removed) rows only in main"])
    }

    @Test func wholeHistoryBringsAnEmptyCatalogUpToDate() throws {
        let directory = try TemporaryDirectory()
        let (source, _) = try seededPair(in: directory)
        let file = try ChangesetSync.export(from: nil, to: nil, repository: source)
        #expect(file.base == nil)
        let empty = try Repository(path: ":memory:", mode: .createIfMissing)
        let report = try ChangesetApply.apply(file, to: empty, author: "test")
        #expect(report.applied.count == 1)
        #expect(try empty.contentHash() == (try source.contentHash()))
        #expect(try empty.catalogID() == (try source.catalogID()))
        #expect(try empty.revisions() == (try source.revisions()))
    }

    /// A theme's rows are inserted in bulk outside the commit's session and written into
    /// its changeset as INSERTs of their final state: two versions in one commit (the
    /// second closing rows the first inserted) are one INSERT per row, no UPDATE, and the
    /// changeset brings an empty catalog to the same rows and content hash.
    @Test func bulkInsertsAreRecordedAsTheyEndUp() throws {
        let directory = try TemporaryDirectory()
        let source = try Repository(path: directory.path("bulk.db"), mode: .createIfMissing)
        var edited = EditableTheme(size: 300)
        let first = edited.theme
        edited.version = Semver(1, 1, 0)
        edited.tokens["group0.token0"]?.value = Color(red: 1, green: 0, blue: 0).dtcg
        let second = edited.theme
        let (_, revision) = try source.commit(message: "two versions", author: "test") { transaction in
            for theme in [first, second] {
                try source.publish(
                    theme: theme, document: DocumentDigest(ThemeWriter.dtcg(theme).serialized()),
                    sourceFile: "synthetic.json",
                    in: transaction)
            }
        }
        let changeset = try source.changeset(of: #require(revision))
        var operations: [String: [ChangesetChange.Operation: Int]] = [:]
        try source.database.forEachChange(in: changeset) { change in
            operations[change.table, default: [:]][change.operation, default: 0] += 1
        }
        // 300 tokens, and token0's value and resolved value once more for 1.1.0.
        #expect(operations["tokens"] == [.insert: 300])
        #expect(operations["token_values"] == [.insert: 301])
        #expect(operations["resolved_tokens"]?[.update] == nil)
        let closed = try source.database.scalar(
            "SELECT count(*) FROM token_values WHERE path = 'group0.token0' AND until IS NOT NULL")
        #expect(closed?.int64 == 1)

        let file = try ChangesetSync.export(from: nil, to: nil, repository: source)
        let empty = try Repository(path: directory.path("replica.db"), mode: .createIfMissing)
        _ = try ChangesetApply.apply(file, to: empty, author: "test")
        #expect(try empty.contentHash() == (try source.contentHash()))
        try empty.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try source.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // The content tables hold the same rows (the catalogs' identities and migration times differ).
        let content = Set(try source.contentTables())
        let differences = try Self.differences(directory.path("bulk.db"), directory.path("replica.db")).filter {
            content.contains(String($0.prefix { $0 != ":" }))
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func damagedFilesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let (source, copy) = try seededPair(in: directory)
        _ = try source.commit(message: "capsule", author: "test") { transaction in
            let data = try Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appending(path: "Examples/capsule.json"))
            let (style, document) = try StyleReader.read(data, file: "capsule.json")
            return try source.publish(
                style: style, document: document, text: String(decoding: data, as: UTF8.self),
                sourceFile: "capsule.json", in: transaction)
        }
        let encoded = try ChangesetSync.export(from: "HEAD~1", to: nil, repository: source).encoded()
        let before = try copy.contentHash()
        var flipped = encoded
        flipped[flipped.count / 2] ^= 0x10
        for (bytes, message) in [
            (encoded.prefix(encoded.count - 30), "the file is truncated or damaged"),
            (flipped, "checksum mismatch: the file was damaged or edited after export"),
            (Data("hello".utf8), "not a catalog changeset file"),
        ] {
            let error = #expect(throws: DocumentError.self) {
                try ChangesetFile.decode(Data(bytes), file: "x.changeset")
            }
            #expect(error?.diagnostics.first?.message.hasPrefix(message) == true, "\(String(describing: error))")
        }
        #expect(try copy.contentHash() == before)
    }

    @Test func anotherBaseOrADivergedCatalogIsRefusedAndUnchanged() throws {
        let directory = try TemporaryDirectory()
        let (source, copy) = try seededPair(in: directory)
        var theme = EditableTheme(size: 5)
        try publish(theme.theme, to: source, message: "one")
        theme.version = Semver(1, 1, 0)
        theme.add(99)
        try publish(theme.theme, to: source, message: "two")
        // The copy lacks revision "one", the base of a file exported --from it.
        let onlyTwo = try ChangesetSync.export(from: "HEAD~1", to: nil, repository: source)
        let before = try copy.contentHash()
        #expect(throws: SyncError.missingBase(onlyTwo.base!)) {
            try ChangesetApply.apply(onlyTwo, to: copy, author: "test")
        }
        // The copy diverges: it publishes its own theme version.
        var local = EditableTheme(size: 3)
        local.name = "Local"
        try publish(local.theme, to: copy, message: "local")
        let diverged = try copy.contentHash()
        let whole = try ChangesetSync.export(from: nil, to: nil, repository: source)
        let error = #expect(throws: SyncError.self) { try ChangesetApply.apply(whole, to: copy, author: "test") }
        #expect(error?.description.hasPrefix("this catalog has diverged") == true)
        #expect(try copy.contentHash() == diverged)
        #expect(before != diverged)
        // With --merge the non-conflicting changes come in as one local revision.
        let merged = try ChangesetApply.apply(whole, to: copy, merge: true, author: "test")
        #expect(merged.mergeRevision?.message.hasPrefix("merge 2 revisions from catalog") == true)
        #expect(try copy.theme(VersionedName(name: "Synthetic")).version == Semver(1, 1, 0))
    }

    @Test func conflictsApplyNothingAndNameEveryRow() throws {
        let directory = try TemporaryDirectory()
        let (source, copy) = try seededPair(in: directory)
        let shared = EditableTheme(size: 4)
        try publish(shared.theme, to: source, message: "source version")
        var other = shared
        other.tokens["group0.token0"]?.description = "a local description"
        try publish(other.theme, to: copy, message: "copy version")
        let before = try copy.contentHash()
        let file = try ChangesetSync.export(from: "HEAD~1", to: nil, repository: source)
        let error = #expect(throws: SyncError.self) {
            try ChangesetApply.apply(file, to: copy, merge: true, author: "test")
        }
        guard case .conflicts(let conflicts) = error else {
            Issue.record("expected conflicts, got \(String(describing: error))")
            return
        }
        #expect(
            conflicts.contains { $0.conflict.kind == .alreadyExists && $0.conflict.change.table == "theme_versions" })
        let tokenConflict = try #require(
            conflicts.first {
                $0.conflict.change.table == "tokens" && $0.conflict.change.keyValues.contains(.text("group0.token0"))
            })
        #expect(tokenConflict.description.contains("local:    theme=Synthetic, path=group0.token0"))
        #expect(tokenConflict.description.contains("description=a local description"))
        #expect(try copy.contentHash() == before)
        #expect(try copy.headRevision()?.message == "copy version")
    }

    @Test func changesetsCannotTouchBookkeepingTables() throws {
        let directory = try TemporaryDirectory()
        let scratch = try Database(path: directory.path("scratch.db"))
        try scratch.execute(
            "CREATE TABLE catalog_migrations (id INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT)")
        let session = try Session(database: scratch, tables: ["catalog_migrations"])
        try scratch.execute("INSERT INTO catalog_migrations VALUES (99, 'evil', 'x', 'now')")
        let changeset = try session.changeset()
        let target = try Repository(path: ":memory:", mode: .createIfMissing)
        #expect(throws: ChangesetFormatError.self) {
            _ = try target.write { transaction in try target.apply(changeset: changeset, in: transaction) }
        }
        #expect(try target.database.scalar("SELECT count(*) FROM catalog_migrations WHERE id = 99") == 0)
    }
}
