/// `catalog help [<subcommand> ...]`: the help of any command.
struct HelpCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [ArgumentSpec("subcommand", help: "The command to describe.", isOptional: true, isVariadic: true)]
    )

    let path: [String]

    init(_ arguments: ParsedArguments) throws {
        path = arguments.variadic("subcommand")
        _ = try ArgumentParser.command(at: path, root: RootCommand.self)
    }

    func run(_ context: CommandContext) throws {
        let command = try ArgumentParser.command(at: path, root: RootCommand.self)
        context.console.write(HelpFormatter.help(for: command, path: path))
    }
}
