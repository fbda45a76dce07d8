/// The kinds of versioned document the catalog publishes. Its raw value is the word
/// commands, messages and JSON use (`theme`, `style`, `spec`).
public enum DocumentKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case theme, style, spec

    /// Themes, then styles, then specs: the order documents are published and listed in.
    public static func < (lhs: DocumentKind, rhs: DocumentKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
