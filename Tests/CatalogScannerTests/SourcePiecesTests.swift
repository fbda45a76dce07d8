#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogUsage
    import Foundation
    import SwiftSyntax
    import TestSupport
    import Testing

    @testable import CatalogScanner

    /// A file parsed in pieces on several cores (``SourcePieces``): cut only between
    /// top-level declarations, never inside a string, comment, interpolation or `#if`, and
    /// scanned to exactly what the whole file gives.
    @Suite struct SourcePiecesTests {
        /// The first line of each piece after the first, with every cut used.
        static func pieceStarts(_ source: String) -> [String] {
            let input = SourceScanner.input(source, pieces: 100, minimumBytes: 1)
            return input.pieces.dropFirst().map { range in
                let text = String(decoding: input.bytes[range], as: UTF8.self)
                return text.split(separator: "\n").first.map(String.init) ?? ""
            }
        }

        @Test func cutsFallBetweenTopLevelDeclarationsOnly() {
            let source = #"""
                import SwiftUI

                struct A: View {
                    var body: some View { Text("}") }
                }

                /// B's documentation.
                extension A {
                    var text = """
                    }
                    struct NotADeclaration {
                    """
                }
                @MainActor final class C {
                    let raw = #"}"# + "\(items.map { "}\($0)" }.joined())"
                    /* a comment /* nested } */ still } */
                } // C's end
                #if DEBUG
                struct D {}
                struct E {}
                #endif
                let view = VStack {
                }
                .padding()
                func f() {
                }
                private struct G {}   
                enum H { case a } // H's end
                struct I {}
                """#
            // Not after A's body's `}` (inside a declaration), C's (`#if` next), D's and E's
            // (inside `#if`), the VStack's (`.padding()` continues it) or I's (the end).
            #expect(
                Self.pieceStarts(source) == [
                    "/// B's documentation.", "@MainActor final class C {", "private struct G {}   ",
                    "enum H { case a } // H's end", "struct I {}",
                ])
        }

        @Test func aFileTooSmallOrWithoutCutsIsOnePiece() {
            let small = "struct A {}\nstruct B {}\n"
            #expect(SourceScanner.input(small, pieces: 2, minimumBytes: 2_048).pieces == [0..<small.utf8.count])
            let one = "struct A {\n" + String(repeating: "    let x = 1\n", count: 500) + "}\n"
            #expect(SourceScanner.input(one, pieces: 2, minimumBytes: 64).pieces.count == 1)
            let two = one + "struct B {\n" + String(repeating: "    let y = 2\n", count: 500) + "}\n"
            let pieces = SourceScanner.input(two, pieces: 2, minimumBytes: 64).pieces
            #expect(pieces.count == 2)
            #expect(pieces.first?.upperBound == one.utf8.count - 1)
        }

        /// The tokens of `tree` with what places them: kind, offset, trivia and parent.
        static func shape(_ tree: SourceFileSyntax) -> [String] {
            tree.tokens(viewMode: .all).map {
                "\($0.tokenKind) \($0.position.utf8Offset) \($0.leadingTrivia) \($0.trailingTrivia) "
                    + "\($0.parent?.kind ?? .token) \($0.parent?.parent?.kind ?? .token)"
            }
        }

        /// Every source file of one of this package's folders, as Swift written by hand.
        static let folders = [
            "Sources/CatalogScanner", "Sources/CatalogModel", "Sources/CatalogTokenFiles",
            "Sources/CatalogCodegen", "Sources/CatalogDocs", "Sources/CatalogStore", "Tests/CatalogScannerTests",
            "Tests/CatalogCodegenTests",
        ]

        @Test(arguments: folders) func realSourcesJoinedFromPiecesAreTheirWholeTrees(folder: String) throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appending(path: folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
            #expect(files.count > 3)
            for file in files {
                let source = try String(contentsOf: root.appending(path: file), encoding: .utf8)
                let input = SourceScanner.input(source, pieces: 4, minimumBytes: 256)
                let trees = input.pieces.indices.map { SourceScanner.parse(input, piece: $0) }
                #expect(trees.allSatisfy { !$0.hasError }, "\(folder)/\(file)")
                let joined = SourceScanner.joined(trees, of: input)
                let whole = SourceScanner.parse(SourceScanner.input(source), piece: 0)
                #expect(joined.description == source, "\(folder)/\(file)")
                #expect(Self.shape(joined) == Self.shape(whole), "\(folder)/\(file)")
                let cuts = input.bytes.withUnsafeBufferPointer { SourcePieces.cuts(in: $0) }
                #expect(cuts.count == Self.formattedCuts(source), "\(folder)/\(file)")
            }
        }

        /// The cuts of `source` as swift-format lays code out: a line at the top level (not
        /// indented, outside `#if`) ending in `}` (perhaps before a comment), then, past blank
        /// and comment lines, a line that begins a declaration.
        static func formattedCuts(_ source: String) -> Int {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var count = 0
            var conditions = 0
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("#if ") { conditions += 1 }
                if line.hasPrefix("#endif") { conditions -= 1 }
                guard conditions == 0, let first = line.first, !first.isWhitespace, first != "/" else { continue }
                let code = line.range(of: " //").map { String(line[..<$0.lowerBound]) } ?? line
                guard code.trimmingCharacters(in: .whitespaces).hasSuffix("}") else { continue }
                guard
                    let next = lines[(index + 1)...].first(where: {
                        let trimmed = $0.trimmingCharacters(in: .whitespaces)
                        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
                    })
                else { continue }
                let word = next.prefix { $0.isLetter }
                if next.hasPrefix("@") || SourcePieces.declarationStarts.contains(String(word)) { count += 1 }
            }
            return count
        }

        @Test func aPieceWithASyntaxErrorHasTheWholeFileParsed() {
            let source =
                "struct A {\n" + String(repeating: "    let a = 1\n", count: 40) + "}\n"
                + "struct B {\n" + String(repeating: "    let b = 1\n", count: 40) + "    let b = = 1\n}\n"
                + "struct C {\n" + String(repeating: "    let c = 1\n", count: 40)
                + "}\n"
            let input = SourceScanner.input(source, pieces: 3, minimumBytes: 64)
            #expect(input.pieces.count == 3)
            let trees = input.pieces.indices.map { SourceScanner.parse(input, piece: $0) }
            #expect(trees.contains { $0.hasError })
            let joined = SourceScanner.joined(trees, of: input)
            let whole = SourceScanner.parse(SourceScanner.input(source), piece: 0)
            #expect(Self.shape(joined) == Self.shape(whole))
        }

        /// What a project scan records of each file, as text.
        static func records(_ results: [ProjectScanner.FileResult]) -> [String] {
            results.sorted { $0.path < $1.path }.map { result in
                ([result.path, result.warning ?? "-", "\(result.errorLines)", result.lookups.sorted().description]
                    + result.sites.map(describe) + result.declarations.map(\.text)
                    + result.tokenReferences.map { "\($0.line):\($0.column) \($0.spelling)" })
                    .joined(separator: "\n")
            }
        }

        @Test func aProjectScannedInPiecesRecordsWhatItDoesWhole() throws {
            let directory = try TemporaryDirectory()
            let app = directory.url.appending(path: "App")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.appending(path: "App").path) {
                try Data(contentsOf: fixtures.appending(path: "App/\(name)")).write(to: app.appending(path: name))
            }
            for index in 0..<32 {
                try Data(RealWorldTreeTests.feature(index).source.utf8).write(
                    to: app.appending(path: "Screen\(index).swift"))
            }
            // Across declarations: a wrapper declared after its use, a helper view declared
            // in an extension, the catalog's module imported last.
            try Data(
                """
                import SwiftUI

                struct Checkout: View {
                    var body: some View {
                        VStack {
                            Button("Back") { }
                            pay
                        }
                        .brandButtons()
                    }
                }

                extension Checkout {
                    var pay: some View {
                        DFButton("Pay", style: .outlined) { }
                    }
                }

                extension View {
                    func brandButtons() -> some View { buttonStyle(.borderedProminent) }
                }

                struct Later: View {
                    var body: some View { Button("Later") { }.buttonStyle(.bordered) }
                }

                import DesignFoundation

                """.utf8
            ).write(to: app.appending(path: "Checkout.swift"))
            let vocabulary = try seededVocabulary()
            let files = try ProjectScanner.swiftFiles(under: [app.path], root: directory.url.path).files
            var whole = ProjectScanner(scanner: SourceScanner(vocabulary: vocabulary))
            whole.piecing.pieces = 1
            var pieces = ProjectScanner(scanner: SourceScanner(vocabulary: vocabulary))
            pieces.piecing.pieces = 8
            pieces.piecing.minimumBytes = 1
            let expected = Self.records(whole.scan(files: files, known: [:]))
            let cut = Self.records(pieces.scan(files: files, known: [:]))
            #expect(cut == expected)
            let checkout = try #require(expected.first { $0.hasPrefix("App/Checkout.swift") })
            #expect(checkout.contains("DFButton.style=outlined"), "\(checkout)")
            #expect(
                checkout.contains("6:13 Button Button.style=borderedProminent inherited in[VStack] Checkout.body"),
                "\(checkout)")
            let source = try String(contentsOf: app.appending(path: "Checkout.swift"), encoding: .utf8)
            #expect(SourceScanner.input(source, pieces: 8, minimumBytes: 1).pieces.count == 5)
        }
    }
#endif
