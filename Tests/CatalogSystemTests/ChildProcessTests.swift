import CatalogSystem
import Foundation
import Testing

/// A child program run with posix_spawn: its output read as it comes, its end (status or
/// signal) as waitpid says, its errors in the file named, standard input empty.
@Suite struct ChildProcessTests {
    /// An empty file for the child's standard error, removed afterwards by the caller.
    func errorsFile() throws -> String {
        let path = NSTemporaryDirectory() + "child-process-\(UInt64.random(in: 0...UInt64.max)).err"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        return path
    }

    @Test func outputStatusAndErrorsAreTheChilds() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var output = Data()
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "printf 'one\\ntwo'; echo oops >&2; exit 3"], errors: errors
        ) { output.append($0) }
        #expect(ending == .exited(3))
        #expect(String(decoding: output, as: UTF8.self) == "one\ntwo")
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "oops\n")
    }

    @Test func aChildThatSaidAllIsNotWaitedFor() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var output = ""
        // It says its process id and "done", then stays: heard all, it is left to end alone.
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "echo $$; echo done; exec sleep 30"], errors: errors,
            heardAll: { output.hasSuffix("done\n") }, output: { output += String(decoding: $0, as: UTF8.self) })
        #expect(ending == .heard)
        let pid = try #require(pid_t(output.split(separator: "\n").first ?? ""))
        #expect(kill(pid, 0) == 0)
        // Ended, it is reaped on the thread left waiting for it: no zombie stays.
        #expect(kill(pid, SIGKILL) == 0)
        var gone = false
        for _ in 0..<500 where !gone {
            gone = kill(pid, 0) != 0
            if !gone { usleep(10_000) }
        }
        #expect(gone)
    }

    @Test func aStopperKillsTheChildFromAnotherThread() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let stopper = ChildProcess.Stopper()
        var output = ""
        // It says it started, then would run for ten minutes; the stop comes once it spoke.
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "echo started; exec sleep 600"], errors: errors, stopper: stopper,
            output: { chunk in
                output += String(decoding: chunk, as: UTF8.self)
                if output == "started\n" { Thread.detachNewThread { stopper.stop() } }
            })
        #expect(ending == .signalled(SIGKILL))
        #expect(output == "started\n")
        // With no child running, a stop does nothing.
        stopper.stop()
        #expect(
            try ChildProcess.run("/bin/sh", arguments: ["-c", "exit 0"], errors: errors, stopper: stopper) { _ in }
                == .exited(0))
    }

    @Test func aLargeOutputComesWhole() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var count = 0
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "head -c 1000000 /dev/zero"], errors: errors
        ) { count += $0.count }
        #expect(ending == .exited(0))
        #expect(count == 1_000_000)
    }

    @Test func aSignalIsReportedAsOne() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let ending = try ChildProcess.run("/bin/sh", arguments: ["-c", "kill -SEGV $$"], errors: errors) { _ in }
        #expect(ending == .signalled(SIGSEGV))
    }

    @Test func standardInputIsEmpty() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var output = Data()
        let ending = try ChildProcess.run("/bin/sh", arguments: ["-c", "wc -c"], errors: errors) { output.append($0) }
        #expect(ending == .exited(0))
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aMissingProgramIsAnError() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        #expect(throws: (any Error).self) {
            try ChildProcess.run("/no/such/program", arguments: [], errors: errors) { _ in }
        }
    }

    @Test func inputIsWrittenWhileTheChildStarts() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var output = Data()
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "tr a-z A-Z"], errors: errors,
            input: { ChildProcess.writeAll(Data("the plan\n".utf8), to: $0) }, output: { output.append($0) })
        #expect(ending == .exited(0))
        #expect(String(decoding: output, as: UTF8.self) == "THE PLAN\n")
    }

    @Test func inputCanStopTheChildOrFailForIt() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var heard = Data()
        // Not needed: killed before it is heard, and waited for.
        let stopped = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "exec sleep 30"], errors: errors, input: { _ in false },
            output: { heard.append($0) })
        #expect(stopped == .stopped)
        #expect(heard.isEmpty)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try ChildProcess.run(
                "/bin/sh", arguments: ["-c", "exec sleep 30"], errors: errors, input: { _ in throw Refused() },
                output: { _ in })
        }
    }

    @Test func writingToAChildGoneIsFalseNotTheEndOfThisProcess() throws {
        let errors = try errorsFile()
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var wrote: Bool?
        let ending = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "exec 0<&-; exit 4"], errors: errors,
            input: { descriptor in
                usleep(200_000)  // the child has closed its end and exited
                wrote = ChildProcess.writeAll(Data(repeating: 65, count: 1 << 20), to: descriptor)
                return true
            }, output: { _ in })
        #expect(ending == .exited(4))
        #expect(wrote == false)
    }
}
