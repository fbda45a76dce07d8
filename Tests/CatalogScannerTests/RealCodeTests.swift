#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogResources
    import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import Testing

    /// Patterns from real code that the first scanner got wrong (issue: usage on real code):
    /// styles given as initializer arguments, struct spellings, calls of another library's
    /// type of the same name, and `#Preview` blocks as views of their own.
    @Suite struct RealCodeTests {
        func sites(_ source: String, file: String = "App/View.swift") throws -> [UsageSite] {
            SourceScanner(vocabulary: try seededVocabulary()).scan(source: source, file: file)
        }

        @Test func aStyleGivenAsAnInitializerArgumentIsTheStyle() throws {
            let found = try sites(
                """
                import DesignFoundation
                let add = DFButton("Add", style: .outlined) { }
                let plain = DFButton("Plain") { }
                """)
            #expect(found.map { "\($0.option ?? "-") \($0.defaulted)" } == ["outlined false", "filled true"])
            #expect(found.first?.arguments["style"] == nil)
        }

        @Test func anOlderSpecsArgumentLabelStillCounts() throws {
            // OUDS 2.0 called the appearance `hierarchy:`.
            let found = try sites(
                """
                import OUDS
                let minimal = OUDSButton(text: "Later", hierarchy: .minimal) { }
                let negative = OUDSButton(text: "Delete", appearance: .negative) { }
                """)
            #expect(
                found.map { "\($0.axis ?? "-")=\($0.option ?? "-")" } == ["appearance=minimal", "appearance=negative"])
        }

        @Test func theStructSpellingOfAStyleIsThatStyle() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        Button("A") { }.buttonStyle(BorderlessButtonStyle())
                        Button("B") { }.buttonStyle(BorderedProminentButtonStyle())
                        Button("C") { }.buttonStyle(.plain)
                    }
                }
                """)
            #expect(found.map { $0.option ?? "-" } == ["borderless", "borderedProminent", "plain"])
            #expect(found.allSatisfy { !$0.defaulted })
        }

        @Test func aSameNamedTypeFromElsewhereIsNotTheCatalogs() throws {
            // No `import DesignFoundation`: another library's DFButton.
            #expect(try sites("import OtherKit\nlet b = DFButton(\"x\") { }\n").isEmpty)
            // A DFButton declared in the file itself.
            #expect(
                try sites(
                    "import DesignFoundation\nstruct DFButton: View { var body: some View { Text(\"\") } }\nlet b = DFButton()\n"
                ).isEmpty)
            // DesignFoundation's own sources need no import of themselves.
            #expect(try sites("let b = DFButton(\"x\") { }\n", file: "Sources/DesignFoundation/Demo.swift").count == 1)
            // A module of the spec's family: OUDS apps import OUDSComponents.
            #expect(try sites("import OUDSComponents\nlet b = OUDSButton(text: \"x\") { }\n").count == 1)
            // SwiftUI's Button needs SwiftUI.
            #expect(try sites("import UIKit\nlet b = Button(\"x\") { }\n").isEmpty)
        }

        @Test func eachPreviewIsAViewOfItsOwn() throws {
            var source = "import DesignFoundation\nimport SwiftUI\n"
            for index in 1...5 { source += "#Preview(\"P\(index)\") { DFButton(\"Save\") { } }\n" }
            source += "#Preview { DFButton(\"Untitled\") { } }\n"
            let found = try sites(source)
            #expect(Set(found.compactMap(\.enclosingBody)).count == 6)
            #expect(found.first?.enclosingBody == "#Preview(\"P1\")")
            #expect(found.last?.enclosingBody == "#Preview at line 8")
            let repository = try Repository(path: ":memory:", mode: .createIfMissing)
            _ = try repository.write { transaction in
                try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
            }
            let linter = Linter(specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: [])
            #expect(linter.findings(for: found).filter { $0.message.contains("buttons in") }.isEmpty)
        }

        @Test func aValueKnownOnlyAtRunTimeIsDynamicNotUnknownNorDefault() throws {
            let found = try sites(
                """
                import OUDS
                import SwiftUI
                import DesignFoundation
                struct V: View {
                    let model: Model
                    var body: some View {
                        OUDSButton(text: "A", appearance: model.appearance) { }
                        DFButton("B") { }.dfButtonStyle(isPrimary ? .filled : .outlined)
                        DFButton("C") { }.dfButtonStyle(style)
                        DFButton("D") { }.dfButtonStyle(.outlined)
                    }
                }
                """)
            #expect(
                found.map { "\($0.option ?? "-") dynamic=\($0.dynamic) default=\($0.defaulted)" } == [
                    "model.appearance dynamic=true default=false",
                    "isPrimary ? .filled : .outlined dynamic=true default=false",
                    "style dynamic=true default=false",
                    "outlined dynamic=false default=false",
                ])
            let repository = try Repository(path: ":memory:", mode: .createIfMissing)
            _ = try repository.write { transaction in
                try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
            }
            let linter = Linter(specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: [])
            #expect(linter.findings(for: found).filter { $0.rule == "catalog-unknown-style" }.isEmpty)
            // Stored and read back with the flag.
            try repository.replaceScan(
                project: "p",
                files: [
                    ScannedFile(
                        path: "App/View.swift", hash: "h", size: 1, modified: 1, candidate: true, warning: nil,
                        sites: found)
                ])
            #expect(try repository.storedSites(project: "p").map(\.site.dynamic) == [true, true, true, false])
        }

        @Test func aButtonBoundToANameIsStyledWhereItIsUsed() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    let role: ButtonRole?
                    var body: some View {
                        let b = Button("Go", role: role) { go() }.controlSize(.large)
                        VStack {
                            b.buttonStyle(.bordered)
                        }
                    }
                }
                """)
            #expect(found.count == 1)
            #expect(found.first?.option == "bordered")
            #expect(found.first?.defaulted == false)
            #expect(found.first?.role == nil)
            #expect(found.first?.arguments["role"] == "role")
            #expect(found.first?.containers == ["VStack"])
        }

        @Test func glassStylesAreKnownAndAnIOSOnlyAppNeedsOnlyTheIOSCheck() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        if #available(iOS 26, *) {
                            Button("A") { }.buttonStyle(.glass)
                            Button("B") { }.buttonStyle(GlassProminentButtonStyle())
                        }
                    }
                }
                """)
            #expect(found.map { $0.option ?? "-" } == ["glass", "glassProminent"])
            let repository = try Repository(path: ":memory:", mode: .createIfMissing)
            _ = try repository.write { transaction in
                try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
            }
            let specs = try repository.latestSpecs()
            let styles = try repository.latestStyles()
            #expect(
                Linter(specs: specs, styles: styles, themes: []).findings(for: found).filter {
                    $0.rule == "catalog-unknown-style"
                }.isEmpty)
            // Where the project says nothing, code that compiles names in its checks the
            // platforms it is built for: `if #available(iOS 26, *)` is iOS code.
            let unknown = Linter(specs: specs, styles: styles, themes: []).findings(for: found)
            #expect(unknown.filter { $0.rule == "swiftui-glass-availability" }.isEmpty)
            // An app that says it ships on macOS too: macOS 26 is not checked.
            let both = Linter(
                specs: specs, styles: styles, themes: [],
                platforms: [DeploymentTarget(platform: "iOS"), DeploymentTarget(platform: "macOS")]
            ).findings(for: found)
            #expect(both.filter { $0.rule == "swiftui-glass-availability" }.count == 2)
            #expect(both.allSatisfy { !$0.message.contains("iOS") }, "\(both.map(\.message))")
            // An iOS-only app: the iOS check is enough.
            let iOSOnly = Linter(
                specs: specs, styles: styles, themes: [], platforms: [DeploymentTarget(platform: "iOS")]
            )
            .findings(for: found)
            #expect(iOSOnly.filter { $0.rule == "swiftui-glass-availability" }.isEmpty)
        }
    }
#endif
