import CatalogModel
import Foundation

/// Reads a document a user names: a file, or standard input for `-`. Problems (missing,
/// a folder, unreadable, too large) are ``DocumentError``s naming the file.
public enum DocumentFiles {
    /// The largest document the catalog reads (a million tokens take about 100 MB).
    public static let maximumBytes = 512 << 20

    /// The file's bytes and the name to use in messages. A FIFO with no writer reads as
    /// empty rather than waiting for one; a device that never ends (`/dev/zero`) stops at
    /// ``maximumBytes`` (or `limit`).
    public static func read(_ path: String, limit: Int = maximumBytes) throws -> (data: Data, name: String) {
        if path == "-" {
            var status = stat()
            guard fstat(STDIN_FILENO, &status) == 0 else {
                throw DocumentError(file: "<stdin>", message: "standard input is closed")
            }
            return (try bounded(STDIN_FILENO, name: "<stdin>", limit: limit), "<stdin>")
        }
        // Opened without waiting for a FIFO's writer, then read blocking as any file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw DocumentError.missingInput(file: path, message: Self.unreadable(errno)) }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DocumentError(file: path, message: Self.unreadable(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw DocumentError(file: path, message: "is a folder; expected a JSON file")
        }
        // Regular files, pipes and devices alike (`<(…)` gives /dev/fd/N): read to the end.
        return (try bounded(descriptor, name: path, limit: limit), path)
    }

    /// The bytes of the regular file at `path`, which must lie inside one of `folders` once
    /// links are resolved (a relative path is taken from the first folder); for a server
    /// that reads paths a client names (`catalog mcp`), so never anything that could block
    /// or that it was not given: not standard input or output, a FIFO, a device or a
    /// folder (opened without waiting, then refused), nor a file outside the folders.
    public static func readRegularFile(_ path: String, within folders: [String], limit: Int) throws -> Data {
        guard let first = folders.first else {
            throw DocumentError(file: path, message: "no folder is open to reading here; pass the source instead")
        }
        let absolute = path.hasPrefix("/") ? path : (first as NSString).appendingPathComponent(path)
        guard let resolved = realpath(absolute, nil) else {
            // A link into /proc that names a pipe or a socket (`/proc/self/fd/0`) resolves to nothing.
            let code = errno
            var status = stat()
            throw DocumentError(
                file: path,
                message: code == ENOENT && lstat(absolute, &status) == 0
                    ? Self.notRegular : Self.unreadable(code))
        }
        let real = String(cString: resolved)
        free(resolved)
        let inside = folders.contains { folder in
            guard let resolved = realpath(folder, nil) else { return false }
            defer { free(resolved) }
            let root = String(cString: resolved)
            return real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
        guard inside else {
            throw DocumentError(
                file: path, message: "is outside the folders open to reading (\(folders.joined(separator: ", ")))")
        }
        let descriptor = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { throw DocumentError(file: path, message: Self.unreadable(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DocumentError(file: path, message: Self.unreadable(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw DocumentError(
                file: path,
                message: status.st_mode & S_IFMT == S_IFDIR
                    ? "is a folder; expected a file" : Self.notRegular)
        }
        return try bounded(descriptor, name: path, limit: limit)
    }

    private static let notRegular = "is not a regular file (a FIFO, a device, a stream); not read"

    /// The files below `folder`, as paths relative to it, sorted: not folders, and nothing
    /// hidden (a file or folder whose name starts with `.`). Listed by path: asking
    /// Foundation for each file's URL resource values took half a second of a 10k-file seed.
    public static func visibleFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let isFolder = (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                if isFolder { walker.skipDescendants() }
                continue
            }
            if !isFolder { files.append(relative) }
        }
        return files.sorted()
    }

    /// Everything `descriptor` gives up to `limit` bytes; more is refused.
    private static func bounded(_ descriptor: Int32, name: String, limit: Int) throws -> Data {
        do throws(BoundedRead.Failure) {
            return try BoundedRead.all(descriptor, limit: limit)
        } catch {
            switch error {
            case .system(let code): throw DocumentError(file: name, message: Self.unreadable(code))
            case .tooLarge:
                throw DocumentError(
                    file: name, message: "is larger than \(limit >> 20) MB, the most the catalog reads here")
            }
        }
    }

    /// Why a file cannot be read, in words.
    public static func unreadable(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "cannot read the file: permission denied"
        case ENOTDIR: return "no such file (a part of the path is a file, not a folder)"
        default: return "cannot read the file: \(FileSystemError.reason(code))"
        }
    }
}
