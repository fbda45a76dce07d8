import CatalogModel
import Foundation
import Testing

/// `JSONParser.parseDeferring`: token objects left out of the tree, parsed later exactly as
/// the whole parse gives them (values and places).
@Suite struct DeferredParseTests {
    /// Every value of `json` with its place, depth first: what two parses must agree on.
    func places(_ json: JSON, _ path: String = "$") -> [String] {
        var found = ["\(path) \(json.location.line):\(json.location.column) \(json.kindDescription)"]
        switch json.kind {
        case .object(let members):
            for (key, value) in members { found += places(value, path + "." + key) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { found += places(element, path + "[\(index)]") }
        default: break
        }
        return found
    }

    let document = """
        {"$extensions": {"x": {"$value": "kept"}},
         "größe": {"klein": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}},
           "groß": {
             "$value": "#ff0000", "$description": "rot – ✓"}},
         "list": [{"a": {"$value": 1}}],
         "outer": {"$value": 1, "inner": {"$value": 2}},
         "$root": {"$value": "#000000"}}
        """

    @Test func tokenObjectsAreLeftOutAndParsedAsTheWholeParseGivesThem() throws {
        let data = Data(document.utf8)
        let whole = try JSONParser.parse(data, file: "t.json")
        let (json, duplicates, deferred) = try JSONParser.parseDeferring(data, file: "t.json") {
            $0["$value"] != nil
        }
        #expect(duplicates.isEmpty)
        // The tokens below groups and `$root` are left out; nothing below a `$` key or in an
        // array is; a token holding a token (`outer`) is left out whole, with what it holds.
        #expect(deferred.count == 4)
        #expect(json["größe"]?["klein"]?.object?.isEmpty == true)
        #expect(json["größe"]?["groß"]?.object?.isEmpty == true)
        #expect(json["outer"]?.object?.isEmpty == true)
        #expect(json["$root"]?.object?.isEmpty == true)
        #expect(json["$extensions"] == whole["$extensions"])
        #expect(json["list"] == whole["list"])
        for object in deferred {
            let parsed = try JSONParser.parseDeferred(object, in: data, file: "t.json")
            let original = try #require(
                [whole["größe"]?["klein"], whole["größe"]?["groß"], whole["outer"], whole["$root"]]
                    .compactMap { $0 }.first { $0.location == object.location })
            #expect(parsed == original)
            #expect(places(parsed) == places(original))
        }
        #expect(places(json["$extensions"]!) == places(whole["$extensions"]!))
    }

    @Test func aTokenThatIsKeptHoldsNoLeftOutObject() throws {
        // `outer` is not left out (the decision says no to it), so the token it holds is
        // parsed with it, not left as an empty object in it.
        let data = Data(
            ##"{"g": {"outer": {"$value": 1, "$ref": "#/x", "inner": {"$value": 2}}, "t": {"$value": 3}}}"##.utf8)
        let (json, _, deferred) = try JSONParser.parseDeferring(data, file: "t.json") {
            $0["$value"] != nil && $0["$ref"] == nil
        }
        #expect(json["g"]?["outer"]?["inner"]?["$value"]?.number == 2)
        #expect(deferred.map(\.location) == [SourceLocation(line: 1, column: 76)])
        #expect(try JSONParser.parseDeferred(deferred[0], in: data, file: "t.json")["$value"]?.number == 3)
    }

    @Test func repeatedKeysInLeftOutObjectsAreSaidOnceAndTheLastWins() throws {
        let data = Data("{\"t\": {\"$value\": 1, \"$value\": 2}}".utf8)
        let (_, duplicates, deferred) = try JSONParser.parseDeferring(data, file: "t.json") { $0["$value"] != nil }
        #expect(
            duplicates.map(\.description) == [
                "t.json:1:21: the key \"$value\" is repeated (first at line 1, column 8); this later value wins"
            ])
        #expect(try JSONParser.parseDeferred(deferred[0], in: data, file: "t.json")["$value"]?.number == 2)
        #expect(throws: DocumentError.self) {
            try JSONParser.parseDeferring(data, file: "t.json", keepingDuplicates: false) { _ in true }
        }
    }
}
