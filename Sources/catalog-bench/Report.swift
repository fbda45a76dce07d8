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
