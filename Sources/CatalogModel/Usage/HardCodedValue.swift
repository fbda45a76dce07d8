import Foundation

/// A color or a length written as a literal in button code (`Color(red: 0, green: 0.48,
/// blue: 1)`, `.padding(16)`): `lint_swift` looks for the token that holds it.
public struct HardCodedValue: Sendable, Equatable, Hashable, Codable {
    /// What the literal is.
    public enum Kind: String, Sendable, Hashable, Codable {
        case color, length
    }

    /// The file, relative to the scanned root.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes, as compilers count).
    public var column: Int
    /// The call as written, shortened past 120 characters.
    public var text: String
    public var kind: Kind
    /// Where a length is used (`padding`, `cornerRadius`); `color` for a color.
    public var use: String
    /// A color's value, `#RRGGBBAA`.
    public var hex: String?
    /// A length's value, in points.
    public var points: Double?

    /// A literal found.
    public init(
        file: String, line: Int, column: Int, text: String, kind: Kind, use: String, hex: String? = nil,
        points: Double? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.text = text
        self.kind = kind
        self.use = use
        self.hex = hex
        self.points = points
    }

    /// `file:line:column`.
    public var place: String { "\(file):\(line):\(column)" }
}
