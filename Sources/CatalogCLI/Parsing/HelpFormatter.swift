/// Renders help in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, wrapped to 80 columns.
enum HelpFormatter {
    static let width = 80
    static let labelColumn = 26

    /// The full help of the command at `path`.
    static func help(for command: any CatalogCommand.Type, path: [String]) -> String {
        let spec = command.spec
        var text = "OVERVIEW: \(spec.abstract)\n"
        if let discussion = spec.discussion {
            text +=
                "\n"
                + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0, column: 0) }.joined(separator: "\n") + "\n"
        }
        text += "\nUSAGE: \(usage(for: command, path: path))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                text += row(label: "<\(argument.name)>", help: argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.options + globalOptions(for: path) {
            text += row(label: label(for: option), help: option.help)
        }
        if !spec.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for child in spec.subcommands {
                text += row(label: child.spec.name, help: child.spec.abstract)
            }
            let prefix = (["catalog", "help"] + path).joined(separator: " ")
            text += "\n  See '\(prefix) <subcommand>' for detailed help.\n"
        }
        return text
    }

    /// The one-line usage of the command at `path`.
    static func usage(for command: any CatalogCommand.Type, path: [String]) -> String {
        let spec = command.spec
        var parts = ["catalog"] + path
        if !spec.subcommands.isEmpty {
            if path.isEmpty { parts.append("[--db <path>]") }
            parts.append("<subcommand>")
            return parts.joined(separator: " ")
        }
        for option in spec.options {
            parts.append("[\(option.synopsis)\(option.repeatable ? " ..." : "")]")
        }
        if path != ["help"] { parts.append("[--db <path>]") }
        parts += spec.arguments.map(\.synopsis)
        return parts.joined(separator: " ")
    }

    private static func globalOptions(for path: [String]) -> [OptionSpec] {
        GlobalOptions.specs(at: path)
    }

    private static func label(for option: OptionSpec) -> String {
        let names = option.names.joined(separator: ", ")
        return option.valueName.map { "\(names) <\($0)>" } ?? names
    }

    private static func row(label: String, help: String) -> String {
        let head = "  " + label
        if head.count + 2 > labelColumn {
            return head + "\n" + String(repeating: " ", count: labelColumn)
                + wrap(help, indent: labelColumn, column: labelColumn)
                + "\n"
        }
        let padded = head + String(repeating: " ", count: labelColumn - head.count)
        return padded + wrap(help, indent: labelColumn, column: labelColumn) + "\n"
    }

    /// Wraps `text`, whose first line starts at `column`, at word boundaries to
    /// ``width``, indenting continuation lines by `indent`.
    private static func wrap(_ text: String, indent: Int, column start: Int) -> String {
        var lines: [String] = []
        var line = ""
        var column = start
        var lineIsEmpty = true
        for word in text.split(separator: " ") {
            if !lineIsEmpty && column + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                column = indent
                lineIsEmpty = true
            }
            if !lineIsEmpty {
                line += " "
                column += 1
            }
            line += word
            column += word.count
            lineIsEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
