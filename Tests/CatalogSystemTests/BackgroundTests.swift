import CatalogSystem
import Foundation
import Testing

/// Work on a thread of its own: its result taken once, and a value let go untaken waits for
/// its thread rather than leaving it running past its owner.
@Suite struct BackgroundTests {
    @Test func theResultIsTheWorksAndIsTakenOnce() {
        let pending = Background { (1...1_000).reduce(0, +) }
        #expect(pending.take() == 500_500)
    }

    @Test func workLetGoIsWaitedFor() {
        let finished = Finished()
        do {
            _ = Background {
                Thread.sleep(forTimeInterval: 0.05)
                finished.mark()
            }
        }
        #expect(finished.isMarked, "the value's end waited for its thread")
    }

    /// A flag one thread sets and another reads.
    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var marked = false

        func mark() { lock.withLock { marked = true } }
        var isMarked: Bool { lock.withLock { marked } }
    }

    /// Counts down by recursion, a frame per step.
    static func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }

    @Test func deepRecursionHasTheStackItNeeds() {
        let work = Background { Self.depth(200_000) }
        #expect(work.take() == 200_000)
    }
}
