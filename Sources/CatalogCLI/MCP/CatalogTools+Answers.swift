import CatalogMCP
import CatalogModel
import CatalogOperations
import CatalogSystem
import CatalogUsage
import Foundation

/// The tools' answers, each read in the call's one transaction (see ``CatalogTools``).
extension CatalogTools {
    /// The command path usage errors name: the tool's options are the CLI's options.
    private static let path = ["mcp"]

    /// Components, styles, themes and tokens by name, description or value
    /// (``Catalog/search(_:kind:tokenLimit:)``), the first `limit` listed.
    func search(_ arguments: JSON) throws -> MCPToolResult {
        let query = (arguments.argument("query") ?? "").trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { throw RequestError("search needs a query that is not blank") }
        let limit = arguments.count("limit", default: 20)
        let result = try catalog.search(
            query, kind: arguments.argument("kind").flatMap(SearchMatch.Kind.init(rawValue:)),
            tokenLimit: Self.resultLimit * 5)
        let found = result.matches
        let shown = found.prefix(limit)
        var text =
            shown.isEmpty
            ? "Nothing matches \(query)." + (result.didYouMean.map { " Did you mean \($0)?" } ?? "")
            : shown.map { match in
                let theme = match.theme.map { " in \($0)" } ?? ""
                let words = match.matchedWords.map { " (\($0.joined(separator: ", ")))" } ?? ""
                return "\(match.kind.rawValue) \(match.name)\(theme) \(match.version)\(words)"
            }
            .joined(separator: "\n") + (found.count > limit ? "\n(\(found.count - limit) more)" : "")
        if let note = result.note { text = note + "\n" + text }
        return MCPToolResult(
            text: text,
            structured: .object([
                ("matches", .array(shown.map(Self.json))), ("total", .number(Double(found.count))),
                ("truncated", .bool(found.count > limit)), ("note", result.note.map { .string($0) } ?? .null),
                ("didYouMean", result.didYouMean.map { .string($0) } ?? .null),
            ]))
    }

    /// A search match as `search` answers it.
    static func json(_ match: SearchMatch) -> JSON {
        var members: [(key: String, value: JSON)] = [
            ("kind", .string(match.kind.rawValue)), ("name", .string(match.name)), ("version", .string(match.version)),
            ("summary", match.summary.map { .string($0) } ?? .null),
        ]
        if match.kind == .token {
            members += [
                ("theme", match.theme.map { .string($0) } ?? .null), ("type", match.type.map { .string($0) } ?? .null),
                ("value", match.value ?? .null),
            ]
        }
        if let words = match.matchedWords { members.append(("matchedWords", .array(words.map { .string($0) }))) }
        return .object(members)
    }

    /// A spec version with its variants and how code applies its styles
    /// (``Catalog/componentDetail(_:)``).
    func component(_ arguments: JSON) throws -> MCPToolResult {
        let detail = try catalog.componentDetail(
            try Self.reference(arguments, "name", version: arguments.argument("version")))
        let spec = detail.spec
        let applied: [JSON] = detail.applied.map { item in
            .object([
                ("style", .string(item.style)), ("import", .string(item.import)), ("modifier", .string(item.modifier)),
            ])
        }
        let variants: [JSON] = spec.axes.map { axis in
            .object([
                ("axis", .string(axis.name)), ("appliedWith", axis.appliedWith.map { .string($0) } ?? .null),
                ("default", axis.defaultOption.map { .string($0) } ?? .null),
                (
                    "options",
                    .array(
                        axis.options.map { option in
                            .object([
                                ("name", .string(option.name)), ("style", option.style.map { .string($0) } ?? .null),
                                (
                                    "availability",
                                    .object(
                                        option.availability.sorted { $0.key < $1.key }.map {
                                            ($0.key, .string($0.value))
                                        })
                                ),
                            ])
                        })
                ),
            ])
        }
        let designSystem: JSON = .object([
            ("import", spec.importModule.map { .string("import \($0)") } ?? .null),
            ("declaration", spec.declaration.map { .string($0) } ?? .null),
            ("quickStart", spec.quickStart.map { .string($0.code) } ?? .null),
        ])
        return MCPToolResult(
            text: SpecRendering.text(spec),
            structured: .object([
                ("name", .string(spec.name)), ("version", .string(spec.version.description)),
                ("system", .string(spec.system)), ("summary", spec.summary.map { .string($0) } ?? .null),
                ("spec", try JSONParser.parse(detail.text, file: detail.sourceFile)), ("variants", .array(variants)),
                ("apply", .object([("designSystem", designSystem), ("generatedPackage", .array(applied))])),
            ]))
    }

    /// A style resolved for a use, with its contrast verdict and Swift advice
    /// (``Catalog/styleAnswer(_:theme:modes:role:state:size:reduceMotion:)``).
    func style(_ arguments: JSON) throws -> MCPToolResult {
        let answer: StyleAnswer
        do {
            answer = try catalog.styleAnswer(
                try Self.reference(arguments, "name", version: arguments.argument("version")),
                theme: try arguments.argument("theme").map(Self.parse), modes: arguments.arguments("mode"),
                role: arguments.argument("role"), state: arguments.argument("state") ?? "normal",
                size: arguments.argument("size"))
        } catch let error as StyleRequestError {
            throw SharedOptions.usageError(error, prefix: "", commandPath: Self.path)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: Self.path)
        }
        return MCPToolResult(
            text: ResolvedStyleRendering.text(answer.resolved) + "\n" + answer.contrastText + answer.advice.text,
            structured: .object([
                ("resolved", ResolvedStyleRendering.json(answer.resolved)),
                ("contrast", answer.contrast.map { .number($0.ratio) } ?? .null),
                ("contrastNote", answer.contrastNote.map { .string($0) } ?? .null),
                ("wcag", answer.contrast?.json ?? .null), ("swift", answer.advice.json),
            ]))
    }

    /// The variants that suit an intent, ranked (``Catalog/recommend(intent:theme:targets:limit:)``),
    /// and the first one resolved as `get_style` resolves it, with the role the intent asks for.
    func recommend(_ arguments: JSON) throws -> MCPToolResult {
        let intent = (arguments.argument("intent") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !intent.isEmpty else { throw RequestError("recommend needs an intent that is not blank") }
        let theme = arguments.argument("theme")
        if let theme {
            let names = Set(try catalog.themes().map(\.name))
            guard names.contains(theme) else {
                let guess = Suggestion.closest(to: theme, in: names.sorted()).map { "; did you mean \($0)?" } ?? ""
                throw RequestError("no theme named \(theme)\(guess)")
            }
        }
        let targets = try Self.targets(arguments)
        let ranked = try catalog.recommend(
            intent: intent, theme: theme, targets: targets, limit: arguments.count("limit", default: 3))
        let role = ranked.lazy.compactMap(\.role).first
        guard let first = ranked.first else {
            return MCPToolResult(
                text: "No component's styles read \(theme ?? "a theme") in this catalog.",
                structured: .object([
                    ("recommendations", .array([])), ("role", .null),
                    ("note", .string("no component's styles read \(theme ?? "a theme")")), ("first", .null),
                ]))
        }
        let note: String? =
            first.score == 0
            ? "Nothing in the specs' guidance matches these words: the components' default variants follow."
            : nil
        // The first one as get_style answers it, in the style's own theme unless one was given.
        var styleArguments: [(key: String, value: JSON)] = [("name", .string(first.style))]
        if let theme { styleArguments.append(("theme", .string(theme))) }
        if let modes = arguments["mode"] { styleArguments.append(("mode", modes)) }
        if let role = first.role { styleArguments.append(("role", .string(role))) }
        let resolved = try style(.object(styleArguments))
        func line(_ item: Recommendation) -> String {
            var text = "\(item.component) \(item.axis) \(item.option) (\(item.style))"
            if let role = item.role { text += ", role \(role)" }
            if !item.matchedWords.isEmpty { text += " — matched \(item.matchedWords.joined(separator: ", "))" }
            if let guidance = item.guidance { text += "\n    \(guidance)" }
            for reason in item.unavailable { text += "\n    \(reason)" }
            return text
        }
        var text = (note.map { $0 + "\n" } ?? "") + "Recommended: " + line(first) + "\n"
        if !first.unavailable.isEmpty {
            text +=
                "The component itself is ruled out there: apply the generated package's style to a SwiftUI Button (the Swift below).\n"
        }
        text += resolved.text
        if ranked.count > 1 {
            text += "\nAlternatives:\n" + ranked.dropFirst().map { "  " + line($0) }.joined(separator: "\n")
        }
        return MCPToolResult(
            text: text,
            structured: .object([
                (
                    "recommendations",
                    .array(
                        ranked.map { item in
                            .object([
                                ("component", .string(item.component)),
                                ("componentVersion", .string(item.componentVersion.description)),
                                ("axis", .string(item.axis)), ("option", .string(item.option)),
                                ("style", .string(item.style)), ("theme", item.theme.map { .string($0) } ?? .null),
                                ("role", item.role.map { .string($0) } ?? .null), ("score", .number(item.score)),
                                ("matchedWords", .array(item.matchedWords.map { .string($0) })),
                                ("guidance", item.guidance.map { .string($0) } ?? .null),
                                ("unavailable", .array(item.unavailable.map { .string($0) })),
                            ])
                        })
                ),
                ("role", role.map { .string($0) } ?? .null), ("note", note.map { .string($0) } ?? .null),
                ("first", resolved.structured),
            ]))
    }

    /// The `platforms` argument as deployment targets.
    static func targets(_ arguments: JSON) throws -> [DeploymentTarget] {
        try arguments.arguments("platforms").map { text in
            guard let target = DeploymentTarget(text) else {
                throw RequestError("platforms: \(text) is not a platform (iOS 17, macOS, visionOS 2)")
            }
            return target
        }
    }

    /// A token's value in a context, with its chain, Swift names and styles
    /// (``Catalog/tokenDetail(_:theme:modes:)``), or as flagged at import.
    func token(_ arguments: JSON) throws -> MCPToolResult {
        let path = arguments.argument("path") ?? ""
        let lookup: TokenLookup
        do {
            lookup = try catalog.tokenDetail(
                path, theme: try arguments.argument("theme").map(Self.parse), modes: arguments.arguments("mode"))
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: Self.path)
        }
        switch lookup {
        case .flagged(let flagged): return Self.json(flagged)
        case .found(let detail): return Self.json(detail)
        }
    }

    static func json(_ detail: TokenDetail) -> MCPToolResult {
        let (part, token, path) = (detail.theme, detail.token, detail.token.path)
        var deprecation: JSON = .null
        if let deprecated = token.deprecation {
            deprecation = .object([("reason", deprecated.reason.map { .string($0) } ?? .null)])
        }
        let shown = Formatting.value(detail.value, type: token.type)
        let chain = detail.aliasChain
        return MCPToolResult(
            text: "\(path) (\(token.type.rawValue)) in \(part.name) \(part.version) \(detail.context): \(shown)"
                + (detail.reason.map { " — \($0)" } ?? "")
                + (chain.isEmpty ? "" : "\n  via \(chain.joined(separator: " → "))")
                + (detail.swiftNames.map { $0.isEmpty ? "" : "\n  Swift: \($0.joined(separator: ", "))" }
                    ?? "\n  Swift: not named here for a theme of \(detail.tokenCount) tokens; catalog export swift names them")
                + (detail.styles.isEmpty ? "" : "\n  styles: \(detail.styles.joined(separator: ", "))"),
            structured: .object([
                ("theme", .string(part.name)), ("version", .string(part.version.description)),
                ("context", .string(detail.context.description)), ("path", .string(path)),
                ("type", .string(token.type.rawValue)), ("value", detail.value),
                ("reason", detail.reason.map { .string($0) } ?? .null), ("state", .string(detail.state)),
                ("problems", .array(detail.problems.map { .string($0) })), ("declared", detail.declared ?? .null),
                ("aliasChain", .array(chain.map { .string($0) })),
                ("description", token.description.map { .string($0) } ?? .null), ("deprecation", deprecation),
                ("replacedBy", token.replacedBy.map { .string($0) } ?? .null),
                ("swiftNames", detail.swiftNames.map { .array($0.map { .string($0) }) } ?? .null),
                ("styles", .array(detail.styles.map { .string($0) })),
            ]))
    }

    static func json(_ flagged: FlaggedTokenDetail) -> MCPToolResult {
        let (token, blocks) = (flagged.token, flagged.blocks)
        return MCPToolResult(
            text:
                "\(token.path) in \(flagged.theme) \(flagged.version) is flagged, kept as written without a value: \(token.problems.joined(separator: "; ")) (catalog theme problems \(flagged.theme))"
                + (blocks.isEmpty
                    ? ""
                    : "\nIt blocks \(blocks.count) flagged token\(blocks.count == 1 ? "" : "s"): "
                        + blocks.prefix(20).joined(separator: ", ") + (blocks.count > 20 ? ", …" : "")),
            structured: .object([
                ("theme", .string(flagged.theme)), ("version", .string(flagged.version.description)),
                ("path", .string(token.path)), ("state", .string(token.keptWithValue ? "kept as written" : "flagged")),
                ("value", .null), ("written", token.source ?? .null), ("place", .string(token.place)),
                ("problems", .array(token.problems.map { .string($0) })),
                ("refersToFlagged", .bool(token.refersToRefused)),
                ("blocks", .array(blocks.map { .string($0) })),
            ]))
    }

    /// A theme's versions, size, styles and mode dimensions, or every theme's latest
    /// (``Catalog/themeOverview(_:)``).
    func theme(_ arguments: JSON) throws -> MCPToolResult {
        let reference = try arguments.argument("name").map { _ in
            try Self.reference(arguments, "name", version: arguments.argument("version"))
        }
        var lines: [String] = []
        let themes = try catalog.themeOverview(reference).map { overview -> JSON in
            let summary = overview.summary
            var line = "\(summary.name) \(summary.version) (\(summary.tokenCount) tokens)"
            line += summary.dimensions.isEmpty ? ": no modes" : ""
            for dimension in summary.dimensions {
                let modes = dimension.modes.map { $0 == dimension.defaultMode ? "\($0) (default)" : $0 }
                line += "\n  \(dimension.name): \(modes.joined(separator: ", "))"
            }
            if !overview.styles.isEmpty { line += "\n  styles: \(overview.styles.joined(separator: ", "))" }
            lines.append(line)
            return .object([
                ("name", .string(summary.name)), ("version", .string(summary.version.description)),
                ("versions", .array(overview.versions.map { .string($0.description) })),
                ("description", summary.description.map { .string($0) } ?? .null),
                ("tokenCount", .number(Double(summary.tokenCount))),
                (
                    "dimensions",
                    .array(
                        summary.dimensions.map { dimension in
                            .object([
                                ("name", .string(dimension.name)),
                                ("modes", .array(dimension.modes.map { .string($0) })),
                                ("default", .string(dimension.defaultMode)),
                            ])
                        })
                ),
                ("styles", .array(overview.styles.map { .string($0) })),
            ])
        }
        return MCPToolResult(text: lines.joined(separator: "\n"), structured: .object([("themes", .array(themes))]))
    }

    func findToken(_ arguments: JSON) throws -> MCPToolResult {
        let text = (arguments.argument("value") ?? "").trimmingCharacters(in: .whitespaces)
        let limit = arguments.count("limit", default: 10)
        let probe = try ValueProbe(text, type: arguments.argument("type"))
        // Without `mode`, every mode's values are compared (a dark value finds its token).
        let scopes: [NearestScope]
        do {
            scopes = try catalog.nearestScopes(
                theme: try arguments.argument("theme").map(Self.parse), mode: arguments.argument("mode"))
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: Self.path)
        }
        let shown = try catalog.nearestTokens(to: probe, in: scopes, limit: limit)
        func label(_ match: NearToken) -> String {
            "\(match.theme) \(match.path)" + (match.mode.isEmpty ? "" : " (\(match.mode))")
        }
        return MCPToolResult(
            text: shown.isEmpty
                ? "No \(probe.type.rawValue) token to compare \(ValueProbe.quoted(text)) with."
                : shown.map { "\(label($0))  \(probe.unit)\(JSON.format($0.distance.rounded(places: 2)))" }
                    .joined(separator: "\n"),
            structured: .object([
                ("kind", .string(probe.type.rawValue)), ("measure", .string(probe.measure)),
                (
                    "matches",
                    .array(
                        shown.map { match in
                            .object([
                                ("theme", .string(match.theme)), ("version", .string(match.version.description)),
                                ("path", .string(match.path)),
                                ("mode", match.mode.isEmpty ? .null : .string(match.mode)),
                                ("value", match.value), ("distance", .number(match.distance.rounded(places: 3))),
                            ])
                        })
                ),
            ]))
    }

    func usage(_ arguments: JSON) throws -> MCPToolResult {
        let report = try catalog.usage(of: arguments.argument("name") ?? "", project: arguments.argument("project"))
        let limit = arguments.count("limit", default: Self.usageLimit)
        let groups = Dictionary(grouping: report.callSites) { UsageRendering.group($0.site) }
        var json = UsageRendering.json(report)
        // The counts of everything, then the first `limit` call sites and reached tokens.
        if case .object(let members) = json.kind {
            let bounded = members.map { member -> (key: String, value: JSON) in
                guard ["callSites", "tokens", "tokenReferences", "appTokens"].contains(member.key),
                    let items = member.value.array,
                    items.count > limit
                else { return member }
                return (member.key, .array(Array(items.prefix(limit))))
            }
            json = .object(
                bounded + [
                    ("groups", .object(groups.keys.sorted().map { ($0, .number(Double(groups[$0]!.count))) })),
                    ("callSiteCount", .number(Double(report.callSites.count))),
                    ("tokenCount", .number(Double(report.query.tokens.count))),
                    ("tokenReferenceCount", .number(Double(report.tokenReferences.count))),
                    ("appTokenUseCount", .number(Double(report.appTokens?.entries.count ?? 0))),
                    (
                        "truncated",
                        .bool(
                            report.callSites.count > limit || report.query.tokens.count > limit
                                || report.tokenReferences.count > limit
                                || (report.appTokens?.entries.count ?? 0) > limit)
                    ),
                ])
        }
        let query = report.query
        return MCPToolResult(
            text:
                "\(query.kind.rawValue) \(query.name): \(report.callSites.count) call site\(report.callSites.count == 1 ? "" : "s")"
                + groups.keys.sorted().map { "\n  \($0) (\(groups[$0]!.count))" }.joined()
                + (query.styles.isEmpty ? "" : "\n  styles: \(query.styles.sorted().joined(separator: ", "))")
                + (query.kind == .token
                    ? "\n  named in code: \(report.tokenReferences.count)"
                        + report.tokenReferences.prefix(limit).map {
                            "\n    \($0.reference.place)  \($0.reference.spelling)  \($0.token)"
                        }.joined() : "")
                + (report.appTokens.map { found in
                    "\n  used in code: \(found.entries.count)"
                        + found.entries.prefix(limit).map { entry in
                            "\n    \(entry.use.reference.place)  \(entry.use.reference.spelling)  \(entry.use.token)"
                                + (entry.themes.isEmpty ? "" : " (theme \(entry.themes.joined(separator: ", ")))")
                        }.joined()
                } ?? "")
                + (report.callSites.count > limit || query.tokens.count > limit
                    ? "\n  (the first \(limit) call sites and tokens; limit gives more)" : ""),
            structured: json)
    }

    func lintSwift(_ arguments: JSON) throws -> MCPToolResult {
        let source: String
        let name: String
        switch (arguments.argument("source"), arguments.argument("path")) {
        case (let text?, nil):
            (source, name) = (text, "Source.swift")
        case (nil, let path?):
            // Standard input is the protocol's own stream.
            guard path != "-" else { throw RequestError("lint_swift reads a file, not standard input: pass source") }
            let data = try DocumentFiles.readRegularFile(
                path, within: roots.current.folders, limit: SourceLint.maximumSourceBytes)
            guard let text = String(data: data, encoding: .utf8) else {
                throw RequestError("\(path) is not UTF-8 text")
            }
            (source, name) = (text, path)
        default: throw RequestError("lint_swift takes source or path (one of them)")
        }
        let platforms = try Self.targets(arguments)
        let lint = try catalog.lint(
            source: source, fileName: name, platforms: platforms.isEmpty ? nil : platforms, environment: environment)
        let limit = arguments.count("limit", default: Self.usageLimit)
        let shown = lint.findings.prefix(limit)
        let findings: [JSON] = shown.map { finding in
            .object([
                ("line", .number(Double(finding.site.line))), ("column", .number(Double(finding.site.column))),
                ("severity", .string(finding.severity.rawValue)), ("rule", .string(finding.rule)),
                ("message", .string(finding.message)),
                (
                    "fix",
                    lint.fixes[finding.rule].map { .string($0) } ?? .null
                ),
            ])
        }
        let byRule = Dictionary(grouping: lint.findings, by: \.rule).mapValues(\.count)
        return MCPToolResult(
            text: lint.findings.isEmpty
                ? "No finding in \(lint.sites.count) call site\(lint.sites.count == 1 ? "" : "s")."
                : shown.map { "\($0.site.line):\($0.site.column): \($0.severity): \($0.message) [\($0.rule)]" }
                    .joined(separator: "\n")
                    + (lint.findings.count > limit ? "\n(\(lint.findings.count - limit) more; limit gives more)" : ""),
            structured: .object([
                ("findings", .array(findings)), ("findingCount", .number(Double(lint.findings.count))),
                ("byRule", .object(byRule.keys.sorted().map { ($0, .number(Double(byRule[$0]!))) })),
                ("sites", .number(Double(lint.sites.count))),
                ("warning", lint.warning.map { .string($0) } ?? .null),
            ]))
    }
}

// MARK: - Helpers

extension CatalogTools {
    /// `NAME` or `NAME@X.Y.Z`, refused plainly otherwise.
    static func parse(_ text: String) throws -> VersionedName {
        guard let reference = VersionedName(text) else {
            throw RequestError("\(text) is not NAME or NAME@X.Y.Z")
        }
        return reference
    }

    static func reference(_ arguments: JSON, _ key: String, version: String?) throws -> VersionedName {
        let name = arguments.argument(key) ?? ""
        guard let version else { return try parse(name) }
        return try parse("\(name)@\(version)")
    }
}
