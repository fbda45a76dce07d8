import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// Literals make bindings short: `try db.execute("… VALUES (?, ?)", ["name", 3])`.
///
/// Two values are equal as SQLite compares them (`BINARY`): text by its UTF-8 bytes, not
/// by Swift's canonical equivalence, under which U+00F1 and n + U+0303 are one string. A
/// row is rewritten when its bytes change, whatever a `String` comparison says.
package enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    package static func == (a: SQLValue, b: SQLValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.integer(let x), .integer(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y
        case (.text(let x), .text(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.blob(let x), .blob(let y)): return x == y
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .integer(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .real(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .text(let value):
            hasher.combine(3)
            var text = value
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .blob(let value):
            hasher.combine(4)
            hasher.combine(value)
        }
    }

    /// The value as an integer, when it is stored as one.
    package var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value as a double; integers convert.
    package var double: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The value as text, when it is stored as text.
    package var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as bytes: blobs as they are, text as its UTF-8 bytes.
    package var data: Data? {
        switch self {
        case .blob(let value): return value
        case .text(let value): return Data(value.utf8)
        default: return nil
        }
    }

    /// True for SQL `NULL`.
    package var isNull: Bool { self == .null }
}

extension SQLValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue {
    /// Text, or `NULL` for `nil`.
    package init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// An integer, or `NULL` for `nil`.
    package init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// An integer, or `NULL` for `nil`.
    package init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// A double, or `NULL` for `nil`.
    package init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    /// A blob, or `NULL` for `nil`.
    package init(_ value: Data?) { self = value.map { .blob($0) } ?? .null }
    /// 1 or 0, or `NULL` for `nil`.
    package init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }
}
