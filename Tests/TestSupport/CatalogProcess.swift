import Foundation

/// Runs the built `catalog` executable as a child process, for end-to-end tests.
public enum CatalogProcess {
    /// What a run printed and returned.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output.
        public let stdout: String
        /// Standard error.
        public let stderr: String
        /// Whether the run was killed for outlasting its time limit.
        public var timedOut = false
    }

    /// The built binary: `$CATALOG_BINARY`, else `catalog` beside the test runner.
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["CATALOG_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // On macOS the runner sits inside an .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
            || directory.lastPathComponent == "Contents"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appending(path: "catalog")
    }

    /// Runs `catalog arguments…` with `environment` added to a minimal environment
    /// (no `CATALOG_DB`, `NO_COLOR` unset unless given), in `directory`, feeding `stdin`;
    /// killed (and marked ``Result/timedOut``) after `timeout` seconds. An import that
    /// succeeds is followed by `catalog check` unless `checked` is false. With `launcher`,
    /// that program runs instead, with the same arguments (a shell that prepares the
    /// working folder, then `exec`s `catalog`).
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil, stdin: Data? = nil,
        timeout: TimeInterval? = nil, checked: Bool = true, launcher: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = launcher.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["CATALOG_DB"] = nil
        base["NO_COLOR"] = nil
        process.environment = base.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        // Output goes to files, so that neither stream can fill a pipe and block the child.
        let scratch = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.path("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.path("err"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.path("in"), contents: stdin ?? Data())
        let output = try FileHandle(forWritingTo: scratch.url.appending(path: "out"))
        let errors = try FileHandle(forWritingTo: scratch.url.appending(path: "err"))
        let input = try FileHandle(forReadingFrom: scratch.url.appending(path: "in"))
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        let killer = timeout.map { seconds in
            let work = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
            return work
        }
        process.waitUntilExit()
        killer?.cancel()
        try output.close()
        try errors.close()
        try input.close()
        let outputData = FileManager.default.contents(atPath: scratch.path("out")) ?? Data()
        let errorData = FileManager.default.contents(atPath: scratch.path("err")) ?? Data()
        var result = Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
        result.timedOut = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        // Every import a test makes must leave a sound catalog: a publication and its kept
        // state can never disagree. A `check` that fails turns the import's success into
        // a failure that says why.
        if checked, result.status == 0, let database = importedDatabase(arguments) {
            let check = try run(["--db", database, "check"], environment: environment, directory: directory)
            if check.status != 0 {
                result = Result(
                    status: 70, stdout: result.stdout,
                    stderr: result.stderr + "\n[CatalogProcess] catalog check failed right after this import:\n"
                        + check.stdout + check.stderr)
            }
        }
        return result
    }

    /// The database a `theme add`, `add-style`, `spec add` or `apply` (not a dry run)
    /// writes, when the arguments name it with `--db`.
    private static func importedDatabase(_ arguments: [String]) -> String? {
        let writes =
            arguments.contains("apply") || arguments.contains("add-style")
            || zip(arguments, arguments.dropFirst()).contains { $0 == ("theme", "add") || $0 == ("spec", "add") }
        guard writes, !arguments.contains("--dry-run") else { return nil }
        if let index = arguments.firstIndex(of: "--db"), index + 1 < arguments.count { return arguments[index + 1] }
        return arguments.first { $0.hasPrefix("--db=") }.map { String($0.dropFirst(5)) }
    }
}
