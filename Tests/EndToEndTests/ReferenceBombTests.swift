import CatalogModel
import Foundation
import TestSupport
import Testing

/// Tokens whose values repeat others that repeat others (the "billion laughs" shape: each
/// level doubling the last) in every form a value can expand: text, CSS kept as text,
/// composite lists. A kilobyte of source once grew the catalog to hundreds of megabytes
/// and aborted the process; now the token past ``TokenResolver/maximumValueBytes`` is
/// flagged with the reason, those above it with it, and the import stays small.
@Suite struct ReferenceBombTests {
    static func bomb(_ shape: String) -> String {
        var tokens: [String] = []
        switch shape {
        case "text":
            tokens.append(#""t0":{"type":"text","value":"abcdefgh"}"#)
            for level in 1..<40 {
                tokens.append(#""t\#(level)":{"type":"text","value":"{t\#(level - 1)}{t\#(level - 1)}"}"#)
            }
        case "css":
            tokens.append(##""x":{"$type":"dimension","$value":"16px"}"##)
            tokens.append(##""t0":{"$type":"dimension","$value":"clamp(1px, 2vw, 3px)"}"##)
            for level in 1..<40 {
                tokens.append(
                    ##""t\##(level)":{"$type":"dimension","$value":"clamp({t\##(level - 1)}, 2vw, {t\##(level - 1)})"}"##
                )
            }
        default:
            tokens.append(
                ##""t0":{"$type":"shadow","$value":{"color":"#000000","offsetX":"1px","offsetY":"1px","blur":"1px","spread":"1px"}}"##
            )
            for level in 1..<40 {
                tokens.append(##""t\##(level)":{"$type":"shadow","$value":["{t\##(level - 1)}","{t\##(level - 1)}"]}"##)
            }
        }
        return "{" + tokens.joined(separator: ",") + "}"
    }

    @Test(arguments: ["text", "css", "shadow"])
    func aReferenceBombIsFlaggedNotExpanded(shape: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        let file = directory.path("bomb.json")
        try Self.bomb(shape).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count < 4096)
        let add = try CatalogProcess.run(
            ["--db", db, "theme", "add", file, "--name", "Bomb", "--version", "1.0.0"], timeout: 120)
        #expect(add.status == 0, "\(add.stderr.prefix(2000))")
        #expect(add.stderr.contains("resolves to more than 256 KB (its references repeat tokens that repeat others)"))
        let problems = try CatalogProcess.run(["--db", db, "theme", "problems", "Bomb", "--json"])
        let flagged = try JSONParser.parse(problems.stdout, file: "problems")["unresolved"]?.array ?? []
        // The levels past the bound (and only they) are flagged; t39 is among them.
        #expect(flagged.count >= 20 && flagged.count <= 30, "\(flagged.count)")
        #expect(flagged.contains { $0["path"]?.string == "t39" })
        #expect(!flagged.contains { $0["path"]?.string == "t1" })
        let size = try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int ?? 0
        #expect(size < 16 << 20, "the catalog grew to \(size) bytes")
        // Every output reads the bounded values: the resolved theme, the docs, the package.
        let show = try CatalogProcess.run(["--db", db, "theme", "show", "Bomb", "--resolved", "--json"], timeout: 120)
        #expect(show.status == 0 && show.stdout.utf8.count < 16 << 20)
        let docs = try CatalogProcess.run(
            ["--db", db, "export", "docs", "--format", "html", "-o", directory.path("docs")], timeout: 120)
        #expect(docs.status == 0, "\(docs.stderr.prefix(500))")
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 512 << 10, "a child process peaked at \(usage.ru_maxrss) KB")
    }

    @Test func sizeIsCountedOnlyUpToTheLimit() {
        var value = JSON.string("abcdefgh")
        for _ in 0..<60 { value = .array([value, value]) }  // 2^60 leaves, shared
        #expect(value.isLarger(than: 1 << 20))
        #expect(!JSON.object([("a", .number(1)), ("b", .string("xy"))]).isLarger(than: 64))
        #expect(JSON.string(String(repeating: "x", count: 100)).isLarger(than: 64))
    }
}
