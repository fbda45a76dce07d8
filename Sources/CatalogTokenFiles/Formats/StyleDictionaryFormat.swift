import CatalogModel
import Foundation

/// Style Dictionary 3 and 4 `value` sources: what is neither DTCG-shaped nor Spectrum's.
enum StyleDictionaryFormat {
    /// Style Dictionary's reading: no math (its `resolveReferences` substitutes values and
    /// evaluates nothing), references with spaces inside the braces, notes beside tokens,
    /// names with a dot kept as one name, references that never compare types, types
    /// guessed from the path's category and the value (``type(ofPath:value:)``), and
    /// `value` outside every mode.
    static let rules = TokenRules().with {
        $0.keepsGroupNotes = true
        $0.trimsReferences = true
        $0.allowsDotsInNames = true
        $0.acceptsAliasesAcrossTypes = true
        $0.infersTypes = true
        $0.typesByPathCategory = true
        $0.defaultModeMayDifferFromValue = true
    }

    /// The kind of an untyped token as Style Dictionary's transforms take it: they match a
    /// token by the category its path begins with (`attribute/cti`: `color`, `size`, `time`;
    /// style-dictionary `lib/common/transforms.js`, `isColor`/`isSize`), then by its value;
    /// a value neither tells is kept `untyped`, verbatim, as Style Dictionary passes it on.
    /// `values` are the token's own and its modes': Style Dictionary builds each mode's
    /// files apart, so one kind must hold every one of them (Gestalt's `elevation.floating`
    /// is `"none"` in dark and a shadow in light), else the token is `untyped`; references
    /// take their target's kind and are left out.
    static func type(ofPath path: String, values: [JSON]) -> String {
        let values = values.filter { !$0.isNull && TokenValue.alias(in: $0) == nil }
        let category = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        if let byCategory = ["color": "color", "size": "dimension", "time": "duration"][category],
            values.allSatisfy({
                if case .success = TokenValue.normalize($0, as: byCategory, rules: rules) { true } else { false }
            })
        {
            return byCategory
        }
        let kinds = Set(values.map { TokenValue.inferType(of: $0) ?? TokenType.untyped.rawValue })
        return kinds.count == 1 ? kinds.first! : TokenType.untyped.rawValue
    }
}
