import CatalogModel
import Foundation
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSON { try JSONParser.parse(text, file: "t.json") }

    func failure(_ text: String) -> Diagnostic? {
        do {
            _ = try JSONParser.parse(text, file: "t.json")
            return nil
        } catch let error as DocumentError {
            return error.diagnostics.first
        } catch {
            return nil
        }
    }

    @Test func valuesAndLocations() throws {
        let value = try parse("{\n  \"a\": [1, -2.5e3, true, null],\n  \"é\": \"x\\u00e9\\ud83d\\ude00\"\n}")
        #expect(value["a"]?.array?.map(\.kind) == [.number(1), .number(-2500), .bool(true), .null])
        #expect(value["é"]?.string == "xé😀")
        #expect(value["a"]?.location == SourceLocation(line: 2, column: 8))
        #expect(value["é"]?.location == SourceLocation(line: 3, column: 8))
        #expect(value.object?.map(\.key) == ["a", "é"])
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(failure("{\"a\": 1,}")?.description == "t.json:1:9: unexpected character '}'; expected a string key")
        #expect(
            failure("{\"a\" 1}")?.description
                == "t.json:1:6: unexpected character '1'; expected ':' after the key \"a\"")
        #expect(failure("[1, 2")?.description == "t.json:1:6: unexpected end of file; expected ',' or ']'")
        #expect(failure("{\"a\": \"x}")?.description == "t.json:1:7: unterminated string")
        #expect(failure("{} x")?.description == "t.json:1:4: unexpected character 'x' after the JSON document")
        #expect(failure("01")?.message == "invalid number: leading zeros are not allowed")
    }

    @Test func emptyFileAndWhitespaceOnly() {
        #expect(failure("")?.message == "the file is empty; expected a JSON document")
        #expect(failure("  \n ")?.message == "expected a JSON value")
    }

    @Test func duplicateKeysAreRefused() {
        let diagnostic = failure("{\n \"a\": 1,\n \"a\": 2\n}")
        #expect(diagnostic?.message == "duplicate key \"a\" (first at line 2, column 2)")
        #expect(diagnostic?.location == SourceLocation(line: 3, column: 2))
    }

    @Test func numbersTooLargeAreRefused() {
        #expect(failure("[1e400]")?.message == "number 1e400 is too large")
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.message == "nesting deeper than 256 levels")
    }

    @Test func invalidUTF8IsRefusedWithItsPlace() throws {
        var data = Data("{\n  \"a\": \"".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Array("\"}".utf8))
        #expect(throws: DocumentError.self) { try JSONParser.parse(data, file: "t.json") }
        do {
            _ = try JSONParser.parse(data, file: "t.json")
        } catch let error as DocumentError {
            #expect(
                error.diagnostics.first?.description
                    == "t.json:2:9: the file is not valid UTF-8 (byte 0xC3 at offset 10)")
        }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("{\"a\": 1}".utf8))
        #expect(try JSONParser.parse(data, file: "t.json")["a"]?.number == 1)
    }

    @Test func serializationRoundTrips() throws {
        let text = "{\"b\":[1,2.5,\"q\\\"\\n\\u0001\"],\"a\":{\"x\":null,\"y\":false}}"
        let value = try parse(text)
        #expect(value.serialized() == text)
        #expect(
            value.serialized(sortedKeys: true) == "{\"a\":{\"x\":null,\"y\":false},\"b\":[1,2.5,\"q\\\"\\n\\u0001\"]}")
        #expect(try parse(value.serialized(pretty: true)) == value)
    }
}

@Suite struct SemverTests {
    @Test func parsesAndOrders() {
        #expect(Semver("1.2.3")?.description == "1.2.3")
        #expect(Semver("1.2.3-beta.2+build.5")?.prerelease == ["beta", "2"])
        for bad in ["1.2", "01.2.3", "1.2.3-", "1.2.3-01", "v1.2.3", "1.2.3.4", "", "1..3"] {
            #expect(Semver(bad) == nil, "\(bad)")
        }
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "1.0.1", "1.10.0", "2.0.0",
        ]
        .compactMap(Semver.init)
        #expect(ordered.count == 11)
        #expect(ordered.shuffled().sorted() == ordered)
    }

    @Test func versionedNames() {
        #expect(
            VersionedName("DesignFoundation@1.1.2") == VersionedName(name: "DesignFoundation", version: Semver(1, 1, 2))
        )
        #expect(VersionedName("capsule") == VersionedName(name: "capsule"))
        #expect(VersionedName("a@b@1.0.0")?.name == "a@b")
        #expect(VersionedName("x@1.0") == nil)
        #expect(VersionedName("@1.0.0") == nil)
    }
}

@Suite struct ColorTests {
    @Test(arguments: [
        ("#fff", "#FFFFFFFF"), ("#FFF8", "#FFFFFF88"), ("#007AFF", "#007AFFFF"), ("#007aff80", "#007AFF80"),
        ("rgb(255, 0, 0)", "#FF0000FF"), ("rgba(0, 122, 255, 0.5)", "#007AFF80"),
        ("rgb(100% 0% 0% / 50%)", "#FF000080"),
    ])
    func parsesCSSForms(input: String, expected: String) {
        #expect(Color(css: input)?.hexRGBA == expected)
    }

    @Test func refusesOthers() {
        for bad in ["#12345", "red", "rgb(300, 0, 0)", "rgba(1,2)", "#ggg", ""] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func dtcgObjectRoundTrips() {
        let color = Color(css: "#3C3C434D")!
        #expect(Color(dtcg: color.dtcg)?.hexRGBA == "#3C3C434D")
        #expect(
            color.dtcg.serialized()
                == "{\"colorSpace\":\"srgb\",\"components\":[0.235294,0.235294,0.262745],\"alpha\":0.301961,\"hex\":\"#3c3c43\"}"
        )
    }

    /// 8-bit channels share their stored component; any other component is its own, and
    /// both serialize to the same 6 decimals.
    @Test func dtcgComponentsAreExactWhetherSharedOrNot() {
        let color = Color(red: 1, green: 128.0 / 255, blue: 0.1234567, alpha: 0.5)
        #expect(
            color.dtcg.serialized()
                == "{\"colorSpace\":\"srgb\",\"components\":[1,0.501961,0.123457],\"alpha\":0.5,\"hex\":\"#ff801f\"}")
        #expect(Color(red: 0, green: 0, blue: 0).dtcg["components"]?.array?.compactMap(\.number) == [0, 0, 0])
        #expect(Color(red: 0.5, green: 0.5, blue: 0.5).dtcg["components"]?.array?.first?.number == 0.5)
    }

    @Test func luminancePicksTheContrastingLabel() {
        #expect(Color(css: "#007AFF")!.linearLuminance < 0.5)
        #expect(Color(css: "#FFCC00")!.linearLuminance > 0.5)
    }
}
