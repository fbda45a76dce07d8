import CatalogCodegen
import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

extension Catalog {
    /// The largest color difference taken as the same color: ΔEOK 2, about what an eye
    /// tells apart side by side.
    static let sameColor = 2.0

    /// Where a length is used → the words a token's path holds for that use (a padding is
    /// a spacing token, a corner radius a radius token: a font size of 16 is no padding).
    static let lengthWords: [String: [String]] = [
        "padding": ["spac", "padding", "inset", "gap", "gutter", "margin"],
        "cornerRadius": ["radius", "corner", "round"],
    ]

    /// Findings for colors and lengths written as literals in button code that a token of
    /// a theme's latest version holds: the nearest color within ``sameColor`` (in any
    /// mode), or a length token of the same size whose path names the use, each said with
    /// the token's Swift name where the theme is small enough to name (as `get_token` does).
    ///
    /// Only the themes the code uses are searched: those whose generated module one of
    /// the linted files imports (`imports`), and `themes` (the project file's, those of
    /// the asset catalogs whose colors the code names). An app that uses none gets no
    /// suggestion: its literals are its own design values, and a token of a theme it
    /// never adopted is no fix for them.
    func hardCodedFindings(_ values: [HardCodedValue], imports: Set<String>, themes: Set<String>) throws
        -> [Linter.Finding]
    {
        guard !values.isEmpty else { return [] }
        let used = Self.latest(try repository.themeSummaries(), name: \.name, version: \.version).filter {
            themes.contains($0.name) || imports.contains(SwiftPackageNames.module(ofTheme: $0.name))
        }
        guard !used.isEmpty else { return [] }
        let scopes = used.map { NearestScope(theme: $0.name, version: $0.version, modes: .every) }
        var names: [String: [String: String]] = [:]
        /// The Swift a file writes for `path` of `theme`: a color's `Color.` shortcut, else
        /// the namespaced constant (its number for a length); `nil` for a theme too large to name.
        func swiftName(_ path: String, theme: String, version: Semver, kind: HardCodedValue.Kind) throws -> String? {
            if names[theme] == nil {
                let count = try repository.tokenCount(theme, version)
                names[theme] =
                    count <= DocsExport.tokenLimit
                    ? SwiftTokenNames(theme: try repository.theme(VersionedName(name: theme, version: version))).paths
                    : [:]
            }
            let spellings = (names[theme] ?? [:]).filter { $0.value == path }.map(\.key).sorted()
            if kind == .color, let shortcut = spellings.first(where: { $0.hasPrefix("Color.") }) { return shortcut }
            guard
                let constant = spellings.filter({ !$0.hasPrefix(".") && $0.contains(".") }).min(by: {
                    $0.count < $1.count
                })
            else { return nil }
            return kind == .length ? constant + ".defaultValue" : constant
        }
        var findings: [Linter.Finding] = []
        for value in values {
            var found: NearToken?
            switch value.kind {
            case .color:
                guard let hex = value.hex else { continue }
                found = try nearestTokens(to: try ValueProbe(hex, type: "color"), in: scopes, limit: 1).first
                if let near = found, near.distance > Self.sameColor { found = nil }
            case .length:
                guard let points = value.points, let words = Self.lengthWords[value.use] else { continue }
                found = try nearestTokens(
                    to: try ValueProbe(String(points), type: "dimension"), in: scopes, limit: 50
                ).first { near in
                    near.distance == 0 && words.contains { near.path.lowercased().contains($0) }
                }
            }
            guard let near = found else { continue }
            let mode = near.mode.isEmpty ? "" : " in \(near.mode)"
            let difference = value.kind == .color ? " (ΔEOK \(JSON.format(near.distance.rounded(places: 2))))" : ""
            let name = try swiftName(near.path, theme: near.theme, version: near.version, kind: value.kind)
            let site = UsageSite(file: value.file, line: value.line, column: value.column, component: value.use)
            findings.append(
                Linter.Finding(
                    site: site, severity: .warning,
                    message:
                        "\(value.text) is \(near.path) of \(near.theme)\(mode)\(difference): "
                        + (name.map { "write \($0)" } ?? "write the token"),
                    rule: Linter.hardCodedRule))
        }
        return findings.sorted {
            ($0.site.file, $0.site.line, $0.site.column) < ($1.site.file, $1.site.line, $1.site.column)
        }
    }
}
