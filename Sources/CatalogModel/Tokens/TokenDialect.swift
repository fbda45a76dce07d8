/// The format a token file is written in, and so the rules it is read by (``TokenRules``,
/// each format's given in its own file of CatalogTokenFiles, beside how the format is
/// detected and laid out). Strictness belongs to the format, not to the reader: a DTCG
/// 2025.10 file is held to the standard's text, while Tokens Studio, Style Dictionary and
/// Spectrum files are read the way their own tools read them.
public enum TokenDialect: String, Sendable, CaseIterable {
    /// DTCG 2025.10, by the standard: values in their object forms (`{colorSpace,
    /// components}`, `{value, unit}` with `px`/`rem`), numbers as numbers, font weight
    /// keywords as listed, every typography part present, no non-`$` keys in a token.
    case dtcg
    /// The catalog's own files (seeds, `theme export`, marked by a root
    /// `$extensions["catalog.…"]` entry): DTCG plus the catalog's documented relaxations
    /// (color and measure strings, typography without family or metrics, kept math).
    case catalog
    /// DTCG-shaped files in the drafts' string forms (`"$value": "#ff0000"`, `"16px"`),
    /// as Style Dictionary 4 and most exporters write them: read as leniently as those tools.
    case dtcgDraft = "dtcg-draft"
    /// Tokens Studio sets: its types, units and math, loose alias types.
    case tokensStudio = "tokens-studio"
    /// Style Dictionary 3/4 `value` sources: no math, untyped values stay strings.
    case styleDictionary = "style-dictionary"
    /// Adobe Spectrum's published files (`$schema` types, `sets`, `dp`).
    case spectrum
    /// Figma's variables export: DTCG-shaped, each token carrying
    /// `$extensions["com.figma"]`, with Figma's own `string` and `boolean` types.
    case figma

    /// The name used in summaries and messages.
    public var displayName: String {
        switch self {
        case .dtcg: return "DTCG 2025.10"
        case .catalog: return "DTCG"
        case .dtcgDraft: return "DTCG (draft string values)"
        case .tokensStudio: return "Tokens Studio"
        case .styleDictionary: return "Style Dictionary"
        case .spectrum: return "Spectrum tokens"
        case .figma: return "Figma variables"
        }
    }
}
