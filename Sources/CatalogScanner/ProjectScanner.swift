import CatalogModel
import CatalogSystem
import CatalogUsage
import Foundation

/// Scans a tree of Swift sources like an indexer: every `.swift` file is hashed, files
/// whose hash matches the last scan are not read again, a byte search for the component
/// names picks the candidates, and the candidates are parsed on every core.
package struct ProjectScanner: Sendable {
    package let scanner: SourceScanner

    /// A project scanner using `scanner`.
    package init(scanner: SourceScanner) {
        self.scanner = scanner
        needles = scanner.vocabulary.needles.map { Array($0.utf8) }
    }

    /// The byte needles of component names (a file with one is parsed for call sites).
    private let needles: [[UInt8]]

    /// Swift files larger than this are skipped with a warning (the largest real ones are a
    /// few MB; a device or a generated blob is not source to scan).
    package static let maximumFileBytes = 32 << 20

    /// One file's outcome.
    package struct FileResult: Sendable {
        /// Path relative to the scan root (or as given for single files).
        package var path: String
        package var hash: String
        /// Size and modification time (ns since 1970) when read.
        package var size: Int
        package var modified: Int64
        /// Whether the byte search found a component name.
        package var candidate: Bool
        /// The call sites (empty for non-candidates and skipped files).
        package var sites: [UsageSite]
        /// Whether the file was unchanged since the last scan (its stored sites stand).
        package var unchanged: Bool
        /// Why the file was skipped (not UTF-8, too large), or what was not understood in it.
        package var warning: String?
        /// Whether the parser ran on it (its sites are this scan's).
        package var parsed: Bool
        /// Where the parser met syntax errors (first lines, at most five); the sites are
        /// those of the tree it recovered.
        package var errorLines: [Int]
        /// The app declarations it holds (``AppDeclarations``), when it was read.
        package var declarations: [AppDeclarations.Kept] = []
        /// The names its call sites' wrappers were looked up by, when it was parsed.
        package var lookups: Set<String> = []
        /// The names its own declarations declare (looked up there first), when it was parsed.
        package var declaredNames: Set<String> = []
        /// The catalog's tokens it names through their generated packages, when it was parsed.
        package var tokenReferences: [TokenReference] = []
        /// Colors and lengths written as literals in button code, when the scanner finds them.
        package var hardCodedValues: [HardCodedValue] = []
    }

    /// A Swift file to scan (``SwiftSourceFiles/SourceFile``).
    package typealias SourceFile = SwiftSourceFiles.SourceFile
    /// What a walk of the paths found (``SwiftSourceFiles/Listing``).
    package typealias Listing = SwiftSourceFiles.Listing

    /// The `.swift` files under `paths` (``SwiftSourceFiles/list(under:root:)``).
    package static func swiftFiles(under paths: [String], root: String? = nil) throws -> Listing {
        try SwiftSourceFiles.list(under: paths, root: root)
    }

    /// Scans `files`; `known` maps paths to what the last scan saw (the same size and time:
    /// not read again; the same hash: not parsed again). `starting` hears a file's path
    /// before it is parsed and `finished` each result with the number of files done, from
    /// any thread: a caller that sees the scan die knows which files were under way.
    ///
    /// `settled` are files of the scanned paths known to be as the last scan saw them (the
    /// caller compared their stamps): they are not read, and `finished` hears them only if
    /// they are scanned again.
    ///
    /// The app's wrappers are looked up in the declarations of every file of the project:
    /// those read now, and those the last scan kept for the others (`known`; a known file
    /// not listed now counts while `exists` says it is there, outside the paths scanned).
    /// The first pass looks them up in what the last scan kept; where a declaration
    /// changed since, the files that looked its name up (read now or not) are scanned
    /// again, and `finished` hears them a second time.
    package func scan(
        files: [SourceFile], settled: [SourceFile] = [], known: [String: FileStamp],
        exists: (String) -> Bool = { _ in false },
        starting: @escaping @Sendable (String) -> Void = { _ in },
        finished: @escaping @Sendable (FileResult, Int) -> Void = { _, _ in }
    ) -> [FileResult] {
        // In the order of their files' paths (only files that declare something: sorting
        // every path cost a rescan more than reading the stamps).
        let keptEntries = known.filter { !$0.value.declarations.isEmpty }.keys.sorted().flatMap {
            known[$0]!.declarations
        }
        let kept = DeclarationPool(keptEntries.map(AppDeclarations.Kept.init))
        var results = parallel(files) { file, _ in
            scanFile(file, known: known, pool: kept, starting: starting)
        } done: { result, count in
            finished(result, count)
        }
        for file in settled {
            let stamp = known[file.path]
            results.append(
                FileResult(
                    path: file.path, hash: stamp?.hash ?? "", size: stamp?.size ?? -1, modified: stamp?.modified ?? -1,
                    candidate: false, sites: [], unchanged: true, warning: nil, parsed: false, errorLines: []))
        }
        let listed = Set(files.map(\.path)).union(settled.lazy.map(\.path))
        let gone = known.keys.filter { !listed.contains($0) && !exists($0) }
        guard !gone.isEmpty || results.contains(where: { !$0.unchanged }) else { return results }
        // Every file's declarations: those read now as parsed, the others' as the last scan kept them.
        var all: [(String, [AppDeclarations.Kept])] = results.map { result in
            guard result.unchanged else { return (result.path, result.declarations) }
            return (result.path, known[result.path]?.declarations.map(AppDeclarations.Kept.init) ?? [])
        }
        for (path, stamp) in known where !listed.contains(path) && exists(path) {
            all.append((path, stamp.declarations.map(AppDeclarations.Kept.init)))
        }
        let current = all.filter { !$0.1.isEmpty }.sorted { $0.0 < $1.0 }.flatMap(\.1)
        let changed = AppIndex.changedNames(
            AppIndex.digests(current.map(\.stored)), since: AppIndex.digests(keptEntries))
        guard !changed.isEmpty else { return results }
        let again = results.indices.filter { position in
            let result = results[position]
            // A file read now saw its own declarations already: only the others' changes count.
            let looked =
                result.unchanged
                ? Set(known[result.path]?.lookups ?? []) : result.lookups.subtracting(result.declaredNames)
            return !looked.isDisjoint(with: changed)
        }
        let byPath = Dictionary(uniqueKeysWithValues: (files + settled).map { ($0.path, $0) })
        let total = files.count
        let pool = DeclarationPool(current)
        let redone = parallel(again.compactMap { byPath[results[$0].path] }) { file, _ in
            scanFile(file, known: [:], pool: pool, starting: starting)
        } done: { result, _ in
            finished(result, total)
        }
        for (position, result) in zip(again, redone) { results[position] = result }
        return results
    }

    /// `work` on every one of `items`, on one thread per core (each with a large stack: the
    /// parser and the tree walk recurse by nesting, and a worker thread's usual stack ends
    /// a few hundred levels in); `done` hears each result with the count so far.
    private func parallel<Item: Sendable>(
        _ items: [Item], _ work: @escaping @Sendable (Item, Int) -> FileResult,
        done: @escaping @Sendable (FileResult, Int) -> Void
    ) -> [FileResult] {
        let results = ResultBox(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count)) {
            group.enter()
            let thread = Thread {
                while let index = results.next() {
                    let result = work(items[index], index)
                    results.set(index, result)
                    done(result, results.increment())
                }
                group.leave()
            }
            thread.stackSize = Self.threadStackBytes
            thread.start()
        }
        group.wait()
        return results.values.compactMap { $0 }
    }

    /// The stack of each scanning thread (address space, touched only as deep as used).
    static let threadStackBytes = 256 << 20

    /// One file: not read when its size and time are the last scan's, not parsed when its
    /// hash is; `starting` hears its path just before the parser runs on it (the one step
    /// that can die).
    private func scanFile(
        _ file: SourceFile, known: [String: FileStamp], pool: DeclarationPool,
        starting: @Sendable (String) -> Void
    ) -> FileResult {
        let path = file.path
        let (size, modified) = file.stamp()
        func result(
            hash: String, candidate: Bool = true, sites: [UsageSite] = [], unchanged: Bool = false,
            warning: String? = nil, parsed: Bool = false, errorLines: [Int] = []
        ) -> FileResult {
            FileResult(
                path: path, hash: hash, size: size, modified: modified, candidate: candidate, sites: sites,
                unchanged: unchanged, warning: warning, parsed: parsed, errorLines: errorLines)
        }
        if let stamp = known[path], stamp.size == size, stamp.modified == modified {
            return result(hash: stamp.hash, candidate: false, unchanged: true)
        }
        // Opened without waiting (a FIFO named `.swift` would wait for a writer), and read
        // only if it is a regular file.
        let descriptor = file.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            return result(hash: "", candidate: false, warning: "cannot read the file (\(reason)); skipped")
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            return result(hash: "", candidate: false, warning: "not a regular file; skipped")
        }
        let data: Data
        do throws(BoundedRead.Failure) {
            data = try BoundedRead.all(descriptor, limit: Self.maximumFileBytes)
        } catch {
            switch error {
            case .system(let code):
                let reason = String(cString: strerror(code))
                return result(hash: "", candidate: false, warning: "cannot read the file (\(reason)); skipped")
            case .tooLarge(let limit):
                return result(hash: "", candidate: false, warning: "the file is larger than \(limit >> 20) MB; skipped")
            }
        }
        let hash = SHA256.hex(data)
        if known[path]?.hash == hash { return result(hash: hash, candidate: false, unchanged: true) }
        let bytes = [UInt8](data)
        let candidate = needles.contains { Self.contains(bytes, $0) }
        // The token names of the generated modules it imports, worked out on first use.
        let tokenNames = scanner.vocabulary.tokenNames
        var tokenSpellings: Set<String> = []
        for module in tokenNames.imported(where: { Self.contains(bytes, $0) }) {
            do {
                tokenSpellings.formUnion(try tokenNames.spellings(module: module))
            } catch {
                return result(
                    hash: "", candidate: false,
                    warning: "cannot work out the token names of \(module), which it imports (\(error)); skipped")
            }
        }
        guard candidate || !tokenSpellings.isEmpty || AppDeclarations.mayDeclare(bytes) else {
            return result(hash: hash, candidate: false)
        }
        guard let source = String(validating: bytes, as: UTF8.self) else {
            return result(hash: hash, candidate: candidate, warning: "the file is not valid UTF-8; skipped")
        }
        starting(path)
        let outcome = scanner.scanChecked(
            source: source, file: path, index: candidate ? pool.index(for: bytes) : nil, sites: candidate,
            tokenSpellings: tokenSpellings)
        var notes = outcome.note.map { [$0] } ?? []
        if !outcome.errorLines.isEmpty {
            let lines = outcome.errorLines.map(String.init).joined(separator: ", ")
            notes.insert(
                "syntax error\(outcome.errorLines.count == 1 ? "" : "s") at line\(outcome.errorLines.count == 1 ? "" : "s") "
                    + "\(lines)\(outcome.errorLines.count == 5 ? ", …" : ""); scanned what the parser recovered", at: 0)
        }
        var scanned = result(
            hash: hash, candidate: candidate, sites: outcome.sites,
            warning: notes.isEmpty ? nil : notes.joined(separator: "; "), parsed: true, errorLines: outcome.errorLines)
        scanned.declarations = outcome.declarations
        scanned.lookups = outcome.lookups
        scanned.declaredNames = outcome.declaredNames
        scanned.tokenReferences = outcome.tokenReferences
        scanned.hardCodedValues = outcome.hardCodedValues
        return scanned
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
    private var handedOut = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The index of the next file to scan, or `nil` when every file is handed out.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard handedOut < values.count else { return nil }
        handedOut += 1
        return handedOut - 1
    }

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
