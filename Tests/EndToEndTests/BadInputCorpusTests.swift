import CatalogModel
import CatalogStore
import CatalogSync
import Foundation
import SQLite
import TestSupport
import Testing

/// The bad-input corpus (`Tests/Fixtures/bad/`, described case by case in `cases.json`)
/// and a few cases built at test time (a 50 MB file, changesets for another base, with
/// corrupt bytes or aimed at bookkeeping tables) run through the built binary against a
/// seeded catalog: each exits with its code and message, naming the file (and the line
/// and column where there is one), within a time limit, and leaves the catalog's
/// content and history exactly as they were.
@Suite(.serialized) struct BadInputCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/bad")

    struct Case: Decodable {
        var file: String
        var command: [String]
        var exit: Int32
        var message: String
    }

    /// A seeded catalog with capsule published, and a pristine copy of it.
    struct Catalog {
        let directory: TemporaryDirectory
        var path: String { directory.path("catalog.db") }
        var pristine: String { directory.path("pristine.db") }

        init() throws {
            directory = try TemporaryDirectory()
            let capsule = BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized.path
            for arguments in [["seed"], ["add-style", capsule]] {
                let run = try CatalogProcess.run(["--db", directory.path("catalog.db")] + arguments)
                try #require(run.status == 0, "\(arguments): \(run.stderr)")
            }
            try FileManager.default.copyItem(atPath: path, toPath: pristine)
        }

        /// The content hash and the number of revisions: what a refused command must not change.
        func state() throws -> (hash: String, revisions: Int64) {
            let repository = try Repository(path: path, mode: .mustExist)
            let revisions = try repository.database.scalar("SELECT count(*) FROM revisions")?.int64 ?? -1
            #expect(try repository.database.scalar("PRAGMA integrity_check")?.string == "ok")
            return (try repository.contentHash(), revisions)
        }

        func restore() throws {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try FileManager.default.copyItem(atPath: pristine, toPath: path)
        }

        /// Runs `catalog --db PATH arguments…` in `directory`, with a one-minute limit.
        func run(_ arguments: [String], in directory: URL) throws -> CatalogProcess.Result {
            let result = try CatalogProcess.run(["--db", path] + arguments, directory: directory, timeout: 60)
            #expect(!result.timedOut, "\(arguments) hung")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments) crashed: \(result.stderr)")
            return result
        }

        /// Runs a command that must be refused and checks its code, message and the catalog.
        func expectRefusal(
            _ arguments: [String], in directory: URL, exit: Int32, message: String,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) throws {
            let before = try state()
            let result = try run(arguments, in: directory)
            #expect(result.status == exit, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.contains(message), "\(arguments): expected \(message)\ngot: \(result.stderr)",
                sourceLocation: sourceLocation)
            let after = try state()
            #expect(after.hash == before.hash, "\(arguments) changed the content", sourceLocation: sourceLocation)
            #expect(
                after.revisions == before.revisions, "\(arguments) recorded a revision", sourceLocation: sourceLocation)
        }
    }

    @Test func everyCorpusFileGetsItsExitCodeAndMessage() throws {
        let cases = try JSONDecoder().decode(
            [Case].self, from: Data(contentsOf: Self.corpus.appending(path: "cases.json")))
        #expect(cases.count >= 60)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0 != "cases.json" }
        #expect(Set(cases.map(\.file)) == Set(files), "every file in the corpus has a case, and every case a file")
        let catalog = try Catalog()
        for item in cases {
            let arguments = item.command + [item.file]
            if item.exit != 0 {
                try catalog.expectRefusal(arguments, in: Self.corpus, exit: item.exit, message: item.message)
                continue
            }
            // Accepted on purpose (a name that looks like SQL is just a name): the catalog
            // stays intact and its tables all exist.
            let result = try catalog.run(arguments, in: Self.corpus)
            #expect(result.status == 0, "\(item.file): \(result.stderr)")
            #expect(result.stdout.contains(item.message))
            let repository = try Repository(path: catalog.path, mode: .mustExist)
            #expect(try repository.database.scalar("PRAGMA integrity_check")?.string == "ok")
            let pristine = try Database(path: catalog.pristine)
            let tables = "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
            #expect(try repository.database.query(tables) == pristine.query(tables))
            try catalog.restore()
        }
    }

    @Test func aFiftyMegabyteFileIsRefusedAtItsEnd() throws {
        let catalog = try Catalog()
        var text = ##"{"color": {"$type": "color", "accent": {"$value": "#007AFF", "$description": ""##
        text += String(repeating: "x", count: 50_000_000)
        try Data(text.utf8).write(to: catalog.directory.url.appending(path: "big.tokens.json"))
        try catalog.expectRefusal(
            ["theme", "add", "--version", "1.0.0", "big.tokens.json"], in: catalog.directory.url, exit: 65,
            message: "big.tokens.json:1:78: error: unterminated string")
    }

    /// Changesets built from a second copy of the catalog that moved on by two revisions.
    @Test func changesetsForAnotherBaseWithCorruptBytesOrAimedAtBookkeepingAreRefused() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        let other = catalog.directory.path("other.db")
        try FileManager.default.copyItem(atPath: catalog.path, toPath: other)
        for version in ["1.0.1", "1.0.2"] {
            var capsule = try String(
                contentsOf: Self.corpus.appending(path: "../../../Examples/capsule.json").standardized, encoding: .utf8)
            capsule = capsule.replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "\#(version)""#)
            let file = folder.appending(path: "capsule-\(version).json")
            try Data(capsule.utf8).write(to: file)
            let run = try CatalogProcess.run(["--db", other, "add-style", file.path])
            try #require(run.status == 0, "\(run.stderr)")
        }
        for (range, name) in [(["--from", "HEAD~1"], "newest.changeset"), (["--from", "HEAD~2"], "both.changeset")] {
            let run = try CatalogProcess.run(
                ["--db", other, "export-changeset", "--output", name] + range, directory: folder)
            try #require(run.status == 0, "\(run.stderr)")
        }

        // The newest revision alone: its base (1.0.1's revision) is not here.
        try catalog.expectRefusal(
            ["apply", "newest.changeset"], in: folder, exit: 1,
            message: "newest.changeset: error: this catalog does not have the changeset's base revision")

        // Both revisions, continuing this catalog's history, but with the bytes of each
        // changeset replaced (the checksum recomputed, so only the changeset is wrong).
        let both = try ChangesetFile.decode(Data(contentsOf: folder.appending(path: "both.changeset")), file: "both")
        func rewritten(_ changeset: Data, as name: String) throws {
            var file = both
            file.revisions = file.revisions.map { entry in
                var revision = entry.revision
                revision.changesetSize = changeset.count
                return (revision, changeset)
            }
            try file.encoded().write(to: folder.appending(path: name))
        }
        let crasher = try FileManager.default.contentsOfDirectory(
            atPath: Self.corpus.appending(path: "../../CatalogFuzzingTests/Regressions/changeset-apply").standardized
                .path
        ).first.map {
            try Data(
                contentsOf: Self.corpus.appending(path: "../../CatalogFuzzingTests/Regressions/changeset-apply/\($0)")
                    .standardized)
        }
        try rewritten(try #require(crasher), as: "corrupt.changeset")
        try catalog.expectRefusal(
            ["apply", "corrupt.changeset"], in: folder, exit: 65,
            message:
                "corrupt.changeset: error: the changeset is corrupt: a length of 116 bytes runs past the end (byte 2)")

        let scratch = try Database(path: ":memory:")
        try scratch.execute("CREATE TABLE catalog_info (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        let session = try Session(database: scratch, tables: ["catalog_info"])
        try scratch.execute("INSERT INTO catalog_info VALUES ('catalog_id', 'hijacked')")
        try rewritten(try session.changeset(), as: "bookkeeping.changeset")
        try catalog.expectRefusal(
            ["apply", "bookkeeping.changeset"], in: folder, exit: 65,
            message: "it changes the table catalog_info, which changesets do not carry")

        // The untouched file applies: the refusals above were about the bytes.
        let applied = try catalog.run(["apply", "both.changeset"], in: folder)
        #expect(applied.status == 0, "\(applied.stderr)")
    }
}

/// A tree with an unreadable token: imported whole by default (the token flagged and
/// listed), refused by `--strict` with the catalog left as it was; a Tokens Studio
/// `$themes.json` names its folder, and alone (no set) it is refused.
@Suite struct FlaggedTokenIntakeTests {
    @Test func oneBadTokenIsFlaggedByDefaultAndRefusedStrictly() throws {
        let catalog = try BadInputCorpusTests.Catalog()
        let folder = catalog.directory.url
        try Data(
            ##"{"c": {"$type": "color", "ok": {"$value": "#ffffff"}, "bad": {"$value": "#fffffff"}, "uses": {"$value": "{c.bad}"}}}"##
                .utf8
        ).write(to: folder.appending(path: "one-bad.tokens.json"))
        try catalog.expectRefusal(
            ["theme", "add", "one-bad.tokens.json", "--name", "B", "--version", "1.0.0", "--strict"], in: folder,
            exit: 65, message: "one-bad.tokens.json:1:73: error: $.c.bad.$value: expected a color")
        let added = try catalog.run(
            ["theme", "add", "one-bad.tokens.json", "--name", "B", "--version", "1.0.0"], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Published theme B 1.0.0: 3 tokens, 2 unresolved (catalog theme problems B)"))
        let problems = try catalog.run(["theme", "problems", "B"], in: folder)
        #expect(problems.stdout.contains("B 1.0.0: 2 unresolved tokens"))
        #expect(problems.stdout.contains("c.bad  one-bad.tokens.json:1:73  (flagged)"), "\(problems.stdout)")
        #expect(problems.stdout.contains("c.uses"))
        let exported = try catalog.run(["theme", "export", "B"], in: folder)
        #expect(exported.stdout.contains("#fffffff"), "the flagged token is written back as written")
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        #expect(
            try repository.database.scalar("SELECT count(*) FROM theme_tokens WHERE theme = 'B'")?.int64 == 1,
            "only the readable token has a row")
    }

    /// Without `--version` and none in the files: 1.0.0 for a new theme, the next patch for
    /// changed content, and the same content again is the latest, unchanged.
    @Test func aThemeWithoutVersionIsOneZeroZeroThenTheNextPatch() throws {
        let catalog = try BadInputCorpusTests.Catalog()
        let folder = catalog.directory.url
        let file = folder.appending(path: "plain.tokens.json")
        func write(_ hex: String) throws {
            try Data(##"{"c": {"$type": "color", "a": {"$value": "\##(hex)"}}}"##.utf8).write(to: file)
        }
        try write("#ffffff")
        let first = try catalog.run(["theme", "add", "plain.tokens.json"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("No version given: publishing as 1.0.0, the first version of plain"))
        let again = try catalog.run(["theme", "add", "plain.tokens.json"], in: folder)
        #expect(again.stdout.contains("Theme plain 1.0.0 is already published with these tokens; nothing changed"))
        try write("#fffffe")
        let changed = try catalog.run(["theme", "add", "plain.tokens.json"], in: folder)
        #expect(changed.stdout.contains("publishing as 1.0.1, the next patch after 1.0.0"), "\(changed.stdout)")
        #expect(changed.stdout.contains("Published theme plain 1.0.1: 1 token"))
    }

    @Test func themesFileNamesItsFolder() throws {
        let catalog = try BadInputCorpusTests.Catalog()
        let folder = catalog.directory.url
        let export = folder.appending(path: "tokens")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try Data(#"[{"id": "l", "name": "light", "selectedTokenSets": {"core": "enabled"}}]"#.utf8).write(
            to: export.appending(path: "$themes.json"))
        try Data(##"{"color": {"bg": {"value": "#ffffff", "type": "color"}}}"##.utf8).write(
            to: export.appending(path: "core.json"))
        let added = try catalog.run(
            ["theme", "add", "tokens/$themes.json", "--name", "S", "--version", "1.0.0"], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Read 2 files as Tokens Studio: 1 token"), "\(added.stdout)")
        let lone = folder.appending(path: "lone")
        try FileManager.default.createDirectory(at: lone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: export.appending(path: "$themes.json"), to: lone.appending(path: "$themes.json"))
        try catalog.expectRefusal(
            ["theme", "add", "lone/$themes.json", "--name", "S", "--version", "1.1.0"], in: folder, exit: 65,
            message: "lone/$themes.json: error: a Tokens Studio export with no token sets")
    }
}
