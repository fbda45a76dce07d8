import CatalogModel
import Foundation

/// The names an app writes for a theme's tokens through the package `catalog export swift`
/// generates with its defaults: the namespaced constant (`DesignFoundation.Colors.primary`),
/// the color shortcuts (`Color.dfPrimary`, `UIColor.dfPrimary`, `NSColor.dfPrimary`, and
/// `.dfPrimary` where a shape style is expected) and the font shortcuts (`.dfTitle` in
/// `.tokenFont(.dfTitle)`, `UIFont.dfTitle`). One table for the generator and the scanner:
/// what `usage scan` looks for in files importing the module, and how `usage` and
/// `impact` map what it found back to tokens, version by version (a renamed token is
/// found under each version's name).
package struct SwiftTokenNames: Sendable, Equatable {
    /// The generated module a file imports to use them (`DesignFoundationTokens`).
    package var module: String
    /// Each spelling as code writes it, without backticks → the token's path.
    package var paths: [String: String]

    /// The names of `theme`'s generated package (none where its names clash and no package
    /// is generated). Costs what the docs pay to name tokens: the defaults and the modes of
    /// tokens with no default, not every context.
    package init(theme: Theme) {
        module = SwiftPackageNames.module(ofTheme: theme.name)
        paths = [:]
        let namespace = SwiftPackageExporter.namespace(of: theme, module: module)
        let members = SwiftTokens(theme: theme, namespace: namespace).members(
            contexts: SwiftTokenContexts(theme: theme, namesOnly: true))
        guard members.problems.isEmpty else { return }
        for (path, constant) in members.constants {
            paths[Self.unescaped(constant.qualifiedName)] = path
        }
        let shortcuts = SwiftShortcuts(
            namespace: namespace, prefix: SwiftPackageNames.prefix(namespace: namespace),
            constants: theme.tokens.compactMap { members.constants[$0.path] }.filter { !$0.isOptional },
            context: nil)
        for (constant, name) in shortcuts.names(for: .color).names {
            let bare = Self.unescaped(name)
            for spelling in ["Color.", "UIColor.", "NSColor.", "."] { paths[spelling + bare] = constant.token.path }
        }
        for (constant, name) in shortcuts.names(for: .typography).names {
            let bare = Self.unescaped(name)
            for spelling in ["UIFont.", "."] { paths[spelling + bare] = constant.token.path }
        }
    }

    /// The spellings of the tokens at `wanted`, as code writes them.
    package func spellings(of wanted: Set<String>) -> Set<String> {
        Set(paths.lazy.filter { wanted.contains($0.value) }.map(\.key))
    }

    /// A dotted name without the backticks that escape keywords (`Colors.`default``).
    static func unescaped(_ name: String) -> String { name.replacingOccurrences(of: "`", with: "") }
}
