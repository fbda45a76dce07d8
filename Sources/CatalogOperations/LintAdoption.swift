import CatalogModel
import CatalogStore
import CatalogSystem
import CatalogUsage
import Foundation

/// What a team needs to adopt `catalog lint` on code that already breaks its rules:
/// suppression comments in the code, with a rule id and a reason, and a baseline file of
/// accepted findings, so that only new findings fail a build.
///
/// A suppression is a line comment, as SwiftLint's and ESLint's are:
///
///     // catalog-lint: ignore catalog-unknown-style -- the legacy screen, until 2.0
///     Button("Pay") { }.buttonStyle(.legacy)  // catalog-lint: ignore catalog-unknown-style -- same
///     // catalog-lint: ignore-file catalog-deprecated -- migrated in APP-123
///
/// `ignore` on a line of its own covers the next line, at the end of a line that line;
/// `ignore-file` the whole file. Rules are comma-separated ids. The reason, after `--`, is
/// required: a suppression without one (or naming no rule) is itself a finding
/// (``LintAdoption/suppressionRule``) and suppresses nothing.
public enum LintAdoption {
    /// The rule for a suppression comment that cannot be applied.
    public static let suppressionRule = "catalog-suppression"
    /// The comment's marker.
    static let marker = "catalog-lint:"

    /// A suppression read from a comment.
    struct Suppression {
        enum Scope {
            case line(Int)
            case file
        }
        var scope: Scope
        var rules: Set<String>
    }

    /// The suppressions in `text` (lines numbered from 1, at LF, CRLF or CR as the parser
    /// numbers them), and the findings for those that cannot be applied, placed at their
    /// comments in `file`. Only line comments count: a string or a block comment holding the
    /// marker suppresses nothing.
    static func suppressions(in text: String, file: String) -> ([Suppression], [Linter.Finding]) {
        var found: [Suppression] = []
        var problems: [Linter.Finding] = []
        let bytes = Array(text.utf8)
        let comments = bytes.withUnsafeBufferPointer { SwiftLexer.lineComments(in: $0) }
        // Line starts, to number each comment's line and see what comes before it.
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D {
            if byte == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { continue }
            lineStarts.append(offset + 1)
        }
        for range in comments {
            let line = String(decoding: bytes[range], as: UTF8.self)
            guard let mark = line.range(of: marker) else { continue }
            // The last line start at or before the comment.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
            }
            let number = low + 1
            let before = bytes[lineStarts[low]..<range.lowerBound]
            let codeBefore = before.contains { $0 != 0x20 && $0 != 0x09 }
            let rest = line[mark.upperBound...].trimmingCharacters(in: .whitespaces)
            let (head, reason) =
                rest.range(of: "--").map {
                    (rest[..<$0.lowerBound], rest[$0.upperBound...].trimmingCharacters(in: .whitespaces))
                } ?? (Substring(rest), "")
            let words = head.split(whereSeparator: \.isWhitespace)
            let column = before.count + 1
            func problem(_ message: String) {
                problems.append(
                    Linter.Finding(
                        site: UsageSite(file: file, line: number, column: column, component: ""), severity: .warning,
                        message: message, rule: suppressionRule))
            }
            guard let verb = words.first, ["ignore", "ignore-file"].contains(String(verb)) else {
                problem(
                    "\(NameRules.quoted(String(words.first ?? ""))) is not a suppression: write // catalog-lint: ignore RULE -- reason, or ignore-file"
                )
                continue
            }
            let rules = Set(words.dropFirst().flatMap { $0.split(separator: ",") }.map(String.init))
            guard !rules.isEmpty else {
                problem("the suppression names no rule: write // catalog-lint: \(verb) RULE -- reason")
                continue
            }
            guard !reason.isEmpty else {
                problem(
                    "the suppression of \(rules.sorted().joined(separator: ", ")) gives no reason: add one after --, as // catalog-lint: \(verb) \(rules.sorted().joined(separator: ",")) -- why"
                )
                continue
            }
            let scope: Suppression.Scope = verb == "ignore-file" ? .file : .line(codeBefore ? number : number + 1)
            found.append(Suppression(scope: scope, rules: rules))
        }
        return (found, problems)
    }

    /// `findings` without those suppressed in their files' text (`text(file)`, `nil` for a
    /// file that cannot be read, whose findings stand), with the findings of suppressions
    /// that cannot be applied; and how many were suppressed.
    public static func applySuppressions(
        to findings: [Linter.Finding], text: (String) -> String?
    ) -> (findings: [Linter.Finding], suppressed: Int) {
        var kept: [Linter.Finding] = []
        var suppressed = 0
        for (file, inFile) in Dictionary(grouping: findings, by: \.site.file).sorted(by: { $0.key < $1.key }) {
            guard let source = text(file), source.contains(marker) else {
                kept += inFile
                continue
            }
            let (suppressions, problems) = Self.suppressions(in: source, file: file)
            for finding in inFile {
                let covered = suppressions.contains { suppression in
                    guard suppression.rules.contains(finding.rule) else { return false }
                    switch suppression.scope {
                    case .file: return true
                    case .line(let line): return line == finding.site.line
                    }
                }
                if covered { suppressed += 1 } else { kept.append(finding) }
            }
            kept += problems
        }
        return (kept, suppressed)
    }

    /// A finding's identity across edits that move it: its rule, file, message and the
    /// text of its line (trimmed), not its line number.
    public static func fingerprint(_ finding: Linter.Finding, lineText: String?) -> String {
        let line = lineText?.trimmingCharacters(in: .whitespaces) ?? ""
        return String(
            SHA256.hex(Data([finding.rule, finding.site.file, finding.message, line].joined(separator: "\n").utf8))
                .prefix(32))
    }
}

/// Accepted findings, kept in a file beside the code (`catalog lint --write-baseline`):
/// `catalog lint --baseline FILE` reports and fails only on the others.
public struct LintBaseline: Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Sendable, Equatable {
        public var rule: String
        public var file: String
        public var message: String
        /// ``LintAdoption/fingerprint(_:lineText:)``.
        public var fingerprint: String
    }

    /// The accepted findings, sorted by file, rule and fingerprint.
    public var entries: [Entry]

    /// A baseline of `findings`, with their fingerprints.
    public init(_ findings: [(finding: Linter.Finding, fingerprint: String)]) {
        entries = findings.map {
            Entry(
                rule: $0.finding.rule, file: $0.finding.site.file, message: $0.finding.message,
                fingerprint: $0.fingerprint)
        }
        .sorted { ($0.file, $0.rule, $0.fingerprint) < ($1.file, $1.rule, $1.fingerprint) }
    }

    /// The baseline file's text: JSON, one finding an entry.
    public func serialized() -> String {
        JSON.object([
            ("version", .number(1)),
            (
                "findings",
                .array(
                    entries.map {
                        .object([
                            ("file", .string($0.file)), ("rule", .string($0.rule)), ("message", .string($0.message)),
                            ("fingerprint", .string($0.fingerprint)),
                        ])
                    })
            ),
        ]).serialized(pretty: true) + "\n"
    }

    /// The baseline in `data`, read from `file`; throws naming the place of what is wrong.
    public init(data: Data, file: String) throws {
        let json = try JSONParser.parse(data, file: file)
        guard json["version"]?.number == 1, let findings = json["findings"]?.array else {
            throw DocumentError(
                file: file, message: "not a catalog lint baseline (expected {\"version\": 1, \"findings\": […]})")
        }
        entries = try findings.enumerated().map { index, entry in
            guard let rule = entry["rule"]?.string, let file = entry["file"]?.string,
                let fingerprint = entry["fingerprint"]?.string
            else {
                throw DocumentError(
                    file: file, location: entry.location, path: "$.findings[\(index)]",
                    message: "a baseline finding needs \"file\", \"rule\" and \"fingerprint\"")
            }
            return Entry(rule: rule, file: file, message: entry["message"]?.string ?? "", fingerprint: fingerprint)
        }
    }

    /// Splits `findings` into new ones and those the baseline accepts (each entry accepts
    /// one finding: a second copy of an accepted line is new).
    public func split(_ findings: [(finding: Linter.Finding, fingerprint: String)]) -> (
        new: [(finding: Linter.Finding, fingerprint: String)], accepted: Int
    ) {
        var remaining = Dictionary(entries.map { ($0.fingerprint, 1) }, uniquingKeysWith: +)
        var new: [(finding: Linter.Finding, fingerprint: String)] = []
        var accepted = 0
        for found in findings {
            if let count = remaining[found.fingerprint], count > 0 {
                remaining[found.fingerprint] = count - 1
                accepted += 1
            } else {
                new.append(found)
            }
        }
        return (new, accepted)
    }
}

/// What `catalog lint` reports: the findings left after suppressions and the baseline.
public struct LintReport: Sendable {
    /// The findings to report, with their fingerprints.
    public var findings: [(finding: Linter.Finding, fingerprint: String)]
    /// How many findings suppression comments covered.
    public var suppressed: Int
    /// How many findings the baseline accepted.
    public var baselined: Int
    /// Every rule that can be reported, with its severity and what it asks (SARIF's rules).
    public var rules: [(id: String, severity: UsageRule.Severity, help: String)]
}

extension Catalog {
    /// `catalog lint`: the stored scan's findings (`project`'s, or every project's), less
    /// those the code suppresses and those `baseline` accepts. Files are read from their
    /// project's root for the suppressions and the fingerprints.
    public func lintReport(project: String?, platforms: [DeploymentTarget]?, baseline: LintBaseline?) throws
        -> LintReport
    {
        try repository.read {
            var findings = try UsageReport.lint(project: project, platforms: platforms, in: repository)
            let roots = try repository.usageRoots(project: project)
            let texts = Self.sourceTexts(of: Set(findings.map(\.site.file)), under: roots)
            // A file changed since its scan: its stored places no longer match its text (nor
            // its suppressions), so it is refused rather than linted half old, half new.
            let stale = Self.changedSinceScanned(try repository.scannedStamps(project: project), under: roots)
            if !stale.isEmpty {
                findings =
                    findings.filter { !stale.contains($0.site.file) }
                    + stale.sorted().map { file in
                        Linter.Finding(
                            site: UsageSite(file: file, line: 1, column: 1, component: ""), severity: .error,
                            message:
                                "the file changed since it was scanned: its findings are not reported; rescan it (catalog usage scan) and lint again",
                            rule: Linter.staleScanRule)
                    }
            }
            return Self.report(findings, baseline: baseline, texts: texts, rules: try lintRules())
        }
    }

    /// The scanned files whose bytes differ from what their scan read: those whose size or
    /// time differs are read and their hash compared (a file touched but not edited is not
    /// stale); a file gone, or under none of `roots`, is left to the next scan.
    static func changedSinceScanned(
        _ stamps: [(path: String, hash: String, size: Int, modified: Int64)], under roots: [String]
    ) -> Set<String> {
        var changed: Set<String> = []
        for stamp in stamps where !stamp.hash.isEmpty {
            guard
                let (found, now) = roots.lazy.compactMap({ root -> (String, (size: Int, modified: Int64))? in
                    let path = (root as NSString).appendingPathComponent(stamp.path)
                    return SwiftSourceFiles.stamp(atPath: path).map { (path, $0) }
                }).first
            else { continue }
            if now.size == stamp.size, now.modified == stamp.modified { continue }
            guard let data = try? DocumentFiles.read(found).data, SHA256.hex(data) != stamp.hash else { continue }
            changed.insert(stamp.path)
        }
        return changed
    }

    /// The text of each of `files` (paths relative to a project's root), read from the
    /// first of `roots` that has it; a file none has is left out (its findings stand as found).
    static func sourceTexts(of files: Set<String>, under roots: [String]) -> [String: String] {
        var texts: [String: String] = [:]
        for file in files {
            texts[file] = roots.lazy.compactMap { root in
                try? DocumentFiles.read((root as NSString).appendingPathComponent(file)).data
            }.first.map { String(decoding: $0, as: UTF8.self) }
        }
        return texts
    }

    /// `findings` through the suppressions in their files' `texts` and `baseline`.
    static func report(
        _ findings: [Linter.Finding], baseline: LintBaseline?, texts: [String: String],
        rules: [(id: String, severity: UsageRule.Severity, help: String)]
    ) -> LintReport {
        let (kept, suppressed) = LintAdoption.applySuppressions(to: findings) { texts[$0] }
        // Each file split into lines once, however many findings it has.
        var lines: [String: [String]] = [:]
        let printed = kept.map { finding in
            let file = finding.site.file
            if lines[file] == nil, let text = texts[file] {
                lines[file] = SwiftLexer.lines(of: text)
            }
            let line = lines[file].flatMap { lines in
                finding.site.line >= 1 && finding.site.line <= lines.count ? lines[finding.site.line - 1] : nil
            }
            return (finding, LintAdoption.fingerprint(finding, lineText: line))
        }
        guard let baseline else {
            return LintReport(findings: printed, suppressed: suppressed, baselined: 0, rules: rules)
        }
        let (new, accepted) = baseline.split(printed)
        return LintReport(findings: new, suppressed: suppressed, baselined: accepted, rules: rules)
    }

    /// Every rule lint can report: the specs' own and the catalog's.
    func lintRules() throws -> [(id: String, severity: UsageRule.Severity, help: String)] {
        var rules: [String: (UsageRule.Severity, String)] = [:]
        for spec in try repository.latestSpecs() {
            for rule in spec.rules { rules[rule.id] = (rule.severity, rule.description) }
        }
        for (id, fix) in Linter.catalogRuleFixes { rules[id] = (.warning, fix) }
        rules[LintAdoption.suppressionRule] = (
            .warning,
            "Name the rules a suppression covers and say why after --: // catalog-lint: ignore RULE -- reason."
        )
        return rules.sorted { $0.key < $1.key }.map { ($0.key, $0.value.0, $0.value.1) }
    }
}
