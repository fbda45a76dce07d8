import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// `usage scan`, `usage` and `lint` through the binary on patterns from real code: a
/// file with a syntax error named in the summary, platform branches, custom styles by
/// type, dynamic and unknown styles in the text, an Xcode project's deployment target,
/// and `--platforms` with versions (a bad one refused before anything is written).
@Suite struct UsageRealCodeTests {
    static let source = """
        import SwiftUI

        struct Checkout: View {
            let metrics: Metrics
            let isPrimary: Bool
            var body: some View {
                Button("Pay") { }.buttonStyle(.glass)
                Button("Share") { }
                #if os(iOS)
                .buttonStyle(.borderedProminent)
                #elseif os(macOS)
                .buttonStyle(.bordered)
                #endif
                Button("A") { }.buttonStyle(AccentButtonStyle(color: .red))
                Button("B") { }.buttonStyle(AccentButtonStyle(small: true))
                Button("C") { }.buttonStyle(.compound(.primary)).controlSize(metrics.card.controlSize)
                Button("D") { }.buttonStyle(isPrimary ? .borderedProminent : .bordered)
                Button("N") { }.glassButtonStyle(isPrimary ? .prominent : .regular)
            }
        }
        }
        """

    /// An app folder with `Checkout.swift` and an Xcode project targeting iOS `target`.
    func app(in catalog: SeededCatalog, target: String) throws -> URL {
        let app = catalog.directory.url.appending(path: "Shop")
        let sources = app.appending(path: "Shop")
        let project = app.appending(path: "Shop.xcodeproj")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(Self.source.utf8).write(to: sources.appending(path: "Checkout.swift"))
        try Data(
            """
            // !$*UTF8*$!
            {
                buildSettings = {
                    IPHONEOS_DEPLOYMENT_TARGET = \(target);
                    SDKROOT = iphoneos;
                };
            }
            """.utf8
        ).write(to: project.appending(path: "project.pbxproj"))
        return app
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func scanSummaryTextAndLintFollowTheCode() throws {
        let catalog = try SeededCatalog()
        let app = try app(in: catalog, target: "26.0")
        let scan = catalog.run(["usage", "scan", app.path])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(
            scan.stdout.contains(
                "1 file with syntax errors, scanned as the parser recovered them: Shop/Shop/Checkout.swift:21."),
            "\(scan.stdout)")
        #expect(scan.stderr.contains("warning: syntax error at line 21; scanned what the parser recovered"))

        let usage = catalog.run(["usage", "Button"])
        #expect(usage.status == 0, "\(usage.stderr)")
        for line in [
            "  call sites (9)\n",
            "    Button (dynamic style) (1)\n",
            "      Shop/Shop/Checkout.swift:17:9  dynamic style: isPrimary ? .borderedProminent : .bordered  in Checkout.body\n",
            "    Button (style unknown) (1)\n",
            "      Shop/Shop/Checkout.swift:18:9  style unknown: .glassButtonStyle(isPrimary ? .prominent : .regular)  in Checkout.body\n",
            "    Button .automatic (default) (1)\n",
            "      Shop/Shop/Checkout.swift:8:9  default style  #if !os(iOS) && !os(macOS)  in Checkout.body\n",
            "    Button .bordered (1)\n",
            "      Shop/Shop/Checkout.swift:8:9  #if !os(iOS) && os(macOS)  in Checkout.body\n",
            "    Button .compound (1)\n",
            "      Shop/Shop/Checkout.swift:16:9  .compound(.primary)  controlSize: metrics.card.controlSize (dynamic)  in Checkout.body\n",
            "    Button AccentButtonStyle (2)\n",
            "      Shop/Shop/Checkout.swift:14:9  AccentButtonStyle(color: .red)  in Checkout.body\n",
        ] {
            #expect(usage.stdout.contains(line), "\(line)\n\(usage.stdout)")
        }
        #expect(!usage.stdout.contains(".."))

        // A custom style by its type, or as made at some sites; a branch by its style.
        let accent = catalog.run(["usage", "Button.AccentButtonStyle"])
        #expect(accent.stdout.hasPrefix("recorded style Button.AccentButtonStyle\n"), "\(accent.stderr)")
        #expect(accent.stdout.contains("  call sites (2)\n"))
        let small = catalog.run(["usage", "Button.AccentButtonStyle(small: true)"])
        #expect(small.stdout.contains("  call sites (1)\n") && small.stdout.contains("Checkout.swift:15:9"))
        let bordered = try JSONParser.parse(catalog.run(["usage", "Button.bordered", "--json"]).stdout, file: "usage")
        let branches = (bordered["callSites"]?.array ?? []).map {
            "\($0["line"]?.number ?? 0) \($0["branch"]?.number ?? 0)"
        }
        // The branch, and the conditional site whose choices include it.
        #expect(branches == ["8.0 1.0", "17.0 0.0"])

        // iOS 26 from the Xcode project: glass needs no check; the unknown and dynamic styles are not linted.
        let lint = catalog.run(["lint", "--error-on", "never"])
        #expect(!lint.stdout.contains("swiftui-glass-availability"), "\(lint.stdout)")
        #expect(!lint.stdout.contains(":17:9") && !lint.stdout.contains(":18:9"))
        #expect(
            lint.stdout.contains("Checkout.swift:14:9: warning: Button style AccentButtonStyle is not in the catalog"))
        // An older target asked for: the check is missing, on iOS only.
        let older = catalog.run(["lint", "--platforms", "iOS 18", "--error-on", "never"])
        #expect(
            older.stdout.contains(
                "Checkout.swift:7:9: error: .glass needs iOS 26.0 but is not inside an #available check for it"))
        #expect(older.stdout.components(separatedBy: "swiftui-glass-availability").count == 2)
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func anOlderDeploymentTargetIsLearntAndABadPlatformIsRefused() throws {
        let catalog = try SeededCatalog()
        let app = try app(in: catalog, target: "17.0")
        let refused = catalog.run(["usage", "scan", app.path, "--platforms", "iOS 26.x"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("\"iOS 26.x\" is not a platform with a version such as 'iOS 26'"))
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        #expect(try repository.storedSites().isEmpty)
        #expect(try repository.usageProject("default") == nil)
        #expect(catalog.run(["lint", "--platforms", "Android 14"]).status == 64)

        #expect(catalog.run(["usage", "scan", app.path]).status == 0)
        #expect(try repository.usageProject("default")?.platforms == ["iOS 17.0"])
        let lint = catalog.run(["lint", "--error-on", "never"])
        #expect(
            lint.stdout.contains(".glass needs iOS 26.0 but is not inside an #available check for it"),
            "\(lint.stderr)")
        #expect(!lint.stdout.contains("macOS"))
        // --platforms on a later scan replaces what the project learnt.
        let rescan = catalog.run(["usage", "scan", app.path, "--platforms", "iOS 26,macOS 26"])
        #expect(rescan.status == 0, "\(rescan.stderr)")
        #expect(try repository.usageProject("default")?.platforms == ["iOS 26", "macOS 26"])
        #expect(!catalog.run(["lint", "--error-on", "never"]).stdout.contains("swiftui-glass-availability"))
    }

    /// Opening a catalog does not read its bytes through a descriptor of its own: closing
    /// one would drop the locks this process's other connections hold, and the scan helper
    /// (another process) would then checkpoint the log under them (reads failed with
    /// SQLITE_IOERR_SHORT_READ).
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aConnectionOpenedEarlierInTheProcessKeepsReadingAfterAScan() throws {
        let catalog = try SeededCatalog()
        let app = catalog.directory.url.appending(path: "Shop")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("import SwiftUI\nlet b = Button(\"x\") { }\n".utf8).write(to: app.appending(path: "A.swift"))
        let early = try Repository(path: catalog.path, mode: .mustExist)
        #expect(try early.storedSites().isEmpty)
        #expect(catalog.run(["usage", "scan", app.path]).status == 0)
        #expect(try Repository(path: catalog.path, mode: .mustExist).siteCount(project: "default") == 1)
        #expect(try early.siteCount(project: "default") == 1)
    }

    /// A FIFO named Package.swift (or project.pbxproj) is not waited on: the scan goes on
    /// without deployment targets.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aManifestThatIsNotARegularFileIsNotWaitedOn() throws {
        let catalog = try SeededCatalog()
        let app = catalog.directory.url.appending(path: "Odd")
        try FileManager.default.createDirectory(
            at: app.appending(path: "Odd.xcodeproj"), withIntermediateDirectories: true)
        try Data("import SwiftUI\nlet b = Button(\"x\") { }\n".utf8).write(to: app.appending(path: "A.swift"))
        #expect(mkfifo(app.appending(path: "Package.swift").path, 0o644) == 0)
        #expect(mkfifo(app.appending(path: "Odd.xcodeproj/project.pbxproj").path, 0o644) == 0)
        let scan = catalog.run(["usage", "scan", app.path])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(try Repository(path: catalog.path, mode: .mustExist).usageProject("default")?.platforms == [])
    }
}
