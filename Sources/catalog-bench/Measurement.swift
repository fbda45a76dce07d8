import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One timed run of a child process: wall time and the child's peak resident memory.
struct ProcessRun {
    var seconds: Double
    var peakMegabytes: Double
    var status: Int32
}

/// Runs programs and in-process work and measures them.
enum Measure {
    /// GNU time, which measures a program's peak resident memory.
    static let time = Options.tool("time", package: "time")

    /// Runs `arguments[0]` (a path) with the rest as arguments, standard input from
    /// `input` (or /dev/null) and standard output to `output` (or /dev/null). Fails the
    /// benchmark when the program fails, since a failed run measures nothing.
    static func run(_ arguments: [String], input: String? = nil, output: String? = nil, allowFailure: Bool = false)
        -> ProcessRun
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(getpid()).err").path
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Through GNU time, which forks the program and reports its peak memory: posix_spawn's
        // child shares this process's memory until it execs, and Linux counts this process's
        // peak as that child's, so wait4's figure would be ours, not the program's.
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(getpid()).rss")
            .path
        let argv = ([time, "-f", "%M", "-o", peakFile] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, time, &actions, nil, argv, environ)
        guard spawned == 0 else { fail("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        if exitStatus != 0 && !allowFailure {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            fail("`\(arguments.joined(separator: " "))` exited \(exitStatus):\n\(message.prefix(2_000))")
        }
        let report = (try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? ""
        let kilobytes = report.split(separator: "\n").compactMap { Double($0) }.last ?? 0
        return ProcessRun(seconds: seconds, peakMegabytes: kilobytes / 1024, status: exitStatus)
    }

    /// The median time and the highest peak memory of `runs` runs; `prepare` runs
    /// before each (untimed), for work that a run consumes (a fresh database copy).
    static func median(runs: Int, prepare: () -> Void = {}, measure body: () -> ProcessRun) -> ProcessRun {
        var samples: [ProcessRun] = []
        for _ in 0..<max(runs, 1) {
            prepare()
            samples.append(body())
        }
        let times = samples.map(\.seconds).sorted()
        return ProcessRun(
            seconds: times[times.count / 2], peakMegabytes: samples.map(\.peakMegabytes).max() ?? 0, status: 0)
    }

    /// Times in-process work (the bare SwiftParser baseline), median of `runs`.
    static func inProcess(runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("catalog-bench: \(message)\n".utf8))
        exit(1)
    }
}
