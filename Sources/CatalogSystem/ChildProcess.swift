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
        /// The caller's `input` stopped it before it was heard (it was not needed).
        case stopped
        /// It said all it had to say (the caller's `heardAll`): its end was not waited for.
        case heard
    }

    /// Runs `executable` with `arguments`, standard error appended to the file `errors`
    /// (which must exist), and hands its standard output to `output` chunk by chunk until
    /// the child closes it; then waits for the child's end. Standard input is /dev/null,
    /// or, with `input`, a pipe that `input` writes to while the child starts (what the
    /// child is to do, worked out meanwhile); it is closed after. `input` returning false
    /// stops the child (killed, waited for: ``Ending/stopped``), as does `input` throwing,
    /// whose error is thrown. `heardAll`, asked after each chunk, returning true ends the
    /// reading there (``Ending/heard``): the child's exit, a few milliseconds of tearing
    /// down what it loaded, is waited for on another thread while the caller goes on.
    /// Descriptors of this process are not inherited (those it opens are close-on-exec),
    /// and the environment is this process's.
    /// With `stopper`, the child can be killed from another thread while it runs
    /// (``Stopper/stop()``: a call its client cancelled); it then ends as signalled.
    public static func run(
        _ executable: String, arguments: [String], errors: String, input: ((Int32) throws -> Bool)? = nil,
        heardAll: () -> Bool = { false }, stopper: Stopper? = nil, output: (Data) -> Void
    ) throws -> Ending {
        // The pipes are made close-on-exec and the child spawned under one lock, so that a
        // child another thread spawns meanwhile cannot inherit a write end (and hold the
        // reader's end of file back until it ends).
        spawning.lock()
        var ends: [Int32] = [-1, -1]
        var inputEnds: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            spawning.unlock()
            throw failure("cannot make a pipe for", executable)
        }
        guard input == nil || pipe(&inputEnds) == 0 else {
            close(ends[0])
            close(ends[1])
            spawning.unlock()
            throw failure("cannot make a pipe for", executable)
        }
        for end in ends + inputEnds where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_APPEND, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        if input != nil { close(inputEnds[0]) }
        spawning.unlock()
        guard spawned == 0 else {
            close(ends[0])
            if input != nil { close(inputEnds[1]) }
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(spawned)))"
                ])
        }
        stopper?.started(pid)
        if let input {
            let going: Bool
            do {
                going = try input(inputEnds[1])
            } catch {
                close(inputEnds[1])
                stopper?.ended()
                stop(pid, reading: ends[0])
                throw error
            }
            close(inputEnds[1])
            if !going {
                stopper?.ended()
                stop(pid, reading: ends[0])
                return .stopped
            }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output(Data(buffer[0..<count]))
            if heardAll() {
                close(ends[0])
                stopper?.ended()
                let child = pid
                Thread.detachNewThread { reap(child) }
                return .heard
            }
        }
        close(ends[0])
        stopper?.ended()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw failure("cannot wait for", executable) }
        }
        return (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// Writes all of `data` to `descriptor` (a pipe to a child); false when the child is
    /// gone (its end closed: the write fails, and SIGPIPE, blocked meanwhile, is taken
    /// back rather than ending this process) or the write fails otherwise.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var written = 0
        let complete = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        if !complete, errno == EPIPE {
            // The SIGPIPE the failed write raised is pending on this thread: taken here.
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        return complete
    }

    /// Kills the child `pid` the caller no longer needs, closes `descriptor` (its output),
    /// and waits for its end.
    private static func stop(_ pid: pid_t, reading descriptor: Int32) {
        kill(pid, SIGKILL)
        close(descriptor)
        reap(pid)
    }

    /// Waits for the child `pid`'s end, so that it leaves no zombie.
    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The child a caller runs now, killed on request from another thread: a long call a
    /// client cancelled (`catalog mcp`'s `lint_swift`) must not leave its parser running,
    /// gigabytes and seconds, nor keep the server's exit waiting for it.
    public final class Stopper: @unchecked Sendable {
        private let lock = NSLock()
        private var running: pid_t?

        /// A stopper with no child yet.
        public init() {}

        /// Kills the child running now, if one is; its run ends as signalled (SIGKILL).
        public func stop() {
            lock.withLock {
                if let running { kill(running, SIGKILL) }
            }
        }

        fileprivate func started(_ pid: pid_t) { lock.withLock { running = pid } }

        // Cleared before the child is reaped, so that a stop never names a reused pid.
        fileprivate func ended() { lock.withLock { running = nil } }
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
