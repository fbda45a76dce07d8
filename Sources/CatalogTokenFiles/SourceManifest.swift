import CatalogModel
import Foundation

/// What a theme version was read from, token by token: per source file (by its place in
/// the input), the digest of everything but the tokens, and each token's path, digest
/// (``TokenSourceScan``) and what its value refers to (``TokenResolver/references(of:)``
/// of the token as read, each path by ``TokenSourceScan/pathHash(_:)``: a hash that two
/// paths share only makes a republication read one token more). Stored with the version's
/// publication, it lets the next one read only the tokens whose bytes changed and those
/// their change reaches.
public struct SourceManifest: Sendable {
    /// One file's part.
    public struct File: Sendable {
        /// Which source this is: its role in the input.
        public var key: String
        /// ``TokenSourceScan/structure``.
        public var structure: SourceDigest
        var digests: [SourceDigest] = []
        /// Where each token's path ends in ``paths`` (stored front-coded: the length each
        /// shares with the one before, then the rest).
        var pathEnds: [UInt32] = []
        var paths: [UInt8] = []
        /// The tokens that refer to others, by position, in order, and what each refers to
        /// (path hashes): those of `referrers[k]` are `targets[targetStarts[k]..<targetStarts[k + 1]]`.
        var referrers: [UInt32] = []
        var targetStarts: [UInt32] = [0]
        var targets: [UInt64] = []

        /// What the `k`th referrer refers to.
        func targets(ofReferrer k: Int) -> ArraySlice<UInt64> {
            targets[Int(targetStarts[k])..<Int(targetStarts[k + 1])]
        }

        mutating func addReferences(of index: Int, _ found: some Collection<UInt64>) {
            guard !found.isEmpty else { return }
            referrers.append(UInt32(index))
            targets += found
            targetStarts.append(UInt32(targets.count))
        }

        var count: Int { digests.count }

        func pathRange(_ index: Int) -> Range<Int> {
            (index == 0 ? 0 : Int(pathEnds[index - 1]))..<Int(pathEnds[index])
        }

        func path(_ index: Int) -> String { String(decoding: paths[pathRange(index)], as: UTF8.self) }

        /// ``TokenSourceScan/pathHash(_:)`` of the path at `index`.
        func pathHash(_ index: Int) -> UInt64 {
            paths.withUnsafeBytes { TokenSourceScan.pathHash(UnsafeRawBufferPointer(rebasing: $0[pathRange(index)])) }
        }
    }

    /// The files in input order.
    public var files: [File]

    private static let magic = Array("catalog source manifest 3\n".utf8)

    /// The manifest of `scans` (each with its key), what each token refers to given by
    /// `references` (file position, token position; path hashes).
    init(scans: [(key: String, scan: TokenSourceScan)], references: (Int, Int) -> [UInt64]) {
        files = scans.enumerated().map { position, item in
            var file = File(key: item.key, structure: item.scan.structure)
            file.digests = item.scan.entries.map(\.digest)
            file.pathEnds = item.scan.entries.map { UInt32($0.pathRange.upperBound) }
            file.paths = item.scan.paths
            for index in item.scan.entries.indices { file.addReferences(of: index, references(position, index)) }
            return file
        }
    }

    /// The manifest stored as `bytes`; `nil` when they are not one (a catalog's bookkeeping
    /// is checked like any input).
    public init?(bytes: Data) {
        let files: [File]? = bytes.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            guard reader.matches(Self.magic), let fileCount = reader.number() else { return nil }
            var files: [File] = []
            for _ in 0..<fileCount {
                guard let keyLength = reader.number(), let key = reader.take(keyLength), let low = reader.wide(),
                    let high = reader.wide(), let count = reader.number(), let pathBytes = reader.number(),
                    let referring = reader.number()
                else { return nil }
                var file = File(
                    key: String(decoding: key, as: UTF8.self), structure: SourceDigest(low: low, high: high))
                guard let digests = reader.take(count * MemoryLayout<UInt64>.size * 2), pathBytes <= raw.count
                else { return nil }
                file.digests = (0..<count).map { index in
                    SourceDigest(
                        low: UInt64(littleEndian: digests.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self)),
                        high: UInt64(
                            littleEndian: digests.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self)))
                }
                // Each path as the length it shares with the one before and the rest.
                var valid = true
                file.pathEnds.reserveCapacity(count)
                file.paths = [UInt8](unsafeUninitializedCapacity: pathBytes) { buffer, written in
                    var previous = 0..<0
                    for _ in 0..<count {
                        guard let shared = reader.varint(), shared <= previous.count, let length = reader.varint(),
                            let rest = reader.take(length), written + shared + length <= pathBytes
                        else {
                            valid = false
                            return
                        }
                        let start = written
                        if shared > 0 {
                            memmove(buffer.baseAddress! + written, buffer.baseAddress! + previous.lowerBound, shared)
                        }
                        if length > 0 { memcpy(buffer.baseAddress! + written + shared, rest.baseAddress!, length) }
                        written += shared + length
                        previous = start..<written
                        file.pathEnds.append(UInt32(written))
                    }
                }
                guard valid else { return nil }
                var last = -1
                for _ in 0..<referring {
                    guard let index = reader.number(), index < count, index > last, let targetCount = reader.number(),
                        let targets = reader.take(targetCount * 8)
                    else { return nil }
                    last = index
                    file.addReferences(
                        of: index,
                        (0..<targetCount).map {
                            UInt64(littleEndian: targets.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
                        })
                }
                files.append(file)
            }
            return reader.offset == raw.count ? files : nil
        }
        guard let files else { return nil }
        self.files = files
    }

    /// The manifest as stored.
    public var bytes: Data {
        var out = Self.magic
        func number(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out += $0 } }
        func wide(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        func varint(_ value: Int) {
            var rest = UInt(value)
            while rest >= 0x80 {
                out.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            out.append(UInt8(rest))
        }
        number(files.count)
        for file in files {
            number(file.key.utf8.count)
            out += file.key.utf8
            wide(file.structure.low)
            wide(file.structure.high)
            number(file.count)
            number(file.paths.count)
            number(file.referrers.count)
            out.reserveCapacity(out.count + file.count * 20 + file.paths.count)
            for digest in file.digests {
                wide(digest.low)
                wide(digest.high)
            }
            var previous = 0..<0
            for index in 0..<file.count {
                let range = file.pathRange(index)
                var shared = 0
                while shared < min(range.count, previous.count),
                    file.paths[range.lowerBound + shared] == file.paths[previous.lowerBound + shared]
                {
                    shared += 1
                }
                varint(shared)
                varint(range.count - shared)
                out += file.paths[(range.lowerBound + shared)..<range.upperBound]
                previous = range
            }
            for (k, index) in file.referrers.enumerated() {
                let targets = file.targets(ofReferrer: k)
                number(Int(index))
                number(targets.count)
                for target in targets { wide(target) }
            }
        }
        return Data(out)
    }

    /// A cursor over stored bytes that never reads past them.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        mutating func matches(_ expected: [UInt8]) -> Bool {
            guard let slice = take(expected.count) else { return false }
            return slice.elementsEqual(expected)
        }

        mutating func number() -> Int? {
            take(4).map { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
        }

        /// An unsigned LEB128 number of at most four bytes.
        mutating func varint() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 28, by: 7) {
                guard offset < bytes.count else { return nil }
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
            }
            return nil
        }

        mutating func wide() -> UInt64? {
            take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        }
    }
}
