import Foundation

/// What to measure and with what.
struct Options {
    var scales = [10_000, 100_000, 1_000_000]
    var runs = 3
    var treeMegabytes = 55
    var styleCounts = [1_000, 10_000]
    var specs = 1_000
    /// Spectrum-shaped folders to import: (tokens, files).
    var intakeSizes = [(2_500, 90), (25_000, 900)]
    /// Tokens in the theme with three dimensions of three modes.
    var dimensionTokens = 100_000
    /// The groups of measurements to run (``groups``); all when `nil`.
    var only: Set<String>?
    var json = "catalog-bench.json"
    var catalog = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("catalog").path

    /// The subset `.ci/run` uses: every operation, small inputs, one run.
    mutating func quick() {
        scales = [10_000]
        runs = 1
        treeMegabytes = 5
        styleCounts = [1_000]
        specs = 100
        intakeSizes = [(2_500, 90)]
        dimensionTokens = 10_000
    }

    /// The groups `--only` chooses from, in the table's order: `tokens` (themes at each
    /// scale, MCP latency, docs), `documents` (styles and specs), `intake` (Spectrum-shaped
    /// folders), `dimensions` (three dimensions of modes), `corpus` (the real trees),
    /// `usage` (scans of a Swift tree).
    static let groups = ["tokens", "documents", "intake", "dimensions", "corpus", "usage"]

    /// Whether the measurements of `group` run.
    func runs(_ group: String) -> Bool { only?.contains(group) ?? true }

    /// The absolute path of `name` on PATH, or a failure naming the package to install.
    static func tool(_ name: String, package: String) -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        Measure.fail("\(name) is not on PATH (apt-get install \(package))")
    }
}
