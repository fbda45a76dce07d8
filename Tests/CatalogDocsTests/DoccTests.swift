import CatalogDocs
import Foundation
import TestSupport
import Testing

@Suite struct DoccTests {
    /// The toolchain's `docc`, found on PATH.
    static var docc: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/docc" }
        return paths.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    @Test func doccConvertBuildsTheSeedsWithoutWarnings() throws {
        let (input, _, _) = try seededDocsInput()
        let pages = MarkdownExporter(input: input, flavor: .docc).pages()
        #expect(pages.keys.allSatisfy { $0.hasPrefix("ComponentCatalog.docc/") })
        #expect(pages["ComponentCatalog.docc/ComponentCatalog.md"]?.contains("@TechnologyRoot") == true)
        #expect(
            pages["ComponentCatalog.docc/Component-DFButton.md"]?.contains("Drawn by <doc:Style-DFButton-filled>.")
                == true)
        guard let docc = Self.docc else {
            Issue.record("docc is not on PATH; it ships with the Swift toolchain")
            return
        }
        let directory = try TemporaryDirectory()
        for (path, content) in pages {
            let url = directory.url.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: docc)
        process.arguments = [
            "convert", directory.path("ComponentCatalog.docc"), "--output-path", directory.path("out"),
            "--warnings-as-errors",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(!stderr.contains("warning:"), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("out/data/documentation/componentcatalog.json")))
    }
}
