import CatalogMCP
import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

/// `catalog mcp`: the catalog as a Model Context Protocol server on standard input and
/// output, for coding agents (Claude Code, Copilot, Cursor, Xcode's assistant).
struct MCPCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "mcp", abstract: "Serve the catalog to coding agents over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC messages a line at a time on standard input and answers on standard \
            output (MCP's stdio transport, protocol 2025-11-25 down to 2024-11-05); diagnostics \
            go to standard error. Tools: search, get_component, get_style, recommend, get_token, \
            get_theme, find_token, usage, lint_swift, changes; resources: every documentation page as Markdown \
            (catalog://components/NAME, catalog://styles/NAME, catalog://themes/NAME). The catalog \
            is opened read-only: catalog commands may write it meanwhile, and each call reads one \
            revision, which its result names. The end of input ends the server.

            lint_swift reads a path only inside the folders open to reading: those the client \
            lists as its roots (MCP roots), else those given with --root, else the current \
            folder; and only a regular file (never standard input, a FIFO or a device).
            """,
        options: [
            .option(
                "--root", value: "dir",
                help:
                    "A folder lint_swift may read files in, until the client lists its roots (default: the current folder).",
                repeatable: true)
        ])

    /// The folders given with `--root`, as absolute paths.
    let roots: [String]

    init(_ arguments: ParsedArguments) throws {
        // In a working folder that cannot be read (deleted), no folder is open by default.
        let current = try? WorkingFolder.path()
        let given = arguments.values("--root")
        roots = try (given.isEmpty ? current.map { [$0] } ?? [] : given).map { root in
            if root.hasPrefix("/") { return URL(fileURLWithPath: root).standardizedFileURL.path }
            guard let current else {
                throw UsageError(
                    "--root \(root) is relative, and the working folder cannot be read; give an absolute path",
                    commandPath: ["mcp"])
            }
            return URL(fileURLWithPath: root, relativeTo: URL(fileURLWithPath: current, isDirectory: true))
                .standardizedFileURL.path
        }
    }

    func run(_ context: CommandContext) throws {
        let cancellations = MCPCancellations()
        let rootsOpen = MCPRoots(roots)
        // The session that answers in order, and workers (each its own read-only
        // connection) for the calls that may take long, so that one never holds up the next.
        let sessions = try (0...Self.workers).map { _ in
            MCPSession(
                service: CatalogTools(
                    catalog: try Catalog(readingOnly: context.databasePath), environment: context.environment,
                    roots: rootsOpen),
                name: "catalog", title: "Component Catalog", version: CatalogCLI.version,
                instructions: Self.instructions, cancellations: cancellations, roots: rootsOpen,
                describe: CatalogTools.message)
        }
        let session = sessions[0]
        if !context.quiet {
            context.console.writeError("catalog mcp: serving \(context.databasePath) on standard input and output\n")
            context.console.flush()
        }
        if let failure = MCPStdio.serve(session, workers: Array(sessions.dropFirst()), cancellations: cancellations) {
            throw RequestError(failure)
        }
    }

    /// How many calls run at once beside the session that answers the rest.
    static let workers = 3

    /// What the server tells the client's model it is for.
    static let instructions = """
        The design system's catalog: its button components (versioned specs), styles and \
        design tokens, and where the app's Swift code uses them. Build buttons with the \
        components and styles found here rather than inventing colors or sizes: search to \
        find names, get_component for a spec and how code applies it, get_style for a \
        style's resolved values, recommend for the variant that suits an intent ("delete \
        account", "primary call to action") with its Swift in one call, get_theme for a \
        theme's modes as tools spell them, get_token and find_token for tokens (find_token \
        answers "which token is #0066CC?"), usage for call sites, lint_swift to check Swift \
        you wrote against the usage rules, changes for what changed between versions.
        """
}
