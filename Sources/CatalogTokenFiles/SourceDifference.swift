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
    /// The paths read again (``TokenSourceScan/pathHash(_:)``).
    public private(set) var kept: Set<UInt64> = []
    /// Per file, for each token of the new scan, its position in the manifest's file
    /// when its bytes are unchanged, else -1.
    private var unchangedFrom: [[Int32]] = []
    private let scans: [(key: String, scan: TokenSourceScan)]
    private let manifest: SourceManifest

    /// The difference between `manifest` and `scans` (with `data`, the files scanned);
    /// `nil` when it cannot be told token by token: other files, or a file whose groups,
    /// group properties or root properties changed.
    public init?(from manifest: SourceManifest, to scans: [(key: String, scan: TokenSourceScan)], data: [Data]) {
        guard manifest.files.count == scans.count,
            zip(manifest.files, scans).allSatisfy({ $0.key == $1.key && $0.structure == $1.scan.structure })
        else { return nil }
        self.scans = scans
        self.manifest = manifest
        for (file, item) in zip(manifest.files, scans) { unchangedFrom.append(compare(file, item.scan)) }
        // Who refers to what, from the manifest (the unchanged tokens' references are as
        // they were) and from the changed tokens' new bytes.
        var referrers: [String: [String]] = [:]
        var references: [String: [String]] = [:]
        for file in manifest.files {
            for (index, targets) in file.references {
                let path = file.path(index)
                references[path, default: []] += targets
                for target in targets { referrers[target, default: []].append(path) }
            }
        }
        for (position, item) in scans.enumerated() {
            for (index, from) in unchangedFrom[position].enumerated() where from < 0 {
                let span = item.scan.entries[index].span
                let start = data[position].startIndex
                references[item.scan.path(index), default: []] += Self.mentions(
                    in: data[position].subdata(in: (start + span.lowerBound)..<(start + span.upperBound)))
            }
        }
        var reached = changed
        var queue = Array(changed)
        while let path = queue.popLast() {
            for referrer in referrers[path] ?? [] where reached.insert(referrer).inserted { queue.append(referrer) }
        }
        queue = Array(reached)
        while let path = queue.popLast() {
            for target in references[path] ?? [] where reached.insert(target).inserted { queue.append(target) }
        }
        kept = Set(reached.map(TokenSourceScan.pathHash))
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

    /// The paths `{…}` in the strings of a token's member, as written: what its new value
    /// may refer to, before it is read.
    static func mentions(in member: Data) -> [String] {
        guard let parsed = try? JSONParser.parse(Data("{".utf8) + member + Data("}".utf8), file: "") else { return [] }
        var found: [String] = []
        func walk(_ value: JSON) {
            switch value.kind {
            case .string(let text):
                var rest = Substring(text)
                while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    let inner = rest[rest.index(after: open)..<close]
                    if !inner.isEmpty, !inner.contains("{") { found.append(String(inner)) }
                    rest = rest[rest.index(after: open)...]
                }
            case .array(let items): for item in items { walk(item) }
            case .object(let members): for member in members { walk(member.value) }
            default: break
            }
        }
        walk(parsed)
        return found
    }

    /// The files with every token that is not read again blanked out.
    public func reducedSources(_ data: [Data]) throws(TokenSourceScan.Unsupported) -> [Data] {
        var reduced: [Data] = []
        for (position, item) in scans.enumerated() {
            reduced.append(try item.scan.reduced(data[position]) { kept.contains(item.scan.entries[$0].pathHash) })
        }
        return reduced
    }

    /// The manifest of the new sources: the references of the tokens read again from
    /// `theme` (the reduced read), the others' from the previous manifest.
    public func manifest(readAgain theme: Theme) -> SourceManifest {
        let read = Dictionary(
            theme.tokens.map { ($0.path, TokenResolver.references(of: $0).sorted()) }, uniquingKeysWith: { $1 })
        return SourceManifest(scans: scans) { file, index in
            let from = unchangedFrom[file][index]
            let scan = scans[file].scan
            if kept.contains(scan.entries[index].pathHash), let references = read[scan.path(index)] {
                return references
            }
            return from >= 0 ? manifest.files[file].references[Int(from)] ?? [] : []
        }
    }
}

extension SourceManifest {
    /// The manifest of `scans` read whole as `theme`.
    public init(scans: [(key: String, scan: TokenSourceScan)], theme: Theme) {
        var references: [UInt64: [(path: String, targets: [String])]] = [:]
        for token in theme.tokens {
            let targets = TokenResolver.references(of: token)
            guard !targets.isEmpty else { continue }
            references[TokenSourceScan.pathHash(token.path), default: []].append((token.path, targets.sorted()))
        }
        self.init(scans: scans) { file, index in
            let scan = scans[file].scan
            guard let candidates = references[scan.entries[index].pathHash] else { return [] }
            let path = scan.path(index)
            return candidates.first { $0.path == path }?.targets ?? []
        }
    }
}
