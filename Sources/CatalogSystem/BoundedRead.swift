import Foundation

/// Reads a file descriptor to its end without trusting it to end: Foundation's
/// `readDataToEndOfFile` traps on a read error and reads `/dev/zero` until memory runs out.
public enum BoundedRead {
    /// Why a read stopped short.
    public enum Failure: Error, Equatable {
        /// `read(2)` failed with this `errno`.
        case system(Int32)
        /// The descriptor gave more than the limit.
        case tooLarge(limit: Int)
    }

    /// Everything `descriptor` gives, up to `limit` bytes; more is a failure.
    public static func all(_ descriptor: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        // A regular file says its size: read straight into a buffer of that size and a
        // byte more, to see it end (growing a 60 MB buffer 64 KB at a time copied it over
        // and over; reading through a chunk copied it once more). The size is a hint, not
        // trusted: a file that grew is read on, and the limit holds.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            status.st_size < limit, case let capacity = Int(status.st_size) + 1, let buffer = malloc(capacity)
        {
            var size = 0
            while size < capacity {
                let count = Foundation.read(descriptor, buffer + size, capacity - size)
                if count < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    free(buffer)
                    throw .system(code)
                }
                if count == 0 { break }
                size += count
            }
            data = Data(bytesNoCopy: buffer, count: size, deallocator: .free)
            if size < capacity { return data }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw .tooLarge(limit: limit) }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// The bytes of the regular file at `path`, up to `limit`; `nil` when there is none,
    /// it is something else (a FIFO is opened without waiting and not read), it cannot be
    /// read, or it is larger: for files a command only looks at when present (a package
    /// manifest beside scanned sources).
    public static func regularFile(atPath path: String, limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? all(descriptor, limit: limit)
    }
}
