import CatalogModel

/// How far a token or a style reaches, computed one way for `usage`, `impact` and the
/// docs: a token → every token whose value can depend on it (``TokenResolver/dependents(of:)``:
/// whole-value aliases, references inside composites and expressions, `$ref` pointers and
/// extensions, in any mode) → the styles of that theme using any of them → the spec
/// options those styles draw, and the spellings of the custom ones → the call sites
/// applying them.
public struct Reach: Sendable {
    /// What is reached, from the tokens to the options.
    public struct Result: Sendable, Equatable {
        /// The tokens (the starting ones included), by theme.
        public var tokens: [String: Set<String>] = [:]
        /// The styles using them, custom ones included.
        public var styles: Set<String> = []
        /// Spec → the options, as call sites record them, that apply those styles.
        public var options: [String: Set<String>] = [:]
        /// The app's own style types whose code names a reached token (`BrandButtonStyle`
        /// with `Color.dfPrimary` in its `makeBody`): their call sites are reached too.
        public var appStyles: Set<String> = []

        /// Nothing reached yet.
        public init() {}
    }

    let specs: [ComponentSpec]
    let styles: [StyleDefinition]
    /// The custom styles, by how code spells them.
    public let published: PublishedStyles

    /// Reach over the latest `specs` and `styles`.
    public init(specs: [ComponentSpec], styles: [StyleDefinition]) {
        self.specs = specs
        self.styles = styles
        published = PublishedStyles(specs: specs, styles: styles)
    }

    /// What the tokens at `paths` of `theme` reach.
    public func tokens(_ paths: Set<String>, in theme: Theme) -> Result {
        let reached = TokenResolver(theme: theme).dependents(of: paths)
        var result = styles(
            Set(
                styles.filter { style in
                    style.theme == theme.name && style.tokenReferences.contains { reached.contains($0.token) }
                }.map(\.name)))
        result.tokens[theme.name] = reached
        return result
    }

    /// What the styles named `names` reach: the options that apply them.
    public func styles(_ names: Set<String>) -> Result {
        var result = Result()
        result.styles = names
        for spec in specs {
            for axis in spec.axes {
                for option in axis.options where option.style.map(names.contains) == true {
                    result.options[spec.name, default: []].insert(option.name)
                }
            }
        }
        // Custom styles, as code spells them: `.dfButtonStyle(.capsule)`, `.buttonStyle(CapsuleButtonStyle())`.
        for style in names {
            for (spec, spelled) in published.options[style] ?? [:] {
                result.options[spec, default: []].formUnion(spelled)
            }
        }
        return result
    }

    /// Whether `site` applies one of `result`'s styles: a custom style by its spelling,
    /// else a spec option that draws one; a dynamic site when any of its choices does.
    public func applies(_ site: UsageSite, _ result: Result) -> Bool {
        site.dynamic ? !through(site, result).isEmpty : appliesStatically(site, result)
    }

    /// The choices of a dynamic `site` that apply one of `result`'s styles, as code spells
    /// them (`.dfButtonFilled`); none for a static site or one that no choice of reaches.
    public func through(_ site: UsageSite, _ result: Result) -> [String] {
        guard site.dynamic else { return [] }
        return site.choices.compactMap { choice in
            var taken = site
            taken.dynamic = false
            taken.option = choice
            taken.optionArguments = nil
            taken.member = nil
            return appliesStatically(taken, result) ? taken.spelledStyle : nil
        }
    }

    private func appliesStatically(_ site: UsageSite, _ result: Result) -> Bool {
        guard let spec = site.spec, let option = site.option, !site.dynamic else { return false }
        if result.appStyles.contains(option) { return true }
        if let custom = published.style(for: site) { return result.styles.contains(custom.name) }
        return result.options[spec]?.contains(option) == true
            || site.member.map { result.options[spec]?.contains($0) == true } == true
    }
}
