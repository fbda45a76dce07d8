import CatalogModel

/// What the parser read for one command: option values by canonical name, positional
/// words by argument name. Commands read it in their initializer and validate there.
package struct ParsedArguments: Sendable {
    /// The command path, such as `["theme", "add"]`.
    package var commandPath: [String]
    /// Values of each option given, by canonical name; a flag has one empty value per use.
    package var options: [String: [String]] = [:]
    /// Words given to each positional argument, by argument name.
    package var arguments: [String: [String]] = [:]

    /// Creates parsed arguments; the parser builds these, tests may too.
    package init(commandPath: [String], options: [String: [String]] = [:], arguments: [String: [String]] = [:]) {
        self.commandPath = commandPath
        self.options = options
        self.arguments = arguments
    }

    /// Whether the flag or option was given.
    package func flag(_ name: String) -> Bool { options[name] != nil }

    /// The last value given to the option, or `nil`.
    package func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given to a repeatable option, in order.
    package func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The word given to a positional argument, or `nil`.
    package func argument(_ name: String) -> String? { arguments[name]?.first }

    /// Every word given to a variadic positional argument.
    package func variadic(_ name: String) -> [String] { arguments[name] ?? [] }

    /// The option's value, one of `choices` (`fallback` when absent); a usage error otherwise.
    package func choice(_ name: String, from choices: [String], default fallback: String) throws -> String {
        let text = value(name) ?? fallback
        try Self.check(text, option: name, among: choices, commandPath: commandPath)
        return text
    }

    /// The value of an option whose choices are an enum's cases, as that case (or
    /// `fallback`); a usage error names the option and the choices.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default fallback: Choice) throws
        -> Choice where Choice.RawValue == String
    {
        let text = try choice(name, from: Choice.allCases.map(\.rawValue), default: fallback.rawValue)
        guard let choice = Choice(rawValue: text) else { preconditionFailure("checked among the cases") }
        return choice
    }

    /// Checks an enumerated option's value against its choices: a usage error (exit 64)
    /// naming the option, with the nearest choice when one is close and every choice when
    /// they are few.
    package static func check(_ value: String?, option: String, among choices: [String], commandPath: [String])
        throws
    {
        guard let value, !choices.contains(value) else { return }
        throw unknownValue(value, option: option, among: choices, commandPath: commandPath)
    }

    /// The usage error for `value`, which is not one of `choices` for `option`: the nearest
    /// choice, and all of them where they are few.
    package static func unknownValue(_ value: String, option: String, among choices: [String], commandPath: [String])
        -> UsageError
    {
        var message = "unknown value \(NameRules.quoted(value)) for '\(option)'"
        message += Suggestion.closest(to: value, in: choices).map { "; did you mean '\($0)'?" } ?? "."
        if choices.count <= 20 { message += " Expected one of: " + choices.joined(separator: ", ") + "." }
        return UsageError(message, commandPath: commandPath)
    }

    /// The option's value as a non-negative integer, or `nil` when absent; a usage
    /// error when it is not one.
    package func integer(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= 0 else {
            throw UsageError(
                "The value '\(text)' is invalid for '\(name) <\(name.drop { $0 == "-" })>': expected a non-negative integer",
                commandPath: commandPath)
        }
        return number
    }
}
