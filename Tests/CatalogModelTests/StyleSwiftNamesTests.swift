import CatalogModel
import Foundation
import Testing

/// A style's names in the generated package, and the spellings lint and advice draw from
/// them: a style named after its component keeps its own; a custom style takes its theme's
/// prefix, its old names kept as deprecated aliases that lint still knows.
@Suite struct StyleSwiftNamesTests {
    static func style(_ name: String, component: String = "DFButton", theme: String? = "DesignFoundation")
        throws -> StyleDefinition
    {
        let themeField = theme.map { "\"theme\": \"\($0)\"," } ?? ""
        let text = """
            { "name": "\(name)", "version": "1.0.0", "component": "\(component)", "protocol": "ButtonStyle", \(themeField)
              "shape": { "kind": "capsule" }, "states": { "normal": { "background": "#000000" } } }
            """
        return try StyleReader.read(Data(text.utf8), file: "s.json").style
    }

    @Test(
        arguments: [
            ("capsule", "DFButton", "DesignFoundation", "dfCapsule", "DFCapsuleButtonStyle", "capsule"),
            ("DFButton.filled", "DFButton", "DesignFoundation", "dfButtonFilled", "DFButtonFilledButtonStyle", nil),
            ("OUDSButton.brand", "OUDSButton", "Sosh", "oudsButtonBrand", "OUDSButtonBrandButtonStyle", nil),
            ("pill-large", "OUDSButton", "Orange", "orangePillLarge", "OrangePillLargeButtonStyle", "pillLarge"),
            // Already prefixed: kept. A word that only starts like the prefix is not.
            ("dfPill", "DFButton", "DesignFoundation", "dfPill", "DfPillButtonStyle", nil),
            ("different", "DFButton", "DesignFoundation", "dfDifferent", "DFDifferentButtonStyle", "different"),
            // The SwiftUI theme's namespace is SwiftUITheme (SwiftUI is a module): its prefix.
            ("capsule", "Button", "SwiftUI", "suitCapsule", "SUITCapsuleButtonStyle", "capsule"),
            // A keyword as the old name stays a usable alias.
            ("default", "DFButton", "DesignFoundation", "dfDefault", "DFDefaultButtonStyle", "default"),
        ] as [(String, String, String, String, String, String?)])
    func namesFollowOneRule(
        name: String, component: String, theme: String, member: String, type: String, alias: String?
    ) throws {
        let names = try Self.style(name, component: component, theme: theme).swiftNames
        #expect(names.member == member && names.type == type, "\(names)")
        #expect(names.alias?.member == alias)
    }

    /// Without a theme, the component's name is the prefix.
    @Test func aStyleWithoutThemeTakesItsComponentsName() throws {
        let names = try Self.style("capsule", theme: nil).swiftNames
        #expect(names.member == "dfButtonCapsule" && names.type == "DFButtonCapsuleButtonStyle")
    }

    /// Lint and docs know the generated names; the aliases only as deprecated spellings.
    @Test func spellingsNameTheGeneratedStyleAndKeepTheAliasesApart() throws {
        let capsule = try Self.style("capsule")
        #expect(
            capsule.generatedSpellings.map(\.text) == [
                ".buttonStyle(.dfCapsule)", ".buttonStyle(DFCapsuleButtonStyle())",
            ])
        #expect(
            capsule.deprecatedSpellings.map(\.text) == [".buttonStyle(.capsule)", ".buttonStyle(CapsuleButtonStyle())"])
        #expect(try Self.style("DFButton.filled").deprecatedSpellings.isEmpty)
    }
}
