import CatalogModel
import Foundation
import SQLite
import TestSupport
import Testing

/// `catalog check`, which the crash test runs after every kill, finds what a crash or
/// a hand edit leaves behind.
@Suite struct CheckCommandTests {
    @Test func aSoundCatalogPassesAndTamperingIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.db")
        #expect(try CatalogProcess.run(["--db", path, "seed"]).status == 0)
        let sound = try CatalogProcess.run(["--db", path, "check"])
        #expect(sound.status == 0)
        #expect(sound.stdout.hasPrefix("ok: \(path) is sound (1 revision, head "))
        let json = try JSONParser.parse(
            try CatalogProcess.run(["--db", path, "check", "--json"]).stdout, file: "check")
        #expect(json["sound"] == .bool(true) && json["revisions"] == .number(1) && json["problems"] == .array([]))

        // A change made behind the catalog's back, orphaning rows and bypassing history.
        let database = try Database(path: path)
        try database.execute("PRAGMA foreign_keys = OFF")
        try database.execute("DELETE FROM themes WHERE theme = 'Sosh'")
        try database.execute("UPDATE revisions SET message = 'rewritten' WHERE sequence = 1")
        let damaged = try CatalogProcess.run(["--db", path, "check"])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("error: foreign key: 1 row of theme_versions refers to missing rows of themes"))
        #expect(damaged.stderr.contains("error: revision #1 "))
        #expect(damaged.stderr.contains(": its id does not match its contents"))
        #expect(damaged.stderr.contains("differs from what the newest revision #1 recorded"))
        #expect(damaged.stderr.hasSuffix("problems found in \(path)\n"))
    }
}
