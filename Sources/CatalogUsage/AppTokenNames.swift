/// The names that tell an app's design values from the rest of its code: the platform's
/// color, font and length types, the members those types already have (a system color is
/// no app token), and the names of the calls and parameters that take a color or a style.
/// The scanner records by them (``AppTokenVisitor``) and ``AppTokenUses`` resolves by them.
public enum AppTokenNames {
    /// The color types of SwiftUI, UIKit and AppKit.
    public static let colorTypes: Set<String> = ["Color", "UIColor", "NSColor", "CGColor"]

    /// The types whose static members are design values wherever an app declares them.
    public static let designTypes: Set<String> = colorTypes.union(["Font", "UIFont", "NSFont", "CGFloat"])

    /// Whether `type` holds design values (`Color`, `CGFloat`, `SwiftUI.Color`).
    public static func isDesignType(_ type: String) -> Bool {
        designTypes.contains(type.hasPrefix("SwiftUI.") ? String(type.dropFirst(8)) : type)
    }

    /// Whether the scanner records every member of `type` written with it: the color types
    /// and the app's own token types, named as teams name them (`ThemeColor`,
    /// `BrandColors`, `Palette`, `DesignTokens`, SwiftGen's `Asset.Colors`, `ColorName`).
    public static func recordsMembers(of type: String) -> Bool {
        if colorTypes.contains(type) || type.hasPrefix("Asset.") || type == "ColorName" { return true }
        let last = type.split(separator: ".").last.map(String.init) ?? type
        return ["Color", "Colors", "Colour", "Colours", "Palette", "Tokens"].contains { last.hasSuffix($0) }
            && !colorTypes.contains(last)
    }

    /// Whether a value named `name` is a theme object whose properties are tokens
    /// (`theme`, `appTheme`, `currentTheme`, `palette`).
    public static func isThemeInstance(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("theme") || lower.hasSuffix("palette")
    }

    /// Whether a call named `callee` takes a color or a style where its argument
    /// labelled `label` stands (`foregroundColor`, `tint`, `color(for:)`, `Color(designSystemColor:)`).
    public static func takesDesignValue(callee: String, label: String) -> Bool {
        let words = [
            "color", "colour", "tint", "fill", "stroke", "foreground", "background", "style", "border", "accent",
        ]
        let lowerCallee = callee.lowercased()
        let lowerLabel = label.lowercased()
        return words.contains { lowerCallee.contains($0) || lowerLabel.contains($0) }
    }

    /// SwiftUI's modifiers that take a color or a shape style: an implicit member there
    /// that SwiftUI has (`.foregroundStyle(.secondary)`) is SwiftUI's.
    public static let swiftUIStyleModifiers: Set<String> = [
        "foregroundColor", "foregroundStyle", "background", "tint", "fill", "stroke", "strokeBorder", "accentColor",
        "border", "overlay", "shadow", "listRowBackground", "scrollContentBackground", "toolbarBackground",
        "presentationBackground", "containerBackground", "backgroundStyle",
    ]

    /// The members that read a value out of a theme lookup (`AppTheme.colorForStyle(.x).color`,
    /// SwiftGen's `Asset.Colors.x.swiftUIColor`).
    public static let valueAccessors: Set<String> = ["color", "swiftUIColor", "uiColor", "nsColor", "cgColor"]

    /// Whether `name` is a member the platform's `type` has (`Color.red`, `.secondary`,
    /// `UIColor.systemBlue`, `NSColor.labelColor`): a system value, not an app token.
    /// An implicit member (`type` not a color type) is judged against SwiftUI's colors.
    public static func isPlatformMember(_ name: String, of type: String) -> Bool {
        if name == "init" || name == "self" || name == "Type" { return true }
        switch type {
        case "UIColor":
            return name.hasPrefix("system") || name.contains("System") || uiKitColors.contains(name)
                || swiftUIColors.contains(name)
        case "NSColor":
            return name.hasPrefix("system") || name.contains("System") || appKitColors.contains(name)
                || swiftUIColors.contains(name)
        case "CGColor":
            return true
        default:
            return swiftUIColors.contains(name)
        }
    }

    /// SwiftUI's `Color` and `ShapeStyle` static members.
    static let swiftUIColors: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "white", "gray", "black", "clear", "primary", "secondary", "tertiary", "quaternary", "quinary",
        "accentColor", "tint", "foreground", "background", "separator", "placeholder", "link", "fill", "selection",
        "windowBackground", "ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial",
        "ultraThickMaterial", "bar", "opacity", "gradient", "shadow", "mix", "resolve", "darkGray", "lightGray",
        "magenta",
    ]

    /// UIKit's `UIColor` class members besides the `system…` ones.
    static let uiKitColors: Set<String> = [
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "separator",
        "opaqueSeparator", "lightText", "darkText", "groupTableViewBackground", "tintColor", "cgColor", "ciColor",
        "withAlphaComponent", "resolvedColor", "dynamicProvider",
    ]

    /// AppKit's `NSColor` class members besides the `system…` ones.
    static let appKitColors: Set<String> = [
        "labelColor", "secondaryLabelColor", "tertiaryLabelColor", "quaternaryLabelColor", "linkColor",
        "placeholderTextColor", "windowFrameTextColor", "selectedMenuItemTextColor",
        "alternateSelectedControlTextColor", "headerTextColor", "separatorColor", "gridColor",
        "windowBackgroundColor", "underPageBackgroundColor", "controlBackgroundColor",
        "selectedContentBackgroundColor", "unemphasizedSelectedContentBackgroundColor",
        "alternatingContentBackgroundColors", "findHighlightColor", "textColor", "textBackgroundColor",
        "selectedTextColor", "selectedTextBackgroundColor", "unemphasizedSelectedTextBackgroundColor",
        "unemphasizedSelectedTextColor", "controlColor", "controlTextColor", "selectedControlColor",
        "selectedControlTextColor", "disabledControlTextColor", "keyboardFocusIndicatorColor",
        "scrubberTexturedBackground",
        "controlAccentColor", "highlightColor", "shadowColor", "windowFrameColor", "cgColor", "withAlphaComponent",
        "usingColorSpace", "controlHighlightColor", "controlLightHighlightColor", "controlShadowColor",
        "controlDarkShadowColor", "scrollBarColor", "knobColor", "selectedKnobColor", "currentControlTint",
    ]
}
