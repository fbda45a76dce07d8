import CatalogModel

/// Everything a documentation export draws from: the latest version of every spec,
/// style and theme, and the mode contexts to resolve in. The CLI reads it from the
/// repository; the exporters only render it.
package struct DocsInput: Sendable {
    package var specs: [ComponentSpec]
    package var styles: [StyleDefinition]
    package var themes: [Theme]
    /// Mode names to document (`[]`: each theme's defaults only; `["light", "dark"]`: each
    /// that a theme has).
    package var modes: [String]
    /// Whether `modes` make one context (`--mode Brand=Forest --mode dark`) rather than
    /// each a context of its own (`--mode all`).
    package var combinesModes = false
    /// The theme to resolve styles in instead of their own, when given.
    package var themeOverride: String?
    /// The full token count of each theme that is documented in part (too large to list
    /// whole: see `Repository.themeForDocs`); pages say how many tokens they leave out.
    package var tokenCounts: [String: Int] = [:]
    /// Every published version of each spec, style and theme before its latest, which the
    /// HTML site gives pages of their own (marked as earlier versions) and a switcher
    /// reaches. Empty: only the latest versions are documented.
    package var earlier = Earlier()

    /// Published versions before the latest.
    package struct Earlier: Sendable {
        package var specs: [ComponentSpec] = []
        package var styles: [StyleDefinition] = []
        package var themes: [Theme] = []

        /// No earlier versions.
        package init() {}
    }

    /// An export input.
    package init(
        specs: [ComponentSpec], styles: [StyleDefinition], themes: [Theme], modes: [String],
        themeOverride: String? = nil
    ) {
        self.specs = specs.sorted { $0.name < $1.name }
        self.styles = styles.sorted { $0.name < $1.name }
        self.themes = themes.sorted { $0.name < $1.name }
        self.modes = modes
        self.themeOverride = themeOverride
    }

    /// How many tokens `theme` has in all, and whether its pages list only some of them.
    package func tokenCount(of theme: Theme) -> (total: Int, partial: Bool) {
        let total = tokenCounts[theme.name] ?? theme.tokens.count
        return (total, total > theme.tokens.count)
    }

    /// What a page of a partly documented theme says about the tokens it leaves out.
    package func partialNote(for theme: Theme) -> String? {
        let count = tokenCount(of: theme)
        guard count.partial else { return nil }
        return "This theme has \(count.total) tokens; the first by path and those styles use are documented here "
            + "(\(theme.tokens.count)). `catalog theme show \(theme.name)` lists every one, and "
            + "`catalog theme export \(theme.name)` writes them all as DTCG JSON."
    }

    /// What a theme's page says when tokens were flagged at its import (kept as written,
    /// without a value, so not drawn here; those flagged in some modes only are drawn
    /// where they have values).
    package func refusedNote(for theme: Theme) -> String? {
        let refused = theme.refusedTokens
        let count = refused.count { $0.modes.isEmpty }
        let inModes = refused.count - count
        guard count + inModes > 0 else { return nil }
        let partly =
            inModes == 0
            ? ""
            : "\(inModes) \(inModes == 1 ? "token has" : "tokens have") no value in some modes, where \(inModes == 1 ? "it was" : "they were") flagged"
                + (count == 0 ? "; " : ". ")
        guard count > 0 else {
            return partly
                + "`catalog theme problems \(theme.name)@\(theme.version)` lists \(inModes == 1 ? "it" : "them") with the reasons."
        }
        return partly
            + "\(count) \(count == 1 ? "token is" : "tokens are") unresolved: flagged when this version was imported, "
            + "kept as written without a value, and so not documented here; "
            + "`catalog theme problems \(theme.name)@\(theme.version)` lists \(count == 1 ? "it" : "them") with the reasons."
    }

    /// The theme a style is documented in.
    package func theme(for style: StyleDefinition) -> Theme? {
        let name = themeOverride ?? style.theme
        return themes.first { $0.name == name }
    }

    /// The mode contexts to document for `theme`: its defaults, each requested mode it has,
    /// or (``combinesModes``) the one context the requested modes it has make.
    package func contexts(for theme: Theme) -> [(label: String, context: ModeContext)] {
        let naming = ModeNaming(theme.dimensions)
        if combinesModes {
            let keys = modes.flatMap(theme.modeKeys(named:))
            guard !keys.isEmpty else { return [("default", ModeContext())] }
            let context = ModeContext(Dictionary(keys.map { ($0.dimension, $0.mode) }) { first, _ in first })
            return [(keys.map { naming.name($0) }.joined(separator: ", "), context)]
        }
        var contexts: [(label: String, context: ModeContext)] = []
        for wanted in modes {
            // A name several dimensions have is documented in each (`Brand=Canvas`, `System=Canvas`).
            contexts += theme.modeKeys(named: wanted).map { (naming.name($0), ModeContext($0)) }
        }
        return contexts.isEmpty ? [("default", ModeContext())] : contexts
    }

    /// The style a name refers to.
    package func style(named name: String) -> StyleDefinition? { styles.first { $0.name == name } }
}
