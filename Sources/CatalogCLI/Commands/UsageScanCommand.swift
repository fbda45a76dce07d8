import CatalogModel
import CatalogOperations
import CatalogStore
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
        arguments: [ArgumentSpec("path", help: "Files or folders to scan.", isVariadic: true)],
        options: [
            .option("--project", value: "name", help: "The project the records belong to (default: default)."),
            .option(
                "--platforms", value: "list",
                help: "The platforms the project ships on, with deployment targets where known ('iOS 26,macOS')."),
        ])

    let paths: [String]
    let project: String
    let platforms: [String]?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.variadic("path")
        project = arguments.value("--project") ?? "default"
        platforms = try SharedOptions.platforms(arguments)?.map(\.description)
    }

    func run(_ context: CommandContext) throws {
        let repository = try context.openRepository()
        let stored = try repository.usageProject(project)
        let absolutes = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var isFolder: ObjCBool = false
        let firstIsFolder =
            FileManager.default.fileExists(atPath: absolutes[0].path, isDirectory: &isFolder) && isFolder.boolValue
        let firstFolder = firstIsFolder ? absolutes[0] : absolutes[0].deletingLastPathComponent()
        let root = stored?.root ?? firstFolder.deletingLastPathComponent().path
        let scope = try absolutes.map { try ProjectPaths.relative($0.path, to: root) }
        let declared =
            platforms
            ?? ([root] + absolutes.map(\.path)).lazy.compactMap(ProjectManifests.targets(in:)).first?.map(\.description)
            ?? stored?.platforms ?? []
        // The parsing happens in catalog-scan, the one program that links SwiftParser.
        let helper = try UsageScanHelper.locate(environment: context.environment)
        let progress = context.progress("usage scan")
        var files: [ScannedFile] = []
        let died = try helper.scan(
            arguments: ["--db", context.databasePath, "--project", project, "--root", root], root: root, paths: paths
        ) { message in
            switch message {
            case .progress(let done, let total): progress.update(done, of: total, step: "files")
            case .unreadable(let folder, let reason): context.console.diagnose(.warning, reason, location: folder)
            case .file(let file): files.append(file)
            case .listing, .started: break
            case .failure: break  // thrown by scan
            }
        }
        progress.finish()
        // A file the parser died on costs only that file: recorded unscanned, and said.
        for (path, signal) in died {
            files.append(
                ScannedFile(
                    path: path, hash: "", size: 0, modified: -1, candidate: false,
                    warning:
                        "the Swift parser died on this file (signal \(signal); nesting too deep for its stack?); skipped",
                    sites: []))
        }
        for file in files where file.warning != nil {
            context.console.diagnose(.warning, file.warning!, location: file.path)
        }
        try repository.replaceScan(
            project: project, files: files, scope: scope.contains("") ? nil : scope,
            details: UsageProject(name: project, root: root, platforms: declared))
        let unchanged = files.filter { $0.sites == nil }.count
        let parsed = files.filter(\.parsed).count
        let broken = files.filter { !$0.errorLines.isEmpty }.sorted { $0.path < $1.path }
        let sites = try repository.siteCount(project: project)
        context.console.print(
            "Scanned \(Formatting.plural(files.count, "file")) for project \(project): \(parsed) parsed, \(unchanged) unchanged, "
                + "\(files.count - parsed - unchanged) without components or skipped; \(Formatting.plural(sites, "call site")) recorded."
        )
        if !broken.isEmpty {
            // Scanned as far as the parser recovered: their sites may be incomplete.
            context.console.print(
                "\(Formatting.plural(broken.count, "file")) with syntax errors, scanned as the parser recovered them: "
                    + broken.prefix(10).map { "\($0.path):\($0.errorLines[0])" }.joined(separator: ", ")
                    + (broken.count > 10 ? ", …" : "") + ".")
        }
    }
}
