import CatalogModel
import CatalogOperations
import CatalogUsage
import Foundation

/// Options several commands share.
enum SharedOptions {
    static let json = OptionSpec.flag("--json", help: "Print JSON for scripts.")
    static let mode = OptionSpec.option(
        "--mode", value: "mode",
        help: "A mode to resolve in, such as dark or colorScheme=dark (dimension=mode); one per dimension.",
        repeatable: true
    ).completing(.mode)

    /// `--exit-code` on every diff: exit 1 when `condition` holds, after printing the diff.
    static func exitCode(_ condition: String) -> OptionSpec {
        .flag("--exit-code", help: condition)
    }

    /// `-m` and `--author`, on every command that records a revision.
    static let revision: [OptionSpec] = [
        .option("-m", "--message", value: "text", help: "The revision message (default: what the command did)."),
        .option("--author", value: "name", help: "The revision author (default: $USER)."),
    ]

    /// `--format` with its choices, for every command that offers several output formats.
    static func format(_ choices: [String], help: String) -> OptionSpec {
        .option("--format", value: "format", help: help).completing(choices)
    }

    /// The chosen format: `--format`, or a shorthand flag (`--json`, `--markdown`) naming one
    /// of the choices; two different choices at once are a usage error.
    static func chosenFormat(_ arguments: ParsedArguments, choices: [String], default fallback: String) throws -> String
    {
        var chosen: [String] = []
        if arguments.value("--format") != nil {
            chosen.append(try arguments.choice("--format", from: choices, default: fallback))
        }
        for shorthand in choices where arguments.flag("--" + shorthand) { chosen.append(shorthand) }
        guard Set(chosen).count <= 1 else {
            throw UsageError(
                "choose one format: " + chosen.map { "'\($0)'" }.joined(separator: " and ") + " were both given",
                commandPath: arguments.commandPath)
        }
        return chosen.first ?? fallback
    }

    /// `-o`/`--output` (`--out` kept as an alias), on every command that writes a file or folder.
    static func output(_ value: String, help: String) -> OptionSpec {
        .option("-o", "--out", "--output", value: value, help: help)
    }

    /// The `--output` path, `nil` when not given; an empty path is a usage error.
    static func outputPath(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.value("--output") else { return nil }
        guard !path.isEmpty else {
            throw UsageError("--output is empty; give a path", commandPath: arguments.commandPath)
        }
        return path
    }

    /// `--platforms iOS,macOS` or with deployment targets, `--platforms 'iOS 26,macOS 15.2'`,
    /// each checked; `nil` when not given.
    static func platforms(_ arguments: ParsedArguments) throws -> [DeploymentTarget]? {
        try arguments.value("--platforms").map { list in
            let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            // An empty list would clear the project's platforms without a word.
            guard !items.isEmpty else {
                throw UsageError(
                    "--platforms needs at least one platform, such as 'iOS 26,macOS' (among \(Linter.platformNames.joined(separator: ", ")))",
                    commandPath: arguments.commandPath)
            }
            let targets = try items.map { item in
                guard let target = DeploymentTarget(item) else {
                    let name = String(item.prefix { $0.isLetter })
                    try ParsedArguments.check(
                        name, option: "--platforms", among: Linter.platformNames, commandPath: arguments.commandPath)
                    throw UsageError(
                        "--platforms: \(NameRules.quoted(item)) is not a platform with a version such as 'iOS 26' or 'macOS 15.2'",
                        commandPath: arguments.commandPath)
                }
                return target
            }
            return DeploymentTarget.merged(targets)
        }
    }

    /// The context `names` (`--mode` values) make in `theme`: every mistake a usage error
    /// (exit 64), an unknown name with the nearest one.
    static func modes(_ names: [String], in theme: Theme, commandPath: [String]) throws -> ModeContext {
        do {
            return try ModeContext.from(modeNames: names, in: theme)
        } catch {
            throw usageError(error, commandPath: commandPath)
        }
    }

    /// `error` as `--mode`'s usage error: an unknown name as any unknown option value.
    static func usageError(_ error: ModeContextError, commandPath: [String]) -> UsageError {
        if case .unknown(let name, let theme, let choices, _) = error {
            guard !choices.isEmpty else {
                return UsageError(
                    "unknown value \(NameRules.quoted(name)) for '--mode': \(theme) has no modes to choose",
                    commandPath: commandPath)
            }
            return ParsedArguments.unknownValue(name, option: "--mode", among: choices, commandPath: commandPath)
        }
        return UsageError(error.description, commandPath: commandPath)
    }

    /// `error` as the usage error of the option that gave the name (`--theme`, `--role`, or
    /// an MCP tool's `theme`, `role`: `prefix` is `--` or empty).
    static func usageError(_ error: StyleRequestError, prefix: String, commandPath: [String]) -> Error {
        switch error {
        case .noTheme(let style): return RequestError("style \(style) names no theme; pass \(prefix)theme NAME")
        case .unknownTheme(let name, let themes):
            return ParsedArguments.unknownValue(name, option: prefix + "theme", among: themes, commandPath: commandPath)
        case .unknownRole(let role, let roles):
            return ParsedArguments.unknownValue(role, option: prefix + "role", among: roles, commandPath: commandPath)
        }
    }

    /// Refuses a `--theme` naming no theme of the catalog as a usage error, with the nearest name.
    static func checkTheme(_ reference: VersionedName, in catalog: Catalog, commandPath: [String]) throws {
        let names = try Set(catalog.themes().map(\.name)).sorted()
        try ParsedArguments.check(reference.name, option: "--theme", among: names, commandPath: commandPath)
    }

    /// Refuses the theme a project file names (`"theme"` in `.catalog.json`, used where no
    /// `--theme` was given) when the catalog has none of that name: the file's mistake,
    /// said at its place, not a flag's the user never typed.
    static func checkProjectTheme(_ reference: VersionedName, of settings: ProjectSettings, in catalog: Catalog) throws
    {
        let names = try Set(catalog.themes().map(\.name)).sorted()
        guard !names.contains(reference.name) else { return }
        let hint =
            Suggestion.closest(to: reference.name, in: names).map { "did you mean \(NameRules.quoted($0))? " } ?? ""
        throw DocumentError(
            file: settings.file, path: "$.theme",
            message:
                "the catalog has no theme \(NameRules.quoted(reference.name)); \(hint)\(names.isEmpty ? "it holds none" : "themes: \(names.joined(separator: ", "))")"
        )
    }

    /// Parses a `NAME[@VERSION]` argument or throws a usage error.
    static func reference(_ text: String, _ arguments: ParsedArguments, what: String) throws -> VersionedName {
        guard let reference = VersionedName(text) else {
            throw UsageError("'\(text)' is not \(what) NAME or NAME@X.Y.Z", commandPath: arguments.commandPath)
        }
        return reference
    }
}
