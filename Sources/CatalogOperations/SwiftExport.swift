import CatalogCodegen
import CatalogModel
import CatalogStore

/// `catalog export swift`: a Swift package of a theme's tokens, asset colors and the
/// button styles asked for, resolved in that theme. A style named is generated or the
/// export fails saying every token it lacks; `all` adds every other published style the
/// theme can resolve, and names the ones it cannot.
public struct SwiftExport {
    /// The package's files, by path below the package folder.
    public let files: [String: String]
    /// The package's module name.
    public let module: String
    /// The styles generated.
    public let styles: [StyleDefinition]
    /// The styles `all` took that the theme cannot resolve, with why.
    public let skipped: [(style: StyleDefinition, reason: String)]
    /// How many of the theme's tokens became constants; the source names the others.
    public let tokenCount: Int

    /// The package of `theme` with `styles` (names, `NAME@VERSION`, or `all`).
    public init(theme: Theme, styles names: [String], module: String?, prefix: String?, in repository: Repository)
        throws
    {
        var named: [StyleDefinition] = []
        for name in names where name != "all" {
            named.append(try repository.style(VersionedName(name) ?? VersionedName(name: name)).style)
        }
        let others =
            names.contains("all")
            ? try repository.latestStyles().filter { style in !named.contains { $0.name == style.name } } : []
        let request = SwiftPackageExporter.Request(
            theme: theme, styles: named, optionalStyles: others, module: module, prefix: prefix)
        let package = try SwiftPackageExporter.package(request)
        files = package.files
        self.module = SwiftPackageExporter.moduleName(request)
        styles = package.styles
        skipped = package.skipped
        tokenCount = package.tokenCount
    }
}
