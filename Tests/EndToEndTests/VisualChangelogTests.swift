import Foundation
import TestSupport
import Testing

/// `catalog export changelog --format html` on a real release: DesignFoundation's
/// interactive fill darkened in a new theme version.
@Suite struct VisualChangelogTests {
    /// A seeded catalog, then DesignFoundation republished with `colors.interactiveFill`
    /// changed from #007AFF to #0066CC (light; dark keeps its own value).
    /// The seeds, then DesignFoundation 1.2.0: the seed version exported, `edit` made to
    /// its JSON, and published with `message`.
    static func released(
        in directory: TemporaryDirectory, message: String = "Darker interactive fill",
        edit: (inout [String: Any]) throws -> Void = { document in
            var colors = try #require(document["colors"] as? [String: Any])
            var fill = try #require(colors["interactiveFill"] as? [String: Any])
            fill["$value"] = ["colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 1, "hex": "#0066cc"]
            colors["interactiveFill"] = fill
            document["colors"] = colors
        }
    ) throws -> String {
        let db = directory.path("release.db")
        #expect(try CatalogProcess.run(["--db", db, "seed"]).status == 0)
        let exported = directory.path("df.json")
        #expect(
            try CatalogProcess.run(["--db", db, "theme", "export", "DesignFoundation", "-o", exported]).status == 0)
        // Edit the token's value through the JSON, whatever the writer's layout.
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported))) as? [String: Any])
        try edit(&document)
        var extensions = try #require(document["$extensions"] as? [String: Any])
        var theme = try #require(extensions["catalog.theme"] as? [String: Any])
        theme["version"] = "1.2.0"
        extensions["catalog.theme"] = theme
        document["$extensions"] = extensions
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: exported))
        let add = try CatalogProcess.run([
            "--db", db, "theme", "add", exported, "--message", message, "--author", "DS team",
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

    /// A padding every cell of the styles shows changed is said once per style, the summary
    /// comes first, and at phone width (in Chromium, where installed) every preview shows
    /// and the text of each cell has a line of its own.
    @Test func aChangeEveryCellHoldsIsSaidOnceAndThePageFitsAPhone() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.released(in: directory, message: "Roomier") { document in
            var spacing = try #require(document["spacing"] as? [String: Any])
            var large = try #require(spacing["lg"] as? [String: Any])
            large["$value"] = ["value": 20, "unit": "px"]
            spacing["lg"] = large
            document["spacing"] = spacing
        }
        let page = directory.path("changelog.html")
        #expect(
            try CatalogProcess.run(["--db", db, "export", "changelog", "--format", "html", "-o", page]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The summary before the first style's section.
        let summary = try #require(html.range(of: "<h2 id=\"")?.lowerBound)
        let firstSection = try #require(html.range(of: "<section class=\"card\"")?.lowerBound)
        #expect(summary < firstSection)
        // Each style reached says the padding change once, above its cells, and no cell repeats it.
        let sections = html.components(separatedBy: "<section class=\"card\"").dropFirst()
        #expect(!sections.isEmpty)
        for section in sections {
            let name = section.prefix(120)
            #expect(section.contains("<p class=\"common\"><strong>In all "), "\(name)")
            let cells = section.components(separatedBy: "<div class=\"values\">").dropFirst()
            #expect(cells.count > 1, "\(name)")
            let common =
                section.components(separatedBy: "<p class=\"common\">").last?.components(separatedBy: "</p>")
                .first ?? ""
            #expect(common.contains("padding"), "\(name): \(common)")
            for cell in cells { #expect(!cell.contains("padding"), "\(name): a cell repeats the padding change") }
        }
        guard let chromium = ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser") else {
            #expect(!ExternalTool.isCI, "chromium is not installed (Debian: apt-get install chromium)")
            return
        }
        let probe = """
            <!doctype html><html><body><pre id="out">running</pre><script>
            var frame = document.createElement("iframe");
            frame.style.width = "390px"; frame.style.height = "844px";
            frame.onload = function () {
              var doc = frame.contentDocument;
              var hidden = 0, narrow = 0, figures = doc.querySelectorAll("figure.preview svg");
              figures.forEach(function (svg) { var box = svg.getBoundingClientRect(); if (box.width < 40 || box.height < 10) { hidden++; } });
              doc.querySelectorAll(".compare .values").forEach(function (v) { if (v.getBoundingClientRect().width < 200) { narrow++; } });
              document.getElementById("out").textContent = JSON.stringify([figures.length, hidden, narrow,
                doc.documentElement.scrollWidth - doc.documentElement.clientWidth]);
            };
            frame.src = "changelog.html";
            document.body.appendChild(frame);
            </script></body></html>
            """
        try probe.write(toFile: directory.path("probe.html"), atomically: true, encoding: .utf8)
        let output = try ExternalTool.run([
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
            "--virtual-time-budget=20000", "--dump-dom",
            URL(fileURLWithPath: directory.path("probe.html")).absoluteString,
        ]).output
        let json =
            output.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
        let numbers = try #require(try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Int], "\(json)")
        #expect(numbers.count == 4 && numbers[0] > 0, "\(numbers)")
        #expect(numbers.dropFirst().allSatisfy { $0 == 0 }, "previews, hidden, narrow texts, overflow: \(numbers)")
    }
}
