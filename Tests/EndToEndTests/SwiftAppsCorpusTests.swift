import CatalogModel
import Foundation
import TestSupport
import Testing

/// Real app code as its teams wrote it (`../shared/corpus/swift-apps`, never copied into
/// the project), scanned and linted by the built binary as a new user would — each app
/// folder its own project in a catalog with the seeds — and compared with the labels its
/// README describes: Button sites found and their styles, the app's own token uses found
/// (and nothing else recorded in the labelled files), and lint findings judged true or
/// false. The figures print; the test holds them at the bars issue 84 set.
@Suite(.serialized) struct SwiftAppsCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "../../shared/corpus/swift-apps").standardized

    static var present: Bool {
        ExternalTool.isCI || FileManager.default.fileExists(atPath: corpus.appending(path: "README.md").path)
    }

    /// A tab-separated label file as rows of named columns.
    static func rows(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: corpus.appending(path: name), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = lines.removeFirst()
        return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0 + Array(repeating: "", count: 20))) }
    }

    /// One catalog with the seeds and every app scanned as its own project.
    static func scanned(_ directory: TemporaryDirectory) throws -> (db: String, apps: [String]) {
        try #require(
            FileManager.default.fileExists(atPath: corpus.appending(path: "README.md").path),
            "the Swift apps corpus is missing at \(corpus.path)")
        let db = directory.path("apps.db")
        _ = try CatalogProcess.run(["--db", db, "seed", "-q"])
        let apps = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
            $0.contains("+") && !$0.contains(".")
        }.sorted()
        for app in apps {
            let scan = try CatalogProcess.run(
                ["--db", db, "-q", "usage", "scan", app, "--project", project(app)], directory: corpus, timeout: 300)
            #expect(scan.status == 0, "\(app): \(scan.stderr)")
        }
        return (db, apps)
    }

    static func project(_ app: String) -> String { app.replacingOccurrences(of: "+", with: "__") }

    static func json(_ text: String) throws -> JSON { try JSONParser.parse(text, file: "stdout") }

    @Test(.enabled(if: present, "../shared/corpus/swift-apps is absent (it comes with ../shared beside the project)"))
    func buttonsTokensAndLintAgreeWithTheLabels() throws {
        let directory = try TemporaryDirectory()
        let (db, apps) = try Self.scanned(directory)

        // Buttons: every labelled site found, its styles the labelled ones, nothing else.
        var sites: [String: [JSON]] = [:]
        for app in apps {
            let run = try CatalogProcess.run(
                ["--db", db, "usage", "Button", "--project", Self.project(app), "--json"])
            for site in try Self.json(run.stdout)["callSites"]?.array ?? [] {
                let key = "\(site["file"]?.string ?? ""):\(Int(site["line"]?.number ?? 0))"
                sites[key, default: []].append(site)
            }
        }
        let buttons = try Self.rows("truth-buttons.tsv")
        let labelledPlaces = Set(buttons.map { "\($0["file"]!):\($0["line"]!)" })
        let labelledFiles = Set(buttons.map { $0["file"]! })
        var found = 0
        var right = 0
        var scored = 0
        var misses: [String] = []
        for row in buttons {
            let place = "\(row["file"]!):\(row["line"]!)"
            guard let records = sites[place] else {
                misses.append("not found: \(place)")
                continue
            }
            found += 1
            guard row["effective_style"] != "context" else { continue }
            scored += 1
            if Self.styleMatches(row["effective_style"]!, records, abstaining: row["unknown_ok"] == "yes") {
                right += 1
            } else {
                misses.append("style: \(place) \(row["effective_style"]!) ≠ \(records.map(Self.style))")
            }
        }
        let extra = sites.keys.filter { key in
            !labelledPlaces.contains(key) && labelledFiles.contains(String(key[..<key.lastIndex(of: ":")!]))
        }.sorted()

        // Tokens: each labelled use recorded at its line, naming the token (its last part).
        let tokenRun = try CatalogProcess.run(["--db", db, "usage", "--app-tokens", "--json"])
        let uses = try Self.json(tokenRun.stdout).array ?? []
        var usesByPlace: [String: [String]] = [:]
        for use in uses {
            usesByPlace["\(use["file"]?.string ?? ""):\(Int(use["line"]?.number ?? 0))", default: []].append(
                use["token"]?.string ?? "")
        }
        let tokenRows = try Self.rows("truth-tokens.tsv")
        let turnSix = Set(try Self.rows("sources.tsv").filter { $0["round"] == "turn6" }.map { $0["file"]! })
        var tokensFound = 0
        var tokenMisses: [String] = []
        for row in tokenRows {
            let place = "\(row["file"]!):\(row["line"]!)"
            let wanted = Self.lastPart(String(row["names"]!.split(separator: ":", maxSplits: 1).last ?? ""))
            if let index = usesByPlace[place]?.firstIndex(where: { Self.lastPart($0) == wanted }) {
                usesByPlace[place]!.remove(at: index)
                tokensFound += 1
            } else {
                tokenMisses.append("\(place) \(row["expression"]!) (\(row["kind"]!))")
            }
        }
        let recordedInLabelled = uses.filter { turnSix.contains($0["file"]?.string ?? "") }.count
        let falseUses = usesByPlace.filter { turnSix.contains(String($0.key[..<$0.key.lastIndex(of: ":")!])) }
            .flatMap { key, tokens in tokens.map { "\(key) \($0)" } }.sorted()

        // Lint: judged findings, a repeated one (same rule, place and message) counted false.
        var verdicts: [String: String] = [:]
        for row in try Self.rows("lint-verdicts.tsv") {
            verdicts["\(row["rule"]!) \(row["file"]!):\(row["line"]!)"] = row["verdict"]
        }
        var findings = 0
        var falseFindings: [String] = []
        var seen: Set<String> = []
        for app in apps {
            let run = try CatalogProcess.run(
                ["--db", db, "lint", app, "--json", "--error-on", "never"], directory: Self.corpus, timeout: 300)
            #expect(run.status == 0, "\(app): \(run.stderr)")
            for finding in try Self.json(run.stdout).array ?? [] {
                findings += 1
                let key =
                    "\(finding["rule"]?.string ?? "") \(finding["file"]?.string ?? ""):\(Int(finding["line"]?.number ?? 0))"
                if !seen.insert(key + " " + (finding["message"]?.string ?? "")).inserted || verdicts[key] == "false" {
                    falseFindings.append(key + ": " + (finding["message"]?.string ?? ""))
                }
            }
        }

        let percent = { (part: Int, whole: Int) in whole == 0 ? 0 : Double(part) / Double(whole) * 100 }
        print(
            """
            swift-apps: buttons found \(found)/\(buttons.count) (\(percent(found, buttons.count))%), \
            style right \(right)/\(scored) (\(percent(right, scored))%), records at unlabelled places \(extra.count); \
            token uses found \(tokensFound)/\(tokenRows.count) (\(percent(tokensFound, tokenRows.count))%), \
            precision \(recordedInLabelled - falseUses.count)/\(recordedInLabelled); \
            lint findings \(findings), false \(falseFindings.count) (\(percent(falseFindings.count, findings))%)
            """)
        for line in misses + extra.map({ "unlabelled record: \($0)" }) + tokenMisses.map({ "token missed: \($0)" })
            + falseUses.map({ "token not labelled: \($0)" }) + falseFindings.map({ "false finding: \($0)" })
        {
            print("  " + line)
        }
        #expect(percent(found, buttons.count) >= 99, "\(misses)")
        #expect(percent(right, scored) >= 97, "\(misses)")
        #expect(extra.isEmpty, "\(extra)")
        #expect(percent(tokensFound, tokenRows.count) >= 90, "\(tokenMisses)")
        #expect(
            recordedInLabelled > 0 && Double(recordedInLabelled - falseUses.count) / Double(recordedInLabelled) >= 0.98,
            "\(falseUses)")
        #expect(percent(falseFindings.count, findings) <= 3, "\(falseFindings)")
    }

    /// `Color.latte` → `latte`, `asset:Background_DarkBlue` → `Background_DarkBlue`: the
    /// name after the last `/` or `.`.
    static func lastPart(_ name: String) -> String {
        let bare = name.hasPrefix("asset:") ? String(name.dropFirst(6)) : name
        return String(bare.split(whereSeparator: { $0 == "/" || $0 == "." }).last ?? Substring(bare))
    }

    /// A record's style as the labels write it: a SwiftUI style's name, `custom:Type`
    /// (or its member), `dynamic(a|b)`, `unknown`.
    static func style(_ site: JSON) -> String {
        if site["unknownBecause"]?.string != nil { return "unknown" }
        if site["dynamic"]?.bool == true {
            return "dynamic(" + (site["choices"]?.array ?? []).compactMap(\.string).sorted().joined(separator: "|")
                + ")"
        }
        guard let option = site["option"]?.string else { return "unknown" }
        if site["spec"]?.string == "Button", swiftUIStyles.contains(option) { return option }
        return "custom:" + option + (site["member"]?.string.map { "(.\($0))" } ?? "")
    }

    static let swiftUIStyles: Set<String> = [
        "automatic", "bordered", "borderedProminent", "borderless", "plain", "link", "glass", "glassProminent",
        "card", "accessoryBar", "accessoryBarAction",
    ]

    /// Whether one labelled style (`custom:BlurButtonStyle(.secondaryBlur)`) is a recorded
    /// one: the same SwiftUI style, or a custom style by its type or its member.
    static func same(_ label: String, _ recorded: String) -> Bool {
        if label == recorded { return true }
        guard label.hasPrefix("custom:"), recorded.hasPrefix("custom:") || !recorded.contains(":") else { return false }
        let names = { (text: String) -> Set<String> in
            let bare = text.hasPrefix("custom:") ? String(text.dropFirst(7)) : text
            return Set(bare.split(whereSeparator: { "(.)".contains($0) }).map(String.init))
        }
        return !names(label).isDisjoint(with: names(recorded))
    }

    /// Whether `records` give the labelled style: the same set of styles over the
    /// branches, a dynamic record choosing among the labelled ones, or an honest "unknown"
    /// where the label allows it.
    static func styleMatches(_ label: String, _ records: [JSON], abstaining: Bool) -> Bool {
        let got = Set(records.map(style))
        if abstaining, got == ["unknown"] { return true }
        if label.hasPrefix("dynamic("), label.hasSuffix(")") {
            let wanted = label.dropFirst(8).dropLast().split(separator: "|").map(String.init)
            return records.contains { record in
                guard record["dynamic"]?.bool == true else { return false }
                let choices = (record["choices"]?.array ?? []).compactMap(\.string)
                return choices.count == wanted.count
                    && wanted.allSatisfy { want in choices.contains { same(want, $0) } }
            }
        }
        let wanted = label.split(separator: "|").map(String.init)
        return wanted.allSatisfy { want in got.contains { same(want, $0) } }
            && got.allSatisfy { have in wanted.contains { same($0, have) } }
    }
}
