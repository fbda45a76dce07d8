import Foundation

/// A strict JSON reader (RFC 8259) that records where every value starts and reports
/// errors as `file:line:column`. Foundation's reader gives neither positions nor
/// duplicate-key detection, which document diagnostics need.
///
/// Refused: invalid UTF-8, an empty document, trailing content, duplicate keys, numbers
/// that do not fit a Double, and nesting deeper than ``maximumDepth``. A leading UTF-8
/// byte-order mark is skipped, as RFC 8259 allows.
public struct JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maximumDepth = 256

    private let bytes: Bytes
    private let file: String
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line, so that columns count characters.
    private var continuationBytes = 0
    private var depth = 0
    /// Whether a repeated key is kept (the last one wins, as JavaScript's `JSON.parse` and
    /// so every token tool reads it) and recorded in ``duplicates``, rather than refused.
    private var keepsDuplicates = false
    private var duplicates: [Diagnostic] = []
    /// Which objects are left out of the tree, each replaced by an empty object at its
    /// place and recorded in ``deferred`` (see ``parseDeferring(_:file:where:)``).
    private var deferral: ((JSON) -> Bool)?
    private var deferred: [DeferredObject] = []
    /// Whether the value being parsed may be deferred: not below a `$` key or in an array.
    private var deferrable = true

    /// Parses `data`; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws -> JSON {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: Bytes(raw), file: file)
            return try parser.parseDocument()
        }
    }

    /// Parses `data` where a repeated key is not an error: the last one wins (as the
    /// tools that write token files read it) and each repeat is returned to be warned about.
    public static func parseKeepingLastDuplicate(_ data: Data, file: String) throws -> (
        json: JSON, duplicates: [Diagnostic]
    ) {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: Bytes(raw), file: file)
            parser.keepsDuplicates = true
            let json = try parser.parseDocument()
            return (json, parser.duplicates)
        }
    }

    /// Parses `data` as ``parseKeepingLastDuplicate(_:file:)`` does, except that each object
    /// member `shouldDefer` accepts (an object not below a `$`-prefixed key other than
    /// `$root`, nor in an array) is left out: an empty object stands at its place, and its
    /// place and bytes are returned, in document order, to be parsed when needed with
    /// ``parseDeferred(_:in:file:)``. A token file's token objects are most of its tree:
    /// deferred, the tree holds its groups only (a million tokens' objects took 256 MB).
    /// An object that keeps `$value` is never left holding a deferred one: it is parsed
    /// again whole.
    /// With `keepingDuplicates` false, a repeated key is refused, as ``parse(_:file:)-(Data,_)``
    /// refuses it.
    public static func parseDeferring(
        _ data: Data, file: String, keepingDuplicates: Bool = true, where shouldDefer: @escaping (JSON) -> Bool
    ) throws -> (json: JSON, duplicates: [Diagnostic], deferred: [DeferredObject]) {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: Bytes(raw), file: file)
            parser.keepsDuplicates = keepingDuplicates
            if data.count < Int(UInt32.max) { parser.deferral = shouldDefer }
            let json = try parser.parseDocument()
            return (json, parser.duplicates, parser.deferred)
        }
    }

    /// The object `object` recorded, parsed from `data` (the document it was deferred
    /// from), placed as in that document.
    public static func parseDeferred(_ object: DeferredObject, in data: Data, file: String) throws -> JSON {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: Bytes(Bytes(raw)[Int(object.start)..<Int(object.end)]), file: file)
            parser.keepsDuplicates = true
            parser.place(at: object.location, offset: 0)
            return try parser.parseValue()
        }
    }

    /// Parses UTF-8 `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws -> JSON {
        try parse(Data(text.utf8), file: file)
    }

    private init(bytes: Bytes, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Sets the place of the byte at `offset` (the start of a value parsed on its own).
    private mutating func place(at start: SourceLocation, offset: Int) {
        self.offset = offset
        line = start.line
        lineStart = offset - (start.column - 1)
        continuationBytes = 0
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: offset - lineStart - continuationBytes + 1)
    }

    private func error(_ message: String, at location: SourceLocation? = nil) -> DocumentError {
        DocumentError(file: file, location: location ?? self.location, message: message)
    }

    private mutating func parseDocument() throws -> JSON {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            let mark = bytes[0] == 0xFF ? "FF FE 00 00" : "00 00 FE FF"
            throw error("the file is UTF-32 (it starts with the byte-order mark \(mark)); save it as UTF-8")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let mark = bytes[0] == 0xFF ? "FF FE" : "FE FF"
            throw error("the file is UTF-16 (it starts with the byte-order mark \(mark)); save it as UTF-8")
        }
        try validateUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
        skipWhitespace()
        guard offset < bytes.count else {
            throw error(bytes.isEmpty ? "the file is empty; expected a JSON document" : "expected a JSON value")
        }
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count {
            throw error("unexpected \(describeCurrent()) after the JSON document")
        }
        return value
    }

    private func validateUTF8() throws {
        var index = 0
        var line = 1
        var column = 1
        while index < bytes.count {
            // Eight ASCII bytes without a newline at a time: most of a token file.
            if index + 8 <= bytes.count {
                let word = bytes.word(at: index)
                let newlines = word ^ 0x0A0A_0A0A_0A0A_0A0A
                let hasNewline = (newlines &- 0x0101_0101_0101_0101) & ~newlines & 0x8080_8080_8080_8080 != 0
                if word & 0x8080_8080_8080_8080 == 0, !hasNewline {
                    index += 8
                    column += 8
                    continue
                }
            }
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && index + length <= bytes.count
            if valid && length > 1 {
                for next in bytes[(index + 1)..<(index + length)] where next & 0xC0 != 0x80 { valid = false }
                let second = bytes[index + 1]
                if byte == 0xE0 && second < 0xA0 { valid = false }  // overlong
                if byte == 0xED && second > 0x9F { valid = false }  // surrogate
                if byte == 0xF0 && second < 0x90 { valid = false }  // overlong
                if byte == 0xF4 && second > 0x8F { valid = false }  // beyond U+10FFFF
            }
            guard valid else {
                throw DocumentError(
                    file: file, location: SourceLocation(line: line, column: column),
                    message:
                        "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(index))"
                )
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
    }

    private mutating func skipWhitespace() {
        // Runs of spaces eight at a time (a reduced file is mostly spaces).
        while offset + 8 <= bytes.count,
            bytes.word(at: offset) == 0x2020_2020_2020_2020
        {
            offset += 8
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
                continuationBytes = 0
            default:
                return
            }
        }
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func parseValue() throws -> JSON {
        let start = location
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(start)
        case UInt8(ascii: "["): return try parseArray(start)
        case UInt8(ascii: "\""): return JSON(.string(try parseString()), at: start)
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true), start)
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false), start)
        case UInt8(ascii: "n"): return try parseLiteral("null", .null, start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(start)
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseLiteral(_ word: String, _ kind: JSON.Kind, _ start: SourceLocation) throws -> JSON {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, bytes[offset..<(offset + utf8.count)].elementsEqual(utf8) else {
            throw error("unexpected \(describeCurrent()); expected a value")
        }
        offset += utf8.count
        return JSON(kind, at: start)
    }

    private mutating func enter(_ start: SourceLocation) throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels", at: start)
        }
    }

    private mutating func parseObject(_ start: SourceLocation) throws -> JSON {
        try enter(start)
        let (objectStart, deferredBefore) = (offset, deferred.count)
        offset += 1
        var members: [(key: String, value: JSON)] = []
        // Each key's first place and its member's index; a repeat's earlier member is
        // dropped when the object closes (removed at each repeat, 25k repeats took 35 s).
        var seen: [String: (location: SourceLocation, index: Int)] = [:]
        var dropped: [Int] = []
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return JSON(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a string key")
            }
            let key = normalized(try parseString(), at: keyLocation)
            if let (first, index) = seen[key], keepsDuplicates {
                duplicates.append(
                    Diagnostic(
                        file: file, location: keyLocation,
                        message:
                            "the key \"\(key)\" is repeated (first at line \(first.line), column \(first.column)); this later value wins"
                    ))
                dropped.append(index)
            } else if let (first, _) = seen[key] {
                throw error(
                    "duplicate key \"\(key)\" (first at line \(first.line), column \(first.column))", at: keyLocation)
            }
            seen[key] = (keyLocation, members.count)
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"")
            }
            offset += 1
            skipWhitespace()
            members.append((key, try parseMember(key)))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                if !dropped.isEmpty { Self.remove(dropped, from: &members) }
                if deferred.count > deferredBefore, members.contains(where: { $0.key == "$value" }) {
                    // A token holding what looks like one (a problem its reader reports): read whole.
                    return try reparsed(from: objectStart, at: start, dropping: deferredBefore)
                }
                return JSON(.object(members), at: start)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    /// An object member's value, left out (an empty object in its place) when ``deferral``
    /// takes it.
    /// `key` in ``NameForm`` (Unicode Normalization Form C): two spellings of one name
    /// (U+00F1, or n and U+0303) are made one here, said (with the duplicates), and a
    /// repeat then follows the repeated-key rule.
    private mutating func normalized(_ key: String, at location: SourceLocation) -> String {
        let normal = NameForm.normalized(key)
        guard !normal.utf8.elementsEqual(key.utf8) else { return key }
        duplicates.append(
            Diagnostic(
                file: file, location: location,
                message:
                    "the key \(JSON.string(key).serialized()) is not in Unicode Normalization Form C; read as \(JSON.string(normal).serialized()), the form names are compared in"
            ))
        return normal
    }

    /// Removes the members at `indices`, in one pass.
    private static func remove(_ indices: [Int], from members: inout [(key: String, value: JSON)]) {
        let indices = indices.sorted()
        var next = 0
        var write = 0
        for read in members.indices {
            if next < indices.count, indices[next] == read {
                next += 1
                continue
            }
            if write != read { members.swapAt(write, read) }
            write += 1
        }
        members.removeLast(members.count - write)
    }

    private mutating func parseMember(_ key: String) throws -> JSON {
        guard let deferral else { return try parseValue() }
        let (valueStart, deferredBefore, outer) = (offset, deferred.count, deferrable)
        deferrable = outer && (!key.hasPrefix("$") || key == "$root")
        defer { deferrable = outer }
        let value = try parseValue()
        guard deferrable, case .object = value.kind, deferral(value) else { return value }
        // What it deferred is inside it: recorded whole instead.
        deferred.removeSubrange(deferredBefore...)
        deferred.append(DeferredObject(location: value.location, start: valueStart, end: offset))
        return JSON(.object([]), at: value.location)
    }

    /// The object starting at `objectStart` parsed again without deferring anything in it
    /// (the records of what was are dropped); repeated keys were reported the first time.
    private mutating func reparsed(from objectStart: Int, at start: SourceLocation, dropping deferredBefore: Int)
        throws -> JSON
    {
        deferred.removeSubrange(deferredBefore...)
        var whole = JSONParser(bytes: bytes, file: file)
        whole.keepsDuplicates = keepsDuplicates
        whole.depth = depth
        whole.place(at: start, offset: objectStart)
        return try whole.parseValue()
    }

    private mutating func parseArray(_ start: SourceLocation) throws -> JSON {
        try enter(start)
        let outer = deferrable
        deferrable = false
        defer { deferrable = outer }
        offset += 1
        var elements: [JSON] = []
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return JSON(.array(elements), at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return JSON(.array(elements), at: start)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func parseString() throws -> String {
        let start = location
        offset += 1  // opening quote
        var scalars: [UInt8] = []
        var runStart = offset
        while true {
            guard offset < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                // Most strings hold no escape: made straight from the document's bytes.
                if scalars.isEmpty { return String(decoding: bytes[runStart..<offset], as: UTF8.self) }
                scalars.append(contentsOf: bytes[runStart..<offset])
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error(
                    byte == 0x0A ? "unterminated string (a raw line break)" : "control character in a string; escape it"
                )
            }
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[runStart..<offset])
                try parseEscape(into: &scalars)
                runStart = offset
                continue
            }
            offset += 1
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws {
        let escapeLocation = location
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4(escapeLocation)
            if (0xD800...0xDBFF).contains(code) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeLocation) }
                offset += 2
                let low = try parseHex4(escapeLocation)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeLocation)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeLocation)
            }
            output.append(contentsOf: Array(String(Character(UnicodeScalar(code)!)).utf8))
        default:
            throw error("invalid escape '\\\(Character(UnicodeScalar(byte)))' in a string", at: escapeLocation)
        }
    }

    private mutating func parseHex4(_ escapeLocation: SourceLocation) throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("invalid \\u escape", at: escapeLocation) }
        var value: UInt32 = 0
        for byte in bytes[offset..<(offset + 4)] {
            guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else {
                throw error("invalid \\u escape", at: escapeLocation)
            }
            value = value * 16 + UInt32(digit)
        }
        offset += 4
        return value
    }

    private mutating func parseNumber(_ start: SourceLocation) throws -> JSON {
        let begin = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("invalid number: expected a digit", at: start) }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw error("invalid number: leading zeros are not allowed", at: start)
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("invalid number: expected a digit after '.'", at: start) }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            offset += 1
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
                offset += 1
            }
            guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent", at: start) }
        }
        let text = String(decoding: bytes[begin..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text.count > 40 ? String(text.prefix(37)) + "..." : text) is too large", at: start)
        }
        return JSON(.number(value), at: start)
    }
}

/// An object ``JSONParser/parseDeferring(_:file:where:)`` left out: where it starts, and its bytes.
public struct DeferredObject: Sendable {
    /// Where the object starts (its `{`).
    public let location: SourceLocation
    /// Its bytes in the document, from its `{` to after its `}`.
    let start: UInt32
    let end: UInt32

    /// The offset just past the object in its document: how far a reader that has read
    /// it is through the document's bytes.
    public var endOffset: Int { Int(end) }

    init(location: SourceLocation, start: Int, end: Int) {
        self.location = location
        self.start = UInt32(start)
        self.end = UInt32(end)
    }
}

/// The document's bytes, borrowed for the parse rather than copied (a copy of a 60 MB
/// file cost as much as reading it), each read checked against the end as an array's is.
private struct Bytes {
    let raw: UnsafeRawBufferPointer

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    init(_ slice: Slice<UnsafeRawBufferPointer>) { raw = UnsafeRawBufferPointer(rebasing: slice) }

    var count: Int { raw.count }
    var isEmpty: Bool { raw.isEmpty }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < raw.count, "read past the document")
        return raw[index]
    }

    subscript(range: Range<Int>) -> Slice<UnsafeRawBufferPointer> {
        precondition(range.lowerBound >= 0 && range.upperBound <= raw.count, "read past the document")
        return raw[range]
    }

    /// The eight bytes at `offset`.
    func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset + 8 <= raw.count, "read past the document")
        return raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    func starts(with prefix: [UInt8]) -> Bool { raw.starts(with: prefix) }
}
