import CatalogModel
import CatalogSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The few POSIX calls exports need, each failing with a ``FileSystemError``.
enum FileSystem {
    /// A path that does not exist yet in the folder of `path`, for building beside it.
    static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return folder + "/." + url.lastPathComponent + ".partial-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// Removes what killed exports left beside `path` (`.NAME.partial-…`, older than ten
    /// minutes, so that an export running now keeps its own).
    static func removeStalePartials(beside path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".partial-"
        guard let names = try? contents(of: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let candidate = folder + "/" + name
            guard
                let modified = (try? FileManager.default.attributesOfItem(atPath: candidate))?[.modificationDate]
                    as? Date,
                Date().timeIntervalSince(modified) > 600
            else { continue }
            try? FileManager.default.removeItem(atPath: candidate)
        }
    }

    /// Creates the file at `path`, which must not exist (no link is followed), with `data`,
    /// and flushes it to disk.
    static func writeNew(_ data: Data, to path: String, shownAs shown: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(operation: "write", path: shown, code: errno) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(operation: "write", path: shown, code: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "write", path: shown, code: errno) }
    }

    /// Creates the folder at `path`, which must not exist.
    static func makeFolder(_ path: String, shownAs shown: String) throws {
        guard mkdir(path, 0o755) == 0 else {
            throw FileSystemError(operation: "create the folder", path: shown, code: errno)
        }
    }

    /// Creates the folders leading to `path` that are missing.
    static func makeParents(of path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var current = ""
        for part in parent.split(separator: "/") {
            current += "/" + part
            var status = stat()
            if stat(current, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw FileSystemError(operation: "create the folder for", path: path, code: ENOTDIR)
                }
                continue
            }
            guard mkdir(current, 0o755) == 0 || errno == EEXIST else {
                throw FileSystemError(operation: "create the folder for", path: path, code: errno)
            }
        }
    }

    /// Renames `source` to `target`, replacing a file there.
    static func rename(_ source: String, to target: String) throws {
        guard Glibc.rename(source, target) == 0 else {
            throw FileSystemError(operation: "replace", path: target, code: errno)
        }
    }

    /// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`), so that
    /// `target` is always either the old or the new folder; where the call is missing, a
    /// rename aside and a rename into place.
    static func exchange(_ source: String, with target: String) throws {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchange: UInt32 = 1 << 1
            if renameat2(AT_FDCWD, source, AT_FDCWD, target, exchange) == 0 { return }
            guard errno == EINVAL || errno == ENOSYS else {
                throw FileSystemError(operation: "replace", path: target, code: errno)
            }
        }
        let aside = temporaryPath(beside: target)
        try rename(target, to: aside)
        do {
            try rename(source, to: target)
        } catch {
            try? rename(aside, to: target)
            throw error
        }
        try rename(aside, to: source)
    }

    /// The names in a folder.
    static func contents(of path: String) throws -> [String] {
        guard let folder = opendir(path) else {
            throw FileSystemError(operation: "read the folder", path: path, code: errno)
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` with symbolic links of its existing part resolved and `.`/`..` removed.
    static func resolved(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var existing = absolute
        var rest: [String] = []
        while !existing.isEmpty, existing != "/", access(existing, F_OK) != 0 {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let real = realpath(existing, nil) else { return absolute }
        defer { free(real) }
        return ([String(cString: real)] + rest).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
    }

    /// Whether two existing paths are the same file (a hard or symbolic link included).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
