import CatalogDocs
import CatalogModel
import CatalogStore

/// `catalog export docs`: the latest version of every spec, style and theme read from the
/// repository, resolved (in `theme` instead of each style's own, when given) in the modes
/// asked for, and rendered in one format, with how many previews could not be drawn.
public struct DocsExport {
    /// The formats documentation is exported in.
    public enum Format: String, CaseIterable, Sendable {
        case markdown, docc, json, html
    }

    /// The most tokens of one theme the documentation lists (about; a theme with more is
    /// documented in part: see `Repository.themeForDocs`). Keeps an export of a theme of a
    /// million tokens within a few hundred megabytes.
    public static let tokenLimit = 20_000

    /// The files, by path relative to the export folder.
    public let files: [String: String]
    /// Previews drawn, and cells a theme could not resolve (Markdown, DocC and HTML).
    public let previews: Int
    /// Cells (state × role × mode) a theme could not resolve; each page says why.
    public let missingPreviews: Int

    /// The export of `repository` in `format`. `modes` is `[]` for each theme's defaults,
    /// `["all"]` for every mode of every theme one by one, or mode names (`dark`,
    /// `Brand=Forest`, one per dimension) that make one context, as `theme show --mode` does:
    /// each theme is documented in the modes of it that they name.
    /// `tokenLimit` bounds how many tokens of one theme are listed (``tokenLimit`` by default).
    public init(
        format: Format, theme: VersionedName?, modes requested: [String], in repository: Repository,
        tokenLimit: Int = DocsExport.tokenLimit
    ) throws {
        // One read transaction: the pages show one state of the catalog, whatever writes meanwhile.
        let (input, document) = try repository.read { () throws -> (DocsInput, JSON?) in
            let styles = try repository.latestStyles()
            // A theme too large to list whole is documented in part, and its pages say so.
            let used = Set(styles.flatMap { $0.tokenReferences.map(\.token) })
            var counts: [String: Int] = [:]
            func load(_ reference: VersionedName) throws -> Theme {
                let (loaded, total) = try repository.themeForDocs(reference, limit: tokenLimit, including: used)
                counts[loaded.name] = total
                return loaded
            }
            var themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
                try load(VersionedName(name: $0))
            }
            if let theme {
                let chosen = try load(theme)
                themes.removeAll { $0.name == chosen.name }
                themes.append(chosen)
            }
            let modes: [String]
            if requested == ["all"] {
                modes = Array(Set(themes.flatMap { theme in theme.modeKeys.map(ModeNaming(theme.dimensions).name) }))
                    .sorted()
            } else {
                modes = requested
                for theme in themes {
                    // Two modes of one dimension cannot make one context.
                    let keys = requested.flatMap(theme.modeKeys(named:))
                    let repeated = Dictionary(grouping: keys, by: \.dimension).first { $0.value.count > 1 }
                    if let (dimension, both) = repeated {
                        // A usage mistake, as in every command that takes modes.
                        throw ModeContextError.twice(
                            dimension: dimension, first: both[0].description, second: both[1].description)
                    }
                }
            }
            var input = DocsInput(
                specs: try repository.latestSpecs(), styles: styles, themes: themes, modes: modes,
                themeOverride: theme?.name)
            input.combinesModes = requested != ["all"]
            input.tokenCounts = counts
            if format == .html {
                // The site gives every published version before the documented one a page of its own.
                var documented: [String: Semver] = [:]
                for spec in input.specs { documented["spec \(spec.name)"] = spec.version }
                for style in input.styles { documented["style \(style.name)"] = style.version }
                for theme in input.themes { documented["theme \(theme.name)"] = theme.version }
                for (kind, name, version) in try repository.publishedVersions()
                where documented["\(kind.rawValue) \(name)"].map({ version < $0 }) == true {
                    let reference = VersionedName(name: name, version: version)
                    switch kind {
                    case .spec: input.earlier.specs.append(try repository.spec(reference).spec)
                    case .style: input.earlier.styles.append(try repository.style(reference).style)
                    case .theme:
                        input.earlier.themes.append(
                            try repository.themeForDocs(reference, limit: tokenLimit, including: used).theme)
                    }
                }
            }
            guard format == .json else { return (input, nil) }
            let document = JSONExporter(input: input).document(
                styleDocuments: try repository.latestStyleDocuments(),
                specDocuments: try repository.latestSpecDocuments())
            return (input, document)
        }
        var coverage = (drawn: 0, missing: 0)
        switch format {
        case .markdown, .docc:
            let exporter = MarkdownExporter(input: input, flavor: format == .docc ? .docc : .github)
            files = exporter.pages()
            coverage = exporter.coverage
        case .html:
            let exporter = HTMLExporter(input: input)
            files = exporter.pages()
            coverage = exporter.coverage
        case .json:
            files = ["catalog-docs.json": (document ?? .null).serialized(pretty: true) + "\n"]
        }
        previews = coverage.drawn
        missingPreviews = coverage.missing
    }

    /// Every mode name the catalog's themes have, which `--mode` may name: each alone, and
    /// as `dimension=mode`.
    public static func modes(in repository: Repository) throws -> [String] {
        Set(
            try repository.themeSummaries().flatMap { summary in
                summary.dimensions.flatMap(\.modes)
                    + summary.dimensions.flatMap { dimension in dimension.modes.map { "\(dimension.name)=\($0)" } }
            }
        ).sorted()
    }
}
