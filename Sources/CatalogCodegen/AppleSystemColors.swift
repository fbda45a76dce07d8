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

    /// The system colors by UIKit name, each with its iOS values.
    static let entries: [String: Entry] = [
        "systemRed": Entry(light: "#FF3B30FF", dark: "#FF453AFF", appKit: "systemRed"),
        "systemOrange": Entry(light: "#FF9500FF", dark: "#FF9F0AFF", appKit: "systemOrange"),
        "systemYellow": Entry(light: "#FFCC00FF", dark: "#FFD60AFF", appKit: "systemYellow"),
        "systemGreen": Entry(light: "#34C759FF", dark: "#30D158FF", appKit: "systemGreen"),
        "systemMint": Entry(light: "#00C7BEFF", dark: "#63E6E2FF", appKit: "systemMint"),
        "systemTeal": Entry(light: "#30B0C7FF", dark: "#40C8E0FF", appKit: "systemTeal"),
        "systemCyan": Entry(light: "#32ADE6FF", dark: "#64D2FFFF", appKit: "systemCyan"),
        "systemBlue": Entry(light: "#007AFFFF", dark: "#0A84FFFF", appKit: "systemBlue"),
        "systemIndigo": Entry(light: "#5856D6FF", dark: "#5E5CE6FF", appKit: "systemIndigo"),
        "systemPurple": Entry(light: "#AF52DEFF", dark: "#BF5AF2FF", appKit: "systemPurple"),
        "systemPink": Entry(light: "#FF2D55FF", dark: "#FF375FFF", appKit: "systemPink"),
        "systemBrown": Entry(light: "#A2845EFF", dark: "#AC8E68FF", appKit: "systemBrown"),
        "systemGray": Entry(light: "#8E8E93FF", dark: "#8E8E93FF", appKit: "systemGray"),
        "systemGray2": Entry(light: "#AEAEB2FF", dark: "#636366FF"),
        "systemGray3": Entry(light: "#C7C7CCFF", dark: "#48484AFF"),
        "systemGray4": Entry(light: "#D1D1D6FF", dark: "#3A3A3CFF"),
        "systemGray5": Entry(light: "#E5E5EAFF", dark: "#2C2C2EFF"),
        "systemGray6": Entry(light: "#F2F2F7FF", dark: "#1C1C1EFF"),
        "label": Entry(light: "#000000FF", dark: "#FFFFFFFF", appKit: "labelColor"),
        "secondaryLabel": Entry(light: "#3C3C4399", dark: "#EBEBF599", appKit: "secondaryLabelColor"),
        "tertiaryLabel": Entry(light: "#3C3C434D", dark: "#EBEBF54D", appKit: "tertiaryLabelColor"),
        "quaternaryLabel": Entry(light: "#3C3C432E", dark: "#EBEBF52E", appKit: "quaternaryLabelColor"),
        "separator": Entry(light: "#3C3C434A", dark: "#54545899", appKit: "separatorColor"),
        "opaqueSeparator": Entry(light: "#C6C6C8FF", dark: "#38383AFF"),
        "systemBackground": Entry(light: "#FFFFFFFF", dark: "#000000FF"),
        "secondarySystemBackground": Entry(light: "#F2F2F7FF", dark: "#1C1C1EFF"),
        "tertiarySystemBackground": Entry(light: "#FFFFFFFF", dark: "#2C2C2EFF"),
        "systemGroupedBackground": Entry(light: "#F2F2F7FF", dark: "#000000FF"),
        "secondarySystemGroupedBackground": Entry(light: "#FFFFFFFF", dark: "#1C1C1EFF"),
    ]

    /// The system color `token` is, given its generated values (the default first, then each
    /// mode's where it differs, as ``SwiftTokens/Constant/values`` holds them), or `nil`.
    /// `dark` is the theme's dark mode, if it has one.
    static func name(
        of token: Token, values: [(mode: String, value: JSON)], combinations: [(modes: [String], value: JSON)],
        dark: String?, in theme: Theme
    ) -> String? {
        guard token.type == .color, combinations.isEmpty else { return nil }
        var target = token
        var seen: Set<String> = [token.path]
        while let next = target.aliasTarget, seen.insert(next).inserted, let found = theme.token(next) {
            target = found
        }
        guard let name = target.path.split(separator: ".").last.map(String.init), let entry = entries[name] else {
            return nil
        }
        let hex = { (value: JSON) in Color(dtcg: value)?.hexRGBA.uppercased() }
        guard let first = values.first, hex(first.value) == entry.light else { return nil }
        let darkValue = values.first { $0.mode == dark }.map(\.value) ?? first.value
        if dark != nil, hex(darkValue) != entry.dark { return nil }
        // Any other mode (a brand, a density) must keep the same color.
        for (mode, value) in values.dropFirst() where mode != dark {
            guard hex(value) == entry.light else { return nil }
        }
        return name
    }
}
