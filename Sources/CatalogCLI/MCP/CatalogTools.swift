import CatalogMCP
import CatalogModel
import CatalogOperations
import Foundation

/// `catalog mcp`'s service: the read-only tools of ``registry`` and the documentation pages as
/// resources, over one catalog opened read-only. Each call runs in one read transaction
/// (one revision of the catalog, named in its result) and answers with the JSON the
/// matching CLI command prints (`style resolve --json`, `usage --json`, `diff --json`, …),
/// so that an agent and a person asking the same question get the same answer.
final class CatalogTools: MCPService {
    let catalog: Catalog
    let environment: [String: String]
    /// The folders `lint_swift` may read a `path` in.
    let roots: MCPRoots
    /// The Markdown documentation by resource URI, made once per head revision.
    private var pages: (revision: String, pages: [String: MCPResourceContents], list: [MCPResource])?

    init(catalog: Catalog, environment: [String: String], roots: MCPRoots) {
        self.catalog = catalog
        self.environment = environment
        self.roots = roots
    }

    /// The most results a call lists.
    static let resultLimit = 200

    var tools: [MCPTool] { Self.registry.map(\.definition) }

    func call(tool: String, arguments: JSON) throws -> MCPToolResult {
        try catalog.snapshot {
            let head = try catalog.headRevision()
            guard let answer = Self.registry.first(where: { $0.definition.name == tool })?.answer else {
                throw MCPProtocolError(MCPProtocolError.invalidParams, "Unknown tool: \(tool)")
            }
            var result = try answer(self, arguments)
            // Every answer says which revision of the catalog it read.
            if case .object(let members) = result.structured.kind {
                result.structured = .object(
                    [
                        ("revision", head.map { .number(Double($0.sequence)) } ?? .null),
                        ("revisionID", head.map { .string($0.id) } ?? .null),
                    ] + members)
            }
            return result
        }
    }

    func resources() throws -> [MCPResource] { try documentation().list }

    func interrupt() { catalog.interrupt() }

    func read(resource uri: String) throws -> MCPResourceContents? {
        if uri.hasPrefix(Self.tokenResource) { return try tokenResource(uri) }
        return try documentation().pages[uri]
    }

    /// The URI of one token's resource, before `{theme}/{path}`.
    static let tokenResource = "catalog://tokens/"

    var resourceTemplates: [MCPResource] {
        [
            MCPResource(
                uri: Self.tokenResource + "{theme}/{path}", name: "token",
                description:
                    "One token of a theme's latest version (catalog://tokens/DesignFoundation/colors.accent): get_token's answer as JSON.",
                mimeType: "application/json"),
            MCPResource(
                uri: "catalog://themes/{theme}/{section}/{page}", name: "theme-section",
                description:
                    "A page of \(ResourcePages.pageRows) rows of one section of a theme page too long to read at once (its page names them).",
                mimeType: "text/markdown"),
        ]
    }

    /// `catalog://tokens/{theme}/{path}`: `get_token`'s structured answer, or `nil` for a
    /// token that is not there.
    private func tokenResource(_ uri: String) throws -> MCPResourceContents? {
        let rest = uri.dropFirst(Self.tokenResource.count)
        guard let slash = rest.firstIndex(of: "/"),
            let theme = String(rest[..<slash]).removingPercentEncoding,
            let path = String(rest[rest.index(after: slash)...]).removingPercentEncoding, !theme.isEmpty,
            !path.isEmpty
        else { return nil }
        let result: MCPToolResult
        do {
            result = try call(
                tool: "get_token", arguments: .object([("path", .string(path)), ("theme", .string(theme))]))
        } catch is RequestError {
            return nil
        }
        return MCPResourceContents(uri: uri, mimeType: "application/json", text: result.structured.serialized())
    }

    /// The docs as `catalog export docs --format markdown` writes them, one resource a page
    /// (`catalog://components/DFButton`), made again when the head revision changed.
    private func documentation() throws -> (pages: [String: MCPResourceContents], list: [MCPResource]) {
        try catalog.snapshot {
            let head = try catalog.headRevision()?.id ?? ""
            if let pages, pages.revision == head { return (pages.pages, pages.list) }
            let export = try catalog.docs(format: .markdown, theme: nil, modes: [])
            var contents: [String: MCPResourceContents] = [:]
            var list: [MCPResource] = []
            for (path, text) in export.files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".md") {
                let uri = "catalog://" + path.dropLast(3)
                let title =
                    text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
                    ?? String(path.dropLast(3))
                let kind = path.split(separator: "/").first.map(String.init) ?? "index"
                list.append(
                    MCPResource(
                        uri: uri, name: String(path.dropLast(3)),
                        description: path.contains("/") ? "The \(kind.dropLast()) page of \(title)" : title,
                        mimeType: "text/markdown"))
                let (page, more) = ResourcePages.split(text, uri: uri)
                contents[uri] = MCPResourceContents(uri: uri, mimeType: "text/markdown", text: page)
                // Section pages are read by URI (the cut page names them), not listed.
                for (part, text) in more {
                    contents[part] = MCPResourceContents(uri: part, mimeType: "text/markdown", text: text)
                }
            }
            pages = (head, contents, list)
            return (contents, list)
        }
    }

    /// What a tool's failure says: the message the CLI prints for it.
    static func message(_ error: any Error) -> String {
        switch error {
        case let usage as UsageError: return usage.message
        case let failure as any CatalogFailure:
            return failure.failureLines(database: nil).map { line in
                line.location.map { "\($0): \(line.message)" } ?? line.message
            }.joined(separator: "\n")
        default: return String(describing: error)
        }
    }
}

// MARK: - Arguments

extension JSON {
    /// A tool's string argument (checked against the schema already).
    func argument(_ name: String) -> String? { self[name]?.string }
    /// A tool's string-list argument.
    func arguments(_ name: String) -> [String] { self[name]?.array?.compactMap(\.string) ?? [] }
    /// A tool's integer argument.
    func count(_ name: String, default fallback: Int) -> Int { self[name]?.number.map { Int($0) } ?? fallback }
}
