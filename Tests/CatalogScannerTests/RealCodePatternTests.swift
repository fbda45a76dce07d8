#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import Testing

    /// Patterns from real code that an earlier scanner got wrong, each shaped like the snippet it was found in: a file with a syntax
    /// error, modifiers behind a postfix `#if`, menu content, view properties styled where
    /// they are shown, app wrapper modifiers, custom styles made with arguments, run-time
    /// control sizes, deployment targets and preview showcases.
    @Suite struct RealCodePatternTests {
        func sites(_ source: String, file: String = "App/View.swift") throws -> [UsageSite] {
            SourceScanner(vocabulary: try seededVocabulary()).scan(source: source, file: file)
        }

        /// `line spec.axis=option` plus what else the record says.
        func describe(_ site: UsageSite) -> String {
            var text = "\(site.line) \(site.option.map { "\(site.axis ?? "?")=\($0)" } ?? "no style")"
            if let arguments = site.optionArguments { text += "(\(arguments))" }
            if site.defaulted { text += " default" }
            if site.dynamic { text += " dynamic" }
            if let reason = site.unknownBecause { text += " unknown[\(reason)]" }
            let conditions = site.availability.filter { $0.hasPrefix("#if ") }
            if !conditions.isEmpty { text += " " + conditions.joined(separator: ",") }
            return text
        }

        @Test func aFileWithASyntaxErrorIsScannedAsTheParserRecoversIt() throws {
            // One stray `}` at top level (a merge left it), and the OUDSButton above it.
            let outcome = SourceScanner(vocabulary: try seededVocabulary()).scanChecked(
                source: """
                    import OUDSComponents
                    import SwiftUI

                    struct CheckoutView: View {
                        var body: some View {
                            OUDSButton(text: "Pay", appearance: .strong) { pay() }
                        }
                    }
                    }
                    """, file: "App/Checkout.swift")
            #expect(outcome.sites.map(describe) == ["6 appearance=strong"])
            #expect(outcome.errorLines == [9])
        }

        @Test func eachBranchOfAPostfixIfHasItsStyleAndCondition() throws {
            let found = try sites(
                """
                import SwiftUI

                struct SaveBar: View {
                    var body: some View {
                        Button { save() } label: { Text("Save") }
                        #if os(iOS)
                        .buttonStyle(.borderedProminent)
                        #elseif os(macOS)
                        .buttonStyle(.bordered)
                        #endif
                        .controlSize(.large)
                    }
                }
                """)
            #expect(
                found.map(describe) == [
                    "5 style=borderedProminent #if os(iOS)",
                    "5 style=bordered #if !os(iOS) && os(macOS)",
                    "5 style=automatic default #if !os(iOS) && !os(macOS)",
                ])
            #expect(found.map(\.branch) == [0, 1, 2])
            #expect(found.allSatisfy { $0.arguments["controlSize"] == ".large" })
            // With an `#else`, two branches; a modifier before the `#if` reaches both.
            let withElse = try sites(
                """
                import SwiftUI
                let b = Button("Go") { }
                    .tint(.orange)
                    #if os(visionOS)
                    .buttonStyle(.borderless)
                    #else
                    .buttonStyle(.glass)
                    #endif
                """)
            #expect(
                withElse.map(describe) == ["2 style=borderless #if os(visionOS)", "2 style=glass #if !os(visionOS)"])
            #expect(withElse.allSatisfy { $0.arguments["tint"] == ".orange" })
        }

        @Test func aStatementLevelElseBranchRecordsTheNegatedCondition() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        #if os(iOS)
                        Button("A") { }.buttonStyle(.glass)
                        #else
                        Button("B") { }.buttonStyle(.glass)
                        #endif
                    }
                }
                """)
            #expect(found.map(describe) == ["5 style=glass #if os(iOS)", "7 style=glass #if !os(iOS)"])
        }

        @Test func menuContentIsNotStyledByTheMenusButtonStyle() throws {
            let found = try sites(
                """
                import SwiftUI

                struct MoreMenu: View {
                    var body: some View {
                        Menu {
                            Button("Option 1") { }
                            Button("Option 2") { }.disabled(true)
                        } label: {
                            Label("More", systemImage: "ellipsis.circle")
                        }
                        .menuStyle(.button)
                        .buttonStyle(.glass)

                        Text("Row")
                            .contextMenu { Button("Copy") { } }
                            .swipeActions { Button("Delete", role: .destructive) { } }
                            .buttonStyle(.borderedProminent)

                        Menu("Sort") { Button("Name") { }.buttonStyle(.bordered) }
                            .buttonStyle(.glass)

                        Menu(content: { Button("Copy") { } }, label: { Button("Label") { } })
                            .buttonStyle(.plain)
                    }
                }
                """)
            #expect(
                found.map(describe) == [
                    "6 style=automatic default", "7 style=automatic default", "15 style=automatic default",
                    "16 style=automatic default", "19 style=bordered", "22 style=automatic default",
                    "22 style=plain",
                ])
            #expect(found[0].containers == ["Menu"])
            #expect(found[1].disabled)
            #expect(found[2].containers == [".contextMenu"])
            #expect(found[3].containers == [".swipeActions"])
        }

        @Test func aViewPropertyIsStyledWhereItIsShown() throws {
            let found = try sites(
                """
                import SwiftUI

                struct SettingsHeader: View {
                    var body: some View {
                        HStack {
                            Text("Settings")
                            settingsButton.buttonStyle(.borderless)
                            self.helpButton
                                .buttonStyle(.bordered)
                            row("Plain").buttonStyle(.plain)
                        }
                    }

                    private var settingsButton: some View {
                        Button { openSettings() } label: { Image(systemName: "gear") }
                    }

                    private var helpButton: some View { Button("Help") { } }

                    func row(_ title: String) -> some View { Button(title) { } }
                }

                struct Toolbar: View {
                    var body: some View {
                        VStack {
                            share.buttonStyle(.bordered)
                            share.buttonStyle(.borderless)
                            share
                        }
                    }
                    var share: some View { Button("Share") { } }
                    var unused: some View { Button("Nowhere") { } }
                }
                """)
            #expect(
                found.map(describe) == [
                    "15 style=borderless", "18 style=bordered", "20 style=plain",
                    "31 style=share at 3 uses: .bordered, .borderless, none set dynamic", "32 style=automatic default",
                ])
            #expect(found[0].containers == ["HStack"])
            #expect(found[0].enclosingBody == "settingsButton")
            #expect(found[0].inherited)
        }

        @Test func anAppsOwnStyleModifierMakesTheStyleUnknown() throws {
            let found = try sites(
                """
                import SwiftUI

                struct Actions: View {
                    let isPrimary: Bool
                    var body: some View {
                        Button("Next") { }
                            .glassButtonStyle(isPrimary ? .prominent : .regular)
                        Button("Close") { }
                            .buttonStyle(.bordered)
                            .glassButtonStyle(.regular)
                        Button("Styled inside") { }
                            .if(isPrimary) { $0.buttonStyle(.borderedProminent) }
                        VStack { Text("Body") }
                            .bottomBar { Button("Continue") { } }
                        Button("Padded") { }
                            .padding()
                            .foregroundStyle(.secondary)
                            .labelStyle(.iconOnly)
                        VStack { Button("In a card") { } }
                            .cardStyle()
                        Button("Primary") { }
                            .primaryButton()
                    }
                }
                """)
            #expect(
                found.map(describe) == [
                    "6 no style unknown[.glassButtonStyle(isPrimary ? .prominent : .regular)]", "8 style=bordered",
                    "11 no style unknown[.if(isPrimary) { … }]",
                    "14 no style unknown[.bottomBar { … } around the call]",
                    "15 style=automatic default", "19 style=automatic default",
                    "21 no style unknown[.primaryButton()]",
                ])
        }

        @Test func aCustomStyleIsItsTypeWithTheArgumentsKeptPerSite() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        Button("A") { }.buttonStyle(AccentButtonStyle(color: .red))
                        Button("B") { }.buttonStyle(AccentButtonStyle(small: true))
                        Button("C") { }.buttonStyle(.compound(.primary))
                        Button("D") { }.buttonStyle(Theme.PillStyle())
                        Button("E") { }.buttonStyle(makeStyle())
                    }
                }
                """)
            #expect(
                found.map(describe) == [
                    "4 style=AccentButtonStyle(color: .red)", "5 style=AccentButtonStyle(small: true)",
                    "6 style=compound(.primary)", "7 style=Theme.PillStyle", "8 style=makeStyle() dynamic",
                ])
            #expect(
                found.map { $0.spelledOption ?? "-" } == [
                    "AccentButtonStyle(color: .red)", "AccentButtonStyle(small: true)", ".compound(.primary)",
                    "Theme.PillStyle()", "makeStyle()",
                ])
        }

        @Test func aControlSizeFromAVariableIsRecordedAsDynamic() throws {
            let found = try sites(
                """
                import SwiftUI
                struct Card: View {
                    let metrics: Metrics
                    var body: some View {
                        Button("Buy") { }
                            .controlSize(metrics.card.controlSize)
                            .tint(Color.orange)
                            .disabled(!metrics.enabled)
                    }
                }
                """)
            #expect(found.first?.arguments["controlSize"] == "metrics.card.controlSize")
            #expect(found.first?.arguments["tint"] == "Color.orange")
            #expect(found.first?.dynamicArguments == ["controlSize", "disabled"])
            #expect(found.first?.disabled == true)
        }

        @Test func compilationConditionsExcludeOnlyWhatTheyRuleOut() {
            #expect(CompilationCondition.canHold("os(iOS)", on: "iOS"))
            #expect(!CompilationCondition.canHold("os(iOS)", on: "macOS"))
            #expect(!CompilationCondition.canHold("!os(iOS) && os(macOS)", on: "iOS"))
            #expect(CompilationCondition.canHold("!os(iOS) && os(macOS)", on: "macOS"))
            #expect(CompilationCondition.canHold("os(iOS) || os(visionOS)", on: "visionOS"))
            #expect(!CompilationCondition.canHold("!(os(iOS) || os(tvOS))", on: "tvOS"))
            #expect(CompilationCondition.canHold("DEBUG", on: "iOS"))
            #expect(CompilationCondition.canHold("canImport(UIKit) && !os(watchOS)", on: "iOS"))
            #expect(!CompilationCondition.canHold("canImport(UIKit) && !os(watchOS)", on: "watchOS"))
            #expect(CompilationCondition.canHold("swift(>=5.9) || os(xrOS)", on: "macOS"))
            #expect(!CompilationCondition.canHold("os(xrOS)", on: "iOS"))
        }

        @Test func deploymentTargetsComeFromManifestsAndXcodeProjects() {
            #expect(
                ProjectManifests.packageTargets(
                    """
                    let package = Package(
                        name: "Shop",
                        platforms: [.iOS(.v26), .macOS(.v10_15), .visionOS("2.1")],
                        products: [.library(name: "Shop", targets: ["Shop"])]
                    )
                    """)?.map(\.description) == ["iOS 26", "macOS 10.15", "visionOS 2.1"])
            #expect(ProjectManifests.packageTargets("let package = Package(name: \"X\")") == nil)
            let pbxproj = """
                /* Debug */ = {
                    buildSettings = {
                        IPHONEOS_DEPLOYMENT_TARGET = 26.0;
                        MACOSX_DEPLOYMENT_TARGET = 15.0;
                        SDKROOT = iphoneos;
                    };
                };
                /* Widget */ = {
                    buildSettings = {
                        IPHONEOS_DEPLOYMENT_TARGET = 18.4;
                        SDKROOT = iphoneos;
                    };
                };
                """
            // The lowest target of the platforms the project builds for (macOS is not one).
            #expect(ProjectManifests.xcodeTargets(pbxproj)?.map(\.description) == ["iOS 18.4"])
            #expect(DeploymentTarget("iOS 26")?.covers("26.0") == true)
            #expect(DeploymentTarget("iOS 18.4")?.covers("26.0") == false)
            #expect(DeploymentTarget("iOS")?.covers("26.0") == false)
            #expect(DeploymentTarget("iOS 26.x") == nil)
            #expect(DeploymentTarget("Android 14") == nil)
        }

        func linter(platforms: [DeploymentTarget]? = nil) throws -> Linter {
            let repository = try seededRepository()
            return Linter(
                specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: [],
                platforms: platforms)
        }

        @Test func lintKnowsTheDeploymentTarget() throws {
            let found = try sites(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        Button("Open") { }.buttonStyle(.glass)
                        Button("Share") { }
                        #if os(iOS)
                        .buttonStyle(.glassProminent)
                        #else
                        .buttonStyle(.bordered)
                        #endif
                    }
                }
                """)
            let rule = "swiftui-glass-availability"
            let iOS26 = [DeploymentTarget(platform: "iOS", version: [26])]
            #expect(try linter(platforms: iOS26).findings(for: found).filter { $0.rule == rule }.isEmpty)
            let iOS18 = [DeploymentTarget(platform: "iOS", version: [18]), DeploymentTarget(platform: "macOS")]
            let findings = try linter(platforms: iOS18).findings(for: found).filter { $0.rule == rule }
            #expect(
                findings.map { "\($0.site.line).\($0.site.branch) \($0.message)" } == [
                    "4.0 .glass needs iOS 26.0, macOS 26.0 but is not inside an #available check for it",
                    // The iOS branch only needs iOS's check.
                    "5.0 .glassProminent needs iOS 26.0 but is not inside an #available check for it",
                ])
        }

        @Test func previewShowcasesAndNonCompetingButtonsDoNotCountAsPrimaryActions() throws {
            let found = try sites(
                """
                import DesignFoundation
                import SwiftUI

                #Preview("All styles") {
                    VStack {
                        DFButton("Filled") { }
                        DFButton("Filled, disabled") { }.disabled(true)
                        DFButton("Filled again") { }
                    }
                }

                struct Checkout: View {
                    @State var valid = false
                    var body: some View {
                        DFButton("Pay") { }
                        DFButton("Delete card", role: .destructive) { }.dfButtonStyle(.filled)
                        DFButton("Never") { }.disabled(true)
                        DFButton("Confirm") { }.disabled(!valid)
                    }
                }
                """)
            let findings = try linter().findings(for: found).filter { $0.rule == "df-single-filled" }
            // Only the sometimes-enabled Confirm competes with Pay.
            #expect(findings.map(\.site.line) == [18])
        }

        /// Shaped like IceCubes' ConversationInputView, ToolbarItems and AccessoryView: a view
        /// property styled under `if #available` and shown plain otherwise, dialog actions inside
        /// a property, and `#if` branches that agree or rule each other out.
        @Test func viewPropertiesUnderAvailabilityAndPlatformBranches() throws {
            let found = try sites(
                """
                import SwiftUI

                struct InputView: View {
                    var body: some View {
                        if #available(iOS 26.0, *) {
                            HStack { attachmentButton.buttonStyle(.glass) }
                        } else {
                            HStack { attachmentButton }
                        }
                        sendButton
                    }

                    private var attachmentButton: some View {
                        Button { attach() } label: { Image(systemName: "paperclip") }
                    }

                    private var sendButton: some View {
                        Button("Send") { send() }
                            .buttonStyle(.borderedProminent)
                            .confirmationDialog("Language", isPresented: $asking) { languageDialog }
                    }

                    private var languageDialog: some View {
                        Button("Detected") { }
                    }

                    private var contentView: some View {
                        #if os(visionOS)
                        actionsView.buttonStyle(.borderless)
                        #else
                        actionsView
                        #endif
                    }

                    private var actionsView: some View {
                        #if os(visionOS)
                        Button("Photos") { }
                        #endif
                    }

                    var row: some View {
                        Button("Row") { }
                        #if os(iOS)
                        .padding()
                        #else
                        .padding()
                        #endif
                    }
                }
                """)
            #expect(
                found.map(describe) == [
                    "14 style=glass", "14 style=automatic default", "18 style=borderedProminent",
                    "24 style=automatic default", "37 style=borderless #if os(visionOS)",
                    "42 style=automatic default",
                ])
            #expect(found[0].availability == ["iOS 26.0"])
            #expect(found[0].inherited && found[0].containers == ["HStack"])
            #expect(found[1].availability.isEmpty)
            #expect(found[3].containers == [".confirmationDialog"])

            // The iOS check covers visionOS (Swift's visionOS takes iOS's availability).
            let targets = [DeploymentTarget(platform: "iOS", version: [18]), DeploymentTarget(platform: "visionOS")]
            #expect(
                try linter(platforms: targets).findings(for: found).filter { $0.rule == "swiftui-glass-availability" }
                    .isEmpty)
        }
    }
#endif
