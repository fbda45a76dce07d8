import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run with `posix_spawn`, its standard output read through a pipe as it comes
/// and its end waited for with `waitpid`. Foundation's `Process` polls for the child's end
/// every 50 ms and closes every open descriptor by listing `/proc/self/fd` before it execs:
/// together a fixed 60 ms on every `usage scan`, more than a whole rescan of a small tree.
public enum ChildProcess {
    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (the toolchain's parser out of stack: SIGSEGV).
        case signalled(Int32)
    }

    /// Runs `executable` with `arguments`, standard input from /dev/null, standard error
    /// appended to the file `errors` (which must exist), and hands its standard output to
    /// `output` chunk by chunk until the child closes it; then waits for the child's end.
    /// Descriptors of this process are not inherited (those it opens are close-on-exec),
    /// and the environment is this process's.
    public static func run(
        _ executable: String, arguments: [String], errors: String, output: (Data) -> Void
    ) throws -> Ending {
        // The pipe is made close-on-exec and the child spawned under one lock, so that a
        // child another thread spawns meanwhile cannot inherit its write end (and hold the
        // reader's end of file back until it ends).
        spawning.lock()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            spawning.unlock()
            throw failure("cannot make a pipe for", executable)
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_APPEND, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        spawning.unlock()
        guard spawned == 0 else {
            close(ends[0])
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(spawned)))"
                ])
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output(Data(buffer[0..<count]))
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw failure("cannot wait for", executable) }
        }
        return (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// Held while a pipe is made and its child spawned.
    private static let spawning = NSLock()

    /// An error saying what could not be done for `executable`, with the system's reason.
    private static func failure(_ what: String, _ executable: String) -> Error {
        CocoaError(
            .fileReadUnknown,
            userInfo: [NSLocalizedDescriptionKey: "\(what) \(executable): \(String(cString: strerror(errno)))"])
    }
}
