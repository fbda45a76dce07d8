import CatalogCodegen
import CatalogModel

/// A component spec version as an agent asks for it: the spec, its document as published,
/// and how the generated package applies each style its options draw. `get_component`
/// answers it.
public struct ComponentDetail: Sendable {
    public var spec: ComponentSpec
    /// The document as published, and the file it came from.
    public var text: String
    public var sourceFile: String
    /// The options' styles the generated package applies, in the spec's order: the style,
    /// the module to import and the modifier (`.buttonStyle(.dfButtonFilled)`).
    public var applied: [(style: String, import: String, modifier: String)]
}

extension Catalog {
    /// Spec version `reference`, with how code using the generated package applies each
    /// style its options draw (a style naming no theme of the catalog is left out).
    public func componentDetail(_ reference: VersionedName) throws -> ComponentDetail {
        let (spec, text, file) = try self.spec(reference)
        let themes = try self.themes()
        var applied: [(style: String, import: String, modifier: String)] = []
        var seen: Set<String> = []
        for option in spec.axes.flatMap(\.options) {
            guard let name = option.style, seen.insert(name).inserted,
                let (style, _, _) = try? style(VersionedName(name: name)),
                let swift = Self.swift(style, themes: themes)
            else { continue }
            applied.append((name, swift.import, swift.modifier))
        }
        return ComponentDetail(spec: spec, text: text, sourceFile: file, applied: applied)
    }

    /// How code using the generated package applies `style`, when it names a theme of `themes`.
    static func swift(_ style: StyleDefinition, themes: [ThemeSummary]) -> (import: String, modifier: String)? {
        guard let name = style.theme,
            let summary = latest(themes.filter { $0.name == name }, name: \.name, version: \.version).first
        else { return nil }
        return SwiftPackageExporter.applying(style, theme: summary.header)
    }
}
