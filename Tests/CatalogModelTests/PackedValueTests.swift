import CatalogModel
import Foundation
import Testing

/// Tokens hold colors of 8-bit channels packed (``Token/value`` builds them again): what
/// they give back is what they were given, member for member and byte for byte.
@Suite struct PackedValueTests {
    /// Every channel value, every position, and alpha: built again equal, serialized the same.
    @Test func everyEightBitColorComesBackAsGiven() {
        for channel in 0...255 {
            let level = Double(channel) / 255
            for color in [
                Color(red: level, green: 0, blue: 1, alpha: 1), Color(red: 1, green: level, blue: 0, alpha: level),
                Color(red: 0, green: 1, blue: level, alpha: 0.5),
            ] {
                let value = color.dtcg
                let token = Token(
                    path: "c", type: .color, value: value, modes: [ModeValue(ModeKey("s", "dark"), value)])
                #expect(token.value == value)
                #expect(token.value?.serialized() == value.serialized())
                #expect(token.modes[0].value?.serialized() == value.serialized())
                #expect(token.value?["hex"]?.string == color.hexRGB)
            }
        }
    }

    /// What is not exactly the canonical form of an 8-bit color is held as given: another
    /// precision, a hex that is not the components', a member more, a value with a place.
    @Test func anyOtherValueIsHeldAsGiven() throws {
        let fine = Color(red: 0.1234567, green: 0, blue: 0).dtcg
        let located = try JSONParser.parse(Color(red: 1, green: 0, blue: 0).dtcg.serialized(), file: "t.json")
        var members = Color(red: 1, green: 0, blue: 0).dtcg.object!
        members[3].value = .string("#ff0001")
        let wrongHex = JSON(.object(members))
        let noted = JSON(.object(Color(red: 1, green: 0, blue: 0).dtcg.object! + [(key: "note", value: .string("x"))]))
        let negativeZero = JSON(
            .object([
                (key: "colorSpace", value: .string("srgb")),
                (key: "components", value: .array([.number(-0.0), .number(0), .number(0)])),
                (key: "alpha", value: .number(1)), (key: "hex", value: .string("#000000")),
            ]))
        for value in [fine, located, wrongHex, noted, negativeZero, .string("{a.b}"), .number(3)] {
            let token = Token(path: "c", type: .color, value: value)
            #expect(token.value?.serialized() == value.serialized())
            #expect(token.value?.location == value.location)
        }
        #expect(Token(path: "c", type: .color, value: .string("{a.b}")).aliasTarget == "a.b")
        #expect(Token(path: "c", type: .color, value: Color(red: 1, green: 0, blue: 0).dtcg).aliasTarget == nil)
    }

    /// Tokens compare by value whichever way each holds it.
    @Test func tokensCompareByValue() {
        let red = Color(red: 1, green: 0, blue: 0).dtcg
        let built = JSON(.object(red.object!))  // the same members, not from `dtcg`
        #expect(Token(path: "c", type: .color, value: red) == Token(path: "c", type: .color, value: built))
        #expect(
            Token(path: "c", type: .color, value: red)
                != Token(path: "c", type: .color, value: Color(red: 0, green: 0, blue: 0).dtcg))
        let fine = Color(red: 0.1234567, green: 0, blue: 0).dtcg
        #expect(Token(path: "c", type: .color, value: fine) == Token(path: "c", type: .color, value: fine))
    }

    /// A document's digest is the same whether it is given whole or in parts hashed one by one.
    @Test func aDigestOfPartsIsTheDigestOfTheWhole() {
        let parts = [Data("{\"a\": 1}".utf8), Data(), Data("é\n".utf8)]
        let joined = DocumentDigest("{\"a\": 1}\n\né\n")
        #expect(DocumentDigest(joining: parts, separator: "\n") == joined)
        #expect(joined.byteCount == 13)
        #expect(joined.sha256 == SHA256.hex(Data("{\"a\": 1}\n\né\n".utf8)))
        #expect(DocumentDigest(joining: [], separator: "\n") == "")
    }

    /// A JSON path is told to be the one a token's path spells without building it where
    /// every name is plain, and by building it otherwise.
    @Test func jsonPathsSpelledByTokenPaths() {
        #expect(JSONPath.spelling("color.primary") == "$.color.primary")
        #expect(JSONPath.spelling("font.extra large") == "$.font[\"extra large\"]")
        #expect(JSONPath.isSpelling("$.color.primary", of: "color.primary"))
        #expect(!JSONPath.isSpelling("$.color.primar", of: "color.primary"))
        #expect(!JSONPath.isSpelling("$.color[\"primary.dark\"]", of: "color.primary.dark"))
        #expect(JSONPath.isSpelling("$.font[\"extra large\"]", of: "font.extra large"))
        #expect(!JSONPath.isSpelling("$.a", of: "a."))
        #expect(JSONPath.isSpelling("$.a[\"\"]", of: "a."))
    }
}
