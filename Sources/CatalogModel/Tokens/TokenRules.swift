/// The rules a token file is read by, as its format's own tools read it: one value per
/// format (``TokenDialect``), each set in that format's file, so that a rule is a field
/// here and a setting there, never a test of which format is being read.
public struct TokenRules: Sendable {
    /// Whether values are held to DTCG 2025.10's exact forms (``StrictValue``).
    public var strict = false
    /// The units a dimension may have.
    public var dimensionUnits = ["px", "rem", "pt", "em", "dp"]
    /// Whether `{a} * 2` is an expression (Tokens Studio's math) rather than a string.
    public var evaluatesMath = false
    /// Whether a group may hold notes that are not tokens (`"comment": "…"`); they are kept verbatim.
    public var keepsGroupNotes = false
    /// Whether references may be written with spaces inside the braces (`{ color.white }`).
    public var trimsReferences = false
    /// Whether a token's name may hold a dot (`"size.icon"`): one name, reachable as
    /// `{size.icon}` below its group. DTCG 2025.10 forbids it.
    public var allowsDotsInNames = false
    /// Whether a reference to a token that does not exist is kept (unresolved, with a
    /// warning) rather than refused.
    public var keepsDanglingReferences = false
    /// Whether an alias may name a token of another type, taking its target's value where
    /// its own type cannot read it (the format's tools substitute values, never compare types).
    public var acceptsAliasesAcrossTypes = false
    /// The declared types whose aliases take their target's type silently (Tokens Studio's
    /// `number` naming a dimension or a font weight is that dimension or weight).
    public var aliasesTakingTheirTargetsType: Set<String> = []
    /// Whether a color object's `hex` may have 8 digits (`#E1B9191A`), which DTCG's 6-digit
    /// `hex` cannot hold: the color is its components and alpha.
    public var ignoresLongHex = false
    /// Whether a color may be written `rgba(#hex, alpha)` (Tokens Studio's; sd-transforms
    /// rewrites it to CSS), which CSS does not define.
    public var readsHexInRGBA = false
    /// Whether a font weight may carry a style (`"Medium Italic"`): the weight is read, and
    /// a typography keeps the style as its `fontStyle` (sd-transforms' `addFontStyles`).
    public var fontWeightsCarryStyle = false
    /// Whether a composite's field given as `""` is a field left unset (Tokens Studio's
    /// typography editor writes `"paragraphSpacing": ""` for one not filled in).
    public var emptyFieldsAreUnset = false
    /// Whether a token's type may be guessed from its value when none is given.
    public var infersTypes = false
    /// Whether an untyped token takes the kind its path's first name says (`color`,
    /// `size`, `time`) where its value reads so, as Style Dictionary's transforms match it.
    public var typesByPathCategory = false
    /// Whether a `string` token may hold an object or array, kept verbatim as `untyped`
    /// (Tokens Studio's `other`/`text` catch-alls).
    public var stringsHoldAnything = false
    /// Whether a line height without a unit is pixels rather than a multiplier.
    public var unitlessLineHeightsArePixels = false
    /// Whether `$value` is the value outside every mode, which the default mode may change
    /// (Spectrum's `sets`, Style Dictionary's); elsewhere, in a file of one dimension, the
    /// default mode's value is `$value` and another is refused.
    public var defaultModeMayDifferFromValue = false

    /// Rules with every leniency off (strict DTCG's reading, before `strict`).
    public init() {}

    /// A copy with `change` applied: each format's rules written as what they turn on.
    public func with(_ change: (inout TokenRules) -> Void) -> TokenRules {
        var rules = self
        change(&rules)
        return rules
    }

    /// The catalog's own files (seeds, `theme export`): DTCG plus the catalog's documented
    /// relaxations (color and measure strings, typography without family or metrics, kept
    /// math, 8-digit `hex` as Tokens Studio writes it).
    public static let catalog = TokenRules().with {
        $0.evaluatesMath = true
        $0.ignoresLongHex = true
    }
}
