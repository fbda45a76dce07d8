/// A JSON value with the place it was read from, so that a document error can name
/// `file:line:column`. Objects keep their keys in document order.
public struct JSON: Sendable, Equatable {
    /// The value's kind and content.
    public indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSON])
        case object([(key: String, value: JSON)])

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.number(let a), .number(let b)): return a == b
            case (.string(let a), .string(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.object(let a), .object(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    /// The value.
    public var kind: Kind
    /// Where the value starts in its source (line and column 1-based); zero when built in code.
    public var location: SourceLocation

    /// A value at `location`.
    public init(_ kind: Kind, at location: SourceLocation = SourceLocation()) {
        self.kind = kind
        self.location = location
    }

    /// Values compare by content, not by where they were read.
    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.kind == rhs.kind }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The number, when the value is one.
    public var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    /// The boolean, when the value is one.
    public var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The members, when the value is an object.
    public var object: [(key: String, value: JSON)]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The elements, when the value is an array.
    public var array: [JSON]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSON? {
        object?.first { $0.key == key }?.value
    }

    /// What the value is, for messages: "a string", "an object", …
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short rendering of the value for messages, cut at 60 characters.
    public var excerpt: String {
        let text = serialized()
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}

/// A place in a source document: 1-based line and column (in characters), kept in 32
/// bits each (every value read carries one; documents are read up to 512 MB).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The line, from 1; 0 when unknown.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// The column, from 1; 0 when unknown.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// A location; the default is "unknown".
    public init(line: Int = 0, column: Int = 0) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    public var description: String { "\(line):\(column)" }
}

extension JSON {
    /// Builds values in code: `JSON.string("x")`.
    public static func string(_ value: String) -> JSON { JSON(.string(value)) }
    /// A number value.
    public static func number(_ value: Double) -> JSON { JSON(.number(value)) }
    /// A boolean value.
    public static func bool(_ value: Bool) -> JSON { JSON(.bool(value)) }
    /// The null value.
    public static let null = JSON(.null)
    /// An array value.
    public static func array(_ elements: [JSON]) -> JSON { JSON(.array(elements)) }
    /// An object value, keys in the given order.
    public static func object(_ members: [(String, JSON)]) -> JSON {
        JSON(.object(members.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSON {
    /// Whether this value written as JSON takes more than `limit` bytes (counted closely:
    /// each string's UTF-8 bytes, a few bytes a number, member or element). Counting stops
    /// past the limit, so a value whose shared parts would write out to gigabytes costs at
    /// most `limit` steps.
    public func isLarger(than limit: Int) -> Bool {
        var remaining = limit
        func fits(_ value: JSON) -> Bool {
            switch value.kind {
            case .null, .bool: remaining -= 5
            case .number: remaining -= 8
            case .string(let text): remaining -= text.utf8.count + 2
            case .array(let elements):
                remaining -= 2
                for element in elements {
                    remaining -= 1
                    guard remaining >= 0, fits(element) else { return false }
                }
            case .object(let members):
                remaining -= 2
                for member in members {
                    remaining -= member.key.utf8.count + 4
                    guard remaining >= 0, fits(member.value) else { return false }
                }
            }
            return remaining >= 0
        }
        return !fits(self)
    }
}
