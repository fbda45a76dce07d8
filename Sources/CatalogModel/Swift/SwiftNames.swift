import Foundation

/// Swift identifiers for catalog names, following the Swift API Design Guidelines:
/// `lowerCamelCase` for members, `UpperCamelCase` for types, keywords escaped with
/// backticks, a leading digit prefixed with `_`. Two names that become the same
/// identifier in one scope are reported by the caller, never silently renamed.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol",
    ]

    /// The words of `name`: split at every character that is not a letter or digit, and
    /// between a lower-case letter and an upper-case one (`buttonLabel` → button, Label).
    static func words(_ name: String) -> [String] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(name) }
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase && previousLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` for an ASCII name, by its bytes: the same words without asking Unicode's
    /// tables about each character (a theme page names every token of the theme).
    private static func asciiWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previousLower = false
        for byte in name.utf8 {
            let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            let lower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard upper || lower || digit else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                previousLower = false
                continue
            }
            if upper && previousLower && !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current = []
            }
            current.append(byte)
            previousLower = lower || digit
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `color-set` → `colorSet`, `$root` → `root`, `100` → `_100`, `default` → `` `default` ``.
    public static func member(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var identifier = lowercasingFirst(first) + parts.dropFirst().map(uppercasingFirst).joined()
        if identifier.first?.isNumber == true { identifier = "_" + identifier }
        return escaped(identifier)
    }

    /// `color-set` → `ColorSet`, `100` → `_100`.
    public static func type(_ name: String) -> String {
        var identifier = words(name).map(uppercasingFirst).joined()
        if identifier.isEmpty { identifier = "_" }
        if identifier.first?.isNumber == true { identifier = "_" + identifier }
        return escaped(identifier)
    }

    /// `name` as written, for names that ``member(_:)`` or ``type(_:)`` would make equal:
    /// its case kept, `_` for each run of other ASCII characters that no identifier holds,
    /// `uXXXX` for any other such symbol (marks and variation selectors left out), `_` before
    /// a leading digit, keywords in backticks. `1_5x` → `_1_5x`, `_size` → `_size`,
    /// `Icon + gap ↔︎` → `Icon_gap_u2194`.
    public static func asWritten(_ name: String) -> String {
        var out = ""
        var pendingSeparator = false
        for scalar in name.unicodeScalars {
            if scalar == "_" || isIdentifierScalar(scalar) {
                if pendingSeparator, !out.isEmpty || scalar != "_" { out += "_" }
                pendingSeparator = false
                out.unicodeScalars.append(scalar)
            } else if [.nonspacingMark, .enclosingMark, .format].contains(scalar.properties.generalCategory) {
                continue
            } else if scalar.isASCII {
                pendingSeparator = true
            } else {
                if pendingSeparator || !(out.isEmpty || out.hasSuffix("_")) { out += "_" }
                out += "u" + String(scalar.value, radix: 16, uppercase: true)
                pendingSeparator = true
            }
        }
        // A trailing separator is kept too (`selected ` → `selected_`), unless after a symbol.
        if pendingSeparator, let last = name.unicodeScalars.last, last.isASCII, !out.hasSuffix("_") { out += "_" }
        // A leading separator is kept (`_size`, `-size`): it is what tells the name apart.
        if name.unicodeScalars.first.map({ !isIdentifierScalar($0) && $0.isASCII }) == true, !out.hasPrefix("_") {
            out = "_" + out
        }
        // A name of no letter or digit (`_`, `+`) is spelled by its characters: `u5F`, `u2B`.
        if !out.unicodeScalars.contains(where: { $0 != "_" }) {
            out = name.unicodeScalars.map { "u" + String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
        }
        if out.isEmpty { return "_" }
        if out.first?.isNumber == true { out = "_" + out }
        return escaped(out)
    }

    /// Whether `scalar` may appear in a Swift identifier (after its first character): an
    /// ASCII letter, digit or `_`, or a letter or number of another script.
    public static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// `name` without the backticks that escape keywords (`` `init` `` → `init`,
    /// ``Shop.G.`default` `` → `Shop.G.default`); fast where it has none, as most names do.
    public static func unescaped(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "`")) else { return name }
        return String(name.unicodeScalars.filter { $0 != "`" })
    }

    /// Whether `name` must be written in backticks.
    public static func isKeyword(_ name: String) -> Bool { keywords.contains(name) }

    /// `identifier` as a declaration writes it: in backticks where it is a keyword
    /// (`default` → `` `default` ``).
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    private static func uppercasingFirst(_ word: String) -> String {
        // An ASCII word by its bytes (a theme page names every token it shows).
        if let first = word.utf8.first, first < 0x80 {
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return word }
            var bytes = Array(word.utf8)
            bytes[0] -= 0x20
            return String(decoding: bytes, as: UTF8.self)
        }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The word with its leading capitals lowered, as the guidelines treat acronyms:
    /// `URL` → `url`, `DFButton` → `dfButton`, `Primary` → `primary`.
    private static func lowercasingFirst(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(word.utf8)
            let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
            var run = 0
            while run < bytes.count, upper.contains(bytes[run]) { run += 1 }
            // Before a lower-case letter, the last capital starts the next word (`DFButton`).
            let lowered = run == bytes.count ? run : run > 1 ? run - 1 : run
            for index in 0..<lowered { bytes[index] += 0x20 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let characters = Array(word)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == characters.count { return word.lowercased() }
        // Before a lower-case letter, the last capital starts the next word (`DFButton`).
        let lowered = run > 1 ? run - 1 : run
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// A Swift string literal for `text`.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control and format characters (the bidirectional overrides of Trojan Source,
                // U+202A–202E and U+2066–2069, zero-width ones) are written as escapes.
                if [.control, .format].contains(scalar.properties.generalCategory) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` for a comment or documentation: control and format characters shown as
    /// `\u{…}`, so that none of them reorders or hides what a reader sees.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if [.control, .format].contains(scalar.properties.generalCategory), scalar != "\n" {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A Swift floating-point literal: shortest round-tripping form, always with a digit after `.` when fractional.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(Double(String(format: "%.6f", value)) ?? value)
    }
}
