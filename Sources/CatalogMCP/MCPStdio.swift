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
/// pipelines ten thousand requests is read only as fast as they are answered. Tool calls
/// and resource reads, which may take long, run beside the rest on worker sessions (each
/// its own service, free for one call at a time), so that a slow one never holds up the
/// answer to the next request; their replies are written as they finish, as JSON-RPC
/// allows. The end of input ends the server once every request read is answered.
public enum MCPStdio {
    /// The most lines read ahead of the one being answered.
    public static let queueLimit = 256

    /// Serves `session` on `input` and `output` until the input ends or the output is
    /// closed. Returns the reason it stopped when that was a failure (`nil` at the end of
    /// input).
    ///
    /// `workers` answer `tools/call` and `resources/read` beside `session`, which answers
    /// everything else (and those too when there is no worker).
    public static func serve(
        _ session: MCPSession, workers: [MCPSession] = [], cancellations: MCPCancellations, input: Int32 = 0,
        output: Int32 = 1
    ) -> String? {
        signal(SIGPIPE, SIG_IGN)  // a client gone is a write error, not the end of the process
        let queue = BoundedQueue<LineReader.Line>(limit: queueLimit)
        let writer = ReplyWriter(output)
        let long = BoundedQueue<(id: JSON, data: Data)>(limit: queueLimit)
        let running = DispatchGroup()
        let calls = RunningCalls()
        cancellations.whenCancelled = { calls.interrupt($0) }
        defer { cancellations.whenCancelled = nil }
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
        // Each worker takes the next long call when it is free: the answering loop hands
        // them over without waiting, so a ping is answered while every worker is busy.
        for worker in workers {
            running.enter()
            let thread = Thread {
                while let (id, data) = long.pop() {
                    calls.start(id, on: worker)
                    let reply = worker.reply(to: data)
                    calls.end(id)
                    if let reply { writer.send(reply + "\n") }
                }
                running.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        while let line = queue.pop(), writer.failure == nil {
            let reply: String?
            switch line {
            case .text(let data) where !workers.isEmpty:
                guard let id = Self.longRequestID(data) else {
                    reply = session.reply(to: data)
                    break
                }
                long.push((id, data))
                continue
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
            writer.send(reply + "\n")
        }
        long.close()
        running.wait()
        return writer.failure
    }

    /// The id of `line` when it is a request that may take long (a tool call or a
    /// resource read), else `nil`.
    static func longRequestID(_ line: Data) -> JSON? {
        guard line.range(of: Data("tools/call".utf8)) != nil || line.range(of: Data("resources/read".utf8)) != nil,
            let message = try? JSONParser.parse(line, file: "message"), let id = message["id"],
            MCPSession.isValidID(id), let method = message["method"]?.string,
            method == "tools/call" || method == "resources/read"
        else { return nil }
        return id
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

}

/// Writes whole reply lines to one descriptor, one at a time, from any thread; the first
/// failure is kept and later replies are dropped.
private final class ReplyWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let descriptor: Int32
    private var failed: String?

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Why writing stopped (the client closed the output), if it did.
    var failure: String? { lock.withLock { failed } }

    func send(_ text: String) {
        lock.withLock {
            guard failed == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    failed = "the client closed the output: \(String(cString: strerror(errno)))"
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}

/// The calls running on worker sessions, by request id: a cancellation that arrives while
/// one runs stops it (``MCPSession/interrupt()``), under the same lock that ends it, so a
/// session is never stopped in a call of another request.
private final class RunningCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [String: MCPSession] = [:]

    func start(_ id: JSON, on session: MCPSession) {
        lock.withLock { sessions[id.serialized()] = session }
    }

    func end(_ id: JSON) {
        lock.withLock { _ = sessions.removeValue(forKey: id.serialized()) }
    }

    func interrupt(_ id: JSON) {
        lock.withLock { sessions[id.serialized()]?.interrupt() }
    }
}

/// A first-in first-out queue between threads: pushing waits while `limit` items wait
/// already (a client flooding the server is held back, not read without bound), popping
/// waits for an item; once closed, the items left are still popped, then `nil`. The
/// reading thread hands lines to the answering one through one, the answering thread long
/// calls to the workers through another.
private final class BoundedQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var closed = false
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func push(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= limit { condition.wait() }
        items.append(item)
        condition.broadcast()
    }

    /// No more items: those waiting are still popped.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for one; `nil` once closed and empty.
    func pop() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count && !closed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head > 1024 {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }
}
