import CatalogModel
import CatalogOperations

/// The options every command accepts, wherever they appear on the command line.
package struct GlobalOptions: Sendable, Equatable {
    /// `--db PATH`.
    package var databasePath: String?
    /// `-h` / `--help`.
    package var help = false
    /// `--version`.
    package var version = false
    /// `--verbose`: failures also show their technical detail (SQL, result codes); `theme
    /// add` prints every warning rather than one per kind.
    package var verbose = false
    /// `-q` / `--quiet`: no progress lines.
    package var quiet = false

    /// The declarations, for help and suggestions.
    static let specs: [OptionSpec] = [
        .option("--db", value: "path", help: "The catalog database (default: $CATALOG_DB, else ./catalog.db)."),
        .flag("--version", help: "Show the version."),
        .flag("-h", "--help", help: "Show help information."),
        .flag(
            "--verbose",
            help: "Every warning, not one line per kind; on failure, the technical detail (SQLite codes, SQL)."),
        .flag("-q", "--quiet", help: "Show no progress on standard error."),
        .option("--generate-completion-script", value: "shell", help: "Print a completion script: bash, zsh or fish.")
            .completing(CompletionScripts.shells),
    ]

    /// The global options a command at `path` shows and accepts: `--version` and the
    /// completion script are the root's alone.
    static func specs(at path: [String]) -> [OptionSpec] {
        specs.filter { path.isEmpty || !["--version", "--generate-completion-script"].contains($0.canonicalName) }
    }
}

/// What the command line asks for.
package enum Invocation {
    /// Run a command with its parsed arguments.
    case run(any CatalogCommand.Type, ParsedArguments)
    /// Print the help of the command at this path.
    case help([String])
    /// Print the version.
    case version
    /// Print a shell completion script (`--generate-completion-script bash|zsh|fish`).
    case completionScript(String)
    /// Print the catalog's names a shell completes (`--complete-names KIND [THEME [PREFIX]]`,
    /// which the completion scripts call; ``NameCompletion``).
    case completeNames(CompletedNames, theme: String?, prefix: String)
}

/// The hand-written parser: global options anywhere, subcommand words, then the
/// command's own options (`--name value`, `--name=value`, flags, `--` to end options,
/// `-` as a positional meaning stdin) and positional arguments.
package enum ArgumentParser {
    /// Parses `arguments` (without the program name) against the command tree at `root`.
    package static func parse(
        _ arguments: [String], root: any CatalogCommand.Type
    ) throws -> (Invocation, GlobalOptions) {
        var global = GlobalOptions()
        if arguments.first == "--generate-completion-script" {
            let shell = arguments.dropFirst().first ?? ""
            guard CompletionScripts.shells.contains(shell) else {
                throw UsageError(
                    "--generate-completion-script takes one of: " + CompletionScripts.shells.joined(separator: ", "),
                    commandPath: [])
            }
            guard arguments.count == 2 else {
                throw UsageError(
                    "--generate-completion-script \(shell) takes nothing more; unexpected '\(arguments[2])'",
                    commandPath: [])
            }
            return (.completionScript(shell), global)
        }
        if arguments.first == "--complete-names" {
            let words = try extractGlobals(from: Array(arguments.dropFirst()), into: &global)
            guard let kind = words.first.flatMap(CompletedNames.init(rawValue:)), words.count <= 3 else {
                throw UsageError(
                    "--complete-names takes one of "
                        + CompletedNames.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", then a theme and a prefix", commandPath: [])
            }
            let theme = words.count > 1 && !words[1].isEmpty ? words[1] : nil
            return (.completeNames(kind, theme: theme, prefix: words.count > 2 ? words[2] : ""), global)
        }
        let words = try extractGlobals(from: arguments, into: &global)

        var command: any CatalogCommand.Type = root
        var path: [String] = []
        var index = 0
        while !command.spec.subcommands.isEmpty, index < words.count, !words[index].hasPrefix("-") {
            let word = words[index]
            guard let child = command.spec.subcommands.first(where: { $0.spec.name == word }) else {
                // `catalog theme help add`, as git and swift-argument-parser read it.
                if word == "help" {
                    let rest = words[(index + 1)...].filter { !$0.hasPrefix("-") }
                    let target = path + rest
                    _ = try Self.command(at: target, root: root)
                    return (.help(target), global)
                }
                // A command with subcommands and arguments of its own (`usage NAME`, `usage scan`).
                if !command.spec.arguments.isEmpty { break }
                let names = command.spec.subcommands.map { $0.spec.name }
                // `catalog style add` is `catalog add-style`: the root command of that name.
                if let parent = path.last, case let joined = "\(word)-\(parent)",
                    root.spec.subcommands.contains(where: { $0.spec.name == joined })
                {
                    throw UsageError(
                        "Unknown subcommand '\(word)' of \(parent); to \(word) a \(parent): catalog \(joined)",
                        commandPath: path)
                }
                throw UsageError(
                    "Unknown subcommand '\(word)'" + suggestion(for: word, in: names), commandPath: path)
            }
            command = child
            path.append(word)
            index += 1
        }

        if global.help { return (.help(path), global) }
        // `--version` is the root's flag; a command may declare its own (`theme add --version`).
        if path.isEmpty && words[index...].contains("--version") {
            global.version = true
            return (.version, global)
        }
        if path.isEmpty && index == words.count { return (.help([]), global) }

        let parsed = try parseCommand(Array(words[index...]), spec: command.spec, path: path)
        return (.run(command, parsed), global)
    }

    /// Finds the command at `path`, for `catalog help theme add`.
    package static func command(at path: [String], root: any CatalogCommand.Type) throws -> any CatalogCommand.Type {
        var command = root
        var walked: [String] = []
        for word in path {
            guard let child = command.spec.subcommands.first(where: { $0.spec.name == word }) else {
                let names = command.spec.subcommands.map { $0.spec.name }
                throw UsageError("Unknown subcommand '\(word)'" + suggestion(for: word, in: names), commandPath: walked)
            }
            command = child
            walked.append(word)
        }
        return command
    }

    /// Removes the global options from `arguments` (up to a `--`), recording them.
    private static func extractGlobals(from arguments: [String], into global: inout GlobalOptions) throws -> [String] {
        var words: [String] = []
        var index = 0
        var terminated = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if terminated {
                words.append(word)
                continue
            }
            switch word {
            case "--":
                terminated = true
                words.append(word)
            case "-h", "--help":
                global.help = true
            case "--verbose":
                global.verbose = true
            case "-q", "--quiet":
                global.quiet = true
            case "--db":
                guard index < arguments.count else {
                    throw UsageError("Missing value for option '--db <path>'", commandPath: [])
                }
                global.databasePath = arguments[index]
                index += 1
            default:
                if word.hasPrefix("--db=") {
                    global.databasePath = String(word.dropFirst(5))
                } else {
                    words.append(word)
                }
            }
        }
        if let path = global.databasePath, path.isEmpty {
            throw UsageError("The value for '--db <path>' must not be empty", commandPath: [])
        }
        return words
    }

    private static func parseCommand(_ words: [String], spec: CommandSpec, path: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments(commandPath: path)
        var positionals: [String] = []
        var terminated = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if terminated || word == "-" || !word.hasPrefix("-") || Double(word) != nil {
                positionals.append(word)
                continue
            }
            if word == "--" {
                terminated = true
                continue
            }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
                let globals = GlobalOptions.specs(at: path)
                let candidates = (spec.options + globals).flatMap(\.names).filter { $0.hasPrefix("--") && $0 != name }
                if !spec.subcommands.isEmpty {
                    let names = spec.subcommands.map { $0.spec.name }.joined(separator: ", ")
                    throw UsageError(
                        "Unknown option '\(name)'" + suggestion(for: name, in: candidates)
                            + "; expected a subcommand: \(names)", commandPath: path)
                }
                throw UsageError("Unknown option '\(name)'" + suggestion(for: name, in: candidates), commandPath: path)
            }
            if option.valueName == nil {
                if inlineValue != nil {
                    throw UsageError("The flag '\(option.canonicalName)' does not take a value", commandPath: path)
                }
                parsed.options[option.canonicalName, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError("Missing value for option '\(option.synopsis)'", commandPath: path)
            }
            if option.repeatable {
                parsed.options[option.canonicalName, default: []].append(value)
            } else {
                parsed.options[option.canonicalName] = [value]
            }
        }

        if !spec.subcommands.isEmpty, spec.arguments.isEmpty, let first = positionals.first {
            let names = spec.subcommands.map { $0.spec.name }
            throw UsageError("Unknown subcommand '\(first)'" + suggestion(for: first, in: names), commandPath: path)
        }
        var remaining = positionals[...]
        for argument in spec.arguments {
            if argument.isVariadic {
                if remaining.isEmpty && !argument.isOptional {
                    throw UsageError("Missing expected argument '\(argument.synopsis)'", commandPath: path)
                }
                parsed.arguments[argument.name] = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                parsed.arguments[argument.name] = [word]
            } else if !argument.isOptional {
                throw UsageError("Missing expected argument '\(argument.synopsis)'", commandPath: path)
            }
        }
        if let extra = remaining.first {
            throw UsageError("Unexpected argument '\(extra)'", commandPath: path)
        }
        return parsed
    }

    private static func suggestion(for word: String, in candidates: [String]) -> String {
        Suggestion.closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
