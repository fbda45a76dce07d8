import Foundation
import TestSupport
import Testing

/// String interpolations nested thousands deep (`"\("\(…)")"`), which the parser reads in
/// time that grows with each level and dies on at 100,000: the strings holding them are
/// read as empty, said, and the rest of the file is scanned as written.
@Suite struct DeepInterpolationTests {
    static func nested(_ depth: Int) -> String {
        "\"" + String(repeating: "\\(\"", count: depth) + "x" + String(repeating: "\")", count: depth) + "\""
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func deepInterpolationsAreReadAsEmptyAndTheFileScanned() throws {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["seed"], directory: directory.url).status == 0)
        let app = directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for (name, depth) in [("Shallow", 16), ("Deep", 20_000), ("Deeper", 100_000)] {
            let source = """
                import SwiftUI
                import DesignFoundation

                let text = \(Self.nested(depth))

                struct \(name): View {
                    var body: some View { DFButton("Pay") { } }
                }

                """
            try Data(source.utf8).write(to: app.appending(path: "\(name).swift"))
        }
        let scan = try CatalogProcess.run(["usage", "scan", "App"], directory: directory.url, timeout: 300)
        #expect(!scan.timedOut)
        #expect(scan.status == 0, "\(scan.stderr)")
        let said = "warning: strings holding interpolations nested deeper than 16 levels were read as empty (line 4)"
        #expect(scan.stderr.contains("App/Deep.swift: \(said)"), "\(scan.stderr)")
        #expect(scan.stderr.contains("App/Deeper.swift: \(said)"))
        #expect(!scan.stderr.contains("App/Shallow.swift: warning"))
        // Every file's button is found, from the stored scan and from the files themselves.
        for arguments in [["lint", "--platforms", "iOS 17"], ["lint", "App", "--platforms", "iOS 17"]] {
            let lint = try CatalogProcess.run(arguments, directory: directory.url, timeout: 300)
            #expect(!lint.timedOut)
            #expect(lint.status == 1, "\(lint.stderr)")
            for name in ["Deep", "Deeper", "Shallow"] {
                #expect(
                    lint.stdout.contains("App/\(name).swift:7:27: error: DFButton needs iOS 18.0"), "\(lint.stdout)")
            }
        }
    }
}
