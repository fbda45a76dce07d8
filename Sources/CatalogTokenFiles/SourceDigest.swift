/// A 128-bit digest of bytes (MurmurHash3, x64 128-bit variant): what a republication by
/// difference compares to tell a token whose source bytes are unchanged from one that
/// changed. Not a cryptographic hash: it names no content outside this catalog, and one
/// pass over a million tokens' bytes costs a small part of what SHA-256 per token would.
public struct SourceDigest: Hashable, Sendable {
    /// The digest's two halves.
    public var low: UInt64
    public var high: UInt64

    /// A digest from its two halves.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The digest of `bytes`, seeded with `seed` (distinct seeds make distinct digests of
    /// the same bytes, as for a path and a span).
    public init(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) {
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        var h1 = seed
        var h2 = seed
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
        h1 = Self.finalMix(h1)
        h2 = Self.finalMix(h2)
        h1 &+= h2
        h2 &+= h1
        low = h1
        high = h2
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

    /// This digest and `other` folded into one (order matters).
    public func combined(with other: SourceDigest) -> SourceDigest {
        withUnsafeBytes(of: (low, high, other.low, other.high)) { SourceDigest($0, seed: 0x5eed) }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
