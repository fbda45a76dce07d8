import Foundation

/// One line of the benchmark's table.
struct Result: Encodable {
    var operation: String
    var scale: String
    var seconds: Double
    var peakMegabytes: Double
    var baseline: String
    var baselineSeconds: Double?
    var ratio: Double? { baselineSeconds.map { $0 > 0 ? seconds / $0 : 0 } }

    enum CodingKeys: String, CodingKey {
        case operation, scale, seconds, peakMegabytes, baseline, baselineSeconds, ratio
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(operation, forKey: .operation)
        try container.encode(scale, forKey: .scale)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(peakMegabytes, forKey: .peakMegabytes)
        try container.encode(baseline, forKey: .baseline)
        try container.encodeIfPresent(baselineSeconds, forKey: .baselineSeconds)
        try container.encodeIfPresent(ratio, forKey: .ratio)
    }
}

/// The table (Markdown, so that it pastes into the README) and the JSON file.
enum Report {
    static func table(_ results: [Result]) -> String {
        var lines = [
            "| operation | scale | median | peak memory | baseline | baseline median | ratio |",
            "|---|---|---:|---:|---|---:|---:|",
        ]
        for result in results {
            let baselineTime = result.baselineSeconds.map(format) ?? "–"
            let ratio = result.ratio.map { String(format: $0 < 0.1 ? "%.3f" : "%.2f", $0) } ?? "–"
            lines.append(
                "| \(result.operation) | \(result.scale) | \(format(result.seconds)) | "
                    + "\(String(format: "%.0f MB", result.peakMegabytes)) | \(result.baseline) | \(baselineTime) | \(ratio) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// One of the targets (the single-dimension theme's, and the 3×3-mode theme's): a ratio bound or a
    /// memory bound on the results of one operation at the scales it names.
    struct Target {
        var name: String
        var operation: String
        var baseline: String?
        var scales: [String]
        var maxRatio: Double?
        var maxMegabytes: [String: Double] = [:]
    }

    static let targets = [
        Target(
            name: "1. republish, 100 changed", operation: "theme add (100 changed)",
            baseline: "sqlite3 parsing the file + same rows", scales: ["10k tokens", "100k tokens", "1M tokens"],
            maxRatio: 3),
        Target(
            name: "2. import", operation: "theme add (import)", baseline: "sqlite3 shell, same rows",
            scales: ["10k tokens", "100k tokens", "1M tokens"], maxRatio: 2,
            maxMegabytes: ["100k tokens": 100, "1M tokens": 600]),
        Target(
            name: "3. style and spec publishing", operation: "seed --dir (publish)", baseline: nil,
            scales: ["1k styles", "10k styles"], maxRatio: 3),
        Target(
            name: "4. start-up: style show", operation: "style show", baseline: nil, scales: ["tokens"], maxRatio: 2),
        Target(
            name: "4. start-up: theme list", operation: "theme list", baseline: nil, scales: ["tokens"], maxRatio: 2),
        Target(name: "4. start-up: spec show", operation: "spec show", baseline: nil, scales: ["tokens"], maxRatio: 2),
        Target(
            name: "6. docs memory", operation: "export docs --format", baseline: nil, scales: ["1M tokens"],
            maxRatio: nil, maxMegabytes: ["1M tokens": 500]),
        Target(
            name: "7. 3×3 modes: import", operation: "theme add (import, 3×3 modes)",
            baseline: "sqlite3 shell, same rows", scales: ["10k tokens", "100k tokens"], maxRatio: 2,
            maxMegabytes: ["100k tokens": 100]),
        Target(
            name: "7. 3×3 modes: republish, 100 changed", operation: "theme add (100 changed, 3×3 modes)",
            baseline: "sqlite3 parsing the files + same rows", scales: ["10k tokens", "100k tokens"], maxRatio: 3),
    ]

    /// Where each target landed: one line per measured result it covers, with the bound
    /// and whether it is met. Target 5 (apply at 1M within 3× of 10k) compares two rows.
    static func targetTable(_ results: [Result]) -> String {
        var lines = ["| target | scale | measured | bound | met |", "|---|---|---:|---:|---|"]
        for target in targets {
            for result in results
            where result.operation.hasPrefix(target.operation)
                && (target.baseline == nil || result.baseline == target.baseline)
                && target.scales.contains(where: { result.scale.contains($0) })
            {
                // Several operations under one target (the docs formats) are told apart.
                let name =
                    result.operation == target.operation ? target.name : "\(target.name): \(result.operation)"
                if let bound = target.maxRatio, let ratio = result.ratio {
                    lines.append(
                        "| \(name) | \(result.scale) | ×\(String(format: "%.2f", ratio)) | ×\(Int(bound)) | "
                            + "\(ratio <= bound ? "yes" : "no") |")
                }
                if let limit = target.maxMegabytes.first(where: { result.scale.contains($0.key) })?.value {
                    lines.append(
                        "| \(name)\(target.maxRatio == nil ? "" : " (memory)") | \(result.scale) | \(String(format: "%.0f MB", result.peakMegabytes)) | "
                            + "\(Int(limit)) MB | \(result.peakMegabytes <= limit ? "yes" : "no") |")
                }
            }
        }
        let applies = results.filter { $0.operation == "apply (100 changes)" }
        if let small = applies.first(where: { $0.scale == "10k tokens" }), let large = applies.last,
            large.scale != small.scale
        {
            let ratio = large.seconds / small.seconds
            lines.append(
                "| 5. apply, 100 changes, vs 10k | \(large.scale) | ×\(String(format: "%.2f", ratio)) | ×3 | "
                    + "\(ratio <= 3 ? "yes" : "no") |")
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func write(_ results: [Result], machine: String, to path: String) throws {
        struct Document: Encodable {
            var format = "catalog.bench/1"
            var machine: String
            var results: [Result]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Document(machine: machine, results: results)).write(to: URL(fileURLWithPath: path))
    }
}
