"""Issue 66's fourteen agent tasks, each scripted as the calls a coding agent makes
through the official MCP Python SDK, each answer checked for what the task needs.

Usage: python mcp_agent_tasks.py CATALOG_BINARY DATABASE PROJECT_FOLDER

The database holds the seeds and a scan of PROJECT_FOLDER (a small SwiftUI app calling
DFButton and OUDSButton 2's `hierarchy:`). Prints one JSON line: per task its calls, the
bytes of every answer (text and structured content), the milliseconds and what failed.
"""

import asyncio
import json
import sys
import time

from mcp import Client
from mcp.client.stdio import StdioServerParameters


def text_of(result):
    return "".join(getattr(block, "text", "") for block in result.content)


class Agent:
    def __init__(self, client):
        self.client = client
        self.calls = 0
        self.bytes = 0
        self.seconds = 0.0

    async def call(self, name, arguments):
        start = time.perf_counter()
        result = await self.client.call_tool(name, arguments)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        structured = result.structured_content or {}
        self.bytes += len(text_of(result).encode()) + len(json.dumps(structured).encode())
        return result, structured

    async def read(self, uri):
        start = time.perf_counter()
        result = await self.client.read_resource(uri)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        text = "".join(getattr(content, "text", "") for content in result.contents)
        self.bytes += len(text.encode())
        return text


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def delete_account(agent):
    result, answer = await agent.call(
        "recommend", {"intent": "Delete account", "theme": "DesignFoundation", "platforms": ["iOS 17"]})
    first = answer["recommendations"][0]
    check(first["style"] == "DFButton.filled" and first["role"] == "destructive", f"recommended {first}")
    check("DFButton needs iOS 18.0" in first["unavailable"], "the component's platforms are not said")
    code = answer["first"]["swift"]["code"]
    check("role: .destructive" in code and code in text_of(result), "the snippet or its text")
    check(answer["first"]["wcag"]["verdict"] in text_of(result), "the WCAG verdict is not in the text")
    body = "\n".join(line for line in code.split("\n") if not line.startswith("import "))
    source = f"import SwiftUI\nimport DesignFoundationTokens\nstruct V: View {{\n  var body: some View {{\n{body}\n  }}\n}}\n"
    _, lint = await agent.call("lint_swift", {"source": source, "platforms": ["iOS 17"]})
    check(lint["findingCount"] == 0, f"lint disagrees with the advice: {lint['findings']}")


async def which_token(agent):
    _, answer = await agent.call("find_token", {"value": "#007AFF", "theme": "DesignFoundation", "limit": 3})
    check(answer["matches"][0]["path"] == "colors.accent" and answer["matches"][0]["distance"] == 0, answer)


async def search_by_intent(agent):
    _, answer = await agent.call("search", {"query": "primary button background", "limit": 5})
    check(answer["matches"][0]["name"] == "DFButton.filled", answer["matches"][:2])
    check(answer["note"] is not None, "the word-by-word search is not said")


async def misspelled_token(agent):
    result, _ = await agent.call("get_token", {"path": "colors.acent", "theme": "DesignFoundation"})
    check(result.is_error and "did you mean colors.accent" in text_of(result), text_of(result))


async def modes_and_their_case(agent):
    _, answer = await agent.call("get_theme", {"name": "DesignFoundation"})
    dimension = answer["themes"][0]["dimensions"][0]
    check(dimension["name"] == "colorScheme" and "dark" in dimension["modes"], dimension)
    _, token = await agent.call(
        "get_token", {"path": "colors.destructive", "theme": "DesignFoundation", "mode": [dimension["modes"][1]]})
    check(token["value"]["hex"].lower() == "#ff453a", token["value"])


async def bounded_changes(agent):
    _, answer = await agent.call(
        "changes", {"from": "DesignFoundation@1.0.3", "to": "DesignFoundation@1.1.2", "limit": 5})
    check(answer["total"] > 0 and answer["returned"] <= 5, {k: answer[k] for k in ("total", "returned")})


async def migration(agent):
    result, answer = await agent.call("changes", {"from": "OUDSButton@2.0.0", "to": "OUDSButton@3.0.0"})
    breaking = [change for change in answer["changes"] if change["level"] == "breaking"]
    check(len(breaking) == 10, f"{len(breaking)} breaking changes")
    check(answer["callSites"]["total"] >= 1, "no call site reached")


async def call_sites(agent):
    _, answer = await agent.call("usage", {"name": "DFButton.filled"})
    sites = [f'{site["file"]}:{site["line"]}' for site in answer["callSites"]]
    check("App/Settings.swift:7" in sites, sites)


async def contrast(agent):
    result, answer = await agent.call("get_style", {"name": "DFButton.filled", "role": "destructive"})
    check(answer["wcag"]["meetsAA"] is False and "fails WCAG AA" in text_of(result), answer["wcag"])


async def removed_parameter(agent):
    source = 'import SwiftUI\nimport OUDS\nstruct V: View { var body: some View { OUDSButton(text: "Go", hierarchy: .strong) {} } }\n'
    _, answer = await agent.call("lint_swift", {"source": source})
    rules = [finding["rule"] for finding in answer["findings"]]
    check("catalog-removed-argument" in rules, rules)


async def second_brand(agent):
    _, answer = await agent.call("get_style", {"name": "OUDSButton.strong", "theme": "Sosh"})
    code = answer["swift"]["code"]
    check("OrangeTokens" not in code and "Sosh" in code, code)


async def token_resource(agent):
    text = await agent.read("catalog://tokens/DesignFoundation/colors.accent")
    check(json.loads(text)["path"] == "colors.accent", text[:200])


async def theme_page(agent):
    text = await agent.read("catalog://themes/DesignFoundation")
    check(text.startswith("# DesignFoundation") and "colorScheme" in text, text[:200])


async def component(agent):
    _, answer = await agent.call("get_component", {"name": "DFButton"})
    styles = [option.get("style") for variant in answer["variants"] for option in variant["options"]]
    check("DFButton.filled" in styles, styles)


TASKS = [
    ("a destructive Delete account button at iOS 17, linted", delete_account),
    ("which token is #007AFF", which_token),
    ("primary button background, by intent", search_by_intent),
    ("a misspelled token", misspelled_token),
    ("a theme's modes and their case, then a dark value", modes_and_their_case),
    ("a theme release's changes, a page at a time", bounded_changes),
    ("OUDSButton 2 to 3: the migration and its call sites", migration),
    ("where DFButton.filled is used", call_sites),
    ("the destructive fill's contrast verdict", contrast),
    ("a parameter version 3 removed, in code", removed_parameter),
    ("the second brand's snippet", second_brand),
    ("one token as a resource", token_resource),
    ("a theme's page", theme_page),
    ("the component, its variants and styles", component),
]


async def main(binary, database, project):
    server = StdioServerParameters(command=binary, args=["--db", database, "mcp", "--root", project])
    report = []
    async with Client(server) as client:
        for name, task in TASKS:
            agent = Agent(client)
            problem = None
            try:
                await task(agent)
            except Exception as error:  # a failed check or a protocol error: reported
                problem = f"{type(error).__name__}: {error}"
            report.append(
                {"task": name, "calls": agent.calls, "bytes": agent.bytes,
                 "ms": round(agent.seconds * 1000, 1), "problem": problem})
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
