/// What a usage scan covers: the paths it was given, relative to the project's root (`""`
/// for the root itself), as stored paths are. One rule for every side that asks whether a
/// stored file lies in a scan (`catalog`, which keeps or drops its records and plans a
/// rescan, and `catalog-scan`, which may parse it again).
public enum ScanScope {
    /// Whether the stored `path` is one of `scope`'s files or lies under one of its folders.
    public static func contains(_ path: String, in scope: [String]) -> Bool {
        scope.contains { $0.isEmpty || path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Whether an entry of `scope` is given twice or lies inside another: a walk of them
    /// then lists some files more than once.
    public static func overlaps(_ scope: [String]) -> Bool {
        scope.indices.contains { one in
            scope.indices.contains { other in one != other && contains(scope[one], in: [scope[other]]) }
        }
    }
}
