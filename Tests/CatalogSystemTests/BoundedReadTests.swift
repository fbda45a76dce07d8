import Foundation
import TestSupport
import Testing

@testable import CatalogSystem

/// Reading a file whole: a regular file straight into a buffer of its size, a stream by
/// chunks, neither past the limit.
@Suite struct BoundedReadTests {
    func read(_ path: String, limit: Int) throws(BoundedRead.Failure) -> Data {
        let descriptor = open(path, O_RDONLY)
        precondition(descriptor >= 0)
        defer { close(descriptor) }
        return try BoundedRead.all(descriptor, limit: limit)
    }

    @Test func aRegularFileIsReadExactly() throws {
        let directory = try TemporaryDirectory()
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: directory.path("big.bin")))
        #expect(try read(directory.path("big.bin"), limit: 1 << 20) == bytes)
        try Data().write(to: URL(fileURLWithPath: directory.path("empty.bin")))
        #expect(try read(directory.path("empty.bin"), limit: 10) == Data())
        // At the limit exactly it is read; a byte more is refused.
        #expect(try read(directory.path("big.bin"), limit: bytes.count) == bytes)
        #expect(throws: BoundedRead.Failure.tooLarge(limit: bytes.count - 1)) {
            try read(directory.path("big.bin"), limit: bytes.count - 1)
        }
    }

    @Test func aStreamIsReadToItsEndWithinTheLimit() throws {
        #expect(throws: BoundedRead.Failure.tooLarge(limit: 3 << 20)) { try read("/dev/zero", limit: 3 << 20) }
    }
}
