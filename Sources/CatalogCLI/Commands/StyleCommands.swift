import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

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
            )
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
        let (data, displayName) = try DocumentFiles.read(file)
        let (style, document) = try StyleReader.read(data, file: displayName)
        let catalog = try context.openCatalog()
        let publication = try InputFailure.attributing(to: displayName) {
            try catalog.publishing.publish(
                style: style, document: document, text: String(decoding: data, as: UTF8.self), sourceFile: displayName,
                theme: theme, note: revision.note("add-style \(style.name) \(style.version)", context))
        }
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
        arguments: [ArgumentSpec("style", help: "NAME or NAME@X.Y.Z (default: the latest version).")],
        options: [SharedOptions.json])

    let reference: VersionedName
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("style") ?? "", arguments, what: "a style")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        let (style, text, sourceFile) = try catalog.style(reference)
        if json {
            context.console.write(Formatting.json(try JSONParser.parse(text, file: sourceFile)))
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
        let options = try catalog.optionsDrawing(style: style.name)
        if options.isEmpty {
            // A custom style: no spec option draws it; code reaches it by these spellings.
            let component = try catalog.latestSpec(named: style.component)
            let spelled = style.spellings(in: component).map(\.text)
            lines.append("in code:      \(spelled.joined(separator: ", "))  (custom style)")
        } else {
            lines.append("drawn by:     \(options.joined(separator: ", "))")
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
        arguments: [ArgumentSpec("style", help: "NAME or NAME@X.Y.Z.")],
        options: [
            .option("--theme", value: "name[@version]", help: "The theme to resolve in (default: the style's own)."),
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
        let catalog = try context.openCatalog()
        let (style, _, _) = try catalog.style(reference)
        guard let themeReference = theme ?? style.theme.map({ VersionedName(name: $0) }) else {
            throw RequestError("style \(style.name) names no theme; pass --theme NAME")
        }
        let theme = try SharedOptions.theme(themeReference, in: catalog, commandPath: commandPath)
        try ParsedArguments.check(
            role, option: "--role", among: Array(Set(StyleResolver.standardRoles + style.roles.keys)).sorted(),
            commandPath: commandPath)
        let request = StyleResolver.Request(
            context: try SharedOptions.modes(modes, in: theme, commandPath: commandPath), role: role, state: state,
            size: size, reduceMotion: reduceMotion)
        let resolved = try StyleResolver(style: style, theme: theme).resolve(request)
        if json {
            context.console.write(Formatting.json(ResolvedStyleRendering.json(resolved)))
        } else {
            context.console.write(ResolvedStyleRendering.text(resolved))
        }
    }
}
