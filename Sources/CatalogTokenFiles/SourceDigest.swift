import CatalogModel

/// A 128-bit digest of bytes: the first half of their SHA-256. What a republication by
/// difference compares to tell a token (or a file's structure) whose source bytes are
/// unchanged from one that changed, so it must not be collided on purpose: a token file
/// is input from anyone, and a pair with one digest would publish a changed value as
/// unchanged. (MurmurHash3 with a fixed seed, in manifests of format 3, was collided in
/// milliseconds.) About 90 ns per token on CPUs with SHA extensions.
public struct SourceDigest: Hashable, Sendable {
    /// The digest's two halves.
    public var low: UInt64
    public var high: UInt64

    /// A digest from its two halves.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The digest of `first` followed by `second`.
    public init(
        _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
    ) {
        let halves = SHA256.pair(first, second)
        low = halves.0
        high = halves.1
    }
}

/// A 64-bit hash of a token path (MurmurHash3, x64 128-bit variant, first half), for sets
/// and graphs of paths that need no strings. Not a content digest: two paths that share
/// one only make a republication read a token more than it needs, never one less.
enum PathHash {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        var h1: UInt64 = 1
        var h2: UInt64 = 1
        let count = bytes.count
        var offset = 0
        while offset + 16 <= count {
            var k1 = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            var k2 = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian
            k1 = (k1 &* c1).rotatedLeft(31) &* c2
            h1 ^= k1
            h1 = (h1.rotatedLeft(27) &+ h2) &* 5 &+ 0x52dc_e729
            k2 = (k2 &* c2).rotatedLeft(33) &* c1
            h2 ^= k2
            h2 = (h2.rotatedLeft(31) &+ h1) &* 5 &+ 0x3849_5ab5
            offset += 16
        }
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        let tail = count - offset
        for index in stride(from: tail - 1, through: 0, by: -1) {
            let byte = UInt64(bytes[offset + index])
            if index >= 8 { k2 |= byte << (8 * UInt64(index - 8)) } else { k1 |= byte << (8 * UInt64(index)) }
        }
        if tail > 8 { h2 ^= (k2 &* c2).rotatedLeft(33) &* c1 }
        if tail > 0 { h1 ^= (k1 &* c1).rotatedLeft(31) &* c2 }
        h1 ^= UInt64(count)
        h2 ^= UInt64(count)
        h1 &+= h2
        h2 &+= h1
        h1 = finalMix(h1)
        h2 = finalMix(h2)
        return h1 &+ h2
    }

    private static func finalMix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
