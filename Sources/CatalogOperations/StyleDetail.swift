import CatalogModel

/// A style version as `style show` shows it: the definition, its stored text, and how
/// code reaches it.
public struct StyleDetail {
    public let style: StyleDefinition
    /// The document as published, and the file it came from.
    public let text: String
    public let sourceFile: String
    /// The options of the latest specs that draw it (`DFButton.filled`); empty for a
    /// custom style.
    public let drawnBy: [String]
    /// How code applies a custom style (`.buttonStyle(.capsule)`, `CapsuleButtonStyle()`);
    /// empty where spec options draw it.
    public let spellings: [String]
}

extension Catalog {
    /// The style version `reference` names, with the spec options drawing it or, for a
    /// custom style, how code spells it against its component's latest spec.
    public func styleDetail(_ reference: VersionedName) throws -> StyleDetail {
        let (style, text, sourceFile) = try style(reference)
        let options = try optionsDrawing(style: style.name)
        let spellings =
            options.isEmpty ? style.spellings(in: try latestSpec(named: style.component)).map(\.text) : []
        return StyleDetail(style: style, text: text, sourceFile: sourceFile, drawnBy: options, spellings: spellings)
    }
}
