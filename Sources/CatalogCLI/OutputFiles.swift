import CatalogSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where exports land, written so that a reader never sees half of one: a file is written
/// beside its target and renamed over it; a folder is built whole beside its target and
/// exchanged with it in one rename. Nothing is written through a symbolic link inside an
/// export, nor over the catalog's own database, and a folder is only replaced when it is
/// new, empty or an earlier export.
enum OutputFiles {
    /// The file each export folder holds so that a later export knows it may replace the folder.
    static let marker = ".catalog-export"

    /// Writes `data` to the file at `path`, atomically. Only a regular file is replaced:
    /// a device, a FIFO or a socket at the path (or a link to one) is refused, since the
    /// rename would put a file in its place (as root, `-o /dev/null` would replace the
    /// system's node).
    static func write(_ data: Data, to path: String, context: CommandContext) throws {
        try refuseCatalogFiles(path, context: context)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw FileSystemError(operation: "write", path: path, code: EISDIR)
        }
        if stat(path, &status) == 0, let kind = Self.kind(ofNonRegular: status.st_mode) {
            throw CommandFailure(
                "cannot write to \(path): it is \(kind), not a regular file; give a file's path (or no -o for standard output)"
            )
        }
        try FileSystem.makeParents(of: path)
        let temporary = FileSystem.temporaryPath(beside: path)
        do {
            try FileSystem.writeNew(data, to: temporary, shownAs: path)
            try FileSystem.rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// What a file mode names when it is not a regular file or a folder.
    private static func kind(ofNonRegular mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }

    /// Writes `files` (relative paths → bytes) as the folder at `path`: built in a fresh
    /// folder beside it, then put in place in one step, so that the previous export stays
    /// whole until the new one is complete.
    static func writeFolder(_ files: [String: Data], to path: String, context: CommandContext) throws {
        let progress = context.progress("writing \(path)")
        defer { progress.finish() }
        try refuseCatalogFiles(path, context: context)
        var status = stat()
        let exists = lstat(path, &status) == 0
        if exists {
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw CommandFailure(
                    "\(path) is a symbolic link (to \(target)); give the folder it points to instead, "
                        + "so that the export cannot land somewhere unexpected")
            case S_IFDIR:
                let entries = try FileSystem.contents(of: path)
                guard entries.isEmpty || entries.contains(marker) else {
                    throw CommandFailure(
                        "\(path) holds files that are not an earlier export (it has no \(marker) file); "
                            + "choose a new or empty folder, so that nothing of yours is replaced")
                }
            default:
                throw CommandFailure("cannot write into \(path): it is a file, not a folder")
            }
        }
        for name in files.keys {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.hasPrefix("/"), parts.allSatisfy({ $0 != ".." && $0 != "." && !$0.isEmpty }) else {
                throw CommandFailure("refusing to write \(name): it would leave \(path)")
            }
        }
        try FileSystem.makeParents(of: path)
        FileSystem.removeStalePartials(beside: path)
        let staging = FileSystem.temporaryPath(beside: path)
        do {
            try FileSystem.makeFolder(staging, shownAs: path)
            var made: Set<String> = [""]
            let all = files.sorted(by: { $0.key < $1.key }) + [(marker, Data("catalog export\n".utf8))]
            for (index, (name, data)) in all.enumerated() {
                progress.update(index, of: all.count, step: "files")
                let parts = name.split(separator: "/").map(String.init)
                var folder = ""
                for part in parts.dropLast() {
                    folder += (folder.isEmpty ? "" : "/") + part
                    if made.insert(folder).inserted {
                        try FileSystem.makeFolder(staging + "/" + folder, shownAs: path + "/" + folder)
                    }
                }
                try FileSystem.writeNew(data, to: staging + "/" + name, shownAs: path + "/" + name)
            }
            if exists {
                try FileSystem.exchange(staging, with: path)
            } else {
                try FileSystem.rename(staging, to: path)
                return
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Refuses an output path that is the catalog's database, one of its journal files, or
    /// (for a folder) holds them.
    static func refuseCatalogFiles(_ path: String, context: CommandContext) throws {
        guard !path.isEmpty else { throw CommandFailure("the output path is empty") }
        let database = context.databasePath
        guard database != ":memory:" else { return }
        let output = FileSystem.resolved(path)
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = database + suffix
            if FileSystem.resolved(file) == output || FileSystem.sameFile(file, path) {
                throw CommandFailure(
                    "refusing to write \(path): it is the catalog's own database\(suffix.isEmpty ? "" : " (\(suffix) file)")"
                )
            }
        }
        if FileSystem.resolved(database).hasPrefix(output + "/") {
            throw CommandFailure("refusing to write \(path): the folder holds the catalog's own database \(database)")
        }
    }
}
