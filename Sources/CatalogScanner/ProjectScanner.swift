import CatalogModel
import CatalogSystem
import CatalogUsage
import Foundation
internal import SwiftSyntax

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

    /// How a file is cut to be parsed on several cores (``SourcePieces``): into at most
    /// `pieces` pieces (one a core), of at least `minimumBytes` each (below, the cut saves
    /// less than it costs).
    package struct Piecing: Sendable {
        package var pieces = ProcessInfo.processInfo.activeProcessorCount
        package var minimumBytes = 2_048

        package init() {}
    }

    /// How files are cut to be parsed (tests cut them at every place they can).
    package var piecing = Piecing()

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
        /// The catalog's tokens it names through their generated packages, and the app's own
        /// spellings of design values, when it was parsed.
        package var tokenReferences: [TokenReference] = []
        /// The app's own tokens it defines, when it was parsed.
        package var tokenDefinitions: [AppTokenDefinition] = []
        /// Colors and lengths written as literals in button code, when the scanner finds them.
        package var hardCodedValues: [HardCodedValue] = []
        /// The catalog's generated modules it imports, when it was read.
        package var imports: [String] = []
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
        var results = parallel(files) { file in
            readFile(file, known: known, pool: kept, starting: starting)
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
        let redone = parallel(again.compactMap { byPath[results[$0].path] }) { file in
            readFile(file, known: [:], pool: pool, starting: starting)
        } done: { result, _ in
            finished(result, total)
        }
        for (position, result) in zip(again, redone) { results[position] = result }
        return results
    }

    /// `read` on every one of `items`, on one thread per core (each with a large stack: the
    /// parser and the tree walk recurse by nesting, and a worker thread's usual stack ends
    /// a few hundred levels in); `done` hears each result with the count so far. A file to
    /// parse in pieces has its other pieces parsed by whichever threads are free first (a
    /// piece waiting is taken before the next file), and the thread that parses its last
    /// piece works out its result.
    private func parallel<Item: Sendable>(
        _ items: [Item], _ read: @escaping @Sendable (Item) -> Read,
        done: @escaping @Sendable (FileResult, Int) -> Void
    ) -> [FileResult] {
        let work = WorkQueue(count: items.count)
        let parse = { @Sendable (index: Int, job: ParseJob, piece: Int) in
            guard let result = job.parsed(SourceScanner.parse(job.input, piece: piece), piece: piece) else { return }
            done(result, work.set(index, result))
        }
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, items.count * max(1, piecing.pieces))
        let group = DispatchGroup()
        for _ in 0..<max(1, threads) {
            group.enter()
            let thread = Thread {
                while let task = work.next() {
                    switch task {
                    case .item(let index):
                        switch read(items[index]) {
                        case .done(let result):
                            work.read(pieces: [])
                            done(result, work.set(index, result))
                        case .parse(let job):
                            work.read(pieces: (1..<job.input.pieces.count).map { (index, job, $0) })
                            parse(index, job, 0)
                        }
                    case .piece(let index, let job, let piece):
                        parse(index, job, piece)
                    }
                }
                group.leave()
            }
            thread.stackSize = Self.threadStackBytes
            thread.start()
        }
        group.wait()
        return work.results.compactMap { $0 }
    }

    /// The stack of each scanning thread (address space, touched only as deep as used).
    static let threadStackBytes = 256 << 20

    /// One file: not read when its size and time are the last scan's, not parsed when its
    /// hash is; its source in pieces to parse otherwise. `starting` hears its path just
    /// before the parser runs on it (the one step that can die).
    private func readFile(
        _ file: SourceFile, known: [String: FileStamp], pool: DeclarationPool,
        starting: @Sendable (String) -> Void
    ) -> Read {
        let path = file.path
        let (size, modified) = file.stamp()
        @Sendable func result(
            hash: String, candidate: Bool = true, sites: [UsageSite] = [], unchanged: Bool = false,
            warning: String? = nil, parsed: Bool = false, errorLines: [Int] = []
        ) -> FileResult {
            FileResult(
                path: path, hash: hash, size: size, modified: modified, candidate: candidate, sites: sites,
                unchanged: unchanged, warning: warning, parsed: parsed, errorLines: errorLines)
        }
        if let stamp = known[path], stamp.size == size, stamp.modified == modified {
            return .done(result(hash: stamp.hash, candidate: false, unchanged: true))
        }
        // Opened without waiting (a FIFO named `.swift` would wait for a writer), and read
        // only if it is a regular file.
        let descriptor = file.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            return .done(result(hash: "", candidate: false, warning: "cannot read the file (\(reason)); skipped"))
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            return .done(result(hash: "", candidate: false, warning: "not a regular file; skipped"))
        }
        let data: Data
        do throws(BoundedRead.Failure) {
            data = try BoundedRead.all(descriptor, limit: Self.maximumFileBytes)
        } catch {
            switch error {
            case .system(let code):
                let reason = String(cString: strerror(code))
                return .done(result(hash: "", candidate: false, warning: "cannot read the file (\(reason)); skipped"))
            case .tooLarge(let limit):
                return .done(
                    result(hash: "", candidate: false, warning: "the file is larger than \(limit >> 20) MB; skipped"))
            }
        }
        let hash = SHA256.hex(data)
        if known[path]?.hash == hash { return .done(result(hash: hash, candidate: false, unchanged: true)) }
        let bytes = [UInt8](data)
        let candidate = needles.contains { Self.contains(bytes, $0) }
        // The token names of the generated modules it imports, worked out on first use.
        let tokenNames = scanner.vocabulary.tokenNames
        var tokenSpellings: Set<String> = []
        let imports = tokenNames.imported(where: { Self.contains(bytes, $0) })
        for module in imports {
            do {
                tokenSpellings.formUnion(try tokenNames.spellings(module: module))
            } catch {
                return .done(
                    result(
                        hash: "", candidate: false,
                        warning: "cannot work out the token names of \(module), which it imports (\(error)); skipped"))
            }
        }
        let appTokens = AppTokenVisitor.mayHold(bytes)
        guard candidate || !tokenSpellings.isEmpty || appTokens || AppDeclarations.mayDeclare(bytes) else {
            var unparsed = result(hash: hash, candidate: false)
            unparsed.imports = imports
            return .done(unparsed)
        }
        guard let source = String(validating: bytes, as: UTF8.self) else {
            return .done(result(hash: hash, candidate: candidate, warning: "the file is not valid UTF-8; skipped"))
        }
        starting(path)
        let input = SourceScanner.input(source, pieces: piecing.pieces, minimumBytes: piecing.minimumBytes)
        let (scanner, spellings) = (scanner, tokenSpellings)
        return .parse(
            ParseJob(input: input) { tree in
                let outcome = scanner.analyzed(
                    tree, input: input, file: path, index: candidate ? pool.index(for: bytes) : nil,
                    sites: candidate, tokenSpellings: spellings, appTokens: appTokens)
                var notes = outcome.note.map { [$0] } ?? []
                if !outcome.errorLines.isEmpty {
                    let lines = outcome.errorLines.map(String.init).joined(separator: ", ")
                    notes.insert(
                        "syntax error\(outcome.errorLines.count == 1 ? "" : "s") at line\(outcome.errorLines.count == 1 ? "" : "s") "
                            + "\(lines)\(outcome.errorLines.count == 5 ? ", …" : ""); scanned what the parser recovered",
                        at: 0)
                }
                var scanned = result(
                    hash: hash, candidate: candidate, sites: outcome.sites,
                    warning: notes.isEmpty ? nil : notes.joined(separator: "; "), parsed: true,
                    errorLines: outcome.errorLines)
                scanned.declarations = outcome.declarations
                scanned.lookups = outcome.lookups
                scanned.declaredNames = outcome.declaredNames
                scanned.tokenReferences = outcome.tokenReferences
                scanned.tokenDefinitions = outcome.tokenDefinitions
                scanned.hardCodedValues = outcome.hardCodedValues
                scanned.imports = imports
                return scanned
            })
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

/// What reading a file leaves: its result, or its source to parse.
private enum Read {
    case done(ProjectScanner.FileResult)
    case parse(ParseJob)
}

/// A file being parsed, in one piece or several (``SourcePieces``) parsed on any thread:
/// the piece parsed last has the trees, joined, made into the file's result.
private final class ParseJob: @unchecked Sendable {
    let input: SourceScanner.Input
    /// The file's result from its tree.
    private let finish: @Sendable (SourceFileSyntax) -> ProjectScanner.FileResult
    private let lock = NSLock()
    private var trees: [SourceFileSyntax?]
    private var left: Int

    init(input: SourceScanner.Input, finish: @escaping @Sendable (SourceFileSyntax) -> ProjectScanner.FileResult) {
        self.input = input
        self.finish = finish
        trees = Array(repeating: nil, count: input.pieces.count)
        left = input.pieces.count
    }

    /// Keeps piece `piece`'s tree; the file's result once it was the last. The trees are
    /// let go before the result is sent (a file of 20,000 buttons' tree is 40 MB).
    func parsed(_ tree: SourceFileSyntax, piece: Int) -> ProjectScanner.FileResult? {
        lock.lock()
        trees[piece] = tree
        left -= 1
        let all = left == 0 ? trees.map { $0! } : nil
        if all != nil { trees = [] }
        lock.unlock()
        guard let all else { return nil }
        return finish(SourceScanner.joined(all, of: input))
    }
}

/// The scanning threads' work: the files in order, and the pieces of a file's parse left
/// for other threads (taken first); the results, each in its file's slot.
private final class WorkQueue: @unchecked Sendable {
    enum Task {
        case item(Int)
        case piece(Int, ParseJob, Int)
    }

    private let condition = NSCondition()
    private(set) var results: [ProjectScanner.FileResult?]
    private var handedOut = 0
    private var done = 0
    /// Files handed out and still being read: each may leave pieces to parse.
    private var reading = 0
    private var pieces: [(Int, ParseJob, Int)] = []

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// A piece waiting, else the next file; `nil` when neither is left nor can come.
    func next() -> Task? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if !pieces.isEmpty {
                let (index, job, piece) = pieces.removeFirst()
                return .piece(index, job, piece)
            }
            if handedOut < results.count {
                handedOut += 1
                reading += 1
                return .item(handedOut - 1)
            }
            guard reading > 0 else { return nil }
            condition.wait()
        }
    }

    /// A file handed out is read, leaving `pieces` to parse.
    func read(pieces more: [(Int, ParseJob, Int)]) {
        condition.lock()
        pieces += more
        reading -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Keeps `index`'s result; the number of files done.
    func set(_ index: Int, _ value: ProjectScanner.FileResult) -> Int {
        condition.lock()
        defer { condition.unlock() }
        results[index] = value
        done += 1
        return done
    }
}
