import CatalogModel
import Foundation

/// The short spellings an iOS engineer expects beside the namespaced constants:
/// `Color.dfTextPrimary` and `.foregroundStyle(.dfTextPrimary)` per color token,
/// `UIColor.dfTextPrimary` (`NSColor` on macOS), `.tokenFont(.dfTitle)` (resolved in the
/// view's context where the token varies along a dimension other than the appearance) and
/// `UIFont.dfTitle` per typography token: with the namespaced constants, the whole API.
///
/// A shortcut is the prefix and the token's path in upper camel case, without groups that
/// only repeat the kind or a word the next segment says again (`colors.textPrimary` →
/// `dfTextPrimary`, `system.colors.systemBlue` → `dfSystemBlue`); tokens whose short names
/// meet take their whole path's. Two tokens that would still share a shortcut get none,
/// and the file's comment names them.
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

    /// The shortcuts of a package whose context type is `context` (`nil` where only the
    /// names matter): its shape styles follow that context where the theme has dimensions.
    init(namespace: String, prefix: String, constants: [Constant], context: SwiftContextType?) {
        self.namespace = namespace
        self.prefix = prefix
        self.constants = constants
        if let context, !context.dimensions.isEmpty {
            contextStyle = context.bare + "Color"
            appearance = context.appearance?.dimension.name
        }
    }

    /// Groups that name the kind of token they hold, left out of shortcut names.
    static let kindGroups: [TokenType: Set<String>] = [
        .color: ["color", "colors"], .typography: ["typography", "font", "fonts", "text", "type"],
    ]

    /// Shortcut names for tokens of `type`, by token path, and the paths left without one.
    /// The short name leaves out groups that name the kind and words said twice
    /// (`system.colors.systemBlue` → `dfSystemBlue`); tokens whose short names meet take
    /// the name of their whole path instead (`colors.textPrimary` → `dfTextPrimary`).
    func names(for type: TokenType) -> (names: [(Constant, String)], clashes: [String]) {
        let candidates = constants.filter { $0.token.type == type }
        let short = Self.unique(candidates) { shortcut(Self.shortSegments($0.token.path, type: type)) }
        let long = Self.unique(candidates.filter { short.clashes.contains($0.token.path) }) { constant in
            var segments = constant.token.path.split(separator: ".").map(String.init)
            if segments.count > 1, Self.kindGroups[type]?.contains(segments[0].lowercased()) == true {
                segments.removeFirst()
            }
            return shortcut(segments)
        }
        // A long name another token has as its short one is no name either.
        let shortNames = Set(short.names.map(\.1))
        let kept = long.names.filter { !shortNames.contains($0.1) }
        let order = Dictionary(candidates.enumerated().map { ($1.token.path, $0) }, uniquingKeysWith: { a, _ in a })
        let names = (short.names + kept).sorted { order[$0.0.token.path]! < order[$1.0.token.path]! }
        let named = Set(names.map(\.0.token.path))
        return (names, candidates.map(\.token.path).filter { !named.contains($0) })
    }

    /// `prefix` and `segments` in upper camel case.
    private func shortcut(_ segments: [String]) -> String {
        prefix + SwiftNames.unescaped(SwiftNames.type(segments.joined(separator: "-"))).drop { $0 == "_" }
    }

    /// A token path without the groups that name the kind (`colors`) and without a group
    /// the next segment says again as one of its words (`system.systemBlue` → `systemBlue`,
    /// `system.secondarySystemBackground` → `secondarySystemBackground`).
    static func shortSegments(_ path: String, type: TokenType) -> [String] {
        var segments = path.split(separator: ".").map(String.init)
        let kinds = kindGroups[type] ?? []
        segments = segments.enumerated().filter { index, segment in
            index == segments.count - 1 || !kinds.contains(segment.lowercased())
        }.map(\.element)
        var kept: [String] = []
        for (index, segment) in segments.enumerated() {
            if index + 1 < segments.count, words(segments[index + 1]).contains(segment.lowercased()) { continue }
            kept.append(segment)
        }
        return kept
    }

    /// The words of a name, lower-cased: `secondarySystemBackground` → secondary, system,
    /// background; `gray-50` → gray, 50.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "-" || character == "_" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let boundary =
                character.isUppercase || (character.isNumber && current.last?.isNumber == false)
                || (!character.isNumber && current.last?.isNumber == true)
            if boundary, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(Character(character.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words
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
        // `.tokenFont(.dfTitle)` takes the token whole and resolves it in the view's context:
        // one type whether or not the token varies.
        out += block("extension Moded where Value == TokenFont", fonts.names, type: "Moded<TokenFont>") {
            constant, _ in constant.qualifiedName
        }
        out += "#endif\n\n#if canImport(UIKit)\nimport UIKit\n\n"
        out += block("extension UIColor", colors.names, type: "UIColor") { constant, _ in
            "\(constant.qualifiedName).uiColor"
        }
        out += "\n"
        out += block("extension UIFont", fonts.names, type: "UIFont") { constant, _ in
            "\(constant.qualifiedName).defaultValue.uiFont"
        }
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

    /// `Assets.swift`: the bundle that holds `Colors.xcassets`. Its colors are named by
    /// token path (`colors/primary`) for Interface Builder and `Color(_:bundle:)`; code
    /// reaches them through the shortcuts, so no typed accessor per asset is generated.
    func assets(header: String) -> String {
        let type = SwiftNames.unescaped(namespace) + "Assets"
        var out = header + "\nimport Foundation\n\n"
        out += "/// The bundle of `Colors.xcassets`, whose colors are named by token path (`colors/primary`)\n"
        out += "/// for Interface Builder and `Color(_:bundle:)`.\n"
        out += "public enum \(type) {\n"
        out += "    #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE || (SWIFT_PACKAGE && canImport(Darwin))\n"
        out += "    /// The package's resource bundle, where Xcode compiles `Colors.xcassets`.\n"
        out += "    public static var bundle: Bundle { Bundle.module }\n"
        out += "    #endif\n"
        return out + "}\n"
    }
}
