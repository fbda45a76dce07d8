import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

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
        let files =
            try directory.map(Self.files(in:)) ?? EmbeddedDocuments.seeds
        let catalog = try context.openCatalog(create: true)
        try catalog.prepareForBulkWrite()
        let progress = context.progress("seed")
        let (report, recorded) = try catalog.publishing.seed(
            files, from: directory ?? "Seeds", note: revision.note("seed \(directory ?? "(embedded seeds)")", context)
        ) { done, total in progress.update(done, of: total, step: "publishing") }
        progress.finish()
        let published = report.items.filter { $0.outcome == .published }
        for kind in DocumentKind.allCases {
            let items = report.items.filter { $0.kind == kind }
            let new = items.filter { $0.outcome == .published }.count
            context.console.print("\(kind)s: \(Formatting.plural(items.count, "version")) (\(new) new)")
        }
        if published.isEmpty { context.console.print("The catalog already held every seed; nothing changed.") }
        context.report(recorded)
        let summaries = try catalog.specs()
        context.console.print("\nThe catalog at \(context.databasePath) now holds:")
        context.console.print(
            "  \(Set(try catalog.themes().map(\.name)).count) themes, \(try catalog.styles().count) style versions, \(summaries.count) component specs:"
        )
        for spec in summaries {
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

    /// The regular files below `directory` (hidden ones left out), with paths relative to it.
    static func files(in directory: String) throws -> [SeedFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DocumentError(file: directory, message: "not a folder of seeds")
        }
        return try DocumentFiles.visibleFiles(under: directory).compactMap { relative in
            let path = (directory as NSString).appendingPathComponent(relative)
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return SeedFile(path: relative, data: try DocumentFiles.read(path).data)
        }
    }
}
