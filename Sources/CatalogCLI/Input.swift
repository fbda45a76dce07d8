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

    /// Runs `body`, which publishes or applies the document read from `name`, and names
    /// the file in any refusal that does not already place itself in it (a version
    /// conflict, a missing theme, a changeset from another catalog).
    static func attributing<T>(to name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DocumentError {
            throw error
        } catch {
            throw InputFailure(file: name, error: error)
        }
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

/// A refusal of the document in `file`; reported as `error`, with the file named first.
struct InputFailure: Error {
    let file: String
    let error: any Error
}
