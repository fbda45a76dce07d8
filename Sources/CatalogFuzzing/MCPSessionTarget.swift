import CatalogMCP
import CatalogModel
import Foundation

/// The `mcp-session` fuzz target's service: one tool with the argument kinds the catalog's
/// tools use, one resource; it answers what it is given, so that every path of the
/// protocol layer is reached.
final class FuzzService: MCPService {
    let tools = [
        MCPTool(
            name: "probe", title: "Probe", description: "Answers its arguments.",
            inputSchema: .object([
                ("type", .string("object")),
                (
                    "properties",
                    .object([
                        ("text", .object([("type", .string("string")), ("maxLength", .number(64))])),
                        (
                            "count",
                            .object([("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(9))])
                        ),
                        (
                            "list",
                            .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])
                        ),
                        (
                            "kind",
                            .object([("type", .string("string")), ("enum", .array([.string("a"), .string("b")]))])
                        ),
                    ])
                ),
                ("required", .array([.string("text")])), ("additionalProperties", .bool(false)),
            ]),
            outputSchema: .object([("type", .string("object"))]))
    ]

    func call(tool: String, arguments: JSON) throws -> MCPToolResult {
        if arguments["text"]?.string == "throw" { throw RequestError("a tool's own failure") }
        return MCPToolResult(text: "ok", structured: .object([("arguments", arguments)]))
    }

    func resources() throws -> [MCPResource] {
        [MCPResource(uri: "catalog://index", name: "index", description: "Index", mimeType: "text/markdown")]
    }

    func read(resource uri: String) throws -> MCPResourceContents? {
        uri == "catalog://index" ? MCPResourceContents(uri: uri, mimeType: "text/markdown", text: "# Index") : nil
    }
}

extension FuzzTarget {
    /// Each line of `data` sent to one session: every reply is one line of JSON-RPC 2.0
    /// with a result or an error (a batch: an array of them), and the session still answers
    /// a ping after the last.
    static func mcpSession(_ data: Data) {
        let session = MCPSession(
            service: FuzzService(), name: "fuzz", title: "Fuzz", version: "0", instructions: "",
            describe: { "\($0)" })
        var reader = LineReader(limit: 1 << 16)
        var lines = reader.feed(data)
        if let last = reader.finish() { lines.append(last) }
        for case .text(let line) in lines {
            guard let reply = session.reply(to: line) else { continue }
            precondition(!reply.contains("\n"), "a reply spans lines: \(reply.prefix(200))")
            guard let json = try? JSONParser.parse(reply, file: "reply") else {
                preconditionFailure("a reply is not JSON: \(reply.prefix(200))")
            }
            for message in json.array ?? [json] {
                precondition(message["jsonrpc"]?.string == "2.0", "a reply without jsonrpc 2.0: \(reply.prefix(200))")
                precondition(
                    (message["result"] != nil) != (message["error"] != nil),
                    "a reply without exactly one of result and error: \(reply.prefix(200))")
            }
        }
        let ping = session.reply(to: Data(#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#.utf8))
        precondition(ping?.contains(#""result":{}"#) == true, "the session stopped answering: \(ping ?? "nothing")")
    }
}
