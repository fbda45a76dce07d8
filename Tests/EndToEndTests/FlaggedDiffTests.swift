import Foundation
import TestSupport
import Testing

/// A token flagged in one release (kept as written, without a value) and read in the next
/// was there all along: `theme diff`, the version check and `diff` report it as readable or
/// unreadable, never as added or deleted (a real Tokens Studio file's release showed 73 of
/// 85 "added" tokens that had only become readable).
@Suite struct FlaggedDiffTests {
    static func release(brand: String, ink: String, extra: Bool) -> String {
        let new = extra ? ##", "new": { "value": "#FFFFFF", "type": "color" }"## : ""
        return """
            { "color": { "brand": { "value": "\(brand)", "type": "color" },
                         "accent": { "value": "{color.brand}", "type": "color" },
                         "ink": { "value": "\(ink)", "type": "color" }\(new) } }
            """
    }

    @Test func aTokenBecomingReadableIsNeitherAddedNorDeleted() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("catalog.db")
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(["--db", db] + arguments)
        }
        func add(_ text: String, _ version: String) throws -> CatalogProcess.Result {
            let file = directory.path("tokens-\(version).json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return try run(["theme", "add", file, "--name", "T", "--version", version])
        }
        #expect(try add(Self.release(brand: "#12345G", ink: "#000000", extra: false), "1.0.0").status == 0)
        // The malformed brand color is fixed and a token is added: additive, a minor release.
        let fixed = try add(Self.release(brand: "#123456", ink: "#000000", extra: true), "1.1.0")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let diff = try run(["theme", "diff", "T@1.0.0", "T@1.1.0"])
        #expect(diff.stdout.contains("Theme diff T@1.0.0 → T@1.1.0: 1 added, 2 readable"), "\(diff.stdout)")
        #expect(diff.stdout.contains("readable (2)\n  ✓ color.accent  color"))
        #expect(!diff.stdout.contains("+ color.brand"))
        let json = try run(["theme", "diff", "T@1.0.0", "T@1.1.0", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        #expect(summary?["added"] as? Int == 1 && summary?["readable"] as? Int == 2)
        #expect(summary?["unreadable"] as? Int == 0 && object?["breaking"] as? Bool == false)
        // A value that can no longer be read is gone from every output: breaking.
        let broken = try add(Self.release(brand: "#123456", ink: "#00000G", extra: true), "1.2.0")
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("token color.ink became unreadable"), "\(broken.stderr)")
        #expect(try add(Self.release(brand: "#123456", ink: "#00000G", extra: true), "2.0.0").status == 0)
        let back = try run(["theme", "diff", "T@1.1.0", "T@2.0.0"])
        #expect(back.stdout.contains(": 1 unreadable"), "\(back.stdout)")
        #expect(back.stdout.contains("BREAKING: token color.ink became unreadable"))
        let catalogDiff = try run(["diff", "#2", "#3"])
        #expect(catalogDiff.stdout.contains("color.ink"), "\(catalogDiff.stdout)")
        #expect(!catalogDiff.stdout.contains("deleted"), "\(catalogDiff.stdout)")
    }
}
