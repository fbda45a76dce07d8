import CatalogModel
import Foundation

/// One pass over the bytes of a strict DTCG token file, without building JSON: where each
/// token's member is, a digest of its path and bytes, and a digest of everything else the
/// file says (group paths and group properties, the root's properties but its
/// `catalog.theme` naming). A republication compares these with the previous version's
/// (``SourceManifest``) to find the tokens whose source changed, and reads only those and
/// what they reach, from a copy of the file with every other token blanked out
/// (``reduced(_:keeping:)``), so that line and column numbers stay those of the file.
///
/// A file the scan cannot vouch for is ``Unsupported`` and is read whole: a shape other
/// than DTCG groups and `$value` tokens (the older `value` shape, Tokens Studio's
/// `$themes`, Spectrum's `sets`), `$ref`, `$extends` or `$root` anywhere, a key with an
/// escape (the reader decodes `"$val\u0075e"` to `$value`), a name with `.`, `{` or `}`,
/// or nesting deeper than the JSON reader allows.
public struct TokenSourceScan: Sendable {
    /// Why a file is read whole rather than by difference.
    public struct Unsupported: Error, Sendable, CustomStringConvertible {
        /// What the scan met.
        public var reason: String
        public var description: String { reason }
    }

    /// A token, in document order.
    public struct Entry: Sendable {
        /// The digest of its path and its member's bytes.
        public var digest: SourceDigest
        /// The first half of its path's digest, for sets of paths that need no strings.
        public var pathHash: UInt64
        // Offsets as 32 bits (files are read whole, and a scan refuses one of 4 GB): a
        // million tokens' entries are memory a republication touches.
        private var pathStart, pathEnd, spanStart, spanEnd: UInt32

        init(pathRange: Range<Int>, span: Range<Int>, digest: SourceDigest, pathHash: UInt64) {
            self.digest = digest
            self.pathHash = pathHash
            pathStart = UInt32(pathRange.lowerBound)
            pathEnd = UInt32(pathRange.upperBound)
            spanStart = UInt32(span.lowerBound)
            spanEnd = UInt32(span.upperBound)
        }

        /// Its path's bytes in ``paths``.
        var pathRange: Range<Int> { Int(pathStart)..<Int(pathEnd) }
        /// Its member in the file, from the key's opening quote to the end of its object.
        var span: Range<Int> { Int(spanStart)..<Int(spanEnd) }
    }

    /// A member of a group (a token, a child group or a `$` property), for blanking.
    struct Member: Sendable {
        private var start, end: UInt32
        /// The comma after it, or -1 when it is the last.
        var comma: Int32
        /// Its position in ``entries`` when it is a token, else -1.
        var token: Int32

        init(span: Range<Int>, comma: Int, token: Int) {
            start = UInt32(span.lowerBound)
            end = UInt32(span.upperBound)
            self.comma = Int32(comma)
            self.token = Int32(token)
        }

        var span: Range<Int> { Int(start)..<Int(end) }
    }

    /// The tokens in document order.
    public private(set) var entries: [Entry] = []
    /// Every token path's bytes, one after the other.
    private(set) var paths: [UInt8] = []
    /// Every group's members; each group's are consecutive (``groups``).
    private var members: [Member] = []
    private var groups: [Range<Int>] = []
    /// The path hash of every group but the root: what tells a token that hides a group
    /// of another file.
    public private(set) var groupHashes: [UInt64] = []
    /// The digest of all but the tokens: group paths and properties in order, the root's
    /// properties without `catalog.theme`.
    public private(set) var structure = SourceDigest(low: 0, high: 0)
    /// The theme name the root's `catalog.theme` gives, if any.
    public private(set) var declaredName: String?
    /// Whether a string holds a byte outside ASCII (columns count characters there).
    private var hasNonASCII = false

    /// The path of the token at `index`.
    public func path(_ index: Int) -> String {
        String(decoding: paths[entries[index].pathRange], as: UTF8.self)
    }

    /// Whether the token at `index` has the path `bytes`.
    public func hasPath(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let range = entries[index].pathRange
        guard range.count == bytes.count else { return false }
        return paths.withUnsafeBytes { all in
            memcmp(all.baseAddress! + range.lowerBound, bytes.baseAddress!, range.count) == 0
        }
    }

    /// The first half of the digest of `path`, as ``Entry/pathHash`` holds it.
    public static func pathHash(_ path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { pathHash(UnsafeRawBufferPointer($0)) }
    }

    /// The first half of the digest of a path's bytes.
    static func pathHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { PathHash.of(bytes) }

    /// Scans `data`.
    public static func scan(_ data: Data) throws(Unsupported) -> TokenSourceScan {
        guard data.count < Int(Int32.max) else { throw Unsupported(reason: "a file of 2 GB or more") }
        var scan = TokenSourceScan()
        // Room for a token in every 32 bytes (a short token takes 40 or more): growing
        // these arrays copied them, a third of a scan. Pages untouched cost nothing.
        scan.entries.reserveCapacity(data.count / 32)
        scan.paths.reserveCapacity(data.count / 2)
        scan.members.reserveCapacity(data.count / 32)
        let result: Result<Void, Unsupported> = data.withUnsafeBytes { bytes in
            var scanner = Scanner(bytes: bytes)
            do throws(Unsupported) {
                try scanner.document(into: &scan)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        scan.digestEntries(data)
        return scan
    }

    /// Sets each token's digest (SHA-256 of its path and bytes), in as many slices as the
    /// machine has cores for a large file: a million tokens' digests took 95 ms on one.
    private mutating func digestEntries(_ data: Data) {
        let count = entries.count
        let slices = count < 20_000 ? 1 : max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        data.withUnsafeBytes { bytes in
            paths.withUnsafeBytes { paths in
                entries.withUnsafeMutableBufferPointer { entries in
                    nonisolated(unsafe) let (bytes, paths, entries) = (bytes, paths, entries)
                    DispatchQueue.concurrentPerform(iterations: slices) { slice in
                        for index in (slice * count / slices)..<((slice + 1) * count / slices) {
                            entries[index].digest = SourceDigest(
                                UnsafeRawBufferPointer(rebasing: paths[entries[index].pathRange]),
                                UnsafeRawBufferPointer(rebasing: bytes[entries[index].span]))
                        }
                    }
                }
            }
        }
    }

    /// `data` (the file scanned) with every token for which `keeping` is false blanked
    /// out, with the commas that separated it: the same bytes elsewhere, newlines where
    /// they were, so that every kept token is where it was. Unsupported when a blanked
    /// token held characters outside ASCII and something kept follows on its line (columns
    /// count characters, which spaces would shift).
    public func reduced(_ data: Data, keeping: (Int) -> Bool) throws(Unsupported) -> Data {
        var result = Data(data)
        var blankedNonASCII: [Int] = []
        result.withUnsafeMutableBytes { out in
            for group in groups {
                let kept = members[group].map { $0.token < 0 || keeping(Int($0.token)) }
                let lastKept = kept.lastIndex(of: true) ?? -1
                for (offset, member) in members[group].enumerated() {
                    if !kept[offset] {
                        let span = member.span
                        let start = out.baseAddress! + span.lowerBound
                        if !hasNonASCII, memchr(start, 0x0A, span.count) == nil, memchr(start, 0x0D, span.count) == nil
                        {
                            memset(start, 0x20, span.count)  // one line, all ASCII: the usual token
                        } else {
                            for position in span {
                                let byte = out[position]
                                guard byte != 0x0A, byte != 0x0D else { continue }
                                if byte >= 0x80 { blankedNonASCII.append(position) }
                                out[position] = 0x20
                            }
                        }
                    }
                    if member.comma >= 0, !(kept[offset] && offset < lastKept) { out[Int(member.comma)] = 0x20 }
                }
            }
        }
        if hasNonASCII, !blankedNonASCII.isEmpty {
            let out = [UInt8](result)
            for position in blankedNonASCII {
                var next = position + 1
                // Closing brackets and commas carry no place a message names.
                while next < out.count, out[next] != 0x0A {
                    if !Scanner.isSpace(out[next]), ![0x7D, 0x5D, 0x2C].contains(out[next]) {
                        throw Unsupported(
                            reason: "a token left out has characters outside ASCII before others on its line")
                    }
                    next += 1
                }
            }
        }
        return result
    }

    /// The scanner proper: a cursor over the bytes.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        var depth = 0
        /// The path of the group being scanned.
        var path = ReusedStack<UInt8>()
        /// What ``structure`` digests, gathered.
        var structure: [UInt8] = []
        /// The members and `$` properties of the objects being scanned, innermost last
        /// (one buffer for all, so that a token's object allocates nothing).
        var memberStack = ReusedStack<Member>()
        var ownStack = ReusedStack<Range<Int>>()

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        func unsupported(_ reason: String) -> Unsupported {
            Unsupported(reason: "\(reason) (byte \(offset))")
        }

        mutating func skipSpace() {
            while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Unsupported) {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == byte else {
                throw unsupported("expected \"\(Character(Unicode.Scalar(byte)))\"")
            }
            offset += 1
        }

        mutating func document(into scan: inout TokenSourceScan) throws(Unsupported) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            skipSpace()
            _ = try object(into: &scan, isRoot: true)
            skipSpace()
            guard offset == bytes.count else { throw unsupported("content after the document") }
            scan.structure = structure.withUnsafeBytes { SourceDigest($0) }
        }

        /// A string from its opening quote; returns the range of its content.
        mutating func string(into scan: inout TokenSourceScan) throws(Unsupported) -> Range<Int> {
            try expect(0x22)
            let start = offset
            let count = bytes.count
            var nonASCII = false
            defer { if nonASCII { scan.hasNonASCII = true } }
            while offset < count {
                // Eight bytes at a time up to the first quote, backslash or byte beyond ASCII.
                while offset + 8 <= count {
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    let special = Self.firstSpecial(word)
                    offset += special
                    if special < 8 { break }
                }
                guard offset < count else { break }
                let byte = bytes[offset]
                if byte == 0x22 {
                    offset += 1
                    return start..<(offset - 1)
                }
                if byte == 0x5C { offset += 1 } else if byte >= 0x80 { nonASCII = true }
                offset += 1
            }
            throw unsupported("unterminated string")
        }

        /// The position in `word` (little-endian bytes) of its first quote, backslash or
        /// byte beyond ASCII; 8 when there is none.
        @inline(__always)
        static func firstSpecial(_ word: UInt64) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A zero byte in `quote` or `backslash` sets its high bit here, and so may a
            // byte above it (a borrow), never one below: the lowest set bit is exact.
            let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | word) & high
            return found.trailingZeroBitCount >> 3
        }

        /// Any value, skipped; `$ref` and `$extends` keys inside it are unsupported.
        mutating func skipValue(into scan: inout TokenSourceScan) throws(Unsupported) {
            skipSpace()
            guard offset < bytes.count else { throw unsupported("expected a value") }
            switch bytes[offset] {
            case 0x22: _ = try string(into: &scan)
            case 0x7B, 0x5B:
                let isObject = bytes[offset] == 0x7B
                let close: UInt8 = isObject ? 0x7D : 0x5D
                depth += 1
                guard depth <= JSONParser.maximumDepth else { throw unsupported("nesting too deep") }
                offset += 1
                skipSpace()
                if offset < bytes.count, bytes[offset] == close {
                    offset += 1
                    depth -= 1
                    return
                }
                while true {
                    if isObject {
                        let key = try string(into: &scan)
                        if isPointerKey(key) { throw unsupported("$ref or $extends") }
                        if hasEscape(key) { throw unsupported("a key with an escape") }
                        try expect(0x3A)
                    }
                    try skipValue(into: &scan)
                    skipSpace()
                    guard offset < bytes.count else { throw unsupported("unterminated value") }
                    if bytes[offset] == 0x2C {
                        offset += 1
                        continue
                    }
                    guard bytes[offset] == close else { throw unsupported("expected \",\"") }
                    offset += 1
                    depth -= 1
                    return
                }
            default:
                let start = offset
                scalar: while offset < bytes.count {
                    switch bytes[offset] {
                    case 0x20, 0x0A, 0x0D, 0x09, 0x2C, 0x7D, 0x5D, 0x3A, 0x7B, 0x5B, 0x22: break scalar
                    default: offset += 1
                    }
                }
                guard offset > start else { throw unsupported("expected a value") }
            }
        }

        func isPointerKey(_ key: Range<Int>) -> Bool {
            equals(key, "$ref") || equals(key, "$extends")
        }

        /// Whether the key at `range` has a backslash: an escape the reader decodes.
        func hasEscape(_ range: Range<Int>) -> Bool {
            memchr(bytes.baseAddress! + range.lowerBound, 0x5C, range.count) != nil
        }

        func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            guard range.count == text.utf8CodeUnitCount else { return false }
            return memcmp(bytes.baseAddress! + range.lowerBound, text.utf8Start, range.count) == 0
        }

        /// A group or token object at the cursor; returns whether it is a token (it has
        /// `$value`). A group's members are recorded; a token is recorded by its parent.
        mutating func object(into scan: inout TokenSourceScan, isRoot: Bool) throws(Unsupported) -> Bool {
            try expect(0x7B)
            depth += 1
            guard depth <= JSONParser.maximumDepth else { throw unsupported("nesting too deep") }
            let memberBase = memberStack.count
            let ownBase = ownStack.count
            defer {
                memberStack.truncate(to: memberBase)
                ownStack.truncate(to: ownBase)
            }
            var isToken = false
            var hasChildren = false
            skipSpace()
            if offset < bytes.count, bytes[offset] == 0x7D {
                offset += 1
            } else {
                while true {
                    skipSpace()
                    let start = offset
                    let key = try string(into: &scan)
                    try expect(0x3A)
                    if key.first.map({ bytes[$0] == 0x24 }) == true {
                        // `"$val\u0075e"` is `$value` to the reader: only the bytes as written are compared here.
                        if hasEscape(key) { throw unsupported("a key with an escape") }
                        if equals(key, "$value") { isToken = true }
                        if isPointerKey(key) || equals(key, "$root") { throw unsupported("$ref, $extends or $root") }
                        if isRoot, equals(key, "$themes") || equals(key, "$metadata") {
                            throw unsupported("a Tokens Studio file")
                        }
                        try skipValue(into: &scan)
                        ownStack.push(start..<offset)
                        memberStack.push(Member(span: start..<offset, comma: -1, token: -1))
                    } else {
                        hasChildren = true
                        var nonASCII = false
                        for position in key {
                            switch bytes[position] {
                            case 0x2E, 0x7B, 0x7D, 0x5C:
                                throw unsupported("a name with an escape, \".\", \"{\" or \"}\"")
                            case 0x80...: nonASCII = true
                            default: continue
                            }
                        }
                        if nonASCII {
                            // The reader normalizes names (and says so): the scan's paths
                            // would not be the read theme's.
                            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[key]), as: UTF8.self)
                            guard NameForm.isNormalized(name) else {
                                throw unsupported("a name not in Unicode Normalization Form C")
                            }
                        }
                        let mark = path.count
                        if path.count > 0 { path.push(0x2E) }
                        path.push(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[key]))
                        skipSpace()
                        guard offset < bytes.count, bytes[offset] == 0x7B else {
                            throw unsupported("a group member that is not an object (the older value shape?)")
                        }
                        var token = -1
                        if try object(into: &scan, isRoot: false) {
                            token = scan.entries.count
                            let pathStart = scan.paths.count
                            let pathHash = path.withUnsafeBytes { bytes in
                                scan.paths.append(contentsOf: bytes)
                                return TokenSourceScan.pathHash(bytes)
                            }
                            // The digest is set once the whole file is scanned (``digestEntries``).
                            scan.entries.append(
                                Entry(
                                    pathRange: pathStart..<scan.paths.count, span: start..<offset,
                                    digest: SourceDigest(low: 0, high: 0), pathHash: pathHash))
                        }
                        path.truncate(to: mark)
                        memberStack.push(Member(span: start..<offset, comma: -1, token: token))
                    }
                    skipSpace()
                    guard offset < bytes.count else { throw unsupported("unterminated object") }
                    if bytes[offset] == 0x2C {
                        memberStack.top.comma = Int32(offset)
                        offset += 1
                        continue
                    }
                    guard bytes[offset] == 0x7D else { throw unsupported("expected \",\" or \"}\"") }
                    offset += 1
                    break
                }
            }
            depth -= 1
            if isToken {
                guard !hasChildren, !isRoot else { throw unsupported("a token with members that are not $ properties") }
                return true
            }
            scan.groups.append(scan.members.count..<(scan.members.count + memberStack.count - memberBase))
            if !isRoot { path.withUnsafeBytes { scan.groupHashes.append(TokenSourceScan.pathHash($0)) } }
            scan.members += memberStack.elements(from: memberBase)
            structure.append(contentsOf: "group \(path.count):".utf8)
            path.withUnsafeBytes { structure.append(contentsOf: $0) }
            for range in ownStack.elements(from: ownBase) { try ownMember(range, isRoot: isRoot, into: &scan) }
            return false
        }

        /// A group property into ``structure``: the bytes as written, but the root's
        /// `$extensions` without `catalog.theme` (the name and version, which every
        /// republication changes), written with sorted keys.
        mutating func ownMember(_ range: Range<Int>, isRoot: Bool, into scan: inout TokenSourceScan) throws(Unsupported)
        {
            let member = UnsafeRawBufferPointer(rebasing: bytes[range])
            guard isRoot, member.starts(with: "\"$extensions\"".utf8) else {
                structure.append(contentsOf: " \(range.count):".utf8)
                structure.append(contentsOf: member)
                return
            }
            guard let parsed = try? JSONParser.parse(Data("{".utf8) + Data(member) + Data("}".utf8), file: ""),
                case .object(var extensions) = parsed["$extensions"]?.kind
            else { throw unsupported("root $extensions that do not parse") }
            scan.declaredName = extensions.first { $0.key == "catalog.theme" }?.value["name"]?.string
            extensions.removeAll { $0.key == "catalog.theme" }
            // Counted without the naming: a version of another length is the same structure.
            let rest = JSON(.object(extensions)).serialized(sortedKeys: true)
            structure.append(contentsOf: " \(rest.utf8.count):\(rest)".utf8)
        }
    }
}

/// A stack that keeps its storage when popped, so that pushing again allocates and copies
/// nothing: a token's members and name are pushed and dropped once per token.
struct ReusedStack<Element> {
    private var storage: [Element] = []
    /// How many elements the stack holds (its storage may be longer).
    private(set) var count = 0

    mutating func push(_ element: Element) {
        if count < storage.count { storage[count] = element } else { storage.append(element) }
        count += 1
    }

    /// Drops the elements from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// The last element pushed.
    var top: Element {
        get { storage[count - 1] }
        set { storage[count - 1] = newValue }
    }

    /// The elements from `start` to the top.
    func elements(from start: Int) -> ArraySlice<Element> { storage[start..<count] }
}

extension ReusedStack<UInt8> {
    mutating func push(contentsOf bytes: UnsafeRawBufferPointer) {
        let overwritten = min(bytes.count, storage.count - count)
        if overwritten > 0 {
            storage.withUnsafeMutableBytes { _ = memcpy($0.baseAddress! + count, bytes.baseAddress!, overwritten) }
        }
        if overwritten < bytes.count { storage.append(contentsOf: bytes[overwritten...]) }
        count += bytes.count
    }

    /// Calls `body` with the stack's bytes.
    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
