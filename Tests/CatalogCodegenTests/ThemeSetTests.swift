import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import CatalogCodegen

/// Several brands in one app: OUDS's Orange and Sosh generated as one module whose context
/// chooses the brand at run time, every value the one `theme show` gives for that brand and
/// mode, and the whole package type-checked with an app that switches brands.
@Suite struct ThemeSetTests {
    static func brands() throws -> (catalog: SeededCatalog, orange: Theme, sosh: Theme) {
        let catalog = try SeededCatalog()
        let orange = try #require(catalog.themes.first { $0.name == "Orange" })
        let sosh = try #require(catalog.themes.first { $0.name == "Sosh" })
        return (catalog, orange, sosh)
    }

    /// A compiled program reads every color, dimension and number token of the package in
    /// each brand and color scheme; each value is the brand's own, resolved as `theme show
    /// --mode` resolves it (a token a brand lacks has the default there, as its comment says).
    @Test func aCompiledProgramSwitchesBrandsAndReadsWhatThemeShowGives() throws {
        let (_, orange, sosh) = try Self.brands()
        let request = SwiftPackageExporter.Request(theme: orange, module: "OUDSTokens", otherThemes: [sosh])
        let files = try SwiftPackageExporter.files(request)
        let set = try SwiftThemeSet([orange, sosh], name: "OUDS")
        #expect(set.dimension.name == "theme" && set.dimension.modes == ["Orange", "Sosh"])
        let constants = SwiftTokens(theme: set.theme, namespace: "OUDS").members(contexts: set.contexts).constants
            .values.filter { ["TokenColor", "CGFloat", "Double"].contains($0.swiftType) }
            .sorted { $0.token.path < $1.token.path }
        #expect(constants.count > 40, "the brands' colors, dimensions and numbers")
        let contexts = [
            ("Orange", nil, "OUDSContext()"), ("Orange", "dark", "OUDSContext(colorScheme: .dark)"),
            ("Sosh", nil, "OUDSContext(theme: .sosh)"),
            ("Sosh", "dark", "OUDSContext(theme: .sosh, colorScheme: .dark)"),
        ]
        var program = """
            import Foundation

            func text(_ color: TokenColor?) -> String {
                guard let color else { return "none" }
                let channels = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
                return "#" + channels.map { String(format: "%02X", $0) }.joined()
            }
            func text(_ number: Double?) -> String { number.map { "\\($0)" } ?? "none" }

            """
        for (brand, mode, context) in contexts {
            for constant in constants {
                let read =
                    constant.swiftType == "CGFloat"
                    ? "Double(\(constant.qualifiedName).value(in: \(context)))"
                    : "\(constant.qualifiedName).value(in: \(context))"
                program += "print(\"\(brand)\\t\(mode ?? "")\\t\(constant.token.path)\\t\\(text(\(read)))\")\n"
            }
        }
        let directory = try TemporaryDirectory()
        var sources: [String] = []
        for name in ["TokenTypes.swift", "OUDS.swift"] {
            let url = directory.url.appending(path: name)
            try #require(files["Sources/OUDSTokens/\(name)"]).write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let main = directory.url.appending(path: "main.swift")
        try program.write(to: main, atomically: true, encoding: .utf8)
        let binary = directory.url.appending(path: "brands").path
        let built = try ExternalTool.run(["swiftc", "-o", binary] + sources + [main.path])
        try #require(built.status == 0, "\(built.output)")
        let ran = try ExternalTool.run([binary])
        try #require(ran.status == 0, "\(ran.output)")
        var compared = 0
        var defaulted: [String] = []
        for line in ran.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 4, "\(line)")
            let theme = fields[0] == "Orange" ? orange : sosh
            let context = fields[1].isEmpty ? ModeContext() : ModeContext(["colorScheme": fields[1]])
            guard let resolved = TokenResolver(theme: theme).resolveAll(in: context).values[fields[2]] else {
                defaulted.append("\(fields[0]) \(fields[2])")
                continue
            }
            let expected: String
            if let color = Color(dtcg: resolved) {
                expected = color.hexRGBA
            } else if let points = TokenValue.points(ofDimension: resolved) {
                expected = "\(points)"
            } else {
                expected = resolved.number.map { "\($0)" } ?? "?"
            }
            #expect(fields[3] == expected, "\(line)")
            compared += 1
        }
        #expect(compared > 160, "every token in four contexts, but those a brand lacks")
        // Orange's buttons are rounded, Sosh's square: one constant, two brands.
        #expect(ran.output.contains("Orange\t\tbutton.borderRadius\t8.0\n"))
        #expect(ran.output.contains("Sosh\tdark\tbutton.borderRadius\t0.0\n"))
        #expect(defaulted.allSatisfy { $0.hasPrefix("Sosh") }, "\(defaulted)")
    }

    /// The package as an app uses it, against the SwiftUI and UIKit stand-ins: the brand
    /// chosen for a view tree, the styles drawing in it, a color read in a context.
    @Test func anAppImportsOnePackageOfBothBrands() throws {
        let (catalog, orange, sosh) = try Self.brands()
        let request = SwiftPackageExporter.Request(
            theme: orange, styles: catalog.styles.filter { $0.theme == "Orange" }, module: "OUDSTokens",
            otherThemes: [sosh])
        let package = try SwiftPackageExporter.package(request)
        #expect(
            package.files["Package.swift"]?.contains("// Generated by catalog from themes Orange 1.0.0, Sosh 1.0.0.")
                == true)
        let styles = try #require(package.files["Sources/OUDSTokens/ButtonStyles.swift"])
        #expect(styles.contains("@Environment(\\.oudsContext) private var context"))
        #expect(styles.contains(".color(in: context)"))
        let app = """
            import OUDSTokens
            import SwiftUI

            struct CheckoutView: View {
                var brand: OUDSModes.Theme

                var body: some View {
                    VStack {
                        Text("Total").foregroundStyle(Color.oudsButtonColorBgBrandEnabled)
                        Button("Pay") {}.buttonStyle(.oudsButtonDefault)
                    }
                    .oudsContext(OUDSContext(theme: brand))
                }
            }

            let soshDark = OUDS.Colors.Surface.brandPrimary.value(in: OUDSContext(theme: .sosh, colorScheme: .dark))
            """
        try SwiftPackageTests().typeCheck(
            [request], platformKit: "UIKit",
            extra: (module: "BrandApp", dependency: "OUDSTokens", file: "CheckoutView.swift", app))
    }

    @Test func themesOfAnotherShapeAreRefused() throws {
        let (catalog, orange, _) = try Self.brands()
        let designFoundation = try #require(catalog.themes.first { $0.name == "DesignFoundation" })
        var flat = orange
        flat.name = "Flat"
        flat.dimensions = []
        #expect {
            try SwiftThemeSet([orange, flat], name: "Both")
        } throws: { error in
            "\(error)".contains(
                "themes Orange and Flat differ in their dimensions (Orange: colorScheme: light, dark; Flat: no dimensions)"
            )
        }
        #expect {
            try SwiftThemeSet([orange, orange], name: "Both")
        } throws: { "\($0)".contains("theme Orange is given twice") }
        // Same shape, another system: allowed, each token its theme's.
        #expect(try SwiftThemeSet([orange, designFoundation], name: "Both").theme.tokens.count > orange.tokens.count)
    }
}
