import CatalogModel
import Foundation

/// The Swift files of a project as `usage scan` lists them, in one place for both of its
/// sides: `catalog`, which compares them with the stamps the last scan kept (an unchanged
/// tree needs no parser), and `catalog-scan`, which parses the ones that changed.
public enum SwiftSourceFiles {
    /// A Swift file to scan: where it is on disk (the bytes of its path, which need not be
    /// UTF-8) and the path recorded for it (the folder's name and the path below it, with
    /// bytes that are not UTF-8 written `\xNN`).
    public struct SourceFile: Sendable {
        /// The file-system path, as bytes.
        public var location: [UInt8]
        /// The path as recorded and shown.
        public var path: String
        /// The stamp taken as the folder was walked, if it was.
        private var listed: (size: Int, modified: Int64)?

        /// A file at `location`, recorded as `path`.
        public init(location: [UInt8], path: String) {
            self.location = location
            self.path = path
        }

        /// A file found walking a folder, with the stamp taken there.
        init(location: [UInt8], path: String, stamp: (size: Int, modified: Int64)) {
            self.init(location: location, path: path)
            listed = stamp
        }

        /// Its size and modification time in nanoseconds, as a scan's stamps keep them;
        /// -1 each where the file cannot be read. A file found walking a folder has the
        /// stamp taken there, beside its name (a `stat` of each path on its own, after
        /// the walk, was a third of a 7,000-file rescan's comparison).
        public func stamp() -> (size: Int, modified: Int64) {
            if let listed { return listed }
            var status = stat()
            guard withCString({ stat($0, &status) }) == 0 else { return (-1, -1) }
            return SwiftSourceFiles.stamp(status)
        }

        /// Runs `body` with the location as a C string.
        public func withCString<T>(_ body: (UnsafePointer<CChar>) -> T) -> T {
            (location + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
        }
    }

    /// What a walk of the paths found: the files, and the folders it could not read.
    public struct Listing: Sendable {
        public var files: [SourceFile]
        /// Folders that could not be read (path, reason): their files are not scanned.
        public var unreadable: [(path: String, reason: String)]
    }

    /// The `.swift` files under `paths` (files or folders; hidden folders, `.build` and
    /// `DerivedData` are skipped). Walks with `readdir`, which costs a fraction of
    /// FileManager's URL-based enumeration on large trees, on the bytes of names, so that
    /// a name that is not UTF-8 is still opened (and shown with `\xNN`). The files come in
    /// the file system's order.
    /// With `root`, paths are recorded relative to it (every path must lie inside it);
    /// without, relative to each path's parent folder.
    public static func list(under paths: [String], root: String? = nil) throws -> Listing {
        var listing = Listing(files: [], unreadable: [])
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw DocumentError.missingInput(file: path, message: "no such file or folder")
            }
            let absolute = URL(fileURLWithPath: path).standardizedFileURL
            let relative =
                try root.map { try ProjectPaths.relative(absolute.path, to: $0) } ?? absolute.lastPathComponent
            if !isDirectory.boolValue {
                // A file named on its own is followed through links, but must be a file.
                var status = stat()
                guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                    throw DocumentError(
                        file: path, message: "is not a regular file (a FIFO, a socket or a device); not scanned")
                }
                listing.files.append(
                    SourceFile(location: Array(absolute.path.utf8), path: root == nil ? path : relative))
                continue
            }
            walk(Array(absolute.path.utf8), relative: relative, into: &listing)
        }
        // In the file system's order, not sorted: sorting 7,000 paths cost a rescan a
        // sixth of its time, and nothing depends on the order (what is shown is sorted).
        return listing
    }

    /// A name's bytes as text: UTF-8 when it is, else with every byte above 0x7F as `\xNN`.
    public static func displayName(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }
            .joined()
    }

    private static func walk(_ directory: [UInt8], relative: String, into listing: inout Listing) {
        let handle = (directory + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }
        guard let handle else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            listing.unreadable.append((relative, "cannot read the folder (\(reason)); its files were not scanned"))
            return
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.first == UInt8(ascii: ".") || name == Array("DerivedData".utf8) { continue }
            let type = entry.pointee.d_type
            let location = directory + [UInt8(ascii: "/")] + name
            let path = (relative.isEmpty ? "" : relative + "/") + displayName(name)
            if type == UInt8(DT_DIR) {
                walk(location, relative: path, into: &listing)
            } else if name.count > 6, name.suffix(6).elementsEqual(".swift".utf8),
                type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN)
            {
                var status = stat()
                let found = withUnsafePointer(to: &entry.pointee.d_name) { name in
                    name.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: name.pointee)) {
                        fstatat(dirfd(handle), $0, &status, AT_SYMLINK_NOFOLLOW) == 0
                    }
                }
                // Where the folder does not say the entry's type, its status does: only a regular file.
                if type == UInt8(DT_UNKNOWN), found, status.st_mode & S_IFMT != S_IFREG { continue }
                let stamp = found ? Self.stamp(status) : (size: -1, modified: Int64(-1))
                listing.files.append(SourceFile(location: location, path: path, stamp: stamp))
            }
        }
    }

    /// Whether `path` is a file a walk would scan: a regular file itself, not a link, a
    /// folder, a FIFO, a socket or a device. A file the last scan saw that is not one now is
    /// gone, and its call sites with it.
    public static func isScannable(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// A file's size and modification time in nanoseconds.
    /// The size and modification time (ns) of the file at `path` as a scan records them;
    /// `nil` where it cannot be read.
    public static func stamp(atPath path: String) -> (size: Int, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return stamp(status)
    }

    static func stamp(_ status: stat) -> (size: Int, modified: Int64) {
        (Int(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }
}
