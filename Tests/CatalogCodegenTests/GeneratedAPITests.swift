import CatalogCodegen
import CatalogModel
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

/// Liquid Glass in the style model and the generated code, the shortcuts, the assets'
/// bundle, the previews and the availability the generator writes.
@Suite struct GeneratedAPITests {
    func style(_ glass: String) throws -> StyleDefinition {
        try StyleReader.read(
            Data(
                """
                { "name": "Pill", "version": "1.0.0", "component": "Button", "protocol": "ButtonStyle",
                  "accent": "{c.accent}", "glass": \(glass), "shape": { "kind": "capsule" },
                  "roles": { "destructive": { "accent": "{c.red}" } },
                  "states": { "normal": { "background": { "material": "thin" }, "foreground": "#FFFFFF" } } }
                """.utf8), file: "pill.style.json"
        ).style
    }

    func theme() throws -> Theme {
        try ThemeReader.read(
            Data(
                """
                { "c": { "$type": "color", "accent": { "$value": "#0A84FF" }, "red": { "$value": "#FF3B30" },
                         "text-primary": { "$value": "#111111", "$extensions": { "catalog.modes": { "dark": "#EEEEEE" } } } },
                  "colors": { "$type": "color", "textPrimary": { "$value": "#222222" } },
                  "typography": { "$type": "typography",
                    "title": { "$value": { "fontFamily": "Inter", "fontSize": "20px", "fontWeight": 600,
                                           "lineHeight": 1.4, "letterSpacing": "0.5px" } } } }
                """.utf8), file: "t.json", naming: .init(name: "ShopKit", version: Semver(1, 0, 0)))
    }

    @Test func glassIsReadResolvedPerRoleAndRefusedWhenWrong() throws {
        let pill = try style(#"{ "tint": "accent" }"#)
        #expect(pill.glass == Glass(variant: "regular", tint: .accent, interactive: true))
        #expect(pill.tokenReferences.contains { $0.jsonPath == "$.glass.tint" && $0.token == "c.accent" } == false)
        let resolver = StyleResolver(style: pill, theme: try theme())
        let plain = try resolver.resolve(.init())
        #expect(plain.glass?.text == "glass(regular, tint #0A84FFFF, interactive)")
        #expect(plain.background.material == "thin", "the fallback stays the state's background")
        let destructive = try resolver.resolve(.init(role: "destructive"))
        #expect(destructive.glass?.tint?.color?.hexRGBA == "#FF3B30FF", "the tint follows the role's accent")
        let clear = try style(#"{ "variant": "clear", "interactive": false, "tint": "{c.red}" }"#)
        #expect(clear.tokenReferences.contains { $0.jsonPath == "$.glass.tint" && $0.token == "c.red" })
        #expect(
            try StyleResolver(style: clear, theme: try theme()).resolve(.init()).glass?.text
                == "glass(clear, tint #FF3B30FF)")
        for (glass, message) in [
            (#"{ "variant": "frosted" }"#, "$.glass.variant"),
            (#"{ "tint": { "material": "thin" } }"#, "a glass tint is a color, not a material"),
            (#"{ "shine": true }"#, "$.glass"),
            (#"{ "interactive": "yes" }"#, "$.glass.interactive"),
        ] {
            #expect {
                try style(glass)
            } throws: { error in
                "\(error)".contains("pill.style.json") && "\(error)".contains(message)
            }
        }
    }

    @Test func glassStylesDrawGlassWhereTheSystemHasItAndAreAvailableWhereTheirFallbackIs() throws {
        let pill = try style(#"{ "tint": "accent" }"#)
        let files = try SwiftPackageExporter.files(.init(theme: try theme(), styles: [pill]))
        let styles = try #require(files["Sources/ShopKitTokens/ButtonStyles.swift"])
        #expect(
            styles.contains(
                "glass: ButtonLookGlass(tintColor: ShopKit.C.accent.color(in: context), isInteractive: true, isClear: false)"
            ))
        #expect(
            styles.contains(
                "glass: ButtonLookGlass(tintColor: ShopKit.C.red.color(in: context), isInteractive: true, isClear: false)"
            ))
        // ShopKit has a dimension: the styles' colors resolve in the view's context.
        #expect(styles.contains("@Environment(\\.shopKitContext) private var context"))
        // thinMaterial is the only API past the deployment targets: watchOS 10, nothing for iOS 26.
        // A style that names no theme takes its component's name as its prefix.
        #expect(styles.contains("@available(watchOS 10.0, *)\npublic struct ButtonPillButtonStyle: ButtonStyle {"))
        let look = try #require(files["Sources/ShopKitTokens/ButtonLook.swift"])
        #expect(
            look.contains("if let glass = look.glass, #available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *) {"))
        #expect(look.contains("content.glassEffect(glass.effect, in: shape)"))
        #expect(look.contains(".contentShape(shape)"))
        #expect(files["Package.swift"]?.contains(".watchOS(.v8), .visionOS(.v1)") == true)
        #expect(!styles.contains("String(describing:"))
    }

    @Test func shortcutsFollowThePrefixAndNameTheTokensThatWouldClash() throws {
        let files = try SwiftPackageExporter.files(.init(theme: try theme()))
        let shortcuts = try #require(files["Sources/ShopKitTokens/Shortcuts.swift"])
        // ShopKit has two capitals: the prefix is sk. c.text-primary and colors.textPrimary
        // would both be skTextPrimary ("colors" names the kind): neither gets a shortcut.
        #expect(shortcuts.contains("public static var skCAccent: Color { ShopKit.C.accent.color }"))
        #expect(shortcuts.contains("public static var skCAccent: Color { Color.skCAccent }"))
        #expect(shortcuts.contains("public static var skCAccent: UIColor { ShopKit.C.accent.uiColor }"))
        #expect(shortcuts.contains("public static var skCAccent: NSColor { ShopKit.C.accent.nsColor }"))
        #expect(shortcuts.contains("public static var skCTextPrimary: Color { ShopKit.C.textPrimary.color }"))
        #expect(shortcuts.contains("public static var skTextPrimary: Color { ShopKit.Colors.textPrimary.color }"))
        #expect(shortcuts.contains("public static var skTitle: Moded<TokenFont> { ShopKit.Typography.title }"))
        #expect(
            shortcuts.contains("public static var skTitle: UIFont { ShopKit.Typography.title.defaultValue.uiFont }"))
        let prefixed = try SwiftPackageExporter.files(.init(theme: try theme(), prefix: "shop"))
        #expect(
            prefixed["Sources/ShopKitTokens/Shortcuts.swift"]?.contains("static var shopTitle: Moded<TokenFont>")
                == true)
        #expect {
            try SwiftPackageExporter.files(.init(theme: try theme(), prefix: "9lives"))
        } throws: { error in
            "\(error)".contains("the prefix \"9lives\" is not an ASCII Swift identifier")
        }
        let assets = try #require(files["Sources/ShopKitTokens/Assets.swift"])
        #expect(assets.contains("public enum ShopKitAssets {"))
        #expect(!assets.contains("ColorAsset"), "no accessor per asset: the shortcuts are the API")
        #expect(assets.contains("public static var bundle: Bundle { Bundle.module }"))
        let support = try #require(files["Sources/ShopKitTokens/TokenTypes+SwiftUI.swift"])
        #expect(support.contains("public func tokenFont(_ font: TokenFont) -> some View"))
        #expect(support.contains(".tracking((font.letterSpacing ?? 0) * factor)"), "tracking scales")
        let tokens = try #require(files["Sources/ShopKitTokens/ShopKit.swift"])
        #expect(tokens.contains("lineHeight: 1.4, letterSpacing: 0.5"), "line height and tracking are kept")
    }

    @Test func clashingShortcutsAreNamedNotDropped() throws {
        let clash = try ThemeReader.read(
            Data(
                """
                { "color": { "$type": "color", "brand": { "$value": "#000000" } },
                  "brand": { "$type": "color", "$value": "#FFFFFF" } }
                """.utf8), file: "t.json", naming: .init(name: "Shop", version: Semver(1, 0, 0)))
        let shortcuts = try #require(
            try SwiftPackageExporter.files(.init(theme: clash))["Sources/ShopTokens/Shortcuts.swift"])
        #expect(shortcuts.contains("// Without a shortcut (their shortcuts would be one name): color.brand, brand."))
        #expect(!shortcuts.contains("var shopBrand"))
    }

    @Test func previewsShowEveryRoleAndStateAtEachSizeInLightDarkLargeTypeAndRightToLeft() throws {
        let catalog = try SeededCatalog()
        let swiftUI = try #require(catalog.themes.first { $0.name == "SwiftUI" })
        let files = try SwiftPackageExporter.files(catalog.request(swiftUI))
        let previews = try #require(files["Sources/SwiftUITokens/ButtonStylePreviews.swift"])
        for style in catalog.request(swiftUI).styles {
            for name in ["light", "dark", "accessibility size", "right to left"] {
                #expect(previews.contains("#Preview(\"\(style.name), \(name)\")"), "\(style.name) \(name)")
            }
        }
        #expect(previews.contains(".dynamicTypeSize(DynamicTypeSize.accessibility3)"))
        #expect(previews.contains(".environment(\\.layoutDirection, LayoutDirection.rightToLeft)"))
        #expect(previews.contains("Button(role: .destructive) {} label: { Text(\"disabled\") }.disabled(true)"))
        #expect(
            previews.contains(
                "Button(role: nil) {} label: { Text(\"pressed\") }.environment(\\.buttonLookPreviewState, ButtonLookState.pressed)"
            ))
        // The theme's background under every gallery.
        #expect(previews.contains(".background(SwiftUITheme.Colors.systemBackground.color)"))
        // Orange's styles define hover, focus and loading: each drawn side by side.
        let orange = try #require(catalog.themes.first { $0.name == "Orange" })
        let oudsPreviews = try #require(
            try SwiftPackageExporter.files(catalog.request(orange))["Sources/OrangeTokens/ButtonStylePreviews.swift"])
        #expect(
            oudsPreviews.contains("Text(\"hover\") }.environment(\\.buttonLookPreviewState, ButtonLookState.hover)"))
        #expect(
            oudsPreviews.contains("Text(\"focus\") }.environment(\\.buttonLookPreviewState, ButtonLookState.focus)"))
        #expect(oudsPreviews.contains("Text(\"loading\") }.environment(\\.buttonLookLoading, true).disabled(true)"))
        #expect(previews.contains(".controlSize(ControlSize.small)"))
        #expect(previews.contains("if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) {"))
        #expect(previews.contains("#if DEBUG && canImport(DeveloperToolsSupport)"))
    }

    @Test func attributesComeFromTheTable() {
        #expect(SwiftAPI.attributes(for: ["AnyShapeStyle", "foregroundStyle"]).isEmpty)
        #expect(SwiftAPI.attributes(for: ["controlSize", "regularMaterial"]) == ["@available(watchOS 10.0, *)"])
        #expect(
            SwiftAPI.attributes(for: ["bar"]) == [
                "@available(tvOS, unavailable)", "@available(watchOS, unavailable)",
            ])
        #expect(
            SwiftAPI.condition(for: ["ControlSize.extraLarge"])
                == "#available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)")
        #expect(SwiftAPI.condition(for: ["Color"]) == nil)
    }

    /// A theme with several dimensions gets an accessor per dimension,
    /// with mode names repeated across dimensions kept apart.
    @Test func everyDimensionHasAnAccessorAndThePackageBuilds() throws {
        let theme = try ThemeReader.read(
            Data(
                """
                { "$extensions": { "catalog.dimensions": { "colorScheme": ["light", "dark"],
                    "density": { "modes": ["regular", "compact"], "default": "regular" },
                    "size": { "modes": ["regular", "large"], "default": "regular" } } },
                  "gap": { "$type": "dimension", "$value": "16px",
                           "$extensions": { "catalog.modes": { "compact": "8px", "size=large": "20px" } } },
                  "ink": { "$type": "color", "$value": "#111111", "$extensions": { "catalog.modes": { "dark": "#EEEEEE" } } } }
                """.utf8), file: "t.json", naming: .init(name: "Shop", version: Semver(1, 0, 0)))
        let files = try SwiftPackageExporter.files(.init(theme: theme))
        let source = try #require(files["Sources/ShopTokens/Shop.swift"])
        #expect(source.contains("public enum ShopModes {"))
        #expect(
            source.contains(
                "    public enum Density: String, CaseIterable, Sendable {\n        case regular = \"density=regular\"\n        case compact = \"compact\"\n    }"
            ), "\(source)")
        #expect(source.contains("        case large = \"large\""))
        #expect(source.contains("    public func value(in mode: ShopModes.Size) -> Value {"))
        // `ColorScheme` is SwiftUI's: the dimension's type takes the plural.
        #expect(source.contains("    public func value(in mode: ShopModes.ColorSchemes) -> Value {"))
        #expect(source.contains("\"compact\": 8"))
        let directory = try TemporaryDirectory()
        var package = files
        package["Sources/ShopTokens/Use.swift"] = """
            import Foundation

            func use() -> [CGFloat] {
                [Shop.gap.value(in: ShopModes.Density.compact), Shop.gap.value(in: ShopModes.Size.large),
                 Shop.gap.value(in: ShopModes.Size.regular), Shop.gap.defaultValue]
            }

            """
        for (path, content) in package {
            let url = directory.url.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let build = try SwiftPackageTests().run(["swift", "build", "--package-path", directory.url.path])
        #expect(build.status == 0, "\(build.output)")
    }
}
