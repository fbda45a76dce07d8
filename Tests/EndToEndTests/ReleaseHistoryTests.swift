import Foundation
import TestSupport
import Testing

/// A team's release tags imported as they are: a minor release that deletes a token is
/// refused by default (the version policy), and published as given with `--keep-version`,
/// the changes that call for more recorded in the revision and so in the changelog.
@Suite struct ReleaseHistoryTests {
    @Test func aTeamsVersionsAreKeptWhenAsked() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(["--db", db] + arguments)
        }
        func file(_ version: String, _ text: String) throws -> String {
            let path = directory.path("tokens-\(version).json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let first = try file(
            "1.0.0", #"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": 2}}"#)
        let second = try file("1.1.0", #"{"a": {"$type": "number", "$value": 1}}"#)
        #expect(try run(["theme", "add", first, "--name", "T", "--version", "1.0.0"]).status == 0)
        let refused = try run(["theme", "add", second, "--name", "T", "--version", "1.1.0"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("must be at least 2.0.0"), "\(refused.stderr)")
        #expect(refused.stderr.contains("theme add --keep-version publishes it as given"))
        #expect(try run(["theme", "list"]).stdout.contains("1.1.0") == false)
        let kept = try run(["theme", "add", second, "--name", "T", "--version", "1.1.0", "--keep-version"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("Published theme T 1.1.0"))
        #expect(
            kept.stderr.contains(
                "warning: version 1.1.0 kept as given (--keep-version): the changes since 1.0.0 call for 2.0.0 (token b deleted)"
            ), "\(kept.stderr)")
        let log = try run(["log", "-n", "1"])
        #expect(
            log.stdout.contains(
                "theme add T 1.1.0 (version 1.1.0 kept as released; the changes since 1.0.0 call for 2.0.0: token b deleted)"
            ), "\(log.stdout)")
        let changelog = try run(["export", "changelog", "--from", "#1", "--to", "#2"])
        #expect(changelog.stdout.contains("kept as released"), "\(changelog.stdout)")
        #expect(changelog.stdout.contains("token b deleted"))
    }

    /// The generated Swift keeps its word: a patch release in which a token gains a dark
    /// value publishes (its declared type is `Moded<TokenColor>` either way), and one in
    /// which a length becomes a percentage (`Moded<CGFloat>` → `Moded<String>`) is refused
    /// as breaking, naming the declaration, with the catalog left as it was.
    @Test func aReleaseThatBreaksTheGeneratedSwiftIsMajor() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        func add(_ version: String, dark: Bool, gap: String) throws -> CatalogProcess.Result {
            let modes = dark ? ##", "$extensions": {"catalog.modes": {"dark": "#409CFF"}}"## : ""
            let text = """
                {"color": {"$type": "color", "primary": {"$value": "#0A84FF"\(modes)}},
                 "size": {"$type": "dimension", "gap": {"$value": "\(gap)"}}}
                """
            let path = directory.path("tokens-\(version).json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return try CatalogProcess.run(["--db", db, "theme", "add", path, "--name", "Shop", "--version", version])
        }
        #expect(try add("1.0.0", dark: false, gap: "8px").status == 0)
        let gained = try add("1.1.0", dark: true, gap: "8px")
        #expect(gained.status == 0, "\(gained.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let retyped = try add("1.1.1", dark: true, gap: "50%")
        #expect(retyped.status == 65)
        #expect(
            retyped.stderr.contains(
                "the changes are breaking, so the version must be at least 2.0.0:\n  - the generated Swift `Shop.Size.gap` changes type from Moded<CGFloat> to Moded<String> (catalog export swift)"
            ), "\(retyped.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the catalog as it was")
        #expect(try add("2.0.0", dark: true, gap: "50%").status == 0)
    }

    /// A theme's version follows from its name, however the name is given: a file naming
    /// its theme (`$extensions["catalog.theme"].name`), changed and added again with no
    /// version, is that theme's next patch (was: 1.0.0 again for the file name's theme,
    /// refused with exit 65); the same file unchanged publishes nothing.
    @Test func aVersionFollowsTheNameTheFileGives() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let path = directory.path("tokens.json")
        func add(_ color: String) throws -> CatalogProcess.Result {
            let text =
                #"{"$extensions": {"catalog.theme": {"name": "Named"}}, "a": {"$type": "color", "$value": "\#(color)"}}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return try CatalogProcess.run(["--db", db, "theme", "add", path])
        }
        let first = try add("#ff0000")
        #expect(first.status == 0 && first.stdout.contains("Published theme Named 1.0.0"), "\(first.stdout)")
        let second = try add("#00ff00")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("publishing as 1.0.1, the next patch after 1.0.0"), "\(second.stdout)")
        #expect(second.stdout.contains("Published theme Named 1.0.1"), "\(second.stdout)")
        let same = try add("#00ff00")
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("Theme Named 1.0.1 is already published with these tokens"), "\(same.stdout)")
        let list = try CatalogProcess.run(["--db", db, "theme", "list"])
        #expect(!list.stdout.contains("tokens "), "\(list.stdout)")  // no theme named after the file
    }
}
