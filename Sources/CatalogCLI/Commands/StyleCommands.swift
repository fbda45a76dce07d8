import CatalogModel
import CatalogOperations

/// `catalog add-style FILE`: validates and publishes a style definition.
struct AddStyleCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "add-style", abstract: "Validate and publish one version of a style definition (such as capsule.json).",
        discussion: """
            Every token alias in the style must resolve, in every mode, in the theme the style \
            names or the one given with --theme; all unresolved aliases are reported together. \
            Publishing the same version again with identical content changes nothing.
            """,
        arguments: [ArgumentSpec("file", help: "The style document, or - for standard input.")],
        options: [
            .option(
                "--theme", value: "name[@version]", help: "Check aliases against this theme instead of the style's own."
            ).completing(.theme)
        ] + SharedOptions.revision)

    let file: String
    let theme: VersionedName?
    let revision: RevisionOptions

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file") ?? "-"
        revision = RevisionOptions(arguments)
        theme = try arguments.value("--theme").map { try SharedOptions.reference($0, arguments, what: "a theme") }
    }

    func run(_ context: CommandContext) throws {
        let (style, publication) = try Catalog.addStyle(
            file, checkedAgainst: theme, at: context.databasePath, waiting: context.waiting()
        ) { style in revision.note("add-style \(style.name) \(style.version)", context) }
        defer { context.report(publication.revision) }
        let checked = (theme?.name ?? style.theme).map { " (aliases checked against \($0))" } ?? ""
        switch publication.outcome {
        case .published:
            context.console.print("Published style \(style.name) \(style.version) for \(style.component)\(checked).")
        case .unchanged:
            context.console.print(
                "Style \(style.name) \(style.version) is already published with this content; nothing changed.")
        }
    }
}

/// `catalog style`: the style commands.
struct StyleCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "style", abstract: "List, show and resolve style definitions.",
        subcommands: [StyleListCommand.self, StyleShowCommand.self, StyleResolveCommand.self, StyleDiffCommand.self])
}

/// `catalog style list`.
struct StyleListCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "List style versions by component.", options: [SharedOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments.flag("--json") }

    func run(_ context: CommandContext) throws {
        context.printList(
            try context.openCatalog().styles(), json: json,
            empty: "No styles yet. Run 'catalog seed' or 'catalog add-style FILE'.",
            header: ["STYLE", "VERSION", "COMPONENT", "PROTOCOL", "THEME"],
            row: { [$0.name, $0.version.description, $0.component, $0.conformance, $0.theme ?? "-"] },
            object: {
                [
                    ("name", .string($0.name)), ("version", .string($0.version.description)),
                    ("component", .string($0.component)), ("protocol", .string($0.conformance)),
                    ("theme", $0.theme.map { .string($0) } ?? .null),
                    ("description", $0.description.map { .string($0) } ?? .null),
                ]
            })
    }
}

/// `catalog style show NAME[@VERSION]`.
struct StyleShowCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "Show a style definition and the tokens it uses.",
        arguments: [
            ArgumentSpec("style", help: "NAME or NAME@X.Y.Z (default: the latest version).", completes: .style)
        ],
        options: [SharedOptions.json])

    let reference: VersionedName
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("style") ?? "", arguments, what: "a style")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let detail = try context.openCatalog().styleDetail(reference)
        let style = detail.style
        if json {
            context.console.write(Formatting.json(try JSONParser.parse(detail.text, file: detail.sourceFile)))
            return
        }
        var lines = ["\(style.name) \(style.version) — \(style.conformance) for \(style.component)"]
        if let description = style.description { lines.append(description) }
        lines.append("theme:        \(style.theme ?? "none")")
        if !style.availability.isEmpty {
            lines.append(
                "availability: "
                    + PlatformVersions.text(style.availability))
        }
        if detail.drawnBy.isEmpty {
            lines.append("in code:      \(detail.spellings.joined(separator: ", "))  (custom style)")
        } else {
            lines.append("drawn by:     \(detail.drawnBy.joined(separator: ", "))")
        }
        lines.append("shape:        \(style.shape.kind.rawValue)")
        let states = StyleDefinition.stateNames.filter { style.states[$0] != nil }
        lines.append("states:       \(states.isEmpty ? "normal" : states.joined(separator: ", "))")
        if !style.roles.isEmpty { lines.append("roles:        \(style.roles.keys.sorted().joined(separator: ", "))") }
        if !style.sizes.isEmpty {
            lines.append(
                "sizes:        \(StyleDefinition.sizeNames.filter { style.sizes[$0] != nil }.joined(separator: ", "))")
        }
        let references = style.tokenReferences
        if !references.isEmpty {
            lines.append("tokens:")
            lines += Formatting.table(references.map { ["  " + $0.token, $0.jsonPath] }).split(separator: "\n").map(
                String.init)
        }
        if !style.chosen.isEmpty {
            lines.append("chosen (not published by the system): \(style.chosen.joined(separator: ", "))")
        }
        context.console.print(lines.joined(separator: "\n"))
    }
}

/// `catalog style resolve NAME --theme T …`.
struct StyleResolveCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "resolve", abstract: "Print a style's concrete values for a theme, mode, role, state and size.",
        discussion: "Colors print as #RRGGBBAA, lengths in points, durations in seconds.",
        arguments: [ArgumentSpec("style", help: "NAME or NAME@X.Y.Z.", completes: .style)],
        options: [
            .option(
                "--theme", value: "name[@version]",
                help: "The theme to resolve in (default: the project file's theme, else the style's own)."
            ).completing(.theme),
            SharedOptions.mode,
            .option("--state", value: "state", help: "normal (default), pressed, disabled, hover, focus or loading.")
                .completing(StyleDefinition.stateNames),
            .option("--size", value: "size", help: "A control size the style defines (small, regular, large).")
                .completing(StyleDefinition.sizeNames),
            .option("--role", value: "role", help: "A role, such as destructive or cancel.")
                .completing(StyleResolver.standardRoles),
            .flag("--reduce-motion", help: "Resolve as with Reduce Motion on."),
            SharedOptions.json,
        ])

    let reference: VersionedName
    let theme: VersionedName?
    let modes: [String]
    let role: String?
    let state: String
    let size: String?
    let reduceMotion: Bool
    let json: Bool
    let commandPath: [String]

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("style") ?? "", arguments, what: "a style")
        theme = try arguments.value("--theme").map { try SharedOptions.reference($0, arguments, what: "a theme") }
        modes = arguments.values("--mode")
        role = arguments.value("--role")
        state = arguments.value("--state") ?? "normal"
        commandPath = arguments.commandPath
        try ParsedArguments.check(
            state, option: "--state", among: StyleDefinition.stateNames, commandPath: arguments.commandPath)
        size = arguments.value("--size")
        try ParsedArguments.check(
            size, option: "--size", among: StyleDefinition.sizeNames, commandPath: arguments.commandPath)
        reduceMotion = arguments.flag("--reduce-motion")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let answer: StyleAnswer
        let catalog = try context.openCatalog()
        if theme == nil, let settings = context.settings, let chosen = settings.theme {
            try SharedOptions.checkProjectTheme(chosen, of: settings, in: catalog)
        }
        do {
            answer = try catalog.styleAnswer(
                reference, theme: theme ?? context.settings?.theme, modes: modes, role: role, state: state, size: size,
                reduceMotion: reduceMotion)
        } catch let error as StyleRequestError {
            throw SharedOptions.usageError(error, prefix: "--", commandPath: commandPath)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: commandPath)
        }
        // The WCAG verdict as get_style gives it: the same answer from the CLI and the server.
        if json {
            var members = ResolvedStyleRendering.json(answer.resolved).object ?? []
            members.append(("wcag", answer.contrast?.json ?? .null))
            members.append(("contrastNote", answer.contrastNote.map { .string($0) } ?? .null))
            context.console.write(Formatting.json(.object(members)))
        } else {
            context.console.write(ResolvedStyleRendering.text(answer.resolved) + "\n" + answer.contrastText)
        }
    }
}
