import Foundation

/// One result row: column names and values, read by index or by name.
package struct Row: Hashable, Sendable {
    /// The column names, in result order.
    package let columns: [String]
    /// The values, in result order.
    package let values: [SQLValue]

    /// Creates a row; ``Statement/rows()`` builds these.
    package init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of column `index`.
    package subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the column named `name`, or `NULL` when there is none.
    package subscript(name: String) -> SQLValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }
}

/// A column that does not hold what its reader expects: NULL where a value must be, or a
/// value of another storage class. Catalog rows never do unless the file was damaged or
/// edited by hand, so this is said, never papered over with a default.
package struct RowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The column's name (or its index when it has none).
    package var column: String
    /// What the reader expected: `text`, `integer`, `0 or 1`, `a semantic version`.
    package var expected: String
    /// What was there.
    package var found: String

    /// An error about `column`, which holds `found` where `expected` should be.
    package init(column: String, expected: String, found: String) {
        self.column = column
        self.expected = expected
        self.found = found
    }

    package var description: String { "column \(column) holds \(found) where \(expected) was expected" }
}

/// Something whose columns can be read: a ``Row``, or a ``Statement`` on its current row.
/// The strict readers below throw ``RowError`` instead of defaulting.
package protocol ColumnReading {
    /// The value of column `index`.
    func value(at index: Int) -> SQLValue
    /// The name of column `index`.
    func columnName(_ index: Int) -> String
}

extension Row: ColumnReading {
    package func value(at index: Int) -> SQLValue { values[index] }
    package func columnName(_ index: Int) -> String { index < columns.count ? columns[index] : "#\(index)" }
}

extension Statement: ColumnReading {}

extension ColumnReading {
    /// The text of column `index`; throws ``RowError`` on NULL or another type.
    package func text(_ index: Int) throws -> String {
        guard case .text(let text) = value(at: index) else { throw mismatch(index, expected: "text") }
        return text
    }

    /// The text of column `index`, or `nil` for NULL; throws on another type.
    package func optionalText(_ index: Int) throws -> String? {
        if case .null = value(at: index) { return nil }
        return try text(index)
    }

    /// The integer of column `index`; throws ``RowError`` on NULL or another type.
    package func integer(_ index: Int) throws -> Int64 {
        guard case .integer(let integer) = value(at: index) else { throw mismatch(index, expected: "integer") }
        return integer
    }

    /// The integer of column `index` as an `Int`.
    package func int(_ index: Int) throws -> Int { Int(try integer(index)) }

    /// Whether column `index` holds 1 (a 0/1 flag); throws on anything but 0 or 1.
    package func flag(_ index: Int) throws -> Bool {
        switch try integer(index) {
        case 0: return false
        case 1: return true
        case let other: throw RowError(column: columnName(index), expected: "0 or 1", found: "\(other)")
        }
    }

    /// An error about column `index`, which does not hold `expected`.
    package func mismatch(_ index: Int, expected: String) -> RowError {
        let found: String
        switch value(at: index) {
        case .null: found = "NULL"
        case .integer(let value): found = "the integer \(value)"
        case .real(let value): found = "the real \(value)"
        case .text(let text): found = "the text \"\(text.prefix(40))\""
        case .blob(let data): found = "a blob of \(data.count) bytes"
        }
        return RowError(column: columnName(index), expected: expected, found: found)
    }
}
