#if canImport(CatalogScanner)
    import CatalogModel
    @testable import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import Testing

    /// The app's own code around a button, followed through its declarations: style
    /// modifiers of its own, containers that style their content, namespaced receivers
    /// (`.backport`), `@available` on the enclosing declaration, and modifiers told apart
    /// by what they are, not by their names. Each source is shaped like the real snippet
    /// the issue quotes.
    @Suite struct AppWrapperTests {
        /// The sites of `source`, with `others` (other files of the project) indexed.
        func sites(_ source: String, others: [String] = []) throws -> [UsageSite] {
            let scanner = SourceScanner(vocabulary: try seededVocabulary())
            let texts =
                others.flatMap { scanner.scanChecked(source: $0, file: "Other.swift", sites: false).declarations }
                + scanner.scanChecked(source: source, file: "App/View.swift", sites: false).declarations
            return scanner.scan(
                source: source, file: "App/View.swift", index: DeclarationPool(texts).index(for: Array(source.utf8)))
        }

        /// Each record as `option [conditions]`, `?reason` for unknown, `*` for dynamic.
        func styles(_ found: [UsageSite]) -> [String] {
            found.map { site in
                let style = site.unknownBecause.map { "?" + $0 } ?? ((site.dynamic ? "*" : "") + (site.option ?? "-"))
                return site.availability.isEmpty ? style : "\(style) [\(site.availability.joined(separator: ", "))]"
            }
        }

        let primaryButton = """
            import SwiftUI
            extension View { func primaryButton() -> some View { modifier(PrimaryButtonModifier()) } }
            struct PrimaryButtonModifier: ViewModifier {
                func body(content: Content) -> some View {
                    if #available(macOS 26, *) { content.buttonStyle(.glassProminent) } else { content.buttonStyle(.borderedProminent) }
                }
            }
            """

        @Test func anAppStyleModifierIsFollowedThroughItsViewModifier() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Done: View {
                    var body: some View { Button("Done") { }.primaryButton() }
                }
                """, others: [primaryButton])
            #expect(styles(found) == ["glassProminent [macOS 26]", "borderedProminent"])
            #expect(found.map(\.branch) == [0, 1])
            // Declared nowhere in the scanned files: unknown, with the reason.
            let alone = try sites("import SwiftUI\nlet b = Button(\"Done\") { }.primaryButton()\n")
            #expect(styles(alone) == ["?.primaryButton()"])
        }

        @Test func anAvailabilityCheckJoinedWithARunTimeConditionKeepsIt() throws {
            // As Secretive's PrimaryButtonModifier: glass only on macOS 26 in dark mode.
            let found = try sites(
                """
                import SwiftUI
                struct PrimaryButtonModifier: ViewModifier {
                    @Environment(\\.colorScheme) var colorScheme
                    func body(content: Content) -> some View {
                        if #available(macOS 26.0, *), colorScheme == .dark { content.buttonStyle(.glassProminent) }
                        else { content.buttonStyle(.borderedProminent) }
                    }
                }
                struct HiddenToolbarModifier: ViewModifier {
                    func body(content: Content) -> some View {
                        if #available(macOS 15.0, *) { content.toolbarBackgroundVisibility(.hidden, for: .automatic) } else { content }
                    }
                }
                let a = Button("Done") { }.modifier(PrimaryButtonModifier())
                let b = Button("Close") { }.modifier(HiddenToolbarModifier())
                """)
            // One run-time choice, each option with the conditions it is taken under.
            #expect(
                styles(found) == [
                    "*PrimaryButtonModifier: .glassProminent (macOS 26.0, if colorScheme == .dark), .borderedProminent",
                    "automatic",
                ])
            #expect(found.first?.choices == ["glassProminent", "borderedProminent"])
        }

        @Test func aRunTimeChoiceInsideAWrapperIsDynamic() throws {
            let found = try sites(
                """
                import SwiftUI
                extension View {
                    @ViewBuilder func glassButtonStyle(prominent: Bool) -> some View {
                        if prominent { buttonStyle(.glassProminent) } else { buttonStyle(.glass) }
                    }
                    func pill(_ style: some PrimitiveButtonStyle) -> some View { buttonStyle(style).controlSize(.large) }
                }
                let a = Button("Go") { }.glassButtonStyle(prominent: isPrimary)
                let b = Button("Go") { }.pill(.bordered)
                let c = Button("Go") { }.glassButtonStyle(prominent: true)
                let d = Button("Go") { }.glassButtonStyle(prominent: false)
                """)
            // A run-time argument: either style; a literal one picks its branch.
            #expect(
                styles(found) == ["*.glassButtonStyle: .glassProminent, .glass", "bordered", "glassProminent", "glass"])
            #expect(found[0].choices == ["glassProminent", "glass"])
            #expect(found[1].arguments["controlSize"] == ".large")
        }

        @Test func aModifierTakingAClosureAppliesItsBodyToIt() throws {
            let found = try sites(
                """
                import SwiftUI
                struct ToolbarAreaButtonStyle: ButtonStyle {
                    func makeBody(configuration: Configuration) -> some View { configuration.label }
                }
                extension View {
                    func toolbarArea<C: View>(@ViewBuilder content: () -> C) -> some View {
                        overlay(alignment: .top) { HStack { content() }.buttonStyle(ToolbarAreaButtonStyle()) }
                    }
                    func myAlert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
                        alert(title, isPresented: isPresented) { actions() }
                    }
                }
                struct Screen: View {
                    @State var shown = false
                    var body: some View {
                        Text("x").toolbarArea { Button("Share") { } }
                            .myAlert("Sure?", isPresented: $shown) { Button("OK") { } }
                            .buttonStyle(.bordered)
                    }
                }
                """)
            #expect(styles(found) == ["ToolbarAreaButtonStyle", "automatic"])
            #expect(found[0].inherited)
            // The alert's actions are not drawn as buttons: `.bordered` outside does not reach them.
            #expect(found[1].defaulted)
        }

        @Test func anAppContainerStylesItsContent() throws {
            let found = try sites(
                """
                import SwiftUI
                struct EmptyStateView<Actions: View>: View {
                    let title: String
                    @ViewBuilder var actions: () -> Actions
                    init(_ title: String, @ViewBuilder actions: @escaping () -> Actions) {
                        self.title = title
                        self.actions = actions
                    }
                    var body: some View {
                        VStack { Text(title); HStack { actions() }.controlSize(.large).buttonStyle(.borderedProminent) }
                    }
                }
                struct Library: View {
                    var body: some View {
                        EmptyStateView("Library Missing") { Button("Open Settings") { } }
                        VStack { Button("Plain") { } }
                    }
                }
                """)
            #expect(styles(found) == ["borderedProminent", "automatic"])
            #expect(found[0].inherited && !found[0].defaulted)
            #expect(found[0].arguments["controlSize"] == ".large")
            #expect(found[1].defaulted)
        }

        @Test func aNamespacedReceiverIsTheAppsType() throws {
            let backport = """
                import SwiftUI
                struct Backport<Content> { let content: Content }
                extension View { var backport: Backport<Self> { Backport(content: self) } }
                extension Backport where Content: View {
                    @ViewBuilder func buttonStyle(_ style: BackportStyle) -> some View {
                        if #available(iOS 26, *) { content.buttonStyle(.glass) } else { content.buttonStyle(.bordered) }
                    }
                }
                """
            let found = try sites(
                """
                import SwiftUI
                let b = Button("Go") { }.backport.buttonStyle(.glassProminent.compact)
                """, others: [backport])
            #expect(styles(found) == ["glass [iOS 26]", "bordered"])
            let linter = Linter(
                specs: try seededRepository().latestSpecs(), styles: [], themes: [],
                platforms: [DeploymentTarget("iOS 18")!])
            #expect(linter.findings(for: found).filter { $0.rule == "swiftui-glass-availability" }.isEmpty)
            // Not in the scanned files: the style the call names, taken at its word, through the
            // wrapper, whose business availability is (no availability error).
            let alone = try sites(
                """
                import SwiftUI
                let a = Button("Go") { }.backport.buttonStyle(.glass)
                let b = Button("Go") { }.backport.buttonStyle(.glassProminent.shadow(false))
                let c = Button("Go") { }.backport.tinted(.red)
                """)
            #expect(styles(alone).count == 3)
            #expect(styles(alone).prefix(2) == ["glass", "glassProminent"])
            #expect(alone.prefix(2).allSatisfy { $0.via == ".backport" })
            #expect(linter.findings(for: alone).filter { $0.rule == "swiftui-glass-availability" }.isEmpty)
            // A method that is no style modifier: unknown, as before.
            #expect(styles(alone).last?.hasPrefix("?.backport.tinted(.red)") == true)
        }

        @Test func availableOnTheEnclosingDeclarationChecksAvailability() throws {
            let found = try sites(
                """
                import SwiftUI
                @available(macOS 26.0, iOS 26.0, *)
                struct ExtractView: View {
                    var body: some View { Button("Go") { }.buttonStyle(.glass) }
                }
                extension Toolbar {
                    @available(iOS, introduced: 26.0)
                    var share: some View { Button("Share") { }.buttonStyle(.glassProminent) }
                    func later() -> some View {
                        guard #available(iOS 26, *) else { return AnyView(EmptyView()) }
                        return AnyView(Button("Later") { }.buttonStyle(.glass))
                    }
                }
                """)
            #expect(found.map(\.availability) == [["macOS 26.0", "iOS 26.0"], ["iOS 26.0"], ["iOS 26"]])
            let linter = Linter(
                specs: try seededRepository().latestSpecs(), styles: [], themes: [],
                platforms: [DeploymentTarget("iOS 18")!])
            #expect(linter.findings(for: found).filter { $0.rule == "swiftui-glass-availability" }.isEmpty)
        }

        @Test func aSwiftUIModifierNamedLikeAButtonIsNotAStyle() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Items: View {
                    var body: some View {
                        List { Button("Add") { } }.navigationBarBackButtonHidden(true)
                    }
                }
                """)
            #expect(styles(found) == ["automatic"])
        }

        @Test func builtInStylesAreAllInTheCatalog() throws {
            let found = try sites(
                """
                import SwiftUI
                let a = Button("Help") { }.buttonStyle(.link)
                let b = Button("Filter") { }.buttonStyle(.accessoryBar)
                let c = Button("Add") { }.buttonStyle(.accessoryBarAction)
                let d = Button("Movie") { }.buttonStyle(.card)
                let e = Button("Link") { }.buttonStyle(LinkButtonStyle())
                """)
            #expect(styles(found) == ["link", "accessoryBar", "accessoryBarAction", "card", "link"])
            let repository = try seededRepository()
            let linter = Linter(
                specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: [], platforms: nil)
            #expect(linter.findings(for: found).filter { $0.rule == Linter.unknownStyleRule }.isEmpty)
        }

        @Test func wrappersWithinWrappersAreBoundedAndRecursionIsSaid() throws {
            let found = try sites(
                """
                import SwiftUI
                extension View {
                    func a() -> some View { b() }
                    func b() -> some View { a() }
                    func outer() -> some View { primaryButton() }
                }
                let x = Button("Loop") { }.a()
                let y = Button("Nested") { }.outer()
                """, others: [primaryButton])
            #expect(styles(found) == ["?.a applies itself", "glassProminent [macOS 26]", "borderedProminent"])
        }

        @Test func hostileWrappersCostABoundedTime() throws {
            // A chain of 300 wrappers, each applying the next; 200 wrappers each applying every
            // other; one wrapper with 500 #available branches.
            var chain = "import SwiftUI\nextension View {\n"
            for index in 0..<300 { chain += "    func w\(index)() -> some View { w\(index + 1)() }\n" }
            chain += "    func w300() -> some View { buttonStyle(.bordered) }\n}\n"
            chain += "let a = Button(\"Deep\") { }.w0()\nlet b = Button(\"Near\") { }.w297()\n"
            var mesh = "import SwiftUI\nextension View {\n"
            for index in 0..<200 {
                mesh += "    @ViewBuilder func m\(index)() -> some View { "
                mesh += (0..<200).map { "if flag\($0) { m\($0)() }" }.joined(separator: " else ") + " }\n"
            }
            mesh += "}\nlet c = Button(\"Mesh\") { }.m0()\n"
            var branches = "import SwiftUI\nextension View {\n    @ViewBuilder func many() -> some View {\n"
            for index in 0..<500 {
                branches += "        if #available(iOS \(index + 1), *) { buttonStyle(.bordered) }\n"
            }
            branches += "    }\n}\nlet d = Button(\"Many\") { }.many()\n"
            let started = Date()
            #expect(
                styles(try sites(chain)) == [
                    "?.w6 is wrapped deeper than followed", "bordered",
                ])
            #expect(styles(try sites(mesh)).allSatisfy { $0.hasPrefix("?") })
            let many = try sites(branches)
            #expect(many.count == 1 && many[0].unknownBecause == "more wrapper branches than are followed")
            #expect(Date().timeIntervalSince(started) < 60)
        }

        /// As apps name their own styles (SwiftUI's own pattern for `.bordered`): the static
        /// member and the type are one style, recorded as the type with the member kept.
        let brandStyle = """
            import SwiftUI
            struct BrandButtonStyle: ButtonStyle {
                var tint: Color = .blue
                func makeBody(configuration: Configuration) -> some View { configuration.label.foregroundStyle(tint) }
            }
            extension ButtonStyle where Self == BrandButtonStyle {
                static var brand: Self { .init() }
                static func brand(tint: Color) -> Self { .init(tint: tint) }
            }
            """

        @Test func aStaticMemberIsTheStyleTypeItMakes() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Screen: View {
                    var body: some View {
                        Button("A") { }.buttonStyle(.brand)
                        Button("B") { }.buttonStyle(BrandButtonStyle())
                        Button("C") { }.buttonStyle(.brand(tint: .red))
                        Button("D") { }.buttonStyle(.bordered)
                    }
                }
                """, others: [brandStyle])
            #expect(found.map(\.option) == ["BrandButtonStyle", "BrandButtonStyle", "BrandButtonStyle", "bordered"])
            #expect(found.map(\.member) == ["brand", "brand", "brand", nil])
            #expect(found.map(\.optionArguments) == [nil, nil, "tint: .red", nil])
            #expect(
                found.map(\.spelledStyle) == ["BrandButtonStyle", "BrandButtonStyle", "BrandButtonStyle", ".bordered"])
            // Declared in the same file, too; with the declaration nowhere, `.brand` stays a member.
            #expect(
                try sites(brandStyle + "\nlet b = Button(\"A\") { }.buttonStyle(.brand)\n").map(\.option) == [
                    "BrandButtonStyle"
                ])
            #expect(
                try sites("import SwiftUI\nlet b = Button(\"A\") { }.buttonStyle(.brand)\n").map(\.option) == ["brand"])
            #expect(AppDeclarations.mayDeclare(Array("extension PrimitiveButtonStyle where Self == P {}".utf8)))
        }

        @Test func aConditionalStyleKeepsTheOptionsItChoosesBetween() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Screen: View {
                    var isReturning = false
                    var style: BorderedButtonStyle
                    var body: some View {
                        Button("A") { }.buttonStyle(isReturning ? .borderless : .bordered)
                        Button("B") { }.buttonStyle((isReturning ? .brand : BorderedProminentButtonStyle()))
                        Button("C") { }.buttonStyle(a ? .plain : b ? .link : .borderless)
                        Button("D") { }.buttonStyle(style)
                        Button("E") { }.buttonStyle(isReturning ? style : .plain)
                    }
                }
                """, others: [brandStyle])
            #expect(found.allSatisfy { $0.dynamic })
            #expect(
                found.map(\.choices) == [
                    ["borderless", "bordered"], ["BrandButtonStyle", "borderedProminent"],
                    ["plain", "link", "borderless"],
                    [], ["plain"],
                ])
        }

        @Test func aViewStyledDifferentlyAtItsPlacesKeepsEachStyle() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Screen: View {
                    var save: some View { Button("Save") { } }
                    var body: some View {
                        VStack {
                            save.buttonStyle(.bordered)
                            save.buttonStyle(.borderedProminent)
                        }
                    }
                }
                """)
            #expect(found.count == 1 && found[0].dynamic)
            #expect(found.first?.choices == ["bordered", "borderedProminent"])
        }

        @Test func onlyFilesThatMayDeclareAWrapperAreParsedForOne() {
            let may = [
                "extension View { func a() -> some View { self } }", "extension SwiftUI.View {}",
                "struct M: ViewModifier {}", "struct C<Content: View>: View {}", "struct C<A: View, B>: View {}",
                "struct C<Content>: View where Content: View {}", "let x: AnyView",
            ]
            let mayNot = [
                "struct Screen: View { var body: some View { Text(\"x\") } }", "struct Model { let v = 1 }",
                "for x in xs where x > 1 {}", "let viewer = Viewer()",
            ]
            #expect(may.allSatisfy { AppDeclarations.mayDeclare(Array($0.utf8)) })
            #expect(!mayNot.contains { AppDeclarations.mayDeclare(Array($0.utf8)) })
        }

        @Test func aLongBodyAfterAGuardIsWalkedOnce() throws {
            // 3,000 buttons in one function after a `guard #available`: every one checked, in
            // time linear in the body (its guards are found once).
            var source = "import SwiftUI\nfunc many() -> some View {\n    guard #available(iOS 26, *) else { return }\n"
            for index in 0..<3_000 { source += "    Button(\"\(index)\") { }.buttonStyle(.glass)\n" }
            source += "}\n"
            let started = Date()
            let found = try sites(source)
            #expect(found.count == 3_000 && found.allSatisfy { $0.availability == ["iOS 26"] })
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }
#endif
