import CatalogModel

/// Paths inside a scanned project, which stores them relative to its root.
public enum ProjectPaths {
    /// `path` relative to `root` (both absolute, standardized; `""` for the root itself);
    /// throws when it lies outside.
    public static func relative(_ path: String, to root: String) throws -> String {
        if path == root { return "" }
        let base = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(base) else {
            throw RequestError("\(path) is outside the project's root \(root); scan it under another --project")
        }
        return String(path.dropFirst(base.count))
    }
}
