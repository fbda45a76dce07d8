import Foundation

/// One result row: column names and values, read by index or by name.
public struct Row: Hashable, Sendable {
    /// The column names, in result order.
    public let columns: [String]
    /// The values, in result order.
    public let values: [SQLValue]

    /// Creates a row; ``Statement/rows()`` builds these.
    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of column `index`.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the column named `name`, or `NULL` when there is none.
    public subscript(name: String) -> SQLValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }
}
