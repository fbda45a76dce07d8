import CatalogModel
import Foundation
import TestSupport
import Testing

/// `usage scan` follows an app's style wrappers declared in other files of the project,
/// and a rescan stays incremental: an edit to a wrapper's declaration rescans the files
/// that use it, unchanged as they are; a deleted one makes their style unknown.
@Suite struct UsageWrapperScanTests {
    /// Each recorded Button site as `file:line option`, `?` for unknown.
    func records(_ catalog: SeededCatalog) throws -> [String] {
        let json = try JSONParser.parse(catalog.run(["usage", "Button", "--json"]).stdout, file: "usage")
        var found: [String] = []
        for site in json["callSites"]?.array ?? [] {
            let unknown: String? = site["unknownBecause"]?.string.map { "?" + $0 }
            let option: String = unknown ?? site["option"]?.string ?? "-"
            let file: String = site["file"]?.string ?? ""
            let line = Int(site["line"]?.number ?? 0)
            found.append("\(file):\(line) \(option)")
        }
        return found.sorted()
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func anEditToAWrapperRescansItsUsers() throws {
        let catalog = try SeededCatalog()
        let app = catalog.directory.url.appending(path: "App")
        let shared = app.appending(path: "Shared")
        let feature = app.appending(path: "Feature")
        for folder in [shared, feature] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let wrappers = shared.appending(path: "Wrappers.swift")
        func declare(_ fallback: String) throws {
            try Data(
                """
                import SwiftUI
                extension View { func primaryButton() -> some View { modifier(PrimaryButtonModifier()) } }
                struct PrimaryButtonModifier: ViewModifier {
                    func body(content: Content) -> some View {
                        if #available(iOS 26, *) { content.buttonStyle(.glassProminent) } else { content.buttonStyle(.\(fallback)) }
                    }
                }
                """.utf8
            ).write(to: wrappers)
        }
        try declare("borderedProminent")
        try Data(
            """
            import SwiftUI
            struct Done: View {
                var body: some View { Button("Done") { }.primaryButton() }
            }
            """.utf8
        ).write(to: feature.appending(path: "Done.swift"))
        try Data("import Foundation\nlet answer = 42\n".utf8).write(to: feature.appending(path: "Model.swift"))

        let first = catalog.run(["usage", "scan", app.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            try records(catalog) == [
                "App/Feature/Done.swift:3 borderedProminent", "App/Feature/Done.swift:3 glassProminent",
            ])
        // The text says under which check each record holds.
        let text = catalog.run(["usage", "Button.glassProminent"]).stdout
        #expect(text.contains("App/Feature/Done.swift:3:27  #available(iOS 26)  in Done.body"), "\(text)")

        // The wrapper changes; Done.swift does not, and is scanned again for it.
        try declare("bordered")
        let second = catalog.run(["usage", "scan", app.path])
        #expect(
            second.stdout.hasPrefix("Scanned 3 files for project default: 2 parsed, 1 unchanged"), "\(second.stdout)")
        #expect(
            try records(catalog) == ["App/Feature/Done.swift:3 bordered", "App/Feature/Done.swift:3 glassProminent"])

        // Nothing changed: nothing parsed.
        let third = catalog.run(["usage", "scan", app.path])
        #expect(third.stdout.hasPrefix("Scanned 3 files for project default: 0 parsed, 3 unchanged"), "\(third.stdout)")

        // Scanning only Feature: the wrapper in Shared, not read, still counts.
        let subfolder = catalog.run(["usage", "scan", feature.path])
        #expect(subfolder.status == 0, "\(subfolder.stderr)")
        #expect(
            try records(catalog) == ["App/Feature/Done.swift:3 bordered", "App/Feature/Done.swift:3 glassProminent"])

        // The wrapper is gone: its users' style is unknown, said so.
        try FileManager.default.removeItem(at: wrappers)
        let fourth = catalog.run(["usage", "scan", app.path])
        #expect(fourth.status == 0, "\(fourth.stderr)")
        #expect(try records(catalog) == ["App/Feature/Done.swift:3 ?.primaryButton()"])
    }
}
