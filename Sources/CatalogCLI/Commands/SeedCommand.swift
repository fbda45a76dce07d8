import CatalogModel
import CatalogOperations

/// `catalog seed [--dir DIR]`: loads the reference design systems.
struct SeedCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "seed", abstract: "Load the seed design systems (embedded in the binary, or from a folder).",
        discussion: """
            Loads DesignFoundation, SwiftUI, Orange OUDS and SwiftUI Blocks: their themes \
            (*.tokens.json), style definitions (*.style.json) and component specs (*.spec.json), \
            in one transaction. Running it again changes nothing.
            """,
        options: [.option("--dir", value: "dir", help: "Load seeds from this folder instead of the embedded ones.")]
            + SharedOptions.revision)

    let directory: String?
    let revision: RevisionOptions

    init(_ arguments: ParsedArguments) throws {
        directory = arguments.value("--dir")
        revision = RevisionOptions(arguments)
    }

    func run(_ context: CommandContext) throws {
        let progress = context.progress("seed")
        defer { progress.finish() }
        let seeded = try Catalog.seed(
            from: directory, at: context.databasePath, waiting: context.waiting(),
            note: revision.note("seed \(directory ?? "(embedded seeds)")", context)
        ) { done, total in progress.update(done, of: total, step: "publishing") }
        progress.finish()
        let items = seeded.report.items
        for kind in DocumentKind.allCases {
            let ofKind = items.filter { $0.kind == kind }
            let new = ofKind.filter { $0.outcome == .published }.count
            context.console.print("\(kind)s: \(Formatting.plural(ofKind.count, "version")) (\(new) new)")
        }
        if !items.contains(where: { $0.outcome == .published }) {
            context.console.print("The catalog already held every seed; nothing changed.")
        }
        context.report(seeded.revision)
        context.console.print("\nThe catalog at \(context.databasePath) now holds:")
        context.console.print(
            "  \(seeded.themeCount) themes, \(seeded.styleVersionCount) style versions, \(seeded.specs.count) component specs:"
        )
        for spec in seeded.specs {
            context.console.print(
                "    \(spec.name) \(spec.versions.map(\.description).joined(separator: ", ")) (\(spec.system))")
        }
        context.console.print(
            """

            Try next:
              catalog spec show DFButton
              catalog style resolve DFButton.filled --role destructive --state pressed
              catalog theme show DesignFoundation --mode dark --resolved --path colors
            """)
    }
}
