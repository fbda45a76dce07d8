import CatalogModel
import CatalogOperations
import CatalogScanner
import CatalogStore
import CatalogUsage
import Foundation

// catalog-scan: the part of `catalog usage scan` that parses Swift, in its own executable
// so that only it links the toolchain's SwiftParser. `catalog` runs it as
//
//     catalog-scan --db CATALOG --project NAME --root ROOT -- PATH...
//
// It reads the specs (what to look for) and the project's file stamps (what is unchanged)
// from the catalog, lists and parses the files on every core, and writes one JSON
// `ScanMessage` a line to standard output (a file scanned again, because an app wrapper
// it uses changed, is sent again: the later message stands). It writes nothing to the
// catalog.
//
// With `--plan-on-stdin`, it reads what catalog found comparing the tree with the last
// scan's stamps (a `ScanPlan`, JSON, on standard input) once it has read the catalog, before
// it writes anything: catalog starts it first and compares meanwhile. When the plan names
// the changed files, it reads those alone: every other file the last scan saw under the
// scope stands as it was, is not read, and is sent only if a wrapper it used changed.

let lock = NSLock()
let encoder = JSONEncoder()
/// Writes one message as a line; progress comes from the scanning threads, so one at a time.
func send(_ message: ScanMessage) {
    lock.lock()
    defer { lock.unlock() }
    guard var line = try? encoder.encode(message) else {
        // Nothing is dropped: catalog reports the failure and records nothing.
        FileHandle.standardError.write(Data("cannot encode \(message)\n".utf8))
        exit(1)
    }
    line.append(UInt8(ascii: "\n"))
    FileHandle.standardOutput.write(line)
}

/// Paths of unchanged files gathered from the scanning threads, handed out 4,096 at a time.
final class UnchangedBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    /// Adds `path`; the full batch when it is full.
    func add(_ path: String) -> [String]? {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
        guard paths.count >= 4_096 else { return nil }
        defer { paths = [] }
        return paths
    }

    /// What is left, if anything.
    func drain() -> [String]? {
        lock.lock()
        defer { lock.unlock() }
        defer { paths = [] }
        return paths.isEmpty ? nil : paths
    }
}

/// The listing of the files to scan, sent once, before the first file is parsed.
final class ListingOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String]?

    init(paths: [String]) { self.paths = paths }

    /// Sends the listing if it has not been sent.
    func send() {
        lock.lock()
        defer { lock.unlock() }
        guard let paths else { return }
        self.paths = nil
        catalog_scan.send(.listing(paths: paths))
    }
}

/// The one way to call it, on standard error; exit 64.
func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            ("usage: catalog-scan --db CATALOG --project NAME --root ROOT [--literals] "
                + "[--plan-on-stdin] -- PATH...\n").utf8))
    exit(64)
}

var options: [String: String] = [:]
var paths: [String] = []
/// Whether colors and lengths written as literals in button code are sent too (`lint_swift`).
var findsLiterals = false
/// Whether catalog says on standard input what to read (``ScanPlan``).
var plansOnStdin = false
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    if argument == "--" {
        paths += arguments
        break
    }
    if argument == "--literals" || argument == "--plan-on-stdin" {
        if argument == "--literals" { findsLiterals = true } else { plansOnStdin = true }
        continue
    }
    guard ["--db", "--project", "--root"].contains(argument), let value = arguments.first else { usage() }
    arguments.removeFirst()
    options[argument] = value
}
guard let database = options["--db"], let project = options["--project"], let root = options["--root"],
    !paths.isEmpty
else { usage() }
let sendsLiterals = findsLiterals

do {
    let repository = try Repository(path: database, mode: .mustExist)
    // The vocabulary the last scan kept for these spec versions, else drawn from every
    // spec (reading them all cost more than a rescan of a small tree) and sent to be kept.
    // Told what changed, the stamps read now are those of the files that declared or looked
    // up a wrapper, and the changed files' once they are named (at 7,000 files, reading
    // every stamp was most of what the helper did before its first parse).
    var (vocabulary, known, stored, vocabularyDigest, drawn) = try repository.read {
        let digest = UsageVocabulary.digest(of: try repository.specVersionStamps())
        let kept = try repository.usageVocabulary(digest: digest).flatMap { try? UsageVocabulary(stored: $0) }
        let vocabulary = try kept ?? UsageVocabulary(specs: try repository.allSpecVersions())
        return (
            vocabulary, try repository.scannedFiles(project: project, plansOnStdin ? .usingWrappers : .all),
            try repository.usageProject(project), digest, kept == nil
        )
    }
    // What is looked for, the vocabulary and the generated token names: anything else than
    // the last scan looked for (a spec or a theme published since) makes every file be
    // read again.
    let (tokenNames, tokenDigest) = try TokenNames.source(in: repository)
    vocabulary.tokenNames = tokenNames
    let digest = UsageScan.lookedFor(vocabulary: vocabularyDigest, tokens: tokenDigest)
    // Catalog writes the plan before it reads a message: nothing is sent until it is read.
    let plan: ScanPlan? =
        plansOnStdin
        ? try JSONDecoder().decode(ScanPlan.self, from: FileHandle.standardInput.readDataToEndOfFile()) : nil
    if drawn { send(.vocabulary(digest: vocabularyDigest, stored: try vocabulary.stored())) }
    send(.lookedFor(digest: digest))
    let changedOnly = plan?.changed != nil
    let listing = try ProjectScanner.swiftFiles(under: plan?.changed ?? paths, root: root)
    if changedOnly {
        let named = listing.files.map(\.path) + (plan?.gone ?? [])
        known.merge(try repository.scannedFiles(project: project, .paths(named))) { first, _ in first }
    } else if plansOnStdin {
        known = try repository.scannedFiles(project: project)
    }
    if let stored, stored.lookedFor != digest {
        for (path, stamp) in known {
            var stale = stamp
            stale.size = -1
            stale.hash = ""
            known[path] = stale
        }
    }
    for (folder, reason) in listing.unreadable.sorted(by: { $0.path < $1.path }) {
        send(.unreadable(path: folder, reason: reason))
    }
    // The files, before the first parse, then each as it starts and ends: if the parser
    // dies on one, catalog knows which were under way and scans the rest again without
    // them. A rescan that parses nothing sends no listing (it cost a small tree's rescan
    // a tenth of its time).
    let listed = ListingOnce(paths: listing.files.map(\.path))
    let total = listing.files.count
    // A file the last scan saw that is not listed now still declares its wrappers while it
    // is there (outside the paths scanned this time).
    let gonePaths = Set(plan?.gone ?? [])
    let scope = plan?.scope ?? []
    let exists = { (path: String) in
        changedOnly
            ? !gonePaths.contains(path)
            : SwiftSourceFiles.isScannable((root as NSString).appendingPathComponent(path))
    }
    // Told of the changed files only: the others the last scan saw under the scope stand
    // as they were, unread, unless a wrapper they looked up changed (so only those that
    // looked one up are named to the scanner).
    let listedPaths = Set(listing.files.map(\.path))
    let settled =
        changedOnly
        ? known.compactMap { path, stamp in stamp.lookups.isEmpty ? nil : path }.filter { path in
            !listedPaths.contains(path) && !gonePaths.contains(path) && ScanScope.contains(path, in: scope)
        }.map {
            SwiftSourceFiles.SourceFile(location: Array((root as NSString).appendingPathComponent($0).utf8), path: $0)
        }
        : []
    // Files whose size and time are the last scan's go in batches (a rescan of a large tree
    // is mostly these), and progress at most every 1% of the files: a message a file cost
    // more than the scan itself.
    let batch = UnchangedBatch()
    let every = max(1, total / 100)
    let stamps = known
    _ = ProjectScanner(scanner: SourceScanner(vocabulary: vocabulary, findsLiterals: sendsLiterals)).scan(
        files: listing.files, settled: settled, known: known, exists: exists,
        starting: { path in
            listed.send()
            send(.started(path: path))
        },
        finished: { result, done in
            defer {
                if done % every == 0 || done == total { send(.progress(done: done, total: total)) }
            }
            if result.unchanged, let stamp = stamps[result.path], stamp.hash == result.hash, stamp.size == result.size,
                stamp.modified == result.modified
            {
                if let full = batch.add(result.path) { send(.unchanged(paths: full)) }
                return
            }
            send(
                .file(
                    ScannedFile(
                        path: result.path, hash: result.hash, size: result.size, modified: result.modified,
                        candidate: result.candidate, warning: result.warning,
                        sites: result.unchanged ? nil : result.sites, parsed: result.parsed,
                        errorLines: result.errorLines,
                        declarations: result.unchanged ? nil : result.declarations.map(\.stored),
                        lookups: result.unchanged ? nil : result.lookups.sorted(),
                        tokenReferences: result.unchanged ? nil : result.tokenReferences,
                        hardCodedValues: result.unchanged || !sendsLiterals ? nil : result.hardCodedValues,
                        imports: result.unchanged || !sendsLiterals ? nil : result.imports,
                        tokenDefinitions: result.unchanged ? nil : result.tokenDefinitions)))
        })
    if let rest = batch.drain() { send(.unchanged(paths: rest)) }
} catch let error as RequestError {
    send(.failure(message: error.message))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
// The catalog, opened in the block above, is closed by now: catalog goes on without
// waiting for this process to unload, and is the last to close the catalog (so its
// close folds the write-ahead log back into the file).
send(.finished)
