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
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw DocumentError(file: path, message: Self.unreadable(errno))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw DocumentError(file: path, message: "is a folder; expected a JSON file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DocumentError(file: path, message: Self.unreadable(errno)) }
        // Regular files, pipes and devices alike (`<(…)` gives /dev/fd/N): read to the end.
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        return (data, path)
    }

    /// Why a file cannot be read, in words.
    static func unreadable(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "cannot read the file: permission denied"
        case ENOTDIR: return "no such file (a part of the path is a file, not a folder)"
        default: return "cannot read the file: \(FileSystemError.reason(code))"
        }
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
