import CatalogModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MCP's stdio transport: messages read a line at a time from one file descriptor and
/// replies written a line at a time to another, nothing else on it. One thread reads
/// (hearing cancellations as they arrive, refusing lines over the limit unread), another
/// answers in order; at most ``queueLimit`` lines wait between them, so a client that
/// pipelines ten thousand requests is read only as fast as they are answered. The end of
/// input ends the server once every request read is answered.
public enum MCPStdio {
    /// The most lines read ahead of the one being answered.
    public static let queueLimit = 256

    /// Serves `session` on `input` and `output` until the input ends or the output is
    /// closed. Returns the reason it stopped when that was a failure (`nil` at the end of
    /// input).
    public static func serve(
        _ session: MCPSession, cancellations: MCPCancellations, input: Int32 = 0, output: Int32 = 1
    ) -> String? {
        signal(SIGPIPE, SIG_IGN)  // a client gone is a write error, not the end of the process
        let queue = LineQueue(limit: queueLimit)
        let reader = Thread {
            var lines = LineReader(limit: MCPSession.maximumMessageBytes)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                for line in lines.feed(Data(buffer[0..<count])) { queue.push(note(line, cancellations)) }
            }
            if let last = lines.finish() { queue.push(note(last, cancellations)) }
            queue.close()
        }
        reader.stackSize = 1 << 20
        reader.start()
        while let line = queue.pop() {
            let reply: String?
            switch line {
            case .text(let data): reply = session.reply(to: data)
            case .tooLong(let bytes):
                reply = MCPSession.error(
                    id: .null,
                    MCPProtocolError(
                        MCPProtocolError.invalidRequest,
                        "a message of \(bytes) bytes is over the limit of \(MCPSession.maximumMessageBytes); it was not read"
                    ))
            }
            guard let reply else { continue }
            if !send(reply + "\n", to: output) {
                return "the client closed the output: \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }

    /// The line, with a cancellation in it noted at once (before the requests queued
    /// ahead of it are answered).
    private static func note(_ line: LineReader.Line, _ cancellations: MCPCancellations) -> LineReader.Line {
        if case .text(let data) = line, data.range(of: Data("notifications/cancelled".utf8)) != nil,
            let message = try? JSONParser.parse(data, file: "message"),
            message["method"]?.string == "notifications/cancelled",
            let id = message["params"]?["requestId"], MCPSession.isValidID(id)
        {
            cancellations.cancel(id)
        }
        return line
    }

    private static func send(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

/// A bounded queue of lines between the reading thread and the answering one.
private final class LineQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [LineReader.Line] = []
    private var head = 0
    private var closed = false
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func push(_ line: LineReader.Line) {
        condition.lock()
        defer { condition.unlock() }
        while lines.count - head >= limit { condition.wait() }
        lines.append(line)
        condition.broadcast()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func pop() -> LineReader.Line? {
        condition.lock()
        defer { condition.unlock() }
        while head == lines.count && !closed { condition.wait() }
        guard head < lines.count else { return nil }
        let line = lines[head]
        head += 1
        if head > 1024 {
            lines.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return line
    }
}
