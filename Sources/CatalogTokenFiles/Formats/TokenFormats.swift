import CatalogModel

/// Each format's home is its file in this folder: how it is detected, the rules its
/// tokens are read by (``TokenRules``), and how its files are laid out into a theme where
/// it has a layout of its own. Adding a format is a case of ``TokenDialect``, its file,
/// and its line below; adding a rule is a field of ``TokenRules`` set in the files of the
/// formats that follow it.
extension TokenDialect {
    /// The rules this format's files are read by.
    var rules: TokenRules {
        switch self {
        case .dtcg: return DTCGFormat.strict
        case .catalog: return .catalog
        case .dtcgDraft: return DTCGFormat.draft
        case .tokensStudio: return TokensStudio.rules
        case .styleDictionary: return StyleDictionaryFormat.rules
        case .spectrum: return SpectrumFormat.rules
        case .figma: return FigmaVariables.rules
        }
    }
}
