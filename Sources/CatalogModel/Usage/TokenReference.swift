/// A design value named in Swift source: a token of the catalog through its generated
/// package (the namespaced constant `DesignFoundation.Colors.primary`, a shortcut
/// `Color.dfPrimary`, `UIColor.dfPrimary`, `.dfPrimary` as a shape style, `.dfTitle` as a
/// font), or one of the app's own tokens as apps spell them (an asset catalog color by
/// name, `Color("Latte")`; a member of a color type or of the app's token types,
/// `Color.latte`, `.latte`, `ThemeStyle.primaryUi01`, `theme.primaryUi01`), wherever it
/// appears. The scanner records the spelling and what it names before the app's
/// definitions are applied (``target``); `usage` and `impact` map a package spelling back
/// to the token through the themes' naming tables, and an app spelling through the app's
/// definitions (``AppTokenDefinition``).
public struct TokenReference: Sendable, Equatable, Hashable, Codable {
    /// How the code spells the value.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A name of a package `catalog export swift` generated.
        case package
        /// An asset catalog color by its name: `Color("Latte")`, `UIColor(named:)`,
        /// `NSColor(named:)`, SwiftGen's `ColorAsset(name:)`, a function of the file that
        /// passes its text to one of those.
        case asset
        /// A member of a color type or of the app's token types, explicit
        /// (`Color.latte`, `ThemeColor.primaryText01(for:)`, `Self.primaryUi01` in an
        /// extension), implicit where a color or a token type is expected (`.latte` in
        /// `.foregroundColor(…)`, `= .primaryUi01` of a `ThemeStyle`), or of a theme object
        /// (`theme.primaryUi01`): a token only where the app's definitions make it one.
        case member
    }

    /// The file, relative to the scanned root.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes, as compilers count).
    public var column: Int
    /// The name as written, without backticks (`Color.dfPrimary`, `.dfPrimary`,
    /// `Color("Latte")`).
    public var spelling: String
    /// The enclosing type's name.
    public var enclosingType: String?
    /// How it is spelled.
    public var kind: Kind
    /// For an app spelling, what it names before the app's definitions apply: `asset:Latte`
    /// for an asset name, `Color.latte` for a member of a known type, `.latte` for an
    /// implicit member or a theme object's property; `nil` for a package spelling.
    public var target: String?
    /// For an implicit member passed to a call, the parameter it is passed to
    /// (`AppTheme.colorForStyle(_:)`): members passed to one parameter are of one type.
    public var slot: String?

    /// A reference.
    public init(
        file: String, line: Int, column: Int, spelling: String, enclosingType: String? = nil, kind: Kind = .package,
        target: String? = nil, slot: String? = nil
    ) {
        self.slot = slot
        self.file = file
        self.line = line
        self.column = column
        self.spelling = spelling
        self.enclosingType = enclosingType
        self.kind = kind
        self.target = target
    }

    /// `file:line:column`.
    public var place: String { "\(file):\(line):\(column)" }
}
