import Foundation

/// The 14 color spaces of the DTCG Color module (2025.10), their component ranges, and
/// the conversion of a color in any of them to sRGB (CSS Color 4's formulas and
/// matrices). Colors are stored as declared; conversion happens only where a value is
/// shown or compared (previews, contrast, hex output), and says when the color lies
/// outside the sRGB gamut.
public enum ColorSpace: String, Sendable, CaseIterable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl
    case hwb
    case lab
    case lch
    case oklab
    case oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// The allowed range of each component (`nil`: unbounded); hues are `0..<360`.
    public var ranges: [(ClosedRange<Double>?, halfOpen: Bool)] {
        let unit: (ClosedRange<Double>?, halfOpen: Bool) = (0...1, false)
        let hue: (ClosedRange<Double>?, halfOpen: Bool) = (0...360, true)
        let percent: (ClosedRange<Double>?, halfOpen: Bool) = (0...100, false)
        let free: (ClosedRange<Double>?, halfOpen: Bool) = (nil, false)
        let chroma: (ClosedRange<Double>?, halfOpen: Bool) = (0...Double.greatestFiniteMagnitude, false)
        switch self {
        case .hsl, .hwb: return [hue, percent, percent]
        case .lab: return [percent, free, free]
        case .lch: return [percent, chroma, hue]
        case .oklab: return [unit, free, free]
        case .oklch: return [unit, chroma, hue]
        default: return [unit, unit, unit]
        }
    }

    /// Why `components` (numbers, `nil` for `"none"`) do not fit this space, if they do not.
    public func problem(with components: [Double?]) -> String? {
        for (index, (component, range)) in zip(components, ranges).enumerated() {
            let (bounds, halfOpen) = range
            guard let component, let bounds else { continue }
            let fits =
                halfOpen ? bounds.lowerBound <= component && component < bounds.upperBound : bounds.contains(component)
            if !fits, bounds.upperBound == .greatestFiniteMagnitude {
                return
                    "component \(index) of a \(rawValue) color (its chroma) must not be negative, got \(Self.text(component))"
            }
            if !fits {
                let upper = halfOpen ? ")" : "]"
                return
                    "component \(index) of a \(rawValue) color must be in [\(Self.text(bounds.lowerBound)), \(Self.text(bounds.upperBound))\(upper), got \(Self.text(component))"
            }
        }
        return nil
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The color in sRGB (components possibly outside 0…1 when out of gamut); `none` counts as 0.
    public func toSRGB(_ components: [Double?]) -> (red: Double, green: Double, blue: Double) {
        let c = components.map { $0 ?? 0 } + [0, 0, 0]
        let (a, b, d) = (c[0], c[1], c[2])
        switch self {
        case .srgb: return (a, b, d)
        case .srgbLinear: return Self.encodeSRGB((a, b, d))
        case .hsl: return Self.hsl(a, b / 100, d / 100)
        case .hwb: return Self.hwb(a, b / 100, d / 100)
        case .lab: return Self.fromXYZD50(Self.labToXYZD50(a, b, d))
        case .lch: return Self.fromXYZD50(Self.labToXYZD50(a, b * cos(d * .pi / 180), b * sin(d * .pi / 180)))
        case .oklab: return Self.encodeSRGB(Self.oklabToLinearSRGB(a, b, d))
        case .oklch: return Self.encodeSRGB(Self.oklabToLinearSRGB(a, b * cos(d * .pi / 180), b * sin(d * .pi / 180)))
        case .displayP3:
            let linear = (Self.srgbDecode(a), Self.srgbDecode(b), Self.srgbDecode(d))
            return Self.fromXYZD65(Self.multiply(Self.p3ToXYZ, linear))
        case .a98RGB:
            func decode(_ v: Double) -> Double { (v < 0 ? -1 : 1) * pow(abs(v), 563.0 / 256.0) }
            return Self.fromXYZD65(Self.multiply(Self.a98ToXYZ, (decode(a), decode(b), decode(d))))
        case .prophotoRGB:
            func decode(_ v: Double) -> Double {
                let magnitude = abs(v)
                return (v < 0 ? -1 : 1) * (magnitude <= 16.0 / 512.0 ? magnitude / 16 : pow(magnitude, 1.8))
            }
            return Self.fromXYZD50(Self.multiply(Self.prophotoToXYZD50, (decode(a), decode(b), decode(d))))
        case .rec2020:
            let alpha = 1.09929682680944
            let beta = 0.018053968510807
            func decode(_ v: Double) -> Double {
                let magnitude = abs(v)
                let linear = magnitude < beta * 4.5 ? magnitude / 4.5 : pow((magnitude + alpha - 1) / alpha, 1 / 0.45)
                return (v < 0 ? -1 : 1) * linear
            }
            return Self.fromXYZD65(Self.multiply(Self.rec2020ToXYZ, (decode(a), decode(b), decode(d))))
        case .xyzD65: return Self.fromXYZD65((a, b, d))
        case .xyzD50: return Self.fromXYZD50((a, b, d))
        }
    }

    // MARK: Formulas (CSS Color 4, §10 and sample code)

    typealias Triple = (Double, Double, Double)

    static func srgbDecode(_ v: Double) -> Double {
        let magnitude = abs(v)
        return (v < 0 ? -1 : 1) * (magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4))
    }

    static func srgbEncode(_ v: Double) -> Double {
        let magnitude = abs(v)
        return (v < 0 ? -1 : 1) * (magnitude > 0.0031308 ? 1.055 * pow(magnitude, 1 / 2.4) - 0.055 : 12.92 * magnitude)
    }

    static func encodeSRGB(_ linear: Triple) -> (red: Double, green: Double, blue: Double) {
        (srgbEncode(linear.0), srgbEncode(linear.1), srgbEncode(linear.2))
    }

    static func multiply(_ m: [[Double]], _ v: Triple) -> Triple {
        (
            m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
            m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
            m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2
        )
    }

    static func fromXYZD65(_ xyz: Triple) -> (red: Double, green: Double, blue: Double) {
        encodeSRGB(multiply(xyzToLinearSRGB, xyz))
    }

    static func fromXYZD50(_ xyz: Triple) -> (red: Double, green: Double, blue: Double) {
        fromXYZD65(multiply(d50ToD65, xyz))
    }

    static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (
        red: Double, green: Double, blue: Double
    ) {
        let h = hue.truncatingRemainder(dividingBy: 360)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    static func hwb(_ hue: Double, _ white: Double, _ black: Double) -> (red: Double, green: Double, blue: Double) {
        if white + black >= 1 {
            let gray = white / (white + black)
            return (gray, gray, gray)
        }
        let pure = hsl(hue, 1, 0.5)
        let scale = 1 - white - black
        return (pure.red * scale + white, pure.green * scale + white, pure.blue * scale + white)
    }

    static func labToXYZD50(_ l: Double, _ a: Double, _ b: Double) -> Triple {
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        let f1 = (l + 16) / 116
        let f0 = a / 500 + f1
        let f2 = f1 - b / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? pow((l + 16) / 116, 3) : l / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return (x * 0.3457 / 0.3585, y, z * (1 - 0.3457 - 0.3585) / 0.3585)
    }

    static func oklabToLinearSRGB(_ l: Double, _ a: Double, _ b: Double) -> Triple {
        let l1 = pow(l + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m1 = pow(l - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s1 = pow(l - 0.0894841775 * a - 1.2914855480 * b, 3)
        return (
            4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
            -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
            -0.0041960863 * l1 - 0.7034186147 * m1 + 1.7076147010 * s1
        )
    }

    /// An extended sRGB color (components past 0…1, as asset catalogs and UIKit keep
    /// them) in Display P3, whose gamut holds most colors past sRGB's: `linear` when the
    /// components are linear light already (`extended-linear-srgb`).
    public static func extendedSRGBToDisplayP3(_ components: [Double], linear: Bool = false) -> [Double] {
        let light = components.map { linear ? $0 : srgbDecode($0) }
        let xyz = multiply(linearSRGBToXYZ, (light[0], light[1], light[2]))
        let p3 = multiply(xyzToP3, xyz)
        return [srgbEncode(p3.0), srgbEncode(p3.1), srgbEncode(p3.2)]
    }

    /// XYZ (D65) to linear Display P3, CSS Color 4's matrix.
    static let xyzToP3: [[Double]] = [
        [446_124 / 178_915, -333_277 / 357_830, -72_051 / 178_915],
        [-14_852 / 17_905, 63_121 / 35_810, 423 / 17_905],
        [11_844 / 330_415, -50_337 / 660_830, 316_169 / 330_415],
    ]

    /// Linear sRGB to XYZ (D65), CSS Color 4's matrix.
    static let linearSRGBToXYZ: [[Double]] = [
        [506_752 / 1_228_815, 87_881 / 245_763, 12_673 / 70_218],
        [87_098 / 409_605, 175_762 / 245_763, 12_673 / 175_545],
        [7_918 / 409_605, 87_881 / 737_289, 1_001_167 / 1_053_270],
    ]

    static let xyzToLinearSRGB: [[Double]] = [
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ]
    static let p3ToXYZ: [[Double]] = [
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ]
    static let a98ToXYZ: [[Double]] = [
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ]
    static let prophotoToXYZD50: [[Double]] = [
        [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
        [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
        [0.0, 0.0, 0.8251046025104602],
    ]
    static let rec2020ToXYZ: [[Double]] = [
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ]
    static let d50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]
}

/// A DTCG color object as declared, in any of the 14 color spaces.
public struct DeclaredColor: Sendable, Equatable {
    /// The declared space.
    public var space: ColorSpace
    /// The components; `nil` for `"none"`.
    public var components: [Double?]
    /// Alpha in 0…1 (1 when omitted).
    public var alpha: Double
    /// The `hex` fallback, when given.
    public var hex: String?

    /// Tolerance for calling a converted color in gamut (rounding in declared values).
    static let gamutTolerance = 1.0 / 510  // half an 8-bit step

    /// Reads a DTCG color object; the error says what does not fit.
    public static func read(_ value: JSON) -> Result<DeclaredColor, ValueError> {
        guard value.object != nil else { return .failure(ValueError("expected a color object", value)) }
        for (key, member) in value.object! where !["colorSpace", "components", "alpha", "hex"].contains(key) {
            return .failure(
                ValueError("unknown color field \"\(key)\" (expected colorSpace, components, alpha, hex)", member))
        }
        guard let spaceName = value["colorSpace"]?.string else {
            return .failure(ValueError("a color object needs \"colorSpace\" (srgb, display-p3, oklch, …)", value))
        }
        guard let space = ColorSpace(rawValue: spaceName) else {
            let hint = Suggestion.closest(to: spaceName, in: ColorSpace.allCases.map(\.rawValue)).map {
                "; did you mean \"\($0)\"?"
            }
            return .failure(
                ValueError(
                    "unknown color space \"\(spaceName)\"\(hint ?? " (expected one of \(ColorSpace.allCases.map(\.rawValue).joined(separator: ", ")))")",
                    value["colorSpace"]!))
        }
        guard let list = value["components"]?.array, list.count == 3 else {
            return .failure(
                ValueError("a \(spaceName) color needs \"components\": an array of 3 numbers or \"none\"", value))
        }
        var components: [Double?] = []
        for element in list {
            if let number = element.number {
                components.append(number)
            } else if element.string == "none" {
                components.append(nil)
            } else {
                return .failure(ValueError("a color component must be a number or \"none\"", element))
            }
        }
        if let problem = space.problem(with: components) {
            return .failure(ValueError(problem, value["components"]!))
        }
        let (r, g, b) = space.toSRGB(components)
        // Beyond a billion, a component means no color (and −1e308 converts as finite as
        // +1e200 does not): both signs refused alike.
        guard r.isFinite, g.isFinite, b.isFinite, components.allSatisfy({ ($0 ?? 0).magnitude <= 1e9 }) else {
            return .failure(
                ValueError("the \(spaceName) components are too large to convert to any display", value["components"]!))
        }
        var alpha = 1.0
        if let given = value["alpha"] {
            guard let number = given.number, (0...1).contains(number) else {
                return .failure(ValueError("alpha must be a number in [0, 1]", given))
            }
            alpha = number
        }
        var hex: String?
        if let given = value["hex"] {
            guard let text = given.string, text.count == 7, text.hasPrefix("#"),
                Color(hex: String(text.dropFirst())) != nil
            else {
                return .failure(ValueError("hex must be a 6-digit CSS hex color (#rrggbb)", given))
            }
            hex = text
        }
        return .success(DeclaredColor(space: space, components: components, alpha: alpha, hex: hex))
    }

    /// The declared object, members in the standard's order.
    public var json: JSON {
        var members: [(String, JSON)] = [
            ("colorSpace", .string(space.rawValue)),
            ("components", .array(components.map { $0.map { .number($0) } ?? .string("none") })),
        ]
        if alpha != 1 { members.append(("alpha", .number(alpha))) }
        if let hex { members.append(("hex", .string(hex))) }
        return .object(members)
    }

    /// The color converted to sRGB and clamped, and whether it was inside the sRGB gamut.
    public var srgb: (color: Color, inGamut: Bool) {
        let (r, g, b) = space.toSRGB(components)
        let tolerance = Self.gamutTolerance
        let inGamut = [r, g, b].allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
        func clamp(_ v: Double) -> Double { Color.rounded(min(max(v, 0), 1)) }
        return (Color(red: clamp(r), green: clamp(g), blue: clamp(b), alpha: alpha), inGamut)
    }
}
