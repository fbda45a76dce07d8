import CatalogChanges
import CatalogMCP
import CatalogModel

/// One tool of `catalog mcp`: its name, description and schemas as `tools/list` gives
/// them, and the answer it gives, read in the call's one transaction.
struct CatalogTool: Sendable {
    /// The answer to a call with checked arguments.
    let answer: @Sendable (CatalogTools, JSON) throws -> MCPToolResult
    let definition: MCPTool

    init(answer: @escaping @Sendable (CatalogTools, JSON) throws -> MCPToolResult, _ definition: MCPTool) {
        self.answer = answer
        self.definition = definition
    }
}

/// The tools' names, descriptions and schemas, as `tools/list` gives them.
extension CatalogTools {
    /// Every tool, its definition beside the answer that serves it: `tools/list` gives
    /// the definitions in this order, a call runs the answer of the tool it names. The
    /// help, the server's instructions, README and docs/mcp.md are checked against it
    /// (`MCPRegistryTests`).
    static let registry: [CatalogTool] = [
        CatalogTool(
            answer: { try $0.search($1) },
            MCPTool(
                name: "search", title: "Search the catalog",
                description:
                    "Find components, styles, themes and tokens by name, description or value (a hex color with or without #). Ranked: exact names first. A phrase that matches nothing whole is searched word by word, the items matching the most words first (matchedWords); a query matching nothing gets didYouMean.",
                inputSchema: input(
                    [
                        ("query", text("Words, a name or a value such as #0066CC.", maxLength: 200)),
                        ("kind", choice("Only this kind.", ["component", "style", "theme", "token"])),
                        ("limit", integer("The most matches (default 20).", 1...resultLimit)),
                    ], required: ["query"]),
                outputSchema: output([
                    ("matches", list(of: "object")), ("total", schema("integer")), ("truncated", schema("boolean")),
                    ("note", schema("string", nullable: true)), ("didYouMean", schema("string", nullable: true)),
                ]))),
        CatalogTool(
            answer: { try $0.component($1) },
            MCPTool(
                name: "get_component", title: "Get a component's spec",
                description:
                    "A component's spec (latest version unless given): initializers, variants and the style drawing each, roles, states, usage rules, accessibility, and how code applies it.",
                inputSchema: input(
                    [
                        ("name", text("A component, such as DFButton.")),
                        ("version", text("X.Y.Z (default: the latest).")),
                    ],
                    required: ["name"]),
                outputSchema: output([
                    ("name", schema("string")), ("version", schema("string")), ("spec", schema("object")),
                    ("variants", list(of: "object")), ("apply", schema("object")),
                ]))),
        CatalogTool(
            answer: { try $0.style($1) },
            MCPTool(
                name: "get_style", title: "Resolve a style",
                description:
                    "A style's concrete values in a theme, mode, role, state and size: colors as #RRGGBBAA with their source token, padding, radius, font, animation, glass; the label's contrast ratio with its WCAG AA/AAA verdict for the label's size; the Swift that applies it with the role and state asked for (the generated package's style, the `catalog export swift` line that writes it, and the component's own call with the platforms its spec needs): spellings lint_swift knows.",
                inputSchema: input(
                    [
                        ("name", text("A style, such as DFButton.filled.")),
                        ("version", text("X.Y.Z (default: the latest).")),
                        ("theme", text("NAME or NAME@X.Y.Z (default: the style's own).")),
                        ("mode", list("Modes, as DIMENSION=MODE or a mode name (dark).", of: "string")),
                        ("role", text("A role, such as destructive.")),
                        ("state", choice("The state (default normal).", StyleDefinition.stateNames)),
                        ("size", choice("A control size.", StyleDefinition.sizeNames)),
                    ], required: ["name"]),
                outputSchema: output([
                    ("resolved", schema("object")), ("contrast", schema("number", nullable: true)),
                    ("wcag", schema("object", nullable: true)), ("swift", schema("object")),
                ]))),
        CatalogTool(
            answer: { try $0.recommend($1) },
            MCPTool(
                name: "recommend", title: "Recommend a button for an intent",
                description:
                    "The component variant to use for an intent (\"primary call to action\", \"delete account in settings\"), in one call: the options of the catalog's specs ranked by how their own guidance matches the intent's words (matchedWords, guidance), the role the intent asks for (destructive for delete, remove, …), what the deployment targets rule out, and for the first one get_style's answer with that role: resolved values, WCAG contrast verdict, and the Swift that applies it (the generated package's style, the catalog export swift line, the component's call). Alternatives follow.",
                inputSchema: input(
                    [
                        ("intent", text("What the button is for, in words.", maxLength: 500)),
                        ("theme", text("Only components whose styles read this theme (NAME).")),
                        ("platforms", list("Platforms with deployment targets, such as iOS 17.", of: "string")),
                        (
                            "mode",
                            list("Modes to resolve the first one in, as DIMENSION=MODE or a mode name.", of: "string")
                        ),
                        ("limit", integer("The most variants listed (default 3).", 1...20)),
                    ], required: ["intent"]),
                outputSchema: output([
                    ("recommendations", list(of: "object")), ("role", schema("string", nullable: true)),
                    ("note", schema("string", nullable: true)), ("first", schema("object", nullable: true)),
                ]))),
        CatalogTool(
            answer: { try $0.token($1) },
            MCPTool(
                name: "get_token", title: "Get a token",
                description:
                    "A token's value in a context, its type, alias chain, description, deprecation and successor, the Swift names the generated package gives it, and the styles it reaches. A value of nothing comes with the reason; a token flagged at import answers as itself (state, problems, as written, the flagged tokens it blocks); a misspelled path gets the nearest one.",
                inputSchema: input(
                    [
                        ("path", text("The token's path, such as colors.accent.")),
                        ("theme", text("NAME or NAME@X.Y.Z (default: the first theme that has the token).")),
                        ("mode", list("Modes, as DIMENSION=MODE or a mode name.", of: "string")),
                    ], required: ["path"]),
                outputSchema: output([
                    ("theme", schema("string")), ("version", schema("string")), ("path", schema("string")),
                    ("type", schema("string")), ("value", schema(nil)), ("aliasChain", list(of: "string")),
                    ("swiftNames", schema("array", nullable: true)), ("styles", list(of: "string")),
                    ("state", schema("string")), ("problems", list(of: "string")), ("blocks", list(of: "string")),
                ]))),
        CatalogTool(
            answer: { try $0.theme($1) },
            MCPTool(
                name: "get_theme", title: "Get a theme's modes",
                description:
                    "A theme (or every theme): its versions, token count, description, the styles drawn in it, and its mode dimensions with each mode spelled as tools take it (DesignFoundation's colorScheme: light, dark; Designsystemet's \"Color scheme\": Light, Dark) and the default, which is what an unqualified answer resolves in.",
                inputSchema: input(
                    [
                        ("name", text("A theme (default: every theme's latest version).")),
                        ("version", text("X.Y.Z (default: the latest).")),
                    ], required: []),
                outputSchema: output([("themes", list(of: "object"))]))),
        CatalogTool(
            answer: { try $0.findToken($1) },
            MCPTool(
                name: "find_token", title: "Find the nearest tokens to a value",
                description:
                    "The tokens whose value is nearest to a color (ΔEOK: the OKLab distance × 100, alpha included; about 2 is the smallest difference an eye sees), a dimension (by size, in points) or a font family, in any mode (each match names the mode, null for the default): which token is #0066CC? Exact, from an index: milliseconds on a million tokens.",
                inputSchema: input(
                    [
                        (
                            "value",
                            text("A color (#0066CC, rgb(0 102 204)), a dimension (16, 16px, 1rem) or a font family.")
                        ),
                        ("theme", text("NAME or NAME@X.Y.Z (default: every theme's latest version).")),
                        ("type", choice("Only tokens of this type.", ["color", "dimension", "fontFamily"])),
                        (
                            "mode",
                            text("Only this mode, as DIMENSION=MODE or a mode name (default: every mode's values).")
                        ),
                        ("limit", integer("The most tokens (default 10).", 1...resultLimit)),
                    ], required: ["value"]),
                outputSchema: output([("kind", schema("string")), ("matches", list(of: "object"))]))),
        CatalogTool(
            answer: { try $0.usage($1) },
            MCPTool(
                name: "usage", title: "Where is it used",
                description:
                    "Where a token, style, component or component.option is used: the catalog's references, the call sites the last `catalog usage scan` recorded (a run-time choice of style reached through any of its choices, said in reachedThrough), grouped and counted, and for a token the places app code names it through the generated package (Color.dfPrimary, DesignFoundation.Colors.primary); for one of the app's own tokens (asset:Latte, Color.latte: an asset catalog color, a Color extension, a theme type's member) each place code uses it, followed through the app's definitions (appTokens); every count first, then the first limit call sites, reached tokens and references in code.",
                inputSchema: input(
                    [
                        ("name", text("A token path, style, component or component.option.")),
                        ("project", text("Only this scanned project.")),
                        (
                            "limit",
                            integer(
                                "The most call sites, reached tokens and references in code listed (default 100).",
                                1...1000
                            )
                        ),
                    ], required: ["name"]),
                outputSchema: output([
                    ("name", schema("string")), ("kind", schema("string")), ("callSites", list(of: "object")),
                    ("groups", schema("object")), ("callSiteCount", schema("integer")),
                    ("tokenReferences", list(of: "object")), ("tokenReferenceCount", schema("integer")),
                    ("appTokens", list(of: "object")), ("appTokenUseCount", schema("integer")),
                    ("truncated", schema("boolean")),
                ]))),
        CatalogTool(
            answer: { try $0.lintSwift($1) },
            MCPTool(
                name: "lint_swift", title: "Lint Swift against the usage rules",
                description:
                    "The specs' usage rules over a Swift source text or file: each finding with its line, rule, message and the fix the rule asks for. Nothing is stored.",
                inputSchema: input(
                    [
                        ("source", text("Swift source text.", maxLength: 2 << 20)),
                        (
                            "path",
                            text(
                                "A Swift file to read instead: a regular file inside the client's roots (or the server's --root folders)."
                            )
                        ),
                        ("platforms", list("Platforms with deployment targets, such as iOS 17.", of: "string")),
                        ("limit", integer("The most findings listed (default 100); all are counted.", 1...1000)),
                    ], required: []),
                outputSchema: output([
                    ("findings", list(of: "object")), ("findingCount", schema("integer")), ("byRule", schema("object")),
                    ("sites", schema("integer")),
                ]))),
        CatalogTool(
            answer: { try $0.changes($1) },
            MCPTool(
                name: "changes", title: "What changed",
                description:
                    "What changed between two revisions (#3, an id prefix; default the head's parent to the head), two versions of a theme (THEME@X.Y.Z), or two versions of a spec or style (OUDSButton@2.0.0 to OUDSButton@3.0.0: the migration), classified breaking, additive or cosmetic, with the styles and the call sites it reaches. A theme's token changes come a page at a time (limit, then nextCursor), all counted first, filtered by kind and path; a catalog diff summarizes a theme diff longer than a page and names the query that pages through it.",
                inputSchema: input(
                    [
                        ("from", text("A revision, or THEME@X.Y.Z.")),
                        ("to", text("A revision, or THEME@X.Y.Z (default: the head, or the theme's latest).")),
                        (
                            "kind",
                            choice(
                                "Only token changes of this kind (theme versions).",
                                ThemeDiff.Category.allCases.map(\.rawValue) + ["resolved"])
                        ),
                        ("path", text("Only tokens at this path or below it, such as color.accent (theme versions).")),
                        ("limit", integer("The most token changes in a page (default 50).", 1...resultLimit)),
                        ("cursor", text("The nextCursor of the previous page.", maxLength: 200)),
                    ], required: ["from"]),
                outputSchema: output([
                    ("kind", schema("string")), ("diff", schema("object")), ("total", schema("integer")),
                    ("nextCursor", schema("string")),
                ]))),
    ]

    private static func schema(_ type: String?, nullable: Bool = false) -> JSON {
        guard let type else { return .object([]) }
        return .object([("type", nullable ? .array([.string(type), .string("null")]) : .string(type))])
    }

    private static func text(_ description: String, maxLength: Int = 4096) -> JSON {
        .object([
            ("type", .string("string")), ("description", .string(description)),
            ("maxLength", .number(Double(maxLength))),
        ])
    }

    private static func choice(_ description: String, _ choices: [String]) -> JSON {
        .object([
            ("type", .string("string")), ("description", .string(description)),
            ("enum", .array(choices.map { .string($0) })),
        ])
    }

    private static func integer(_ description: String, _ range: ClosedRange<Int>) -> JSON {
        .object([
            ("type", .string("integer")), ("description", .string(description)),
            ("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound))),
        ])
    }

    private static func list(_ description: String? = nil, of type: String) -> JSON {
        var members: [(key: String, value: JSON)] = [
            ("type", .string("array")), ("items", .object([("type", .string(type))])),
        ]
        if let description { members.append(("description", .string(description))) }
        if type == "string" { members.append(("maxItems", .number(64))) }
        return .object(members)
    }

    private static func input(_ properties: [(key: String, value: JSON)], required: [String]) -> JSON {
        .object([
            ("type", .string("object")), ("properties", .object(properties)),
            ("required", .array(required.map { .string($0) })), ("additionalProperties", .bool(false)),
        ])
    }

    private static func output(_ properties: [(key: String, value: JSON)]) -> JSON {
        .object([
            ("type", .string("object")),
            (
                "properties",
                .object(
                    [("revision", schema("integer", nullable: true)), ("revisionID", schema("string", nullable: true))]
                        + properties)
            ),
            ("required", .array([.string("revision")])),
        ])
    }
}
