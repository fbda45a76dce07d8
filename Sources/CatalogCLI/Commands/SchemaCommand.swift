import CatalogModel
import CatalogOperations

/// `catalog schema [NAME]`: the JSON Schemas of the documents the catalog reads and
/// writes, embedded in the binary, for editors and validators.
struct SchemaCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "schema", abstract: "Print the JSON Schema of a document kind (tokens, style, spec, docs).",
        discussion: """
            Without NAME, lists the schemas with their stable $id. Each schema is the one this \
            binary validates against; point an editor at it (VS Code: json.schemas with fileMatch \
            *.style.json and the file `catalog schema style > style.schema.json` writes, or the \
            $id as a "$schema" key in the document).
            """,
        arguments: [ArgumentSpec("name", help: "tokens, style, spec or docs.", isOptional: true)],
        options: [SharedOptions.json])

    let name: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        name = arguments.argument("name")
        json = arguments.flag("--json")
        try ParsedArguments.check(
            name, option: "NAME", among: Self.schemas.map(\.name), commandPath: arguments.commandPath)
    }

    /// The embedded schemas by name (`style` for `style.schema.json`), with their `$id`.
    static var schemas: [(name: String, id: String, text: String)] { EmbeddedDocuments.schemas }

    func run(_ context: CommandContext) throws {
        if let name, let schema = Self.schemas.first(where: { $0.name == name }) {
            context.console.write(schema.text)
            return
        }
        if json {
            context.console.write(
                Formatting.json(
                    .array(Self.schemas.map { .object([("name", .string($0.name)), ("id", .string($0.id))]) })))
            return
        }
        context.console.write(Formatting.table(Self.schemas.map { [$0.name, $0.id] }, header: ["SCHEMA", "ID"]))
    }
}
