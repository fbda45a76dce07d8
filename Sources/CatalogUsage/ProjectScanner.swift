import CatalogModel
import Foundation

/// Scans a tree of Swift sources like an indexer: every `.swift` file is hashed, files
/// whose hash matches the last scan are not read again, a byte search for the component
/// names picks the candidates, and the candidates are parsed on every core.
public struct ProjectScanner: Sendable {
    public let scanner: SourceScanner

    /// A project scanner using `scanner`.
    public init(scanner: SourceScanner) { self.scanner = scanner }

    /// One file's outcome.
    public struct FileResult: Sendable {
        /// Path relative to the scan root (or as given for single files).
        public var path: String
        public var hash: String
        /// Size and modification time (ns since 1970) when read.
        public var size: Int
        public var modified: Int64
        /// Whether the byte search found a component name.
        public var candidate: Bool
        /// The call sites (empty for non-candidates and skipped files).
        public var sites: [UsageSite]
        /// Whether the file was unchanged since the last scan (its stored sites stand).
        public var unchanged: Bool
        /// Why the file was skipped (not UTF-8, does not parse).
        public var warning: String?
    }

    /// The `.swift` files under `paths` (files or folders; hidden folders, `.build` and
    /// `DerivedData` are skipped), each with the path recorded for it (the folder's name
    /// and the path below it). Walks with `readdir`, which costs a fraction of
    /// FileManager's URL-based enumeration on large trees.
    public static func swiftFiles(under paths: [String]) throws -> [(url: URL, path: String)] {
        var files: [(URL, String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RequestError("no such file or folder: \(path)")
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL
            if !isDirectory.boolValue {
                files.append((root, path))
                continue
            }
            var found: [String] = []
            walk(root.path, relative: root.lastPathComponent, into: &found)
            files += found.map { (URL(fileURLWithPath: root.deletingLastPathComponent().path + "/" + $0), $0) }
        }
        return files.sorted { $0.1 < $1.1 }
    }

    private static func walk(_ directory: String, relative: String, into found: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") || name == "DerivedData" { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                walk(directory + "/" + name, relative: relative + "/" + name, into: &found)
            } else if name.hasSuffix(".swift") && (type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN)) {
                found.append(relative + "/" + name)
            }
        }
    }

    /// Scans `files`; `known` maps paths to what the last scan saw (the same size and time:
    /// not read again; the same hash: not parsed again). `progress` is
    /// called with the number of files done, from any thread.
    public func scan(
        files: [(url: URL, path: String)], known: [String: FileStamp], progress: @Sendable (Int) -> Void = { _ in }
    ) -> [FileResult] {
        let needles = scanner.vocabulary.needles.map { Array($0.utf8) }
        let results = ResultBox(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (url, path) = files[index]
            results.set(index, scanFile(url: url, path: path, known: known, needles: needles))
            progress(results.increment())
        }
        return results.values.compactMap { $0 }
    }

    private func scanFile(url: URL, path: String, known: [String: FileStamp], needles: [[UInt8]]) -> FileResult {
        var status = stat()
        let found = stat(url.path, &status) == 0
        let size = found ? Int(status.st_size) : -1
        let modified = found ? Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec) : -1
        func result(
            hash: String, candidate: Bool = true, sites: [UsageSite] = [], unchanged: Bool = false,
            warning: String? = nil
        ) -> FileResult {
            FileResult(
                path: path, hash: hash, size: size, modified: modified, candidate: candidate, sites: sites,
                unchanged: unchanged, warning: warning)
        }
        if let stamp = known[path], stamp.size == size, stamp.modified == modified {
            return result(hash: stamp.hash, candidate: false, unchanged: true)
        }
        guard let data = try? Data(contentsOf: url) else {
            return result(hash: "", candidate: false, warning: "cannot read the file")
        }
        let hash = SHA256.hex(data)
        if known[path]?.hash == hash { return result(hash: hash, candidate: false, unchanged: true) }
        let bytes = [UInt8](data)
        guard needles.contains(where: { Self.contains(bytes, $0) }) else { return result(hash: hash, candidate: false) }
        guard let source = String(validating: bytes, as: UTF8.self) else {
            return result(hash: hash, warning: "the file is not valid UTF-8; skipped")
        }
        let (sites, parses, note) = scanner.scanChecked(source: source, file: path)
        guard parses else {
            return result(
                hash: hash, warning: "the file does not parse as Swift; skipped" + (note.map { " (\($0))" } ?? ""))
        }
        return result(hash: hash, sites: sites, warning: note)
    }

    /// Whether `needle` occurs in `haystack` (memchr on the first byte, then compare).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { buffer in
            var start = 0
            let last = buffer.count - needle.count
            while start <= last {
                guard let found = memchr(buffer.baseAddress! + start, Int32(first), last - start + 1) else {
                    return false
                }
                let offset = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(buffer.baseAddress! + offset, needle, needle.count) == 0 { return true }
                start = offset + 1
            }
            return false
        }
    }
}

/// Results written from several threads, each to its own slot.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [ProjectScanner.FileResult?]
    private var done = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: ProjectScanner.FileResult) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return done
    }
}
