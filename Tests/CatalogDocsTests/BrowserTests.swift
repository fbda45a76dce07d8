import CatalogDocs
import CatalogModel
import CatalogResources
import CatalogStore
import Foundation
import TestSupport
import Testing

/// The HTML site in a real browser: headless Chromium walks every link from the index,
/// fails on a broken link or anchor and on any console message, counts the previews
/// each style page draws against the catalog, checks the index's filter, and takes
/// screenshots in light and dark.
@Suite struct BrowserTests {
    /// Chromium, when installed (CI installs Debian's `chromium`).
    static var chromium: String? { ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser") }

    /// Runs Chromium headless; returns standard output and the console lines it logged.
    static func chromium(_ arguments: [String]) throws -> (output: Data, console: [String]) {
        // Each run's profile (2 MB) goes with it: a run of the suite left hundreds in $TMPDIR.
        let profile = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=\(profile.path("profile"))",
            ] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes at once so that neither fills up.
        let group = DispatchGroup()
        nonisolated(unsafe) var log = Data()
        group.enter()
        DispatchQueue.global().async {
            log = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        withExtendedLifetime(profile) {}
        let console = String(decoding: log, as: UTF8.self).split(separator: "\n").filter { $0.contains(":CONSOLE") }
        return (data, console.map(String.init))
    }

    /// The site path a relative reference on `page` names (`../styles/capsule.html` from
    /// `components/DFButton.html` → `styles/capsule.html`); `page` itself for `""`.
    static func resolve(_ reference: String, from page: String) -> String {
        guard !reference.isEmpty else { return page }
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in reference.split(separator: "/") {
            if part == ".." {
                if parts.isEmpty { return "../" + reference } else { parts.removeLast() }
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Every `href` and `src` in `dom`.
    static func references(in dom: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            for piece in dom.components(separatedBy: attribute).dropFirst() {
                found.append(String(piece.prefix { $0 != "\"" }))
            }
        }
        return found
    }

    /// The seeds with capsule, and every earlier published version (as `catalog export
    /// docs --format html` loads them), written as a site.
    static func site(in directory: TemporaryDirectory) throws -> (root: URL, input: DocsInput, pages: [String: String])
    {
        var input = try docsInputWithCapsule()
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        _ = try repository.write { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        for (kind, name, version) in try repository.publishedVersions() {
            let reference = VersionedName(name: name, version: version)
            switch kind {
            case .spec where input.specs.contains { $0.name == name && $0.version > version }:
                input.earlier.specs.append(try repository.spec(reference).spec)
            case .style where input.styles.contains { $0.name == name && $0.version > version }:
                input.earlier.styles.append(try repository.style(reference).style)
            case .theme where input.themes.contains { $0.name == name && $0.version > version }:
                input.earlier.themes.append(try repository.theme(reference))
            default: continue
            }
        }
        let root = directory.url.appending(path: "site")
        let pages = HTMLExporter(input: input).pages()
        for (path, content) in pages {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        return (root, input, pages)
    }

    @Test(
        .enabled(
            if: ExternalTool.shouldRun("chromium", "chromium-browser"),
            "chromium is not installed (Debian: apt-get install chromium); .ci/run installs it"))
    func chromiumWalksTheSiteWithoutBrokenLinksOrConsoleErrors() throws {
        guard Self.chromium != nil else {
            Issue.record("chromium is not installed (Debian: apt-get install chromium); .ci/run installs it")
            return
        }
        let directory = try TemporaryDirectory()
        let (root, input, pages) = try Self.site(in: directory)
        // Walk from the index, a level at a time, loading the pages of a level in parallel.
        var doms: [String: String] = [:]
        var level = ["index.html"]
        var broken: [String] = []
        while !level.isEmpty {
            let loaded = try level.concurrentMap { page in
                try Self.chromium(["--dump-dom", root.appending(path: page).absoluteString])
            }
            var next: Set<String> = []
            for (page, (output, console)) in zip(level, loaded) {
                let dom = String(decoding: output, as: UTF8.self)
                #expect(dom.contains("</main>"), "\(page) did not load")
                #expect(console.isEmpty, "\(page): \(console.joined(separator: "\n"))")
                doms[page] = dom
                for reference in Self.references(in: dom) {
                    #expect(!reference.contains("://"), "\(page) links outside the site: \(reference)")
                    let file = String(reference.prefix { $0 != "#" && $0 != "?" })
                    let target = Self.resolve(file, from: page)
                    if !FileManager.default.fileExists(atPath: root.appending(path: target).path) {
                        broken.append("\(page) → \(reference)")
                    } else if target.hasSuffix(".html"), doms[target] == nil, !level.contains(target) {
                        next.insert(target)
                    }
                }
            }
            level = next.sorted()
        }
        #expect(broken.isEmpty, "broken links: \(broken)")
        // Every page is reached, every earlier version through the version switchers.
        let html = pages.keys.filter { $0.hasSuffix(".html") }
        #expect(doms.count == html.count, "unreached: \(Set(html).subtracting(doms.keys).sorted())")
        #expect(
            html.count == 1 + input.specs.count + input.styles.count + input.themes.count + input.earlier.specs.count
                + input.earlier.styles.count + input.earlier.themes.count)
        #expect(input.earlier.themes.count == 2 && input.earlier.specs.count == 4 && input.earlier.styles.count == 4)
        // Anchors: every #fragment names an id on its page.
        for (page, dom) in doms {
            for reference in Self.references(in: dom) where reference.contains("#") {
                let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let file = Self.resolve(parts[0], from: page)
                let fragment = parts[1]
                #expect(doms[file]?.contains("id=\"\(fragment)\"") == true, "\(page) → \(reference): no such anchor")
            }
        }
        // Previews counted in the rendered DOM against states × roles × modes from the catalog.
        var total = 0
        for style in input.styles {
            let dom = try #require(doms["styles/\(style.name).html"])
            let (states, roles, modes) = expectedPreviews(style, in: input)
            let drawn = dom.components(separatedBy: "<figure class=\"preview").count - 1
            #expect(drawn == states * (1 + roles.count) * modes, "\(style.name)")
            #expect(dom.components(separatedBy: "<svg").count - 1 == drawn, "\(style.name): every figure has its SVG")
            total += drawn
        }
        #expect(total == 414)
        try searchAndFilter(root)
        try layout(root, pages: html.sorted())
        // Screenshots, light and dark; a blank page compresses to a few kilobytes.
        for (name, extra) in [("light", [String]()), ("dark", ["--force-dark-mode"])] {
            let shot = directory.path("capsule-\(name).png")
            _ = try Self.chromium(
                extra + [
                    "--window-size=1000,900", "--screenshot=\(shot)",
                    root.appending(path: "styles/capsule.html").absoluteString,
                ])
            let png = try Data(contentsOf: URL(fileURLWithPath: shot))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png.count > 40_000, "\(name): \(png.count) bytes")
        }
    }

    /// The search box (driven by `?q=`) finds a token by name and a style by a token it
    /// uses; the index's filter (`?filter=`) finds capsule.
    func searchAndFilter(_ root: URL) throws {
        let (found, console) = try Self.chromium([
            "--dump-dom", root.appending(path: "components/DFButton.html").absoluteString + "?q=colors.interactiveFill",
        ])
        #expect(console.isEmpty)
        let results =
            String(decoding: found, as: UTF8.self).components(separatedBy: "id=\"search-results\"").last?
            .components(separatedBy: "</ul>").first ?? ""
        #expect(!results.hasPrefix(" hidden"))
        #expect(
            results.contains(
                "href=\"../themes/DesignFoundation.html#token-colors.interactiveFill\" tabindex=\"-1\" data-kind=\"token\""
            ))
        #expect(results.contains("href=\"../styles/DFButton.filled.html\" tabindex=\"-1\" data-kind=\"style\""))
        // A color token's result shows its color; a style's shows none.
        let token =
            results.components(
                separatedBy: "DesignFoundation.html#token-colors.interactiveFill\" tabindex=\"-1\" data-kind=\"token\">"
            ).dropFirst().first ?? ""
        #expect(
            token.hasPrefix("<span class=\"dot\" style=\"background: rgb(0, 122, 255);\"></span>colors."),
            "\(token.prefix(120))")
        let style = results.components(separatedBy: "data-kind=\"style\">").dropFirst().first ?? ""
        #expect(!style.hasPrefix("<span class=\"dot\""), "\(style.prefix(120))")
        #expect(results.contains("<li class=\"count\" role=\"presentation\">6 results</li>"), "\(results)")
        // By value, with or without `#`, loaded on first use; more than 60 matches are counted.
        for query in ["007aff", "%23007AFF"] {
            let (byValue, _) = try Self.chromium([
                "--dump-dom", root.appending(path: "index.html").absoluteString + "?q=\(query)",
            ])
            let list =
                String(decoding: byValue, as: UTF8.self).components(separatedBy: "id=\"search-results\"").last?
                .components(separatedBy: "</ul>").first ?? ""
            #expect(
                list.contains("href=\"themes/DesignFoundation.html#token-colors.interactiveFill\""), "\(query): \(list)"
            )
        }
        let (many, _) = try Self.chromium([
            "--dump-dom", root.appending(path: "index.html").absoluteString + "?q=color",
        ])
        let manyList = String(decoding: many, as: UTF8.self)
        let counted = manyList.components(separatedBy: "data-found=\"").dropFirst().first?.prefix { $0 != "\"" }
        let total = try #require(counted.flatMap { Int($0) }, "no count")
        #expect(total > 60)
        #expect(manyList.contains("<li class=\"count\" role=\"presentation\">60 of \(total) — refine the search</li>"))
        #expect(manyList.components(separatedBy: "role=\"option\"").count - 1 == 60)
        // Arrow keys walk the results as the ARIA combobox pattern has it; Enter opens one.
        let probe = """
            <!doctype html><html><body><pre id="out">running</pre><script>
            var frame = document.createElement("iframe");
            var steps = [];
            frame.onload = function () {
              var doc = frame.contentDocument, box = doc.getElementById("search");
              if (steps.length > 0) {
                steps.push(frame.contentWindow.location.pathname.split("/").slice(-2).join("/"));
                document.getElementById("out").textContent = JSON.stringify(steps);
                return;
              }
              setTimeout(function () {
                function key(name) { box.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
                key("ArrowDown"); key("ArrowDown");
                var active = box.getAttribute("aria-activedescendant");
                steps.push(box.getAttribute("aria-expanded"), active,
                  doc.getElementById(active).getAttribute("aria-selected"),
                  doc.querySelectorAll("[aria-selected=true]").length);
                key("Enter");
              }, 500);
            };
            frame.src = "index.html?q=colors.interactiveFill";
            document.body.appendChild(frame);
            </script></body></html>
            """
        try Data(probe.utf8).write(to: root.appending(path: "keys.html"))
        let (keys, _) = try Self.chromium([
            "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
            root.appending(path: "keys.html").absoluteString,
        ])
        let steps =
            String(decoding: keys, as: UTF8.self).components(separatedBy: "<pre id=\"out\">").last?
            .components(separatedBy: "</pre>").first ?? ""
        #expect(
            htmlUnescaped(steps)
                == "[\"true\",\"search-option-1\",\"true\",1,\"themes/DesignFoundation.html\"]", "\(steps)")
        let (filtered, _) = try Self.chromium([
            "--dump-dom", root.appending(path: "index.html").absoluteString + "?filter=capsule",
        ])
        let dom = String(decoding: filtered, as: UTF8.self)
        let shown = dom.components(separatedBy: "data-shown=\"").dropFirst().first?.prefix { $0 != "\"" }
        #expect(shown.flatMap { Int($0) }.map { $0 >= 1 && $0 < 34 } == true, "filter shows \(shown ?? "nothing")")
        let visible = dom.components(separatedBy: "<div class=\"card entry\"").dropFirst().filter {
            !$0.hasPrefix(" hidden")
        }
        #expect(visible.contains { $0.contains("href=\"styles/capsule.html\"") })
    }

    /// Every page at 1280 and 390 px wide, light and dark, in an iframe of a probe page
    /// (file pages may read each other with --allow-file-access-from-files): no horizontal
    /// overflow, and the search box, menu and scheme switch within the viewport.
    func layout(_ root: URL, pages: [String]) throws {
        let jobs = pages.flatMap { page in
            [1280, 390].flatMap { width in ["light", "dark"].map { "[\"\(page)\", \(width), \"\($0)\"]" } }
        }
        let probe = """
            <!doctype html><html><body><pre id="out">running</pre><script>
            var jobs = [\(jobs.joined(separator: ","))];
            var results = [];
            function rgba(text) {
              var m = text.match(/[\\d.]+/g).map(Number);
              return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
            }
            function luminance(c) {
              var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
              return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
            }
            function contrast(win, element) {
              var fore = rgba(win.getComputedStyle(element).color);
              var node = element, back = [255, 255, 255, 0];
              while (node && node.nodeType === 1) {
                back = rgba(win.getComputedStyle(node).backgroundColor);
                if (back[3] > 0) { break; }
                node = node.parentNode;
              }
              if (back[3] === 0) { back = rgba(win.getComputedStyle(element.ownerDocument.documentElement).backgroundColor); }
              var a = luminance(fore), b = luminance(back);
              return Math.round((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) * 100) / 100;
            }
            function next(i) {
              if (i >= jobs.length) { document.getElementById("out").textContent = JSON.stringify(results); return; }
              var job = jobs[i];
              var frame = document.createElement("iframe");
              frame.style.width = job[1] + "px"; frame.style.height = "900px"; frame.style.border = "0";
              frame.onload = function () {
                var doc = frame.contentDocument;
                doc.documentElement.setAttribute("data-scheme", job[2]);
                var over = doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
                var outside = [];
                [".scheme-switch", "#search", ".home", job[1] < 800 ? ".menu" : ".sidebar"].forEach(function (s) {
                  var box = doc.querySelector(s).getBoundingClientRect();
                  if (box.width === 0 || box.left < 0 || box.right > job[1]) { outside.push(s); }
                });
                // The chrome's text against what is behind it, the pressed scheme button included.
                doc.querySelectorAll(".scheme-switch button").forEach(function (b) {
                  b.setAttribute("aria-pressed", b.getAttribute("data-scheme") === job[2] ? "true" : "false");
                });
                var worst = [99, ""];
                [".scheme-switch button[aria-pressed='true']", ".scheme-switch button[aria-pressed='false']",
                 "header.site .home", "main h1", "main p", ".sidebar a"].forEach(function (s) {
                  var element = doc.querySelector(s);
                  if (!element) { return; }
                  var ratio = contrast(frame.contentWindow, element);
                  if (ratio < worst[0]) { worst = [ratio, s]; }
                });
                results.push([job[0], job[1], job[2], over, outside.join(" "), worst[0], worst[1]]);
                frame.remove();
                next(i + 1);
              };
              frame.src = job[0];
              document.body.appendChild(frame);
            }
            next(0);
            </script></body></html>
            """
        try Data(probe.utf8).write(to: root.appending(path: "probe.html"))
        let (output, console) = try Self.chromium([
            "--allow-file-access-from-files", "--virtual-time-budget=120000", "--dump-dom",
            root.appending(path: "probe.html").absoluteString,
        ])
        #expect(console.isEmpty, "\(console)")
        let dom = String(decoding: output, as: UTF8.self)
        let json = dom.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
        let results = try #require(
            try? JSONSerialization.jsonObject(with: Data(htmlUnescaped(json).utf8)) as? [[Any]],
            "probe: \(json.prefix(300))")
        #expect(results.count == jobs.count)
        for result in results {
            let label = "\(result[0]) at \(result[1]) px, \(result[2])"
            #expect((result[3] as? Int) == 0, "\(label): \(result[3]) px of horizontal overflow")
            #expect((result[4] as? String) == "", "\(label): outside the viewport: \(result[4])")
            let ratio = (result[5] as? NSNumber)?.doubleValue ?? 0
            #expect(ratio >= 4.5, "\(label): \(result[6]) has a contrast of \(ratio):1, under 4.5:1")
        }
    }
}

/// Text of an HTML element as written (`&quot;` → `"`).
func htmlUnescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}

extension Array {
    /// `transform` over the elements, four at a time, in order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) throws -> [T]
    where Element: Sendable {
        let lock = NSLock()
        nonisolated(unsafe) var results = [Result<T, Error>?](repeating: nil, count: count)
        let elements = self
        let semaphore = DispatchSemaphore(value: 4)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            semaphore.wait()
            let result = Result { try transform(elements[index]) }
            semaphore.signal()
            lock.lock()
            results[index] = result
            lock.unlock()
        }
        return try results.map { try $0!.get() }
    }
}
