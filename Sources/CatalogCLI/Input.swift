import CatalogModel
import Foundation

/// Reads a document named on the command line: a file, or standard input for `-`.
/// Problems (missing, a directory, unreadable, empty) are ``DocumentError``s naming the file.
enum Input {
    /// The file's bytes and the name to use in messages.
    static func read(_ path: String) throws -> (data: Data, name: String) {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return (data, "<stdin>")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError(file: path, message: "no such file")
        }
        if isDirectory.boolValue {
            throw DocumentError(file: path, message: "is a directory; expected a JSON file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError(file: path, message: "cannot read the file (permission denied?)")
        }
        return (data, path)
    }

    /// The file name without folders and JSON suffixes, for a default theme name.
    static func stem(of name: String) -> String {
        var stem = (name as NSString).lastPathComponent
        for suffix in [".json", ".tokens", ".style", ".spec"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem
    }
}
