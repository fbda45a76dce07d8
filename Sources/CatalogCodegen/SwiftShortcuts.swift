import CatalogModel
import Foundation

/// The short spellings an iOS engineer expects beside the namespaced constants:
/// `Color.dfTextPrimary` and `.foregroundStyle(.dfTextPrimary)` per color token,
/// `UIColor.dfTextPrimary` (`NSColor` on macOS), `.tokenFont(.dfTitle)` (resolved in the
/// view's context where the token varies along a dimension other than the appearance) and
/// `UIFont.dfTitle` per typography token, and the asset catalog's colors by name with the
/// package's bundle (`DesignFoundationAssets.colorsPrimary.color`).
///
/// A shortcut is the prefix and the token's path in upper camel case, without a first
/// group that only repeats the kind (`colors.textPrimary` → `dfTextPrimary`). Two tokens
/// that would share a shortcut get none, and the file's comment names them.
struct SwiftShortcuts {
    let namespace: String
    let prefix: String
    let constants: [SwiftTokens.Constant]
    /// The theme's context-following shape style (`CanvasColor`), for a theme with dimensions.
    var contextStyle: String? = nil
    /// The dimension that follows the system appearance, if any.
    var appearance: String? = nil

    /// Whether `constant` varies along a dimension other than the appearance: its shape-style
    /// shortcut then follows the view's context (`contextStyle`).
    func followsContext(_ constant: Constant) -> Bool {
        contextStyle != nil && !constant.isPlain && constant.dimensions.contains { $0 != appearance }
    }

    typealias Constant = SwiftTokens.Constant

    /// Groups that name the kind of token they hold, left out of shortcut names.
    static let kindGroups: [TokenType: Set<String>] = [
        .color: ["color", "colors"], .typography: ["typography", "font", "fonts", "text", "type"],
    ]

    /// The default prefix: the capitals of the theme's Swift name, lower-cased, when it
    /// has two or more (`DesignFoundation` → `df`), else the name in lower camel case.
    static func defaultPrefix(namespace: String) -> String {
        let name = SwiftNames.unescaped(namespace)
        let capitals = name.filter(\.isUppercase)
        return capitals.count >= 2
            ? capitals.lowercased() : SwiftNames.unescaped(SwiftNames.member(name))
    }

    /// Shortcut names for tokens of `type`, by token path, and the paths left without one.
    func names(for type: TokenType) -> (names: [(Constant, String)], clashes: [String]) {
        Self.unique(constants.filter { $0.token.type == type }) { constant in
            var segments = constant.token.path.split(separator: ".").map(String.init)
            if segments.count > 1, Self.kindGroups[type]?.contains(segments[0].lowercased()) == true {
                segments.removeFirst()
            }
            return prefix + SwiftNames.unescaped(SwiftNames.type(segments.joined(separator: "-"))).drop { $0 == "_" }
        }
    }

    /// Each constant with the name `name` gives it, in order, where no other constant gets
    /// that name; the paths of those that share one (which get none).
    static func unique(_ constants: [Constant], name: (Constant) -> String) -> (
        names: [(Constant, String)], clashes: [String]
    ) {
        let named = constants.map { ($0, name($0)) }
        let counts = Dictionary(named.map { ($0.1, 1) }, uniquingKeysWith: +)
        return (named.filter { counts[$0.1] == 1 }, named.filter { counts[$0.1]! > 1 }.map(\.0.token.path))
    }

    /// `Shortcuts.swift`.
    func source(header: String) -> String {
        let colors = names(for: .color)
        let fonts = names(for: .typography)
        let font = { (constant: Constant) in
            constant.values.count == 1 ? constant.qualifiedName : "\(constant.qualifiedName).defaultValue"
        }
        var out = header + "\n"
        out += "// Shortcuts for the tokens of \(namespace): `\(prefix)` and the token's path.\n"
        let clashes = colors.clashes + fonts.clashes
        if !clashes.isEmpty {
            out += "// Without a shortcut (their shortcuts would be one name): "
            out += SwiftTokens.docLine(clashes.joined(separator: ", ")) + ".\n"
        }
        out += "#if canImport(SwiftUI)\nimport SwiftUI\n\n"
        out += block("extension Color", colors.names, type: "Color") { constant, _ in "\(constant.qualifiedName).color"
        }
        out += "\n"
        out += block(
            "extension ShapeStyle where Self == Color", colors.names.filter { !followsContext($0.0) }, type: "Color"
        ) { _, name in "Color.\(name)" }
        out += "\n"
        let following = colors.names.filter { followsContext($0.0) }
        if let style = contextStyle, !following.isEmpty {
            // From iOS 17 a shape style resolves in the view's environment: these follow its context.
            out += block(
                "extension ShapeStyle where Self == \(style)", following, type: style,
                availability: "@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)"
            ) { constant, _ in "\(style)(\(constant.qualifiedName))" }
            out += "\n"
        }
        out += block("extension TokenFont", fonts.names.filter { !followsContext($0.0) }, type: "TokenFont") {
            constant, _ in font(constant)
        }
        let followingFonts = fonts.names.filter { followsContext($0.0) }
        if contextStyle != nil, !followingFonts.isEmpty {
            // `.tokenFont(.dsHeading)` takes these whole and resolves them in the view's context.
            out += "\n"
            out += block("extension Moded where Value == TokenFont", followingFonts, type: "Moded<TokenFont>") {
                constant, _ in constant.qualifiedName
            }
        }
        out += "#endif\n\n#if canImport(UIKit)\nimport UIKit\n\n"
        out += block("extension UIColor", colors.names, type: "UIColor") { constant, _ in
            "\(constant.qualifiedName).uiColor"
        }
        out += "\n"
        out += block("extension UIFont", fonts.names, type: "UIFont") { constant, _ in font(constant) + ".uiFont" }
        out += "#elseif canImport(AppKit)\nimport AppKit\n\n"
        out += block("extension NSColor", colors.names, type: "NSColor") { constant, _ in
            "\(constant.qualifiedName).nsColor"
        }
        out += "#endif\n"
        return out
    }

    /// An extension with one static property per shortcut.
    private func block(
        _ opening: String, _ names: [(Constant, String)], type: String, availability: String? = nil,
        _ value: (Constant, String) -> String
    ) -> String {
        var out = "\(opening) {\n"
        for (constant, name) in names {
            out += "    /// `{\(SwiftNames.visible(constant.token.path))}`: `\(constant.qualifiedName)`.\n"
            if let availability { out += "    \(availability)\n" }
            if let deprecation = constant.token.deprecation {
                let message = deprecation.reason.map { ", message: \(SwiftNames.literal($0))" } ?? ""
                out += "    @available(*, deprecated\(message))\n"
            }
            out += "    public static var \(name): \(type) { \(value(constant, name)) }\n"
        }
        return out + "}\n"
    }

    /// `Assets.swift`: the asset catalog's colors by name and the bundle that holds them.
    func assets(header: String, names assetNames: [String: String]) -> String {
        let type = SwiftNames.unescaped(namespace) + "Assets"
        let (members, clashes) = Self.unique(
            constants.filter { $0.token.type == .color && assetNames[$0.token.path] != nil }
        ) { SwiftNames.member($0.token.path.split(separator: ".").joined(separator: "-")) }
        var out = header + "\nimport Foundation\n"
        out += "#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n#if canImport(UIKit)\nimport UIKit\n#endif\n\n"
        out += "/// The colors of `Colors.xcassets` by name, and the bundle that holds them.\n"
        if !clashes.isEmpty {
            out += "///\n/// Without a member (their names would be one): "
            out += SwiftTokens.docLine(clashes.joined(separator: ", ")) + ".\n"
        }
        out += "public enum \(type) {\n"
        out += "    #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE || (SWIFT_PACKAGE && canImport(Darwin))\n"
        out += "    /// The package's resource bundle, where Xcode compiles `Colors.xcassets`.\n"
        out += "    public static var bundle: Bundle { Bundle.module }\n"
        out += "    #endif\n"
        for (constant, member) in members {
            let path = constant.token.path
            out += "\n    /// `{\(SwiftNames.visible(path))}`.\n"
            out += "    public static let \(member) = ColorAsset(name: \(SwiftNames.literal(assetNames[path]!)))\n"
        }
        out += "}\n\n"
        out += """
            /// A color of the package's asset catalog, by name.
            public struct ColorAsset: Hashable, Sendable {
                /// The asset's name in `Colors.xcassets` (`colors/primary`).
                public let name: String

                public init(name: String) {
                    self.name = name
                }
            }

            #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE || (SWIFT_PACKAGE && canImport(Darwin))
            #if canImport(SwiftUI)
            extension ColorAsset {
                /// The asset's color, following the appearances the asset catalog gives it.
                public var color: Color { Color(name, bundle: \(type).bundle) }
            }
            #endif
            #if canImport(UIKit) && !os(watchOS)
            extension ColorAsset {
                /// The asset's color for UIKit, or `nil` if the bundle lacks it.
                public var uiColor: UIColor? { UIColor(named: name, in: \(type).bundle, compatibleWith: nil) }
            }
            #endif
            #endif

            """
        return out
    }
}
