import CatalogModel

/// Which styles and specs a theme change reaches: styles that refer to a token whose
/// value or resolved value changed, and the specs whose options those styles draw.
public struct Impact: Sendable, Equatable {
    /// A style reached by the change, with the changed tokens it refers to.
    public struct AffectedStyle: Sendable, Equatable {
        /// The style's name.
        public var name: String
        /// The style version reached (the latest published).
        public var version: Semver
        /// The changed tokens it refers to, directly or through aliases.
        public var tokens: [String]
    }

    /// A spec whose options are drawn by affected styles.
    public struct AffectedSpec: Sendable, Equatable {
        /// The spec's name.
        public var name: String
        /// The spec version reached (the latest published).
        public var version: Semver
        /// The affected styles its options link to.
        public var styles: [String]
    }

    /// The styles reached, by name.
    public var styles: [AffectedStyle]
    /// The specs whose options those styles draw, by name.
    public var specs: [AffectedSpec]

    /// The impact of `diff` on `styles` checked against theme `theme` and on `specs`.
    public init(of diff: ThemeDiff, theme: String, styles: [StyleDefinition], specs: [ComponentSpec]) {
        let changed = diff.visuallyChangedPaths
        var affected: [AffectedStyle] = []
        for style in styles where style.theme == theme {
            let tokens = Set(style.tokenReferences.map(\.token)).intersection(changed).sorted()
            if !tokens.isEmpty {
                affected.append(AffectedStyle(name: style.name, version: style.version, tokens: tokens))
            }
        }
        let names = Set(affected.map(\.name))
        self.styles = affected.sorted { $0.name < $1.name }
        self.specs = specs.compactMap { spec in
            let linked = Set(spec.linkedStyles).intersection(names).sorted()
            return linked.isEmpty ? nil : AffectedSpec(name: spec.name, version: spec.version, styles: linked)
        }.sorted { $0.name < $1.name }
    }
}
