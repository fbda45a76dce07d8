import CatalogCodegen
import CatalogModel
import CatalogResources
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

@testable import CatalogModel

/// What an app team asks of the generated package beyond looks: Dynamic Type, every state
/// a style defines, the tap target, Reduce Motion, previews of the hard cases, and an API
/// of one spelling per use with Apple's system colors as the system's own. Each test reads
/// the generated code; the type-checks in ``SwiftPackageTests`` and the corpus tests
/// compile it.
@Suite struct GeneratedAccessibilityTests {
    static func theme(_ json: String, name: String = "Shop") throws -> Theme {
        try ThemeReader.read(Data(json.utf8), file: "t.json", naming: .init(name: name, version: Semver(1, 0, 0)))
    }

    static func files(_ theme: Theme, styles: [StyleDefinition] = []) throws -> [String: String] {
        try SwiftPackageExporter.files(.init(theme: theme, styles: styles))
    }

    /// The public declarations of `files`' Swift sources (a `public` at a line's start,
    /// after attributes).
    static func publicDeclarations(_ files: [String: String]) -> Int {
        files.filter { $0.key.hasSuffix(".swift") }.values.reduce(0) { count, source in
            count
                + source.split(separator: "\n").filter {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix("public ")
                }.count
        }
    }

    // MARK: Dynamic Type

    @Test func typographyScalesWithItsTextStyleOrTheNearestAndCanOptOut() throws {
        let theme = try Self.theme(
            """
            { "type": { "$type": "typography",
                "label": { "$value": { "fontSize": "15px", "fontWeight": 500, "textStyle": "subheadline" } },
                "brand": { "$value": { "fontFamily": "Inter", "fontSize": "21px", "fontWeight": 600,
                                       "letterSpacing": "0.5px", "lineHeight": 1.4 } },
                "badge": { "$value": { "fontFamily": "Inter", "fontSize": "9px", "fontWeight": 700 },
                           "$extensions": { "catalog.dynamicType": false } } } }
            """)
        let source = try #require(try Self.files(theme)["Sources/ShopTokens/Shop.swift"])
        #expect(source.contains("textStyle: \"subheadline\", relativeTo: \"subheadline\")"))
        // 21 pt is nearest title2 (22): said in the file, scaled as title2.
        #expect(source.contains("/// Scales with Dynamic Type as title2 (the nearest text style by size)"))
        #expect(source.contains("letterSpacing: 0.5, relativeTo: \"title2\")"))
        // The opt-out keeps a fixed size and says so.
        #expect(source.contains("/// A fixed size: `catalog.dynamicType` is false"))
        #expect(source.contains("TokenFont(family: [\"Inter\"], size: 9, weight: 700))\n"))

        let support = try #require(try Self.files(theme)["Sources/ShopTokens/TokenTypes+SwiftUI.swift"])
        #expect(support.contains(".custom(name, size: pointSize, relativeTo: style)"), "custom families scale")
        #expect(support.contains("_scaled = ScaledMetric(wrappedValue: 100, relativeTo: style)"))
        #expect(support.contains("content.font(drawn).lineSpacing(font.lineSpacingPoints * factor)"))
        let platform = try #require(try Self.files(theme)["Sources/ShopTokens/TokenTypes+Platform.swift"])
        // UIKit: the token's weight kept, then scaled by the text style's metrics.
        #expect(platform.contains("UIFontMetrics(forTextStyle: style).scaledFont(for: unscaledUIFont)"))
        #expect(platform.contains("UIFont.systemFont(ofSize: pointSize, weight: Self.uiWeight(weight ?? 400))"))
        #expect(!platform.contains("preferredFont"), "a text style's font would drop the token's weight")
        #expect(platform.contains("UIFontMetrics(forTextStyle: style).scaledValue(for: value)"))
    }

    @Test func theOptOutMustBeABoolean() {
        #expect {
            try Self.theme(
                """
                { "t": { "$type": "typography",
                         "$value": { "fontFamily": "Inter", "fontSize": "9px", "fontWeight": 400 },
                         "$extensions": { "catalog.dynamicType": "no" } } }
                """)
        } throws: { error in
            "\(error)" == "t.json:3:50: $.t.$extensions[\"catalog.dynamicType\"]: expected true or false, got \"no\""
        }
    }

    // MARK: States, tap target, Reduce Motion

    @Test func everyStateAStyleDefinesIsDrawn() throws {
        let catalog = try SeededCatalog()
        let orange = try #require(catalog.themes.first { $0.name == "Orange" })
        let files = try SwiftPackageExporter.files(catalog.request(orange))
        let styles = try #require(files["Sources/OrangeTokens/ButtonStyles.swift"])
        #expect(styles.contains("/// Draws the normal, pressed, disabled, hover, focus, loading states."))
        #expect(
            styles.contains(
                "private static let states: [ButtonLookState] = [.normal, .pressed, .disabled, .hover, .focus, .loading]"
            ))
        for state in ["hover", "focus", "loading"] {
            #expect(styles.contains("        case .\(state): return ButtonLook("), "\(state)")
        }
        #expect(styles.contains("public func orangeButtonLoading(_ isLoading: Bool = true) -> some View {"))
        #expect(styles.contains("environment(\\.buttonLookLoading, isLoading).disabled(isLoading)"))
        let support = try #require(files["Sources/OrangeTokens/ButtonLook.swift"])
        #expect(support.contains("@Environment(\\.isFocused) private var isFocused"))
        #expect(support.contains("content.onHover { isHovered = $0 }"))
        #expect(support.contains("content.hoverEffect(.highlight)"))
        #expect(
            support.contains("label.hidden().overlay { ProgressView().accessibilityLabel(ButtonLookText.loading) }"))

        // DesignFoundation's styles define no loading state: no loading modifier.
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        let dfStyles = try #require(
            try SwiftPackageExporter.files(catalog.request(df))["Sources/DesignFoundationTokens/ButtonStyles.swift"])
        #expect(!dfStyles.contains("ButtonLoading("))
        #expect(dfStyles.contains("/// Draws the normal, pressed, disabled states and the destructive role."))
    }

    @Test func theTapTargetIsTheMinimumOrTheStylesOwnSlop() throws {
        let catalog = try SeededCatalog()
        let swiftUI = try #require(catalog.themes.first { $0.name == "SwiftUI" })
        let files = try SwiftPackageExporter.files(catalog.request(swiftUI))
        let support = try #require(files["Sources/SwiftUITokens/ButtonLook.swift"])
        #expect(support.contains("#if os(visionOS)\n        return 60\n        #elseif os(iOS)\n        return 44"))
        #expect(support.contains("content.frame(minWidth: minimum, minHeight: minimum).contentShape(Rectangle())"))
        #expect(support.contains("content.padding(touchSlop).contentShape(Rectangle()).padding(-touchSlop)"))
        // The tap target comes after the drawing: the drawn size stays the style's.
        let look = try #require(support.components(separatedBy: "func buttonLook<S: InsettableShape>(").last)
        let background = try #require(look.range(of: ".modifier(ButtonLookBackground("))
        let target = try #require(look.range(of: ".modifier(ButtonLookTapTarget("))
        #expect(background.lowerBound < target.lowerBound)
        // ButtonVariantStyle states its slop per size (6 pt small, 0 regular): kept.
        let styles = try #require(files["Sources/SwiftUITokens/ButtonStyles.swift"])
        #expect(styles.contains("cornerRadius: 10, touchSlop: 6)"))
        #expect(styles.contains("cornerRadius: 12, touchSlop: 0)"))
        // Styles that say nothing get the platform's minimum.
        #expect(styles.contains("touchSlop: nil)"))
    }

    @Test func reduceMotionFadesInsteadOfScalingUnlessTheStyleSays() throws {
        let catalog = try SeededCatalog()
        let capsule = try #require(catalog.styles.first { $0.name == "capsule" })
        #expect(capsule.reducedMotion == nil)
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        let resolver = StyleResolver(style: capsule, theme: df)
        let pressed = try resolver.resolve(.init(state: "pressed"))
        let reduced = try resolver.resolve(.init(state: "pressed", reduceMotion: true))
        #expect(pressed.scale == 0.95 && pressed.animation?.curve == "spring")
        #expect(reduced.scale == 1 && reduced.opacity == StyleResolver.reducedMotionOpacity)
        #expect(reduced.animation?.curve == "easeInOut" && reduced.animation?.duration == 0.2)
        let styles = try #require(
            try SwiftPackageExporter.files(.init(theme: df, styles: [capsule]))[
                "Sources/DesignFoundationTokens/ButtonStyles.swift"])
        #expect(styles.contains("case .pressed where reduceMotion: return ButtonLook("))
        #expect(styles.contains("opacity: 0.7, scale: 1, brightness: 0, glass: nil)"))
        #expect(styles.contains("private static let reducedMotionAnimation: Animation? = .easeInOut(duration: 0.2)"))
    }

    /// A style that says `scaledMetrics` grows its paddings, minimum height, corner radius
    /// and touch slop with Dynamic Type, relative to its label's text style (one
    /// `@ScaledMetric` per button); a style that does not keeps its points, and a
    /// fixed-size font keeps its lengths too.
    @Test func lengthsScaleWithTextWhereTheStyleSays() throws {
        let catalog = try SeededCatalog()
        var capsule = try #require(catalog.styles.first { $0.name == "capsule" })
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        func generated(_ style: StyleDefinition) throws -> [String: String] {
            try SwiftPackageExporter.files(.init(theme: df, styles: [style]))
        }
        let fixed = try #require(try generated(capsule)["Sources/DesignFoundationTokens/ButtonStyles.swift"])
        #expect(!fixed.contains("scalesWithText"))
        capsule.scaledMetrics = true
        let files = try generated(capsule)
        let styles = try #require(files["Sources/DesignFoundationTokens/ButtonStyles.swift"])
        #expect(styles.contains("touchSlop: nil, scalesWithText: true)"))
        let support = try #require(files["Sources/DesignFoundationTokens/ButtonLook.swift"])
        #expect(support.contains("_scaled = ScaledMetric(wrappedValue: 100, relativeTo: metrics.textStyle)"))
        #expect(support.contains("let factor = metrics.font.map { $0.relativeTo == nil } == true ? 1 : scaled / 100"))
        #expect(support.contains("shape: shape(metrics)"))
        #expect(try StyleResolver(style: capsule, theme: df).resolve(.init()).scaledMetrics)

        // The document's field: a boolean, named with its path otherwise.
        let text = try #require(
            String(
                data: try JSONSerialization.data(withJSONObject: [
                    "name": "x", "version": "1.0.0",
                    "component": "Button", "protocol": "ButtonStyle", "scaledMetrics": "yes",
                ]), encoding: .utf8))
        #expect(throws: DocumentError.self) { try StyleReader.read(Data(text.utf8), file: "x.style.json") }
        do {
            _ = try StyleReader.read(Data(text.utf8), file: "x.style.json")
        } catch let error as DocumentError {
            #expect(error.description.contains("$.scaledMetrics"))
        }
    }

    /// The loading label VoiceOver reads is the package's string `Loading`, from a string
    /// catalog with its translations, where SwiftPM builds resources.
    @Test func theLoadingLabelIsLocalizable() throws {
        let catalog = try SeededCatalog()
        let orange = try #require(catalog.themes.first { $0.name == "Orange" })
        let files = try SwiftPackageExporter.files(catalog.request(orange))
        let support = try #require(files["Sources/OrangeTokens/ButtonLook.swift"])
        #expect(
            support.contains(
                "Text(\"Loading\", bundle: .module, comment: \"VoiceOver's label for a loading button's progress indicator\")"
            ))
        let strings = try #require(files["Sources/OrangeTokens/Resources/Localizable.xcstrings"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(strings.utf8)) as? [String: Any])
        #expect(root["sourceLanguage"] as? String == "en")
        let loading = try #require((root["strings"] as? [String: Any])?["Loading"] as? [String: Any])
        let french = (loading["localizations"] as? [String: Any])?["fr"] as? [String: Any]
        #expect((french?["stringUnit"] as? [String: Any])?["value"] as? String == "Chargement")
        #expect(try #require(files["Package.swift"]).contains("defaultLocalization: \"en\""))
    }

    /// Every curve the style format allows is the animation it names: SwiftUI's
    /// `.snappy`, `.smooth` and `.bouncy` are springs of bounce 0.15, 0 and 0.3, written as
    /// those springs (`Spring(duration:bounce:)`: response = duration, damping = 1 − bounce,
    /// 1 / (1 + bounce) when negative). Was: `.default`, silently, for all three.
    @Test func everyCurveIsTheAnimationItNames() throws {
        let catalog = try SeededCatalog()
        var capsule = try #require(catalog.styles.first { $0.name == "capsule" })
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        let cases: [(Animation, String)] = [
            (Animation(curve: "snappy", duration: 0.2), ".spring(response: 0.2, dampingFraction: 0.85)"),
            (Animation(curve: "smooth"), ".spring(response: 0.5, dampingFraction: 1)"),
            (Animation(curve: "bouncy", duration: 0.4, bounce: 0.5), ".spring(response: 0.4, dampingFraction: 0.5)"),
            (Animation(curve: "spring", response: 0.3, bounce: -0.5), ".spring(response: 0.3, dampingFraction: 2)"),
            (Animation(curve: "easeOut", duration: 0.1), ".easeOut(duration: 0.1)"),
        ]
        for (animation, expected) in cases {
            capsule.animation = animation
            let styles = try #require(
                try SwiftPackageExporter.files(.init(theme: df, styles: [capsule]))[
                    "Sources/DesignFoundationTokens/ButtonStyles.swift"])
            #expect(styles.contains("private static let animation: Animation? = \(expected)\n"), "\(animation.curve)")
        }
    }

    // MARK: One lean API

    @Test func noGeneratedTypeIsNamedLikeAPlatformType() throws {
        let catalog = try SeededCatalog()
        for theme in catalog.themes {
            for (path, source) in try SwiftPackageExporter.files(catalog.request(theme)) where path.hasSuffix(".swift")
            {
                for line in source.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(where: { ["enum", "struct", "class"].contains($0) }),
                        index + 1 < words.count
                    else { continue }
                    let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    #expect(
                        !SwiftPackageNames.platformTypeNames.contains(String(name)), "\(theme.name) \(path): \(line)"
                    )
                }
            }
        }
        let orange = try #require(catalog.themes.first { $0.name == "Orange" })
        let source = try #require(
            try SwiftPackageExporter.files(catalog.request(orange))["Sources/OrangeTokens/Orange.swift"])
        #expect(source.contains("    public enum Colors {") && source.contains("    public enum Fonts {"))
        #expect(source.contains("    public enum Buttons {"))
    }

    @Test func shortcutsSayNoWordTwiceAndSystemColorsAreTheSystems() throws {
        let catalog = try SeededCatalog()
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        let files = try SwiftPackageExporter.files(catalog.request(df))
        let shortcuts = try #require(files["Sources/DesignFoundationTokens/Shortcuts.swift"])
        #expect(shortcuts.contains("public static var dfSystemBlue: Color {"))
        #expect(shortcuts.contains("public static var dfSecondarySystemBackground: Color {"))
        #expect(!shortcuts.contains("dfSystemColorsSystemBlue"))
        let assets = try #require(files["Sources/DesignFoundationTokens/Assets.swift"])
        #expect(!assets.contains("ColorAsset"))
        let source = try #require(files["Sources/DesignFoundationTokens/DesignFoundation.swift"])
        #expect(
            source.contains(
                "default: TokenColor(.sRGB, red: 0, green: 0.4784, blue: 1, alpha: 1, system: \"systemBlue\")"))
        #expect(
            source.contains("/// Apple's systemBlue: the system's own color on iOS, iPadOS and visionOS (and macOS)"))
        // colors.info aliases systemBlue: the system's color too; colors.accent is #007AFF in
        // both appearances, which systemBlue is not.
        #expect(
            source.contains(
                "\"dark\": TokenColor(.sRGB, red: 0.0392, green: 0.5176, blue: 1, alpha: 1, system: \"systemBlue\")"))
        #expect(
            source.contains(
                "public static let accent: Moded<TokenColor> = Moded(TokenColor(.sRGB, red: 0, green: 0.4784, blue: 1, alpha: 1))\n"
            ))
        let platform = try #require(files["Sources/DesignFoundationTokens/TokenTypes+Platform.swift"])
        #expect(platform.contains("case \"systemBlue\": return .systemBlue"))
        #expect(platform.contains("case \"label\": return .labelColor"))
        #expect(platform.contains("if let system = systemColor?.systemUIColor { return system }"))

        // A token named `label` holding another color is the theme's own.
        let own = try Self.theme(
            """
            { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"] } },
              "system": { "$type": "color",
                "label": { "$value": "#FF0000", "$extensions": { "catalog.modes": { "dark": "#FFFFFF" } } },
                "systemRed": { "$value": "#FF3B30", "$extensions": { "catalog.modes": { "dark": "#FF453A" } } } } }
            """)
        let ownSource = try #require(try Self.files(own)["Sources/ShopTokens/Shop.swift"])
        #expect(!ownSource.contains("system: \"label\""))
        #expect(ownSource.contains("system: \"systemRed\""))
        let ownShortcuts = try #require(try Self.files(own)["Sources/ShopTokens/Shortcuts.swift"])
        #expect(ownShortcuts.contains("public static var shopSystemLabel: Color {"))
        #expect(ownShortcuts.contains("public static var shopSystemRed: Color {"))
    }

    /// The system colors' values are the SwiftUI seed theme's (Apple's published values).
    @Test func systemColorValuesAgreeWithTheSwiftUISeed() throws {
        let seed = try #require(EmbeddedFile.seeds.first { $0.path.hasSuffix("SwiftUI-1.0.0.tokens.json") })
        let swiftUI = try ThemeReader.read(seed.data, file: seed.path)
        let probe = SwiftPackageExporter.appleSystemColors
        #expect(probe.count == 29)
        let resolver = TokenResolver(theme: swiftUI)
        let dimension = try #require(swiftUI.dimensions.first { $0.modes.contains("dark") }?.name)
        for (name, entry) in probe {
            let light = CatalogModel.Color(dtcg: try resolver.resolve("colors.\(name)"))
            let dark = CatalogModel.Color(
                dtcg: try resolver.resolve("colors.\(name)", in: ModeContext([dimension: "dark"])))
            #expect(light?.hexRGBA == entry.light && dark?.hexRGBA == entry.dark, "\(name)")
        }
    }

    /// Public declarations per token, before this round (the first figure, measured on the
    /// previous generator) and now.
    @Test func publicDeclarationsPerToken() throws {
        let catalog = try SeededCatalog()
        let df = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        let files = try SwiftPackageExporter.files(.init(theme: df))
        let shortcuts = try #require(files["Sources/DesignFoundationTokens/Shortcuts.swift"])
        // A color token: its constant, Color, ShapeStyle, UIColor and NSColor (one of the last
        // two per platform), nothing more.
        #expect(shortcuts.components(separatedBy: "{ DesignFoundation.Colors.primary.").count - 1 == 3)
        #expect(shortcuts.components(separatedBy: "Color.dfPrimary }").count - 1 == 1)
        #expect(Self.publicDeclarations(files) < 400, "\(Self.publicDeclarations(files))")
    }
}
