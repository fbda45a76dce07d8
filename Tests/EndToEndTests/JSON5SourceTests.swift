import Foundation
import TestSupport
import Testing

/// `.json5` token sources through `theme add`: a comment ends at every line terminator
/// JSON5 knows, and every file's refusal is said, not only the first one's.
@Suite struct JSON5SourceTests {
    @Test func aCommentEndedByACarriageReturnKeepsTheTokenAfterIt() throws {
        let directory = try TemporaryDirectory()
        let source =
            "{\"t\": {\"$type\": \"color\", \"$value\": \"#000000\"}, // note\r"
            + " \"u\": {\"$type\": \"color\", \"$value\": \"#FFFFFF\"}\n}\n"
        try Data(source.utf8).write(to: directory.url.appending(path: "tokens.json5"))
        let add = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "add", "tokens.json5", "--name", "T"], directory: directory.url)
        #expect(add.status == 0, "\(add.stderr)")
        let show = try CatalogProcess.run(["--db", "cat.db", "theme", "show", "T"], directory: directory.url)
        #expect(show.stdout.contains("u"), "\(show.stdout)")
        #expect(show.stdout.contains("#FFFFFF"), "\(show.stdout)")
    }

    @Test func everyFilesRefusalIsSaidAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        let tokens = directory.url.appending(path: "tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data("{a: {$type: 'color', $value: '#000000'} /* never closed\n".utf8).write(
            to: tokens.appending(path: "a.json5"))
        try Data("{b: {$type: 'color', $value: '\\u12'}}\n".utf8).write(to: tokens.appending(path: "b.json5"))
        try Data("{c: {\"$type\": \"color\", \"$value\": }}\n".utf8).write(to: tokens.appending(path: "c.json"))
        #expect(try CatalogProcess.run(["--db", "cat.db", "init"], directory: directory.url).status == 0)
        let before = try Data(contentsOf: directory.url.appending(path: "cat.db"))
        let add = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "add", "tokens", "--name", "T"], directory: directory.url)
        #expect(add.status == 65)
        #expect(add.stderr.contains("a.json5:2:1: error: unterminated comment"), "\(add.stderr)")
        #expect(add.stderr.contains("b.json5:1:31: error: invalid \\u escape"), "\(add.stderr)")
        #expect(add.stderr.contains("c.json:1:2: error: unexpected character"), "\(add.stderr)")
        #expect(add.stderr.contains("3 problems; nothing was changed."))
        #expect(try Data(contentsOf: directory.url.appending(path: "cat.db")) == before)
    }
}
