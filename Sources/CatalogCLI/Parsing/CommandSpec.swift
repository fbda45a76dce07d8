/// The declaration of a command: what help prints and what the parser accepts.
package struct CommandSpec: Sendable {
    /// The word that selects the command (`migrate`, `add`).
    package var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    package var abstract: String
    /// Paragraphs shown under OVERVIEW in the command's own help.
    package var discussion: String?
    /// Positional arguments, in order.
    package var arguments: [ArgumentSpec]
    /// Options and flags of this command (global options are added by the parser).
    package var options: [OptionSpec]
    /// Child commands; a command with children and no work of its own is a group.
    package var subcommands: [any CatalogCommand.Type]

    /// Declares a command.
    package init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [any CatalogCommand.Type] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }
}

/// An option (`--mode dark`, `--mode=dark`) or a flag (`--json`).
package struct OptionSpec: Sendable, Hashable {
    /// Spellings, short first: `["-n", "--count"]`. The last one is the canonical name.
    package var names: [String]
    /// The value placeholder (`path`, `mode`); `nil` for a flag.
    package var valueName: String?
    /// One line of help.
    package var help: String
    /// Whether the option may be given more than once.
    package var repeatable: Bool
    /// The values a shell completes for it: fixed choices, or none (then a value named
    /// `file`, `dir` or `path` completes file names).
    package var choices: [String] = []
    /// The catalog's names a shell completes for it, read from the database as it is typed.
    package var completedNames: CompletedNames? = nil

    /// The same option, completing `values`.
    package func completing(_ values: [String]) -> OptionSpec {
        var copy = self
        copy.choices = values
        return copy
    }

    /// The same option, completing the catalog's `names`.
    package func completing(_ names: CompletedNames) -> OptionSpec {
        var copy = self
        copy.completedNames = names
        return copy
    }

    /// Declares a flag.
    package static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help, repeatable: false)
    }

    /// Declares an option taking a value.
    package static func option(_ names: String..., value: String, help: String, repeatable: Bool = false) -> OptionSpec
    {
        OptionSpec(names: names, valueName: value, help: help, repeatable: repeatable)
    }

    /// The canonical spelling, used as the key in ``ParsedArguments``.
    package var canonicalName: String { names.last ?? "" }

    /// How the option appears in a usage line: `--mode <mode>` or `--json`.
    package var synopsis: String {
        valueName.map { "\(canonicalName) <\($0)>" } ?? canonicalName
    }
}

/// A positional argument.
package struct ArgumentSpec: Sendable, Hashable {
    /// The placeholder (`file`, `rev`).
    package var name: String
    /// One line of help.
    package var help: String
    /// Whether it may be left out.
    package var isOptional: Bool
    /// Whether it takes every remaining positional word (then it comes last).
    package var isVariadic: Bool
    /// The catalog's names a shell completes for it.
    package var completedNames: CompletedNames?

    /// Declares a positional argument.
    package init(
        _ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false,
        completes completedNames: CompletedNames? = nil
    ) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completedNames = completedNames
    }

    /// How the argument appears in a usage line: `<file>`, `[<rev>]`, `<path> ...`.
    package var synopsis: String {
        let word = "<\(name)>" + (isVariadic ? " ..." : "")
        return isOptional ? "[\(word)]" : word
    }
}

/// Which of the catalog's names a shell completes for an option or argument
/// (`catalog --complete-names KIND`, which the completion scripts call as the user types).
package enum CompletedNames: String, Sendable, Hashable, CaseIterable {
    /// Theme names.
    case theme
    /// Style names.
    case style
    /// Spec (component) names.
    case spec
    /// Token paths of the theme given on the line (`--theme`, or the theme argument).
    case token
    /// `dimension=mode` of the theme given on the line.
    case mode
    /// What `usage` answers for: styles and components.
    case usage
}
