import CatalogModel
import Foundation
import TestSupport
import Testing

/// The app's own tokens as apps spell them, through the built binary: every spelling
/// docs/usage.md lists found and followed to the token it names, what is no token left
/// alone, and a definition in one file counting for uses in files not read again.
@Suite struct AppTokenTests {
    typealias Run = ([String]) throws -> CatalogProcess.Result

    /// A seeded catalog beside an `App` folder of `files`, scanned.
    func scanned(_ files: [String: String]) throws -> (SeededApp, Run) {
        let app = try SeededApp(files)
        let scan = try app.run(["usage", "scan", "App"])
        #expect(scan.status == 0, "\(scan.stderr)")
        return (app, app.run)
    }

    /// `file:line spelling → token` for every use `usage --app-tokens` lists.
    func uses(_ run: Run, _ arguments: [String] = []) throws -> [String] {
        let result = try run(["usage", "--app-tokens", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try (JSONParser.parse(result.stdout, file: "uses").array ?? []).map {
            "\(($0["file"]?.string ?? "").dropFirst(4)):\(Int($0["line"]?.number ?? 0)) \($0["spelling"]?.string ?? "") → \($0["token"]?.string ?? "")"
        }
    }

    static let definitions = """
        import SwiftUI
        import UIKit

        extension Color {
            static let latte = Color("Latte")
            static let brand = Color(red: 0.1, green: 0.2, blue: 0.3)
            static var accent: Color { Color("Accent", bundle: .module) }
            static let warning = latte
        }

        extension ShapeStyle where Self == Color {
            static var ink: Color { Color("Ink") }
        }

        extension UIColor {
            static let legacy = UIColor(named: "Legacy")!
            static let insulin = BundleColor("Insulin") ?? .systemOrange
        }

        private func BundleColor(_ name: String) -> UIColor? {
            UIColor(named: name, in: .main, compatibleWith: nil)
        }

        enum Spacing {
            static let m: CGFloat = 16
        }

        enum Asset {
            enum Colors {
                static let accentBlue = ColorAsset(name: "AccentBlue")
            }
        }
        """

    static let screen = """
        import SwiftUI
        import UIKit

        struct Screen: View {
            @EnvironmentObject var theme: Theme
            var body: some View {
                VStack {
                    Text("a").foregroundColor(.latte)
                    Text("b").foregroundStyle(Color.brand)
                    Text("c").background(Color.accent).tint(.warning)
                    Text("d").foregroundStyle(.ink).padding(Spacing.m)
                    Text("e").foregroundColor(Color(UIColor.legacy)).overlay(Color(uiColor: .insulin))
                    Text("f").foregroundStyle(Asset.Colors.accentBlue.swiftUIColor)
                    Text("g").foregroundColor(.secondary).background(Color(UIColor.systemBlue))
                    Text("h").foregroundColor(Color(UIColor.cellBackgroundColor))
                    Text("i").foregroundColor(AppTheme.color(for: .background))
                    Text("j").foregroundColor(theme.primaryUi01).background(Color.red)
                }
            }
        }

        private extension ThemeStyle {
            static let background = Self.primaryUi01
        }
        """

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func everyRecognisedSpellingNamesItsToken() throws {
        let (project, run) = try scanned(["Colors.swift": Self.definitions, "Screen.swift": Self.screen])
        defer { withExtendedLifetime(project) {} }
        let found = try uses(run)
        #expect(
            found.sorted() == [
                "Colors.swift:12 Color(\"Ink\") → asset:Ink",
                "Colors.swift:16 UIColor(named: \"Legacy\") → asset:Legacy",
                "Colors.swift:17 BundleColor(\"Insulin\") → asset:Insulin",
                "Colors.swift:30 ColorAsset(name: \"AccentBlue\") → asset:AccentBlue",
                "Colors.swift:5 Color(\"Latte\") → asset:Latte",
                "Colors.swift:7 Color(\"Accent\", bundle: .module) → asset:Accent",
                "Colors.swift:8 latte → asset:Latte",
                "Screen.swift:10 .warning → asset:Latte",
                "Screen.swift:10 Color.accent → asset:Accent",
                "Screen.swift:11 .ink → asset:Ink",
                "Screen.swift:11 Spacing.m → Spacing.m",
                "Screen.swift:12 .insulin → asset:Insulin",
                "Screen.swift:12 UIColor.legacy → asset:Legacy",
                "Screen.swift:13 Asset.Colors.accentBlue → asset:AccentBlue",
                "Screen.swift:15 UIColor.cellBackgroundColor → UIColor.cellBackgroundColor",
                "Screen.swift:16 .background → ThemeStyle.primaryUi01",
                "Screen.swift:17 theme.primaryUi01 → ThemeStyle.primaryUi01",
                "Screen.swift:23 Self.primaryUi01 → ThemeStyle.primaryUi01",
                "Screen.swift:8 .latte → asset:Latte",
                "Screen.swift:9 Color.brand → Color.brand",
            ], "\(found.sorted())")
        // Asked by name: the asset, its name alone, or a definition on the way.
        let latte = try run(["usage", "--app-tokens", "asset:Latte"]).stdout
        #expect(latte.hasPrefix("app token asset:Latte (4 uses)\n"), "\(latte)")
        #expect(latte.contains("  App/Screen.swift:10:53  .warning  through Color.warning → Color.latte  in Screen\n"))
        #expect(try run(["usage", "--app-tokens", "Latte"]).stdout == latte)
        let warning = try run(["usage", "Color.warning"])
        #expect(warning.status == 0, "\(warning.stderr)")
        #expect(
            warning.stdout
                == "app token asset:Latte (1 use)\n  App/Screen.swift:10:53  .warning  through Color.warning → Color.latte  in Screen\n1 app token, 1 use.\n",
            "\(warning.stdout)")
        // MCP `usage` answers the same for an agent, followed through the same definitions.
        let initialize =
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#
        let call =
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"usage","arguments":{"name":"Color.warning"}}}"#
        let served = try CatalogProcess.run(
            ["mcp"], directory: project.directory.url, stdin: Data((initialize + "\n" + call + "\n").utf8))
        let reply = try served.stdout.split(separator: "\n").map { try JSONParser.parse(String($0), file: "reply") }
            .first { $0["id"]?.number == 1 }
        let structured = reply?["result"]?["structuredContent"]
        #expect(structured?["kind"]?.string == "app token", "\(served.stdout)")
        #expect(structured?["appTokenUseCount"]?.number == 1)
        #expect(structured?["appTokens"]?.array?.first?["token"]?.string == "asset:Latte")
        #expect(
            reply?["result"]?["content"]?.array?.first?["text"]?.string?.contains(
                "App/Screen.swift:10:53  .warning  asset:Latte") == true, "\(served.stdout)")
        // A name that is neither the catalog's nor the app's is still an error.
        let unknown = try run(["usage", "Color.nowhere"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no token, style, component or component.option is named"), "\(unknown.stderr)")
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func systemColorsLayoutConstantsAndEnumCasesAreNoTokens() throws {
        let (project, run) = try scanned([
            "Onboarding.swift": """
            import SwiftUI

            enum Step: String {
                case intro, done
                static let first: Self = .intro
                var next: Self? { self == .intro ? .done : nil }
            }

            struct Card: View {
                private enum Constants {
                    static let radius: CGFloat = 12
                    static let shade = Color(red: 0, green: 0, blue: 0)
                }
                var body: some View {
                    Text("x")
                        .foregroundColor(.secondary)
                        .background(Color.red.opacity(0.2))
                        .tint(Color(UIColor.systemBlue))
                        .overlay(Color(UIColor.tertiarySystemFill))
                        .cornerRadius(Constants.radius)
                        .shadow(color: Constants.shade, radius: 2)
                }
            }
            """
        ])
        defer { withExtendedLifetime(project) {} }
        #expect(try uses(run) == [])
        #expect(try run(["usage", "--app-tokens"]).stdout == "0 app tokens, 0 uses.\n")
    }

    /// A definition added in one file counts for a use in another that is not read again:
    /// uses are followed through the project's definitions when asked, not when scanned.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aDefinitionCountsForUsesInFilesNotReadAgain() throws {
        let (project, run) = try scanned([
            "Screen.swift": "import SwiftUI\nlet a = Text(\"a\").foregroundColor(.mocha)\n"
        ])
        defer { withExtendedLifetime(project) {} }
        #expect(try uses(run) == [])
        try Data("import SwiftUI\nextension Color {\n    static let mocha = Color(\"Mocha\")\n}\n".utf8).write(
            to: project.app.appending(path: "Colors.swift"))
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.contains("1 parsed, 1 unchanged"), "\(rescan.stdout)")
        #expect(rescan.stdout.contains("2 uses of the app's own tokens"), "\(rescan.stdout)")
        #expect(
            try uses(run) == ["Colors.swift:3 Color(\"Mocha\") → asset:Mocha", "Screen.swift:2 .mocha → asset:Mocha"])
        // And a private one counts only in its own file.
        try Data("import SwiftUI\nprivate extension Color {\n    static let mocha = Color(\"Mocha\")\n}\n".utf8).write(
            to: project.app.appending(path: "Colors.swift"))
        #expect(try run(["usage", "scan", "App"]).status == 0)
        #expect(try uses(run) == ["Colors.swift:3 Color(\"Mocha\") → asset:Mocha"])
    }
}
