import CatalogModel

/// What an MCP server serves, apart from the protocol: its tools and resources. The
/// protocol layer (``MCPSession``) checks a call's arguments against the tool's
/// `inputSchema` before ``MCPService/call(tool:arguments:)`` sees them.
public protocol MCPService: AnyObject {
    /// The tools, in the order `tools/list` gives them.
    var tools: [MCPTool] { get }
    /// Runs `tool` with checked `arguments`. A failure of the tool itself (an unknown
    /// component, a bad version) is thrown and becomes a result with `isError: true`.
    func call(tool: String, arguments: JSON) throws -> MCPToolResult
    /// The resources `resources/list` gives.
    func resources() throws -> [MCPResource]
    /// The URI templates `resources/templates/list` gives (RFC 6570 level 1).
    var resourceTemplates: [MCPResource] { get }
    /// The contents of the resource at `uri`, or `nil` when there is none.
    func read(resource uri: String) throws -> MCPResourceContents?
    /// Stops the call running now, from another thread (its request was cancelled): the
    /// call may end early with an error, whose reply is not sent.
    func interrupt()
}

extension MCPService {
    /// No templates, unless the service has some.
    public var resourceTemplates: [MCPResource] { [] }
    /// Nothing to stop, unless the service can stop a call.
    public func interrupt() {}
}

/// A tool as `tools/list` describes it; every tool here only reads.
public struct MCPTool: Sendable {
    public var name: String
    public var title: String
    public var description: String
    /// A JSON Schema (`type: object`) that ``ArgumentCheck`` enforces.
    public var inputSchema: JSON
    /// A JSON Schema of the `structuredContent` a call returns.
    public var outputSchema: JSON

    public init(name: String, title: String, description: String, inputSchema: JSON, outputSchema: JSON) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
    }
}

/// What a tool call answers: a short text for a reader and the structured result beside
/// it (an object, as MCP requires of `structuredContent`).
public struct MCPToolResult: Sendable {
    public var text: String
    public var structured: JSON
    public var isError: Bool

    public init(text: String, structured: JSON, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }
}

/// A resource as `resources/list` describes it, or a template of resources as
/// `resources/templates/list` does (its `uri` then an RFC 6570 template).
public struct MCPResource: Sendable, Equatable {
    public var uri: String
    public var name: String
    public var description: String
    public var mimeType: String

    public init(uri: String, name: String, description: String, mimeType: String) {
        self.uri = uri
        self.name = name
        self.description = description
        self.mimeType = mimeType
    }
}

/// A resource's text.
public struct MCPResourceContents: Sendable {
    public var uri: String
    public var mimeType: String
    public var text: String

    public init(uri: String, mimeType: String, text: String) {
        self.uri = uri
        self.mimeType = mimeType
        self.text = text
    }
}

/// A JSON-RPC error a request is answered with.
public struct MCPProtocolError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    /// MCP's code for a resource that does not exist.
    public static let resourceNotFound = -32002
}
