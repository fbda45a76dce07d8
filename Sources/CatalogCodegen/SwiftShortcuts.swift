import CatalogModel

/// The short spellings an iOS engineer expects beside the namespaced constants:
/// `Color.dfTextPrimary` and `.foregroundStyle(.dfTextPrimary)` per color token,
/// `UIColor.dfTextPrimary` (`NSColor` on macOS), `.tokenFont(.dfTitle)` and
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

    typealias Constant = SwiftTokens.Constant

    /// Groups that name the kind of token they hold, left out of shortcut names.
    static let kindGroups: [TokenType: Set<String>] = [
        .color: ["color", "colors"], .typography: ["typography", "font", "fonts", "text", "type"],
    ]

    /// The default prefix: the capitals of the theme's Swift name, lower-cased, when it
    /// has two or more (`DesignFoundation` → `df`), else the name in lower camel case.
    static func defaultPrefix(namespace: String) -> String {
        let name = namespace.replacingOccurrences(of: "`", with: "")
        let capitals = name.filter(\.isUppercase)
        return capitals.count >= 2
            ? capitals.lowercased() : SwiftNames.member(name).replacingOccurrences(of: "`", with: "")
    }

    /// Shortcut names for tokens of `type`, by token path, and the paths left without one.
    func names(for type: TokenType) -> (names: [(Constant, String)], clashes: [String]) {
        var byName: [String: [SwiftTokens.Constant]] = [:]
        var order: [String] = []
        for constant in constants where constant.token.type == type {
            var segments = constant.token.path.split(separator: ".").map(String.init)
            if segments.count > 1, Self.kindGroups[type]?.contains(segments[0].lowercased()) == true {
                segments.removeFirst()
            }
            let rest = SwiftNames.type(segments.joined(separator: "-"))
                .replacingOccurrences(of: "`", with: "").drop { $0 == "_" }
            let name = prefix + rest
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(constant)
        }
        let names = order.compactMap { name in byName[name]!.count == 1 ? (byName[name]![0], name) : nil }
        let clashes = order.filter { byName[$0]!.count > 1 }.flatMap { byName[$0]!.map(\.token.path) }
        return (names, clashes)
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
        out += block("extension ShapeStyle where Self == Color", colors.names, type: "Color") { _, name in
            "Color.\(name)"
        }
        out += "\n"
        out += block("extension TokenFont", fonts.names, type: "TokenFont") { constant, _ in font(constant) }
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
        _ opening: String, _ names: [(Constant, String)], type: String, _ value: (Constant, String) -> String
    ) -> String {
        var out = "\(opening) {\n"
        for (constant, name) in names {
            out += "    /// `{\(SwiftNames.visible(constant.token.path))}`: `\(constant.qualifiedName)`.\n"
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
        let type = namespace.replacingOccurrences(of: "`", with: "") + "Assets"
        var members: [String: [(String, String)]] = [:]
        var order: [String] = []
        for constant in constants where constant.token.type == .color {
            guard let asset = assetNames[constant.token.path] else { continue }
            let member = SwiftNames.member(constant.token.path.split(separator: ".").joined(separator: "-"))
            if members[member] == nil { order.append(member) }
            members[member, default: []].append((constant.token.path, asset))
        }
        var out = header + "\nimport Foundation\n"
        out += "#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n#if canImport(UIKit)\nimport UIKit\n#endif\n\n"
        out += "/// The colors of `Colors.xcassets` by name, and the bundle that holds them.\n"
        let clashes = order.filter { members[$0]!.count > 1 }.flatMap { members[$0]!.map(\.0) }
        if !clashes.isEmpty {
            out += "///\n/// Without a member (their names would be one): "
            out += SwiftTokens.docLine(clashes.joined(separator: ", ")) + ".\n"
        }
        out += "public enum \(type) {\n"
        out += "    #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE || (SWIFT_PACKAGE && canImport(Darwin))\n"
        out += "    /// The package's resource bundle, where Xcode compiles `Colors.xcassets`.\n"
        out += "    public static var bundle: Bundle { Bundle.module }\n"
        out += "    #endif\n"
        for member in order where members[member]!.count == 1 {
            let (path, asset) = members[member]![0]
            out += "\n    /// `{\(SwiftNames.visible(path))}`.\n"
            out += "    public static let \(member) = ColorAsset(name: \(SwiftNames.literal(asset)))\n"
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
