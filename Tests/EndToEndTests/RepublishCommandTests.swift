import Foundation
import TestSupport
import Testing

/// `theme add` of a new version of the same files reads by difference, says so, and
/// publishes what a whole read does; bad input in a changed token is refused as a whole
/// read refuses it, and the catalog is left as it was.
@Suite struct RepublishCommandTests {
    static func tokens(version: String, red: String, extra: String = "") -> String {
        """
        {"$extensions": {"catalog.theme": {"name": "Shop", "version": "\(version)"}},
         "color": {"$type": "color",
           "red": {"$value": "\(red)"},
           "brand": {"$value": "{color.red}"},
           "blue": {"$value": "#0000FF"}\(extra)}}

        """
    }

    @Test func aNewVersionOfTheSameFileIsReadByDifference() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("shop.tokens.json")
        let database = directory.path("c.db")
        try Data(Self.tokens(version: "1.0.0", red: "#FF0000").utf8).write(to: URL(fileURLWithPath: file))
        let first = try CatalogProcess.run(["--db", database, "theme", "add", file])
        #expect(first.status == 0)
        #expect(!first.stdout.contains("read again"))

        try Data(Self.tokens(version: "1.0.1", red: "#EE0000").utf8).write(to: URL(fileURLWithPath: file))
        let second = try CatalogProcess.run(["--db", database, "theme", "add", file])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stdout.contains(
                "Read 1 file as DTCG: 3 tokens; no modes (2 tokens read again, the rest unchanged since Shop 1.0.0)."),
            "\(second.stdout)")
        let again = try CatalogProcess.run(["--db", database, "theme", "add", file])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Theme Shop 1.0.1 is already published with these tokens; nothing changed."))
        let shown = try CatalogProcess.run(["--db", database, "theme", "show", "Shop@1.0.1", "--json"])
        #expect(shown.stdout.contains("#ee0000") || shown.stdout.contains("#EE0000"), "\(shown.stdout)")

        // A malformed value in the changed token: refused at its place, nothing written.
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        try Data(Self.tokens(version: "1.0.2", red: "#GG0000").utf8).write(to: URL(fileURLWithPath: file))
        let bad = try CatalogProcess.run(["--db", database, "theme", "add", file])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("shop.tokens.json:3:"), "\(bad.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        let list = try CatalogProcess.run(["--db", database, "theme", "list"])
        #expect(!list.stdout.contains("1.0.2"))
    }
}
