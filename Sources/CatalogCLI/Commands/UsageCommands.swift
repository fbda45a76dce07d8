import CatalogModel
import CatalogOperations
import CatalogSystem
import CatalogUsage
import Foundation

/// `catalog usage NAME`: where a token, style, component or `component.option` is used.
struct UsageCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "usage", abstract: "Show where a token, style or component is used, in the catalog and in scanned code.",
        discussion: """
            NAME is a token path (colors.destructive), a style (DFButton.outlined), a component \
            (OUDSButton) or component.option (OUDSButton.negative): the catalog's references \
            (token → styles → specs, through aliases) and the call sites found by \
            'catalog usage scan', grouped and counted. --unknown lists call sites whose style is \
            not in the catalog; --deprecated those whose style uses deprecated tokens. \
            --app-tokens lists the app's own tokens its code uses (asset catalog colors by \
            name, its Color extensions and theme types; docs/usage.md lists each spelling), \
            each followed to the value it names; with NAME (asset:Latte, Latte, Color.latte), \
            only that one's uses. A NAME the catalog does not know is looked up there too.
            """,
        arguments: [
            ArgumentSpec(
                "name", help: "A token path, style, component or component.option.", isOptional: true, completes: .usage
            )
        ],
        options: [
            .option("--project", value: "name", help: "Only call sites of this project."),
            .flag("--unknown", help: "List call sites whose style or appearance is not in the catalog."),
            .flag("--deprecated", help: "List call sites whose style uses deprecated tokens."),
            .flag("--app-tokens", help: "List the app's own tokens its scanned code uses (or NAME's uses)."),
            SharedOptions.json,
        ],
        subcommands: [UsageScanCommand.self])

    let name: String?
    let project: String?
    let unknown: Bool
    let deprecated: Bool
    let appTokens: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        name = arguments.argument("name")
        project = arguments.value("--project")
        unknown = arguments.flag("--unknown")
        deprecated = arguments.flag("--deprecated")
        appTokens = arguments.flag("--app-tokens")
        json = arguments.flag("--json")
        if appTokens {
            if unknown || deprecated {
                throw UsageError(
                    "--app-tokens lists tokens; --unknown and --deprecated list call sites (one of them)",
                    commandPath: arguments.commandPath)
            }
        } else if (name == nil) == !(unknown || deprecated) || (unknown && deprecated) {
            throw UsageError(
                "give NAME, --unknown, --deprecated or --app-tokens (one of them)", commandPath: arguments.commandPath)
        }
    }

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        let project = self.project ?? context.settings?.project
        if appTokens {
            let report = try catalog.appTokenUses(project: project, name: name)
            print(report, context)
            return
        }
        if unknown || deprecated {
            let findings = try catalog.usageFindings(
                rule: unknown ? Linter.unknownStyleRule : Linter.deprecatedRule, project: project)
            if json {
                context.console.write(
                    Formatting.json(
                        .array(
                            findings.map {
                                .object([("site", UsageRendering.json($0.site)), ("message", .string($0.message))])
                            })))
            } else {
                for finding in findings { context.console.print("\(finding.site.place): \(finding.message)") }
                context.console.print("\(findings.count) call site\(findings.count == 1 ? "" : "s").")
            }
            return
        }
        let report = try catalog.usage(of: name ?? "", project: project)
        if let appTokens = report.appTokens {
            print(appTokens, context)
            return
        }
        let (query, matchedPairs, labelled) = (report.query, report.callSites, report.labelled)
        let matched = matchedPairs.map(\.site)
        if json {
            context.console.write(Formatting.json(UsageRendering.json(report)))
            return
        }
        context.console.print("\(query.kind.rawValue) \(query.name)")
        if query.kind == .token {
            context.console.print(
                "  tokens through aliases (\(query.tokens.count)): \(query.tokens.sorted().joined(separator: ", "))")
        }
        if query.kind == .token || query.kind == .style {
            context.console.print("  styles (\(query.styles.count)): \(query.styles.sorted().joined(separator: ", "))")
        }
        context.console.print(
            "  specs (\(query.options.count)): "
                + query.options.keys.sorted().map { "\($0) (\(query.options[$0]!.sorted().joined(separator: ", ")))" }
                .joined(separator: ", "))
        context.console.print("  call sites (\(matched.count))")
        let groups = Dictionary(grouping: matchedPairs) { UsageRendering.group($0.site) }
        for key in groups.keys.sorted() {
            context.console.print("    \(key) (\(groups[key]!.count))")
            for (project, site) in groups[key]! {
                let label = labelled ? "[\(project)] " : ""
                context.console.print("      \(label)\(UsageRendering.text(site, through: query.through(site)))")
            }
        }
        if query.kind == .token {
            context.console.print("  in code (\(report.tokenReferences.count))")
            for reference in report.tokenReferences {
                context.console.print("    " + UsageRendering.text(reference, labelled: labelled))
            }
        }
    }
}

extension UsageCommand {
    /// The app's own tokens' uses: text grouped by token, or JSON.
    func print(_ report: AppTokenReport, _ context: CommandContext) {
        if json {
            context.console.write(Formatting.json(.array(report.entries.map(UsageRendering.json))))
            return
        }
        let byToken = Dictionary(grouping: report.entries, by: \.use.token)
        for token in byToken.keys.sorted() {
            let entries = byToken[token]!
            let held = entries[0].themes.isEmpty ? "" : ", in theme " + entries[0].themes.joined(separator: ", ")
            context.console.print("app token \(token) (\(Formatting.plural(entries.count, "use"))\(held))")
            for entry in entries {
                let reference = entry.use.reference
                let through = entry.use.through.isEmpty ? [] : ["through " + entry.use.through.joined(separator: " → ")]
                context.console.print(
                    "  "
                        + ([(report.labelled ? "[\(entry.project)] " : "") + reference.place, reference.spelling]
                        + through + (reference.enclosingType.map { ["in \($0)"] } ?? [])).joined(separator: "  "))
            }
        }
        context.console.print(
            "\(Formatting.plural(byToken.count, "app token")), \(Formatting.plural(report.entries.count, "use")).")
    }
}

/// How call sites print.
enum UsageRendering {
    /// One use of an app's own token, as JSON.
    static func json(_ entry: AppTokenReport.Entry) -> JSON {
        let reference = entry.use.reference
        return .object([
            ("project", .string(entry.project)), ("file", .string(reference.file)),
            ("line", .number(Double(reference.line))), ("column", .number(Double(reference.column))),
            ("spelling", .string(reference.spelling)), ("kind", .string(reference.kind.rawValue)),
            ("token", .string(entry.use.token)), ("through", .array(entry.use.through.map { .string($0) })),
            ("themes", .array(entry.themes.map { .string($0) })),
            ("enclosingType", reference.enclosingType.map { .string($0) } ?? .null),
        ])
    }

    /// `usage NAME --json` (and `catalog mcp`'s `usage`): what the name refers to and the
    /// matching call sites, each with its project.
    static func json(_ report: UsageReport) -> JSON {
        let query = report.query
        return .object([
            ("name", .string(query.name)), ("kind", .string(query.kind.rawValue)),
            ("tokens", .array(query.tokens.sorted().map { .string($0) })),
            ("styles", .array(query.styles.sorted().map { .string($0) })),
            (
                "specs",
                .array(
                    query.options.keys.sorted().map { spec in
                        .object([
                            ("name", .string(spec)),
                            ("options", .array(query.options[spec]!.sorted().map { .string($0) })),
                        ])
                    })
            ),
            (
                "callSites",
                .array(
                    report.callSites.map { pair in
                        var json = Self.json(pair.site, through: query.through(pair.site))
                        if case .object(let members) = json.kind {
                            json = .object([("project", .string(pair.project))] + members)
                        }
                        return json
                    })
            ),
            ("tokenReferences", .array(report.tokenReferences.map(Self.json))),
            ("appTokens", .array((report.appTokens?.entries ?? []).map(Self.json))),
        ])
    }

    /// A place app code names a token: `file:line:column  Color.dfPrimary  colors.primary
    /// (DesignFoundation)  in Checkout`, with its project where several are shown.
    static func text(_ found: TokenNames.Reference, labelled: Bool) -> String {
        let reference = found.reference
        return
            ([(labelled ? "[\(found.project)] " : "") + reference.place, reference.spelling]
            + ["\(found.token) (\(found.theme))"] + (reference.enclosingType.map { ["in \($0)"] } ?? []))
            .joined(separator: "  ")
    }

    /// A place app code names a token, as JSON: what ``text(_:labelled:)`` says.
    static func json(_ found: TokenNames.Reference) -> JSON {
        let reference = found.reference
        return .object([
            ("project", .string(found.project)), ("file", .string(reference.file)),
            ("line", .number(Double(reference.line))), ("column", .number(Double(reference.column))),
            ("spelling", .string(reference.spelling)), ("theme", .string(found.theme)),
            ("token", .string(found.token)), ("enclosingType", reference.enclosingType.map { .string($0) } ?? .null),
        ])
    }

    /// The heading a site is counted under: its component and style as code spells it
    /// (`Button .bordered`, `Button AccentButtonStyle`), or what is not known of it.
    static func group(_ site: UsageSite) -> String {
        if site.unknownBecause != nil { return "\(site.component) (style unknown)" }
        if site.dynamic { return "\(site.component) (dynamic \(site.axis ?? "style"))" }
        guard let spelled = site.spelledStyle else { return "\(site.component) (no style)" }
        return "\(site.component) \(spelled)\(site.defaulted ? " (default)" : "")"
    }

    /// One site on one line, saying what `json(_:through:)` says of it: with `heading`, its
    /// component and style first (for a list not grouped by them); `through`, the choices
    /// of a dynamic site that reach what was asked.
    static func text(_ site: UsageSite, through: [String] = [], heading: Bool = false) -> String {
        var parts = [site.place]
        if heading { parts.append(group(site)) }
        if let reason = site.unknownBecause { parts.append("style unknown: \(reason)") }
        if site.dynamic { parts.append("dynamic \(site.axis ?? "style"): \(site.option ?? "?")") }
        if !through.isEmpty { parts.append("reached through \(through.joined(separator: ", "))") }
        if site.optionArguments != nil, !site.dynamic, let spelled = site.spelledOption { parts.append(spelled) }
        if let member = site.member { parts.append("known as .\(member)") }
        if let via = site.via { parts.append("through \(via), not declared in the scanned files") }
        if site.inherited { parts.append("inherited") }
        if site.defaulted { parts.append("default style") }
        if let role = site.role { parts.append("role \(role)") }
        if site.disabled { parts.append("disabled") }
        if !site.arguments.isEmpty {
            parts.append(
                site.arguments.sorted { $0.key < $1.key }.map {
                    "\($0.key): \($0.value)" + (site.dynamicArguments.contains($0.key) ? " (dynamic)" : "")
                }.joined(separator: ", "))
        }
        // Where the record holds: `#if os(iOS)`, `#available(macOS 26.0)`, `if colorScheme == .dark`.
        let conditions = site.availability.map {
            $0.hasPrefix("#if ") || $0.hasPrefix("if ") ? $0 : "#available(\($0))"
        }
        if site.branch > 0 || !conditions.isEmpty { parts.append(conditions.joined(separator: ", ")) }
        if !site.containers.isEmpty { parts.append("inside \(site.containers.joined(separator: " in "))") }
        if let type = site.enclosingType { parts.append("in \(type)\(site.enclosingBody.map { ".\($0)" } ?? "")") }
        return parts.filter { !$0.isEmpty }.joined(separator: "  ")
    }

    /// One site as JSON; `through`, as for ``text(_:through:heading:)``.
    static func json(_ site: UsageSite, through: [String] = []) -> JSON {
        .object([
            ("file", .string(site.file)), ("line", .number(Double(site.line))),
            ("column", .number(Double(site.column))), ("branch", .number(Double(site.branch))),
            ("component", .string(site.component)), ("spec", site.spec.map { .string($0) } ?? .null),
            ("axis", site.axis.map { .string($0) } ?? .null), ("option", site.option.map { .string($0) } ?? .null),
            ("optionArguments", site.optionArguments.map { .string($0) } ?? .null),
            ("inherited", .bool(site.inherited)), ("defaulted", .bool(site.defaulted)),
            ("dynamic", .bool(site.dynamic)), ("choices", .array(site.choices.map { .string($0) })),
            ("reachedThrough", .array(through.map { .string($0) })),
            ("member", site.member.map { .string($0) } ?? .null), ("via", site.via.map { .string($0) } ?? .null),
            ("unknownBecause", site.unknownBecause.map { .string($0) } ?? .null),
            ("role", site.role.map { .string($0) } ?? .null), ("disabled", .bool(site.disabled)),
            ("arguments", .object(site.arguments.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("dynamicArguments", .array(site.dynamicArguments.sorted().map { .string($0) })),
            ("containers", .array(site.containers.map { .string($0) })),
            ("availability", .array(site.availability.map { .string($0) })),
            ("enclosingType", site.enclosingType.map { .string($0) } ?? .null),
            ("enclosingBody", site.enclosingBody.map { .string($0) } ?? .null),
        ])
    }
}

/// `catalog lint`: the specs' usage rules over scanned call sites.
struct LintCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "lint", abstract: "Check scanned call sites against the usage rules the specs declare.",
        discussion: """
            Lints what catalog usage scan stored, or, given paths, scans those files and folders \
            and lints them without storing anything (the catalog is only read). Code suppresses a finding with a comment naming \
            the rule and a reason: // catalog-lint: ignore RULE -- reason (on the line before, or \
            at the end of the line), // catalog-lint: ignore-file RULE -- reason. A baseline file \
            (--write-baseline) holds accepted findings; with --baseline only the others are \
            reported and fail the build.
            """,
        arguments: [
            ArgumentSpec(
                "path", help: "Swift files or folders to scan and lint instead of the stored scan.", isOptional: true,
                isVariadic: true)
        ],
        options: [
            .option("--project", value: "name", help: "Only this project's call sites."),
            .option(
                "--error-on", value: "severity",
                help: "Exit 1 when a finding is at least this severe: error (default), warning, or never."
            ).completing(["error", "warning", "never"]),
            .option(
                "--platforms", value: "list",
                help:
                    "The platforms the project ships on, with deployment targets where known ('iOS 26,macOS'): availability rules ask only for these, below their targets."
            ),
            .option(
                "--format", value: "format",
                help: "text (default), json, or sarif (SARIF 2.1.0, for code-scanning views)."
            ).completing(["text", "json", "sarif"]),
            .option("--baseline", value: "file", help: "Accepted findings: report and fail only on the others."),
            .option(
                "--write-baseline", value: "file",
                help: "Write the findings as a baseline file (accepting them all) and exit 0."),
            SharedOptions.json,
        ])

    let paths: [String]
    let project: String?
    let errorOn: String
    let format: String
    let platforms: [DeploymentTarget]?
    let baseline: String?
    let writeBaseline: String?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.variadic("path")
        project = arguments.value("--project")
        if !paths.isEmpty, project != nil {
            throw UsageError(
                "--project names a stored scan; paths are linted without one", commandPath: arguments.commandPath)
        }
        platforms = try SharedOptions.platforms(arguments)
        errorOn = try arguments.choice("--error-on", from: ["error", "warning", "never"], default: "error")
        let format = try arguments.choice("--format", from: ["text", "json", "sarif"], default: "text")
        if arguments.flag("--json") && arguments.value("--format").map({ $0 != "json" }) == true {
            throw UsageError("--json and --format \(format) contradict each other", commandPath: arguments.commandPath)
        }
        self.format = arguments.flag("--json") ? "json" : format
        baseline = arguments.value("--baseline")
        writeBaseline = arguments.value("--write-baseline")
    }

    func run(_ context: CommandContext) throws {
        // The baseline is read before the catalog is opened, as every input file is.
        let accepted = try baseline.map { path in
            let (data, name) = try DocumentFiles.read(path)
            return try LintBaseline(data: data, file: name)
        }
        let catalog = try context.openCatalog()
        let platforms = self.platforms ?? context.settings?.platforms
        let report =
            paths.isEmpty
            ? try catalog.lintReport(
                project: project ?? context.settings?.project, platforms: platforms, baseline: accepted)
            : try catalog.lintReport(
                paths: paths, platforms: platforms, theme: context.settings?.theme?.name, baseline: accepted,
                environment: context.environment)
        if let writeBaseline {
            let written = LintBaseline(report.findings)
            try OutputFiles.write(Data(written.serialized().utf8), to: writeBaseline, context: context)
            context.console.print(
                "Wrote \(Formatting.plural(written.entries.count, "accepted finding")) to \(writeBaseline); catalog lint --baseline \(writeBaseline) reports only new ones."
            )
            return
        }
        let findings: [Linter.Finding] = report.findings.map { $0.finding }
        switch format {
        case "json":
            context.console.write(Formatting.json(.array(report.findings.map(Self.json))))
        case "sarif":
            context.console.write(Formatting.json(LintSARIF.log(report)))
        default:
            for finding in findings { context.console.print(finding.line) }
            var kept: [String] = []
            if report.suppressed > 0 { kept.append("\(report.suppressed) suppressed in the code") }
            if report.baselined > 0 { kept.append("\(report.baselined) accepted by the baseline") }
            if !kept.isEmpty {
                context.console.writeError(
                    "\(Formatting.plural(findings.count, "finding")); \(kept.joined(separator: ", "))\n")
            }
        }
        let threshold = UsageRule.Severity(rawValue: errorOn)  // nil for never
        let failing = findings.contains { finding in threshold.map { finding.severity >= $0 } ?? false }
        if failing {
            let new = report.baselined > 0 ? " not in the baseline" : ""
            throw CommandFailure(
                "\(findings.count) finding\(findings.count == 1 ? "" : "s")\(new), failing at --error-on \(errorOn)")
        }
    }

    /// A finding as `--json` gives it.
    static func json(_ found: (finding: Linter.Finding, fingerprint: String)) -> JSON {
        let (finding, fingerprint) = found
        return .object([
            ("file", .string(finding.site.file)), ("line", .number(Double(finding.site.line))),
            ("column", .number(Double(finding.site.column))), ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)), ("rule", .string(finding.rule)),
            ("fingerprint", .string(fingerprint)),
        ])
    }
}
