/// The kinds of versioned document the catalog publishes. Its raw value is the word
/// commands, messages and JSON use (`theme`, `style`, `spec`).
public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    case theme, style, spec
}
