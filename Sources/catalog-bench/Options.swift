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

    /// The absolute path of `name` on PATH, or a failure naming the package to install.
    static func tool(_ name: String, package: String) -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        Measure.fail("\(name) is not on PATH (apt-get install \(package))")
    }
}
