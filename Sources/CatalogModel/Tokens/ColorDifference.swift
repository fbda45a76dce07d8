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

    private static let hexMarker = Array(##""hex":"#"##.utf8)
    private static let alphaMarker = Array(##""alpha""##.utf8)

    /// The color in CIE L*a*b* (D65), from its sRGB channels.
    public var lab: (l: Double, a: Double, b: Double) {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        // sRGB to XYZ (D65), relative to the white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The WCAG 2 contrast ratio with `other`, both taken as opaque (1 to 21).
    public func contrastRatio(with other: Color) -> Double {
        let (x, y) = (relativeLuminance, other.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The CIEDE2000 color difference to `other`, plus 100 per unit of alpha between them
    /// (a search by value ignores no channel: an opaque and a clear black are as far apart
    /// as black and white): about 1 is the smallest difference an eye sees side by side, 0
    /// the same color. Sharma, Wu and Dalal's formulation ("The CIEDE2000 Color-Difference
    /// Formula", 2005), whose test data the tests check.
    public func difference(to other: Color) -> Double {
        Self.ciede2000(lab, other.lab) + abs(alpha - other.alpha) * 100
    }

    /// CIEDE2000 between two L*a*b* colors.
    public static func ciede2000(
        _ first: (l: Double, a: Double, b: Double), _ second: (l: Double, a: Double, b: Double)
    ) -> Double {
        let radians = Double.pi / 180
        let c1 = (first.a * first.a + first.b * first.b).squareRoot()
        let c2 = (second.a * second.a + second.b * second.b).squareRoot()
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - (pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * first.a
        let a2 = (1 + g) * second.a
        let c1p = (a1 * a1 + first.b * first.b).squareRoot()
        let c2p = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let degrees = atan2(b, a) / radians
            return degrees < 0 ? degrees + 360 : degrees
        }
        let h1 = hue(first.b, a1)
        let h2 = hue(second.b, a2)
        let deltaL = second.l - first.l
        let deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2 - h1
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH / 2 * radians)
        let meanL = (first.l + second.l) / 2
        let meanCp = (c1p + c2p) / 2
        var meanH = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 {
                meanH = (h1 + h2) / 2
            } else {
                meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((meanH - 30) * radians) + 0.24 * cos(2 * meanH * radians)
            + 0.32 * cos((3 * meanH + 6) * radians) - 0.20 * cos((4 * meanH - 63) * radians)
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * (pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / (20 + pow(meanL - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(2 * deltaTheta * radians) * rc
        let lTerm = deltaL / sl
        let cTerm = deltaC / sc
        let hTerm = deltaBigH / sh
        return (lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rt * cTerm * hTerm).squareRoot()
    }
}
