/// One of the app's own tokens as its code declares it: a static member of a color type
/// (`extension Color { static let latte = Color("Latte") }`), of a namespace or theme type
/// holding design values (`enum Spacing { static let m: CGFloat = 16 }`), or an alias of
/// another (`extension ThemeStyle { static let background = Self.primaryUi01 }`). The
/// scanner records each with what it wraps; `usage` follows app spellings through them to
/// the value they name.
public struct AppTokenDefinition: Sendable, Equatable, Hashable, Codable {
    /// The file, relative to the scanned root.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// The type it is declared on, qualified as written (`Color`, `Asset.Colors`,
    /// `ThemeStyle`); a constrained `ShapeStyle` extension's is the type it constrains to.
    public var owner: String
    /// Its name (`latte`).
    public var name: String
    /// What its value names, as ``TokenReference/target`` spells it (`asset:Latte`,
    /// `ThemeStyle.primaryUi01`, `UIColor.cellBackgroundColor`); `nil` for a value of its
    /// own (a literal, a system color, a computation).
    public var wraps: String?
    /// Whether it is `private` or `fileprivate` (its own or its extension's): only code of
    /// its file can name it.
    public var isPrivate: Bool

    /// A definition.
    public init(
        file: String, line: Int, column: Int, owner: String, name: String, wraps: String?, isPrivate: Bool = false
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.owner = owner
        self.name = name
        self.wraps = wraps
        self.isPrivate = isPrivate
    }

    /// `Owner.name`.
    public var qualified: String { owner + "." + name }
}
