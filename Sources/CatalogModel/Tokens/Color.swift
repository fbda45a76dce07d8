import Foundation

/// An sRGB color with alpha, components in 0…1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// A color from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses the color forms token files use: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb(r, g, b)`, `rgba(r, g, b, a)` (channels 0–255 or percentages, alpha 0–1 or a
    /// percentage). Returns `nil` for anything else.
    public init?(css text: String) {
        // Spaces and tabs trimmed by bytes: Foundation's trimming costs more than the parse.
        let bytes = text.utf8
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isBlank($0) }.map { bytes.index(after: $0) } ?? start
        let trimmed = Substring(text.utf8[start..<max(start, end)])
        if trimmed.utf8.first == UInt8(ascii: "#") {
            self.init(hex: String(trimmed.dropFirst()))
            return
        }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("rgb"), lower.hasSuffix(")"), let open = lower.firstIndex(of: "(") else { return nil }
        let function = lower[..<open]
        guard function == "rgb" || function == "rgba" else { return nil }
        let inner = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        let parts = inner.replacingOccurrences(of: "/", with: ",").split(whereSeparator: { $0 == "," || $0 == " " })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func channel(_ part: String) -> Double? {
            if part.hasSuffix("%") { return Double(part.dropLast()).map { $0 / 100 } }
            return Double(part).map { $0 / 255 }
        }
        guard let r = channel(parts[0]), let g = channel(parts[1]), let b = channel(parts[2]) else { return nil }
        var a = 1.0
        if parts.count == 4 {
            if parts[3].hasSuffix("%") {
                guard let value = Double(parts[3].dropLast()) else { return nil }
                a = value / 100
            } else {
                guard let value = Double(parts[3]) else { return nil }
                a = value
            }
        }
        guard [r, g, b, a].allSatisfy({ (0...1).contains($0) }) else { return nil }
        self.init(red: r, green: g, blue: b, alpha: a)
    }
    /// Tokens Studio's `rgba(#hex, alpha)` (alpha 0–1 or a percentage): the hex color's
    /// channels with that alpha, as sd-transforms' `transformHEXRGBaForCSS` rewrites it
    /// (`/rgba\(\s*(?<hex>#.+?)\s*,\s*(?<alpha>\d*(\.\d*|%)*)\s*\)/`, the hex read by
    /// colorjs, its own alpha replaced). `nil` for anything else.
    public init?(hexRGBA text: String) {
        let trimmed = TokenValue.trimmedSpaces(text)
        guard trimmed.lowercased().hasPrefix("rgba("), trimmed.hasSuffix(")") else { return nil }
        let inner = trimmed.dropFirst(5).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            TokenValue.trimmedSpaces(String($0))
        }
        guard parts.count == 2, parts[0].hasPrefix("#"), let color = Color(hex: String(parts[0].dropFirst())) else {
            return nil
        }
        let alphaText = parts[1]
        let alpha: Double?
        if alphaText.hasSuffix("%") {
            alpha = Double(alphaText.dropLast()).map { $0 / 100 }
        } else {
            alpha = alphaText.first == "." || alphaText.first?.isNumber == true ? Double(alphaText) : nil
        }
        guard let alpha, (0...1).contains(alpha) else { return nil }
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
    }

    /// Parses 3, 4, 6 or 8 hex digits (without `#`).
    public init?(hex: String) {
        // ASCII digits only: `Character.isHexDigit` also accepts full-width look-alikes (`Ｆ`).
        guard [3, 4, 6, 8].contains(hex.utf8.count),
            hex.utf8.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
            })
        else { return nil }
        var digits = hex.utf8.map { $0 <= 0x39 ? $0 - 0x30 : ($0 | 0x20) - 0x61 + 10 }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        var values: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            values.append(Double(Int(digits[index]) * 16 + Int(digits[index + 1])) / 255)
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBBAA`, the form the catalog prints.
    public var hexRGBA: String {
        "#" + [red, green, blue, alpha].map { Self.byte($0) }.joined()
    }

    /// `#rrggbb` (alpha dropped), the DTCG `hex` fallback.
    public var hexRGB: String {
        Self.hexString(Self.channel(red), Self.channel(green), Self.channel(blue))
    }

    private static func byte(_ component: Double) -> String {
        let hex = String(channel(component), radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }

    /// A component as an 8-bit channel, clamped to 0…1 and rounded.
    private static func channel(_ component: Double) -> UInt8 {
        component.isFinite ? UInt8((min(max(component, 0), 1) * 255).rounded()) : 0
    }

    /// `#rrggbb` of three channels: seven bytes, a small string held inline (no allocation).
    static func hexString(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> String {
        String(unsafeUninitializedCapacity: 7) { bytes in
            let digits: StaticString = "0123456789abcdef"
            bytes[0] = UInt8(ascii: "#")
            for (position, channel) in [red, green, blue].enumerated() {
                bytes[1 + 2 * position] = digits.utf8Start[Int(channel >> 4)]
                bytes[2 + 2 * position] = digits.utf8Start[Int(channel & 0xF)]
            }
            return 7
        }
    }

    /// The same color with alpha `alpha`.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The same color with its alpha multiplied by `opacity`.
    public func multiplyingAlpha(by opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// WCAG 2 relative luminance (of the linearized sRGB components).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The luminance SwiftUI code computes from `linearRed`/`linearGreen`/`linearBlue`:
    /// the same weights over linear components, which is ``relativeLuminance``.
    public var linearLuminance: Double { relativeLuminance }

    public var description: String { hexRGBA }

    /// The DTCG color object: `{"colorSpace": "srgb", "components": […], "alpha": a, "hex": "#rrggbb"}`.
    /// Its space name and the components of 8-bit channels (and full opacity) are shared
    /// values (``sharedComponents``): an import holds every color it reads, and these halve
    /// what each costs (10 allocations, 560 bytes, were 42 MB of a 100k-token import).
    public var dtcg: JSON {
        JSON(
            .object([
                (key: "colorSpace", value: Self.srgbName),
                (key: "components", value: .array([Self.component(red), Self.component(green), Self.component(blue)])),
                (key: "alpha", value: Self.component(alpha)),
                (key: "hex", value: .string(hexRGB)),
            ]))
    }

    static let srgbName = JSON.string("srgb")
    /// The component of each 8-bit channel value, `k / 255` as ``rounded(_:)`` stores it.
    static let sharedComponents: [JSON] = (0...255).map { .number(rounded(Double($0) / 255)) }

    /// `value` as stored: the shared value when it is an 8-bit channel's.
    private static func component(_ value: Double) -> JSON {
        let stored = rounded(value)
        let scaled = (stored * 255).rounded()
        guard scaled >= 0, scaled <= 255 else { return .number(stored) }
        let shared = sharedComponents[Int(scaled)]
        return shared.number == stored ? shared : .number(stored)
    }

    /// Components are stored to 6 decimals: exact for 8-bit channels, stable in round trips.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    /// Reads a DTCG color object in any of the 14 color spaces; colors in other spaces
    /// than sRGB are converted (and clamped to the sRGB gamut: see ``DeclaredColor``).
    public init?(dtcg value: JSON) {
        guard value.object != nil else { return nil }
        if let space = value["colorSpace"]?.string, space == "srgb",
            let components = value["components"]?.array, components.count == 3
        {
            let numbers = components.compactMap(\.number)
            if numbers.count == 3 {
                guard numbers.allSatisfy({ (0...1).contains($0) }) else { return nil }
                let alpha = value["alpha"]?.number ?? 1
                guard (0...1).contains(alpha) else { return nil }
                self.init(
                    red: Self.rounded(numbers[0]), green: Self.rounded(numbers[1]), blue: Self.rounded(numbers[2]),
                    alpha: Self.rounded(alpha))
                return
            }
        }
        guard case .success(let declared) = DeclaredColor.read(value) else { return nil }
        self = declared.srgb.color
    }

    /// Whether a DTCG color value lies outside the sRGB gamut (and so is shown clamped).
    public static func isOutsideSRGB(dtcg value: JSON) -> Bool {
        guard case .success(let declared) = DeclaredColor.read(value) else { return false }
        return !declared.srgb.inGamut
    }
}
