import CatalogModel

/// Everything a documentation export draws from: the latest version of every spec,
/// style and theme, and the mode contexts to resolve in. The CLI reads it from the
/// repository; the exporters only render it.
public struct DocsInput: Sendable {
    public var specs: [ComponentSpec]
    public var styles: [StyleDefinition]
    public var themes: [Theme]
    /// Mode names to document (`[]`: each theme's defaults only; `["light", "dark"]`: each
    /// that a theme has).
    public var modes: [String]
    /// The theme to resolve styles in instead of their own, when given.
    public var themeOverride: String?

    /// An export input.
    public init(
        specs: [ComponentSpec], styles: [StyleDefinition], themes: [Theme], modes: [String],
        themeOverride: String? = nil
    ) {
        self.specs = specs.sorted { $0.name < $1.name }
        self.styles = styles.sorted { $0.name < $1.name }
        self.themes = themes.sorted { $0.name < $1.name }
        self.modes = modes
        self.themeOverride = themeOverride
    }

    /// The theme a style is documented in.
    public func theme(for style: StyleDefinition) -> Theme? {
        let name = themeOverride ?? style.theme
        return themes.first { $0.name == name }
    }

    /// The mode contexts to document for `theme`: its defaults, or each requested mode it has.
    public func contexts(for theme: Theme) -> [(label: String, context: ModeContext)] {
        let available = theme.modeDimensions
        let wanted = modes.filter { available[$0] != nil }
        if wanted.isEmpty { return [("default", ModeContext())] }
        return wanted.map { ($0, ModeContext([available[$0]!: $0])) }
    }

    /// The style a name refers to.
    public func style(named name: String) -> StyleDefinition? { styles.first { $0.name == name } }
}

/// File names derived from catalog names: only letters, digits, `.`, `-` and `_`, never
/// starting with a dot, at most 100 characters, so nothing can be written outside the
/// export folder whatever a name holds.
public enum SafeName {
    /// The file-name-safe form of `name`.
    public static func file(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let allowed =
                scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
            result.unicodeScalars.append(allowed ? scalar : "-")
        }
        while result.hasPrefix(".") || result.hasPrefix("-") { result.removeFirst() }
        if result.count > 100 { result = String(result.prefix(100)) }
        return result.isEmpty ? "unnamed" : result
    }
}
