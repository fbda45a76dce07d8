import CatalogDocs
import CatalogModel
import Foundation
import TestSupport
import Testing

@Suite struct DoccTests {
    /// The toolchain's `docc`, found on PATH.
    static var docc: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/docc" }
        return paths.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// The seeds, with one spec given hostile text: an import that tries to
    /// close its code block, a summary and a description opening DocC directives, a system
    /// that would be front matter, a quick start with a line of tildes. `docc convert`
    /// builds it without warnings, and the text stays text.
    @Test func doccConvertBuildsTheSeedsWithoutWarnings() throws {
        var (input, _, _) = try seededDocsInput()
        var hostile = input.specs[0]
        hostile.importModule = "Evil\n```\n<script>alert(3)</script>"
        hostile.summary = "@Metadata {\n    @TechnologyRoot\n}"
        hostile.description = "Fine.\n@Redirected(from: \"old\")\n   @Links(visualStyle: list) {}"
        hostile.system = "---\ntitle: pwned\n---"
        hostile.quickStart?.code = "let a = 1\n~~~~~~\n```\nlet b = 2"
        input.specs[0] = hostile
        let pages = MarkdownExporter(input: input, flavor: .docc).pages()
        let page = try #require(pages.first { $0.value.contains("Evil") }?.value)
        #expect(!page.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@") })
        #expect(!page.contains("\n---\n"))
        // The import's backticks are inside a longer fence: code, shown as written.
        #expect(page.contains("````swift\nimport Evil\n```\n<script>alert(3)</script>\n````"))
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
