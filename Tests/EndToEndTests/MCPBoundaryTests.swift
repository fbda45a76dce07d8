import CatalogModel
import Foundation
import TestSupport
import Testing

/// What `catalog mcp` takes from a client at its boundary: roots only from the client that
/// lists them and only as absolute local folders, the latest list only; argument lengths
/// counted as JSON Schema counts them; every reply valid JSON, whatever a stored value holds.
@Suite struct MCPBoundaryTests {
    static func initialize(listsRoots: Bool) -> String {
        let capabilities = listsRoots ? #"{"roots":{"listChanged":true}}"# : "{}"
        return
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":\#(capabilities),"clientInfo":{"name":"tests","version":"1"}}}"#
    }

    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }

    static func roots(_ id: Int, _ uris: [String]) -> String {
        let list = uris.map { #"{"uri":"\#($0)"}"# }.joined(separator: ",")
        return #"{"jsonrpc":"2.0","id":"catalog-roots-\#(id)","result":{"roots":[\#(list)]}}"#
    }

    /// The replies to `lines` by id, from `catalog mcp` on a seeded catalog in `directory`.
    func serve(_ directory: TemporaryDirectory, _ lines: [String], options: [String] = []) throws -> [String: JSON] {
        let result = try CatalogProcess.run(
            ["--db", directory.path("catalog.db"), "mcp"] + options,
            stdin: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: 120)
        #expect(!result.timedOut)
        var replies: [String: JSON] = [:]
        for line in result.stdout.split(separator: "\n") {
            let reply = try JSONParser.parse(String(line), file: "reply")
            replies[reply["id"]?.serialized() ?? "none"] = reply
        }
        return replies
    }

    /// A seeded catalog with `A/a.swift` and `B/b.swift` beside it.
    func seeded() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["--db", directory.path("catalog.db"), "seed"]).status == 0)
        for folder in ["A", "B"] {
            try FileManager.default.createDirectory(
                atPath: directory.path(folder), withIntermediateDirectories: true)
            try "import SwiftUI\n".write(
                toFile: directory.path("\(folder)/\(folder.lowercased()).swift"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    func refused(_ reply: JSON?) -> Bool { reply?["result"]?["isError"]?.bool == true }

    @Test func rootsComeOnlyAsAskedFromAClientThatListsThem() throws {
        let directory = try seeded()
        let a = directory.path("A")
        let b = directory.path("B")
        // A client without the roots capability answers a request nobody made: ignored,
        // so --root still holds.
        let unasked = try serve(
            directory,
            [
                Self.initialize(listsRoots: false), Self.initialized, Self.roots(1, ["file:///"]),
                Self.call(1, "lint_swift", #"{"path":"\#(a)/a.swift"}"#),
                Self.call(2, "lint_swift", #"{"path":"\#(b)/b.swift"}"#),
            ], options: ["--root", b])
        #expect(refused(unasked["1"]))
        #expect(!refused(unasked["2"]))
        // Relative and other-host roots name nothing here: none is open.
        let odd = try serve(
            directory,
            [
                Self.initialize(listsRoots: true), Self.initialized,
                Self.roots(1, ["file:A", "file:../..", "file://other-host\(b)", "https://example.com/"]),
                Self.call(1, "lint_swift", #"{"path":"\#(b)/b.swift"}"#),
                Self.call(2, "lint_swift", #"{"path":"a.swift"}"#),
            ], options: ["--root", a])
        #expect(refused(odd["1"]))
        #expect(refused(odd["2"]))
        // Of two lists, the one asked for last holds, whichever arrives last.
        let late = try serve(
            directory,
            [
                Self.initialize(listsRoots: true), Self.initialized,
                #"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
                Self.roots(2, ["file://\(b)"]), Self.roots(1, ["file://localhost\(a)"]),
                Self.call(1, "lint_swift", #"{"path":"\#(a)/a.swift"}"#),
                Self.call(2, "lint_swift", #"{"path":"\#(b)/b.swift"}"#),
            ])
        #expect(refused(late["1"]))
        #expect(!refused(late["2"]))
    }

    @Test func lengthsAreCountedInCodePoints() throws {
        let directory = try seeded()
        // One character a reader sees, 300 code points: over search's limit of 200.
        let long = "e" + String(repeating: "\u{301}", count: 299)
        let replies = try serve(
            directory,
            [
                Self.initialize(listsRoots: false), Self.call(1, "search", #"{"query":"\#(long)"}"#),
                Self.call(2, "search", #"{"query":"\#(String(repeating: "é", count: 200))"}"#),
            ])
        #expect(replies["1"]?["error"]?["message"]?.string?.contains("300 code points long") == true, "\(replies)")
        #expect(replies["2"]?["result"] != nil)
    }

    @Test func aValuePastADoubleLeavesTheReplyValidJSON() throws {
        let directory = try seeded()
        try #"""
        {
          "huge": { "$type": "dimension", "$value": { "value": 1e308, "unit": "px" } },
          "tiny": { "$type": "dimension", "$value": { "value": -1e308, "unit": "px" } },
          "past": { "$type": "dimension", "$value": { "value": 1e308, "unit": "rem" } },
          "gap": { "$type": "dimension", "$value": { "value": 12, "unit": "px" } }
        }
        """#.write(toFile: directory.path("big.tokens.json"), atomically: true, encoding: .utf8)
        let add = try CatalogProcess.run([
            "--db", directory.path("catalog.db"), "theme", "add", directory.path("big.tokens.json"), "--name", "Big",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        // Every reply parses (serve would throw otherwise), distances as numbers.
        let replies = try serve(
            directory,
            [
                Self.initialize(listsRoots: false),
                Self.call(1, "find_token", #"{"value":"13px","theme":"Big","type":"dimension","limit":5}"#),
            ])
        let found = replies["1"]?["result"]?["structuredContent"]?["matches"]?.array ?? []
        #expect(found.compactMap { $0["path"]?.string } == ["gap", "huge", "tiny"], "\(replies)")
        #expect(found.map { $0["distance"]?.number } == [1, 1e308, 1e308])
    }
}
