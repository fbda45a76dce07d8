import CatalogModel
import CatalogOperations
import CatalogUsage
import Foundation

/// `catalog lint --format sarif`: the findings as a SARIF 2.1.0 log, the format code-scanning
/// views read (GitHub's upload-sarif, GitLab's, Azure's): one run of the tool `catalog`,
/// every rule with what it asks (its help), each finding a result at its file, line and
/// column (paths relative to the project's root, `%SRCROOT%`), with a fingerprint that
/// survives lines moving.
enum LintSARIF {
    /// The SARIF log of `report`.
    static func log(_ report: LintReport) -> JSON {
        let index = Dictionary(report.rules.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        let rules: [JSON] = report.rules.map { rule in
            .object([
                ("id", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.help))])),
                ("help", .object([("text", .string(rule.help))])),
                ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ])
        }
        let results: [JSON] = report.findings.map { finding, fingerprint in
            var members: [(String, JSON)] = [
                ("ruleId", .string(finding.rule)),
                ("level", .string(level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "physicalLocation",
                                .object([
                                    (
                                        "artifactLocation",
                                        .object([
                                            ("uri", .string(uri(finding.site.file))),
                                            ("uriBaseId", .string("%SRCROOT%")),
                                        ])
                                    ),
                                    (
                                        "region",
                                        .object([
                                            ("startLine", .number(Double(max(finding.site.line, 1)))),
                                            ("startColumn", .number(Double(max(finding.site.column, 1)))),
                                        ])
                                    ),
                                ])
                            )
                        ])
                    ])
                ),
                ("partialFingerprints", .object([("catalogLint/v1", .string(fingerprint))])),
            ]
            if let position = index[finding.rule] { members.insert(("ruleIndex", .number(Double(position))), at: 1) }
            return .object(members)
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("catalog")), ("version", .string(CatalogCLI.version)),
                                        ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
    }

    /// SARIF's level for a severity.
    static func level(_ severity: UsageRule.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference: each component percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ";", "?", "#"]))
                ?? String($0)
        }.joined(separator: "/")
    }
}
