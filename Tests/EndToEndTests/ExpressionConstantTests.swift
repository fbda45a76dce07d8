import CatalogModel
import Foundation
import TestSupport
import Testing

/// Tokens Studio math with expr-eval's constants, as sd-transforms' checkAndEvaluateMath
/// evaluates it: `PI` and `E` are numbers, alone or in an expression without a digit.
@Suite struct ExpressionConstantTests {
    @Test func piAndEAreNumbers() throws {
        let directory = try TemporaryDirectory()
        let document = #"""
            {"core": {"a": {"type": "number", "value": "PI * E"}, "b": {"type": "number", "value": "PI"},
                      "c": {"type": "number", "value": "2 * PI"}, "d": {"type": "number", "value": "{b} / E"},
                      "w": {"type": "fontWeights", "value": "semi-bold"}},
             "$themes": [], "$metadata": {"tokenSetOrder": ["core"]}}
            """#
        try document.write(toFile: directory.path("pie.json"), atomically: true, encoding: .utf8)
        let add = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "add", "pie.json", "--name", "P"], directory: directory.url)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(!add.stderr.contains("warning"), "\(add.stderr)")
        let show = try CatalogProcess.run(
            ["--db", "cat.db", "theme", "show", "P", "--resolved", "--json"], directory: directory.url)
        var values: [String: JSON] = [:]
        for token in try JSONParser.parse(show.stdout, file: "show")["tokens"]?.array ?? [] {
            values[token["path"]?.string ?? ""] = token["value"]
        }
        #expect(values["a"]?.number.map { abs($0 - Double.pi * M_E) < 1e-9 } == true, "\(values)")
        #expect(values["b"]?.number.map { abs($0 - Double.pi) < 1e-9 } == true)
        #expect(values["c"]?.number.map { abs($0 - 2 * Double.pi) < 1e-9 } == true)
        #expect(values["d"]?.number.map { abs($0 - Double.pi / M_E) < 1e-9 } == true)
        #expect(values["w"] != nil)
    }
}
