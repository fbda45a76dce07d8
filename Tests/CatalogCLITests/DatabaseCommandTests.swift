import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

@Suite struct DatabaseCommandTests {
    @Test func initCreatesAndMigratesThenIsIdempotent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.db")
        let first = runCatalog(["init", "--db", path])
        #expect(first.status == 0)
        #expect(
            first.stdout == "Initialized catalog at \(path) (schema version \(Migrator().latestVersion), "
                + "\(Migration.embedded.count) migration\(Migration.embedded.count == 1 ? "" : "s") applied).\n")
        let second = runCatalog(["init", "--db", path])
        #expect(second.status == 0)
        #expect(second.stdout == "Catalog at \(path) is up to date (schema version \(Migrator().latestVersion)).\n")
    }

    @Test func environmentSelectsTheDatabaseAndOptionOverridesIt() throws {
        let directory = try TemporaryDirectory()
        let fromEnvironment = directory.path("env.db")
        let fromOption = directory.path("opt.db")
        #expect(runCatalog(["init"], environment: ["CATALOG_DB": fromEnvironment]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnvironment))
        #expect(runCatalog(["init", "--db", fromOption], environment: ["CATALOG_DB": fromEnvironment]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fromOption))
    }

    @Test func migrateStatusListsAppliedAndPending() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.db")
        let before = runCatalog(["migrate", "--status", "--db", path])
        #expect(before.status == 0)
        #expect(before.stdout.hasPrefix("Database: \(path) (does not exist yet)\n  pending  0001_catalog_info.sql\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = runCatalog(["init", "--db", path])
        let after = runCatalog(["migrate", "--status", "--db", path])
        #expect(after.stdout.contains("  applied  0001_catalog_info.sql  20"))
        #expect(after.stdout.hasSuffix("\(Migration.embedded.count) applied, 0 pending.\n"))
        let json = runCatalog(["migrate", "--status", "--json", "--db", path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let migrations = object?["migrations"] as? [[String: Any]]
        #expect(migrations?.first?["state"] as? String == "applied")
        #expect(migrations?.first?["name"] as? String == "catalog_info")
    }

    @Test func migrateOnAMissingCatalogFailsWithExitOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.db")
        let run = runCatalog(["migrate", "--db", path])
        #expect(run.status == 1)
        #expect(
            run.stderr == "error: no catalog database at \(path); run 'catalog init' to create one, "
                + "or choose another with --db PATH or CATALOG_DB\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aNewerDatabaseIsRefusedWithExitOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("newer.db")
        _ = runCatalog(["init", "--db", path])
        let db = try Database(path: path)
        try db.execute(
            "INSERT INTO catalog_migrations VALUES (9999, 'from_the_future', 'abc', '2030-01-01T00:00:00Z')")
        let run = runCatalog(["migrate", "--db", path])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "error: the database at \(path) was migrated by a newer catalog: it has 9999_from_the_future.sql, which this binary does not know"
            ))
    }
}
