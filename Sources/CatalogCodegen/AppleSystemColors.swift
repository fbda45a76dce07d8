import CatalogModel

/// Apple's system colors, so that a token that is one is generated as the system's own
/// color (`UIColor.systemBlue`, `NSColor.labelColor`), which follows Increase Contrast,
/// elevated backgrounds and vibrancy as no fixed value can; the catalog's values stay in
/// the constant, as documentation and for the platforms without that color.
///
/// A token is the system color `name` when the token its aliases end at is named `name`
/// and its value is Apple's in every appearance the theme has: light by default and dark
/// in a dark mode (sRGB, 8-bit channels and alpha). A token named `label` that holds
/// another color is a color of the theme's own. The values are those of iOS, as Apple's
/// Human Interface Guidelines publish them (the SwiftUI seed theme holds the same: a test
/// checks that they agree).
enum AppleSystemColors {
    /// One system color: its values (`#RRGGBBAA`) and its AppKit name where macOS has it.
    struct Entry {
        var light: String
        var dark: String
        /// `NSColor`'s property (`labelColor`), where macOS has the same color.
        var appKit: String?
    }

    /// The system colors by UIKit name, each with its iOS values, in Apple's order.
    static let ordered: [(name: String, entry: Entry)] = [
        ("systemRed", Entry(light: "#FF3B30FF", dark: "#FF453AFF", appKit: "systemRed")),
        ("systemOrange", Entry(light: "#FF9500FF", dark: "#FF9F0AFF", appKit: "systemOrange")),
        ("systemYellow", Entry(light: "#FFCC00FF", dark: "#FFD60AFF", appKit: "systemYellow")),
        ("systemGreen", Entry(light: "#34C759FF", dark: "#30D158FF", appKit: "systemGreen")),
        ("systemMint", Entry(light: "#00C7BEFF", dark: "#63E6E2FF", appKit: "systemMint")),
        ("systemTeal", Entry(light: "#30B0C7FF", dark: "#40C8E0FF", appKit: "systemTeal")),
        ("systemCyan", Entry(light: "#32ADE6FF", dark: "#64D2FFFF", appKit: "systemCyan")),
        ("systemBlue", Entry(light: "#007AFFFF", dark: "#0A84FFFF", appKit: "systemBlue")),
        ("systemIndigo", Entry(light: "#5856D6FF", dark: "#5E5CE6FF", appKit: "systemIndigo")),
        ("systemPurple", Entry(light: "#AF52DEFF", dark: "#BF5AF2FF", appKit: "systemPurple")),
        ("systemPink", Entry(light: "#FF2D55FF", dark: "#FF375FFF", appKit: "systemPink")),
        ("systemBrown", Entry(light: "#A2845EFF", dark: "#AC8E68FF", appKit: "systemBrown")),
        ("systemGray", Entry(light: "#8E8E93FF", dark: "#8E8E93FF", appKit: "systemGray")),
        ("systemGray2", Entry(light: "#AEAEB2FF", dark: "#636366FF")),
        ("systemGray3", Entry(light: "#C7C7CCFF", dark: "#48484AFF")),
        ("systemGray4", Entry(light: "#D1D1D6FF", dark: "#3A3A3CFF")),
        ("systemGray5", Entry(light: "#E5E5EAFF", dark: "#2C2C2EFF")),
        ("systemGray6", Entry(light: "#F2F2F7FF", dark: "#1C1C1EFF")),
        ("label", Entry(light: "#000000FF", dark: "#FFFFFFFF", appKit: "labelColor")),
        ("secondaryLabel", Entry(light: "#3C3C4399", dark: "#EBEBF599", appKit: "secondaryLabelColor")),
        ("tertiaryLabel", Entry(light: "#3C3C434D", dark: "#EBEBF54D", appKit: "tertiaryLabelColor")),
        ("quaternaryLabel", Entry(light: "#3C3C432E", dark: "#EBEBF52E", appKit: "quaternaryLabelColor")),
        ("separator", Entry(light: "#3C3C434A", dark: "#54545899", appKit: "separatorColor")),
        ("opaqueSeparator", Entry(light: "#C6C6C8FF", dark: "#38383AFF")),
        ("systemBackground", Entry(light: "#FFFFFFFF", dark: "#000000FF")),
        ("secondarySystemBackground", Entry(light: "#F2F2F7FF", dark: "#1C1C1EFF")),
        ("tertiarySystemBackground", Entry(light: "#FFFFFFFF", dark: "#2C2C2EFF")),
        ("systemGroupedBackground", Entry(light: "#F2F2F7FF", dark: "#000000FF")),
        ("secondarySystemGroupedBackground", Entry(light: "#FFFFFFFF", dark: "#1C1C1EFF")),
    ]

    /// The system colors by UIKit name.
    static let entries = Dictionary(ordered.map { ($0.name, $0.entry) }, uniquingKeysWith: { first, _ in first })

    /// The `switch system` cases of the generated UIKit code: `case "label": return .label`.
    static let uiKitCases = ordered.map { "        case \"\($0.name)\": return .\($0.name)" }.joined(separator: "\n")

    /// The same for AppKit, for the colors macOS has: `case "label": return .labelColor`.
    static let appKitCases = ordered.compactMap { name, entry in
        entry.appKit.map { "        case \"\(name)\": return .\($0)" }
    }.joined(separator: "\n")

    /// The system color `token` is, given its generated values (the default first, then each
    /// mode's where it differs, as ``SwiftTokens/Constant/values`` holds them), or `nil`.
    /// `dark` is the theme's dark mode, if it has one; `lookup` finds a token by path. The
    /// values are compared first, so that the alias chain is followed only for a token
    /// that holds a system color's values.
    static func name(
        of token: Token, values: [(mode: String, value: JSON)], combinations: [(modes: [String], value: JSON)],
        dark: String?, lookup: (String) -> Token?
    ) -> String? {
        guard token.type == .color, combinations.isEmpty, let first = values.first else { return nil }
        let hex = { (value: JSON) in Color(dtcg: value)?.hexRGBA }
        guard let light = hex(first.value), let candidates = byLight[light] else { return nil }
        let darkHex = hex(values.first { $0.mode == dark }.map(\.value) ?? first.value)
        // Any other mode (a brand, a density) must keep the same color.
        guard values.dropFirst().allSatisfy({ $0.mode == dark || hex($0.value) == light }) else { return nil }
        var target = token
        var seen: Set<String> = [token.path]
        while let next = target.aliasTarget, seen.insert(next).inserted, let found = lookup(next) {
            target = found
        }
        guard let name = target.path.split(separator: ".").last.map(String.init), candidates.contains(name),
            let entry = entries[name], dark == nil || darkHex == entry.dark
        else { return nil }
        return name
    }

    /// The system colors' names by their light value.
    static let byLight: [String: Set<String>] = Dictionary(
        entries.map { ($0.value.light, [$0.key]) }, uniquingKeysWith: { $0.union($1) })
}
