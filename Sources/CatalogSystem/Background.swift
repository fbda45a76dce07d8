import Foundation

/// Work done on a thread of its own while the caller does other work: the files' digest
/// while they are scanned, the scan while the state it is compared with is read. Let go,
/// it waits for its thread: the process must not end under it (the crypto library's exit
/// handlers free what a digest is computed with, which crashed a dry run now and then).
public final class Background<Value: Sendable>: Sendable {
    private let outcome = Outcome()

    /// Starts `work` on a new thread (with a large stack: the work may recurse by nesting).
    public init(_ work: @escaping @Sendable () -> Value) {
        let outcome = outcome
        let thread = Thread {
            outcome.result = work()
            outcome.done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
    }

    deinit { outcome.done.wait() }

    /// The result, waiting for it; taken out, so that it is not held here (call it once).
    public func take() -> Value {
        outcome.done.wait()
        defer { outcome.done.signal() }
        let value = outcome.result!
        outcome.result = nil
        return value
    }

    /// The thread's result, written once before `done` is signalled and read only after.
    private final class Outcome: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Value?
    }
}
