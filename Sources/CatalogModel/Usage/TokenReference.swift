/// A token of the catalog named in Swift source through its generated package: the
/// namespaced constant (`DesignFoundation.Colors.primary`), a shortcut (`Color.dfPrimary`,
/// `UIColor.dfPrimary`, `.dfPrimary` as a shape style, `.dfTitle` as a font), wherever it
/// appears, not only in button code. The scanner records the spelling; `usage` and
/// `impact` map it back to the token through the themes' naming tables.
public struct TokenReference: Sendable, Equatable, Hashable, Codable {
    /// The file, relative to the scanned root.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes, as compilers count).
    public var column: Int
    /// The name as written, without backticks (`Color.dfPrimary`, `.dfPrimary`).
    public var spelling: String
    /// The enclosing type's name.
    public var enclosingType: String?

    /// A reference.
    public init(file: String, line: Int, column: Int, spelling: String, enclosingType: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.spelling = spelling
        self.enclosingType = enclosingType
    }

    /// `file:line:column`.
    public var place: String { "\(file):\(line):\(column)" }
}
