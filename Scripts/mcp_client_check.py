#!/usr/bin/env python3
"""Drives `catalog mcp` with the official MCP Python SDK (pip install mcp) over stdio.

Usage: mcp_client_check.py CATALOG_BINARY DATABASE

Connects as any MCP client does (the SDK probes server/discover, then falls back to the
initialize handshake), lists the tools and resources, calls every tool once, reads one
resource, and prints one JSON object with what came back, for EndToEndTests/MCPServerTests
to check. The SDK itself checks each structuredContent against the tool's outputSchema.
"""
import asyncio
import json
import sys

from mcp import Client
from mcp.client.stdio import StdioServerParameters

CALLS = [
    ("search", {"query": "#007AFF", "kind": "token", "limit": 3}),
    ("get_component", {"name": "DFButton"}),
    ("get_style", {"name": "DFButton.filled", "state": "pressed", "role": "destructive"}),
    ("recommend", {"intent": "Delete account", "theme": "DesignFoundation", "platforms": ["iOS 17"]}),
    ("get_token", {"path": "colors.accent", "theme": "DesignFoundation"}),
    ("find_token", {"value": "#007AFF", "theme": "DesignFoundation", "limit": 2}),
    ("usage", {"name": "DFButton.filled"}),
    ("lint_swift", {"source": "import SwiftUI\nstruct V: View {\n  var body: some View { Button(\"Go\") {}.buttonStyle(.glass) }\n}\n"}),
    ("changes", {"from": "DesignFoundation@1.0.3", "to": "DesignFoundation@1.1.2"}),
    ("get_component", {"name": "NoSuchButton"}),
]


async def main(binary: str, database: str) -> None:
    server = StdioServerParameters(command=binary, args=["--db", database, "mcp"])
    report = {}
    async with Client(server) as client:
        report["protocolVersion"] = client.protocol_version
        report["serverName"] = client.server_info.name if client.server_info else None
        tools = await client.list_tools()
        report["tools"] = sorted(tool.name for tool in tools.tools)
        resources = await client.list_resources()
        report["resources"] = sorted(str(resource.uri) for resource in resources.resources)
        page = await client.read_resource("catalog://components/DFButton")
        report["page"] = page.contents[0].text
        calls = []
        for name, arguments in CALLS:
            result = await client.call_tool(name, arguments)
            calls.append(
                {
                    "tool": name,
                    "isError": bool(result.is_error),
                    "text": result.content[0].text if result.content else "",
                    "structured": result.structured_content,
                }
            )
        report["calls"] = calls
        await client.send_ping()
        report["ping"] = True
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
