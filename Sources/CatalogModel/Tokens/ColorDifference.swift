import Foundation

extension Color {
    /// The color of a stored color value (``dtcg``'s JSON text, which ends with its
    /// `"alpha":a,"hex":"#rrggbb"` members), read without parsing the JSON: the sRGB color
    /// to within 8-bit rounding and its alpha, for scanning a million stored colors. `nil`
    /// for any other text.
    public init?(storedHexIn text: String) {
        // `"hex":"#` + 6 digits + `"}`: the last 16 bytes.
        let bytes = text.utf8
        let tail = Array(bytes.suffix(16))
        guard tail.count == 16, tail[0...7].elementsEqual(Self.hexMarker), tail[14] == 0x22, tail[15] == 0x7D,
            let value = UInt32(String(decoding: tail[8...13], as: UTF8.self), radix: 16)
        else { return nil }
        // Before it, `"alpha":` + a number + `,` (at most 32 bytes back).
        let before = Array(bytes.dropLast(16).suffix(32))
        guard before.last == 0x2C, let colon = before.lastIndex(of: 0x3A),
            before[..<colon].suffix(Self.alphaMarker.count).elementsEqual(Self.alphaMarker),
            let alpha = Double(String(decoding: before[(colon + 1)..<(before.count - 1)], as: UTF8.self))
        else { return nil }
        self.init(
            red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255, alpha: alpha)
    }

    /// The color of a stored sRGB color value (``dtcg``'s JSON text, which starts
    /// `{"colorSpace":"srgb","components":[r,g,b],"alpha":a`), read without parsing the
    /// JSON: exactly ``init(dtcg:)``'s color, for indexing a million stored colors. `nil`
    /// for any other text (another color space goes through ``init(dtcg:)``).
    public init?(storedSRGBIn text: String) {
        var bytes = Substring(text).utf8[...]
        guard bytes.starts(with: Self.srgbMarker) else { return nil }
        bytes = bytes.dropFirst(Self.srgbMarker.count)
        /// The number before `terminator`, and the bytes after it.
        func number(until terminator: UInt8) -> Double? {
            guard let end = bytes.firstIndex(of: terminator),
                let value = Double(String(decoding: bytes[..<end], as: UTF8.self))
            else { return nil }
            bytes = bytes[bytes.index(after: end)...]
            return value
        }
        guard let red = number(until: 0x2C), let green = number(until: 0x2C), let blue = number(until: 0x5D),
            bytes.starts(with: Self.alphaMember), [red, green, blue].allSatisfy({ (0...1).contains($0) })
        else { return nil }
        bytes = bytes.dropFirst(Self.alphaMember.count)
        guard let alpha = number(until: 0x2C), (0...1).contains(alpha) else { return nil }
        self.init(
            red: Self.rounded(red), green: Self.rounded(green), blue: Self.rounded(blue), alpha: Self.rounded(alpha))
    }

    private static let srgbMarker = Array(#"{"colorSpace":"srgb","components":["#.utf8)
    private static let alphaMember = Array(#","alpha":"#.utf8)
    private static let hexMarker = Array(##""hex":"#"##.utf8)
    private static let alphaMarker = Array(##""alpha""##.utf8)

    /// The color in OKLab (Björn Ottosson's perceptual space, which CSS Color 4 defines):
    /// lightness 0–1 and the two opponent axes, from its sRGB channels.
    public var oklab: (l: Double, a: Double, b: Double) {
        let linear = (ColorSpace.srgbDecode(red), ColorSpace.srgbDecode(green), ColorSpace.srgbDecode(blue))
        let l = cbrt(0.4122214708 * linear.0 + 0.5363325363 * linear.1 + 0.0514459929 * linear.2)
        let m = cbrt(0.2119034982 * linear.0 + 0.6806995451 * linear.1 + 0.1073969566 * linear.2)
        let s = cbrt(0.0883024619 * linear.0 + 0.2817188376 * linear.1 + 0.6299787005 * linear.2)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// The point a color search measures in: OKLab's three coordinates and alpha, each
    /// scaled by 100 (so a unit is about half of the smallest difference an eye sees).
    public var searchPoint: [Double] {
        let (l, a, b) = oklab
        return [l * 100, a * 100, b * 100, alpha * 100]
    }

    /// The WCAG 2 contrast ratio with `other`, both taken as opaque (1 to 21).
    public func contrastRatio(with other: Color) -> Double {
        let (x, y) = (relativeLuminance, other.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The color difference to `other`: ΔEOK, the Euclidean distance in OKLab that CSS
    /// Color 4 uses for gamut mapping, times 100, with alpha as a fourth axis (a search by
    /// value ignores no channel: an opaque and a clear black are as far apart as black and
    /// white). About 2 is the smallest difference an eye sees side by side, 0 the same
    /// color. A metric, unlike CIEDE2000: a spatial index finds the nearest colors exactly.
    public func difference(to other: Color) -> Double {
        zip(searchPoint, other.searchPoint).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
