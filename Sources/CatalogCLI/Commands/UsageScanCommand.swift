import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

#if canImport(CatalogScanner)
    import CatalogScanner
#endif

/// `catalog usage scan PATH...`: records the call sites in Swift sources.
struct UsageScanCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "scan", abstract: "Scan Swift sources for call sites of the catalog's components.",
        discussion: """
            Files are hashed; unchanged files are not parsed again; a byte search for component \
            names picks the files to parse, on every core, with the toolchain's SwiftParser. \
            The project's records are replaced in one transaction. Files that are not UTF-8 or \
            do not parse are reported as warnings and skipped. A project learns its root on its \
            first scan (the folder above the first path) and keeps it: paths are stored relative \
            to it, and scanning a subfolder later updates only that subtree. Its platforms come \
            from --platforms, else from the `platforms:` of a Package.swift at the root or in a \
            scanned folder; lint asks availability checks only for those.
            """,
        arguments: [ArgumentSpec("path", help: "Files or folders to scan.", isVariadic: true)],
        options: [
            .option("--project", value: "name", help: "The project the records belong to (default: default)."),
            .option("--platforms", value: "list", help: "The platforms the project ships on (iOS,macOS,…)."),
        ])

    let paths: [String]
    let project: String
    let platforms: [String]?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.variadic("path")
        project = arguments.value("--project") ?? "default"
        platforms = try SharedOptions.platforms(arguments)?.sorted()
    }

    func run(_ context: CommandContext) throws {
        #if canImport(CatalogScanner)
            try scan(context)
        #else
            throw RequestError(
                "usage scan is not available: this catalog was built without the toolchain's SwiftParser "
                    + "(<toolchain>/usr/lib/swift/host); rebuild with swiftc on PATH or CATALOG_SWIFT_HOST_LIBS set")
        #endif
    }

    #if canImport(CatalogScanner)
        func scan(_ context: CommandContext) throws {
            let repository = try context.openRepository()
            let vocabulary = UsageVocabulary(specs: try repository.allSpecVersions())
            let stored = try repository.usageProject(project)
            let absolutes = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
            var isFolder: ObjCBool = false
            let firstIsFolder =
                FileManager.default.fileExists(atPath: absolutes[0].path, isDirectory: &isFolder)
                && isFolder.boolValue
            let firstFolder = firstIsFolder ? absolutes[0] : absolutes[0].deletingLastPathComponent()
            let root = stored?.root ?? firstFolder.deletingLastPathComponent().path
            let scope = try absolutes.map { try ProjectScanner.relative($0.path, to: root) }
            let declared =
                platforms ?? ([root] + absolutes.map(\.path)).lazy.compactMap(PackageManifest.platforms(in:)).first
                ?? stored?.platforms ?? []
            let listing = try ProjectScanner.swiftFiles(under: paths, root: root)
            for (folder, reason) in listing.unreadable { context.console.diagnose(.warning, reason, location: folder) }
            let files = listing.files
            let known = try repository.scannedFiles(project: project)
            let total = files.count
            // Progress comes from the scanning threads; the line takes one update at a time.
            let progress = context.progress("usage scan")
            let results = ProjectScanner(scanner: SourceScanner(vocabulary: vocabulary)).scan(
                files: files, known: known
            ) {
                done in progress.update(done, of: total, step: "files")
            }
            progress.finish()
            for result in results where result.warning != nil {
                context.console.diagnose(.warning, result.warning!, location: result.path)
            }
            try repository.replaceScan(
                project: project,
                files: results.map {
                    ScannedFile(
                        path: $0.path, hash: $0.hash, size: $0.size, modified: $0.modified, candidate: $0.candidate,
                        warning: $0.warning,
                        sites: $0.unchanged ? nil : $0.sites)
                }, scope: scope.contains("") ? nil : scope,
                details: UsageProject(name: project, root: root, platforms: declared))
            let unchanged = results.filter(\.unchanged).count
            let parsed = results.filter { !$0.unchanged && $0.candidate && $0.warning == nil }.count
            let sites = try repository.siteCount(project: project)
            context.console.print(
                "Scanned \(Formatting.plural(results.count, "file")) for project \(project): \(parsed) parsed, \(unchanged) unchanged, "
                    + "\(results.count - parsed - unchanged) without components or skipped; \(Formatting.plural(sites, "call site")) recorded."
            )
        }
    #endif
}
