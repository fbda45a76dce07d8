import CatalogCodegen
import CatalogModel
import CatalogTokenFiles
import Foundation
import TestSupport
import Testing

/// The generated package's public API between two versions of a theme: one declared
/// type per token kind whatever its modes, the breaks the version check refuses, and the
/// toolchain's `swift-api-digester` agreeing on the same pairs.
@Suite struct SwiftPublicAPITests {
    static func theme(_ body: String, version: Semver = Semver(1, 0, 0)) throws -> Theme {
        try ThemeReader.read(Data(body.utf8), file: "shop.json", naming: .init(name: "Shop", version: version))
    }

    static let first = """
        { "color": { "$type": "color", "primary": { "$value": "#0A84FF" },
                     "text-primary": { "$value": "#111111" } },
          "size": { "$type": "dimension", "gap": { "$value": "8px" } },
          "font": { "$type": "typography", "title": { "$value": { "fontFamily": "Inter", "fontSize": "20px",
                     "fontWeight": 600, "lineHeight": 1.2, "letterSpacing": "0px" } } } }
        """

    /// `primary` gains a dark value, which made it a `Moded` where it had been a plain
    /// `TokenColor`; `gap` becomes a percentage; a `colors.textPrimary` comes whose
    /// shortcut meets `color.text-primary`'s.
    static let gainsADarkMode = first.replacingOccurrences(
        of: ##""primary": { "$value": "#0A84FF" }"##,
        with: ##""primary": { "$value": "#0A84FF", "$extensions": { "catalog.modes": { "dark": "#409CFF" } } }"##)
    static let percentage = first.replacingOccurrences(of: #""8px""#, with: #""50%""#)
    static let clashingShortcut = first.replacingOccurrences(
        of: #""size":"#, with: ##""colors": { "$type": "color", "textPrimary": { "$value": "#222222" } }, "size":"##)

    @Test func aTokenGainingAModeKeepsItsDeclaration() throws {
        let old = SwiftPublicAPI(theme: try Self.theme(Self.first))
        let new = SwiftPublicAPI(theme: try Self.theme(Self.gainsADarkMode))
        #expect(old.declarations["Shop.Colors.primary"] == "Moded<TokenColor>")
        #expect(new.declarations["Shop.Colors.primary"] == "Moded<TokenColor>")
        #expect(old.declarations["Shop.Size.gap"] == "Moded<CGFloat>")
        #expect(old.declarations["Moded<TokenFont>.shopTitle"] == "Moded<TokenFont>")
        #expect(old.declarations["Color.shopPrimary"] == "Color")
        #expect(old.breakingChanges(to: new).isEmpty, "\(old.breakingChanges(to: new))")
        // The new dimension adds its modes and the context's property: nothing an app used goes.
        #expect(new.declarations["ShopContext.colorScheme"] == "ShopModes.ColorSchemes")
        #expect(new.declarations["ShopModes.ColorSchemes.dark"] == "case")
    }

    @Test func aTypeChangeAndALostShortcutAreBreaks() throws {
        let old = SwiftPublicAPI(theme: try Self.theme(Self.first))
        #expect(
            old.breakingChanges(to: SwiftPublicAPI(theme: try Self.theme(Self.percentage))).map(\.message) == [
                "the generated Swift `Shop.Size.gap` changes type from Moded<CGFloat> to Moded<String>"
            ])
        // colors.textPrimary and color.text-primary would both be shopTextPrimary: neither has
        // one now. And the groups `color` and `colors` would both be `Colors`: each is spelled
        // as written, so `Shop.Colors.primary` is `Shop.color.primary` now.
        let lost = old.breakingChanges(to: SwiftPublicAPI(theme: try Self.theme(Self.clashingShortcut)))
        #expect(
            Set(lost.map(\.declaration)) == [
                "Color.shopTextPrimary", "UIColor.shopTextPrimary", "NSColor.shopTextPrimary",
                "ShapeStyle.shopTextPrimary", "Shop.Colors.primary",
            ])
        #expect(lost.contains { $0.message == "the generated Swift `Shop.Colors.primary` (Moded<TokenColor>) is gone" })
        #expect(lost.contains { $0.message == "the generated Swift `Color.shopTextPrimary` (Color) is gone" })
    }

    @Test func onlyAddedTokensReferencesAndNewShapesCanMoveTheAPI() {
        func json(_ text: String) -> JSON { try! JSONParser.parse(text, file: "t.json") }
        #expect(!SwiftPublicAPI.mayChange(from: json(##""#0A84FF""##), to: json(##""#0060DF""##)))
        #expect(!SwiftPublicAPI.mayChange(from: json(#""8px""#), to: json(#""12px""#)))
        #expect(!SwiftPublicAPI.mayChange(from: json(#""8px""#), to: nil), "a deletion is breaking already")
        #expect(SwiftPublicAPI.mayChange(from: nil, to: json(#""8px""#)))
        // Whole DTCG objects, as the theme diff holds them.
        #expect(
            !SwiftPublicAPI.mayChange(
                from: json(#"{"$value": "8px", "$description": "Gap"}"#),
                to: json(#"{"$value": "12px", "$description": "The gap"}"#)))
        #expect(
            SwiftPublicAPI.mayChange(
                from: json(#"{"$value": {"value": 8, "unit": "px"}}"#), to: json(#"{"$value": "50%"}"#)))
        #expect(
            SwiftPublicAPI.mayChange(
                from: json(#"{"$value": "8px"}"#),
                to: json(#"{"$value": "8px", "$extensions": {"catalog.modes": {"dark": "{size.gap}"}}}"#)))
        #expect(SwiftPublicAPI.mayChange(from: json(#""8px""#), to: json(#""50%""#)))
        #expect(SwiftPublicAPI.mayChange(from: json(#""8px""#), to: json(#""{size.base}""#)))
        #expect(
            SwiftPublicAPI.mayChange(
                from: json(#"{ "colorSpace": "srgb", "components": [1, 0, 0] }"#), to: json(#""red""#)))
    }

    /// The toolchain's API digester, beside `swift` (Swift ships it on Linux).
    static let digester: String? = ExternalTool.path("swift").flatMap { swift in
        let tool = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .appending(path: "swift-api-digester").path
        return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil
    }

    /// The constants' API of `theme`'s package as the digester dumps it: its Foundation-only
    /// files (the token types and the namespace) built as a module.
    static func dump(_ theme: Theme, in folder: URL) throws -> URL {
        let files = try SwiftPackageExporter.files(.init(theme: theme))
        let sources = ["TokenTypes.swift", "Shop.swift"].map { folder.appending(path: $0) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for source in sources {
            try #require(files["Sources/ShopTokens/\(source.lastPathComponent)"]).write(
                to: source, atomically: true, encoding: .utf8)
        }
        let module = folder.appending(path: "ShopTokens.swiftmodule").path
        let built = try ExternalTool.run(
            ["swiftc", "-emit-module", "-module-name", "ShopTokens", "-emit-module-path", module] + sources.map(\.path))
        #expect(built.status == 0, "\(built.output)")
        let dump = folder.appending(path: "api.json")
        let dumped = try ExternalTool.run(
            [try #require(digester), "-dump-sdk", "-module", "ShopTokens", "-I", folder.path, "-o", dump.path])
        #expect(dumped.status == 0, "\(dumped.output)")
        return dump
    }

    /// The token constants the digester finds removed or retyped from `old` to `new`.
    static func digesterBreaks(_ old: Theme, _ new: Theme) throws -> Set<String> {
        let directory = try TemporaryDirectory()
        let before = try dump(old, in: directory.url.appending(path: "old"))
        let after = try dump(new, in: directory.url.appending(path: "new"))
        let report = try ExternalTool.run(
            [try #require(digester), "-diagnose-sdk", "--input-paths", before.path, "--input-paths", after.path])
        // `Var Shop.Size.gap has declared type change from …`, `Var Shop.Colors.x has been removed`.
        return Set(
            report.output.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("Var "), line.contains(" has ") else { return nil }
                return String(line.dropFirst(4).prefix { $0 != " " })
            })
    }

    /// What the version check compares, checked against the toolchain's own API comparison
    /// on the token constants (the digester needs a built module; the shortcuts and context
    /// need SwiftUI, which Linux lacks, so ``SwiftPublicAPI`` alone covers them).
    @Test(.enabled(if: ExternalTool.isCI || digester != nil, "swift-api-digester ships with the Swift toolchain"))
    func theDigesterFindsTheSameBreaks() throws {
        let first = try Self.theme(Self.first)
        for changed in [Self.gainsADarkMode, Self.percentage] {
            let new = try Self.theme(changed)
            let ours = SwiftPublicAPI(theme: first).breakingChanges(to: SwiftPublicAPI(theme: new))
                .map(\.declaration).filter { $0.hasPrefix("Shop.") }
            #expect(try Self.digesterBreaks(first, new) == Set(ours), "\(changed)")
        }
        // Before one type per kind, gaining a mode turned `TokenColor` into `Moded<TokenColor>`:
        // the digester says so of such a pair, which it no longer is.
        #expect(try Self.digesterBreaks(first, try Self.theme(Self.percentage)) == ["Shop.Size.gap"])
    }
}
