import CatalogModel
import CatalogOperations

/// `catalog theme problems NAME[@VERSION]`: a theme version's unresolved tokens, with
/// where they were written and why: those its import flagged (kept with their source as
/// written and no value) and those kept with a reference to nothing; and the token sets of a
/// Tokens Studio export that no theme selects.
struct ThemeProblemsCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "problems", abstract: "List a theme version's unresolved tokens, with where and why.",
        discussion: """
            theme add keeps a tree whole: a token it cannot read (an unknown type, a value its \
            type cannot take, an expression it cannot evaluate, a reference to nothing) is kept \
            with its source as written and its problem, without a value, and tokens referring \
            to it are unresolved too. This lists them; theme export writes them back as written. \
            Exits 0 either way: the listing is the answer.
            """,
        arguments: [
            ArgumentSpec("theme", help: "NAME or NAME@X.Y.Z (default: the latest version).", completes: .theme)
        ],
        options: [
            .option("--path", value: "prefix", help: "Only tokens whose path starts with this prefix.").completing(
                .token),
            SharedOptions.mode,
            SharedOptions.json,
        ])

    let reference: VersionedName
    let prefix: String?
    let modes: [String]
    let json: Bool
    let commandPath: [String]

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("theme") ?? "", arguments, what: "a theme")
        prefix = arguments.value("--path")
        modes = arguments.values("--mode")
        json = arguments.flag("--json")
        commandPath = arguments.commandPath
    }

    func run(_ context: CommandContext) throws {
        try Self.show(
            reference, prefix: prefix, modes: modes, json: json, context, try context.openCatalog(),
            commandPath: commandPath)
    }

    /// Prints the unresolved tokens of `reference` (also `theme show --invalid`); with
    /// `modes`, those without a value in that context, with that context's reasons.
    static func show(
        _ reference: VersionedName, prefix: String?, modes: [String], json: Bool, _ context: CommandContext,
        _ catalog: Catalog, commandPath: [String]
    ) throws {
        let (version, recorded, unselected): (Semver, [RefusedToken], [UnselectedSet])
        do {
            (version, recorded, unselected) = try catalog.unresolvedTokens(
                reference, modes: modes.isEmpty ? nil : modes)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: commandPath)
        }
        let tokens = recorded.filter { prefix == nil || $0.path.hasPrefix(prefix!) }
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("theme", .string(reference.name)), ("version", .string(version.description)),
                        ("modes", .array(modes.map { .string($0) })),
                        ("unresolved", .array(tokens.map(object))),
                        (
                            "unselectedSets",
                            .array(
                                unselected.map {
                                    .object([
                                        ("set", .string($0.name)), ("file", .string($0.file)),
                                        ("tokens", .number(Double($0.tokenCount))),
                                    ])
                                })
                        ),
                    ])))
            return
        }
        let scope = modes.isEmpty ? "" : " in " + modes.joined(separator: ", ")
        context.console.print(
            "\(reference.name) \(version): \(Formatting.plural(tokens.count, "unresolved token"))\(scope)")
        for token in tokens {
            let state =
                token.keptWithValue
                ? "kept with its reference"
                : token.refersToRefused
                    ? "refers to an unresolved token"
                    : token.modes.isEmpty ? "flagged" : "flagged in \(token.modes.joined(separator: ", "))"
            context.console.print("  \(token.path)  \(token.place.isEmpty ? "" : token.place + "  ")(\(state))")
            for problem in token.problems { context.console.print("    \(problem)") }
        }
        guard !unselected.isEmpty else { return }
        context.console.print(
            "\(Formatting.plural(unselected.count, "token set")) no theme selects, so in no context (kept as written):")
        for set in unselected {
            context.console.print("  \(set.name)  \(set.file)  (\(Formatting.plural(set.tokenCount, "token")))")
        }
    }

    private static func object(_ token: RefusedToken) -> JSON {
        .object([
            ("path", .string(token.path)), ("place", token.place.isEmpty ? .null : .string(token.place)),
            (
                "state",
                .string(token.keptWithValue ? "dangling" : token.refersToRefused ? "refersToUnresolved" : "flagged")
            ),
            ("modes", .array(token.modes.map { .string($0) })),
            ("problems", .array(token.problems.map { .string($0) })),
            ("source", token.source ?? .null),
        ])
    }
}
