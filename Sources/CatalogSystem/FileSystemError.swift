import CatalogModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file-system operation that failed, in plain words: what was being done, to which
/// path, and why (the disk is full, permission denied, …).
public struct FileSystemError: Error, CustomStringConvertible {
    /// What was being done: "write", "create the folder", "replace".
    public var operation: String
    /// The path as the user gave it.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// A failure of `operation` on `path` with `errno` `code`.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String { "cannot \(operation) \(path): \(Self.reason(code)); nothing was changed there" }

    /// The reason for an `errno` value, in words a user acts on.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the file system is read-only"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "a folder on the way does not exist"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EISDIR: return "it is a folder"
        case ELOOP: return "it goes through a symbolic link"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "it already exists"
        case EIO: return "the device reported an input/output error"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

extension FileSystemError: CatalogFailure {
    public var exitStatus: ExitStatus { .failure }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}
