import Foundation

/// `catalog-scan`, the helper `usage scan` runs, which is built only where the toolchain's
/// SwiftParser is (see Package.swift). Tests that scan Swift run where it is built, and
/// elsewhere are skipped saying why — except under CI, where its absence is a failure.
public enum ScanHelper {
    /// Whether `catalog-scan` is built beside the running tests (and `catalog`).
    public static var isBuilt: Bool {
        guard let directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else {
            return false
        }
        return FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("catalog-scan").path)
    }

    /// Whether a test that scans Swift should run: the helper is built, or CI requires it.
    public static var shouldRun: Bool { ExternalTool.isCI || isBuilt }

    /// Why such a test is skipped.
    public static let missing =
        "catalog-scan is not built: the toolchain's SwiftParser was not found (set CATALOG_SWIFT_HOST_LIBS to <toolchain>/usr/lib/swift/host)"
}
