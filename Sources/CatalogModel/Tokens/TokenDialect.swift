/// The rules a token file is read by. Strictness belongs to the format, not to the reader:
/// a DTCG 2025.10 file is held to the standard's text, while Tokens Studio, Style
/// Dictionary and Spectrum files are read the way their own tools read them.
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

    /// Whether values are held to DTCG 2025.10's exact forms.
    public var isStrict: Bool { self == .dtcg }

    /// The units a dimension may have.
    public var dimensionUnits: [String] {
        switch self {
        case .dtcg: return ["px", "rem"]
        case .spectrum, .styleDictionary, .dtcgDraft, .tokensStudio, .catalog, .figma:
            return ["px", "rem", "pt", "em", "dp"]
        }
    }

    /// Whether `{a} * 2` is an expression (Tokens Studio's math) rather than a string.
    public var evaluatesMath: Bool { self != .styleDictionary && self != .dtcg && self != .figma }

    /// Whether a group may hold notes that are not tokens (`"comment": "…"`), as Style
    /// Dictionary, Tokens Studio and Spectrum sources do; they are kept verbatim.
    public var keepsGroupNotes: Bool { self == .styleDictionary || self == .tokensStudio || self == .spectrum }

    /// Whether references may be written with spaces inside the braces (`{ color.white }`).
    public var trimsReferences: Bool { self != .dtcg && self != .catalog }

    /// Whether a token's name may hold a dot (`"size.icon"`), as Style Dictionary 4 keeps
    /// it, in its `value` sources and in the DTCG-draft files it reads: one name, reachable
    /// as `{size.icon}` below its group. DTCG 2025.10 forbids it.
    public var allowsDotsInNames: Bool { self == .styleDictionary || self == .dtcgDraft }

    /// Whether a reference to a token that does not exist is kept (unresolved, with a
    /// warning) rather than refused: Tokens Studio keeps and shows such tokens.
    public var keepsDanglingReferences: Bool { self == .tokensStudio }

    /// Whether an alias may name a token of another type, taking its target's value: Style
    /// Dictionary never compares types (its `resolveReferences` substitutes values), nor do
    /// Tokens Studio and Figma; the DTCG drafts and 2025.10 forbid it, and Spectrum's schema
    /// types each token.
    public var acceptsAliasesAcrossTypes: Bool {
        self == .styleDictionary || self == .tokensStudio || self == .figma
    }

    /// Whether a color object's `hex` may have 8 digits (`#E1B9191A`), which DTCG's 6-digit
    /// `hex` cannot hold: Tokens Studio writes it; the color is its components and alpha.
    public var ignoresLongHex: Bool { self == .tokensStudio || self == .catalog }

    /// Whether a token's type may be guessed from its value when none is given.
    public var infersTypes: Bool { self == .styleDictionary || self == .spectrum || self == .tokensStudio }

    /// Which dialect a DTCG-shaped (`$value`) document is written in: the catalog's own
    /// when its root names catalog extensions, strict DTCG when its `$schema` is the
    /// standard's, Figma's when its tokens carry `$extensions["com.figma"]`, the drafts'
    /// string forms when any value uses them or a name holds a dot, else strict DTCG. `draftStringsElsewhere`,
    /// `figmaElsewhere`: a token of the document read apart from `root` (an object left out
    /// of its parse) is a draft string, or carries Figma's extension.
    package static func detectDTCG(_ root: JSON, draftStringsElsewhere: Bool = false, figmaElsewhere: Bool = false)
        -> TokenDialect
    {
        if isCatalogs(root) { return .catalog }
        if let schema = root["$schema"]?.string, schema.contains("designtokens.org") { return .dtcg }
        if figmaElsewhere || isFigmas(root, depth: 0) { return .figma }
        return draftStringsElsewhere || usesDraftStrings(root, depth: 0) || hasDottedNames(root, depth: 0)
            ? .dtcgDraft : .dtcg
    }

    /// Whether a token or group name in `value` holds a dot (`"size.icon"`): DTCG 2025.10
    /// forbids it, Style Dictionary 4 keeps it as one name, so a file that does not declare
    /// the standard and writes one is Style Dictionary's reading of the drafts.
    private static func hasDottedNames(_ value: JSON, depth: Int) -> Bool {
        guard depth < 64, let members = value.object, value["$value"] == nil else { return false }
        return members.contains { key, member in
            !key.hasPrefix("$") && (key.contains(".") || hasDottedNames(member, depth: depth + 1))
        }
    }

    /// Whether a token in `value` carries Figma's export extension.
    package static func isFigmas(_ value: JSON, depth: Int = 0) -> Bool {
        guard depth < 64, let members = value.object else { return false }
        if value["$value"] != nil { return value["$extensions"]?["com.figma"] != nil }
        return members.contains { !$0.key.hasPrefix("$") && isFigmas($0.value, depth: depth + 1) }
    }

    /// Whether a `$value` anywhere in `value` (a token object, a group) is, or holds, a
    /// color or measure string, as the DTCG drafts wrote them.
    package static func usesDraftStrings(_ value: JSON) -> Bool { usesDraftStrings(value, depth: 0) }

    /// Whether a document is the catalog's own (seeds, `theme export`, the resolver export):
    /// its root names catalog extensions (`$extensions["catalog.theme"]`, …).
    package static func isCatalogs(_ root: JSON) -> Bool {
        root["$extensions"]?.object?.contains { $0.key.hasPrefix("catalog.") } == true
    }

    /// Whether a `$value` anywhere in `value` is, or holds, a color or measure string.
    private static func usesDraftStrings(_ value: JSON, depth: Int) -> Bool {
        guard depth < 64, let members = value.object else { return false }
        for (key, member) in members {
            if key == "$value" {
                if isDraftString(member, depth: 0) { return true }
            } else if !key.hasPrefix("$"), usesDraftStrings(member, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    private static func isDraftString(_ value: JSON, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        switch value.kind {
        case .string(let text):
            if TokenValue.alias(in: text) != nil { return false }
            return Color(css: text) != nil
                || TokenValue.parseMeasure(text, units: ["px", "rem", "em", "pt", "ms", "s"]) != nil
        case .object(let members): return members.contains { isDraftString($0.value, depth: depth + 1) }
        case .array(let elements): return elements.contains { isDraftString($0, depth: depth + 1) }
        default: return false
        }
    }
}
