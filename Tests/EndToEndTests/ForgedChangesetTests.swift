import CatalogModel
import CatalogStore
import CatalogSync
import Foundation
import TestSupport
import Testing

/// Changeset files whose header was edited and then re-signed (the checksum recomputed),
/// as someone forging a file would: numbers out of range, sequences that lie, a table
/// block SQLite would skip. Each is refused by `apply` and `impact` with exit 65 and
/// leaves the catalog as it was; none crashes.
@Suite(.serialized) struct ForgedChangesetTests {
    typealias Catalog = BadInputCorpusTests.Catalog

    /// A catalog, and a file carrying one new revision (capsule 1.0.1) that continues it.
    struct Setup {
        let catalog: Catalog
        let file: Data
        var folder: URL { catalog.directory.url }

        init() throws {
            catalog = try Catalog()
            let other = catalog.directory.path("other.db")
            try FileManager.default.copyItem(atPath: catalog.path, toPath: other)
            var capsule = try String(
                contentsOf: BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized,
                encoding: .utf8)
            capsule = capsule.replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "1.0.1""#)
            try Data(capsule.utf8).write(to: catalog.directory.url.appending(path: "capsule-1.0.1.json"))
            let add = try CatalogProcess.run(
                ["--db", other, "add-style", "capsule-1.0.1.json"], directory: catalog.directory.url)
            try #require(add.status == 0, "\(add.stderr)")
            let export = try CatalogProcess.run(
                ["--db", other, "export-changeset", "--from", "HEAD~1", "-o", "next.changeset"],
                directory: catalog.directory.url)
            try #require(export.status == 0, "\(export.stderr)")
            file = try Data(contentsOf: catalog.directory.url.appending(path: "next.changeset"))
        }

        /// Writes the file with its header edited by `edit` (on the header's JSON text) and
        /// its changesets replaced by `body` when given, re-signed.
        func forge(_ name: String, body: Data? = nil, _ edit: (String) -> String) throws {
            let magic = ChangesetFile.magic.utf8.count
            let content = file.prefix(file.count - ("\nsha256 ".utf8.count + 65))
            let newline = content[magic...].firstIndex(of: 0x0A)!
            var data = Data(ChangesetFile.magic.utf8)
            data.append(Data(edit(String(decoding: content[magic..<newline], as: UTF8.self)).utf8))
            data.append(0x0A)
            data.append(body ?? Data(content[(newline + 1)...]))
            data.append(Data("\nsha256 \(SHA256.hex(data))\n".utf8))
            try data.write(to: folder.appending(path: name))
        }

        func expectRefused(_ name: String, message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
            throws
        {
            for command in [["apply"], ["impact"]] {
                try catalog.expectRefusal(
                    command + [name], in: folder, exit: 65, message: message, sourceLocation: sourceLocation)
            }
        }
    }

    static func replacing(_ key: String, with value: String) -> (String) -> String {
        { header in
            header.replacingOccurrences(
                of: #""\#(key)":\s*-?[0-9]+"#, with: #""\#(key)":\#(value)"#, options: .regularExpression)
        }
    }

    @Test func numbersOutOfRangeAreRefusedNotTrapped() throws {
        let setup = try Setup()
        for (key, value) in [
            ("changesetBytes", "9223372036854775807"), ("changesetBytes", "1e19"), ("changesetBytes", "-1"),
            ("changesetBytes", "2.5"), ("sequence", "1e19"), ("sequence", "-9223372036854775808"),
            ("sequence", "0"),
        ] {
            try setup.forge("forged.changeset", Self.replacing(key, with: value))
            try setup.expectRefused("forged.changeset", message: "forged.changeset: error: $.base: \(key) ")
            let run = try setup.catalog.run(["apply", "forged.changeset"], in: setup.folder)
            #expect(run.stderr.contains("is not a whole number from"), "\(run.stderr)")
        }
    }

    @Test func sizesThatOverflowWhenSummedAreRefused() throws {
        let setup = try Setup()
        // Two copies of the revision, each claiming 2^53 bytes: the sum would pass Int.max
        // if sizes were added before they were compared.
        try setup.forge("sum.changeset") { header in
            let size = try! NSRegularExpression(pattern: #""changesetBytes":\s*[0-9]+"#)
            return size.stringByReplacingMatches(
                in: header, range: NSRange(header.startIndex..., in: header),
                withTemplate: #""changesetBytes":9007199254740992"#)
        }
        try setup.expectRefused(
            "sum.changeset", message: "sum.changeset: error: the changesets are shorter than the header says")
    }

    @Test func aSequenceThatLiesIsRefused() throws {
        let setup = try Setup()
        let state = try setup.catalog.state()
        // The new revision claims #100 while its base stays where it is.
        try setup.forge("jump.changeset") { header in
            let revisions = header.range(of: #""revisions":"#)!
            return header[..<revisions.lowerBound]
                + Self.replacing("sequence", with: "100")(String(header[revisions.lowerBound...]))
        }
        try setup.expectRefused(
            "jump.changeset",
            message: "jump.changeset: error: $.revisions[0]: sequence 100 does not follow #\(state.revisions)")
        // Base and revision both shifted, consistently: the file is a chain, but not this
        // catalog's — it would be #\(state.revisions + 1) here.
        try setup.forge("shifted.changeset") { header in
            header.replacingOccurrences(
                of: #""sequence":\s*\#(state.revisions)\b"#, with: #""sequence":99"#, options: .regularExpression
            ).replacingOccurrences(
                of: #""sequence":\s*\#(state.revisions + 1)\b"#, with: #""sequence":100"#,
                options: .regularExpression)
        }
        try setup.expectRefused(
            "shifted.changeset", message: "says it is #100, but it would be #\(state.revisions + 1) here")
    }

    @Test func aRevisionWhoseIdDoesNotCoverItsFieldsIsRefused() throws {
        let setup = try Setup()
        try setup.forge("author.changeset") { $0.replacingOccurrences(of: #""author":""#, with: #""author":"x"#) }
        try setup.expectRefused("author.changeset", message: "does not match its fields")
    }

    @Test func aTableBlockSQLiteWouldSkipIsRefused() throws {
        let setup = try Setup()
        // A block for `themes` declaring two columns: SQLite would skip it, and the stored
        // revision would list a change that never happened.
        var block = Data([UInt8(ascii: "T"), 2, 1, 0]) + Data("themes".utf8) + Data([0])
        block += Data([UInt8(sqliteInsertCode), 0, 3, 1, UInt8(ascii: "x"), 5])
        let original = try ChangesetFile.decode(setup.file, file: "next")
        let body = original.revisions[0].changeset + block
        try setup.forge("skipped.changeset", body: body) { header in
            header.replacingOccurrences(
                of: #""changesetBytes":\s*\#(original.revisions[0].changeset.count)\b"#,
                with: #""changesetBytes":\#(body.count)"#, options: .regularExpression)
        }
        try setup.expectRefused(
            "skipped.changeset",
            message: "error: the changeset is corrupt: its table themes has 2 columns with primary key column 1")
    }

    @Test func theUntouchedFileApplies() throws {
        let setup = try Setup()
        try setup.forge("same.changeset") { $0 }
        let run = try setup.catalog.run(["apply", "same.changeset"], in: setup.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let check = try setup.catalog.run(["check"], in: setup.folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}

/// SQLite's code for an INSERT record in a changeset.
private let sqliteInsertCode = 18
