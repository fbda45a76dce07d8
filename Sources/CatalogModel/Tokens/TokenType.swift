/// A token's type: the DTCG types the catalog validates, and Tokens Studio's
/// `composition`, which is carried verbatim (kept and written back, never interpreted).
/// The raw value is the type's name in token files (`$type`).
public enum TokenType: String, Sendable, Hashable, CaseIterable {
    case color, dimension, duration, fontWeight, fontFamily, number, boolean, string, cubicBezier
    case typography, border, shadow, transition, gradient, strokeStyle
    /// Tokens Studio's composition: kept as given.
    case composition

    /// Whether values of this type are carried without validation.
    public var isVerbatim: Bool {
        switch self {
        case .composition: return true
        case .color, .dimension, .duration, .fontWeight, .fontFamily, .number, .boolean, .string, .cubicBezier,
            .typography, .border, .shadow, .transition, .gradient, .strokeStyle:
            return false
        }
    }
}
