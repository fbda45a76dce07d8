import CatalogModel
import CatalogResources
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogStore

@Suite struct MigratorTests {
    static let first = Migration(id: 1, name: "first", sql: "CREATE TABLE a (x INTEGER PRIMARY KEY) STRICT;")
    static let second = Migration(
        id: 2, name: "second", sql: "CREATE TABLE b (y INTEGER PRIMARY KEY) STRICT; INSERT INTO b VALUES (1);")

    /// The checksums computed at build time are the scripts' own (what a catalog recorded
    /// when it applied them), and the files read back exactly.
    @Test func embeddedChecksumsAreTheScriptsSHA256() {
        #expect(!Migration.embedded.isEmpty)
        for migration in Migration.embedded {
            #expect(migration.checksum == SHA256.hex(migration.sql), "\(migration.fileName)")
            #expect(migration.sql.hasPrefix("--") || migration.sql.contains("CREATE"), "\(migration.fileName)")
        }
        for file in EmbeddedFile.seeds.prefix(5) { #expect(file.sha256 == SHA256.hex(file.data), "\(file.path)") }
    }

    @Test func embeddedMigrationsAreWellFormedAndNumberedWithoutGaps() {
        #expect(EmbeddedFile.migrations.count == Migration.embedded.count, "every file is named NNNN_name.sql")
        #expect(Migration.embedded.map(\.id) == Array(1...Migration.embedded.count))
        #expect(Migration.embedded.first?.fileName == "0001_catalog_info.sql")
        for migration in Migration.embedded {
            #expect(EmbeddedFile.migrations.contains { $0.path == migration.fileName })
        }
    }

    @Test(arguments: Storage.allCases)
    func freshDatabaseGetsEveryMigration(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        let applied = try Migrator().migrate(db)
        #expect(applied == Migration.embedded)
        let states = try Migrator().status(of: db)
        #expect(states.allSatisfy { $0.state == .applied })
        #expect(try db.scalar("SELECT count(*) FROM catalog_info WHERE key = 'catalog_id'") == 1)
        let rows = try db.query("SELECT id, name, checksum FROM catalog_migrations ORDER BY id")
        #expect(rows.map { $0["checksum"] } == Migration.embedded.map { .text($0.checksum) })
    }

    /// Migration 10 keeps one publication state per theme, its latest, and orders the
    /// states by when they were written, as the rowid did: the state an input's next
    /// publication starts from is the same before and after. Migration 11 moves each
    /// state's manifest to a row of its own. Migration 12 drops the states, whose
    /// manifests are of a format no longer read (their digests could be collided).
    @Test(arguments: Storage.allCases)
    func publicationStatesKeepEachThemesLatest(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        _ = try Migrator(migrations: Migration.embedded.filter { $0.id < 10 }).migrate(db)
        let sum = SQLValue.blob(Data(count: 32))
        for (theme, ordinal, key) in [("A", 1, "k1"), ("B", 1, "k2"), ("A", 2, "k1"), ("C", 3, "k2")] {
            try db.execute(
                """
                INSERT INTO theme_publication_states (theme, ordinal, source_key, manifest, token_rows, token_sum,
                    value_rows, value_sum, deprecated_count) VALUES (?, ?, ?, ?, 1, ?, 1, ?, 0)
                """,
                [.text(theme), .integer(Int64(ordinal)), .text(key), .blob(Data("\(theme)\(ordinal)".utf8)), sum, sum])
        }
        #expect(
            try Migrator(migrations: Migration.embedded.filter { $0.id < 12 }).migrate(db).map(\.id) == [10, 11])
        let rows = try db.query(
            """
            SELECT theme, ordinal, CAST(manifest AS TEXT) FROM theme_publication_states JOIN theme_publication_manifests
            USING (theme) ORDER BY written
            """)
        #expect(
            rows.map { [$0[0], $0[1], $0[2]] } == [
                [.text("B"), 1, .text("B1")], [.text("A"), 2, .text("A2")], [.text("C"), 3, .text("C3")],
            ])
        for (key, latest) in [("k1", "A"), ("k2", "C")] {
            #expect(
                try db.scalar(
                    "SELECT theme FROM theme_publication_states WHERE source_key = ? ORDER BY written DESC LIMIT 1",
                    [.text(key)]) == .text(latest))
        }
        #expect(try Migrator().migrate(db).map(\.id) == Migration.embedded.filter { $0.id >= 12 }.map(\.id))
        #expect(try db.scalar("SELECT count(*) FROM theme_publication_states") == 0)
        #expect(try db.scalar("SELECT count(*) FROM theme_publication_manifests") == 0)
    }

    @Test(arguments: Storage.allCases)
    func runningTwiceIsANoOp(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        let migrator = Migrator(migrations: [Self.first, Self.second])
        #expect(try migrator.migrate(db).count == 2)
        let before = try db.query("SELECT * FROM catalog_migrations")
        #expect(try migrator.migrate(db).isEmpty)
        #expect(try db.query("SELECT * FROM catalog_migrations") == before)
        #expect(try db.scalar("SELECT count(*) FROM b") == 1)
    }

    @Test(arguments: Storage.allCases)
    func pendingMigrationsApplyInOrder(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try Migrator(migrations: [Self.first]).migrate(db)
        let states = try Migrator(migrations: [Self.second, Self.first]).status(of: db)
        #expect(states.map(\.state) == [.applied, .pending])
        #expect(try Migrator(migrations: [Self.second, Self.first]).migrate(db) == [Self.second])
    }

    @Test(arguments: Storage.allCases)
    func newerDatabaseIsRefused(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try Migrator(migrations: [Self.first, Self.second]).migrate(db)
        let older = Migrator(migrations: [Self.first])
        let error = #expect(throws: MigrationError.self) { try older.migrate(db) }
        #expect(
            error == .newerDatabase(path: db.path, unknown: ["0002_second.sql"], latestKnown: 1))
        #expect(error?.description.contains("Use a newer catalog binary") == true)
        #expect(try older.status(of: db).map(\.state) == [.applied, .unknown])
    }

    @Test(arguments: Storage.allCases)
    func editedMigrationIsRefusedBeforeAnythingRuns(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try Migrator(migrations: [Self.first]).migrate(db)
        let edited = Migration(id: 1, name: "first", sql: "CREATE TABLE a (x INTEGER PRIMARY KEY, z TEXT) STRICT;")
        let migrator = Migrator(migrations: [edited, Self.second])
        let error = #expect(throws: MigrationError.self) { try migrator.migrate(db) }
        guard case .modified(let fileName, let recorded, let current) = error else {
            Issue.record("expected .modified, got \(String(describing: error))")
            return
        }
        #expect(fileName == "0001_first.sql")
        #expect(recorded == Self.first.checksum && current == edited.checksum)
        #expect(error?.description.contains("put the change in a new migration") == true)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
    }

    @Test(arguments: Storage.allCases)
    func failingMigrationLeavesThePreviousVersion(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        let broken = Migration(
            id: 3, name: "broken", sql: "CREATE TABLE c (z INTEGER) STRICT; INSERT INTO missing VALUES (1);")
        let migrator = Migrator(migrations: [Self.first, Self.second, broken])
        let error = #expect(throws: MigrationError.self) { try migrator.migrate(db) }
        guard case .failed(let fileName, let underlying) = error else {
            Issue.record("expected .failed, got \(String(describing: error))")
            return
        }
        #expect(fileName == "0003_broken.sql")
        #expect(underlying.message == "no such table: missing")
        #expect(try migrator.status(of: db).map(\.state) == [.applied, .applied, .pending])
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") == 0)
        #expect(!db.isInTransaction)
    }

    @Test func migrationFileNamesParse() {
        #expect(
            Migration.parse(fileName: "0012_add_usage.sql", text: "x") == Migration(id: 12, name: "add_usage", sql: "x")
        )
        #expect(Migration.parse(fileName: "readme.md", text: "") == nil)
        #expect(Migration.parse(fileName: "12.sql", text: "") == nil)
        #expect(Migration.parse(fileName: "0000_zero.sql", text: "") == nil)
        #expect(Migration.parse(fileName: "0001_.sql", text: "") == nil)
    }
}

@Suite struct RepositoryOpenTests {
    @Test func missingFileIsRefusedUnlessCreating() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("none.db")
        #expect(throws: StoreError.noCatalog(path: path)) { try Repository(path: path, mode: .mustExist) }
        #expect(!FileManager.default.fileExists(atPath: path))
        let repository = try Repository(path: path, mode: .createIfMissing)
        #expect(try repository.catalogID().count == 32)
        #expect(try Repository.migrationStatus(path: path).allSatisfy { $0.state == .applied })
    }

    @Test func statusOfAMissingFileIsAllPendingAndCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("none.db")
        #expect(try Repository.migrationStatus(path: path).map(\.state) == Migration.embedded.map { _ in .pending })
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
