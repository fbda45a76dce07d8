import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

/// `catalog usage scan PATH…`: the project's root and scope worked out from the paths and
/// what was stored before, its platforms from `--platforms`, else its manifests, else the
/// stored ones; the files parsed by the `catalog-scan` helper; the results stored in one
/// transaction.
public enum UsageScan {
    /// What a scan says as it goes.
    public enum Event: Sendable {
        /// Files parsed so far, of all.
        case progress(done: Int, total: Int)
        /// A folder it could not read, a file it skipped: at `location`.
        case warning(String, location: String)
    }

    /// What a scan found.
    public struct Result: Sendable {
        /// Every file looked at.
        public let files: Int
        /// Files parsed this time.
        public let parsed: Int
        /// Files unchanged since the last scan (their sites kept).
        public let unchanged: Int
        /// Files with syntax errors, scanned as far as the parser recovered: path and first line.
        public let broken: [(path: String, line: Int)]
        /// Call sites the project now has recorded.
        public let sites: Int
        /// Places its code names a token through a generated package, now recorded.
        public let tokenReferences: Int
    }
}

extension Catalog {
    /// Scans `paths` (files or folders) into `project`'s records. `platforms` overrides
    /// the deployment targets found in the project's manifests; `environment` locates the
    /// helper (`CATALOG_SCAN`). A file the parser dies on costs only that file: it is
    /// recorded unscanned and reported as a warning.
    public func scanUsage(
        paths: [String], project: String, platforms: [String]?, environment: [String: String],
        events: (UsageScan.Event) -> Void
    ) throws -> UsageScan.Result {
        let stored = try repository.usageProject(project)
        let (absolutes, firstRoot) = try ProjectPaths.given(paths)
        let root = stored?.root ?? firstRoot
        let scope = try absolutes.map { try ProjectPaths.relative($0.path, to: root) }
        let declared =
            platforms
            ?? ([root] + absolutes.map(\.path)).lazy.compactMap(ProjectManifests.targets(in:)).first?.map(\.description)
            ?? stored?.platforms ?? []
        // Nothing changed since the last scan: its records stand, and no parser is started.
        if let stored, let listed = try unchangedFiles(under: paths, root: root, project: stored) {
            try repository.replaceScan(
                project: project, files: [], untouched: Set(listed), scope: scope.contains("") ? nil : scope,
                details: UsageProject(name: project, root: root, platforms: declared, lookedFor: stored.lookedFor),
                vocabulary: nil)
            return UsageScan.Result(
                files: listed.count, parsed: 0, unchanged: listed.count, broken: [],
                sites: try repository.siteCount(project: project),
                tokenReferences: try repository.tokenReferenceCount(project: project))
        }
        // The parsing happens in catalog-scan, the one program that links SwiftParser.
        let helper = try UsageScanHelper.locate(environment: environment)
        var files: [ScannedFile] = []
        var seen: [String: Int] = [:]
        var lookedFor: String?
        var vocabulary: (digest: String, stored: String)?
        var untouched: Set<String> = []
        let died = try helper.scan(
            arguments: ["--db", path, "--project", project, "--root", root], root: root, paths: paths
        ) { message in
            switch message {
            case .progress(let done, let total): events(.progress(done: done, total: total))
            case .unreadable(let folder, let reason): events(.warning(reason, location: folder))
            case .unchanged(let paths):
                // A file scanned again may have been heard before its batch came.
                untouched.formUnion(paths.lazy.filter { seen[$0] == nil })
            case .file(let file):
                // A file scanned again (a wrapper it uses changed) replaces its first result.
                untouched.remove(file.path)
                if let earlier = seen[file.path] {
                    files[earlier] = file
                } else {
                    seen[file.path] = files.count
                    files.append(file)
                }
            case .lookedFor(let digest): lookedFor = digest
            case .vocabulary(let digest, let stored): vocabulary = (digest, stored)
            case .listing, .started: break
            case .failure: break  // thrown by scan
            }
        }
        for (path, signal) in died {
            files.append(
                ScannedFile(
                    path: path, hash: "", size: 0, modified: -1, candidate: false,
                    warning:
                        "the Swift parser died on this file (signal \(signal); nesting too deep for its stack?); skipped",
                    sites: []))
        }
        let warned = files.compactMap { file in file.warning.map { (file.path, $0) } }
        for (path, warning) in warned.sorted(by: { $0.0 < $1.0 }) { events(.warning(warning, location: path)) }
        try repository.replaceScan(
            project: project, files: files, untouched: untouched, scope: scope.contains("") ? nil : scope,
            details: UsageProject(name: project, root: root, platforms: declared, lookedFor: lookedFor),
            vocabulary: vocabulary)
        let unchanged = files.filter { $0.sites == nil }.count + untouched.count
        return UsageScan.Result(
            files: files.count + untouched.count, parsed: files.filter(\.parsed).count, unchanged: unchanged,
            broken: files.filter { !$0.errorLines.isEmpty }.sorted { $0.path < $1.path }.map {
                ($0.path, $0.errorLines[0])
            },
            sites: try repository.siteCount(project: project),
            tokenReferences: try repository.tokenReferenceCount(project: project))
    }

    /// The files under `paths` when the last scan of `project` saw every one of them at its
    /// size and time, saw no other that is gone since, folders all readable, and looked for
    /// what a scan looks for now (the specs' vocabulary, kept, and the themes' token names):
    /// then the scan would read nothing, and `catalog-scan` need not start. `nil` otherwise.
    func unchangedFiles(under paths: [String], root: String, project: UsageProject) throws -> [String]? {
        let listing = try SwiftSourceFiles.list(under: paths, root: root)
        guard listing.unreadable.isEmpty else { return nil }
        let (known, vocabularyDigest, tokenDigest) = try repository.read {
            (
                try repository.scannedSizesAndTimes(project: project.name),
                UsageVocabulary.digest(of: try repository.specVersionStamps()),
                try TokenNames.source(in: repository).digest
            )
        }
        guard project.lookedFor == UsageScan.lookedFor(vocabulary: vocabularyDigest, tokens: tokenDigest),
            try repository.usageVocabulary(digest: vocabularyDigest) != nil
        else { return nil }
        var listed: Set<String> = []
        for file in listing.files {
            guard let stamp = known[file.path] else { return nil }
            let (size, modified) = file.stamp()
            guard stamp.size == size, stamp.modified == modified else { return nil }
            listed.insert(file.path)
        }
        // A file the last scan saw that is not listed now must still be there (outside the paths).
        for path in known.keys where !listed.contains(path) {
            guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(path)) else {
                return nil
            }
        }
        return listing.files.map(\.path)
    }
}

extension UsageScan {
    /// The digest of what a scan looks for, kept with the project: the specs' vocabulary's
    /// and the token names'. A scan looking for anything else reads every file again.
    public static func lookedFor(vocabulary: String, tokens: String) -> String {
        SHA256.hex(Data((vocabulary + "\n" + tokens).utf8))
    }
}
