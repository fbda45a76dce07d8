import CatalogDocs
import CatalogModel
import Foundation
import TestSupport
import Testing

@Suite struct HTMLTests {
    @Test func goldenPageOfTheSeeds() throws {
        let (input, _, _) = try seededDocsInput()
        let page = HTMLExporter(input: input).page()
        try GoldenTests().check(["index.html": page], folder: "html")
        #expect(HTMLExporter(input: input).page() == page)
        // 21 styles drawn by options × 3 states × 2 roles × light and dark.
        #expect(page.components(separatedBy: "<figure class=\"preview\"").count - 1 == 252)
        #expect(
            !page.contains("http://")
                || page.components(separatedBy: "http://").count - 1 == page.components(
                    separatedBy: "xmlns=\"http://www.w3.org/2000/svg\""
                ).count - 1)
    }

    @Test func catalogTextIsEscaped() throws {
        let (input, _, _) = try seededDocsInput()
        var spec = try #require(input.specs.first { $0.name == "DFButton" })
        spec.name = "<script>alert('x')</script>"
        spec.system = "\"quoted\" & <b>"
        let page = HTMLExporter(input: DocsInput(specs: [spec], styles: input.styles, themes: input.themes, modes: []))
            .page()
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(page.contains("&quot;quoted&quot; &amp; &lt;b&gt;"))
    }

    /// Chromium, when installed (CI installs Debian's `chromium`).
    static var chromium: String? { ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser") }

    func chromium(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.chromium!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Run where chromium is installed (and always under CI); skipped elsewhere with the
    /// line that installs it.
    @Test(
        .enabled(
            if: ExternalTool.shouldRun("chromium", "chromium-browser"),
            "chromium is not installed (Debian: apt-get install chromium); .ci/run installs it"))
    func aRealBrowserRendersEveryPreview() throws {
        guard Self.chromium != nil else {
            Issue.record("chromium is not installed (Debian: apt-get install chromium); .ci/run installs it")
            return
        }
        let (input, _, _) = try seededDocsInput()
        let directory = try TemporaryDirectory()
        let page = directory.url.appending(path: "index.html")
        try Data(HTMLExporter(input: input).page().utf8).write(to: page)
        let dom = String(decoding: try chromium(["--dump-dom", page.absoluteString]), as: UTF8.self)
        let counts = Dictionary(
            grouping: dom.components(separatedBy: "<figure class=\"preview\" data-component=\"").dropFirst()
        ) {
            String($0.prefix { $0 != "\"" })
        }.mapValues(\.count)
        #expect(counts == ["Button": 84, "ButtonVariantStyle": 48, "DFButton": 60, "OUDSButton": 60])
        #expect(dom.components(separatedBy: "<svg").count - 1 == 252)
        let shot = directory.path("shot.png")
        _ = try chromium(["--window-size=1280,2400", "--screenshot=\(shot)", page.absoluteString])
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 50_000, "a blank page compresses to a few kilobytes; this one has \(png.count) bytes")
    }
}
