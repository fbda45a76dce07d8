/// A token's type: the DTCG types the catalog validates, and two carried verbatim (kept
/// and written back, never interpreted): Tokens Studio's `composition`, and `untyped`,
/// a Style Dictionary token that declares no type and whose kind its transforms would not
/// tell either (Style Dictionary needs no type: its transforms match a token by its path).
/// The raw value is the type's name in token files (`$type`).
public enum TokenType: String, Sendable, Hashable, CaseIterable {
    case color, dimension, duration, fontWeight, fontFamily, number, boolean, string, cubicBezier
    case typography, border, shadow, transition, gradient, strokeStyle
    /// Tokens Studio's composition: kept as given.
    case composition
    /// A Style Dictionary token of no type the catalog can tell: kept as given.
    case untyped

    /// Whether DTCG 2025.10 has this type. The others (`string`, `boolean`, Tokens Studio's
    /// `composition`) are written as `$extensions["catalog.type"]`, never as `$type`.
    public var isDTCG: Bool {
        switch self {
        case .string, .boolean, .composition, .untyped: return false
        case .color, .dimension, .duration, .fontWeight, .fontFamily, .number, .cubicBezier, .typography, .border,
            .shadow, .transition, .gradient, .strokeStyle:
            return true
        }
    }

    /// Whether values of this type are carried without validation.
    public var isVerbatim: Bool {
        switch self {
        case .composition, .untyped: return true
        case .color, .dimension, .duration, .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier,
            .typography, .border, .shadow, .transition, .gradient, .strokeStyle:
            return false
        }
    }
}
