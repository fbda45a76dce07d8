import CatalogModel
import Foundation

/// One MCP session's protocol layer: a JSON-RPC 2.0 message in, the reply out, no I/O.
/// It negotiates the protocol version (`initialize`), answers `ping`, lists and calls the
/// service's tools (arguments checked against each tool's `inputSchema` first), lists and
/// reads its resources, and keeps the cancellations it hears of so that a cancelled
/// request gets no reply. Malformed JSON, invalid requests, unknown methods and invalid
/// parameters are answered with JSON-RPC's errors and the session goes on. Used by one
/// thread at a time (``MCPStdio`` hands a worker session to one call at a time), hence
/// unchecked `Sendable`.
public final class MCPSession: @unchecked Sendable {
    /// The versions `initialize` accepts, newest first (the handshake era of MCP's
    /// specification; 2026-07-28's stateless `server/discover` is not served, so a client
    /// probing it hears "method not found" and falls back to `initialize`, as the
    /// specification says it does).
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The longest message read, in bytes: longer lines are refused unread (the Swift
    /// source `lint_swift` takes is bounded far below this).
    public static let maximumMessageBytes = 8 << 20

    /// The version agreed on by `initialize`, if it has run.
    public private(set) var protocolVersion: String?
    /// Whether the client said `notifications/initialized`.
    public private(set) var clientInitialized = false

    private let service: any MCPService
    private let serverInfo: JSON
    private let instructions: String
    private let describe: (any Error) -> String
    private let cancellations: MCPCancellations
    private let roots: MCPRoots?
    /// Whether the client declared the `roots` capability in `initialize`.
    private var clientListsRoots = false
    /// The `roots/list` requests this session has sent.
    private var rootsRequests = 0

    /// A session over `service`. `name`, `title` and `version` identify the server in
    /// `initialize`; `instructions` tell the client's model what the server is for;
    /// `describe` turns a tool's failure into the message its result carries; `roots`,
    /// when given, takes the client's folders once it lists them (`roots/list`, asked for
    /// after `notifications/initialized` and on `notifications/roots/list_changed`).
    public init(
        service: any MCPService, name: String, title: String, version: String, instructions: String,
        cancellations: MCPCancellations = MCPCancellations(), roots: MCPRoots? = nil,
        describe: @escaping (any Error) -> String
    ) {
        self.service = service
        self.roots = roots
        serverInfo = .object([("name", .string(name)), ("title", .string(title)), ("version", .string(version))])
        self.instructions = instructions
        self.cancellations = cancellations
        self.describe = describe
    }

    /// The reply to one line of input (compact JSON, no newline), or `nil` when it needs
    /// none: a notification, a response, a blank line or a cancelled request. A
    /// notification may instead be answered by a request of the server's own (`roots/list`).
    public func reply(to line: Data) -> String? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let message: JSON
        do {
            message = try JSONParser.parse(line, file: "message")
        } catch {
            let reason = (error as? DocumentError)?.diagnostics.first?.detail ?? "\(error)"
            return Self.error(id: .null, MCPProtocolError(MCPProtocolError.parseError, "Parse error: \(reason)"))
        }
        if let batch = message.array {
            // JSON-RPC batches were part of MCP until 2025-06-18 removed them.
            guard let version = protocolVersion, version < "2025-06-18" else {
                return Self.error(
                    id: .null,
                    MCPProtocolError(
                        MCPProtocolError.invalidRequest,
                        "batches are not part of MCP \(protocolVersion ?? Self.protocolVersions[0]); send one message a line"
                    ))
            }
            guard !batch.isEmpty else {
                return Self.error(id: .null, MCPProtocolError(MCPProtocolError.invalidRequest, "an empty batch"))
            }
            let replies = batch.compactMap { reply(toMessage: $0) }
            return replies.isEmpty ? nil : "[" + replies.joined(separator: ",") + "]"
        }
        return reply(toMessage: message)
    }

    private func reply(toMessage message: JSON) -> String? {
        guard message.object != nil else {
            return Self.error(
                id: .null, MCPProtocolError(MCPProtocolError.invalidRequest, "a message is a JSON object"))
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            return Self.error(
                id: .null,
                MCPProtocolError(
                    MCPProtocolError.invalidRequest, "an id is a string or an integer, not \(id.serialized())"))
        }
        guard message["jsonrpc"]?.string == "2.0" else {
            return Self.error(
                id: id ?? .null, MCPProtocolError(MCPProtocolError.invalidRequest, "jsonrpc must be \"2.0\""))
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours needs no answer; the client's roots are taken.
            if let id, message["result"] != nil || message["error"] != nil {
                // Only the answer to the latest request asked of a client that lists roots: not
                // one nobody asked for (it would bypass --root), nor an older list arriving late.
                if let roots, clientListsRoots, rootsRequests > 0,
                    id.string == "\(Self.rootsRequestPrefix)\(rootsRequests)", let result = message["result"],
                    let folders = MCPRoots.folders(inRootsResult: result)
                {
                    roots.replace(with: folders)
                }
                return nil
            }
            return Self.error(
                id: id ?? .null, MCPProtocolError(MCPProtocolError.invalidRequest, "a request names its method"))
        }
        let params = message["params"] ?? .object([])
        guard params.object != nil else {
            return Self.error(
                id: id ?? .null, MCPProtocolError(MCPProtocolError.invalidParams, "params must be an object"))
        }
        guard let id else { return notify(method, params) }
        if cancellations.finish(id) { return nil }
        let reply: String
        do {
            reply = Self.result(id: id, try answer(method, params))
        } catch let error as MCPProtocolError {
            reply = Self.error(id: id, error)
        } catch {
            reply = Self.error(id: id, MCPProtocolError(MCPProtocolError.internalError, describe(error)))
        }
        // A request cancelled while it ran gets no reply, as the specification asks.
        return cancellations.finish(id) ? nil : reply
    }

    /// Acts on a notification; returns the server's own request it calls for, if any.
    private func notify(_ method: String, _ params: JSON) -> String? {
        switch method {
        case "notifications/initialized":
            clientInitialized = true
            return askForRoots()
        case "notifications/roots/list_changed": return askForRoots()
        case "notifications/cancelled":
            if let id = params["requestId"], Self.isValidID(id) { cancellations.cancel(id) }
        default: break  // notifications this server does not act on are ignored, as JSON-RPC says
        }
        return nil
    }

    /// The ids of this server's `roots/list` requests start with this.
    static let rootsRequestPrefix = "catalog-roots-"

    /// A `roots/list` request, when the client lists roots and this session takes them.
    private func askForRoots() -> String? {
        guard roots != nil, clientListsRoots else { return nil }
        rootsRequests += 1
        return JSON.object([
            ("jsonrpc", .string("2.0")), ("id", .string("\(Self.rootsRequestPrefix)\(rootsRequests)")),
            ("method", .string("roots/list")),
        ]).serialized()
    }

    /// Stops the call this session runs now (its request was cancelled), from any thread.
    public func interrupt() { service.interrupt() }

    /// A list request's cursor: a string, or none.
    static func cursor(_ params: JSON) throws -> String? {
        guard let cursor = params["cursor"], !cursor.isNull else { return nil }
        guard let text = cursor.string else {
            throw MCPProtocolError(MCPProtocolError.invalidParams, "Invalid cursor: a cursor is a string")
        }
        return text
    }

    /// The most resources one `resources/list` page gives.
    static let resourcePage = 100

    private func answer(_ method: String, _ params: JSON) throws -> JSON {
        switch method {
        case "initialize": return try initialize(params)
        case "ping": return .object([])
        case "tools/list":
            let tools = service.tools
            _ = try MCPCursor.offset(of: try Self.cursor(params), query: method, count: tools.count)
            return .object([("tools", .array(tools.map(Self.describe)))])
        case "tools/call": return try callTool(params)
        case "resources/list":
            let resources = try service.resources()
            let offset = try MCPCursor.offset(of: try Self.cursor(params), query: method, count: resources.count)
            var members: [(key: String, value: JSON)] = [
                (
                    "resources",
                    .array(
                        resources.dropFirst(offset).prefix(Self.resourcePage).map {
                            .object([
                                ("uri", .string($0.uri)), ("name", .string($0.name)),
                                ("description", .string($0.description)), ("mimeType", .string($0.mimeType)),
                            ])
                        })
                )
            ]
            if let next = MCPCursor.next(
                after: offset, limit: Self.resourcePage, count: resources.count, query: method)
            {
                members.append(("nextCursor", .string(next)))
            }
            return .object(members)
        case "resources/templates/list":
            let templates = service.resourceTemplates
            _ = try MCPCursor.offset(of: try Self.cursor(params), query: method, count: templates.count)
            return .object([
                (
                    "resourceTemplates",
                    .array(
                        templates.map {
                            .object([
                                ("uriTemplate", .string($0.uri)), ("name", .string($0.name)),
                                ("description", .string($0.description)), ("mimeType", .string($0.mimeType)),
                            ])
                        })
                )
            ])
        case "resources/read":
            guard let uri = params["uri"]?.string else {
                throw MCPProtocolError(MCPProtocolError.invalidParams, "resources/read needs a uri (a string)")
            }
            guard let contents = try service.read(resource: uri) else {
                throw MCPProtocolError(
                    MCPProtocolError.resourceNotFound, "Resource not found: \(uri) (resources/list lists them)")
            }
            return .object([
                (
                    "contents",
                    .array([
                        .object([
                            ("uri", .string(contents.uri)), ("mimeType", .string(contents.mimeType)),
                            ("text", .string(contents.text)),
                        ])
                    ])
                )
            ])
        default:
            throw MCPProtocolError(MCPProtocolError.methodNotFound, "Method not found: \(method)")
        }
    }

    private func initialize(_ params: JSON) throws -> JSON {
        guard let requested = params["protocolVersion"]?.string else {
            throw MCPProtocolError(MCPProtocolError.invalidParams, "initialize needs protocolVersion (a string)")
        }
        if let protocolVersion, clientInitialized {
            throw MCPProtocolError(
                MCPProtocolError.invalidRequest, "the session is already initialized (protocol \(protocolVersion))")
        }
        // The client's version when this server speaks it, else the newest it does: the
        // client then decides whether it can go on.
        let version = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
        protocolVersion = version
        clientListsRoots = params["capabilities"]?["roots"]?.object != nil
        return .object([
            ("protocolVersion", .string(version)),
            (
                "capabilities",
                .object([
                    ("tools", .object([("listChanged", .bool(false))])),
                    ("resources", .object([("listChanged", .bool(false)), ("subscribe", .bool(false))])),
                ])
            ),
            ("serverInfo", serverInfo),
            ("instructions", .string(instructions)),
        ])
    }

    private func callTool(_ params: JSON) throws -> JSON {
        guard let name = params["name"]?.string else {
            throw MCPProtocolError(MCPProtocolError.invalidParams, "tools/call needs a name (a string)")
        }
        guard let tool = service.tools.first(where: { $0.name == name }) else {
            throw MCPProtocolError(
                MCPProtocolError.invalidParams,
                "Unknown tool: \(name) (the tools are \(service.tools.map(\.name).joined(separator: ", ")))")
        }
        let arguments = params["arguments"] ?? .object([])
        if let problem = ArgumentCheck.problem(arguments, against: tool.inputSchema) {
            throw MCPProtocolError(MCPProtocolError.invalidParams, "\(name): \(problem)")
        }
        do {
            let result = try service.call(tool: name, arguments: arguments)
            // The reading for a person first, then the structured result serialized, as the
            // specification asks of a tool that returns structured content: a client that
            // hands the model only the text loses no fact of it.
            var content: [JSON] = [.object([("type", .string("text")), ("text", .string(result.text))])]
            if !result.isError {
                content.append(.object([("type", .string("text")), ("text", .string(result.structured.serialized()))]))
            }
            var members: [(key: String, value: JSON)] = [("content", .array(content))]
            if !result.isError { members.append(("structuredContent", result.structured)) }
            members.append(("isError", .bool(result.isError)))
            return .object(members)
        } catch let error as MCPProtocolError {
            throw error
        } catch {
            return .object([
                ("content", .array([.object([("type", .string("text")), ("text", .string(describe(error)))])])),
                ("isError", .bool(true)),
            ])
        }
    }

    private static func describe(_ tool: MCPTool) -> JSON {
        .object([
            ("name", .string(tool.name)), ("title", .string(tool.title)), ("description", .string(tool.description)),
            ("inputSchema", tool.inputSchema), ("outputSchema", tool.outputSchema),
            (
                "annotations",
                .object([
                    ("title", .string(tool.title)), ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)),
                    ("idempotentHint", .bool(true)), ("openWorldHint", .bool(false)),
                ])
            ),
        ])
    }

    /// JSON-RPC ids MCP allows: a string or an integer.
    static func isValidID(_ id: JSON) -> Bool {
        if id.string != nil { return true }
        if let number = id.number { return number == number.rounded() && abs(number) < 9_007_199_254_740_992 }
        return false
    }

    static func result(id: JSON, _ result: JSON) -> String {
        JSON.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized()
    }

    /// The error reply to the request `id` (`null` when it could not be read).
    public static func error(id: JSON, _ error: MCPProtocolError) -> String {
        JSON.object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .number(Double(error.code))), ("message", .string(error.message))])),
        ]).serialized()
    }
}

/// The requests a client cancelled (`notifications/cancelled`), shared between the
/// thread that reads input, which hears of a cancellation as soon as it arrives, and the
/// one that answers, which then drops the reply. Bounded: a client can only cancel a
/// request it sent, and at most ``MCPStdio/queueLimit`` of those wait, so the oldest of
/// more than ``limit`` noted ids (cancellations of ids never sent) are forgotten.
/// Thread-safe.
public final class MCPCancellations: @unchecked Sendable {
    /// The most cancellations kept.
    public static let limit = 4096

    private let lock = NSLock()
    private var ids: Set<String> = []
    private var order: [String] = []
    private var head = 0

    public init() {}

    /// Called with each id as it is cancelled (the transport stops a call running for it).
    var whenCancelled: (@Sendable (JSON) -> Void)? {
        get { lock.withLock { hook } }
        set { lock.withLock { hook = newValue } }
    }
    private var hook: (@Sendable (JSON) -> Void)?

    /// Notes that the request `id` is cancelled.
    public func cancel(_ id: JSON) {
        let key = id.serialized()
        let new = lock.withLock { () -> Bool in
            guard ids.insert(key).inserted else { return false }
            order.append(key)
            // The oldest go past the limit; answered ids leave the order now and then.
            while ids.count > Self.limit, head < order.count {
                ids.remove(order[head])
                head += 1
            }
            if head > Self.limit || order.count - head > 2 * Self.limit {
                order = order[head...].filter { ids.contains($0) }
                head = 0
            }
            return true
        }
        // Heard twice (by the reading thread, then by the session): stopped once.
        if new { whenCancelled?(id) }
    }

    /// How many cancellations are kept.
    public var count: Int { lock.withLock { ids.count } }

    /// Whether the request `id` is cancelled.
    public func contains(_ id: JSON) -> Bool {
        lock.withLock { ids.contains(id.serialized()) }
    }

    /// Whether the request `id`, now answered, was cancelled; forgets it either way (its
    /// place in the order goes at the next trim).
    func finish(_ id: JSON) -> Bool {
        lock.withLock { ids.remove(id.serialized()) != nil }
    }
}
