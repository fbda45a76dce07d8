extension JSON {
    /// The value as JSON text: compact by default, or pretty with two-space indentation.
    /// With `sortedKeys` the output is canonical, which makes it usable for content hashes.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether every object in the value lists its members in the order `sortedKeys`
    /// writes them, so that the plain serialization is already the canonical one (content
    /// hashes serialize a second time only where it is not).
    public var hasSortedKeys: Bool {
        switch kind {
        case .array(let elements): return elements.allSatisfy(\.hasSortedKeys)
        case .object(let members):
            return zip(members, members.dropFirst()).allSatisfy { $0.key < $1.key }
                && members.allSatisfy(\.value.hasSortedKeys)
        default: return true
        }
    }

    private func write(to output: inout [UInt8], pretty: Bool, sortedKeys: Bool, indent: Int) {
        switch kind {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: Self.format(value).utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&output, indent + 1) }
                element.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if pretty { Self.newline(&output, indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&output, indent + 1) }
                Self.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                member.value.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1)
            }
            if pretty { Self.newline(&output, indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], _ indent: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Integers without a fraction, other numbers in Swift's shortest round-trip form.
    public static func format(_ value: Double) -> String {
        // JSON has no infinity or NaN; written as they are ("inf") no reader could parse the
        // document. The catalog's own values are finite (the reader refuses others), so
        // this is the last guard, as JavaScript's `JSON.stringify` writes them: `null`.
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// Writes a quoted string, escaping quotes, backslashes and control characters (C0,
    /// DEL and C1, so that no string can drive a terminal that shows the JSON);
    /// everything else (UTF-8 sequences included) is copied as it is.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
        func unicodeEscape(_ code: UInt8) {
            output.append(contentsOf: "\\u00".utf8)
            output.append(hex(code >> 4))
            output.append(hex(code & 0x0F))
        }
        func escaped(_ byte: UInt8) {
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
        // U+0080–U+009F are C2 80 – C2 9F in UTF-8: a C2 waits for the byte after it.
        var afterC2 = false
        for byte in value.utf8 {
            if afterC2 {
                afterC2 = false
                if byte < 0xA0 {
                    unicodeEscape(byte)
                    continue
                }
                output.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "\""): escaped(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escaped(UInt8(ascii: "\\"))
            case 0x0A: escaped(UInt8(ascii: "n"))
            case 0x0D: escaped(UInt8(ascii: "r"))
            case 0x09: escaped(UInt8(ascii: "t"))
            case 0x08: escaped(UInt8(ascii: "b"))
            case 0x0C: escaped(UInt8(ascii: "f"))
            case 0x00..<0x20, 0x7F: unicodeEscape(byte)
            case 0xC2: afterC2 = true
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension Double {
    /// The value rounded to `places` decimals for display, without overflowing: scaled up
    /// first, a value near the largest double (1e308 px) would become infinity, which no
    /// JSON can hold. Values too large to have decimals are returned as they are.
    public func rounded(places: Int) -> Double {
        let scale = (0..<places).reduce(1.0) { product, _ in product * 10 }
        let scaled = self * scale
        return scaled.isFinite && abs(scaled) < 9_007_199_254_740_992 ? scaled.rounded() / scale : self
    }
}
