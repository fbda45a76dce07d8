import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's working folder, read with `getcwd(3)`.
///
/// Foundation's `currentDirectoryPath` answers an empty, relative path when the folder was
/// deleted under the process (or its path is longer than the system can name), and a
/// search climbing `..` from there never reaches `/`. This answers an absolute path or why
/// there is none.
public enum WorkingFolder {
    /// The absolute path of the working folder; throws with the `errno` reason when the
    /// folder was deleted (`ENOENT`), its path is too long (`ENAMETOOLONG`), a folder on the
    /// way cannot be read (`EACCES`), or it lies outside the process's root.
    public static func path() throws(FileSystemError) -> String {
        guard let pointer = getcwd(nil, 0) else {
            throw FileSystemError(operation: "read the working folder", path: ".", code: errno)
        }
        defer { free(pointer) }
        let path = String(cString: pointer)
        // Linux answers "(unreachable)/…" for a folder outside the process's root.
        guard path.hasPrefix("/") else {
            throw FileSystemError(operation: "read the working folder", path: ".", code: ENOENT)
        }
        return path
    }

    /// Why the working folder cannot be read, in words: "it was deleted", "its path is too long".
    public static func reason(_ error: FileSystemError) -> String {
        switch error.code {
        case ENOENT: return "it no longer exists"
        case ENAMETOOLONG, ERANGE: return "its path is longer than the system can name"
        default: return FileSystemError.reason(error.code)
        }
    }
}
