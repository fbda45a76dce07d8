/// The declaration of a command: what help prints and what the parser accepts.
public struct CommandSpec: Sendable {
    /// The word that selects the command (`migrate`, `add`).
    public var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    public var abstract: String
    /// Paragraphs shown under OVERVIEW in the command's own help.
    public var discussion: String?
    /// Positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Options and flags of this command (global options are added by the parser).
    public var options: [OptionSpec]
    /// Child commands; a command with children and no work of its own is a group.
    public var subcommands: [any CatalogCommand.Type]

    /// Declares a command.
    public init(
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
public struct OptionSpec: Sendable, Hashable {
    /// Spellings, short first: `["-n", "--count"]`. The last one is the canonical name.
    public var names: [String]
    /// The value placeholder (`path`, `mode`); `nil` for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// Whether the option may be given more than once.
    public var repeatable: Bool
    /// The values a shell completes for it: fixed choices, or none (then a value named
    /// `file`, `dir` or `path` completes file names).
    public var choices: [String] = []

    /// The same option, completing `values`.
    public func completing(_ values: [String]) -> OptionSpec {
        var copy = self
        copy.choices = values
        return copy
    }

    /// Declares a flag.
    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help, repeatable: false)
    }

    /// Declares an option taking a value.
    public static func option(_ names: String..., value: String, help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(names: names, valueName: value, help: help, repeatable: repeatable)
    }

    /// The canonical spelling, used as the key in ``ParsedArguments``.
    public var canonicalName: String { names.last ?? "" }

    /// How the option appears in a usage line: `--mode <mode>` or `--json`.
    public var synopsis: String {
        valueName.map { "\(canonicalName) <\($0)>" } ?? canonicalName
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable, Hashable {
    /// The placeholder (`file`, `rev`).
    public var name: String
    /// One line of help.
    public var help: String
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining positional word (then it comes last).
    public var isVariadic: Bool

    /// Declares a positional argument.
    public init(_ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
    }

    /// How the argument appears in a usage line: `<file>`, `[<rev>]`, `<path> ...`.
    public var synopsis: String {
        let word = "<\(name)>" + (isVariadic ? " ..." : "")
        return isOptional ? "[\(word)]" : word
    }
}
