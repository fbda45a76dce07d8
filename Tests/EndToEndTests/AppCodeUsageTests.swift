import CatalogModel
import Foundation
import TestSupport
import Testing

/// Usage on an app's own code through the built binary (scan, edit, rescan):
/// a style named through the static member the app declares for it is one style with
/// its type; a style chosen at run time is reached through any of its choices, saying
/// which; the text and `--json` say the same of each site.
@Suite struct AppCodeUsageTests {
    /// SwiftUI's own pattern for `.bordered`, as apps write it for their styles.
    static func styles(_ type: String) -> String {
        """
        import SwiftUI

        struct \(type): ButtonStyle {
            var tint: Color = .blue
            func makeBody(configuration: Configuration) -> some View {
                configuration.label.padding(12).foregroundStyle(tint)
            }
        }

        extension ButtonStyle where Self == \(type) {
            static var brand: Self { .init() }
            static func brand(tint: Color) -> Self { .init(tint: tint) }
        }

        """
    }

    static let screen = """
        import DesignFoundationTokens
        import SwiftUI

        struct Checkout: View {
            var isReturning = false
            var body: some View {
                VStack {
                    Button("A") { }.buttonStyle(.brand)
                    Button("B") { }.buttonStyle(BrandButtonStyle())
                    Button("C") { }.buttonStyle(.brand(tint: .red))
                    Button("D") { }.buttonStyle(isReturning ? .dfButtonFilled : .dfButtonTinted)
                    Menu("More") {
                        Button("E") { }.buttonStyle(.dfButtonFilled)
                    }
                }
            }
        }

        """

    typealias Run = (_ arguments: [String]) throws -> CatalogProcess.Result

    /// A seeded catalog in a temporary folder with `files` written under `App/` and scanned.
    func scanned(_ files: [String: String]? = nil) throws -> (TemporaryDirectory, Run) {
        let directory = try TemporaryDirectory()
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(arguments, directory: directory.url)
        }
        #expect(try run(["seed"]).status == 0)
        let app = directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let written = files ?? ["Styles.swift": Self.styles("BrandButtonStyle"), "Checkout.swift": Self.screen]
        for (name, text) in written { try Data(text.utf8).write(to: app.appending(path: name)) }
        let scan = try run(["usage", "scan", "App"])
        #expect(scan.status == 0, "\(scan.stderr)")
        return (directory, run)
    }

    /// DesignFoundation published again as 1.2.0 with `interactiveFill` (DFButton.filled's
    /// fill) another color and `more` colors added.
    func publishChangedFill(in directory: TemporaryDirectory, _ run: Run, adding more: [String: Any] = [:]) throws {
        #expect(try run(["theme", "export", "DesignFoundation", "-o", "df.json"]).status == 0)
        let file = directory.url.appending(path: "df.json")
        var theme = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var colors = try #require(theme["colors"] as? [String: Any])
        var fill = try #require(colors["interactiveFill"] as? [String: Any])
        fill["$value"] = ["colorSpace": "srgb", "components": [0.5, 0.2, 0.9], "alpha": 1, "hex": "#8033e6"]
        colors["interactiveFill"] = fill
        colors.merge(more) { $1 }
        theme["colors"] = colors
        try JSONSerialization.data(withJSONObject: theme).write(to: file)
        let add = try run(["theme", "add", "df.json", "--version", "1.2.0"])
        #expect(add.status == 0, "\(add.stderr)")
    }

    /// Each site of a `--json` answer as `line option member`.
    func records(_ json: String) throws -> [String] {
        try (JSONParser.parse(json, file: "usage")["callSites"]?.array ?? []).map { site in
            let line = Int(site["line"]?.number ?? 0)
            return "\(line) \(site["option"]?.string ?? "-") \(site["member"]?.string ?? "-")"
        }
    }

    /// A rescan of a tree the last scan saw whole (every file at its size and time, none
    /// gone, the same specs and themes) keeps the records without starting the parser
    /// helper (`CATALOG_SCAN` naming none proves it); an edited file, a deleted one or a
    /// theme published since needs the helper again.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func anUnchangedTreeIsRescannedWithoutTheParser() throws {
        let (directory, run) = try scanned()
        let noHelper = ["CATALOG_SCAN": directory.path("no-such-helper")]
        func rescanWithoutHelper() throws -> CatalogProcess.Result {
            try CatalogProcess.run(["usage", "scan", "App"], environment: noHelper, directory: directory.url)
        }
        let before = try run(["usage", "Button.brand", "--json"]).stdout
        let again = try rescanWithoutHelper()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Scanned 2 files for project default: 0 parsed, 2 unchanged"), "\(again.stdout)")
        #expect(try run(["usage", "Button.brand", "--json"]).stdout == before)
        #expect(try run(["check"]).status == 0)
        // An edited file needs the parser.
        let screen = directory.url.appending(path: "App/Checkout.swift")
        try Data((Self.screen + "// edited\n").utf8).write(to: screen)
        let edited = try rescanWithoutHelper()
        #expect(edited.status != 0 && edited.stderr.contains("no-such-helper"), "\(edited.stdout)")
        #expect(try run(["usage", "scan", "App"]).status == 0)
        #expect(try rescanWithoutHelper().status == 0)
        // A file touched (the same bytes at another time) is read once to see it is the
        // same, and its new time kept: the rescan after needs no parser.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: screen.path)
        #expect(try rescanWithoutHelper().status != 0)
        let touched = try run(["usage", "scan", "App"])
        #expect(
            touched.stdout.hasPrefix("Scanned 2 files for project default: 0 parsed, 2 unchanged"), "\(touched.stdout)")
        #expect(try run(["usage", "Button.brand", "--json"]).stdout == before)
        #expect(try rescanWithoutHelper().status == 0)
        // So does a theme published since (the token names looked for changed)…
        try publishChangedFill(in: directory, run)
        #expect(try rescanWithoutHelper().status != 0)
        #expect(try run(["usage", "scan", "App"]).status == 0)
        #expect(try rescanWithoutHelper().status == 0)
        // …and a file gone.
        try FileManager.default.removeItem(at: screen)
        #expect(try rescanWithoutHelper().status != 0)
        let after = try run(["usage", "scan", "App"])
        #expect(after.stdout.hasPrefix("Scanned 1 file for project default"), "\(after.stdout)")
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aStyleNamedThroughItsStaticMemberIsOneStyle() throws {
        let (directory, run) = try scanned()
        // By the member or by the type: the same three sites, one style, known as the member.
        let byMember = try run(["usage", "Button.brand", "--json"])
        #expect(byMember.status == 0, "\(byMember.stderr)")
        let expected = ["8 BrandButtonStyle brand", "9 BrandButtonStyle brand", "10 BrandButtonStyle brand"]
        #expect(try records(byMember.stdout) == expected)
        #expect(try records(run(["usage", "Button.BrandButtonStyle", "--json"]).stdout) == expected)
        let text = try run(["usage", "Button.brand"]).stdout
        #expect(text.contains("    Button BrandButtonStyle (3)\n"), "\(text)")
        #expect(
            text.contains(
                "Checkout.swift:10:13  BrandButtonStyle(tint: .red)  known as .brand  inside VStack  in Checkout.body"),
            "\(text)")
        let unknown = try run(["usage", "--unknown"]).stdout
        #expect(unknown.components(separatedBy: "Button style BrandButtonStyle is not in the catalog").count == 4)
        #expect(!unknown.contains("style brand "), "\(unknown)")

        // The member now makes another type: the screen, unchanged, is scanned again for it.
        let styles = directory.url.appending(path: "App/Styles.swift")
        try Data(Self.styles("PillButtonStyle").utf8).write(to: styles)
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.hasPrefix("Scanned 2 files for project default: 2 parsed"), "\(rescan.stdout)")
        #expect(
            try records(run(["usage", "Button.brand", "--json"]).stdout) == [
                "8 PillButtonStyle brand", "10 PillButtonStyle brand",
            ])
        // `BrandButtonStyle()` is declared nowhere now: its own style, no longer `.brand`.
        #expect(try records(run(["usage", "Button.BrandButtonStyle", "--json"]).stdout) == ["9 BrandButtonStyle -"])

        // A catalog style known only by the member's spelling is found at all three sites.
        try Data(Self.styles("BrandButtonStyle").utf8).write(to: styles)
        #expect(try run(["usage", "scan", "App"]).status == 0)
        var brand = try String(contentsOfFile: RepositoryBinaryTests.capsule, encoding: .utf8)
        brand = brand.replacingOccurrences(of: "\"name\": \"capsule\"", with: "\"name\": \"brand\"")
        brand = brand.replacingOccurrences(
            of: "\"theme\": \"DesignFoundation\",",
            with: "\"theme\": \"DesignFoundation\",\n  \"spellings\": [\".buttonStyle(.brand)\"],")
        try Data(brand.utf8).write(to: directory.url.appending(path: "brand.json"))
        let add = try run(["add-style", "brand.json"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try records(run(["usage", "brand", "--json"]).stdout) == expected)
        #expect(try run(["usage", "--unknown"]).stdout.contains("0 call sites"))
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aDynamicSiteIsReachedThroughAnyOfItsChoices() throws {
        let (directory, run) = try scanned()
        // The option, its style, and its generated SwiftUI style reach the conditional site.
        let filled = try run(["usage", "DFButton.filled"])
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(filled.stdout.contains("call sites (2)"), "\(filled.stdout)")
        #expect(
            filled.stdout.contains(
                "Checkout.swift:11:13  dynamic style: isReturning ? .dfButtonFilled : .dfButtonTinted  reached through .dfButtonFilled  inside VStack  in Checkout.body"
            ), "\(filled.stdout)")
        // Containers are in the text as in the JSON.
        #expect(filled.stdout.contains("Checkout.swift:13:17  inside Menu in VStack  in Checkout.body"))
        let json = try JSONParser.parse(run(["usage", "DFButton.filled", "--json"]).stdout, file: "usage")
        let sites = json["callSites"]?.array ?? []
        #expect(sites.map { Int($0["line"]?.number ?? 0) } == [11, 13])
        #expect(sites.first?["choices"]?.array?.compactMap(\.string) == ["dfButtonFilled", "dfButtonTinted"])
        #expect(sites.first?["reachedThrough"]?.array?.compactMap(\.string) == [".dfButtonFilled"])
        #expect(sites.last?["containers"]?.array?.compactMap(\.string) == ["Menu", "VStack"])
        let tinted = try run(["usage", "DFButton.tinted"]).stdout
        #expect(tinted.contains("call sites (1)") && tinted.contains("reached through .dfButtonTinted"), "\(tinted)")

        // A release changing filled's fill reaches both sites, the conditional one through filled.
        try publishChangedFill(in: directory, run)
        let impact = try run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0"])
        #expect(impact.status == 0, "\(impact.stderr)")
        #expect(impact.stdout.contains("  call sites (2)\n"), "\(impact.stdout)")
        #expect(
            impact.stdout.contains(
                "    App/Checkout.swift:11:13  Button (dynamic style)  dynamic style: isReturning ? .dfButtonFilled : .dfButtonTinted  reached through .dfButtonFilled"
            ), "\(impact.stdout)")
        #expect(impact.stdout.contains("    App/Checkout.swift:13:17  Button .dfButtonFilled  inside Menu in VStack"))
        let impactJSON = try JSONParser.parse(
            run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0", "--json"]).stdout, file: "impact")
        #expect(
            (impactJSON["callSites"]?.array ?? []).map { $0["reachedThrough"]?.array?.compactMap(\.string) ?? [] } == [
                [".dfButtonFilled"], [],
            ])
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func tokensNamedInCodeAreFoundAndReached() throws {
        // The generated package used directly, in no button code: every spelling it gives.
        // Without the import (Elsewhere) the names are another module's: not the catalog's.
        let (directory, run) = try scanned([
            "Banner.swift": """
            import SwiftUI
            import DesignFoundationTokens

            struct Banner: View {
                var body: some View {
                    Text("Welcome")
                        .foregroundStyle(Color.dfInteractiveFill)
                        .background(DesignFoundation.Colors.interactiveFill.color.opacity(0.2))
                        .tint(.dfAccent)
                        .overlay { Rectangle().stroke(.dfPrimary) }
                        .tokenFont(.dfLabel)
                }
            }

            extension UIColor {
                static let legacyFill = UIColor.dfInteractiveFill
            }

            """,
            "Elsewhere.swift": "import SwiftUI\nlet fill = Color.dfInteractiveFill\n",
        ])
        let app = directory.url.appending(path: "App")
        // Elsewhere's `Color.dfInteractiveFill`, a color the platform does not have from no
        // catalog module it imports, is the app's own (defined where the scan did not reach).
        #expect(
            try run(["usage", "scan", "App"]).stdout.contains(
                "; 0 call sites recorded; 6 token references in code; 1 use of the app's own tokens (usage --app-tokens).\n"
            ))
        let own = try run(["usage", "--app-tokens"]).stdout
        #expect(
            own
                == "app token Color.dfInteractiveFill (1 use)\n  App/Elsewhere.swift:2:12  Color.dfInteractiveFill\n1 app token, 1 use.\n",
            "\(own)")

        let fill = try run(["usage", "colors.interactiveFill"])
        #expect(fill.status == 0, "\(fill.stderr)")
        for line in [
            "  in code (3)\n",
            "    App/Banner.swift:7:30  Color.dfInteractiveFill  colors.interactiveFill (DesignFoundation)  in Banner\n",
            "    App/Banner.swift:8:25  DesignFoundation.Colors.interactiveFill  colors.interactiveFill (DesignFoundation)  in Banner\n",
            "    App/Banner.swift:16:29  UIColor.dfInteractiveFill  colors.interactiveFill (DesignFoundation)  in UIColor\n",
        ] {
            #expect(fill.stdout.contains(line), "\(line)\(fill.stdout)")
        }
        #expect(!fill.stdout.contains("Elsewhere"))
        let label = try JSONParser.parse(run(["usage", "typography.label", "--json"]).stdout, file: "usage")
        #expect(
            label["tokenReferences"]?.array?.map { "\($0["spelling"]?.string ?? "") \($0["line"]?.number ?? 0)" } == [
                ".dfLabel 11.0"
            ])

        // A new token, which a file names before it is published; then a release changing the
        // fill and adding it: impact names the code that uses the fill, in text and JSON.
        try Data("import SwiftUI\nimport DesignFoundationTokens\nlet later = Color.dfBrandNew\n".utf8).write(
            to: app.appending(path: "Later.swift"))
        #expect(try run(["usage", "scan", "App"]).stdout.contains("6 token references in code;"))
        let brandNew: [String: Any] = [
            "$type": "color", "$value": ["colorSpace": "srgb", "components": [1, 0, 0], "alpha": 1, "hex": "#ff0000"],
        ]
        try publishChangedFill(in: directory, run, adding: ["brandNew": brandNew])
        let impact = try run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0"])
        #expect(impact.stdout.contains("  in code (3)\n"), "\(impact.stdout)")
        #expect(impact.stdout.contains("    App/Banner.swift:7:30  Color.dfInteractiveFill  colors.interactiveFill"))
        let impactJSON = try JSONParser.parse(
            run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0", "--json"]).stdout, file: "impact")
        #expect(impactJSON["tokenReferences"]?.array?.count == 3)

        // The names looked for changed: the unchanged file is read again and the new name found.
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.contains("7 token references in code;"), "\(rescan.stdout)")
        #expect(try run(["usage", "colors.brandNew"]).stdout.contains("App/Later.swift:3:13  Color.dfBrandNew"))
        let again = try run(["usage", "scan", "App"])
        #expect(again.stdout.contains(": 0 parsed, 3 unchanged"), "\(again.stdout)")
        #expect(try run(["lint"]).status == 0)

        // 2.0.0 deprecates the fill and removes the new token: lint says so where code names them.
        #expect(try run(["theme", "export", "DesignFoundation", "-o", "df2.json"]).status == 0)
        let file = directory.url.appending(path: "df2.json")
        var theme = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var colors = try #require(theme["colors"] as? [String: Any])
        colors["brandNew"] = nil
        var deprecated = try #require(colors["interactiveFill"] as? [String: Any])
        deprecated["$deprecated"] = "use colors.accent"
        colors["interactiveFill"] = deprecated
        theme["colors"] = colors
        try JSONSerialization.data(withJSONObject: theme).write(to: file)
        #expect(try run(["theme", "add", "df2.json", "--version", "2.0.0"]).status == 0)
        #expect(try run(["usage", "scan", "App"]).status == 0)
        let lint = try run(["lint"])
        #expect(lint.status == 1, "\(lint.stdout)")
        for line in [
            "App/Banner.swift:7:30: warning: Color.dfInteractiveFill names colors.interactiveFill, deprecated in DesignFoundation 2.0.0: use colors.accent [catalog-deprecated]\n",
            "App/Later.swift:3:13: error: Color.dfBrandNew names colors.brandNew of DesignFoundation 1.2.0, which DesignFoundation 2.0.0 no longer has under that name [catalog-removed-token]\n",
        ] {
            #expect(lint.stdout.contains(line), "\(line)\(lint.stdout)")
        }
        #expect(lint.stdout.components(separatedBy: "[catalog-deprecated]").count == 4)
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func wrappersTheScanCannotSeeOrThatAnArgumentSteers() throws {
        let (directory, run) = try scanned([
            "Composer.swift": """
            import SwiftUI

            extension View {
                @ViewBuilder func glassButtonStyle(prominent: Bool) -> some View {
                    if prominent { buttonStyle(.glassProminent) } else { buttonStyle(.glass) }
                }
            }

            struct Composer: View {
                var isSending = false
                var body: some View {
                    HStack {
                        Button("Send") { }.glassButtonStyle(prominent: true)
                        Button("Attach") { }.glassButtonStyle(prominent: isSending)
                        Button("Close") { }.backport.buttonStyle(.glassProminent.shadow(false))
                    }
                }
            }

            """
        ])
        // A literal argument takes its branch; a run-time one keeps both; an undeclared
        // wrapper's concrete style is that style, through the wrapper, with no availability error.
        let prominent = try run(["usage", "Button.glassProminent"]).stdout
        #expect(prominent.contains("call sites (3)"), "\(prominent)")
        #expect(prominent.contains("App/Composer.swift:13:13  inside HStack  in Composer.body"), "\(prominent)")
        #expect(
            prominent.contains(
                "App/Composer.swift:14:13  dynamic style: .glassButtonStyle: .glassProminent, .glass  reached through .glassProminent"
            ))
        #expect(
            prominent.contains(
                "App/Composer.swift:15:13  through .backport, not declared in the scanned files  inside HStack"))
        let lint = try run(["lint", "--platforms", "iOS 18", "--error-on", "never"]).stdout
        #expect(lint.contains("Composer.swift:13:13") && !lint.contains("Composer.swift:15:13"), "\(lint)")

        // The wrapper's declaration comes into the scanned files: the unchanged file is
        // scanned again and follows it.
        try Data(
            """
            import SwiftUI
            struct Backport<Content> { let content: Content }
            extension View { var backport: Backport<Self> { Backport(content: self) } }
            extension Backport where Content: View {
                @ViewBuilder func buttonStyle(_ style: some PrimitiveButtonStyle) -> some View {
                    if #available(iOS 26, *) { content.buttonStyle(.glass) } else { content.buttonStyle(.bordered) }
                }
            }

            """.utf8
        ).write(to: directory.url.appending(path: "App/Backport.swift"))
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.hasPrefix("Scanned 2 files for project default: 2 parsed"), "\(rescan.stdout)")
        let close = try JSONParser.parse(run(["usage", "Button", "--json"]).stdout, file: "usage")
        let sites = (close["callSites"]?.array ?? []).filter { $0["line"]?.number == 15 }
        #expect(sites.map { $0["option"]?.string ?? "-" } == ["glass", "bordered"])
        #expect(sites.allSatisfy { $0["via"] == .null })
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func anAppStyleNamingATokenReachesItsSites() throws {
        let (directory, run) = try scanned([
            "Styles.swift": """
            import SwiftUI
            import DesignFoundationTokens

            struct BrandButtonStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label.padding(12).background(Color.dfInteractiveFill, in: .capsule)
                }
            }

            extension ButtonStyle where Self == BrandButtonStyle {
                static var brand: Self { .init() }
            }

            """,
            "Checkout.swift": """
            import SwiftUI

            struct Checkout: View {
                var isReturning = false
                var body: some View {
                    VStack {
                        Button("Pay") { }.buttonStyle(.brand)
                        Button("Later") { }.buttonStyle(isReturning ? .brand : .bordered)
                        Button("Help") { }.buttonStyle(.bordered)
                    }
                }
            }

            """,
        ])
        // The token is named in the app's style: the sites applying that style are reached.
        let fill = try run(["usage", "colors.interactiveFill"]).stdout
        #expect(fill.contains("  call sites (2)\n"), "\(fill)")
        #expect(fill.contains("App/Checkout.swift:7:13  known as .brand"), "\(fill)")
        #expect(
            fill.contains(
                "App/Checkout.swift:8:13  dynamic style: isReturning ? .brand : .bordered  reached through BrandButtonStyle"
            ))
        #expect(
            fill.contains(
                "App/Styles.swift:6:52  Color.dfInteractiveFill  colors.interactiveFill (DesignFoundation)  in BrandButtonStyle"
            ))
        #expect(!fill.contains("Checkout.swift:9:"))

        // And a release changing it reaches them in impact.
        try publishChangedFill(in: directory, run)
        let impact = try JSONParser.parse(
            run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0", "--json"]).stdout, file: "impact")
        #expect(
            (impact["callSites"]?.array ?? []).map {
                "\(Int($0["line"]?.number ?? 0)) \($0["reachedThrough"]?.array?.compactMap(\.string) ?? [])"
            } == ["7 []", "8 [\"BrandButtonStyle\"]"])
    }

    /// What a scan looks for is drawn from the specs once and kept; a spec published since
    /// (a new component) is looked for in every file at the next scan, unchanged ones too.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aSpecPublishedSinceIsLookedForInEveryFile() throws {
        let pill = """
            import PillKit
            import SwiftUI

            struct Promo: View {
                var body: some View { PillButton("Go") { } }
            }

            """
        let (directory, run) = try scanned(["Promo.swift": pill])
        #expect(try run(["usage", "scan", "App"]).stdout.contains("0 parsed, 1 unchanged"))
        #expect(try run(["usage", "PillButton"]).status != 0, "no such component yet")
        let spec = """
            { "name": "PillButton", "version": "1.0.0", "system": "Pill", "import": "PillKit",
              "platforms": { "iOS": "17" },
              "initializers": [ { "signature": "init(_:action:)", "parameters": [ { "name": "title", "type": "String" } ] } ],
              "axes": [ { "name": "size", "default": "regular", "options": [ { "name": "regular" } ] } ] }
            """
        try Data(spec.utf8).write(to: directory.url.appending(path: "pill.json"))
        #expect(try run(["spec", "add", "pill.json"]).status == 0)
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.contains("1 parsed, 0 unchanged"), "\(rescan.stdout)")
        #expect(rescan.stdout.contains("1 call site recorded"), "\(rescan.stdout)")
        let usage = try run(["usage", "PillButton"])
        #expect(usage.stdout.contains("App/Promo.swift:5:27  default style  in Promo.body"), "\(usage.stdout)")
        // The vocabulary is kept: the next scan draws nothing and reads nothing again.
        #expect(try run(["usage", "scan", "App"]).stdout.contains("0 parsed, 1 unchanged"))
    }
}
