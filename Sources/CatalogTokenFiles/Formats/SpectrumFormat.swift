import CatalogModel
import Foundation

/// Adobe Spectrum's published token files: the older `value` shape, tokens naming
/// Spectrum's `$schema` token types, per-mode values in `sets` (with `uuid`s).
enum SpectrumFormat {
    /// Spectrum's reading: its math, references with spaces inside the braces, notes
    /// beside tokens, types guessed from values, and `value` outside every `sets` mode,
    /// which a default mode may change.
    static let rules = TokenRules().with {
        $0.evaluatesMath = true
        $0.keepsGroupNotes = true
        $0.trimsReferences = true
        $0.infersTypes = true
        $0.defaultModeMayDifferFromValue = true
    }

    /// Whether a `value`-shaped document is Spectrum's: a token in it names a Spectrum
    /// schema (`token-types`) or carries `sets` with a `uuid`.
    static func isSpectrum(_ root: JSON) -> Bool { isSpectrum(root, depth: 0) }

    private static func isSpectrum(_ value: JSON, depth: Int) -> Bool {
        guard depth < 16, let members = value.object else { return false }
        if value["$schema"]?.string?.contains("token-types") == true
            || value["sets"]?.object != nil && value["uuid"] != nil
        {
            return true
        }
        return members.contains { !$0.key.hasPrefix("$") && isSpectrum($0.value, depth: depth + 1) }
    }
}
