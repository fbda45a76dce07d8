import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import CatalogStore

/// Expected values for one style, state and role in DesignFoundation 1.1.2, light.
struct StyleCase: CustomTestStringConvertible, Sendable {
    let style: String
    let state: String
    let role: String?
    let background: String
    let foreground: String
    var border: String = "none"
    var scale: Double = 1
    var opacity: Double = 1

    var testDescription: String { "\(style) \(state) \(role ?? "no role")" }
}

let dfCases: [StyleCase] = [
    .init(style: "DFButton.filled", state: "normal", role: nil, background: "#007AFFFF", foreground: "#FFFFFFFF"),
    .init(
        style: "DFButton.filled", state: "normal", role: "destructive", background: "#FF3B30FF", foreground: "#FFFFFFFF"
    ),
    .init(
        style: "DFButton.filled", state: "pressed", role: nil, background: "#007AFFBF", foreground: "#FFFFFFFF",
        scale: 0.97),
    .init(
        style: "DFButton.filled", state: "pressed", role: "destructive", background: "#FF3B30BF",
        foreground: "#FFFFFFFF", scale: 0.97),
    .init(style: "DFButton.filled", state: "disabled", role: nil, background: "#E5E5EAFF", foreground: "#3C3C434D"),
    .init(
        style: "DFButton.filled", state: "disabled", role: "destructive", background: "#E5E5EAFF",
        foreground: "#3C3C434D"),
    .init(
        style: "DFButton.outlined", state: "normal", role: nil, background: "none", foreground: "#007AFFFF",
        border: "1.5 #007AFFFF"),
    .init(
        style: "DFButton.outlined", state: "normal", role: "destructive", background: "none", foreground: "#FF3B30FF",
        border: "1.5 #FF3B30FF"),
    .init(
        style: "DFButton.outlined", state: "pressed", role: nil, background: "none", foreground: "#007AFFFF",
        border: "1.5 #007AFFFF", scale: 0.97),
    .init(
        style: "DFButton.outlined", state: "pressed", role: "destructive", background: "none", foreground: "#FF3B30FF",
        border: "1.5 #FF3B30FF", scale: 0.97),
    .init(
        style: "DFButton.outlined", state: "disabled", role: nil, background: "none", foreground: "#3C3C434D",
        border: "1.5 #3C3C434A", opacity: 0.5),
    .init(
        style: "DFButton.outlined", state: "disabled", role: "destructive", background: "none", foreground: "#3C3C434D",
        border: "1.5 #3C3C434A", opacity: 0.5),
    .init(style: "DFButton.ghost", state: "normal", role: nil, background: "none", foreground: "#007AFFFF"),
    .init(style: "DFButton.ghost", state: "normal", role: "destructive", background: "none", foreground: "#FF3B30FF"),
    .init(
        style: "DFButton.ghost", state: "pressed", role: nil, background: "none", foreground: "#007AFFFF", opacity: 0.6),
    .init(
        style: "DFButton.ghost", state: "pressed", role: "destructive", background: "none", foreground: "#FF3B30FF",
        opacity: 0.6),
    .init(
        style: "DFButton.ghost", state: "disabled", role: nil, background: "none", foreground: "#3C3C434D", opacity: 0.5
    ),
    .init(
        style: "DFButton.ghost", state: "disabled", role: "destructive", background: "none", foreground: "#3C3C434D",
        opacity: 0.5),
    .init(style: "DFButton.tinted", state: "normal", role: nil, background: "#007AFF26", foreground: "#007AFFFF"),
    .init(
        style: "DFButton.tinted", state: "normal", role: "destructive", background: "#FF3B3026", foreground: "#FF3B30FF"
    ),
    .init(style: "DFButton.tinted", state: "pressed", role: nil, background: "#007AFF40", foreground: "#007AFFFF"),
    .init(
        style: "DFButton.tinted", state: "pressed", role: "destructive", background: "#FF3B3040",
        foreground: "#FF3B30FF"),
    .init(style: "DFButton.tinted", state: "disabled", role: nil, background: "#E5E5EAFF", foreground: "#3C3C434D"),
    .init(
        style: "DFButton.tinted", state: "disabled", role: "destructive", background: "#E5E5EAFF",
        foreground: "#3C3C434D"),
    .init(
        style: "DFButton.glass", state: "normal", role: nil, background: "material(regular)", foreground: "#000000FF",
        border: "0.5 #FFFFFF33"),
    .init(
        style: "DFButton.glass", state: "normal", role: "destructive", background: "material(regular)",
        foreground: "#000000FF", border: "0.5 #FFFFFF33"),
    .init(
        style: "DFButton.glass", state: "pressed", role: nil, background: "material(regular)", foreground: "#000000FF",
        border: "0.5 #FFFFFF33", scale: 0.97),
    .init(
        style: "DFButton.glass", state: "pressed", role: "destructive", background: "material(regular)",
        foreground: "#000000FF", border: "0.5 #FFFFFF33", scale: 0.97),
    .init(
        style: "DFButton.glass", state: "disabled", role: nil, background: "material(regular)", foreground: "#3C3C434D",
        border: "0.5 #FFFFFF33", opacity: 0.5),
    .init(
        style: "DFButton.glass", state: "disabled", role: "destructive", background: "material(regular)",
        foreground: "#3C3C434D", border: "0.5 #FFFFFF33", opacity: 0.5),
    .init(style: "capsule", state: "normal", role: nil, background: "#007AFFFF", foreground: "#FFFFFFFF"),
    .init(style: "capsule", state: "normal", role: "destructive", background: "#FF3B30FF", foreground: "#FFFFFFFF"),
    .init(style: "capsule", state: "pressed", role: nil, background: "#007AFFCC", foreground: "#FFFFFFFF", scale: 0.95),
    .init(
        style: "capsule", state: "pressed", role: "destructive", background: "#FF3B30CC", foreground: "#FFFFFFFF",
        scale: 0.95),
    .init(style: "capsule", state: "disabled", role: nil, background: "#E5E5EAFF", foreground: "#3C3C434D"),
    .init(style: "capsule", state: "disabled", role: "destructive", background: "#E5E5EAFF", foreground: "#3C3C434D"),
]

@Suite struct StyleResolutionTests {
    /// The seeds plus the capsule example, in a copy of the seeded template that lives
    /// as long as the returned directory.
    static func makeRepository() throws -> (Repository, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let repository = try seededCopy(in: directory)
        try repository.write { transaction in
            let data = try capsuleDocument()
            let (style, document) = try StyleReader.read(data, file: "capsule.json")
            _ = try repository.publish(
                style: style, document: document, text: String(decoding: data, as: UTF8.self),
                sourceFile: "capsule.json", in: transaction)
        }
        return (repository, directory)
    }

    @Test(arguments: dfCases)
    func designFoundationStylesResolve(_ expected: StyleCase) throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let style = try repository.style(VersionedName(name: expected.style)).style
        let theme = try repository.theme(VersionedName(name: "DesignFoundation"))
        let resolved = try StyleResolver(style: style, theme: theme).resolve(
            .init(role: expected.role, state: expected.state))
        #expect(resolved.background.text == expected.background)
        #expect(resolved.foreground?.text == expected.foreground)
        #expect(resolved.border.map { "\(JSON.format($0.width.points)) \($0.paint.text)" } ?? "none" == expected.border)
        #expect(resolved.scale == expected.scale)
        #expect(resolved.opacity == expected.opacity)
    }

    @Test func capsuleMatchesTheDFButtonPage() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let style = try repository.style(VersionedName(name: "capsule")).style
        let theme = try repository.theme(VersionedName(name: "DesignFoundation"))
        let resolved = try StyleResolver(style: style, theme: theme).resolve(
            .init(role: "destructive", state: "pressed"))
        #expect(resolved.shape == .capsule)
        #expect(resolved.horizontalPadding == ResolvedLength(points: 24, token: "spacing.xl"))
        #expect(resolved.verticalPadding == ResolvedLength(points: 8, token: "spacing.sm"))
        #expect(
            resolved.font
                == ResolvedFont(token: "typography.label", textStyle: "subheadline", family: nil, size: 15, weight: 500)
        )
        #expect(
            resolved.animation
                == ResolvedAnimation(
                    curve: "spring", duration: nil, response: 0.25, dampingFraction: 0.6, bounce: nil, token: nil))
    }

    /// Checking many styles against one theme resolves each reference once: those that
    /// resolve are remembered, and one that does not is reported for every style using it.
    @Test func referencesThatResolveAreRememberedAndProblemsAreNot() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let resolver = TokenResolver(theme: try repository.theme(VersionedName(name: "DesignFoundation")))
        let capsule = try repository.style(VersionedName(name: "capsule")).style
        var resolved: Set<String> = []
        #expect(StyleResolver(style: capsule, resolver: resolver).problems(skipping: &resolved).isEmpty)
        #expect(resolved.contains("color:colors.primary"))
        #expect(resolved.contains("dimension:spacing.xl"))
        #expect(resolved.contains("typography:typography.label"))
        // The optional candidate before the fallback is missing from DesignFoundation: not remembered.
        #expect(!resolved.contains { $0.hasSuffix(":components.button.labelStyle") })
        let text = String(decoding: try capsuleDocument(), as: UTF8.self)
            .replacingOccurrences(of: "{colors.textDisabled}", with: "{colors.noSuchColor}")
        let broken = try StyleReader.read(Data(text.utf8), file: "broken.json").style
        for _ in 0..<2 {
            let problems = StyleResolver(style: broken, resolver: resolver).problems(skipping: &resolved)
            #expect(problems.map(\.jsonPath) == ["$.states.disabled.foreground"])
            #expect(problems.first?.message.contains("colors.noSuchColor") == true)
        }
        #expect(!resolved.contains("color:colors.noSuchColor"))
        #expect(
            StyleResolver(style: broken, resolver: resolver).problems().map(\.jsonPath) == [
                "$.states.disabled.foreground"
            ])
    }

    @Test func darkModeAndPresetThemesResolve() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let filled = try repository.style(VersionedName(name: "DFButton.filled")).style
        let theme = try repository.theme(VersionedName(name: "DesignFoundation"))
        let dark = try StyleResolver(style: filled, theme: theme).resolve(
            .init(context: ModeContext(["colorScheme": "dark"]), state: "disabled"))
        #expect(dark.background.text == "#2C2C2EFF")
        #expect(dark.foreground?.text == "#EBEBF54D")
        let slate = try repository.theme(VersionedName(name: "DesignFoundation-Slate"))
        let slateDark = try StyleResolver(style: filled, theme: slate).resolve(
            .init(context: ModeContext(["colorScheme": "dark"])))
        #expect(slateDark.background.text == "#64B5F6FF")
        #expect(slateDark.cornerRadius?.points == 8)
        let sage = try repository.theme(VersionedName(name: "DesignFoundation-Sage"))
        #expect(try StyleResolver(style: filled, theme: sage).resolve(.init()).cornerRadius?.points == 12)
    }

    @Test func buttonVariantStyleMetricsAndMotion() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let theme = try repository.theme(VersionedName(name: "SwiftUI"))
        let filled = try repository.style(VersionedName(name: "ButtonVariantStyle.filled")).style
        let resolver = StyleResolver(style: filled, theme: theme)
        let small = try resolver.resolve(.init(state: "pressed", size: "small"))
        #expect(
            small.horizontalPadding?.points == 12 && small.verticalPadding?.points == 7
                && small.cornerRadius?.points == 10)
        #expect(small.touchSlop?.points == 6)
        #expect(small.scale == 0.96 && small.brightness == -0.08)
        #expect(small.foreground?.text == "#FFFFFFFF")
        let regular = try resolver.resolve(.init())
        #expect(regular.size == "regular" && regular.horizontalPadding?.points == 18 && regular.touchSlop?.points == 0)
        let large = try resolver.resolve(.init(size: "large"))
        #expect(large.font?.textStyle == "title3" && large.font?.size == 20 && large.font?.weight == 600)
        let reduced = try resolver.resolve(.init(state: "pressed", reduceMotion: true))
        #expect(reduced.scale == 1 && reduced.opacity == 0.7 && reduced.animation == nil)
        #expect(try resolver.resolve(.init(state: "disabled")).opacity == 0.4)
        #expect(try resolver.resolve(.init(role: "destructive")).background.text == "#FF3B30FF")
        #expect(
            try resolver.resolve(.init()).animation
                == ResolvedAnimation(
                    curve: "spring", duration: 0.25, response: nil, dampingFraction: nil, bounce: 0.4, token: nil))
    }

    @Test func oudsRoundedTuningAndAliasChains() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let strong = try repository.style(VersionedName(name: "OUDSButton.strong")).style
        let orange = try StyleResolver(style: strong, theme: try repository.theme(VersionedName(name: "Orange")))
            .resolve(.init())
        let sosh = try StyleResolver(style: strong, theme: try repository.theme(VersionedName(name: "Sosh"))).resolve(
            .init())
        #expect(orange.cornerRadius == ResolvedLength(points: 8, token: "button.borderRadius"))
        #expect(sosh.cornerRadius?.points == 0)
        #expect(orange.minHeight?.points == 48)
        let brand = try repository.style(VersionedName(name: "OUDSButton.brand")).style
        #expect(
            try StyleResolver(style: brand, theme: try repository.theme(VersionedName(name: "Orange"))).resolve(.init())
                .background.text == "#FF7900FF")
    }

    @Test func badRequestsSayWhatExists() throws {
        let (repository, scratch) = try Self.makeRepository()
        defer { withExtendedLifetime(scratch) {} }
        let filled = try repository.style(VersionedName(name: "DFButton.filled")).style
        let resolver = StyleResolver(
            style: filled, theme: try repository.theme(VersionedName(name: "DesignFoundation")))
        #expect(throws: RequestError("style DFButton.filled has no hover state; it defines normal, pressed, disabled"))
        {
            try resolver.resolve(.init(state: "hover"))
        }
        #expect(throws: RequestError("unknown role 'primary'; roles: cancel, destructive")) {
            try resolver.resolve(.init(role: "primary"))
        }
        #expect(throws: RequestError.self) { try repository.style(VersionedName(name: "filled")) }  // ambiguous
        #expect(try repository.styleName("capsule") == "capsule")
        #expect(try repository.styleName("borderedProminent") == "Button.borderedProminent")
    }
}
