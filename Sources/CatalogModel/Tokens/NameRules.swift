import Foundation

/// Rules for the names users give things: theme, style and spec names, token path
/// segments. Names travel into file names, URLs and SQL; they are checked once, here.
public enum NameRules {
    /// Why `name` cannot name a theme, style or spec, or `nil` when it can: 1–200
    /// characters, no control characters, no `/`, `\`, `@` or leading `.`.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.count > 200 { return "it is longer than 200 characters" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains a control character"
        }
        if name.contains("/") || name.contains("\\") { return "it contains a path separator" }
        if name.contains("@") { return "it contains '@', which separates a name from its version" }
        if name.hasPrefix(".") { return "it starts with '.'" }
        if name != name.trimmingCharacters(in: .whitespaces) { return "it starts or ends with a space" }
        return nil
    }

    /// The one Unicode form names are stored and compared in (NFC, ``NameForm``): "Café"
    /// typed with a precomposed é and with e + U+0301 is the same name, in the database as
    /// in Swift.
    public static func canonical(_ name: String) -> String { NameForm.normalized(name) }

    /// `name` in double quotes for a message: control characters shown as `\u{1B}` so
    /// that a name cannot drive the terminal, and names over 60 characters shortened.
    public static func quoted(_ name: String) -> String {
        let shown = escapingControlCharacters(String(String.UnicodeScalarView(name.unicodeScalars.prefix(60))))
        let count = name.unicodeScalars.count
        return count > 60 ? "\"\(shown)…\" (\(count) characters)" : "\"\(shown)\""
    }

    /// `text` with its control characters, but those in `kept`, written as `\u{1B}`: catalog
    /// text quoted in a message or a name cannot drive the terminal that shows it.
    public static func escapingControlCharacters(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control && !kept.contains(scalar)
        }
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if escaped(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Why `segment` cannot be a token or group name (DTCG: no `.`, `{`, `}`, not
    /// starting with `$`), or `nil`.
    public static func tokenNameProblem(_ segment: String) -> String? {
        if segment.isEmpty { return "it is empty" }
        // Nearly every name is ASCII: one pass over its bytes says what the checks below
        // would (a file of 100,000 tokens has as many names, and more group names).
        if segment.utf8.count <= 200, segment.utf8.allSatisfy({ $0 < 0x80 }) {
            var dot = false
            var brace = false
            var control = false
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "."): dot = true
                case UInt8(ascii: "{"), UInt8(ascii: "}"): brace = true
                case 0x00..<0x20, 0x7F: control = true
                default: break
                }
            }
            if dot { return "it contains '.', which separates path segments" }
            if brace { return "it contains '{' or '}', which mark aliases" }
            return control ? "it contains a control character" : nil
        }
        if segment.contains(".") { return "it contains '.', which separates path segments" }
        if segment.contains("{") || segment.contains("}") { return "it contains '{' or '}', which mark aliases" }
        if segment.count > 200 { return "it is longer than 200 characters" }
        if segment.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains a control character"
        }
        return nil
    }
}
