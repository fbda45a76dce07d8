import CatalogModel
import Foundation

/// What a theme version was read from, token by token: per source file (by its place in
/// the input), the digest of everything but the tokens, and each token's path, digest
/// (``TokenSourceScan``) and the paths its value refers to (``TokenResolver/references(of:)``
/// of the token as read). Stored with the version's publication, it lets the next one
/// read only the tokens whose bytes changed and those their change reaches.
public struct SourceManifest: Sendable {
    /// One file's part.
    public struct File: Sendable {
        /// Which source this is: its role and name in the input.
        public var key: String
        /// ``TokenSourceScan/structure``.
        public var structure: SourceDigest
        var digests: [SourceDigest] = []
        var paths: [UInt8] = []
        var pathRanges: [Range<Int>] = []
        /// The references of each token, where it has any.
        var references: [Int: [String]] = [:]

        var count: Int { digests.count }

        func path(_ index: Int) -> String { String(decoding: paths[pathRanges[index]], as: UTF8.self) }
    }

    /// The files in input order.
    public var files: [File]

    private static let magic = Array("catalog source manifest 1\n".utf8)

    /// The manifest of `scans` (each with its key), the references of each token given by
    /// `references` (file position, token position).
    public init(scans: [(key: String, scan: TokenSourceScan)], references: (Int, Int) -> [String]) {
        files = scans.enumerated().map { position, item in
            var file = File(key: item.key, structure: item.scan.structure)
            file.digests.reserveCapacity(item.scan.entries.count)
            file.pathRanges.reserveCapacity(item.scan.entries.count)
            file.paths.reserveCapacity(item.scan.paths.count)
            for (index, entry) in item.scan.entries.enumerated() {
                file.digests.append(entry.digest)
                let start = file.paths.count
                file.paths += item.scan.paths[entry.pathRange]
                file.pathRanges.append(start..<file.paths.count)
                let found = references(position, index)
                if !found.isEmpty { file.references[index] = found }
            }
            return file
        }
    }

    /// The manifest stored as `bytes`; `nil` when they are not one (a catalog's bookkeeping
    /// is checked like any input).
    public init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard reader.take(Self.magic.count) == Self.magic[...], let fileCount = reader.number() else { return nil }
        var files: [File] = []
        for _ in 0..<fileCount {
            guard let keyLength = reader.number(), let key = reader.take(keyLength), let low = reader.wide(),
                let high = reader.wide(), let count = reader.number()
            else { return nil }
            var file = File(key: String(decoding: key, as: UTF8.self), structure: SourceDigest(low: low, high: high))
            file.digests.reserveCapacity(count)
            file.pathRanges.reserveCapacity(count)
            for index in 0..<count {
                guard let low = reader.wide(), let high = reader.wide(), let length = reader.number(),
                    let path = reader.take(length), let referenceCount = reader.number()
                else { return nil }
                file.digests.append(SourceDigest(low: low, high: high))
                let start = file.paths.count
                file.paths += path
                file.pathRanges.append(start..<file.paths.count)
                guard referenceCount > 0 else { continue }
                var references: [String] = []
                for _ in 0..<referenceCount {
                    guard let length = reader.number(), let target = reader.take(length) else { return nil }
                    references.append(String(decoding: target, as: UTF8.self))
                }
                file.references[index] = references
            }
            files.append(file)
        }
        guard reader.offset == bytes.count else { return nil }
        self.files = files
    }

    /// The manifest as stored.
    public var bytes: [UInt8] {
        var out = Self.magic
        func number(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out += $0 } }
        func wide(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        number(files.count)
        for file in files {
            number(file.key.utf8.count)
            out += file.key.utf8
            wide(file.structure.low)
            wide(file.structure.high)
            number(file.count)
            for index in 0..<file.count {
                wide(file.digests[index].low)
                wide(file.digests[index].high)
                number(file.pathRanges[index].count)
                out += file.paths[file.pathRanges[index]]
                let references = file.references[index] ?? []
                number(references.count)
                for target in references {
                    number(target.utf8.count)
                    out += target.utf8
                }
            }
        }
        return out
    }

    /// A cursor over stored bytes that never reads past them.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        mutating func number() -> Int? {
            guard let slice = take(4) else { return nil }
            return Int(slice.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }

        mutating func wide() -> UInt64? {
            guard let slice = take(8) else { return nil }
            return slice.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
    }
}
