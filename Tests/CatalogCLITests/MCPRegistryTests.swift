import CatalogMCP
import CatalogModel
import Foundation
import Testing

@testable import CatalogCLI

/// `catalog mcp`'s tools are written once, in ``CatalogTools/registry`` (a definition beside
/// its answer): every place that names them to people and agents names the same tools.
@Suite struct MCPRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let names = CatalogTools.registry.map(\.definition.name)

    @Test func everyToolHasOneNameAndSchemas() {
        #expect(Set(Self.names).count == Self.names.count, "a tool name is registered twice")
        #expect(Self.names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        for tool in CatalogTools.registry.map(\.definition) {
            #expect(tool.inputSchema["type"]?.string == "object", "\(tool.name)")
            #expect(tool.outputSchema["type"]?.string == "object", "\(tool.name)")
            #expect(!tool.description.isEmpty && !tool.title.isEmpty, "\(tool.name)")
        }
    }

    @Test func theHelpAndTheInstructionsNameEveryTool() {
        // The help's list, in the registry's order.
        let help = MCPCommand.spec.discussion ?? ""
        let listed =
            help.components(separatedBy: "Tools: ").dropFirst().first?
            .components(separatedBy: ";").first?
            .replacingOccurrences(of: "\n", with: " ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        #expect(listed == Self.names)
        for name in Self.names {
            #expect(MCPCommand.instructions.contains(name), "the instructions do not name \(name)")
        }
    }

    @Test func readmeAndTheMCPPageNameEveryTool() throws {
        let page = try String(contentsOf: Self.root.appending(path: "docs/mcp.md"), encoding: .utf8)
        // The page's table: a row per tool, in the registry's order.
        let rows = page.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line.dropFirst(3)[..<end])
        }
        #expect(rows == Self.names)
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Serving coding agents (MCP)").dropFirst().first ?? ""
        let sentence =
            section.components(separatedBy: "tools\n").dropFirst().first?
            .components(separatedBy: ", and every docs page").first ?? ""
        let named = sentence.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(named == Self.names)
    }
}
