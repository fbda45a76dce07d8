import Foundation

/// Splits a byte stream into lines (MCP's stdio framing: one message a line) without
/// holding more than ``limit`` bytes of one line: a longer line is reported by its
/// length and skipped, never kept, so a 100 MB line costs no 100 MB.
public struct LineReader {
    /// A line, or the size of one that was too long to keep.
    public enum Line: Equatable, Sendable {
        case text(Data)
        case tooLong(bytes: Int)
    }

    /// The longest line kept, in bytes.
    public let limit: Int
    private var pending = Data()
    private var skipped: Int?

    public init(limit: Int) {
        self.limit = limit
    }

    /// The lines `bytes` completes.
    public mutating func feed(_ bytes: Data) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                take(bytes[start...])
                break
            }
            take(bytes[start..<newline])
            lines.append(finishLine())
            start = newline + 1
        }
        return lines
    }

    /// The last line, when the stream ended without a newline.
    public mutating func finish() -> Line? {
        guard !pending.isEmpty || skipped != nil else { return nil }
        return finishLine()
    }

    private mutating func take(_ part: Data) {
        if let count = skipped {
            skipped = count + part.count
        } else if pending.count + part.count > limit {
            skipped = pending.count + part.count
            pending = Data()
        } else {
            pending.append(part)
        }
    }

    private mutating func finishLine() -> Line {
        defer {
            pending = Data()
            skipped = nil
        }
        if let skipped { return .tooLong(bytes: skipped) }
        return .text(pending)
    }
}
