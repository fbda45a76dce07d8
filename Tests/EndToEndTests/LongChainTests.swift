import CatalogModel
import Foundation
import TestSupport
import Testing

/// Alias and math chains past the 1,000-link limit: the first token past it is flagged
/// with the reason and the tokens above it refer to a flagged token, whatever order they
/// are written or resolved in; the tokens below resolve. Nothing is null and unreported.
@Suite struct LongChainTests {
    /// `theme add` of `document` as theme C, then what `theme problems` and `theme show
    /// --resolved --json` say.
    func imported(_ document: JSON, name: String) throws -> (problems: String, values: [String: JSON]) {
        let directory = try TemporaryDirectory()
        try document.serialized().write(toFile: directory.path(name), atomically: true, encoding: .utf8)
        #expect(try CatalogProcess.run(["--db", "cat.db", "init"], directory: directory.url).status == 0)
        let add = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "add", name, "--name", "C"], directory: directory.url, timeout: 600)
        #expect(add.status == 0, "\(add.stderr)")
        let problems = try CatalogProcess.run(["--db", "cat.db", "theme", "problems", "C"], directory: directory.url)
        let show = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "show", "C", "--resolved", "--json"], directory: directory.url)
        let tokens = try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? []
        var values: [String: JSON] = [:]
        for token in tokens { values[token["path"]?.string ?? ""] = token["value"] }
        return (problems.stdout, values)
    }

    @Test func anAliasChainPastTheLimitIsFlaggedWhereItPassesIt() throws {
        // Written from the top down, so that a pass in file order meets the longest chain first.
        var members: [(key: String, value: JSON)] = []
        for index in stride(from: 25_000, through: 1, by: -1) {
            members.append(("t\(index)", .object([("$value", .string("{t\(index - 1)}"))])))
        }
        members.append(("t0", .object([("$type", .string("color")), ("$value", .string("#112233"))])))
        let (problems, values) = try imported(.object(members), name: "chain.json")
        #expect(problems.hasPrefix("C 1.0.0: 24,000 unresolved tokens"), "\(problems.prefix(300))")
        #expect(problems.contains("t1001 starts an alias chain longer than 1000 links"))
        #expect(problems.contains("t25000"))
        #expect(values["t1000"]?["hex"]?.string == "#112233")
        #expect(values.count == 1_001)
        #expect(values.values.allSatisfy { $0.kind != .null })
    }

    @Test func aMathChainPastTheLimitIsFlaggedWhereItPassesIt() throws {
        // A Tokens Studio export: each token one more than the one before.
        var set: [(key: String, value: JSON)] = [("n0", .object([("type", .string("number")), ("value", .number(1))]))]
        for index in 1...20_000 {
            set.append(
                ("n\(index)", .object([("type", .string("number")), ("value", .string("{n\(index - 1)} + 1"))])))
        }
        let document = JSON.object([
            ("core", .object(set)), ("$themes", .array([])),
            ("$metadata", .object([("tokenSetOrder", .array([.string("core")]))])),
        ])
        let (problems, values) = try imported(document, name: "math.json")
        #expect(problems.hasPrefix("C 1.0.0: 19,000 unresolved tokens"), "\(problems.prefix(300))")
        #expect(problems.contains("n1001 starts an alias chain longer than 1000 links"))
        #expect(values["n1000"] == .number(1_001))
        #expect(values["n20000"] == nil)
    }
}
