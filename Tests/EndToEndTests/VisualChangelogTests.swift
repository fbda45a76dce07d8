import Foundation
import TestSupport
import Testing

/// `catalog export changelog --format html` on a real release: DesignFoundation's
/// interactive fill darkened in a new theme version.
@Suite struct VisualChangelogTests {
    /// A seeded catalog, then DesignFoundation republished with `colors.interactiveFill`
    /// changed from #007AFF to #0066CC (light; dark keeps its own value).
    static func released(in directory: TemporaryDirectory) throws -> String {
        let db = directory.path("release.db")
        #expect(try CatalogProcess.run(["--db", db, "seed"]).status == 0)
        let exported = directory.path("df.json")
        #expect(
            try CatalogProcess.run(["--db", db, "theme", "export", "DesignFoundation", "-o", exported]).status == 0)
        var text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("\"interactiveFill\""))
        // Edit the token's value through the JSON, whatever the writer's layout.
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var colors = try #require(document["colors"] as? [String: Any])
        var fill = try #require(colors["interactiveFill"] as? [String: Any])
        fill["$value"] = ["colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 1, "hex": "#0066cc"]
        colors["interactiveFill"] = fill
        document["colors"] = colors
        var extensions = try #require(document["$extensions"] as? [String: Any])
        var theme = try #require(extensions["catalog.theme"] as? [String: Any])
        theme["version"] = "1.2.0"
        extensions["catalog.theme"] = theme
        document["$extensions"] = extensions
        text = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        try Data(text.utf8).write(to: URL(fileURLWithPath: exported))
        let add = try CatalogProcess.run([
            "--db", db, "theme", "add", exported, "--message", "Darker interactive fill", "--author", "DS team",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        return db
    }

    @Test func theReleaseShowsEveryReachedStyleBeforeAndAfter() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.released(in: directory)
        let page = directory.path("changelog.html")
        let run = try CatalogProcess.run(["--db", db, "export", "changelog", "--format", "html", "-o", page])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Wrote \(page).\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Only the style drawn with the changed token looks different; the token links to it.
        #expect(html.contains("1 style look different: <a href=\"#style-DFButton.filled\">DFButton.filled</a>."))
        #expect(html.contains("<tr class=\"changed-token\" id=\"token-colors.interactiveFill\">"))
        #expect(html.contains("#007AFFFF</td><td><span class=\"dot\" style=\"background:#0066CCFF\"></span> #0066CCFF"))
        #expect(html.contains("<td><a href=\"#style-DFButton.filled\">DFButton.filled</a></td>"))
        #expect(html.contains("id=\"style-DFButton.filled\""))
        // Before and after side by side, the changed value, and the contrast that now passes.
        #expect(html.contains("<figcaption>before</figcaption>") && html.contains("<figcaption>after</figcaption>"))
        #expect(
            html.contains(
                "background: #007AFFFF (accent {colors.interactiveFill}) → #0066CCFF (accent {colors.interactiveFill})")
        )
        #expect(html.contains("contrast 4.0:1 → 5.6:1 <span class=\"badge ok\">now meets 4.5:1</span>"))
        // Cells that did not change (disabled, destructive) are left out.
        let section = html.components(separatedBy: "id=\"style-DFButton.filled\"").last ?? ""
        #expect(!section.contains("disabled, no role") && !section.contains("normal, destructive"))
        #expect(section.contains("normal, no role") && section.contains("pressed, cancel"))
        // Self-contained: no link or fetch outside the page.
        #expect(!html.contains("<link") && !html.contains("<script"))
        #expect(
            html.components(separatedBy: "http").count
                == html.components(separatedBy: "http://www.w3.org/2000/svg").count)
        // The same to standard output; markdown and json stay as they were.
        let stdout = try CatalogProcess.run(["--db", db, "export", "changelog", "--format", "html"])
        #expect(stdout.stdout == html)
        let markdown = try CatalogProcess.run(["--db", db, "export", "changelog"])
        #expect(markdown.stdout.hasPrefix("# Catalog changes from "))
    }

    @Test func aBadRangeOrOutputIsRefusedAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.released(in: directory)
        let bad = try CatalogProcess.run([
            "--db", db, "export", "changelog", "--format", "html", "--from", "nope", "-o", directory.path("x.html"),
        ])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("nope"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("x.html")))
        let format = try CatalogProcess.run(["--db", db, "export", "changelog", "--format", "pdf"])
        #expect(format.status == 64)
    }
}
