import CatalogModel
import CatalogOperations

/// `catalog spec`: the component spec commands.
struct SpecCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "spec", abstract: "Publish, list and show versioned component specs.",
        subcommands: [SpecAddCommand.self, SpecListCommand.self, SpecShowCommand.self, SpecDiffCommand.self])
}

/// `catalog spec add FILE`.
struct SpecAddCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "add", abstract: "Validate and publish one version of a component spec.",
        discussion: "Every style an option links to must already be in the catalog.",
        arguments: [ArgumentSpec("file", help: "The spec document, or - for standard input.")],
        options: SharedOptions.revision)

    let file: String
    let revision: RevisionOptions

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file") ?? "-"
        revision = RevisionOptions(arguments)
    }

    func run(_ context: CommandContext) throws {
        let (spec, publication) = try Catalog.addSpec(file, at: context.databasePath, waiting: context.waiting()) {
            spec in revision.note("spec add \(spec.name) \(spec.version)", context)
        }
        defer { context.report(publication.revision) }
        switch publication.outcome {
        case .published: context.console.print("Published spec \(spec.name) \(spec.version) (\(spec.system)).")
        case .unchanged:
            context.console.print(
                "Spec \(spec.name) \(spec.version) is already published with this content; nothing changed.")
        }
    }
}

/// `catalog spec list`.
struct SpecListCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "List component specs with their versions.", options: [SharedOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments.flag("--json") }

    func run(_ context: CommandContext) throws {
        context.printList(
            try context.openCatalog().specs(), json: json,
            empty: "No specs yet. Run 'catalog seed' or 'catalog spec add FILE'.",
            header: ["SPEC", "SYSTEM", "LATEST", "VERSIONS"],
            row: {
                [
                    $0.name, $0.system, $0.versions.last?.description ?? "",
                    $0.versions.map(\.description).joined(separator: ", "),
                ]
            },
            object: {
                [
                    ("name", .string($0.name)), ("system", .string($0.system)),
                    ("versions", .array($0.versions.map { .string($0.description) })),
                    ("latest", .string($0.versions.last?.description ?? "")),
                    ("summary", $0.summary.map { .string($0) } ?? .null),
                ]
            })
    }
}

/// `catalog spec show NAME[@VERSION]`.
struct SpecShowCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "Show a component spec.",
        arguments: [ArgumentSpec("spec", help: "NAME or NAME@X.Y.Z (default: the latest version).", completes: .spec)],
        options: [SharedOptions.json])

    let reference: VersionedName
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("spec") ?? "", arguments, what: "a spec")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let (spec, text, sourceFile) = try context.openCatalog().spec(reference)
        if json {
            context.console.write(Formatting.json(try JSONParser.parse(text, file: sourceFile)))
            return
        }
        context.console.write(SpecRendering.text(spec))
    }
}

/// How `catalog spec show` prints a spec.
enum SpecRendering {
    static func text(_ spec: ComponentSpec) -> String {
        var out = "\(spec.name) \(spec.version) — \(spec.system)\n"
        if let summary = spec.summary { out += summary + "\n" }
        if let module = spec.importModule { out += "\nimport \(module)\n" }
        if !spec.platforms.isEmpty {
            out +=
                "Platforms: "
                + PlatformVersions.text(spec.platforms)
                + "\n"
        }
        for initializer in spec.initializers {
            out += "\nInitializer \(initializer.signature)\n"
            out += Formatting.table(
                initializer.parameters.map {
                    ["  " + $0.name, $0.type, $0.required ? "required" : ($0.defaultValue ?? "")]
                },
                header: ["  PARAMETER", "TYPE", "DEFAULT"])
        }
        for axis in spec.axes {
            out +=
                "\nAxis \(axis.name)" + (axis.appliedWith.map { " (\($0))" } ?? "")
                + (axis.defaultOption.map { ", default \($0)" } ?? "") + "\n"
            out += Formatting.table(
                axis.options.map { option in
                    [
                        "  " + option.name, option.style ?? "-",
                        PlatformVersions.text(option.availability),
                    ]
                }, header: ["  OPTION", "STYLE", "AVAILABILITY"])
        }
        if !spec.roles.isEmpty {
            out += "\nRoles\n" + Formatting.table(spec.roles.map { ["  " + $0.name, $0.visualEffect] })
        }
        if !spec.states.isEmpty { out += "\nStates: \(spec.states.joined(separator: ", "))\n" }
        if !spec.accessibility.isEmpty {
            out += "\nAccessibility\n" + Formatting.table(spec.accessibility.map { ["  " + $0.feature, $0.behavior] })
        }
        if !spec.rules.isEmpty {
            out +=
                "\nUsage rules\n"
                + Formatting.table(spec.rules.map { ["  " + $0.id, $0.severity.rawValue, $0.description] })
        }
        for custom in spec.customStyles {
            out += "\nCustom styles implement \(custom.conformance) and receive:\n"
            out += Formatting.table(custom.configuration.map { ["  " + $0.name, $0.type, $0.description] })
        }
        return out
    }
}
