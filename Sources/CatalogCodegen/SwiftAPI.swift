import CatalogModel

/// Every SwiftUI, UIKit and AppKit API the generated package uses, with the first OS
/// version of each platform that has it (from Apple's documentation), so that generated
/// declarations carry exactly the availability they need. Linux's compiler ignores Apple
/// availability; the codegen tests check generated code against this table instead, and
/// the stand-in modules they compile against declare the same attributes.
///
/// Keys are the names as generated code spells them: a bare name (`glassEffect`,
/// `regularMaterial`), `Type.member` where a bare member name would be ambiguous
/// (`ControlSize.regular` beside `Glass.regular`), `Type(label:)` for an initializer by
/// its first argument label (`Color(uiColor:)`; `_` when unlabeled).
package enum SwiftAPI {
    /// The platforms a generated package declares, in `@available` order.
    package static let platforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    /// The generated package's deployment targets.
    package static let packageMinimums: [String: Semver] = [
        "iOS": Semver(15, 0, 0), "macOS": Semver(12, 0, 0), "tvOS": Semver(15, 0, 0), "watchOS": Semver(8, 0, 0),
        "visionOS": Semver(1, 0, 0),
    ]

    /// Platform → first version, for each API; a platform left out lacks the API.
    package static let table: [String: [String: Semver]] = {
        var table: [String: [String: Semver]] = [:]
        func add(_ names: [String], _ versions: [String: String]) {
            let parsed = versions.mapValues { text -> Semver in
                let parts = text.split(separator: ".").compactMap { Int($0) } + [0, 0]
                return Semver(parts[0], parts[1], parts[2])
            }
            for name in names { table[name] = parsed }
        }
        let swiftUI13 = ["iOS": "13.0", "macOS": "10.15", "tvOS": "13.0", "watchOS": "6.0", "visionOS": "1.0"]
        add(
            [
                "View", "ViewModifier", "ViewBuilder", "ButtonStyle", "PrimitiveButtonStyle", "Color", "Color(_:)",
                "Font", "Font.TextStyle", "Font.Weight", "system", "custom", "weight", "Animation", "timingCurve",
                "spring", "easeIn", "easeOut", "easeInOut", "linear", "delay", "Capsule", "Circle", "Rectangle",
                "RoundedRectangle", "InsettableShape", "Shape", "ShapeStyle", "fill", "strokeBorder", "padding",
                "frame", "scaleEffect", "opacity", "brightness", "font", "lineSpacing", "contentShape",
                "buttonStyle", "disabled", "environment", "Environment", "isEnabled", "accessibilityReduceMotion",
                "colorScheme", "ColorScheme", "ColorScheme.light", "ColorScheme.dark", "Text", "LocalizedStringKey",
                "VStack", "HStack",
                "ScrollView", "modifier", "clear", "primary", "animation", "horizontal", "vertical", "circular",
                "continuous", "leading", "largeTitle", "title", "title2", "title3", "headline", "subheadline",
                "callout", "footnote", "caption", "caption2", "ultraLight", "thin", "light", "regular", "medium",
                "semibold", "bold", "heavy", "black", "Color.RGBColorSpace", "sRGB", "sRGBLinear", "displayP3",
                "HorizontalAlignment", "ButtonStyleConfiguration", "PrimitiveButtonStyleConfiguration", "label",
                "isPressed", "trigger", "Button(_:)", "EnvironmentKey", "EnvironmentValues",
            ], swiftUI13)
        add(
            ["Color.Resolved", "Resolved", "resolve"],
            ["iOS": "17.0", "macOS": "14.0", "tvOS": "17.0", "watchOS": "10.0", "visionOS": "1.0"])
        let swiftUI15 = ["iOS": "15.0", "macOS": "12.0", "tvOS": "15.0", "watchOS": "8.0", "visionOS": "1.0"]
        add(
            [
                "AnyShapeStyle", "foregroundStyle", "background", "overlay", "ButtonRole", "destructive", "cancel",
                "Button(role:)", "Material",
            ], swiftUI15)
        add(
            ["regularMaterial", "thinMaterial", "ultraThinMaterial", "thickMaterial", "ultraThickMaterial"],
            ["iOS": "15.0", "macOS": "12.0", "tvOS": "15.0", "watchOS": "10.0", "visionOS": "1.0"])
        add(["bar"], ["iOS": "15.0", "macOS": "12.0", "visionOS": "1.0"])
        add(["Color(uiColor:)"], ["iOS": "15.0", "tvOS": "15.0", "watchOS": "8.0", "visionOS": "1.0"])
        add(["Color(nsColor:)"], ["macOS": "12.0"])
        add(
            ["ControlSize", "controlSize", "ControlSize.mini", "ControlSize.small", "ControlSize.regular"],
            ["iOS": "15.0", "macOS": "10.15", "tvOS": "15.0", "watchOS": "9.0", "visionOS": "1.0"])
        add(
            ["ControlSize.large"],
            ["iOS": "15.0", "macOS": "11.0", "tvOS": "15.0", "watchOS": "9.0", "visionOS": "1.0"])
        add(
            ["ControlSize.extraLarge"],
            ["iOS": "17.0", "macOS": "14.0", "tvOS": "17.0", "watchOS": "10.0", "visionOS": "1.0"])
        add(["tracking"], ["iOS": "16.0", "macOS": "13.0", "tvOS": "16.0", "watchOS": "9.0", "visionOS": "1.0"])
        add(
            [
                "ScaledMetric", "ScaledMetric(wrappedValue:)", "isFocused", "ProgressView", "ProgressView(:)",
                "accessibilityLabel",
            ],
            ["iOS": "14.0", "macOS": "11.0", "tvOS": "14.0", "watchOS": "7.0", "visionOS": "1.0"])
        add(
            ["State", "Binding", "hidden", "layoutDirection", "LayoutDirection", "rightToLeft"], swiftUI13)
        add(["DynamicTypeSize", "dynamicTypeSize", "accessibility3"], swiftUI15)
        add(["onHover"], ["iOS": "13.4", "macOS": "10.15", "visionOS": "1.0"])
        add(["hoverEffect", "HoverEffect", "highlight"], ["iOS": "13.4", "tvOS": "16.0", "visionOS": "1.0"])
        // Apple's system colors: UIKit's, and AppKit's of the same color.
        var systemColors: [String: [String: String]] = [:]
        for (names, iOS, tvOS) in [
            (
                [
                    "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemTeal", "systemBlue",
                    "systemPink",
                    "systemGray",
                ], "7.0", "9.0"
            ),
            (["systemPurple"], "9.0", "9.0"),
            (["systemMint", "systemCyan"], "15.0", "15.0"),
            (
                [
                    "systemIndigo", "systemBrown", "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel",
                    "separator", "opaqueSeparator",
                ], "13.0", "13.0"
            ),
            (
                [
                    "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "systemBackground",
                    "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
                    "secondarySystemGroupedBackground",
                ], "13.0", nil
            ),
        ] as [([String], String, String?)] {
            for name in names {
                var versions = ["iOS": iOS, "visionOS": "1.0"]
                if let tvOS { versions["tvOS"] = tvOS }
                add(["UIColor." + name], versions)
                systemColors[name] = versions
            }
        }
        for (name, macOS) in [
            ("systemRed", "10.10"), ("systemOrange", "10.10"), ("systemYellow", "10.10"), ("systemGreen", "10.10"),
            ("systemMint", "12.0"), ("systemTeal", "10.12"), ("systemCyan", "12.0"), ("systemBlue", "10.10"),
            ("systemIndigo", "10.15"), ("systemPurple", "10.10"), ("systemPink", "10.10"), ("systemBrown", "10.10"),
            ("systemGray", "10.10"), ("labelColor", "10.10"), ("secondaryLabelColor", "10.10"),
            ("tertiaryLabelColor", "10.10"), ("quaternaryLabelColor", "10.10"), ("separatorColor", "10.14"),
        ] {
            add(["NSColor." + name], ["macOS": macOS])
            systemColors[name, default: [:]]["macOS"] = macOS
        }
        // `label` is also the button configuration's: the SwiftUI entry stands (system colors
        // are used under `#if os(iOS) || os(visionOS)` and `os(macOS)`, which it covers).
        for (name, versions) in systemColors where table[name] == nil { add([name], versions) }
        add(
            ["UIFontMetrics", "UIFontMetrics(forTextStyle:)", "scaledFont", "scaledValue"],
            ["iOS": "11.0", "tvOS": "11.0", "watchOS": "4.0", "visionOS": "1.0"])
        // Liquid Glass: not on visionOS, which has its own glass background.
        add(
            ["glassEffect", "Glass", "Glass.regular", "Glass.clear", "tint", "interactive"],
            ["iOS": "26.0", "macOS": "26.0", "tvOS": "26.0", "watchOS": "26.0"])
        // UIKit.
        add(
            ["UIColor", "UIColor(red:)", "UIFont", "UIFont(name:)", "systemFont"],
            ["iOS": "2.0", "tvOS": "9.0", "watchOS": "2.0", "visionOS": "1.0"])
        add(["UIColor(displayP3Red:)"], ["iOS": "10.0", "tvOS": "10.0", "watchOS": "3.0", "visionOS": "1.0"])
        add(
            ["UIColor(dynamicProvider:)", "accessibilityContrast"], ["iOS": "13.0", "tvOS": "13.0", "visionOS": "1.0"])
        add(["UITraitCollection"], ["iOS": "8.0", "tvOS": "9.0", "visionOS": "1.0"])
        add(["userInterfaceStyle", "UIUserInterfaceStyle"], ["iOS": "12.0", "tvOS": "10.0", "visionOS": "1.0"])
        add(["UIAccessibilityContrast"], ["iOS": "13.0", "tvOS": "13.0", "visionOS": "1.0"])
        add(["UIColor(named:)"], ["iOS": "11.0", "tvOS": "11.0", "visionOS": "1.0"])
        add(
            ["preferredFont", "lineHeight", "UIFont.TextStyle"],
            ["iOS": "7.0", "tvOS": "9.0", "watchOS": "2.0", "visionOS": "1.0"])
        add(["UIFont.Weight"], ["iOS": "8.2", "tvOS": "9.0", "watchOS": "2.0", "visionOS": "1.0"])
        add(["title1", "caption1"], ["iOS": "7.0", "tvOS": "9.0", "watchOS": "2.0", "visionOS": "1.0"])
        add(["UIFont.TextStyle.largeTitle"], ["iOS": "11.0", "watchOS": "5.0", "visionOS": "1.0"])
        // AppKit.
        add(["NSColor", "NSFont"], ["macOS": "10.0"])
        add(["NSColor(srgbRed:)", "NSColor(displayP3Red:)"], ["macOS": "10.12"])
        add(["NSColor(name:)"], ["macOS": "10.15"])
        add(["NSAppearance", "aqua"], ["macOS": "10.9"])
        add(
            ["bestMatch", "darkAqua", "accessibilityHighContrastAqua", "accessibilityHighContrastDarkAqua"],
            ["macOS": "10.14"])
        return table
    }()

    /// The `@available` attributes a declaration using `names` needs beyond the package's
    /// deployment targets: the latest first version per platform, and `unavailable` for a
    /// platform that lacks one of them. Names not in the table are a generator bug.
    package static func attributes(for names: [String]) -> [String] {
        var needed: [String: Semver] = [:]
        var unavailable: Set<String> = []
        for name in names {
            guard let versions = table[name] else { preconditionFailure("\(name) is not in SwiftAPI.table") }
            for platform in platforms {
                guard let version = versions[platform] else {
                    unavailable.insert(platform)
                    continue
                }
                if let minimum = packageMinimums[platform], version > minimum, version > needed[platform] ?? minimum {
                    needed[platform] = version
                }
            }
        }
        var attributes: [String] = []
        let raised = platforms.filter { needed[$0] != nil && !unavailable.contains($0) }
        if !raised.isEmpty {
            let list = raised.map { "\($0) \(needed[$0]!.major).\(needed[$0]!.minor)" }
            attributes.append("@available(\(list.joined(separator: ", ")), *)")
        }
        for platform in platforms where unavailable.contains(platform) {
            attributes.append("@available(\(platform), unavailable)")
        }
        return attributes
    }

    /// `#available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)` for code using `names`,
    /// or `nil` when the package's deployment targets cover them (platforms lacking one of
    /// them need `#if os(…)`, which `#available` cannot say).
    package static func condition(for names: [String]) -> String? {
        let attributes = attributes(for: names)
        guard let first = attributes.first, first.hasSuffix(", *)") else { return nil }
        return "#" + first.dropFirst()
    }
}
