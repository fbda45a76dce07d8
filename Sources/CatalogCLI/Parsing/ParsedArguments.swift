import CatalogModel

/// What the parser read for one command: option values by canonical name, positional
/// words by argument name. Commands read it in their initializer and validate there.
public struct ParsedArguments: Sendable {
    /// The command path, such as `["theme", "add"]`.
    public var commandPath: [String]
    /// Values of each option given, by canonical name; a flag has one empty value per use.
    public var options: [String: [String]] = [:]
    /// Words given to each positional argument, by argument name.
    public var arguments: [String: [String]] = [:]

    /// Creates parsed arguments; the parser builds these, tests may too.
    public init(commandPath: [String], options: [String: [String]] = [:], arguments: [String: [String]] = [:]) {
        self.commandPath = commandPath
        self.options = options
        self.arguments = arguments
    }

    /// Whether the flag or option was given.
    public func flag(_ name: String) -> Bool { options[name] != nil }

    /// The last value given to the option, or `nil`.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given to a repeatable option, in order.
    public func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The word given to a positional argument, or `nil`.
    public func argument(_ name: String) -> String? { arguments[name]?.first }

    /// Every word given to a variadic positional argument.
    public func variadic(_ name: String) -> [String] { arguments[name] ?? [] }

    /// The option's value, one of `choices` (`fallback` when absent); a usage error otherwise.
    public func choice(_ name: String, from choices: [String], default fallback: String) throws -> String {
        let text = value(name) ?? fallback
        guard choices.contains(text) else {
            let near = Suggestion.closest(to: text, in: choices).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(
                "unknown value '\(text)' for '\(name)'\(near); expected " + choices.joined(separator: ", "),
                commandPath: commandPath)
        }
        return text
    }

    /// The option's value as a non-negative integer, or `nil` when absent; a usage
    /// error when it is not one.
    public func integer(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= 0 else {
            throw UsageError(
                "The value '\(text)' is invalid for '\(name) <\(name.drop { $0 == "-" })>': expected a non-negative integer",
                commandPath: commandPath)
        }
        return number
    }
}
