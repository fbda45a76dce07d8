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
    /// The tokens not generated, by reason.
    public let omitted: [(reason: String, paths: [String])]
    /// Tokens generated without a default value.
    public let optional: [String]
    /// Tokens generated without their values in combinations of modes.
    public let uncombined: [String]
    /// The most combinations of modes one token's values are generated for.
    public static let largestCombinationCount = SwiftPackageExporter.largestCombinationCount
    /// Dimensions and modes named in Swift apart from the rule (`colorScheme2`, `self_`).
    public let renamedModes: [String]
    /// Tokens with no value in some modes, where their default stands in.
    public let partial: [String]
    /// The theme version generated, and how many tokens it has and how many of them were
    /// refused at import (unresolved: not generated, listed by `theme problems`).
    public let theme: (name: String, version: Semver, tokens: Int, refused: Int)
    /// The themes generated beside ``theme`` in the same module, switched at run time.
    public let otherThemes: [(name: String, version: Semver)]
    /// How many colors the asset catalog holds.
    public var assetColorCount: Int { files.keys.filter { $0.hasSuffix(".colorset/Contents.json") }.count }

    /// The package of `theme` with `styles` (names, `NAME@VERSION`, or `all`).
    /// `renames` chooses Swift names by path; `defaultModes` (dimension → mode) the default context.
    /// `otherThemes`, of `theme`'s dimensions, are generated beside it in one module: the
    /// themes are a dimension's modes, `theme` the default (``SwiftThemeSet``).
    public init(
        theme: Theme, otherThemes: [Theme] = [], styles names: [String], module: String?, prefix: String?,
        renames: [String: String], defaultModes: [String: String], in repository: Repository
    ) throws {
        var named: [StyleDefinition] = []
        for name in names where name != "all" {
            named.append(try repository.style(VersionedName(name) ?? VersionedName(name: name)).style)
        }
        let others =
            names.contains("all")
            ? try repository.latestStyles().filter { style in !named.contains { $0.name == style.name } } : []
        let request = SwiftPackageExporter.Request(
            theme: theme, styles: named, optionalStyles: others, module: module, prefix: prefix, renames: renames,
            defaultModes: defaultModes, otherThemes: otherThemes)
        let package = try SwiftPackageExporter.package(request)
        files = package.files
        self.module = SwiftPackageExporter.moduleName(request)
        styles = package.styles
        skipped = package.skipped
        tokenCount = package.tokenCount
        omitted = package.omitted
        optional = package.optional
        uncombined = package.uncombined
        renamedModes = package.renamedModes
        partial = package.partial
        // The tokens of every theme of the package, each path once.
        let tokens =
            otherThemes.isEmpty ? theme.tokens.count : Set(([theme] + otherThemes).flatMap(\.tokens).map(\.path)).count
        // Tokens flagged whole are not generated; one flagged in some modes is, without those modes.
        self.theme = (theme.name, theme.version, tokens, theme.refusedTokens.count { $0.modes.isEmpty })
        self.otherThemes = otherThemes.map { ($0.name, $0.version) }
    }
}
