import CatalogModel
import CatalogStore
import CatalogSystem
import Foundation

/// One line of what `catalog-scan` writes for `catalog usage scan` (JSON, one message a
/// line): progress as files are parsed, folders it could not read, each file's result, or
/// why it could not scan (a path outside the project, a path that does not exist).
public enum ScanMessage: Codable, Sendable {
    case progress(done: Int, total: Int)
    case unreadable(path: String, reason: String)
    /// The files it will scan, relative to the root, before it scans any.
    case listing(paths: [String])
    /// A file about to be read.
    case started(path: String)
    case file(ScannedFile)
    /// Files whose size and time are the last scan's: their stored records stand as they
    /// are (one message for many, as a rescan of a large tree is mostly these).
    case unchanged(paths: [String])
    /// The digest of what the scan looks for: the specs' vocabulary and the generated
    /// token names (``TokenNames``).
    case lookedFor(digest: String)
    /// The vocabulary this scan drew from the specs (none was kept under their digest),
    /// for catalog to keep for the next scan.
    case vocabulary(digest: String, stored: String)
    case failure(message: String)
    /// The last message, once the helper has closed the catalog: nothing follows, and its
    /// exit (unloading the parser, a few milliseconds) is not waited for.
    case finished
}

/// What `catalog usage scan` tells a `catalog-scan` started with `--plan-on-stdin`, on its
/// standard input, once it has compared the tree with the last scan's stamps (while the
/// helper started): the changed files alone to read, or the whole of the paths.
public struct ScanPlan: Codable, Sendable {
    /// The files new or changed since the last scan (absolute paths); `nil`: list and read
    /// the paths given on the command line (a first scan, new specs or themes).
    public var changed: [String]?
    /// The folders scanned, relative to the root ("" for the root itself).
    public var scope: [String]
    /// Files the last scan saw that are no more.
    public var gone: [String]

    public init(changed: [String]?, scope: [String], gone: [String]) {
        self.changed = changed
        self.scope = scope
        self.gone = gone
    }
}

/// `catalog-scan`, the helper executable that parses Swift for `catalog usage scan`. It is
/// the only program that links the toolchain's SwiftParser, so that `catalog` starts
/// without loading it for every other command.
public struct UsageScanHelper {
    /// The helper's file name.
    public static let name = "catalog-scan"
    /// Where it is.
    public let path: String
    /// Stops the helper from another thread, when given (a cancelled call).
    var stopper: ChildProcess.Stopper?

    /// The helper named by `$CATALOG_SCAN`, else the one beside the running executable.
    /// Throws, saying how to get it, when there is none.
    public static func locate(environment: [String: String]) throws -> UsageScanHelper {
        // The running executable as the system knows it (not argv[0], which a caller chooses).
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath()
        let beside = executable.deletingLastPathComponent().appendingPathComponent(name).path
        let path = environment["CATALOG_SCAN"].flatMap { $0.isEmpty ? nil : $0 } ?? beside
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isExecutableFile(atPath: path)
        else {
            throw RequestError(
                "usage scan needs \(name), which parses Swift with the toolchain's SwiftParser, and there is none at "
                    + "\(path); build it beside catalog (swift build --product \(name), with -c release for a "
                    + "release build) or name it with CATALOG_SCAN")
        }
        return UsageScanHelper(path: path)
    }

    /// Scans `paths` (files or folders) with the helper, `arguments` coming before them
    /// (`--db`, `--project`, `--root ROOT`), handing each message to `receive` as it comes.
    /// With `plan`, the helper is started at once with `--plan-on-stdin` and `plan` writes
    /// its ``ScanPlan`` to the descriptor meanwhile (so the helper's start and the
    /// caller's comparing of the tree overlap); `plan` returning false stops the helper
    /// (nothing to read), and nothing is heard.
    /// If the helper dies (the toolchain's parser running out of stack on absurdly nested
    /// code), the files under way then are scanned again one by one and the rest together,
    /// until every file has a result: one file's failure costs only that file. Returns the
    /// files (relative to `root`) the helper died on alone, with the signal; other failures
    /// are thrown with what the helper said.
    public func scan(
        arguments: [String], root: String, paths: [String], plan: ((Int32) throws -> Bool)? = nil,
        receive: (ScanMessage) throws -> Void
    ) throws -> [(path: String, signal: Int32)] {
        var died: [(path: String, signal: Int32)] = []
        var batches: [[String]] = [paths]
        var first = true
        while let batch = batches.popLast() {
            var listed: [String] = []
            var started: Set<String> = []
            var done: Set<String> = []
            // The plan is the first run's; a run again after the helper died reads its files.
            let planned = first ? plan : nil
            let signal = try runOnce(
                arguments: arguments + (planned == nil ? [] : ["--plan-on-stdin"]) + ["--"] + batch, input: planned
            ) { message in
                switch message {
                case .listing(let files): listed = files
                case .started(let path): started.insert(path)
                case .file(let file):
                    done.insert(file.path)
                    try receive(message)
                case .unchanged(let paths):
                    done.formUnion(paths)
                    try receive(message)
                case .progress where !first: break  // a rescan's counts would restart the bar
                default: try receive(message)
                }
            }
            first = false
            guard let signal else { continue }
            guard !listed.isEmpty else {
                throw RequestError("\(Self.name) died (signal \(signal)) before listing the files")
            }
            let underWay = listed.filter { started.contains($0) && !done.contains($0) }
            if listed.count == 1, underWay == listed {
                died.append((listed[0], signal))
                continue
            }
            let rest = listed.filter { !done.contains($0) && !started.contains($0) }
            let absolute = { (path: String) in (root as NSString).appendingPathComponent(path) }
            if !rest.isEmpty { batches.append(rest.map(absolute)) }
            for path in underWay.reversed() {
                // A name that is not UTF-8 is listed escaped and cannot be named again.
                guard FileManager.default.fileExists(atPath: absolute(path)) else {
                    died.append((path, signal))
                    continue
                }
                batches.append([absolute(path)])
            }
        }
        return died
    }

    /// The offset of the first line end in `data` at or after `offset`, if any.
    static func lineEnd(in data: Data, from offset: Int) -> Int? {
        guard offset < data.count else { return nil }
        return data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress,
                let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Runs the helper once with `arguments`, handing each message to `receive`. Returns
    /// the signal that killed it, if one did; throws for any other failure.
    private func runOnce(
        arguments: [String], input: ((Int32) throws -> Bool)?, receive: (ScanMessage) throws -> Void
    ) throws -> Int32? {
        // The helper's messages go to a file (a pipe left unread while its output is read
        // could fill and stop it): in $TMPDIR when that is a folder, else in /tmp.
        var isFolder: ObjCBool = false
        let temporary =
            ProcessInfo.processInfo.environment["TMPDIR"].flatMap {
                FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue ? $0 : nil
            } ?? "/tmp"
        let errors = URL(fileURLWithPath: temporary).appendingPathComponent(
            "catalog-scan-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).err")
        guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw RequestError(
                "cannot create a file for \(Self.name)'s messages in \(temporary): \(String(cString: strerror(errno))); set TMPDIR to a folder you can write"
            )
        }
        defer { try? FileManager.default.removeItem(at: errors) }
        let decoder = JSONDecoder()
        var pending = Data()
        var failure: Error?
        // The bytes of `pending` before `searched` hold no line end: a line of megabytes (a
        // file of thousands of call sites) arriving in chunks is searched once, not again
        // with every chunk.
        var searched = 0
        var finished = false
        let ending: ChildProcess.Ending
        do {
            ending = try ChildProcess.run(
                path, arguments: arguments, errors: errors.path, input: input, heardAll: { finished }, stopper: stopper,
                output: { chunk in
                    pending.append(chunk)
                    var start = 0
                    while let newline = Self.lineEnd(in: pending, from: searched) {
                        let line = pending[pending.startIndex + start..<pending.startIndex + newline]
                        start = newline + 1
                        searched = start
                        guard failure == nil, !finished else { continue }
                        do {
                            let message = try decoder.decode(ScanMessage.self, from: line)
                            switch message {
                            case .failure(let text): throw RequestError(text)
                            case .finished: finished = true
                            default: try receive(message)
                            }
                        } catch {
                            failure = error
                        }
                    }
                    // What is left is one line's beginning, searched already; kept once, not copied
                    // again after every line.
                    pending = Data(pending.dropFirst(start))
                    searched = pending.count
                })
        } catch let error as CocoaError {
            throw RequestError("cannot run \(Self.name) at \(path): \((error as NSError).localizedDescription)")
        }
        if let failure { throw failure }
        switch ending {
        case .signalled(let signal): return signal
        case .exited(0), .stopped, .heard: return nil
        case .exited(let status):
            let said = (try? String(contentsOf: errors, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw RequestError(
                "\(Self.name) failed (exit \(status))" + (said.map { $0.isEmpty ? "" : ": \($0)" } ?? ""))
        }
    }
}
