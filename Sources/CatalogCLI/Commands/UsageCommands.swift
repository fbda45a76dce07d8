import CatalogModel
import CatalogStore
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
            not in the catalog; --deprecated those whose style uses deprecated tokens.
            """,
        arguments: [
            ArgumentSpec("name", help: "A token path, style, component or component.option.", isOptional: true)
        ],
        options: [
            .option("--project", value: "name", help: "Only call sites of this project."),
            .flag("--unknown", help: "List call sites whose style or appearance is not in the catalog."),
            .flag("--deprecated", help: "List call sites whose style uses deprecated tokens."),
            SharedOptions.json,
        ],
        subcommands: [UsageScanCommand.self])

    let name: String?
    let project: String?
    let unknown: Bool
    let deprecated: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        name = arguments.argument("name")
        project = arguments.value("--project")
        unknown = arguments.flag("--unknown")
        deprecated = arguments.flag("--deprecated")
        json = arguments.flag("--json")
        if (name == nil) == !(unknown || deprecated) || (unknown && deprecated) {
            throw UsageError("give NAME, --unknown or --deprecated (one of them)", commandPath: arguments.commandPath)
        }
    }

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let specs = try repository.latestSpecs()
        let styles = try repository.latestStyles()
        let themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
            try repository.theme(VersionedName(name: $0))
        }
        let stored = try repository.storedSites(project: project)
        let sites = stored.map(\.site)
        // Sites are labelled with their project when more than one project answers.
        let labelled = Set(stored.map(\.project)).count > 1
        if unknown || deprecated {
            let rule = unknown ? "catalog-unknown-style" : "catalog-deprecated"
            let findings = Linter(specs: specs, styles: styles, themes: themes).findings(for: sites).filter {
                $0.rule == rule
            }
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
        var query = UsageQuery(name: name ?? "", specs: specs, styles: styles, themes: themes)
        // A style recorded in code but not in the catalog can be asked by name too.
        let recorded = sites.filter { site in
            guard let option = site.option else { return false }
            return query.name == "\(site.spec ?? site.component).\(option)"
                || query.name == "\(site.component).\(option)"
        }
        if query.kind == "unknown name", let first = recorded.first, let option = first.option {
            query.kind = "recorded style"
            query.options = [first.spec ?? first.component: [option]]
        }
        if query.kind == "unknown name" {
            // An unknown name is a failure (exit 1), with the nearest known name when one is close.
            var candidates = specs.map(\.name) + styles.map(\.name)
            candidates += specs.flatMap { spec in spec.axes.flatMap { $0.options.map { "\(spec.name).\($0.name)" } } }
            let tokenCount = themes.reduce(0) { $0 + $1.tokens.count }
            if tokenCount <= 50_000 { candidates += Set(themes.flatMap { $0.tokens.map(\.path) }) }
            let hint = Suggestion.closest(to: query.name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
            throw RequestError(
                "no token, style, component or component.option is named \(NameRules.quoted(query.name))\(hint)")
        }
        let matchedPairs = stored.filter { query.matches($0.site) }
        let matched = matchedPairs.map(\.site)
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("name", .string(query.name)), ("kind", .string(query.kind)),
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
                                matchedPairs.map { pair in
                                    var json = UsageRendering.json(pair.site)
                                    if case .object(let members) = json.kind {
                                        json = .object([("project", .string(pair.project))] + members)
                                    }
                                    return json
                                })
                        ),
                    ])))
            return
        }
        context.console.print("\(query.kind) \(query.name)")
        if query.kind == "token" {
            context.console.print(
                "  tokens through aliases (\(query.tokens.count)): \(query.tokens.sorted().joined(separator: ", "))")
        }
        if query.kind == "token" || query.kind == "style" {
            context.console.print("  styles (\(query.styles.count)): \(query.styles.sorted().joined(separator: ", "))")
        }
        context.console.print(
            "  specs (\(query.options.count)): "
                + query.options.keys.sorted().map { "\($0) (\(query.options[$0]!.sorted().joined(separator: ", ")))" }
                .joined(separator: ", "))
        context.console.print("  call sites (\(matched.count))")
        let groups = Dictionary(grouping: matchedPairs) {
            "\($0.site.component) \($0.site.option.map { "." + $0 } ?? "(default)")"
        }
        for key in groups.keys.sorted() {
            context.console.print("    \(key) (\(groups[key]!.count))")
            for (project, site) in groups[key]! {
                let label = labelled ? "[\(project)] " : ""
                context.console.print("      \(label)\(UsageRendering.text(site))")
            }
        }
    }
}

/// What a usage NAME refers to, and which call sites match it.
struct UsageQuery {
    let name: String
    /// `token`, `style`, `component` or `option`.
    var kind = "component"
    /// For tokens: the token and every token aliasing it (transitively).
    var tokens: Set<String> = []
    var styles: Set<String> = []
    /// Spec → options whose call sites count.
    var options: [String: Set<String>] = [:]
    /// For a plain component: every call site of it.
    var component: String?

    init(name: String, specs: [ComponentSpec], styles allStyles: [StyleDefinition], themes: [Theme]) {
        self.name = name
        published = PublishedStyles(specs: specs, styles: allStyles)
        if let spec = specs.first(where: { $0.name == name }) {
            kind = "component"
            component = spec.name
            options[spec.name] = Set(spec.axes.first?.options.map(\.name) ?? [])
            return
        }
        if let dot = name.firstIndex(of: "."), let spec = specs.first(where: { $0.name == String(name[..<dot]) }),
            spec.axes.contains(where: { $0.options.contains { $0.name == String(name[name.index(after: dot)...]) } })
        {
            kind = "option"
            options[spec.name] = [String(name[name.index(after: dot)...])]
            return
        }
        if allStyles.contains(where: { $0.name == name }) {
            kind = "style"
            styles = [name]
        } else if themes.contains(where: { $0.token(name) != nil }) {
            kind = "token"
            for theme in themes where theme.token(name) != nil {
                // Every token that reaches NAME through aliases, in any mode: a walk over the
                // reversed alias links.
                var aliasedBy: [String: [String]] = [:]
                for token in theme.tokens {
                    for target in ([token.value] + token.modes.values).compactMap(TokenValue.alias(in:)) {
                        aliasedBy[target, default: []].append(token.path)
                    }
                }
                var reached: Set<String> = [name]
                var pending = [name]
                while let next = pending.popLast() {
                    for source in aliasedBy[next] ?? [] where reached.insert(source).inserted { pending.append(source) }
                }
                tokens.formUnion(reached)
                for style in allStyles
                where style.theme == theme.name && style.tokenReferences.contains(where: { reached.contains($0.token) })
                {
                    styles.insert(style.name)
                }
            }
        } else {
            kind = "unknown name"
        }
        for spec in specs {
            for axis in spec.axes {
                for option in axis.options where option.style.map(styles.contains) == true {
                    options[spec.name, default: []].insert(option.name)
                }
            }
        }
        // Custom styles, as code spells them: `.dfButtonStyle(.capsule)`, `.buttonStyle(CapsuleButtonStyle())`.
        for style in styles {
            for (spec, spelled) in published.options[style] ?? [:] { options[spec, default: []].formUnion(spelled) }
        }
    }

    /// The custom styles, by how code spells them.
    var published: PublishedStyles

    func matches(_ site: UsageSite) -> Bool {
        if let component { return site.component == component || site.spec == component }
        if let custom = published.style(for: site) { return styles.contains(custom.name) }
        guard let spec = site.spec, let option = site.option else { return false }
        return options[spec]?.contains(option) == true
    }
}

/// How call sites print.
enum UsageRendering {
    static func text(_ site: UsageSite) -> String {
        var parts = [site.place]
        if site.inherited { parts.append("inherited") }
        if site.defaulted { parts.append("default style") }
        if site.dynamic { parts.append("dynamic \(site.axis ?? "style"): \(site.option ?? "?")") }
        if let role = site.role { parts.append("role \(role)") }
        if site.disabled { parts.append("disabled") }
        if !site.arguments.isEmpty {
            parts.append(
                site.arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        }
        if let type = site.enclosingType { parts.append("in \(type)\(site.enclosingBody.map { ".\($0)" } ?? "")") }
        return parts.joined(separator: "  ")
    }

    static func json(_ site: UsageSite) -> JSON {
        .object([
            ("file", .string(site.file)), ("line", .number(Double(site.line))),
            ("column", .number(Double(site.column))),
            ("component", .string(site.component)), ("spec", site.spec.map { .string($0) } ?? .null),
            ("axis", site.axis.map { .string($0) } ?? .null), ("option", site.option.map { .string($0) } ?? .null),
            ("inherited", .bool(site.inherited)), ("defaulted", .bool(site.defaulted)),
            ("dynamic", .bool(site.dynamic)),
            ("role", site.role.map { .string($0) } ?? .null), ("disabled", .bool(site.disabled)),
            ("arguments", .object(site.arguments.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("containers", .array(site.containers.map { .string($0) })),
            ("availability", .array(site.availability.map { .string($0) })),
            ("enclosingType", site.enclosingType.map { .string($0) } ?? .null),
            ("enclosingBody", site.enclosingBody.map { .string($0) } ?? .null),
        ])
    }
}

/// `catalog usage scan PATH...`: records the call sites in Swift sources.
struct UsageScanCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "scan", abstract: "Scan Swift sources for call sites of the catalog's components.",
        discussion: """
            Files are hashed; unchanged files are not parsed again; a byte search for component \
            names picks the files to parse, on every core, with the toolchain's SwiftParser. \
            The project's records are replaced in one transaction. Files that are not UTF-8 or \
            do not parse are reported as warnings and skipped. A project learns its root on its \
            first scan (the folder above the first path) and keeps it: paths are stored relative \
            to it, and scanning a subfolder later updates only that subtree. Its platforms come \
            from --platforms, else from the `platforms:` of a Package.swift at the root or in a \
            scanned folder; lint asks availability checks only for those.
            """,
        arguments: [ArgumentSpec("path", help: "Files or folders to scan.", isVariadic: true)],
        options: [
            .option("--project", value: "name", help: "The project the records belong to (default: default)."),
            .option("--platforms", value: "list", help: "The platforms the project ships on (iOS,macOS,…)."),
        ])

    let paths: [String]
    let project: String
    let platforms: [String]?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.variadic("path")
        project = arguments.value("--project") ?? "default"
        platforms = try SharedOptions.platforms(arguments)?.sorted()
    }

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let vocabulary = UsageVocabulary(specs: try repository.allSpecVersions())
        let stored = try repository.usageProject(project)
        let absolutes = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var isFolder: ObjCBool = false
        let firstIsFolder =
            FileManager.default.fileExists(atPath: absolutes[0].path, isDirectory: &isFolder)
            && isFolder.boolValue
        let firstFolder = firstIsFolder ? absolutes[0] : absolutes[0].deletingLastPathComponent()
        let root = stored?.root ?? firstFolder.deletingLastPathComponent().path
        let scope = try absolutes.map { try ProjectScanner.relative($0.path, to: root) }
        let declared =
            platforms ?? ([root] + absolutes.map(\.path)).lazy.compactMap(PackageManifest.platforms(in:)).first
            ?? stored?.platforms ?? []
        let listing = try ProjectScanner.swiftFiles(under: paths, root: root)
        for (folder, reason) in listing.unreadable { context.console.diagnose(.warning, reason, location: folder) }
        let files = listing.files
        let known = try repository.scannedFiles(project: project)
        let total = files.count
        // Progress comes from the scanning threads; the line takes one update at a time.
        let progress = context.progress("usage scan")
        let results = ProjectScanner(scanner: SourceScanner(vocabulary: vocabulary)).scan(files: files, known: known) {
            done in progress.update(done, of: total, step: "files")
        }
        progress.finish()
        for result in results where result.warning != nil {
            context.console.diagnose(.warning, result.warning!, location: result.path)
        }
        try repository.replaceScan(
            project: project,
            files: results.map {
                ScannedFile(
                    path: $0.path, hash: $0.hash, size: $0.size, modified: $0.modified, candidate: $0.candidate,
                    warning: $0.warning,
                    sites: $0.unchanged ? nil : $0.sites)
            }, scope: scope.contains("") ? nil : scope,
            details: UsageProject(name: project, root: root, platforms: declared))
        let unchanged = results.filter(\.unchanged).count
        let parsed = results.filter { !$0.unchanged && $0.candidate && $0.warning == nil }.count
        let sites = try repository.siteCount(project: project)
        context.console.print(
            "Scanned \(Formatting.plural(results.count, "file")) for project \(project): \(parsed) parsed, \(unchanged) unchanged, "
                + "\(results.count - parsed - unchanged) without components or skipped; \(Formatting.plural(sites, "call site")) recorded."
        )
    }
}

/// `catalog lint`: the specs' usage rules over scanned call sites.
struct LintCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "lint", abstract: "Check scanned call sites against the usage rules the specs declare.",
        options: [
            .option("--project", value: "name", help: "Only this project's call sites."),
            .option(
                "--error-on", value: "severity",
                help: "Exit 1 when a finding is at least this severe: error (default), warning, or never."
            ).completing(["error", "warning", "never"]),
            .option(
                "--platforms", value: "list",
                help: "The platforms the project ships on (iOS,macOS,…): availability rules ask only for these."),
            SharedOptions.json,
        ])

    let project: String?
    let errorOn: String
    let json: Bool
    let platforms: Set<String>?

    init(_ arguments: ParsedArguments) throws {
        project = arguments.value("--project")
        platforms = try SharedOptions.platforms(arguments)
        errorOn = try arguments.choice("--error-on", from: ["error", "warning", "never"], default: "error")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
            try repository.theme(VersionedName(name: $0))
        }
        let (specs, styles) = (try repository.latestSpecs(), try repository.latestStyles())
        // Each project against its own platforms (--platforms, else what its scan learnt).
        let byProject = Dictionary(grouping: try repository.storedSites(project: project), by: \.project)
        var findings: [Linter.Finding] = []
        for (name, sites) in byProject.sorted(by: { $0.key < $1.key }) {
            let known = try repository.usageProject(name)?.platforms ?? []
            let linter = Linter(
                specs: specs, styles: styles, themes: themes, platforms: platforms ?? (known.isEmpty ? nil : Set(known))
            )
            findings += linter.findings(for: sites.map(\.site))
        }
        if json {
            context.console.write(
                Formatting.json(
                    .array(
                        findings.map {
                            .object([
                                ("file", .string($0.site.file)), ("line", .number(Double($0.site.line))),
                                ("column", .number(Double($0.site.column))),
                                ("severity", .string($0.severity)), ("message", .string($0.message)),
                                ("rule", .string($0.rule)),
                            ])
                        })))
        } else {
            for finding in findings { context.console.print(finding.line) }
        }
        let failing = findings.contains {
            errorOn == "warning" ? $0.severity != "info" : (errorOn == "error" && $0.severity == "error")
        }
        if failing {
            throw CommandFailure(
                "\(findings.count) finding\(findings.count == 1 ? "" : "s"), failing at --error-on \(errorOn)")
        }
    }
}
