import Foundation
import PackagePlugin

/// Embeds the package's `Migrations/`, `Schemas/` and `Seeds/` folders into the target it is
/// applied to, as generated Swift source, so that a `catalog` binary copied anywhere
/// carries its schema and seed data with it (SwiftPM resources would live in a
/// bundle directory beside the binary and break when it is copied alone).
@main
struct EmbedResources: BuildToolPlugin {
    /// The package folders that are embedded, each under the group name it gets.
    static let groups = ["migrations": "Migrations", "schemas": "Schemas", "seeds": "Seeds"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [output.path()]
        var inputs: [URL] = []
        for (group, folder) in Self.groups.sorted(by: { $0.key < $1.key }) {
            let directory = root.appending(path: folder)
            let files = Self.regularFiles(under: directory)
            arguments += ["--group", group, directory.path()] + files.map { $0.path() }
            inputs += files
        }
        return [
            .buildCommand(
                displayName: "Embedding Migrations, Schemas and Seeds into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// Every regular, non-hidden file below `directory`, sorted by path.
    static func regularFiles(under directory: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: directory,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url)
            }
        }
        return files.sorted { $0.path() < $1.path() }
    }
}
