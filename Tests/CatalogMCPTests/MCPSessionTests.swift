import CatalogMCP
import CatalogModel
import Foundation
import Testing

/// A service with one tool, `echo`, and one resource, for the protocol layer alone.
private final class EchoService: MCPService {
    var calls = 0
    let tools = [
        MCPTool(
            name: "echo", title: "Echo", description: "Says the text back.",
            inputSchema: JSONParserShortcut.parse(
                #"{"type":"object","properties":{"text":{"type":"string","maxLength":10},"times":{"type":"integer","minimum":1,"maximum":3}},"required":["text"],"additionalProperties":false}"#
            ),
            outputSchema: JSONParserShortcut.parse(#"{"type":"object"}"#))
    ]

    func call(tool: String, arguments: JSON) throws -> MCPToolResult {
        calls += 1
        let text = arguments["text"]?.string ?? ""
        if text == "fail" { throw EchoFailure() }
        return MCPToolResult(text: text, structured: .object([("text", .string(text))]))
    }

    func resources() throws -> [MCPResource] {
        [MCPResource(uri: "catalog://index", name: "index", description: "The index", mimeType: "text/markdown")]
    }

    func read(resource uri: String) throws -> MCPResourceContents? {
        uri == "catalog://index" ? MCPResourceContents(uri: uri, mimeType: "text/markdown", text: "# Index") : nil
    }
}

private struct EchoFailure: Error, CustomStringConvertible {
    var description: String { "no component fail; did you mean DFButton?" }
}

/// A service whose one tool runs until it is interrupted (or 20 s pass).
private final class StoppableService: MCPService, @unchecked Sendable {
    let stopped = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var interruptions = 0
    var interrupted: Int { lock.withLock { interruptions } }

    let tools = [
        MCPTool(
            name: "wait", title: "Wait", description: "Runs until interrupted.",
            inputSchema: JSONParserShortcut.parse(#"{"type":"object"}"#),
            outputSchema: JSONParserShortcut.parse(#"{"type":"object"}"#))
    ]

    func call(tool: String, arguments: JSON) throws -> MCPToolResult {
        let ended = stopped.wait(timeout: .now() + 20) == .success
        return MCPToolResult(text: ended ? "interrupted" : "ran out", structured: .object([]))
    }

    func interrupt() {
        lock.withLock { interruptions += 1 }
        stopped.signal()
    }

    func resources() throws -> [MCPResource] { [] }
    func read(resource uri: String) throws -> MCPResourceContents? { nil }
}

enum JSONParserShortcut {
    static func parse(_ text: String) -> JSON { try! JSONParser.parse(text, file: "test") }
}

@Suite struct MCPSessionTests {
    private func session() -> (MCPSession, EchoService) {
        let service = EchoService()
        return (
            MCPSession(
                service: service, name: "catalog", title: "Catalog", version: "0.1.0", instructions: "Buttons.",
                describe: { "\($0)" }), service
        )
    }

    private func reply(_ session: MCPSession, _ line: String) -> JSON? {
        session.reply(to: Data(line.utf8)).map(JSONParserShortcut.parse)
    }

    @Test func initializeNegotiatesTheVersion() throws {
        let (session, _) = session()
        let known = try #require(
            reply(
                session,
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
            ))
        #expect(known["id"]?.number == 1)
        #expect(known["result"]?["protocolVersion"]?.string == "2025-06-18")
        #expect(known["result"]?["serverInfo"]?["name"]?.string == "catalog")
        #expect(known["result"]?["capabilities"]?["tools"] != nil)
        #expect(known["result"]?["instructions"]?.string == "Buttons.")
        #expect(session.reply(to: Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)) == nil)
        #expect(session.clientInitialized)

        let (other, _) = self.session()
        let unknown = try #require(
            reply(other, #"{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"2099-01-01"}}"#)
        )
        #expect(unknown["id"]?.string == "a")
        #expect(unknown["result"]?["protocolVersion"]?.string == "2025-11-25")
    }

    @Test func malformedAndUnknownAreJSONRPCErrorsAndTheSessionGoesOn() throws {
        let (session, _) = session()
        let cases: [(String, Int)] = [
            ("{not json", -32700), ("[1,", -32700), ("42", -32600), (#"{"id":1,"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":2,"method":"no/such"}"#, -32601),
            (#"{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{}}"#, -32601),
            (#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope"}}"#, -32602),
            (
                #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"text":5}}}"#,
                -32602
            ),
            (#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#, -32602),
            (
                #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a","x":1}}}"#,
                -32602
            ),
            (
                #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a","times":9}}}"#,
                -32602
            ),
            (
                #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{"text":"abcdefghijk"}}}"#,
                -32602
            ),
            (#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":[]}"#, -32602),
            (#"{"jsonrpc":"2.0","id":10,"method":"resources/read","params":{"uri":"catalog://nope"}}"#, -32002),
            (#"[{"jsonrpc":"2.0","id":11,"method":"ping"}]"#, -32600),
            (String(repeating: "[", count: 100_000), -32700),
        ]
        for (line, code) in cases {
            let answer = try #require(reply(session, line), "\(line.prefix(80))")
            #expect(answer["error"]?["code"]?.number == Double(code), "\(line.prefix(80)): \(answer.serialized())")
        }
        let pong = try #require(reply(session, #"{"jsonrpc":"2.0","id":99,"method":"ping"}"#))
        #expect(pong["result"]?.object?.isEmpty == true)
    }

    @Test func toolsAreListedAndCalledAndFailuresAreResults() throws {
        let (session, service) = session()
        let list = try #require(reply(session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#))
        let tool = try #require(list["result"]?["tools"]?.array?.first)
        #expect(tool["name"]?.string == "echo")
        #expect(tool["annotations"]?["readOnlyHint"]?.bool == true)
        #expect(tool["inputSchema"]?["type"]?.string == "object")

        let call = try #require(
            reply(
                session,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}"#))
        #expect(call["result"]?["structuredContent"]?["text"]?.string == "hi")
        #expect(call["result"]?["content"]?.array?.first?["text"]?.string == "hi")
        #expect(call["result"]?["isError"]?.bool == false)

        let failed = try #require(
            reply(
                session,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"fail"}}}"#)
        )
        #expect(failed["result"]?["isError"]?.bool == true)
        #expect(
            failed["result"]?["content"]?.array?.first?["text"]?.string == "no component fail; did you mean DFButton?")
        #expect(failed["result"]?["structuredContent"] == nil)
        #expect(service.calls == 2)
    }

    @Test func resourcesAreListedAndRead() throws {
        let (session, _) = session()
        let list = try #require(reply(session, #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#))
        #expect(list["result"]?["resources"]?.array?.first?["uri"]?.string == "catalog://index")
        let read = try #require(
            reply(session, #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"catalog://index"}}"#))
        #expect(read["result"]?["contents"]?.array?.first?["text"]?.string == "# Index")
    }

    @Test func notificationsResponsesAndCancelledRequestsGetNoReply() throws {
        let cancellations = MCPCancellations()
        let service = EchoService()
        let session = MCPSession(
            service: service, name: "c", title: "C", version: "1", instructions: "", cancellations: cancellations,
            describe: { "\($0)" })
        #expect(session.reply(to: Data(#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#.utf8)) == nil)
        #expect(session.reply(to: Data(#"{"jsonrpc":"2.0","id":5,"result":{}}"#.utf8)) == nil)
        #expect(session.reply(to: Data("   ".utf8)) == nil)
        #expect(
            session.reply(
                to: Data(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#.utf8)) == nil
        )
        #expect(
            session.reply(
                to: Data(
                    #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}"#
                        .utf8))
                == nil)
        #expect(service.calls == 0)
        // The id can be used again once its cancellation was spent.
        #expect(session.reply(to: Data(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8)) != nil)
    }

    /// A client that declares `roots` is asked for them once initialized and whenever it
    /// says they changed; its `file://` roots replace the folders given at start, and a
    /// client without the capability is never asked.
    @Test func theClientsRootsReplaceTheStartFolders() throws {
        let roots = MCPRoots(["/start"])
        let session = MCPSession(
            service: EchoService(), name: "c", title: "C", version: "1", instructions: "", roots: roots,
            describe: { "\($0)" })
        _ = session.reply(
            to: Data(
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true}}}}"#
                    .utf8))
        let ask = JSONParserShortcut.parse(
            try #require(session.reply(to: Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))))
        #expect(ask["method"]?.string == "roots/list")
        #expect(ask["id"]?.string == "catalog-roots-1")
        #expect(roots.current.folders == ["/start"] && !roots.current.fromClient)
        let answer =
            #"{"jsonrpc":"2.0","id":"catalog-roots-1","result":{"roots":[{"uri":"file:///work/My%20App","name":"app"},{"uri":"https://example.com/x"}]}}"#
        #expect(session.reply(to: Data(answer.utf8)) == nil)
        #expect(roots.current.folders == ["/work/My App"] && roots.current.fromClient)
        let again = JSONParserShortcut.parse(
            try #require(
                session.reply(to: Data(#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#.utf8))))
        #expect(again["id"]?.string == "catalog-roots-2")
        // An error keeps the folders there are.
        _ = session.reply(
            to: Data(#"{"jsonrpc":"2.0","id":"catalog-roots-2","error":{"code":-1,"message":"no"}}"#.utf8))
        #expect(roots.current.folders == ["/work/My App"])

        let quiet = MCPSession(
            service: EchoService(), name: "c", title: "C", version: "1", instructions: "", roots: MCPRoots(["/s"]),
            describe: { "\($0)" })
        _ = quiet.reply(
            to: Data(
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#
                    .utf8))
        #expect(quiet.reply(to: Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)) == nil)
    }

    /// A call cancelled while it runs on a worker is stopped (its service interrupted), gets
    /// no reply, and the server answers what follows.
    @Test func aCancelledRunningCallIsStopped() throws {
        let cancellations = MCPCancellations()
        let main = MCPSession(
            service: EchoService(), name: "c", title: "C", version: "1", instructions: "",
            cancellations: cancellations, describe: { "\($0)" })
        let stoppable = StoppableService()
        let worker = MCPSession(
            service: stoppable, name: "c", title: "C", version: "1", instructions: "", cancellations: cancellations,
            describe: { "\($0)" })
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        try #require(pipe(&input) == 0 && pipe(&output) == 0)
        let (reading, writing) = (input[0], output[1])
        let served = Thread {
            _ = MCPStdio.serve(main, workers: [worker], cancellations: cancellations, input: reading, output: writing)
            close(writing)
        }
        served.start()
        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        }
        send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{}}}"#)
        Thread.sleep(forTimeInterval: 0.3)  // the call is running
        let started = Date()
        send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#)
        send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        close(input[1])
        var replies = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            replies.append(contentsOf: buffer[0..<count])
        }
        close(input[0])
        close(output[0])
        let lines = String(decoding: replies, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == [#"{"jsonrpc":"2.0","id":2,"result":{}}"#], "\(lines)")
        #expect(stoppable.interrupted == 1)
        #expect(Date().timeIntervalSince(started) < 10, "the cancelled call ran on")
    }

    /// Cancellations of ids never sent are kept to a bound, the newest kept.
    @Test func cancellationsAreBounded() {
        let cancellations = MCPCancellations()
        for id in 0..<100_000 { cancellations.cancel(.number(Double(id))) }
        #expect(cancellations.count <= MCPCancellations.limit)
        #expect(cancellations.contains(.number(99_999)))
        #expect(!cancellations.contains(.number(0)))
    }

    @Test func batchesOnlyWhereTheVersionHasThem() throws {
        let (session, _) = session()
        _ = reply(session, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}"#)
        let text = try #require(
            session.reply(
                to: Data(
                    #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#
                        .utf8)))
        let replies = try #require(JSONParserShortcut.parse(text).array)
        #expect(replies.map { $0["id"]?.number } == [1, 2])
    }

    @Test func theLineReaderKeepsNoOverlongLine() {
        var reader = LineReader(limit: 8)
        #expect(reader.feed(Data("ab\ncd".utf8)) == [.text(Data("ab".utf8))])
        #expect(reader.feed(Data("ef\n0123456789abc".utf8)) == [.text(Data("cdef".utf8))])
        #expect(reader.feed(Data("def\nxy".utf8)) == [.tooLong(bytes: 16)])
        #expect(reader.finish() == .text(Data("xy".utf8)))
        #expect(reader.finish() == nil)
    }
}

@Suite struct ArgumentCheckTests {
    private let schema = JSONParserShortcut.parse(
        #"{"type":"object","properties":{"mode":{"type":"array","items":{"type":"string"},"maxItems":2}},"additionalProperties":false}"#
    )

    @Test func arraysAreCheckedItemByItemAndBounded() {
        #expect(
            ArgumentCheck.problem(JSONParserShortcut.parse(#"{"mode":["dark","compact"]}"#), against: schema) == nil)
        #expect(
            ArgumentCheck.problem(JSONParserShortcut.parse(#"{"mode":["a","b","c"]}"#), against: schema)
                == "mode has 3 items, over the limit of 2")
        #expect(
            ArgumentCheck.problem(JSONParserShortcut.parse(#"{"mode":["a",1]}"#), against: schema)
                == "mode[1] must be a string")
        #expect(
            ArgumentCheck.problem(JSONParserShortcut.parse(#"{"mode":"dark"}"#), against: schema)
                == "mode must be an array")
    }
}
