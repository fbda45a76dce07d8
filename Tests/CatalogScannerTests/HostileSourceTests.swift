#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogUsage
    import Foundation
    import Testing

    @testable import CatalogScanner

    /// Swift files built to break a scanner: brackets nested until the parser's time doubles
    /// per level, nesting deep enough to overflow a stack, and look-alike brackets in strings,
    /// interpolations and comments that must not count.
    @Suite struct HostileSourceTests {
        static let button = "import DesignFoundation\nlet b = DFButton(\"x\") {}\n"

        static func nested(_ open: String, _ close: String, depth: Int, inner: String = "") -> String {
            String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
        }

        @Test(arguments: [26, 500, 50_000])
        func deeplyNestedArraysAreFlattenedAndTheScanGoesOn(depth: Int) throws {
            let scanner = SourceScanner(vocabulary: try seededVocabulary())
            let source =
                Self.button + "let z = " + Self.nested("[", "]", depth: depth) + "\nlet c = DFButton(\"y\") {}\n"
            let started = Date()
            let result = scanner.scanChecked(source: source, file: "Deep.swift")
            // 26 levels took minutes before; flattened, the parser sees 12.
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(result.sites.map(\.line) == [2, 4])
            #expect(result.errorLines.isEmpty)
            #expect(
                result.note
                    == "brackets nested deeper than 12 levels, or parentheses deeper than 32, were read as flat (line 3)"
            )
        }

        @Test func unclosedDeepBracketsDoNotHang() throws {
            let scanner = SourceScanner(vocabulary: try seededVocabulary())
            let source =
                Self.button + "let z = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 13)
            let started = Date()
            let result = scanner.scanChecked(source: source + " here Self == X {}\n", file: "Unclosed.swift")
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(!result.errorLines.isEmpty)
        }

        /// Parentheses thousands deep, alone or between brackets (`[(` 5,000 times cost the
        /// parser's lookahead 150 s), are flattened past 32 levels like brackets.
        @Test(arguments: ["(", "[("])
        func deepParenthesesAreFlattened(open: String) throws {
            let scanner = SourceScanner(vocabulary: try seededVocabulary())
            let started = Date()
            let result = scanner.scanChecked(
                source: Self.button + "let z = " + String(repeating: open, count: 5_000) + "\n", file: "Deep.swift")
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(result.sites.map(\.line) == [2])
            #expect(result.note?.hasSuffix("were read as flat (line 3)") == true)
        }

        @Test(arguments: ["{"])
        func otherNestingPastTheParsersLimitIsASyntaxErrorNotACrash(open: String) throws {
            let scanner = SourceScanner(vocabulary: try seededVocabulary())
            let close = open == "(" ? ")" : "}"
            let result = scanner.scanChecked(
                source: Self.button + "let z = " + Self.nested(open, close, depth: 50_000) + "\n", file: "Deep.swift")
            #expect(!result.errorLines.isEmpty)
        }

        @Test func bracketsInStringsAndCommentsDoNotCount() throws {
            let brackets = String(repeating: "[", count: 30)
            let sources = [
                "let s = \"\(brackets)\"\n", "// \(brackets)\n", "/* /* \(brackets) */ */\n",
                "let r = #\"\(brackets)\"#\n", "let m = \"\"\"\n\(brackets)\n\"\"\"\n",
            ]
            for source in sources {
                let scanner = SourceScanner(vocabulary: try seededVocabulary())
                let result = scanner.scanChecked(source: Self.button + source, file: "Strings.swift")
                #expect(result.note == nil, "\(source)")
                #expect(result.sites.count == 1)
            }
            // Brackets inside an interpolation are code, and count.
            let interpolated = "let s = \"a \\(" + Self.nested("[", "]", depth: 20, inner: "1") + ".count) b\"\n"
            let result = SourceScanner(vocabulary: try seededVocabulary()).scanChecked(
                source: Self.button + interpolated, file: "Interpolated.swift")
            #expect(result.note != nil)
            #expect(result.sites.count == 1)
        }

        @Test func flatteningKeepsLinesAndColumns() throws {
            let source = "let z = " + Self.nested("[", "]", depth: 15, inner: "\n1,\n2\n") + "\n"
            let flattened = try #require(BracketNesting.flattened(source)).source
            #expect(
                flattened.split(separator: "\n", omittingEmptySubsequences: false).count
                    == source.split(separator: "\n", omittingEmptySubsequences: false).count)
            #expect(flattened.utf8.count == source.utf8.count)
            #expect(flattened.hasPrefix("let z = " + String(repeating: "[", count: 12) + "   \n1,\n2\n   " + "]"))
        }

        /// A view property shown in hundreds of places, each inside another such property, and
        /// a chain of many postfix `#if`s: the scan takes a bounded time, and what is past the
        /// bound is unknown, not guessed.
        @Test func viewPropertiesShownEverywhereAndManyBranchesCostABoundedTime() throws {
            var source = "import SwiftUI\nstruct V: View {\n    var body: some View { VStack { level3 } }\n"
            source += "    var level0: some View { Button(\"x\") { } }\n"
            for level in 1...3 {
                source += "    var level\(level): some View { VStack {\n"
                for index in 0..<40 {
                    source += "        level\(level - 1).buttonStyle(.\(index % 2 == 0 ? "bordered" : "plain"))\n"
                }
                source += "    } }\n"
            }
            var wide = "    var wide: some View { VStack {\n"
            for _ in 0..<300 { wide += "        many\n" }
            source += wide + "    } }\n    var many: some View { Button(\"y\") { } }\n"
            var chain = "    var chain: some View {\n        Button(\"z\") { }\n"
            for index in 0..<200 {
                chain +=
                    "        #if os(iOS)\n        .controlSize(.small)\n        #else\n        .tint(.c\(index))\n        #endif\n"
            }
            source += chain + "    }\n}\n"
            let started = Date()
            let found = SourceScanner(vocabulary: try seededVocabulary()).scan(source: source, file: "Wide.swift")
            #expect(Date().timeIntervalSince(started) < 20)
            let byLine = Dictionary(grouping: found, by: \.line)
            #expect(byLine[4]?.count == 1)
            #expect(byLine[4]?.first?.dynamic == true)
            #expect(
                byLine.values.flatMap { $0 }.contains {
                    $0.unknownBecause == "many is shown in more places than are followed"
                })
            #expect(found.allSatisfy { $0.option != nil || $0.unknownBecause != nil })
            #expect(found.count < 200)
        }
    }
#endif
