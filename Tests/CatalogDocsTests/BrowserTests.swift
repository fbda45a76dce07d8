import CatalogDocs
import CatalogModel
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=\(NSTemporaryDirectory())catalog-chromium-\(UUID().uuidString)",
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

    @Test(
        .enabled(
            if: ExternalTool.shouldRun("chromium", "chromium-browser"),
            "chromium is not installed (Debian: apt-get install chromium); .ci/run installs it"))
    func chromiumWalksTheSiteWithoutBrokenLinksOrConsoleErrors() throws {
        guard Self.chromium != nil else {
            Issue.record("chromium is not installed (Debian: apt-get install chromium); .ci/run installs it")
            return
        }
        let input = try docsInputWithCapsule()
        let directory = try TemporaryDirectory()
        let root = directory.url.appending(path: "site")
        for (path, content) in HTMLExporter(input: input).pages() {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
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
        #expect(doms.count == 1 + input.specs.count + input.styles.count + input.themes.count, "every page is reached")
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
        #expect(total == 342)
        // The filter, driven by ?q=: capsule finds its style page.
        let (filtered, console) = try Self.chromium([
            "--dump-dom", root.appending(path: "index.html").absoluteString + "?q=capsule",
        ])
        let dom = String(decoding: filtered, as: UTF8.self)
        #expect(console.isEmpty)
        let shown = dom.components(separatedBy: "data-shown=\"").dropFirst().first?.prefix { $0 != "\"" }
        #expect(shown.flatMap { Int($0) }.map { $0 >= 1 && $0 < 34 } == true, "filter shows \(shown ?? "nothing")")
        let visible = dom.components(separatedBy: "<div class=\"card entry\"").dropFirst().filter {
            !$0.hasPrefix(" hidden")
        }
        #expect(visible.contains { $0.contains("href=\"styles/capsule.html\"") })
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
