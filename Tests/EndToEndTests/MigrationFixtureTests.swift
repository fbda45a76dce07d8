import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

/// `Tests/Fixtures/migrations/schema-4.catalog.db` was made by the first schema that
/// shipped (migrations 0001–0004): the seeds, capsule, a usage scan of the scanner's
/// fixture app, so that every table holds rows. Whatever migrations come later, the
/// current binary must upgrade it with every row and every answer intact.
@Suite struct MigrationFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/migrations/schema-4.catalog.db")

    static func rowCounts(_ path: String) throws -> [String: Int64] {
        let database = try Database(path: path)
        var counts: [String: Int64] = [:]
        for table in try database.query("SELECT name FROM sqlite_schema WHERE type = 'table'").compactMap({
            $0[0].string
        }) {
            // Table names come from sqlite_schema.
            counts[table] = try database.scalar("SELECT count(*) FROM \"\(table)\"")?.int64
        }
        return counts
    }

    @Test func theFirstSchemaUpgradesWithItsContentIntact() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.db")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let before = try Self.rowCounts(path)
        #expect(before.count >= 19)
        #expect(before.filter { $0.value == 0 }.isEmpty, "the fixture has rows in every table: \(before)")

        let migrate = try CatalogProcess.run(["--db", path, "migrate"])
        #expect(migrate.status == 0, "\(migrate.stderr)")
        let status = try CatalogProcess.run(["--db", path, "migrate", "--status"])
        #expect(status.stdout.contains(" 0 pending."), "\(status.stdout)")
        let check = try CatalogProcess.run(["--db", path, "check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("is sound (2 revisions"))

        let after = try Self.rowCounts(path)
        for (table, count) in before where table != "catalog_migrations" {
            #expect(after[table] == count, "\(table): \(count) rows before, \(after[table] ?? -1) after")
        }

        let resolved = try CatalogProcess.run([
            "--db", path, "style", "resolve", "capsule", "--theme", "DesignFoundation", "--role", "destructive",
            "--state", "pressed",
        ])
        #expect(resolved.stdout.contains("#FF3B30CC"))
        let usage = try CatalogProcess.run(["--db", path, "usage", "DFButton"])
        #expect(usage.stdout.contains("App/DFButtonSamples.swift:30:9  in SettingsView.body"))
        let log = try CatalogProcess.run(["--db", path, "log"])
        #expect(log.stdout.contains("add-style capsule 1.0.0"))
    }

    /// Every released schema, not only the first: the fixture brought to schema `version`
    /// by the migrations themselves (with a kept publication state where the schema has
    /// one), then upgraded by the binary. `check` passes, no row of a table both schemas
    /// have is lost (but the states and manifests migration 12 drops by design), and the
    /// answers hold.
    @Test(arguments: 4..<Migrator().latestVersion)
    func everyReleasedSchemaUpgradesWithItsContentIntact(version: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.db")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        do {
            let database = try Database(path: path)
            let upTo = { (last: Int) in Migrator(migrations: Migration.embedded.filter { $0.id <= last }) }
            if version >= 9 {
                // A state as schema 9's binary kept it, carried through 10 and 11 where the
                // schema is newer (migration 12 drops it by design).
                try upTo(9).migrate(database)
                try database.execute(
                    """
                    INSERT INTO theme_publication_states (theme, ordinal, source_key, manifest, token_rows,
                        token_sum, value_rows, value_sum, deprecated_count)
                    SELECT theme, ordinal, 'source', X'00', 1, zeroblob(32), 1, zeroblob(32), 0
                    FROM theme_versions ORDER BY theme, ordinal LIMIT 1
                    """)
            }
            try upTo(version).migrate(database)
        }
        let before = try Self.rowCounts(path)
        let migrate = try CatalogProcess.run(["--db", path, "migrate"])
        #expect(migrate.status == 0, "schema \(version): \(migrate.stderr)")
        let check = try CatalogProcess.run(["--db", path, "check"])
        #expect(check.status == 0, "schema \(version): \(check.stdout)\(check.stderr)")
        let after = try Self.rowCounts(path)
        for (table, count) in before
        where table != "catalog_migrations" && !table.hasPrefix("theme_publication_") && after[table] != nil {
            #expect(
                after[table] == count, "schema \(version), \(table): \(count) rows before, \(after[table] ?? -1) after")
        }
        let resolved = try CatalogProcess.run([
            "--db", path, "style", "resolve", "capsule", "--theme", "DesignFoundation", "--role", "destructive",
            "--state", "pressed",
        ])
        #expect(resolved.stdout.contains("#FF3B30CC"), "schema \(version)")
        let usage = try CatalogProcess.run(["--db", path, "usage", "DFButton"])
        #expect(usage.stdout.contains("App/DFButtonSamples.swift:30:9  in SettingsView.body"), "schema \(version)")
    }
}
