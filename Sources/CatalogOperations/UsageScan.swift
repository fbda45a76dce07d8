import CatalogModel
import CatalogStore
import CatalogSystem
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
        /// Places its code uses the app's own tokens (``AppTokenReport``), now recorded.
        public let appTokenUses: Int
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
        // What changed since the last scan, worked out here from the listing and the stamps:
        // nothing, and no parser is started; a few files, and the helper reads only those.
        let details = { (lookedFor: String?) in
            UsageProject(name: project, root: root, platforms: declared, lookedFor: lookedFor)
        }
        var plan: UsageScan.Plan?
        func planned() throws -> Bool {
            plan = try stored.flatMap { try rescanPlan(under: paths, scope: scope, root: root, project: $0) }
            return plan.map { $0.changed.isEmpty && $0.gone.isEmpty } ?? false
        }
        func standing() throws -> UsageScan.Result {
            let listed = plan?.listed ?? []
            try repository.replaceScan(
                project: project, files: [], seen: listed, gone: plan?.gone,
                scope: scope.contains("") ? nil : scope,
                details: details(stored?.lookedFor), vocabulary: nil)
            return UsageScan.Result(
                files: listed.count, parsed: 0, unchanged: listed.count, broken: [],
                sites: try repository.siteCount(project: project),
                tokenReferences: try repository.tokenReferenceCount(project: project),
                appTokenUses: try AppTokenReport.uses(project: project, name: nil, in: repository).count)
        }
        // The parsing happens in catalog-scan, the one program that links SwiftParser. On a
        // rescan it is started first, and the tree compared while it starts; without it, an
        // unchanged tree is still rescanned.
        let located = Result { try UsageScanHelper.locate(environment: environment) }
        if stored == nil || (try? located.get()) == nil, try planned() { return try standing() }
        let helper = try located.get()
        var files: [ScannedFile] = []
        var seen: [String: Int] = [:]
        var lookedFor: String?
        var vocabulary: (digest: String, stored: String)?
        var untouched: Set<String> = []
        var stands = false
        let sendsPlan = { (descriptor: Int32) throws -> Bool in
            stands = try planned()
            guard !stands else { return false }
            let told = ScanPlan(changed: plan?.changed.map(\.absolute), scope: scope, gone: plan?.gone ?? [])
            // A helper gone already says why when it is heard.
            _ = ChildProcess.writeAll(try JSONEncoder().encode(told), to: descriptor)
            return true
        }
        let died = try helper.scan(
            arguments: ["--db", path, "--project", project, "--root", root], root: root, paths: paths,
            plan: stored == nil ? nil : sendsPlan
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
            case .failure, .finished: break  // thrown, and heard, by scan
            }
        }
        if stands { return try standing() }
        for (path, signal) in died {
            files.append(
                ScannedFile(
                    path: path, hash: "", size: 0, modified: -1, candidate: false,
                    warning:
                        "the Swift parser died on this file (signal \(signal); nesting too deep for its stack?); skipped",
                    sites: []))
        }
        // Told only of the changed files, the helper sends nothing for the others: they
        // stand, and are counted, not gathered (a set of 7,000 paths was a tenth of a rescan).
        let (others, untouchedCount) =
            plan.map { plan in
                let heard = Set(files.lazy.map(\.path))
                return (plan.listed, plan.listed.reduce(0) { heard.contains($1) ? $0 : $0 + 1 })
            } ?? (Array(untouched), untouched.count)
        let warned = files.compactMap { file in file.warning.map { (file.path, $0) } }
        for (path, warning) in warned.sorted(by: { $0.0 < $1.0 }) { events(.warning(warning, location: path)) }
        try repository.replaceScan(
            project: project, files: files, seen: others, gone: plan?.gone,
            scope: scope.contains("") ? nil : scope,
            details: details(lookedFor), vocabulary: vocabulary)
        let unchanged = files.filter { $0.sites == nil }.count + untouchedCount
        return UsageScan.Result(
            files: files.count + untouchedCount, parsed: files.filter(\.parsed).count, unchanged: unchanged,
            broken: files.filter { !$0.errorLines.isEmpty }.sorted { $0.path < $1.path }.map {
                ($0.path, $0.errorLines[0])
            },
            sites: try repository.siteCount(project: project),
            tokenReferences: try repository.tokenReferenceCount(project: project),
            appTokenUses: try AppTokenReport.uses(project: project, name: nil, in: repository).count)
    }

    /// What a rescan of `paths` (`scope`, relative to `root`) must read, when the last scan
    /// of `project` looked for what a scan looks for now (the specs' vocabulary, kept, and
    /// the themes' token names) and every folder is readable: the files listed, those new
    /// or not at the size and time the last scan saw (with UTF-8 paths, as they go to the
    /// helper by name), and those the last scan saw that are gone. `nil` when the helper
    /// must list and read the tree itself (a first scan, new specs or themes).
    func rescanPlan(under paths: [String], scope: [String], root: String, project: UsageProject) throws
        -> UsageScan.Plan?
    {
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
        var plan = UsageScan.Plan(listed: [], changed: [], gone: [])
        plan.listed.reserveCapacity(listing.files.count)
        var knownListed = 0
        for file in listing.files {
            plan.listed.append(file.path)
            let (size, modified) = file.stamp()
            if let stamp = known[file.path] {
                knownListed += 1
                if stamp.size == size, stamp.modified == modified { continue }
            }
            guard let absolute = String(validating: file.location, as: UTF8.self) else { return nil }
            plan.changed.append((file.path, absolute))
        }
        // Every file the last scan saw is listed now, once (no path given twice or inside
        // another): none is gone.
        guard knownListed < known.count || ScanScope.overlaps(scope) else { return plan }
        // A file the last scan saw that is not listed now may be there still, outside the paths.
        let listed = Set(plan.listed)
        plan.gone = known.keys.filter {
            !listed.contains($0)
                && !SwiftSourceFiles.isScannable((root as NSString).appendingPathComponent($0))
        }.sorted()
        return plan
    }
}

extension UsageScan {
    /// What a rescan reads (``Catalog/rescanPlan(under:scope:root:project:)``).
    struct Plan {
        /// Every file under the paths, relative to the root.
        var listed: [String]
        /// The files to read again: relative and absolute paths.
        var changed: [(path: String, absolute: String)]
        /// Files the last scan saw that are no more.
        var gone: [String]
    }

    /// The digest of what a scan looks for, kept with the project: the specs' vocabulary's
    /// and the token names'. A scan looking for anything else reads every file again.
    public static func lookedFor(vocabulary: String, tokens: String) -> String {
        SHA256.hex(Data((vocabulary + "\n" + tokens).utf8))
    }
}
