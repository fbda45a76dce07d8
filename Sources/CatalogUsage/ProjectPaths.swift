import CatalogModel
import Foundation

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

    /// The paths a scan or lint is given, standardized, and the root a project first scanned
    /// at them takes: the first folder's parent (the first file's folder's parent). Throws
    /// for a path that does not exist (exit 66).
    public static func given(_ paths: [String]) throws -> (absolutes: [URL], root: String) {
        let absolutes = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        for (given, absolute) in zip(paths, absolutes) where !FileManager.default.fileExists(atPath: absolute.path) {
            throw DocumentError.missingInput(file: given, message: "no such file or folder")
        }
        var isFolder: ObjCBool = false
        let firstIsFolder =
            FileManager.default.fileExists(atPath: absolutes[0].path, isDirectory: &isFolder) && isFolder.boolValue
        let firstFolder = firstIsFolder ? absolutes[0] : absolutes[0].deletingLastPathComponent()
        return (absolutes, firstFolder.deletingLastPathComponent().path)
    }
}
