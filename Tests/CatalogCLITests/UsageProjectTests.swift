import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// `usage scan` on a project over time: the root it learns, subfolder rescans, platforms
/// from the manifest, project labels, and styles recorded in code asked by name.
@Suite struct UsageProjectTests {
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aProjectKeepsItsRootAndASubfolderScanUpdatesOnlyItsSubtree() throws {
        let catalog = try SeededCatalog()
        let app = catalog.directory.url.appending(path: "App")
        for feature in ["Cart", "Profile"] {
            let folder = app.appending(path: "Sources/\(feature)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(
                """
                import SwiftUI
                struct \(feature)View: View {
                    var body: some View {
                        if #available(iOS 26, *) {
                            Button("\(feature)") { }.buttonStyle(.glass)
                        }
                        Button("Fancy") { }.buttonStyle(FancyStyle())
                    }
                }
                """.utf8
            ).write(to: folder.appending(path: "\(feature)View.swift"))
        }
        try Data(
            "let package = Package(name: \"App\", platforms: [.iOS(.v17)], targets: [])\n".utf8
        ).write(to: app.appending(path: "Package.swift"))

        let scan = catalog.run(["usage", "scan", app.path, "--project", "shop"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.hasPrefix("Scanned 3 files for project shop: 2 parsed"))  // Package.swift is Swift too
        // iOS only (from Package.swift): the iOS check is enough for glass.
        let lint = catalog.run(["lint", "--project", "shop", "--json"])
        #expect(lint.status == 0, "\(lint.stderr)")
        let findings = try JSONParser.parse(lint.stdout, file: "lint").array ?? []
        #expect(!findings.contains { $0["rule"] == .string("swiftui-glass-availability") })
        // Asked for every platform, the macOS check is missing.
        let everywhere = catalog.run(["lint", "--project", "shop", "--platforms", "iOS,macOS", "--error-on", "never"])
        #expect(everywhere.stdout.contains("needs macOS 26.0 but is not inside an #available check for it"))
        #expect(catalog.run(["lint", "--platforms", "iOS,Android"]).status == 64)

        // Rescan only Cart, after a change there: Profile's records stay, paths keep their form.
        let cart = app.appending(path: "Sources/Cart/CartView.swift")
        try (try String(contentsOf: cart, encoding: .utf8) + "\nlet extra = Button(\"More\") { }\n").write(
            to: cart, atomically: true, encoding: .utf8)
        let rescan = catalog.run(["usage", "scan", app.appending(path: "Sources/Cart").path, "--project", "shop"])
        #expect(rescan.status == 0, "\(rescan.stderr)")
        let sites = try JSONParser.parse(catalog.run(["usage", "Button", "--json"]).stdout, file: "usage")
        let files = (sites["callSites"]?.array ?? []).compactMap { $0["file"]?.string }
        #expect(
            files == [
                "App/Sources/Cart/CartView.swift", "App/Sources/Cart/CartView.swift",
                "App/Sources/Cart/CartView.swift", "App/Sources/Profile/ProfileView.swift",
                "App/Sources/Profile/ProfileView.swift",
            ])
        // A folder outside the root is another project's.
        let outside = catalog.run(
            ["usage", "scan", catalog.directory.url.deletingLastPathComponent().path, "--project", "shop"])
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("is outside the project's root"))

        // A style only code knows can be asked by name; two projects are labelled.
        let fancy = catalog.run(["usage", "Button.FancyStyle()"])
        #expect(fancy.status == 0, "\(fancy.stderr)")
        #expect(fancy.stdout.hasPrefix("recorded style Button.FancyStyle()\n"))
        #expect(fancy.stdout.contains("  call sites (2)\n"))
        #expect(catalog.run(["usage", "scan", app.path, "--project", "copy"]).status == 0)
        let both = catalog.run(["usage", "Button.glass"])
        #expect(both.stdout.contains("[copy] App/Sources/Cart/CartView.swift:5:"))
        #expect(both.stdout.contains("[shop] App/Sources/Cart/CartView.swift:5:"))

        // A project whose root is Sources (learnt from scanning Cart first); the root itself can be scanned later.
        #expect(
            catalog.run(["usage", "scan", app.appending(path: "Sources/Cart").path, "--project", "narrow"]).status == 0)
        #expect(catalog.run(["usage", "scan", app.appending(path: "Sources").path, "--project", "narrow"]).status == 0)
        let narrow = try JSONParser.parse(
            catalog.run(["usage", "Button", "--project", "narrow", "--json"]).stdout, file: "usage")
        #expect(
            (narrow["callSites"]?.array ?? []).compactMap { $0["file"]?.string }.sorted().first == "Cart/CartView.swift"
        )
    }

    /// `usage scan` parses in catalog-scan; without it the command says where it looked and
    /// how to build it, and a helper that fails is reported with what it said.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func scanningNeedsTheHelperAndSaysSoWhenItIsMissingOrFails() throws {
        let catalog = try SeededCatalog()
        let app = catalog.directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("struct A {}\n".utf8).write(to: app.appending(path: "A.swift"))
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        let before = try repository.contentHash()
        let missing = runCatalog(
            ["--db", catalog.path, "usage", "scan", app.path], environment: ["CATALOG_SCAN": "/nowhere/catalog-scan"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("usage scan needs catalog-scan"))
        #expect(missing.stderr.contains("there is none at /nowhere/catalog-scan"))
        #expect(missing.stderr.contains("swift build --product catalog-scan, with -c release"))
        let failing = runCatalog(
            ["--db", catalog.path, "usage", "scan", app.path], environment: ["CATALOG_SCAN": "/bin/false"])
        #expect(failing.status != 0)
        #expect(failing.stderr.contains("catalog-scan failed (exit 1)"))
        #expect(try repository.contentHash() == before)
        #expect(try repository.scannedFiles(project: "default").isEmpty)
    }
}
