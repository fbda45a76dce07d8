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

    /// A relative path as a URI reference (RFC 3986 §4.2): each byte outside a path
    /// segment's plain characters percent-encoded, `:` included, so that a first folder
    /// named `c:dir` is not read as a scheme. A file name that is not UTF-8 is recorded with
    /// its bytes as `\xNN` (``SwiftSourceFiles/displayName(_:)``): those are the file's
    /// bytes, encoded as themselves (`%E9`), so that the URI names the file.
    static func uri(_ path: String) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,=@/".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = Array(path.utf8)
        // `\xNN` (NN ≥ 80, as the scanner writes a byte that is not UTF-8) back to its byte.
        var index = 0
        var raw: [UInt8] = []
        raw.reserveCapacity(bytes.count)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
                let high = hex.firstIndex(of: bytes[index + 2]), let low = hex.firstIndex(of: bytes[index + 3]),
                high >= 8
            {
                raw.append(UInt8(high * 16 + low))
                index += 4
            } else {
                raw.append(bytes[index])
                index += 1
            }
        }
        bytes = []
        for byte in raw {
            if plain.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
