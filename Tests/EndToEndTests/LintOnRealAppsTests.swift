import CatalogModel
import Foundation
import TestSupport
import Testing

/// The lint app teams keep on, through the built binary: availability judged against the
/// specs of the component, the modifier and the option, the checks around the code and
/// the platforms it is built for; one finding per site and rule; and sites read by scope
/// (a nested type named `Button`, a lower-case style type, a style held in a variable).
@Suite struct LintOnRealAppsTests {
    /// `catalog lint App --json` over `files` in a seeded catalog: `line: message [rule]`.
    func lint(_ files: [String: String], _ arguments: [String] = []) throws -> [String] {
        let project = try SeededApp(files)
        let run = try project.run(["lint", "App", "--json", "--error-on", "never"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try (JSONParser.parse(run.stdout, file: "lint").array ?? []).map {
            "\(($0["file"]?.string ?? "").dropFirst(4)):\(Int($0["line"]?.number ?? 0)): \($0["message"]?.string ?? "") [\($0["rule"]?.string ?? "")]"
        }
    }

    static let screen = """
        import SwiftUI
        import DesignFoundation
        import SwiftUIBlocks

        struct Screen: View {
            var body: some View {
                VStack {
                    Button("Save") {}.dfButtonStyle(.outlined)
                    Button("Card") {}.buttonStyle(.card)
                    #if os(tvOS)
                    Button("TV") {}.buttonStyle(.card)
                    #endif
                    Button("Bar") {}.buttonStyle(.accessoryBarAction)
                    Button("Tinted") {}.buttonStyle(.variant(.tinted))
                    if #available(iOS 18, *) {
                        Button("Ok") {}.dfButtonStyle(.outlined)
                    }
                }
            }
        }
        """

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func availabilityOfComponentsModifiersAndOptionsAtIOS17() throws {
        let found = try lint(["Screen.swift": Self.screen], ["--platforms", "iOS 17"])
        #expect(
            found == [
                "Screen.swift:8: DFButton needs iOS 18.0 but the project targets iOS 17: put it inside if #available(iOS 18.0, *) or raise the deployment target [catalog-availability]",
                "Screen.swift:9: Button .card does not exist on iOS (only tvOS 14.0): put it inside #if os(tvOS) or choose another style there [catalog-availability]",
                "Screen.swift:13: Button .accessoryBarAction does not exist on iOS (only macOS 14.0): put it inside #if os(macOS) or choose another style there [catalog-availability]",
                "Screen.swift:14: ButtonVariantStyle needs iOS 18.0 but the project targets iOS 17: put it inside if #available(iOS 18.0, *) or raise the deployment target [catalog-availability]",
            ], "\(found)")
        // Shipping on macOS 13 too: the macOS-only option needs macOS 14 there, said in the same finding.
        let both = try lint(["Screen.swift": Self.screen], ["--platforms", "iOS 17,macOS 13"])
        #expect(
            both.contains(
                "Screen.swift:13: Button .accessoryBarAction does not exist on iOS (only macOS 14.0): put it inside #if os(macOS) or choose another style there; it needs macOS 14.0 but the project targets macOS 13: put it inside if #available(macOS 14.0, *) or raise the deployment target [catalog-availability]"
            ), "\(both)")
        // The check inside `if #available(iOS 18, *)` does not cover macOS 15.
        #expect(
            both.contains(
                "Screen.swift:16: DFButton needs macOS 15.0 but the project targets macOS 13: put it inside if #available(macOS 15.0, *) or raise the deployment target [catalog-availability]"
            ), "\(both)")
    }

    /// Where the project says nothing of its platforms, the checks around the code say
    /// which it is built for: `if #available(iOS 26, *)` is iOS code.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func checksNamingOnePlatformAreCodeBuiltForIt() throws {
        let found = try lint([
            "Toolbar.swift": """
            import SwiftUI

            extension View {
                @ViewBuilder
                func toolbarButtonStyle() -> some View {
                    if #available(iOS 26, *) {
                        self.buttonStyle(.glass)
                    } else {
                        self.buttonStyle(.bordered)
                    }
                }
            }

            @available(macOS 26.0, iOS 26.0, *)
            struct Bar: View {
                var body: some View {
                    Button("Go") {}.toolbarButtonStyle()
                    Button("Now") {}.buttonStyle(.glassProminent)
                }
            }

            struct Old: View {
                var body: some View {
                    Button("Glass") {}.buttonStyle(.glass)
                }
            }
            """
        ])
        #expect(
            found == [
                "Toolbar.swift:24: .glass needs iOS 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0 but is not inside an #available check for it [swiftui-glass-availability]"
            ], "\(found)")
    }

    /// A call recorded once per branch of a postfix `#if` is one site: the same finding once.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func oneFindingPerSiteAndRule() throws {
        let found = try lint([
            "Branches.swift": """
            import SwiftUI

            struct Fancy: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View { configuration.label }
            }

            struct V: View {
                var body: some View {
                    Button("A") {}
                        .buttonStyle(Fancy())
                    #if os(iOS)
                        .controlSize(.large)
                    #else
                        .controlSize(.small)
                    #endif
                }
            }
            """
        ])
        #expect(
            found == ["Branches.swift:9: Button style Fancy is not in the catalog [catalog-unknown-style]"], "\(found)")
    }

    /// A button styled in several branches (an app wrapper's `if`/`else` or `switch`, a
    /// `ViewModifier`'s `if #available`, a view property shown under two styles) records
    /// every branch's style: one record per `#available` branch, else one run-time choice
    /// among them.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func everyBranchStyleIsRecorded() throws {
        let project = try SeededApp([
            "Branches.swift": """
            import SwiftUI

            extension View {
                @ViewBuilder
                func adaptive(_ prominent: Bool) -> some View {
                    if prominent {
                        self.buttonStyle(.borderedProminent)
                    } else {
                        self.buttonStyle(.bordered)
                    }
                }
            }

            struct Glassy: ViewModifier {
                func body(content: Content) -> some View {
                    if #available(iOS 26, *) {
                        content.buttonStyle(.glass)
                    } else {
                        content.buttonStyle(.borderless)
                    }
                }
            }

            struct V: View {
                var flag: Bool
                var body: some View {
                    Button("A") {}.adaptive(flag)
                    Button("B") {}.modifier(Glassy())
                    if flag { save.buttonStyle(.link) } else { save.buttonStyle(.plain) }
                }
                var save: some View { Button("S") {} }
            }
            """
        ])
        #expect(try project.run(["usage", "scan", "App"]).status == 0)
        let sites =
            try JSONParser.parse(project.run(["usage", "Button", "--json"]).stdout, file: "usage")["callSites"]?
            .array ?? []
        let said = sites.map { site in
            "\(Int(site["line"]?.number ?? 0)) "
                + (site["dynamic"]?.bool == true
                    ? "dynamic(" + (site["choices"]?.array ?? []).compactMap(\.string).joined(separator: "|") + ")"
                    : site["option"]?.string ?? "-")
        }
        #expect(
            said == ["27 dynamic(borderedProminent|bordered)", "28 glass", "28 borderless", "31 dynamic(link|plain)"],
            "\(said)")
    }

    /// A file edited after the stored scan is refused with "rescan", never linted with the
    /// old scan's places and the new text's suppressions; touched but not edited, it stands.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aStaleScanIsRefusedForTheFilesThatChanged() throws {
        let project = try SeededApp([
            "Screen.swift": Self.screen,
            "Other.swift": "import SwiftUI\nlet other = Button(\"x\") {}.buttonStyle(.card)\n",
        ])
        let run = project.run
        let screen = project.app.appending(path: "Screen.swift")
        #expect(try run(["usage", "scan", "App", "--platforms", "iOS 17"]).status == 0)
        let before = try run(["lint"])
        #expect(before.status == 1)
        #expect(before.stdout.contains("App/Screen.swift:9:13: error: Button .card does not exist on iOS"))
        // The .card line suppressed, one line above it, without a rescan.
        let edited = Self.screen.replacingOccurrences(
            of: "            Button(\"Card\")",
            with:
                "            // catalog-lint: ignore catalog-availability -- a tvOS preview\n            Button(\"Card\")"
        )
        try Data(edited.utf8).write(to: screen)
        let stale = try run(["lint"])
        #expect(stale.status == 1)
        #expect(
            stale.stdout.hasPrefix(
                "App/Other.swift:2:13: error: Button .card does not exist on iOS (only tvOS 14.0): put it inside #if os(tvOS) or choose another style there [catalog-availability]\nApp/Screen.swift:1:1: error: the file changed since it was scanned: its findings are not reported; rescan it (catalog usage scan) and lint again [catalog-stale-scan]\n"
            ), "\(stale.stdout)")
        #expect(!stale.stdout.contains("App/Screen.swift:9") && !stale.stdout.contains("App/Screen.swift:10"))
        #expect(try run(["usage", "scan", "App", "--platforms", "iOS 17"]).status == 0)
        let fresh = try run(["lint"])
        #expect(
            !fresh.stdout.contains("catalog-stale-scan")
                && !fresh.stdout.contains("Screen.swift:10:13: error: Button .card"))
        #expect(fresh.stderr.contains("1 suppressed in the code"), "\(fresh.stderr)")
        // Touched, not edited: the scan stands.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: screen.path)
        #expect(try run(["lint"]).stdout == fresh.stdout)
    }

    /// A nested type named `Button` hides SwiftUI's only inside its own type; a style type
    /// declared in lower case is a type; a style held in a variable is the one it was made as.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func sitesAreReadByScope() throws {
        let files = [
            "Metrics.swift": """
            import SwiftUI

            enum Metrics {
                enum Button {
                    static let height: CGFloat = 44
                    static func make() -> Button { Button() }
                }
            }

            struct Form: View {
                var body: some View {
                    Button("Send") {}.frame(height: Metrics.Button.height)
                }
            }
            """,
            "Styles.swift": """
            import SwiftUI

            public struct macOSButtonStyle: ButtonStyle {
                public func makeBody(configuration: Configuration) -> some View { configuration.label }
            }

            struct Pill: ButtonStyle {
                var pressed = false
                func makeBody(configuration: Configuration) -> some View { configuration.label }
            }
            """,
            "Screen.swift": """
            import SwiftUI

            struct Screen: View {
                var body: some View {
                    Button("Mac") {}.buttonStyle(macOSButtonStyle())
                    pill
                }

                var pill: some View {
                    var style = Pill()
                    style.pressed = true
                    return Button("Pill") {}.buttonStyle(style)
                }
            }
            """,
        ]
        let project = try SeededApp(files)
        let run = project.run
        #expect(try run(["usage", "scan", "App"]).status == 0)
        let sites =
            try JSONParser.parse(run(["usage", "Button", "--json"]).stdout, file: "usage")["callSites"]?
            .array ?? []
        let said = sites.map {
            "\(($0["file"]?.string ?? "").dropFirst(4)):\(Int($0["line"]?.number ?? 0)) \($0["option"]?.string ?? "-") dynamic=\($0["dynamic"]?.bool ?? false)"
        }
        #expect(
            said == [
                "Metrics.swift:12 automatic dynamic=false", "Screen.swift:5 macOSButtonStyle dynamic=false",
                "Screen.swift:12 Pill dynamic=false",
            ], "\(said)")
        let unknown = try run(["usage", "--unknown"]).stdout
        #expect(
            unknown.contains("App/Screen.swift:5:9: Button style macOSButtonStyle is not in the catalog"), "\(unknown)")
    }
}
