import Foundation
import TestSupport
import Testing

/// A style published on its own (`catalog add-style`), with no spec version listing it,
/// is first-class: usage, lint and impact find its call sites by how code spells it, and
/// every docs format gives it a page. Run with the built binary, as the README's
/// walkthrough does.
@Suite struct PublishedStyleTests {
    static let source = """
        import DesignFoundation
        import SwiftUI

        struct Checkout: View {
            var body: some View {
                VStack {
                    DFButton("Subscribe") { }
                        .dfButtonStyle(.capsule)
                    DFButton("Gift") { }
                        .dfButtonStyle(CapsuleButtonStyle())
                    Button("Native") { }
                        .buttonStyle(.capsule)
                    DFButton("Pill") { }
                        .dfButtonStyle(PillStyle())
                    DFButton("Later") { }
                        .dfButtonStyle(.mystery)
                    DFButton("Primary") { }
                        .dfButtonStyle(.filled)
                }
            }
        }

        """

    /// `Examples/capsule.json` renamed `pill`, declaring how code spells it.
    static func pill() throws -> Data {
        var text = try String(contentsOfFile: RepositoryBinaryTests.capsule, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"name\": \"capsule\"", with: "\"name\": \"pill\"")
        text = text.replacingOccurrences(
            of: "\"theme\": \"DesignFoundation\",",
            with: "\"theme\": \"DesignFoundation\",\n  \"spellings\": [\"PillStyle()\", \".dfButtonStyle(.pill)\"],")
        return Data(text.utf8)
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func usageLintImpactAndDocsSeeACustomStyle() throws {
        let directory = try TemporaryDirectory()
        func run(_ arguments: [String]) throws -> CatalogProcess.Result {
            try CatalogProcess.run(arguments, directory: directory.url)
        }
        #expect(try run(["seed"]).status == 0)
        #expect(try run(["add-style", RepositoryBinaryTests.capsule]).status == 0)
        try Self.pill().write(to: directory.url.appending(path: "pill.json"))
        let addPill = try run(["add-style", "pill.json"])
        #expect(addPill.status == 0, "\(addPill.stderr)")
        let show = try run(["style", "show", "pill"])
        #expect(
            show.stdout.contains(
                "in code:      PillStyle(), .dfButtonStyle(.pill), .buttonStyle(.dfPill), .buttonStyle(DFPillButtonStyle())  (custom style)\n"
            ))
        #expect(try run(["style", "show", "DFButton.filled"]).stdout.contains("drawn by:     DFButton.filled\n"))
        let app = directory.url.appending(path: "App/Sources/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.source.utf8).write(to: app.appending(path: "Checkout.swift"))
        #expect(try run(["usage", "scan", "App"]).status == 0)

        // usage: the three spellings of capsule, the declared one of pill.
        let capsule = try run(["usage", "capsule"])
        #expect(capsule.status == 0, "\(capsule.stderr)")
        #expect(capsule.stdout.contains("call sites (3)"), "\(capsule.stdout)")
        for line in [7, 9, 11] { #expect(capsule.stdout.contains("Checkout.swift:\(line):")) }
        // The generated package's names and its deprecated aliases, and the app's own DFButtonStyle.
        #expect(
            capsule.stdout.contains(
                "specs (2): Button (CapsuleButtonStyle, DFCapsuleButtonStyle, capsule, dfCapsule), DFButton (CapsuleButtonStyle, capsule)"
            ), "\(capsule.stdout)")
        #expect(!capsule.stdout.contains("OUDSButton"))
        let pill = try run(["usage", "pill", "--json"])
        #expect(pill.stdout.contains("\"line\": 13"))
        #expect(!pill.stdout.contains("\"line\": 7"))
        // A token reaches the custom styles that use it, and their call sites.
        let token = try run(["usage", "colors.primary"])
        #expect(token.stdout.contains("capsule") && token.stdout.contains("pill"))
        #expect(token.stdout.contains("Checkout.swift:7:") && token.stdout.contains("Checkout.swift:13:"))

        // lint and usage --unknown: only .mystery is not in the catalog.
        let lint = try run(["lint", "--error-on", "never"])
        #expect(lint.stdout.contains("Checkout.swift:15:13: warning: DFButton style mystery is not in the catalog"))
        #expect(lint.stdout.components(separatedBy: "[catalog-unknown-style]").count - 1 == 1, "\(lint.stdout)")
        let unknown = try run(["usage", "--unknown"])
        #expect(unknown.stdout.contains("mystery") && unknown.stdout.contains("1 call site."))

        // impact: a new DesignFoundation with another primary color reaches capsule and pill.
        #expect(try run(["theme", "export", "DesignFoundation", "-o", "df.json"]).status == 0)
        let file = directory.url.appending(path: "df.json")
        var theme = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var colors = try #require(theme["colors"] as? [String: Any])
        var primary = try #require(colors["primary"] as? [String: Any])
        primary["$value"] = ["colorSpace": "srgb", "components": [0.5, 0.2, 0.9], "alpha": 1, "hex": "#8033e6"]
        colors["primary"] = primary
        theme["colors"] = colors
        try JSONSerialization.data(withJSONObject: theme).write(to: file)
        let add = try run(["theme", "add", "df.json", "--version", "1.2.0"])
        #expect(add.status == 0, "\(add.stderr)")
        let impact = try run(["impact", "DesignFoundation@1.1.2", "DesignFoundation@1.2.0", "--json"])
        #expect(impact.status == 0, "\(impact.stderr)")
        #expect(impact.stdout.contains("\"capsule\"") && impact.stdout.contains("\"pill\""))
        for line in [7, 9, 11, 13] { #expect(impact.stdout.contains("\"line\": \(line)"), "line \(line)") }
        #expect(!impact.stdout.contains("\"line\": 15"))

        // docs: a page of its own in every format.
        for (format, page) in [
            ("markdown", "styles/capsule.md"), ("docc", "ComponentCatalog.docc/Style-capsule.md"),
            ("html", "styles/capsule.html"), ("json", "catalog-docs.json"),
        ] {
            let export = try run(["export", "docs", "--format", format, "-o", "docs-\(format)"])
            #expect(export.status == 0, "\(format): \(export.stderr)")
            let text = try String(contentsOf: directory.url.appending(path: "docs-\(format)/\(page)"), encoding: .utf8)
            #expect(text.contains("capsule"), "\(format)")
            if format != "json" {
                #expect(text.contains(".dfButtonStyle(.capsule)"), "\(format) says how code spells it")
                #expect(text.contains("24 pt"), "\(format) gives its padding")
            }
        }
    }

    @Test func aSpellingThatIsNotSwiftIsRefusedWithItsPlace() throws {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["seed"], directory: directory.url).status == 0)
        var text = String(decoding: try Self.pill(), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"PillStyle()\"", with: "\"PillStyle(color: .red)\"")
        try Data(text.utf8).write(to: directory.url.appending(path: "pill.json"))
        let run = try CatalogProcess.run(["add-style", "pill.json"], directory: directory.url)
        #expect(run.status == 65)
        #expect(run.stderr.contains("pill.json:9:17: error: $.spellings[0]: "), "\(run.stderr)")
        #expect(run.stderr.contains("$.spellings[0]"))
        #expect(run.stderr.contains("is not a spelling of a style"))
        let list = try CatalogProcess.run(["style", "list"], directory: directory.url)
        #expect(!list.stdout.contains("pill"))
    }
}
