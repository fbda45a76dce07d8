import Foundation

/// Tools some tests use that a fresh machine may not have (`sqldiff`, `chromium`). A test
/// that needs one runs where it is installed; elsewhere it is skipped with the line that
/// installs it — except under CI (`CI=true`), where a missing tool is a failure.
public enum ExternalTool {
    /// Whether this run is CI's (`CI=true`), where every tool must be present.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The tool's absolute path on PATH (or in /usr/bin), or `nil`.
    public static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (directories + ["/usr/bin", "/usr/local/bin"]).map { "\($0)/\(name)" }
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Whether a test needing `names` (any one of them) should run: the tool is there, or CI
    /// requires it and the test will fail saying so.
    public static func shouldRun(_ names: String...) -> Bool {
        isCI || names.contains { path($0) != nil }
    }

    /// Runs `arguments` (a command found on PATH, then its arguments) to its end: the exit
    /// status, and standard output and error together.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
