import CatalogModel
import Foundation
import TestSupport
import Testing

/// One answer per token and context, across the outputs: for every corpus theme with
/// dimensions, in every context its site's menus offer (each mode alone, then combinations,
/// at most ``contextLimit`` per theme), the value `theme show --resolved --mode …` gives is
/// the one the docs site's page shows for each color swatch (its data as the page script
/// looks it up) and the one MCP's `get_token` gives. The site's data is the Swift
/// package's (`SwiftTokenContexts`, which `Moded.value(in:)` reads), so it answers for both;
/// `CorpusSwiftExportTests` and `ThemeSetTests` compile programs that read the literals.
@Suite(.serialized) struct ContextAgreementTests {
    /// The most contexts walked per theme: every single mode, then combinations spread
    /// evenly over the rest.
    static let contextLimit = 32

    /// A menu of the theme page: its dimension, default and modes (option values).
    struct Menu {
        var dimension: String
        var defaultMode: String
        var modes: [String]
    }

    /// A color swatch of the page: the dimensions its values depend on and its values,
    /// `[modes joined by U+001F, fill, …]`.
    struct Swatch {
        var dimensions: [String]
        var values: [[String]]

        /// The fill the page script shows where `chosen` (dimension → mode, non-default
        /// modes only) is chosen, as its `lookup` finds it.
        func fill(_ chosen: [String: String]) -> String {
            let key = dimensions.compactMap { chosen[$0] }.joined(separator: "\u{1F}")
            let found = values.first { $0.first == key } ?? values.first { $0.first == "" } ?? ["", "—"]
            // The page paints no value transparent.
            return found.count > 1 && found[1] != "transparent" ? found[1] : "—"
        }
    }

    static func unescaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A name from its anchor: `_XX` is a byte in hex (`Anchor.id`).
    static func anchored(_ id: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = id.utf8[...]
        while let byte = rest.first {
            if byte == UInt8(ascii: "_"), rest.count >= 3,
                let value = UInt8(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The HTML of a theme page's sections loaded apart (`Canvas.color.js`:
    /// `window.catalogSection("…", "<html as a string literal>")`).
    static func sections(in folder: String, theme: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix(theme + ".") && $0.hasSuffix(".js")
        }.sorted().map { file in
            let script = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            let start = try #require(script.range(of: "\", \"")).upperBound
            let end = try #require(script.range(of: "\")", options: .backwards)).lowerBound
            let literal = "\"" + script[start..<end] + "\""
            return try #require(
                try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String)
        }
    }

    /// The value of `attribute` in a tag's text (single- or double-quoted).
    static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["'", "\""] {
            guard let start = tag.range(of: " \(name)=\(quote)") else { continue }
            let rest = tag[start.upperBound...]
            guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
            return unescaped(rest[..<end])
        }
        return nil
    }

    /// The page's menus and its color swatches with context data, by token path.
    static func page(_ html: String) throws -> (menus: [Menu], swatches: [String: Swatch]) {
        var menus: [Menu] = []
        for part in html.components(separatedBy: "<select").dropFirst() {
            let tag = part.prefix { $0 != ">" }
            guard let dimension = attribute("data-dimension", in: tag),
                let defaultMode = attribute("data-default", in: tag)
            else { continue }
            let body = part.components(separatedBy: "</select>")[0]
            let modes = body.components(separatedBy: "<option").dropFirst().compactMap {
                attribute("value", in: $0.prefix { $0 != ">" })
            }
            menus.append(Menu(dimension: dimension, defaultMode: defaultMode, modes: modes))
        }
        var swatches: [String: Swatch] = [:]
        for part in html.components(separatedBy: "<div class=\"swatch entry\"").dropFirst() {
            let tag = part.prefix { $0 != ">" }
            guard let id = attribute("id", in: tag), id.hasPrefix("token-"),
                let dimensions = attribute("data-dimensions", in: tag),
                let values = attribute("data-values", in: tag)
            else { continue }
            let decoded = try JSONSerialization.jsonObject(with: Data(values.utf8)) as? [[String]]
            swatches[anchored(id.dropFirst("token-".count))] = Swatch(
                dimensions: try JSONSerialization.jsonObject(with: Data(dimensions.utf8)) as? [String] ?? [],
                values: decoded ?? [])
        }
        return (menus, swatches)
    }

    /// The contexts walked: each mode alone, then combinations of every menu, spread evenly,
    /// up to ``contextLimit`` — as chosen (non-default modes) by dimension.
    static func contexts(_ menus: [Menu]) -> [[String: String]] {
        var singles: [[String: String]] = [[:]]
        for menu in menus {
            for mode in menu.modes where mode != menu.defaultMode { singles.append([menu.dimension: mode]) }
        }
        // The combinations by number (one digit per menu, its mode's index), spread evenly
        // and decoded one by one: a theme of many dimensions has more than memory holds.
        let total = menus.reduce(1.0) { $0 * Double($1.modes.count) }
        let room = max(0, contextLimit - singles.count)
        var combined: [[String: String]] = []
        var seen: Set<[String: String]> = []
        for step in 0..<(room * 4) where combined.count < room {
            var number = (Double(step) + 0.5) * total / Double(room * 4)
            var chosen: [String: String] = [:]
            for menu in menus {
                let count = Double(menu.modes.count)
                let mode = menu.modes[Int(number.truncatingRemainder(dividingBy: count))]
                number = (number / count).rounded(.down)
                if mode != menu.defaultMode { chosen[menu.dimension] = mode }
            }
            if chosen.count > 1, seen.insert(chosen).inserted { combined.append(chosen) }
        }
        return singles + combined
    }

    /// A resolved color as the site writes it, `#RRGGBBAA`, for an sRGB color; `nil` otherwise
    /// (another space's `hex` is the file's fallback, which the site does not draw: it
    /// converts the components, as the Swift package does).
    static func hex(_ value: JSON?) -> String? {
        guard let value, value["colorSpace"]?.string == "srgb",
            let components = value["components"]?.array?.compactMap(\.number), components.count == 3,
            components.allSatisfy({ (0...1).contains($0) })
        else { return nil }
        return "#"
            + (components + [value["alpha"]?.number ?? 1]).map { String(format: "%02X", Int(($0 * 255).rounded())) }
            .joined()
    }

    @Test(
        .enabled(
            if: RealTokenCorpusTests.present,
            "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func everyCorpusContextHasOneAnswer() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("agreement.db")
        var report: [String] = []
        for (name, arguments) in try CorpusSwiftExportTests.trees() {
            let add = try RealTokenCorpusTests.run(
                ["theme", "add"] + arguments + ["--name", name, "--version", "1.0.0"], db: db)
            try #require(add.status == 0, "\(name): \(add.stderr)")
            let site = directory.path("site-\(name)")
            let docs = try RealTokenCorpusTests.run(
                ["export", "docs", "--format", "html", "--theme", name, "-o", site], db: db)
            try #require(docs.status == 0, "\(name): \(docs.stderr)")
            let html =
                try [String(contentsOfFile: "\(site)/themes/\(name).html", encoding: .utf8)]
                + Self.sections(in: "\(site)/themes", theme: name)
            let (menus, swatches) = try Self.page(html.joined(separator: "\n"))
            guard !menus.isEmpty else { continue }
            let contexts = Self.contexts(menus)
            var compared = 0
            var asked: [(path: String, modes: [String], value: JSON?)] = []
            for chosen in contexts {
                let modes = menus.map { chosen[$0.dimension] ?? $0.defaultMode }
                let shown = try RealTokenCorpusTests.run(
                    ["theme", "show", name, "--resolved", "--json"] + modes.flatMap { ["--mode", $0] }, db: db)
                try #require(shown.status == 0, "\(name) \(modes): \(shown.stderr)")
                let tokens = try JSONParser.parse(shown.stdout, file: "theme show")["tokens"]?.array ?? []
                let values = Dictionary(
                    tokens.compactMap { token in token["path"]?.string.map { ($0, token["value"]) } },
                    uniquingKeysWith: { first, _ in first })
                for (path, swatch) in swatches.sorted(by: { $0.key < $1.key }) {
                    let value = values[path] ?? nil
                    guard let expected = Self.hex(value) ?? (value == nil ? "—" : nil) else { continue }
                    let fill = swatch.fill(chosen).uppercased()
                    #expect(
                        fill == expected.uppercased(),
                        "\(name) \(path) in \(modes): site \(fill), theme show \(expected)")
                    compared += 1
                }
                // MCP: the first varying swatches in this context.
                for path in swatches.keys.sorted().prefix(3) {
                    asked.append((path, modes, values[path] ?? nil))
                }
            }
            var lines = [
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#
            ]
            for (index, question) in asked.enumerated() {
                let modes = JSON.array(question.modes.map { .string($0) }).serialized()
                lines.append(
                    #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{"name":"get_token","arguments":{"path":\#(JSON.string(question.path).serialized()),"theme":"\#(name)","mode":\#(modes)}}}"#
                )
            }
            let served = try CatalogProcess.run(
                ["--db", db, "mcp"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: 300)
            #expect(served.status == 0, "\(served.stderr)")
            var replies: [String: JSON] = [:]
            for line in served.stdout.split(separator: "\n") {
                let reply = try JSONParser.parse(String(line), file: "reply")
                if let id = reply["id"]?.number { replies["\(Int(id))"] = reply }
            }
            for (index, question) in asked.enumerated() {
                let answer = replies["\(index + 1)"]?["result"]?["structuredContent"]?["value"]
                let given = answer == .null ? nil : answer
                #expect(
                    given == question.value,
                    "\(name) \(question.path) in \(question.modes): MCP \(String(describing: given))")
            }
            report.append("\(name): \(contexts.count) contexts, \(compared) swatch values, \(asked.count) get_token")
        }
        print(report.joined(separator: "\n"))
        #expect(report.count >= 6, "\(report)")
    }
}
