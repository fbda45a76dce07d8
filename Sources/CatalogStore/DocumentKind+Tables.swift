import CatalogModel

extension DocumentKind {
    /// The table holding a kind's published versions.
    var versionTable: String {
        switch self {
        case .theme: return "theme_versions"
        case .style: return "style_versions"
        case .spec: return "spec_versions"
        }
    }

    /// The column of that table naming the document.
    var keyColumn: String {
        switch self {
        case .theme: return "theme"
        case .style: return "style"
        case .spec: return "spec"
        }
    }

    /// The kind whose versions `table` holds, or `nil` for another table.
    public init?(versionTable table: String) {
        guard let kind = DocumentKind.allCases.first(where: { $0.versionTable == table }) else { return nil }
        self = kind
    }
}
