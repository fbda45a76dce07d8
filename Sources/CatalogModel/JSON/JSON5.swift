import Foundation

/// JSON5 (json5.org, specification 1.0.0), which Style Dictionary reads natively for
/// `.json5` token files, turned into the JSON the catalog's reader takes: comments and
/// JSON5's other white space (a byte-order mark, no-break space, U+2028, U+2029, any
/// space separator, vertical tab, form feed) become spaces; identifier keys (reserved words
/// and `Infinity` included) and single-quoted strings are quoted; escapes JSON lacks (`\'`,
/// `\v`, `\0`, `\xFF`, `\q` for `q`, line continuations after LF, CR, CRLF, U+2028 or
/// U+2029) and raw control characters inside strings are written as JSON escapes; trailing
/// commas dropped; `+1`, `.5`, `5.` and hex numbers (of any length) written as JSON numbers;
/// a `//` comment ends at LF, CR, U+2028 or U+2029. Every line stays on its line, so a
/// problem found later is placed on the line the author wrote it (the column may move by a
/// key's quotes). Refused: invalid UTF-8, a bare word as a value, a number without a digit,
/// `\1`…`\9`, a `\u` escape without its four hex digits, and `Infinity` and `NaN` as
/// values (no token value holds them).
public enum JSON5 {
    /// `data` as JSON; `file` names it in errors.
    public static func normalized(_ data: Data, file: String) throws -> Data {
        var reader = Reader(bytes: Array(data), file: file)
        try reader.validateUTF8()
        try reader.run()
        return Data(reader.output)
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var offset = 0
        var line = 1
        var lineStart = 0
        var output: [UInt8] = []
        /// Line breaks inside the string being read (line continuations), written after it
        /// so that the lines below keep their numbers.
        var pendingLines = 0

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
            output.reserveCapacity(bytes.count + bytes.count / 8)
        }

        func error(_ message: String) -> DocumentError {
            DocumentError(
                file: file, location: SourceLocation(line: line, column: offset - lineStart + 1), message: message)
        }

        func peek(_ ahead: Int = 0) -> UInt8? { offset + ahead < bytes.count ? bytes[offset + ahead] : nil }

        mutating func newline() {
            line += 1
            lineStart = offset
        }

        /// Refuses a file that is not UTF-8, placing the first bad byte.
        mutating func validateUTF8() throws {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var position = 0
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" {
                        line += 1
                        lineStart = position + 1
                    }
                    position += UTF8.width(scalar)
                case .emptyInput: break loop
                case .error:
                    offset = position
                    throw error("the file is not UTF-8 text (an invalid byte)")
                }
            }
            line = 1
            lineStart = 0
        }

        /// The scalar at the cursor and its length in bytes (the input is valid UTF-8).
        func scalar(at index: Int? = nil) -> (Unicode.Scalar, Int)? {
            let start = index ?? offset
            guard start < bytes.count else { return nil }
            let lead = bytes[start]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var iterator = bytes[start..<min(bytes.count, start + length)].makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let value) = decoder.decode(&iterator) else { return nil }
            return (value, length)
        }

        /// JSON5's white space beyond JSON's (JSON5 1.0.0 §8.1).
        static func isExtraSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x0B, 0x0C, 0xA0, 0xFEFF, 0x2028, 0x2029: return true
            default: return scalar.properties.generalCategory == .spaceSeparator && scalar != " "
            }
        }

        mutating func run() throws {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"):
                    try comment()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    try string(quote: byte)
                case UInt8(ascii: ","):
                    // A trailing comma follows a value: `[,]` and `{,}` stay commas, and errors.
                    let afterValue = lastToken().map { !"[{,".utf8.contains($0) } ?? false
                    offset += 1
                    output.append(afterValue && trailingComma() ? 0x20 : byte)
                case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try number()
                case 0x0A:
                    output.append(byte)
                    offset += 1
                    newline()
                case 0x0B, 0x0C:
                    output.append(0x20)
                    offset += 1
                case _ where byte >= 0x80:
                    guard let (scalar, length) = scalar() else { throw error("the file is not UTF-8 text") }
                    if Self.isExtraSpace(scalar) {
                        output.append(0x20)
                        offset += length
                    } else {
                        try word()
                    }
                case _ where isIdentifierStart(byte) || byte == UInt8(ascii: "\\"):
                    try word()
                default:
                    output.append(byte)
                    offset += 1
                }
            }
        }

        /// The index past white space and comments from `index`.
        func skippingSpace(from start: Int) -> Int {
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D,
                        !isSeparatorOfLines(at: index)
                    {
                        index += 1
                    }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    index += 2
                // The same white space beyond ASCII as ``run()`` skips (any space separator too).
                case 0x80...:
                    guard let (scalar, length) = scalar(at: index), Self.isExtraSpace(scalar) else { return index }
                    index += length
                default: return index
                }
            }
            return index
        }

        /// Whether U+2028 or U+2029 (E2 80 A8/A9) starts at `index`.
        func isSeparatorOfLines(at index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
        }

        /// Whether the comma just read is followed only by space and comments before `}` or `]`.
        func trailingComma() -> Bool {
            let index = skippingSpace(from: offset)
            return index < bytes.count && (bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]"))
        }

        mutating func comment() throws {
            let block = peek(1) == UInt8(ascii: "*")
            offset += 2
            output += [0x20, 0x20]
            while let byte = peek() {
                // A line comment ends at any of JSON5's line terminators (§6.1, ECMAScript's
                // LineTerminator): LF, CR, U+2028, U+2029, left for the reader to take as space.
                if !block, byte == 0x0A || byte == 0x0D || isSeparatorOfLines(at: offset) { return }
                if block, byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    offset += 2
                    output += [0x20, 0x20]
                    return
                }
                offset += 1
                output.append(byte == 0x0A ? 0x0A : 0x20)
                if byte == 0x0A { newline() }
            }
            if block { throw error("unterminated comment") }
        }

        mutating func string(quote: UInt8) throws {
            offset += 1
            output.append(UInt8(ascii: "\""))
            while let byte = peek() {
                offset += 1
                switch byte {
                case quote:
                    output.append(UInt8(ascii: "\""))
                    output += Array(repeating: 0x0A, count: pendingLines)
                    pendingLines = 0
                    return
                case UInt8(ascii: "\""):
                    output += Array("\\\"".utf8)  // a double quote inside a single-quoted string
                case UInt8(ascii: "\\"):
                    try escape()
                case 0x0A, 0x0D:
                    throw error("unterminated string (a raw line break)")
                case 0x00..<0x20, 0x7F:
                    // A raw tab (or other control character) is text in JSON5, an escape in JSON.
                    output += Array(String(format: "\\u%04x", byte).utf8)
                default:
                    output.append(byte)
                }
            }
            throw error("unterminated string")
        }

        /// The escape after a backslash in a string, as JSON writes it.
        mutating func escape() throws {
            guard let next = peek() else { throw error("unterminated string") }
            offset += 1
            switch next {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                output += [UInt8(ascii: "\\"), next]
            case UInt8(ascii: "u"):
                // Four hex digits here, in the escape: checked now, so that a line
                // continuation cannot lend the escape its last digits (`\u004\⏎b` is no "K").
                guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy(Self.isHexDigit) else {
                    offset -= 2
                    throw error("invalid \\u escape: four hexadecimal digits must follow")
                }
                output += [UInt8(ascii: "\\"), next] + bytes[offset..<offset + 4]
                offset += 4
            case 0x0A:  // a line continuation: the string goes on
                newline()
                pendingLines += 1
            case 0x0D:
                if peek() == 0x0A {
                    offset += 1
                    newline()
                    pendingLines += 1
                }
            case UInt8(ascii: "v"): output += Array("\\u000b".utf8)
            case UInt8(ascii: "0"):
                if let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    throw error("\\0 followed by a digit is not an escape JSON5 allows")
                }
                output += Array("\\u0000".utf8)
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                offset -= 1
                throw error("\\\(UnicodeScalar(next)) is not an escape JSON5 allows")
            case UInt8(ascii: "x"):
                guard offset + 2 <= bytes.count, bytes[offset..<offset + 2].allSatisfy(Self.isHexDigit) else {
                    throw error("invalid \\x escape")
                }
                output += Array("\\u00".utf8) + bytes[offset..<offset + 2]
                offset += 2
            case _ where next < 0x20 || next == 0x7F:
                output += Array(String(format: "\\u%04x", next).utf8)
            case _ where next >= 0x80:
                offset -= 1
                guard let (scalar, length) = scalar() else { throw error("the file is not UTF-8 text") }
                offset += length
                // U+2028 and U+2029 continue the line; any other character stands for itself.
                if scalar.value != 0x2028 && scalar.value != 0x2029 {
                    output += bytes[(offset - length)..<offset]
                }
            default:
                output.append(next)  // `\q` is `q`, `\'` is `'`
            }
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }

        /// Hexadecimal digits (already checked) as the same integer's decimal digits.
        static func decimal(hexadecimal digits: Substring) -> String {
            // Little-endian base-10⁹ limbs, multiplied by 16 and added to, digit by digit.
            var limbs: [UInt64] = [0]
            for character in digits {
                var carry = UInt64(character.hexDigitValue ?? 0)
                for index in limbs.indices {
                    let value = limbs[index] * 16 + carry
                    limbs[index] = value % 1_000_000_000
                    carry = value / 1_000_000_000
                }
                if carry > 0 { limbs.append(carry) }
            }
            return String(limbs.last!)
                + limbs.dropLast().reversed().map {
                    let text = String($0)
                    return String(repeating: "0", count: 9 - text.count) + text
                }.joined()
        }

        /// The last byte written that is not white space.
        func lastToken() -> UInt8? {
            output.last { ![0x20, 0x0A, 0x09, 0x0D].contains($0) }
        }

        /// A space before a number or a word that would otherwise join the one before
        /// (`2.5+1` is not `2.51`): JSON then refuses the two side by side.
        mutating func separate() {
            if let last = output.last,
                last == UInt8(ascii: ".") || last == UInt8(ascii: "-")
                    || last == UInt8(ascii: "+") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last)
                    || isIdentifierStart(last) || last == UInt8(ascii: "\"")
            {
                output.append(0x20)
            }
        }

        mutating func number() throws {
            separate()
            let start = offset
            var text = ""
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                if peek() == UInt8(ascii: "-") { text = "-" }
                offset += 1
            }
            if let byte = peek(), isIdentifierStart(byte) {
                let name = try identifier()
                throw error("\(name) is not a number a token can hold")
            }
            if peek() == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X") {
                offset += 2
                let digits = try identifier()
                guard !digits.isEmpty, digits.utf8.allSatisfy(Self.isHexDigit) else {
                    throw error("invalid hexadecimal number 0x\(digits)")
                }
                // Any length, as the same number written in decimal: exactly, in decimal
                // digits (a double holds up to 256 hexadecimal digits; past that the JSON
                // reader refuses it as too large, as it refuses the decimal spelling).
                let significant = digits.drop { $0 == "0" }
                guard significant.count <= 300 else { throw error("number 0x\(digits.prefix(37))... is too large") }
                output += Array((text + Self.decimal(hexadecimal: significant)).utf8)
                return
            }
            var body = ""
            while let byte = peek(),
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || ((byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))
                        && body.last.map { "eE".contains($0) } == true)
            {
                body.append(Character(UnicodeScalar(byte)))
                offset += 1
            }
            guard body.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: \.isNumber) else {
                offset = start
                throw error("\(text)\(body) is not a number (it has no digit)")
            }
            if body.hasPrefix(".") { body = "0" + body }
            if body.hasSuffix(".") { body += "0" }
            body = body.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
            output += Array((text + body).utf8)
        }

        /// A name: a key (quoted) when a colon follows, else a literal (`true`, `false`,
        /// `null`) as written.
        mutating func word() throws {
            separate()
            let start = offset
            let name = try identifier(escapes: true)
            guard !name.isEmpty else {
                throw error(
                    "unexpected character \(String(decoding: bytes[start..<min(bytes.count, start + 4)].prefix(1), as: UTF8.self))"
                )
            }
            let next = skippingSpace(from: offset)
            if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
                output += Array("\"".utf8) + bytes[start..<offset] + Array("\"".utf8)
            } else if ["true", "false", "null"].contains(name) {
                output += Array(name.utf8)
            } else if ["Infinity", "NaN"].contains(name) {
                offset = start
                throw error("\(name) is not a number a token can hold")
            } else {
                offset = start
                throw error("\(name) is not a value (a string is quoted; true, false and null are the only words)")
            }
        }

        /// An identifier name at the cursor (ASCII letters, digits, `_`, `$`, letters and
        /// marks beyond ASCII, and with `escapes`, `\uXXXX`), as written.
        mutating func identifier(escapes: Bool = false) throws -> String {
            let start = offset
            while let byte = peek() {
                if isIdentifierStart(byte) && byte < 0x80 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    offset += 1
                } else if escapes, byte == UInt8(ascii: "\\") {
                    guard peek(1) == UInt8(ascii: "u"), offset + 6 <= bytes.count,
                        UInt16(String(decoding: bytes[(offset + 2)..<(offset + 6)], as: UTF8.self), radix: 16) != nil
                    else { throw error("only \\uXXXX escapes may be in a name") }
                    offset += 6
                } else if byte >= 0x80, let (scalar, length) = scalar(), !Self.isExtraSpace(scalar),
                    scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
                        || scalar.properties.generalCategory == .spacingMark
                        || scalar.properties.generalCategory == .decimalNumber
                        || scalar.properties.generalCategory == .connectorPunctuation || scalar.value == 0x200C
                        || scalar.value == 0x200D
                {
                    offset += length
                } else {
                    break
                }
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
    }
}
