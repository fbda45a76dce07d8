import Foundation

/// JSON5 (json5.org), which Style Dictionary reads natively for `.json5` token files, turned
/// into the JSON the catalog's reader takes: comments become spaces, unquoted keys and
/// single-quoted strings are quoted, trailing commas dropped, `+1`, `.5`, `5.` and hex
/// numbers written as JSON numbers. Every line stays on its line, so a problem found later
/// is placed on the line the author wrote it (the column may move by a key's quotes).
/// `Infinity` and `NaN` are refused: no token value holds them.
public enum JSON5 {
    /// `data` as JSON; `file` names it in errors.
    public static func normalized(_ data: Data, file: String) throws -> Data {
        var reader = Reader(bytes: Array(data), file: file)
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

        mutating func run() throws {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"):
                    try comment()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    try string(quote: byte)
                case UInt8(ascii: ","):
                    offset += 1
                    output.append(trailingComma() ? 0x20 : byte)
                case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try number()
                case 0x0A:
                    output.append(byte)
                    offset += 1
                    newline()
                case _ where isIdentifierStart(byte):
                    try word()
                default:
                    output.append(byte)
                    offset += 1
                }
            }
        }

        /// Whether the comma just read is followed only by space and comments before `}` or `]`.
        func trailingComma() -> Bool {
            var index = offset
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    index += 2
                case UInt8(ascii: "}"), UInt8(ascii: "]"): return true
                default: return false
                }
            }
            return false
        }

        mutating func comment() throws {
            let block = peek(1) == UInt8(ascii: "*")
            offset += 2
            output += [0x20, 0x20]
            while let byte = peek() {
                if !block, byte == 0x0A { return }
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
                    return
                case UInt8(ascii: "\""):
                    output += Array("\\\"".utf8)  // a double quote inside a single-quoted string
                case UInt8(ascii: "\\"):
                    guard let next = peek() else { throw error("unterminated string") }
                    offset += 1
                    switch next {
                    case UInt8(ascii: "'"): output.append(next)
                    case 0x0A: newline()  // a line continuation: the string goes on
                    case UInt8(ascii: "v"): output += Array("\\u000b".utf8)
                    case UInt8(ascii: "0"): output += Array("\\u0000".utf8)
                    case UInt8(ascii: "x"):
                        guard offset + 2 <= bytes.count,
                            UInt8(String(decoding: bytes[offset..<offset + 2], as: UTF8.self), radix: 16) != nil
                        else { throw error("invalid \\x escape") }
                        output += Array("\\u00".utf8) + bytes[offset..<offset + 2]
                        offset += 2
                    default: output += [UInt8(ascii: "\\"), next]
                    }
                case 0x0A:
                    throw error("unterminated string (a raw line break)")
                default:
                    output.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func number() throws {
            var text = ""
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                if peek() == UInt8(ascii: "-") { text = "-" }
                offset += 1
            }
            if let byte = peek(), isIdentifierStart(byte) {
                let name = identifier()
                throw error("\(name) is not a number a token can hold")
            }
            if peek() == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X") {
                offset += 2
                let digits = identifier()
                guard let value = UInt64(digits, radix: 16) else {
                    throw error("invalid hexadecimal number 0x\(digits)")
                }
                output += Array((text + String(value)).utf8)
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
            if body.hasPrefix(".") { body = "0" + body }
            if body.hasSuffix(".") { body += "0" }
            body = body.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
            output += Array((text + body).utf8)
        }

        /// An unquoted key (quoted), or a literal (`true`, `false`, `null`) as written.
        mutating func word() throws {
            let name = identifier()
            if ["true", "false", "null"].contains(name) {
                output += Array(name.utf8)
            } else if ["Infinity", "NaN"].contains(name) {
                throw error("\(name) is not a number a token can hold")
            } else {
                output += Array("\"\(name)\"".utf8)
            }
        }

        mutating func identifier() -> String {
            let start = offset
            while let byte = peek(), isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                offset += 1
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
