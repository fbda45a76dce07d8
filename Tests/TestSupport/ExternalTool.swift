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
}
