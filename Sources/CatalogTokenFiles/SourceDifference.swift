import CatalogModel
import Foundation

/// What a republication reads again, found by comparing the sources' scans with the
/// previous version's ``SourceManifest``: the tokens whose bytes changed, appeared or
/// vanished (``changed``), every token that refers to one of those directly or through
/// others (their resolved values may change), and every token any of these refers to
/// (to resolve and validate them as a whole read would). The rest is left out of the read
/// (``reducedSources(_:)``) and of the publication: its rows stand as they are.
public struct SourceDifference: Sendable {
    /// The paths whose source changed, appeared or vanished, in any file.
    public private(set) var changed: Set<String> = []
    /// The paths read again (``TokenSourceScan/pathHash(_:)``; a hash two paths share makes
    /// a read of one token more, never one less).
    public private(set) var kept = PathHashes()
    /// Per file, for each token of the new scan, its position in the manifest's file
    /// when its bytes are unchanged, else -1.
    private var unchangedFrom: [[Int32]] = []
    private let scans: [(key: String, scan: TokenSourceScan)]
    private let manifest: SourceManifest

    /// The difference between `manifest` and `scans` (with `data`, the files scanned);
    /// `nil` when it cannot be told token by token: other files, a file whose groups,
    /// group properties or root properties changed, or a changed token at the path of a
    /// group or below a token of any file (one hides the other: a whole read says which).
    public init?(from manifest: SourceManifest, to scans: [(key: String, scan: TokenSourceScan)], data: [Data]) {
        guard manifest.files.count == scans.count,
            zip(manifest.files, scans).allSatisfy({ $0.key == $1.key && $0.structure == $1.scan.structure })
        else { return nil }
        self.scans = scans
        self.manifest = manifest
        for (file, item) in zip(manifest.files, scans) { unchangedFrom.append(compare(file, item.scan)) }
        guard !Self.hidesOrIsHidden(changed, in: scans) else { return nil }
        // What the changes reach, by path hash: who refers to a changed token, directly
        // or through others (from the manifest: the unchanged tokens' references are as
        // they were), then what all of these refer to (the changed tokens' as now written).
        let edges = manifest.files.reduce(0) { $0 + $1.targets.count }
        var references = PathGraph(capacity: edges)
        var referrers = PathGraph(capacity: edges)
        for file in manifest.files {
            for (k, index) in file.referrers.enumerated() {
                let hash = file.pathHash(Int(index))
                for target in file.targets(ofReferrer: k) {
                    references.add(from: hash, to: target)
                    referrers.add(from: target, to: hash)
                }
            }
        }
        for (position, item) in scans.enumerated() {
            for (index, from) in unchangedFrom[position].enumerated() where from < 0 {
                let span = item.scan.entries[index].span
                let start = data[position].startIndex
                for mention in Self.mentions(
                    in: data[position].subdata(in: (start + span.lowerBound)..<(start + span.upperBound)))
                {
                    references.add(from: item.scan.entries[index].pathHash, to: TokenSourceScan.pathHash(mention))
                }
            }
        }
        var reached = PathHashes()
        for path in changed { reached.insert(TokenSourceScan.pathHash(path)) }
        for links in [referrers, references] {
            var queue = reached.elements
            while let hash = queue.popLast() {
                links.forEach(from: hash) { next in
                    if reached.insert(next) { queue.append(next) }
                }
            }
        }
        kept = reached
    }

    /// Whether a path of `changed` is a group's path in a file, or a token's path in a file
    /// is a group of a path of `changed` (by path hash: a hash two paths share makes a
    /// whole read, never a wrong one).
    private static func hidesOrIsHidden(_ changed: Set<String>, in scans: [(key: String, scan: TokenSourceScan)])
        -> Bool
    {
        guard !changed.isEmpty else { return false }
        var paths = PathHashes()
        var groups = PathHashes()
        for path in changed {
            paths.insert(TokenSourceScan.pathHash(path))
            var prefix = Substring(path)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                groups.insert(TokenSourceScan.pathHash(String(prefix)))
            }
        }
        for (_, scan) in scans {
            if scan.groupHashes.contains(where: paths.contains) { return true }
            if scan.entries.contains(where: { groups.contains($0.pathHash) }) { return true }
        }
        return false
    }

    /// Compares one file's manifest with its new scan, in order while the paths agree,
    /// then by path; records the changed paths and returns the unchanged positions.
    private mutating func compare(_ file: SourceManifest.File, _ scan: TokenSourceScan) -> [Int32] {
        var from = [Int32](repeating: -1, count: scan.entries.count)
        var old = 0
        var new = 0
        while old < file.count, new < scan.entries.count {
            if file.digests[old] != scan.entries[new].digest {
                let same = file.paths.withUnsafeBytes {
                    scan.hasPath(new, UnsafeRawBufferPointer(rebasing: $0[file.pathRange(old)]))
                }
                guard same else { break }
                changed.insert(scan.path(new))
            } else {
                from[new] = Int32(old)
            }
            old += 1
            new += 1
        }
        guard old < file.count || new < scan.entries.count else { return from }
        // Out of step (tokens added, removed or moved): the rest by path.
        var remaining: [String: Int] = [:]
        for index in old..<file.count { remaining[file.path(index)] = index }
        for index in new..<scan.entries.count {
            let path = scan.path(index)
            if let before = remaining.removeValue(forKey: path), file.digests[before] == scan.entries[index].digest {
                from[index] = Int32(before)
            } else {
                changed.insert(path)
            }
        }
        changed.formUnion(remaining.keys)
        return from
    }

    /// What a token's member, as written, may refer to before it is read (the resolver's
    /// own rules, ``TokenResolver/references(in:)``, over its whole object).
    static func mentions(in member: Data) -> Set<String> {
        guard let parsed = try? JSONParser.parse(Data("{".utf8) + member + Data("}".utf8), file: "") else { return [] }
        return TokenResolver.references(in: parsed)
    }

    /// The files with every token that is not read again blanked out, each with what its
    /// blanked tokens say of its dialect (the copy alone would not tell; `nil` for a file
    /// without tokens, which its copy tells as well).
    public func reducedSources(_ data: [Data]) throws(TokenSourceScan.Unsupported) -> [(
        data: Data, blanked: DialectSigns?
    )] {
        var reduced: [(data: Data, blanked: DialectSigns?)] = []
        for (position, item) in scans.enumerated() {
            let keep = { kept.contains(item.scan.entries[$0].pathHash) }
            reduced.append(
                (
                    try item.scan.reduced(data[position], keeping: keep),
                    item.scan.entries.isEmpty ? nil : blankedSigns(position, data: data[position], keeping: keep)
                ))
        }
        return reduced
    }

    /// What the tokens of the `position`th file that `keep` leaves out say of its dialect.
    /// They are unchanged since the manifest: a sign its file did not show then, none of
    /// them shows now; one it showed is looked for among them, in order, until found.
    private func blankedSigns(_ position: Int, data: Data, keeping keep: (Int) -> Bool) -> DialectSigns {
        let before = manifest.files[position].signs
        var found = DialectSigns()
        guard before.draftStrings || before.figma else { return found }
        let entries = scans[position].scan.entries
        for index in entries.indices where !keep(index) {
            let span = entries[index].span
            let start = data.startIndex
            let member = Data("{".utf8) + data[(start + span.lowerBound)..<(start + span.upperBound)] + Data("}".utf8)
            guard let token = (try? JSONParser.parse(member, file: ""))?.object?.first?.value else { continue }
            if before.draftStrings, !found.draftStrings { found.draftStrings = DTCGFormat.usesDraftStrings(token) }
            if before.figma, !found.figma { found.figma = token["$extensions"]?["com.figma"] != nil }
            if found.draftStrings == before.draftStrings, found.figma == before.figma { break }
        }
        return found
    }

    /// The manifest of the new sources: the references of the tokens read again from
    /// `theme` (the reduced read), the others' from the previous manifest.
    public func manifest(readAgain theme: Theme) -> SourceManifest {
        var read: [UInt64: [UInt64]] = [:]
        for token in theme.tokens {
            read[TokenSourceScan.pathHash(token.path), default: []] += TokenResolver.references(of: token).sorted().map(
                TokenSourceScan.pathHash)
        }
        var result = SourceManifest(scans: scans)
        for (position, item) in scans.enumerated() {
            let old = manifest.files[position]
            // Each old token's place among the referrers, to carry an unchanged token's references.
            var slots = [Int32](repeating: -1, count: old.count)
            for (k, index) in old.referrers.enumerated() { slots[Int(index)] = Int32(k) }
            for (index, entry) in item.scan.entries.enumerated() {
                if kept.contains(entry.pathHash) {
                    result.files[position].addReferences(of: index, read[entry.pathHash] ?? [])
                    continue
                }
                let from = Int(unchangedFrom[position][index])
                guard from >= 0, case let slot = slots[from], slot >= 0 else { continue }
                result.files[position].addReferences(of: index, old.targets(ofReferrer: Int(slot)))
            }
        }
        return result
    }
}

/// A set of path hashes that answers most questions from a bitmap of their low bits: the
/// paths a republication reads again are few, and every token of the files is asked
/// about, twice (a million set lookups took 40 ms).
public struct PathHashes: Sendable {
    private var bits = [UInt64](repeating: 0, count: 1 << 10)
    private var hashes: Set<UInt64> = []

    /// Adds `hash`; returns whether it was new.
    @discardableResult
    mutating func insert(_ hash: UInt64) -> Bool {
        let bit = Int(hash & 0xFFFF)
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
        return hashes.insert(hash).inserted
    }

    /// Whether `hash` is in the set.
    public func contains(_ hash: UInt64) -> Bool {
        let bit = Int(hash & 0xFFFF)
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0 && hashes.contains(hash)
    }

    var elements: [UInt64] { Array(hashes) }
}

/// Edges between path hashes, kept without an array per path: each path's first edge,
/// and each edge's next (a hundred thousand small arrays took a tenth of a republication).
struct PathGraph {
    private var first: [UInt64: Int32] = [:]
    private var next: [Int32] = []
    private var targets: [UInt64] = []

    init(capacity: Int) {
        first.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        targets.reserveCapacity(capacity)
    }

    mutating func add(from source: UInt64, to target: UInt64) {
        let edge = Int32(targets.count)
        targets.append(target)
        next.append(first.updateValue(edge, forKey: source) ?? -1)
    }

    /// Calls `body` with each path `source` has an edge to.
    func forEach(from source: UInt64, _ body: (UInt64) -> Void) {
        var edge = first[source] ?? -1
        while edge >= 0 {
            body(targets[Int(edge)])
            edge = next[Int(edge)]
        }
    }
}

extension SourceManifest {
    /// The manifest of `scans` read whole as `theme`.
    public init(scans: [(key: String, scan: TokenSourceScan)], theme: Theme) {
        self.init(scans: scans)
        addReferences(of: theme)
    }

    /// Records what each token refers to, as `theme` (read whole from the manifest's files) says.
    public mutating func addReferences(of theme: Theme) {
        var references: [UInt64: [UInt64]] = [:]
        for token in theme.tokens {
            let targets = TokenResolver.references(of: token)
            guard !targets.isEmpty else { continue }
            references[TokenSourceScan.pathHash(token.path), default: []] += targets.sorted().map(
                TokenSourceScan.pathHash)
        }
        guard !references.isEmpty else { return }
        for position in files.indices {
            for index in 0..<files[position].count {
                files[position].addReferences(of: index, references[files[position].pathHash(index)] ?? [])
            }
        }
    }
}

extension SourceManifest {
    /// Records what each file's tokens said of its dialect (``ThemeImport/signs``), the
    /// files named in manifest order.
    public mutating func setSigns(_ signs: [String: DialectSigns], files names: [String]) {
        for (position, name) in zip(files.indices, names) { files[position].signs = signs[name] ?? DialectSigns() }
    }
}
