import CatalogModel
import Foundation
import SQLite
import TestSupport
import Testing

/// A theme's kept publication state (what a republication by difference compares the
/// files with) is verified before it is trusted: damaged, it is not used (the files are
/// read whole, with a warning), and `catalog check` finds it by its checksum and by
/// recomputing it from the publication's rows.
@Suite struct KeptStateTests {
    /// A catalog with a theme published from one file, and the file's path.
    static func published() throws -> (directory: TemporaryDirectory, db: String, file: String) {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let file = directory.path("t.tokens.json")
        try Data(
            ##"{"c":{"$type":"color","a":{"$value":"#ff0000"},"b":{"$value":"{c.a}"},"d":{"$value":"#000000"}}}"##.utf8
        ).write(to: URL(fileURLWithPath: file))
        #expect(
            try CatalogProcess.run(["--db", db, "theme", "add", file, "--name", "T", "--version", "1.0.0"]).status == 0)
        return (directory, db, file)
    }

    static func change(_ file: String) throws {
        try Data(
            ##"{"c":{"$type":"color","a":{"$value":"#00ff00"},"b":{"$value":"{c.a}"},"d":{"$value":"#000000"}}}"##.utf8
        ).write(to: URL(fileURLWithPath: file))
    }

    @Test func aSoundStateIsUsedAndChecked() throws {
        let (directory, db, file) = try Self.published()
        defer { withExtendedLifetime(directory) {} }
        try Self.change(file)
        let again = try CatalogProcess.run(["--db", db, "theme", "add", file, "--name", "T", "--version", "1.0.1"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("2 tokens read again, the rest unchanged since T 1.0.0"))
        let check = try CatalogProcess.run(["--db", db, "check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test(arguments: [
        "UPDATE theme_publication_states SET token_rows = -1",
        "UPDATE theme_publication_states SET token_rows = 2",
        "flip one bit of the manifest",
        "UPDATE theme_publication_states SET value_sum = zeroblob(32)",
    ])
    func aTamperedStateIsReadWholeAndFoundByCheck(tampering: String) throws {
        let (directory, db, file) = try Self.published()
        defer { withExtendedLifetime(directory) {} }
        let database = try Database(path: db)
        if tampering.hasPrefix("flip") {
            guard case .blob(var manifest) = try database.scalar("SELECT manifest FROM theme_publication_manifests")
            else { return }
            manifest[manifest.count / 2] ^= 0x10
            try database.execute("UPDATE theme_publication_manifests SET manifest = ?", [.blob(manifest)])
        } else {
            try database.execute(tampering)
        }
        let check = try CatalogProcess.run(["--db", db, "check"])
        #expect(check.status == 1)
        #expect(
            check.stderr.contains("error: the kept state of theme T does not match its checksum"), "\(check.stderr)")
        try Self.change(file)
        let again = try CatalogProcess.run(["--db", db, "theme", "add", file, "--name", "T", "--version", "1.0.1"])
        #expect(again.status == 0)
        #expect(
            again.stderr.contains(
                "warning: the kept state of theme T's latest publication does not match its checksum; the files are read whole"
            ), "\(again.stderr)")
        #expect(!again.stdout.contains("read again"))
        #expect(again.stdout.contains("Published theme T 1.0.1: 3 tokens"))
        // The whole read keeps a sound state again.
        #expect(try CatalogProcess.run(["--db", db, "check"]).status == 0)
        let rows = try Database(path: db).scalar("SELECT token_count FROM theme_versions WHERE version = '1.0.1'")
        #expect(rows == .integer(3))
    }

    /// A state forged with a checksum to match (whoever can write the file can compute one)
    /// is still found by `check`, which recomputes it from the rows.
    @Test func aForgedStateWithItsChecksumIsFoundByItsRows() throws {
        let (directory, db, _) = try Self.published()
        defer { withExtendedLifetime(directory) {} }
        let database = try Database(path: db)
        try database.execute("UPDATE theme_publication_states SET deprecated_count = 1")
        // The checksum as the catalog computes it, over the forged columns.
        let row = try database.query(
            "SELECT s.source_key, s.token_rows, s.token_sum, s.value_rows, s.value_sum, m.manifest FROM theme_publication_states s JOIN theme_publication_manifests m USING (theme)"
        )[0]
        var line: [UInt8] = []
        let encode: ([SQLValue]) -> Void = { values in
            for value in values {
                switch value {
                case .text(let text): line += Array("T\(text.utf8.count):".utf8) + Array(text.utf8) + [59]
                case .integer(let number): line += Array("I\(number);".utf8)
                case .blob(let data): line += Array("B\(data.count):\(SHA256.hex(data));".utf8)
                default: break
                }
            }
            line.append(10)
        }
        encode([
            .text("catalog theme state 1"), .text("T"), .integer(1), row.value(at: 0), row.value(at: 1),
            row.value(at: 2), row.value(at: 3), row.value(at: 4), .integer(1),
        ])
        guard case .blob(let manifest) = row.value(at: 5) else { return }
        let checksum = SHA256.hex(Data(line) + manifest)
        try database.execute("UPDATE theme_publication_states SET checksum = ?", [.text(checksum)])
        let check = try CatalogProcess.run(["--db", db, "check"])
        #expect(check.status == 1)
        #expect(!check.stderr.contains("does not match its checksum"), "\(check.stderr)")
        #expect(
            check.stderr.contains(
                "error: the kept state of theme T differs from the rows of its publication #1: 3 tokens, 3 values, 1 deprecated kept; the rows hold 3, 3, 0"
            ), "\(check.stderr)")
    }

    /// Inputs the byte scan and the reader once read differently: a key written with an
    /// escape (`"$val\u0075e"` is `$value` to the reader) and a resolver holding a set
    /// inline (tokens in no scanned file). Each import, and a republication after an edit,
    /// leaves `check` passing and the values the reader gives.
    @Test(arguments: [
        (
            "escaped.tokens.json",
            ##"{"a":{"$type":"color","$val\u0075e":"#ff0000"},"b":{"$type":"color","$value":"{a}"}}"##,
            ##"{"a":{"$type":"color","$val\u0075e":"#00ff00"},"b":{"$type":"color","$value":"{a}"}}"##
        ),
        (
            "inline.resolver.json",
            ##"{"version":"2025.10","sets":{"base":{"sources":[{"a":{"$type":"color","$value":"#ff0000"}},{"$ref":"b.json"}]}},"resolutionOrder":[{"$ref":"#/sets/base"}]}"##,
            ##"{"version":"2025.10","sets":{"base":{"sources":[{"a":{"$type":"color","$value":"#00ff00"}},{"$ref":"b.json"}]}},"resolutionOrder":[{"$ref":"#/sets/base"}]}"##
        ),
    ])
    func readingsTheScanCannotVouchForKeepCheckPassing(file: String, first: String, second: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let path = directory.path(file)
        try ##"{"b":{"$type":"color","$value":"{a}"}}"##.write(
            toFile: directory.path("b.json"), atomically: true, encoding: .utf8)
        for (text, version) in [(first, "1.0.0"), (second, "1.0.1")] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let add = try CatalogProcess.run(["--db", db, "theme", "add", path, "--name", "T", "--version", version])
            #expect(add.status == 0, "\(add.stderr)")
            let check = try CatalogProcess.run(["--db", db, "check"])
            #expect(check.status == 0, "\(file) \(version): \(check.stdout)\(check.stderr)")
        }
        let show = try CatalogProcess.run(["--db", db, "theme", "show", "T", "--resolved", "--json"])
        let tokens = try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? []
        let values = tokens.map { "\($0["path"]?.string ?? "")=\($0["value"]?["hex"]?.string ?? "")" }
        #expect(values == ["a=#00ff00", "b=#00ff00"])
    }
}
