import CatalogModel
import Foundation
import TestSupport
import Testing

/// A large app file through the built binary (scan, edit, rescan): parsed in pieces on
/// every core, it gives the records the whole file gives, at their lines, and the
/// catalog is left whole (no write-ahead log beside it: the helper closed it first).
extension AppCodeUsageTests {
    /// A screen of `count` sections, each a view of its own with two buttons, the app's
    /// wrapper declared last and applied in the first view.
    static func screen(sections count: Int, inserted: String = "") -> String {
        var source = """
            import DesignFoundation
            import SwiftUI

            struct Screen: View {
                var body: some View {
                    VStack {
                        Button("Top") { }
                    }
                    .brandStyle()
                }
            }

            """
        source += inserted
        for index in 0..<count {
            source += """

                /// Section \(index): an offer and a way out.
                struct Section\(index): View {
                    var title = "Section \(index)"
                    var body: some View {
                        HStack {
                            DFButton("Buy \(index)", style: .outlined) { }
                            Button("Skip") { }.buttonStyle(.bordered)
                        }
                        .padding()
                    }
                }

                """
        }
        source += """

            extension View {
                func brandStyle() -> some View { buttonStyle(.borderedProminent) }
            }

            """
        return source
    }

    /// `line option -` (as ``records(_:)`` has a site) for each line of `source` holding `text`.
    static func lines(of text: String, in source: String, _ option: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.contains(text) ? "\(index + 1) \(option) -" : nil
        }
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aLargeFileIsScannedInPiecesToItsRecords() throws {
        let source = Self.screen(sections: 60)
        #expect(source.utf8.count > 16_000)
        let (directory, run) = try scanned(["Screen.swift": source])
        #expect(!FileManager.default.fileExists(atPath: directory.path("catalog.db-wal")))
        // Every section's buttons at their lines; the wrapper's style reaches the first
        // view's button from the file's last declaration.
        #expect(
            try records(run(["usage", "DFButton", "--json"]).stdout)
                == Self.lines(of: "DFButton(\"Buy", in: source, "outlined"))
        #expect(
            try records(run(["usage", "Button", "--json"]).stdout).sorted()
                == (Self.lines(of: "Button(\"Top", in: source, "borderedProminent")
                + Self.lines(of: "Button(\"Skip", in: source, "bordered")).sorted())
        // A declaration added near the top moves every later record down by its lines.
        let edited = Self.screen(sections: 60, inserted: "\nstruct Empty {}\n")
        try Data(edited.utf8).write(to: directory.url.appending(path: "App/Screen.swift"))
        let rescan = try run(["usage", "scan", "App"])
        #expect(rescan.stdout.hasPrefix("Scanned 1 file for project default: 1 parsed"), "\(rescan.stdout)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("catalog.db-wal")))
        #expect(
            try records(run(["usage", "DFButton", "--json"]).stdout)
                == Self.lines(of: "DFButton(\"Buy", in: edited, "outlined"))
        #expect(Self.lines(of: "DFButton(\"Buy", in: edited, "outlined").first == "20 outlined -")
        #expect(try run(["check"]).status == 0)
    }
}
