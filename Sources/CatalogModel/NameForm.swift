import Foundation

/// The one form the catalog keeps and compares names in: Unicode Normalization Form C.
/// Swift compares strings by canonical equivalence (U+00F1 equals n + U+0303), SQLite and
/// the byte scanners by their bytes: with every name (token and group names as keys, the
/// paths aliases name) in one form, both comparisons agree, so two spellings are never
/// one name in one place and two in another. Keys are normalized as they are parsed, and
/// said (``JSONParser``); a file with a name in another form is never read by difference;
/// theme, style and spec names go through ``NameRules/canonical(_:)``, which is this.
public enum NameForm {
    /// `name` in NFC (itself when it already is, as any ASCII name is).
    public static func normalized(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return name }
        let normal = name.precomposedStringWithCanonicalMapping
        return normal.utf8.elementsEqual(name.utf8) ? name : normal
    }

    /// Whether `name` is in NFC, byte for byte.
    public static func isNormalized(_ name: String) -> Bool {
        normalized(name).utf8.elementsEqual(name.utf8)
    }
}
