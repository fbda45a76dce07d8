import CatalogModel
import CatalogOperations
import CatalogUsage
import Foundation

/// `catalog usage scan PATH...`: records the call sites in Swift sources.
struct UsageScanCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "scan", abstract: "Scan Swift sources for call sites of the catalog's components.",
        discussion: """
            Files are hashed; unchanged files are not parsed again; a byte search for component \
            names picks the files to parse, on every core, with the toolchain's SwiftParser \
            (in catalog-scan, a helper beside catalog, or the one CATALOG_SCAN names). \
            The project's records are replaced in one transaction. Files that are not UTF-8 or \
            do not parse are reported as warnings and skipped. A project learns its root on its \
            first scan (the folder above the first path) and keeps it: paths are stored relative \
            to it, and scanning a subfolder later updates only that subtree. Its platforms and \
            deployment targets come from --platforms, else from the `platforms:` of a Package.swift \
            or the deployment targets of an .xcodeproj, at the root or in a scanned folder; lint \
            asks availability checks only for those platforms, and only below their targets.
            """,
        arguments: [
            ArgumentSpec(
                "path", help: "Files or folders to scan (default: the project file's sources).", isOptional: true,
                isVariadic: true)
        ],
        options: [
            .option(
                "--project", value: "name",
                help: "The project the records belong to (default: the project file's, else default)."),
            .option(
                "--platforms", value: "list",
                help: "The platforms the project ships on, with deployment targets where known ('iOS 26,macOS')."),
        ])

    let paths: [String]
    let project: String?
    let platforms: [String]?
    let commandPath: [String]

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.variadic("path")
        project = arguments.value("--project")
        platforms = try SharedOptions.platforms(arguments)?.map(\.description)
        commandPath = arguments.commandPath
    }

    func run(_ context: CommandContext) throws {
        // What the command line does not say, the project file may (``ProjectSettings``).
        let settings = context.settings
        let paths = self.paths.isEmpty ? settings?.sources ?? [] : self.paths
        guard !paths.isEmpty else {
            throw UsageError(
                "give the files or folders to scan, or \"sources\" in a \(ProjectSettings.fileName)",
                commandPath: commandPath)
        }
        let project = self.project ?? settings?.project ?? "default"
        let platforms = self.platforms ?? settings?.platforms?.map(\.description)
        let progress = context.progress("usage scan")
        let result = try context.openCatalog().scanUsage(
            paths: paths, project: project, platforms: platforms, environment: context.environment
        ) { event in
            switch event {
            case .progress(let done, let total): progress.update(done, of: total, step: "files")
            case .warning(let message, let location): context.console.diagnose(.warning, message, location: location)
            }
        }
        progress.finish()
        context.console.print(
            "Scanned \(Formatting.plural(result.files, "file")) for project \(project): \(result.parsed) parsed, \(result.unchanged) unchanged, "
                + "\(result.files - result.parsed - result.unchanged) without components or skipped; \(Formatting.plural(result.sites, "call site")) recorded"
                + (result.tokenReferences == 0
                    ? "" : "; \(Formatting.plural(result.tokenReferences, "token reference")) in code")
                + (result.appTokenUses == 0
                    ? "."
                    : "; \(Formatting.plural(result.appTokenUses, "use")) of the app's own tokens (usage --app-tokens).")
        )
        if !result.broken.isEmpty {
            // Scanned as far as the parser recovered: their sites may be incomplete.
            context.console.print(
                "\(Formatting.plural(result.broken.count, "file")) with syntax errors, scanned as the parser recovered them: "
                    + result.broken.prefix(10).map { "\($0.path):\($0.line)" }.joined(separator: ", ")
                    + (result.broken.count > 10 ? ", …" : "") + ".")
        }
    }
}
