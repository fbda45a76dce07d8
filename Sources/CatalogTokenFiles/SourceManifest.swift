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
        /// What the file's tokens said of its dialect when read.
        public var signs = DialectSigns()
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

        /// How many tokens the file has.
        public var count: Int { digests.count }

        func pathRange(_ index: Int) -> Range<Int> {
            (index == 0 ? 0 : Int(pathEnds[index - 1]))..<Int(pathEnds[index])
        }

        /// The path of the token at `index`.
        public func path(_ index: Int) -> String { String(decoding: paths[pathRange(index)], as: UTF8.self) }

        /// ``TokenSourceScan/pathHash(_:)`` of the path at `index`.
        func pathHash(_ index: Int) -> UInt64 {
            paths.withUnsafeBytes { TokenSourceScan.pathHash(UnsafeRawBufferPointer(rebasing: $0[pathRange(index)])) }
        }
    }

    /// The files in input order.
    public var files: [File]

    /// What each token refers to, by path hash, over every file.
    public var references: [UInt64: Set<UInt64>] {
        var references: [UInt64: Set<UInt64>] = [:]
        for file in files {
            for (k, index) in file.referrers.enumerated() {
                references[file.pathHash(Int(index)), default: []].formUnion(file.targets(ofReferrer: k))
            }
        }
        return references
    }

    private static let magic = Array("catalog source manifest 4\n".utf8)

    /// The manifest of `scans` (each with its key) before what their tokens refer to is
    /// known (a read gives it: ``addReferences(of:)``, ``File/addReferences(of:_:)``): made
    /// before a whole read, so that the scans, several times the manifest's size (13 MB at
    /// 100k tokens), are not held through it.
    public init(scans: [(key: String, scan: TokenSourceScan)]) {
        files = scans.map { item in
            var file = File(key: item.key, structure: item.scan.structure)
            file.digests = item.scan.entries.map(\.digest)
            file.pathEnds = item.scan.entries.map { UInt32($0.pathRange.upperBound) }
            file.paths = item.scan.paths
            return file
        }
    }

    /// The manifest stored as `bytes`; `nil` when they are not one (a catalog's bookkeeping
    /// is checked like any input).
    public init?(bytes: Data) {
        guard let manifest = bytes.withUnsafeBytes({ Self(bytes: $0) }) else { return nil }
        self = manifest
    }

    /// The manifest stored as `raw`; `nil` when they are not one.
    public init?(bytes raw: UnsafeRawBufferPointer) {
        let files: [File]? = {
            var reader = Reader(bytes: raw)
            guard reader.matches(Self.magic), let fileCount = reader.number() else { return nil }
            var files: [File] = []
            for _ in 0..<fileCount {
                guard let keyLength = reader.number(), let key = reader.take(keyLength), let low = reader.wide(),
                    let high = reader.wide(), let signs = reader.take(1), signs[0] < 4, let count = reader.number(),
                    let pathBytes = reader.number(), let referring = reader.number()
                else { return nil }
                var file = File(
                    key: String(decoding: key, as: UTF8.self), structure: SourceDigest(low: low, high: high),
                    signs: DialectSigns(draftStrings: signs[0] & 1 != 0, figma: signs[0] & 2 != 0))
                // The paths are front-coded: their whole length may pass the manifest's (225
                // paths sharing long prefixes did), never by more than each token's 16-byte
                // digest in it allows a path to be long (4 KB), bounding the allocation.
                guard let digests = reader.take(count * MemoryLayout<UInt64>.size * 2),
                    pathBytes <= max(raw.count, 1) * 256
                else { return nil }
                file.digests = [SourceDigest](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for index in 0..<count {
                        buffer[index] = SourceDigest(
                            low: UInt64(
                                littleEndian: digests.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self)),
                            high: UInt64(
                                littleEndian: digests.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self)))
                    }
                    initialized = count
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
                        (0..<targetCount).lazy.map {
                            UInt64(littleEndian: targets.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
                        })
                }
                files.append(file)
            }
            return reader.offset == raw.count ? files : nil
        }()
        guard let files else { return nil }
        self.files = files
    }

    /// The manifest as stored, written in one buffer of its largest size (a million
    /// tokens' manifest is 20 MB; appended a value at a time it took 60 ms).
    public var bytes: Data {
        var capacity = Self.magic.count + 4
        for file in files {
            // Each path as two varints of at most five bytes and its bytes, at most.
            capacity += 4 + file.key.utf8.count + 16 + 1 + 12 + file.count * (16 + 10) + file.paths.count
            capacity += file.referrers.count * 8 + file.targets.count * 8
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        var out = Writer(buffer: buffer)
        out.append(Self.magic)
        out.number(files.count)
        for file in files {
            out.number(file.key.utf8.count)
            out.append(Array(file.key.utf8))
            out.wide(file.structure.low)
            out.wide(file.structure.high)
            out.byte((file.signs.draftStrings ? 1 : 0) | (file.signs.figma ? 2 : 0))
            out.number(file.count)
            out.number(file.paths.count)
            out.number(file.referrers.count)
            for digest in file.digests {
                out.wide(digest.low)
                out.wide(digest.high)
            }
            file.paths.withUnsafeBytes { paths in
                var previous = 0..<0
                for index in 0..<file.count {
                    let range = file.pathRange(index)
                    let limit = min(range.count, previous.count)
                    var shared = 0
                    while shared < limit, paths[range.lowerBound + shared] == paths[previous.lowerBound + shared] {
                        shared += 1
                    }
                    out.varint(shared)
                    out.varint(range.count - shared)
                    out.append(UnsafeRawBufferPointer(rebasing: paths[(range.lowerBound + shared)..<range.upperBound]))
                    previous = range
                }
            }
            for (k, index) in file.referrers.enumerated() {
                let targets = file.targets(ofReferrer: k)
                out.number(Int(index))
                out.number(targets.count)
                for target in targets { out.wide(target) }
            }
        }
        return Data(
            bytesNoCopy: buffer.baseAddress!, count: out.offset,
            deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// A cursor writing into a buffer sized beforehand.
    private struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func append(_ bytes: UnsafeRawBufferPointer) {
            precondition(bytes.count <= buffer.count - offset)
            if let base = bytes.baseAddress {
                (buffer.baseAddress! + offset).copyMemory(from: base, byteCount: bytes.count)
            }
            offset += bytes.count
        }

        mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }

        mutating func number(_ value: Int) { wide32(UInt32(value)) }

        private mutating func wide32(_ value: UInt32) {
            precondition(offset + 4 <= buffer.count)
            buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
            offset += 4
        }

        mutating func wide(_ value: UInt64) {
            precondition(offset + 8 <= buffer.count)
            buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }

        /// An unsigned LEB128 number.
        mutating func varint(_ value: Int) {
            var rest = UInt(value)
            while rest >= 0x80 {
                byte(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            byte(UInt8(rest))
        }

        mutating func byte(_ value: UInt8) {
            precondition(offset < buffer.count)
            buffer[offset] = value
            offset += 1
        }
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
