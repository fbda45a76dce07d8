import CatalogModel
import CatalogTokenFiles
import Foundation
import Testing

/// How far the reader is through a file's bytes (``ThemeInput/reading``), which
/// `theme add` draws as its progress line.
@Suite struct ReadingProgressTests {
    /// A large token file reports the bytes read as its tokens are read (it sat at
    /// "reading 1 file 0/1" for most of a 300,000-token import): from 0, rising, to the
    /// last token's end, one report per token; a Tokens Studio folder reports each file.
    @Test func aLargeFileReportsTheBytesReadAsItGoes() throws {
        var text = "{\n"
        for index in 0..<2_000 {
            text += "  \"t\(index)\": { \"$type\": \"number\", \"$value\": \(index) },\n"
        }
        text += "  \"last\": { \"$type\": \"number\", \"$value\": 1 }\n}\n"
        let data = Data(text.utf8)
        let heard = Reports()
        var input = ThemeInput(
            sources: [.init(file: "big.tokens.json", data: data)], naming: .init(name: "Big", version: Semver(1, 0, 0)))
        input.reading = { file, done, total in heard.add(file, done, total) }
        let read = try ThemeReader.read(input)
        #expect(read.theme.tokens.count == 2_001)
        let reports = heard.all
        #expect(reports.count == 2_002, "the start, then one per token")
        #expect(reports.allSatisfy { $0.file == "big.tokens.json" && $0.total == data.count })
        #expect(reports.first?.done == 0)
        #expect(reports.last.map { $0.done > data.count - 10 && $0.done <= data.count } == true)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.done <= $1.done }, "never backwards")
    }

    /// What a reader reports, from whichever thread.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [(file: String, done: Int, total: Int)] = []
        func add(_ file: String, _ done: Int, _ total: Int) {
            lock.withLock { reports.append((file, done, total)) }
        }
        var all: [(file: String, done: Int, total: Int)] { lock.withLock { reports } }
    }
}
