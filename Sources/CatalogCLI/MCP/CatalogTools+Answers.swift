import CatalogChanges
import CatalogCodegen
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

    func component(_ arguments: JSON) throws -> MCPToolResult {
        let reference = try Self.reference(arguments, "name", version: arguments.argument("version"))
        let (spec, text, file) = try catalog.spec(reference)
        let themes = try catalog.themes()
        var applied: [JSON] = []
        var seen: Set<String> = []
        for axis in spec.axes {
            for option in axis.options {
                guard let name = option.style, seen.insert(name).inserted,
                    let (style, _, _) = try? catalog.style(VersionedName(name: name)),
                    let swift = Self.swift(style, themes: themes)
                else { continue }
                applied.append(
                    .object([
                        ("style", .string(name)), ("import", .string(swift.import)),
                        ("modifier", .string(swift.modifier)),
                    ]))
            }
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
                ("spec", try JSONParser.parse(text, file: file)), ("variants", .array(variants)),
                ("apply", .object([("designSystem", designSystem), ("generatedPackage", .array(applied))])),
            ]))
    }

    func style(_ arguments: JSON) throws -> MCPToolResult {
        let (style, theme, resolved): (StyleDefinition, Theme, ResolvedStyle)
        do {
            (style, theme, resolved) = try catalog.resolveStyle(
                try Self.reference(arguments, "name", version: arguments.argument("version")),
                theme: try arguments.argument("theme").map(Self.parse), modes: arguments.arguments("mode"),
                role: arguments.argument("role"), state: arguments.argument("state") ?? "normal",
                size: arguments.argument("size"))
        } catch let error as StyleRequestError {
            throw SharedOptions.usageError(error, prefix: "", commandPath: Self.path)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: Self.path)
        }
        // WCAG contrast of the label on the fill, where both are colors and the fill is
        // opaque; a translucent fill's depends on what is behind it, and the answer says so.
        var contrast: JSON = .null
        var contrastNote: JSON = .null
        var wcag: ContrastVerdict?
        if let label = resolved.foreground?.color, let fill = resolved.background.color {
            if fill.alpha == 1 {
                wcag = ContrastVerdict(
                    ratio: label.contrastRatio(with: fill), font: resolved.font, state: resolved.state)
                contrast = .number(wcag!.ratio)
            } else {
                contrastNote = .string(
                    "the fill is translucent (alpha \(JSON.format((fill.alpha * 100).rounded() / 100))): its contrast depends on what is behind it"
                )
            }
        }
        let advice = try catalog.styleAdvice(style, theme: theme, role: resolved.role, state: resolved.state)
        var text = ResolvedStyleRendering.text(resolved) + "\n"
        if let wcag { text += "Contrast: \(wcag.text)\n" }
        if let note = contrastNote.string { text += "Contrast: \(note)\n" }
        return MCPToolResult(
            text: text + advice.text,
            structured: .object([
                ("resolved", ResolvedStyleRendering.json(resolved)), ("contrast", contrast),
                ("contrastNote", contrastNote), ("wcag", wcag?.json ?? .null), ("swift", advice.json),
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

    func token(_ arguments: JSON) throws -> MCPToolResult {
        let path = arguments.argument("path") ?? ""
        let candidates =
            try arguments.argument("theme").map { [try Self.parse($0)] }
            ?? Catalog.latest(try catalog.themes(), name: \.name, version: \.version).map {
                VersionedName(name: $0.name, version: $0.version)
            }
        var found: (theme: Theme, token: Token)?
        for reference in candidates {
            let part = try catalog.theme(reference, pathPrefix: path)
            if let token = part.tokens.first(where: { $0.path == path }) {
                found = (part, token)
                break
            }
        }
        guard let (part, token) = found else {
            if let flagged = try flaggedToken(path, in: candidates) { return flagged }
            throw RequestError(try missingToken(path, in: candidates, themeGiven: arguments.argument("theme")))
        }
        let context = try SharedOptions.modes(arguments.arguments("mode"), in: part, commandPath: Self.path)
        let chosen = context.chosen(in: part)
        // The alias chain, one stored lookup a step; a cycle or a depth of 32 ends it.
        var chain: [String] = []
        var value = token.value(choosing: chosen) ?? .null
        var seen: Set<String> = [path]
        while let target = TokenValue.alias(in: value), seen.insert(target).inserted, chain.count < 32 {
            chain.append(target)
            let next = try catalog.theme(VersionedName(name: part.name, version: part.version), pathPrefix: target)
            guard let targetToken = next.tokens.first(where: { $0.path == target }) else { break }
            value = targetToken.value(choosing: chosen) ?? .null
        }
        let resolved =
            try catalog.resolvedValues(of: [path], in: part, isWhole: false, context)[path] ?? .null
        // Swift names follow from the whole theme (collisions rename); a theme too large to
        // load for one answer is left without them, and the answer says so.
        let count = try catalog.tokenCount(theme: part.name, version: part.version)
        let names =
            count <= DocsExport.tokenLimit
            ? SwiftPackageExporter.codeNames(
                of: try catalog.theme(VersionedName(name: part.name, version: part.version)))[
                    path] ?? [] : nil
        let styles = try catalog.stylesReferring(to: path, theme: part.name, version: part.version)
        var deprecation: JSON = .null
        if let deprecated = token.deprecation {
            deprecation = .object([("reason", deprecated.reason.map { .string($0) } ?? .null)])
        }
        let shown = Formatting.value(resolved, type: token.type)
        // A value of nothing says why: the token is not defined there, or what it refers to is not.
        var reason: String?
        if resolved.isNull {
            if token.value(choosing: chosen) == nil {
                let defined = token.modes.filter { $0.value != nil }.map(\.key.description)
                reason =
                    "not defined in \(context)"
                    + (defined.isEmpty ? "" : "; defined in \(defined.joined(separator: ", "))")
            } else if let last = chain.last {
                reason = "refers to {\(last)}, which has no value in \(context) (catalog theme problems \(part.name))"
            } else {
                reason = "its value cannot be resolved in \(context) (catalog theme problems \(part.name))"
            }
        }
        return MCPToolResult(
            text: "\(path) (\(token.type.rawValue)) in \(part.name) \(part.version) \(context): \(shown)"
                + (reason.map { " — \($0)" } ?? "")
                + (chain.isEmpty ? "" : "\n  via \(chain.joined(separator: " → "))")
                + (names.map { $0.isEmpty ? "" : "\n  Swift: \($0.joined(separator: ", "))" }
                    ?? "\n  Swift: not named here for a theme of \(count) tokens; catalog export swift names them")
                + (styles.isEmpty ? "" : "\n  styles: \(styles.joined(separator: ", "))"),
            structured: .object([
                ("theme", .string(part.name)), ("version", .string(part.version.description)),
                ("context", .string(context.description)), ("path", .string(path)),
                ("type", .string(token.type.rawValue)), ("value", resolved),
                ("reason", reason.map { .string($0) } ?? .null),
                ("declared", token.value(choosing: chosen) ?? .null), ("aliasChain", .array(chain.map { .string($0) })),
                ("description", token.description.map { .string($0) } ?? .null), ("deprecation", deprecation),
                ("replacedBy", token.replacedBy.map { .string($0) } ?? .null),
                ("swiftNames", names.map { .array($0.map { .string($0) }) } ?? .null),
                ("styles", .array(styles.map { .string($0) })),
            ]))
    }

    /// A token flagged at import, answered as itself: where it was written, as written, its
    /// problems (what `theme problems` lists) and the flagged tokens it blocks (those
    /// flagged only because they refer to it); `nil` when no candidate flagged `path`.
    func flaggedToken(_ path: String, in candidates: [VersionedName]) throws -> MCPToolResult? {
        for reference in candidates {
            let (version, refused, _) = try catalog.unresolvedTokens(reference)
            guard let flagged = refused.first(where: { $0.path == path }) else { continue }
            let blocks = refused.filter { other in
                other.refersToRefused && other.source.map { TokenResolver.references(in: $0).contains(path) } == true
            }.map(\.path).sorted()
            return MCPToolResult(
                text:
                    "\(path) in \(reference.name) \(version) is flagged, kept as written without a value: \(flagged.problems.joined(separator: "; ")) (catalog theme problems \(reference.name))"
                    + (blocks.isEmpty
                        ? ""
                        : "\nIt blocks \(blocks.count) flagged token\(blocks.count == 1 ? "" : "s"): "
                            + blocks.prefix(20).joined(separator: ", ") + (blocks.count > 20 ? ", …" : "")),
                structured: .object([
                    ("theme", .string(reference.name)), ("version", .string(version.description)),
                    ("path", .string(path)), ("state", .string(flagged.keptWithValue ? "kept as written" : "flagged")),
                    ("value", .null), ("written", flagged.source ?? .null), ("place", .string(flagged.place)),
                    ("problems", .array(flagged.problems.map { .string($0) })),
                    ("refersToFlagged", .bool(flagged.refersToRefused)),
                    ("blocks", .array(blocks.map { .string($0) })),
                ]))
        }
        return nil
    }

    /// Why `get_token` found no token at `path` in `candidates`: the nearest paths under its
    /// longest existing group (loaded by prefix, so that a million-token theme is not read
    /// whole).
    func missingToken(_ path: String, in candidates: [VersionedName], themeGiven: String?) throws -> String {
        var segments = path.split(separator: ".").map(String.init)
        var nearby: [String] = []
        while !segments.isEmpty, nearby.isEmpty {
            segments.removeLast()
            let prefix = segments.joined(separator: ".")
            for reference in candidates {
                let part = try catalog.theme(reference, pathPrefix: prefix.isEmpty ? nil : prefix)
                guard part.tokens.count <= 100_000 else { break }
                nearby += part.tokens.map(\.path)
            }
        }
        let suggestion = Suggestion.closest(to: path, in: Array(Set(nearby)).sorted())
        return "no token \(path) in \(themeGiven ?? "any theme")"
            + (suggestion.map { "; did you mean \($0)?" } ?? "; search finds tokens by part of their name")
    }

    /// A theme's versions, size, styles and mode dimensions, or every theme's latest.
    func theme(_ arguments: JSON) throws -> MCPToolResult {
        let all = try catalog.themes()
        var chosen = Catalog.latest(all, name: \.name, version: \.version)
        if let name = arguments.argument("name") {
            let reference = try Self.reference(arguments, "name", version: arguments.argument("version"))
            let version = try catalog.themeVersion(reference)
            guard let summary = all.first(where: { $0.name == name && $0.version == version }) else {
                throw RequestError("no theme \(name)@\(version)")
            }
            chosen = [summary]
        }
        let styles = Catalog.latest(try catalog.styles(), name: \.name, version: \.version)
        var lines: [String] = []
        let themes = chosen.map { summary -> JSON in
            let versions = all.filter { $0.name == summary.name }.map(\.version).sorted()
            let drawn = styles.filter { $0.theme == summary.name }.map(\.name)
            var line = "\(summary.name) \(summary.version) (\(summary.tokenCount) tokens)"
            line += summary.dimensions.isEmpty ? ": no modes" : ""
            for dimension in summary.dimensions {
                let modes = dimension.modes.map { $0 == dimension.defaultMode ? "\($0) (default)" : $0 }
                line += "\n  \(dimension.name): \(modes.joined(separator: ", "))"
            }
            if !drawn.isEmpty { line += "\n  styles: \(drawn.joined(separator: ", "))" }
            lines.append(line)
            return .object([
                ("name", .string(summary.name)), ("version", .string(summary.version.description)),
                ("versions", .array(versions.map { .string($0.description) })),
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
                ("styles", .array(drawn.map { .string($0) })),
            ])
        }
        return MCPToolResult(text: lines.joined(separator: "\n"), structured: .object([("themes", .array(themes))]))
    }

    func findToken(_ arguments: JSON) throws -> MCPToolResult {
        let text = (arguments.argument("value") ?? "").trimmingCharacters(in: .whitespaces)
        let limit = arguments.count("limit", default: 10)
        let probe = try ValueProbe(text, type: arguments.argument("type"))
        let themes = try catalog.themes()
        let references =
            try arguments.argument("theme").map { [try Self.parse($0)] }
            ?? Catalog.latest(themes, name: \.name, version: \.version).map {
                VersionedName(name: $0.name, version: $0.version)
            }
        // Without `mode`, every mode's values are compared (a dark value finds its token).
        let scopes = try references.map { reference in
            let version = try catalog.themeVersion(reference)
            guard let name = arguments.argument("mode") else {
                return NearestScope(theme: reference.name, version: version, modes: .every)
            }
            guard let summary = themes.first(where: { $0.name == reference.name && $0.version == version })
            else { throw RequestError("no theme \(reference.name)@\(version)") }
            let header = Self.header(summary)
            let context = try SharedOptions.modes([name], in: header, commandPath: Self.path)
            let mode =
                header.dimensions.lazy.compactMap { dimension in
                    context.mode(for: dimension.name, in: header).flatMap {
                        $0 == dimension.defaultMode ? nil : ModeKey(dimension.name, $0)
                    }
                }.first
            return NearestScope(
                theme: reference.name, version: version,
                modes: .one(mode, name: mode.map { ModeNaming(header.dimensions).name($0) } ?? ""))
        }
        let shown = try catalog.nearestTokens(to: probe, in: scopes, limit: limit)
        func label(_ match: NearToken) -> String {
            "\(match.theme) \(match.path)" + (match.mode.isEmpty ? "" : " (\(match.mode))")
        }
        return MCPToolResult(
            text: shown.isEmpty
                ? "No \(probe.type.rawValue) token to compare \(ValueProbe.quoted(text)) with."
                : shown.map { "\(label($0))  \(probe.unit)\(JSON.format(($0.distance * 100).rounded() / 100))" }
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
                                ("value", match.value), ("distance", .number((match.distance * 1000).rounded() / 1000)),
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
                guard ["callSites", "tokens", "tokenReferences"].contains(member.key), let items = member.value.array,
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
                    (
                        "truncated",
                        .bool(
                            report.callSites.count > limit || report.query.tokens.count > limit
                                || report.tokenReferences.count > limit)
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
        let rules = try Dictionary(
            catalog.specs().compactMap { try catalog.latestSpec(named: $0.name) }.flatMap(\.rules).map { ($0.id, $0) }
        ) { first, _ in first }
        let limit = arguments.count("limit", default: Self.usageLimit)
        let shown = lint.findings.prefix(limit)
        let findings: [JSON] = shown.map { finding in
            .object([
                ("line", .number(Double(finding.site.line))), ("column", .number(Double(finding.site.column))),
                ("severity", .string(finding.severity.rawValue)), ("rule", .string(finding.rule)),
                ("message", .string(finding.message)),
                (
                    "fix",
                    (rules[finding.rule]?.description ?? Linter.catalogRuleFixes[finding.rule]).map { .string($0) }
                        ?? .null
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

    /// What changed, bounded: a theme's token changes a page at a time (`limit`, default
    /// ``changesPage``; `cursor` for the next), filtered by `kind` and `path` prefix, with
    /// the counts of all of them first; a catalog diff gives each theme's full diff only
    /// where it fits in a page, else its summary and the theme query that pages through it.
    func changes(_ arguments: JSON) throws -> MCPToolResult {
        let from = arguments.argument("from") ?? ""
        let to = arguments.argument("to")
        let limit = arguments.count("limit", default: Self.changesPage)
        if from.contains("@") {
            let left = try Self.parse(from)
            let right = try to.map(Self.parse) ?? VersionedName(name: left.name)
            guard left.name == right.name else {
                throw RequestError("changes compares two versions of one theme, not \(left.name) and \(right.name)")
            }
            if try !catalog.themes().contains(where: { $0.name == left.name }) {
                return try documentChanges(left, right, limit: limit)
            }
            let report = try catalog.impact(of: left.name, from: left, to: right, project: nil)
            let (full, impact) = (report.diff, report.impact)
            let filtered = Self.filtered(full, kind: arguments.argument("kind"), path: arguments.argument("path"))
            let total = filtered.entries.count + filtered.resolved.count
            var query = arguments
            query.kind = .object((arguments.object ?? []).filter { $0.key != "cursor" })
            let key = "changes " + query.serialized()
            let offset = try MCPCursor.offset(of: arguments.argument("cursor"), query: key, count: total)
            var page = filtered
            page.entries = Array(filtered.entries.dropFirst(offset).prefix(limit))
            let resolvedOffset = max(0, offset - filtered.entries.count)
            page.resolved = Array(
                filtered.resolved.dropFirst(resolvedOffset).prefix(max(0, limit - page.entries.count)))
            let next = MCPCursor.next(after: offset, limit: limit, count: total, query: key)
            let shown = page.entries.count + page.resolved.count
            var text = DiffRendering.text(page, impact: impact)
            if shown < total || offset > 0 {
                text +=
                    "\nChanges \(offset + 1)–\(offset + shown) of \(total)"
                    + (next.map { "; the next page: cursor \($0)" } ?? "")
            }
            var members: [(String, JSON)] = [
                ("kind", .string("theme")), ("total", .number(Double(total))),
                ("offset", .number(Double(offset))), ("returned", .number(Double(shown))),
                ("summary", full.json(impact: nil)["summary"] ?? .null),
                ("diff", page.json(impact: impact)),
            ]
            if let next { members.append(("nextCursor", .string(next))) }
            let sites = Self.callSites(report.callSites, limit: limit)
            members.append(("callSites", sites.json))
            return MCPToolResult(text: text + sites.text, structured: .object(members))
        }
        let (diff, fromRevision, toRevision) = try catalog.diff(from: from, to: to)
        let label = { (revision: Revision?) in revision.map { "#\($0.sequence)" } ?? "the empty catalog" }
        var json = DiffCommand.json(diff)
        // A theme diff past a page is summarized, with the query that pages through it.
        var summarized: [String] = []
        if case .object(var members) = json.kind, let index = members.firstIndex(where: { $0.key == "themes" }) {
            let themes = (members[index].value.array ?? []).map { theme -> JSON in
                guard let diff = theme["diff"], let name = theme["name"]?.string,
                    let fromVersion = theme["from"]?.string, let toVersion = theme["to"]?.string,
                    let count = diff["summary"]?.object?.reduce(0, { $0 + Int($1.value.number ?? 0) }),
                    count > limit
                else { return theme }
                summarized.append(name)
                var kept = (theme.object ?? []).filter { $0.key != "diff" && $0.key != "changes" }
                kept.append(("changeCount", .number(Double(count))))
                kept.append(
                    (
                        "diff",
                        .object(
                            (diff.object ?? []).filter {
                                ["format", "from", "to", "breaking", "summary"].contains($0.key)
                            }
                        )
                    ))
                kept.append(
                    (
                        "more",
                        .string(
                            "\(count) token changes: ask changes with from \(name)@\(fromVersion) and to \(name)@\(toVersion), a page at a time"
                        )
                    ))
                return .object(kept)
            }
            members[index].value = .array(themes)
            json = .object(members)
        }
        return MCPToolResult(
            text: "Catalog diff \(label(fromRevision)) → \(label(toRevision)): \(diff.level)"
                + diff.themes.map { theme in
                    summarized.contains(theme.name)
                        ? "\ntheme \(theme.name): \(theme.changes.count) changes; changes \(theme.name)@\(theme.from?.description ?? "?") \(theme.name)@\(theme.to?.description ?? "?") pages through them"
                        : "\ntheme \(theme.name): "
                            + theme.changes.map { "\($0.level) \($0.message)" }.joined(separator: "; ")
                }.joined()
                + diff.documents.map { document in
                    "\n\(document.kind) \(document.name): "
                        + document.changes.map { "\($0.level) \($0.message)" }.joined(separator: "; ")
                }.joined(),
            structured: .object([
                ("kind", .string("catalog")), ("from", fromRevision.map { .string($0.id) } ?? .null),
                ("to", .string(toRevision.id)), ("diff", json),
            ]))
    }

    /// The call sites and reached tokens `usage` lists by default.
    static let usageLimit = 100

    /// The token changes of one page of `changes`.
    static let changesPage = 50

    /// `changes` between two versions of a spec or a style, as `spec diff` and `style diff`
    /// classify them, with the call sites of the spec's component or the style.
    func documentChanges(_ left: VersionedName, _ right: VersionedName, limit: Int) throws -> MCPToolResult {
        let kind: DocumentKind
        let (specs, styles) = (try catalog.specs(), try catalog.styles())
        if specs.contains(where: { $0.name == left.name }) {
            kind = .spec
        } else if styles.contains(where: { $0.name == left.name }) {
            kind = .style
        } else {
            let names = Set(try catalog.themes().map(\.name) + specs.map(\.name) + styles.map(\.name))
            throw RequestError(
                "no theme, spec or style is named \(left.name)"
                    + (Suggestion.closest(to: left.name, in: names.sorted()).map { "; did you mean \($0)?" } ?? ""))
        }
        // Always NAME@VERSION: compareDocuments reads a file of that name where there is one.
        let versions =
            kind == .spec
            ? specs.filter { $0.name == right.name }.flatMap(\.versions)
            : styles.filter { $0.name == right.name }.map(\.version)
        guard let toVersion = right.version ?? versions.max() else {
            throw RequestError("\(right.name) has no published version")
        }
        let compared = try catalog.compareDocuments(kind, left.description, "\(right.name)@\(toVersion)")
        let check = compared.check
        let usage = try catalog.usage(of: compared.name, project: nil)
        let sites = Self.callSites(usage.callSites.map(\.site), limit: limit)
        var text =
            "\(kind) \(compared.name) \(check.previous) → \(check.version): \(compared.changes.count) change\(compared.changes.count == 1 ? "" : "s"), \(check.level)"
        text += compared.changes.map { "\n  \($0.level)  \($0.message)" }.joined()
        return MCPToolResult(
            text: text + sites.text,
            structured: .object([
                ("kind", .string(kind.rawValue)), ("name", .string(compared.name)),
                ("from", .string(check.previous.description)), ("to", .string(check.version.description)),
                ("level", .string(check.level.description)),
                ("suggestedVersion", .string(check.suggestedVersion.description)),
                ("changes", .array(compared.changes.map(\.json))), ("callSites", sites.json),
            ]))
    }

    /// Call sites reached, bounded: the count, and the first `limit` as `file:line:column`.
    static func callSites(_ sites: [UsageSite], limit: Int) -> (json: JSON, text: String) {
        let shown = sites.prefix(limit)
        let json = JSON.object([
            ("total", .number(Double(sites.count))),
            ("sites", .array(shown.map { .string($0.place) })),
        ])
        guard !sites.isEmpty else { return (json, "\nCall sites: none recorded (catalog usage scan records them)") }
        let more = sites.count > shown.count ? " (first \(shown.count))" : ""
        return (json, "\nCall sites, \(sites.count)\(more): " + shown.map(\.place).joined(separator: ", "))
    }

    /// `diff` with only the entries of category `kind` (`resolved` for the resolved
    /// changes) whose path starts with `path`.
    static func filtered(_ diff: ThemeDiff, kind: String?, path: String?) -> ThemeDiff {
        var kept = diff
        let matches = { (candidate: String) in
            guard let path, !path.isEmpty else { return true }
            return candidate == path || candidate.hasPrefix(path.hasSuffix(".") ? path : path + ".")
        }
        kept.entries =
            kind == "resolved"
            ? []
            : diff.entries.filter { entry in
                (kind == nil || entry.category.rawValue == kind) && matches(entry.path)
            }
        kept.resolved = kind == nil || kind == "resolved" ? diff.resolved.filter { matches($0.path) } : []
        return kept
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

    /// How code using the generated package applies `style`, when it names a theme of `themes`.
    static func swift(_ style: StyleDefinition, themes: [ThemeSummary]) -> (import: String, modifier: String)? {
        guard let name = style.theme,
            let summary = Catalog.latest(themes.filter { $0.name == name }, name: \.name, version: \.version).first
        else { return nil }
        return SwiftPackageExporter.applying(style, theme: header(summary))
    }

    /// A theme version without its tokens: its name, version and mode dimensions.
    static func header(_ summary: ThemeSummary) -> Theme {
        Theme(name: summary.name, version: summary.version, dimensions: summary.dimensions, tokens: [])
    }
}
