import CatalogModel
import Testing

/// Names are checked and turned into Swift identifiers by their bytes when they are ASCII
/// (nearly always) and by Unicode's rules otherwise: both ways say the same.
@Suite struct NameRulesTests {
    @Test(arguments: [
        ("brand.accent", "it contains '.', which separates path segments"),
        ("{brand}", "it contains '{' or '}', which mark aliases"),
        ("brand}.x", "it contains '.', which separates path segments"),
        ("tab\there", "it contains a control character"),
        ("del\u{7F}", "it contains a control character"),
        (String(repeating: "a", count: 201), "it is longer than 200 characters"),
        ("", "it is empty"),
    ])
    func tokenNameProblems(name: String, problem: String) {
        #expect(NameRules.tokenNameProblem(name) == problem)
        // The same flaw in a name with a non-ASCII letter: the same message.
        if !name.isEmpty && name.count <= 200 {
            #expect(NameRules.tokenNameProblem(name + "é") == problem)
        }
    }

    @Test func validTokenNames() {
        for name in ["primary", "gray-50", "$root", "font size", "Größe", String(repeating: "a", count: 200)] {
            #expect(NameRules.tokenNameProblem(name) == nil, "\(name)")
        }
        // 200 characters of which some take two bytes: the limit counts characters.
        #expect(NameRules.tokenNameProblem(String(repeating: "é", count: 200)) == nil)
    }

    @Test(arguments: ["fooBar-bazQux", "URLSession2go", "gray_50-dark", "a1B2c3", "--x--Y--z"])
    func swiftNamesOfASCIINamesMatchTheUnicodePath(name: String) {
        // "ä" is a lowercase letter for both paths: appended, it extends the last word.
        #expect(SwiftNames.member(name + "ä") == SwiftNames.member(name) + "ä")
        #expect(SwiftNames.type(name + "ä") == SwiftNames.type(name) + "ä")
    }
}
