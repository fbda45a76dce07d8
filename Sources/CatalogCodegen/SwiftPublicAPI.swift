import CatalogModel

/// The public declarations a theme's generated package gives an app, each with its
/// signature: every token constant (`Orange.Colors.primary: Moded<TokenColor>`), every
/// shortcut (`Color.dfPrimary`, `.foregroundStyle(.dfPrimary)`, `UIFont.dfTitle`), every
/// dimension's mode and context property. What an app can name is what a release must keep:
/// a minor or patch release whose package loses one of these or changes its type breaks
/// the apps that use it, whatever the tokens' values say. `theme add` compares the
/// previous version's with the new one's (``breakingChanges(to:)``), and the tests check
/// the comparison against the toolchain's `swift-api-digester`.
///
/// Computed as `catalog export swift --theme` generates the package with its default
/// module, prefix and names; styles are not part of it (they are the styles' versions).
package struct SwiftPublicAPI: Sendable, Equatable {
    /// Declaration (`Orange.Colors.primary`, `Color.dfPrimary`, `ShapeStyle.dfPrimary`) →
    /// its type.
    package var declarations: [String: String]
    /// Why the package cannot be generated at all (names that clash), if it cannot.
    package var problems: [String] = []

    /// The API of `theme`'s generated package (``SwiftPackageExporter/Request/init(theme:styles:optionalStyles:module:prefix:renames:defaultModes:)``
    /// with its defaults). A theme whose names clash has no package, and so no API: empty.
    package init(theme: Theme) {
        let request = SwiftPackageExporter.Request(theme: theme)
        let namespace = SwiftPackageExporter.namespace(of: theme, module: SwiftPackageExporter.moduleName(request))
        let members = SwiftTokens(theme: theme, namespace: namespace).members(
            contexts: SwiftTokenContexts(theme: theme))
        var declarations: [String: String] = [:]
        guard members.problems.isEmpty else {
            self.declarations = declarations
            self.problems = members.problems
            return
        }
        for constant in members.constants.values {
            declarations[constant.qualifiedName] = "Moded<\(constant.swiftType)\(constant.isOptional ? "?" : "")>"
        }
        let context = SwiftContextType(theme: theme, namespace: namespace)
        for dimension in context.dimensions {
            declarations["\(context.contextName).\(dimension.property)"] = "\(context.modesName).\(dimension.type)"
            for (name, _) in dimension.cases {
                declarations["\(context.modesName).\(dimension.type).\(name)"] = "case"
            }
        }
        let shortcuts = SwiftShortcuts(
            namespace: namespace, prefix: SwiftPackageNames.prefix(namespace: namespace),
            constants: theme.tokens.compactMap { members.constants[$0.path] }.filter { !$0.isOptional },
            context: context)
        for (constant, name) in shortcuts.names(for: .color).names {
            declarations["Color.\(name)"] = "Color"
            declarations["UIColor.\(name)"] = "UIColor"
            declarations["NSColor.\(name)"] = "NSColor"
            declarations["ShapeStyle.\(name)"] =
                shortcuts.followsContext(constant) ? shortcuts.contextStyle! + " (iOS 17+)" : "Color"
        }
        for (_, name) in shortcuts.names(for: .typography).names {
            declarations["Moded<TokenFont>.\(name)"] = "Moded<TokenFont>"
            declarations["UIFont.\(name)"] = "UIFont"
        }
        self.declarations = declarations
    }

    /// Whether a change of a token from `old` to `new` (its DTCG object or value as
    /// written; `nil` where absent) can
    /// move the API: an added token (its name or shortcut may meet another's, which then
    /// changes), a reference (its target's type is not known here), or a value of another
    /// shape (a length becoming a percentage, a color losing its color space). A literal
    /// value changed within its shape (`#0A84FF` → `#0060DF`, `8px` → `12px`) cannot.
    package static func mayChange(from old: JSON?, to new: JSON?) -> Bool {
        guard let old, let new else { return old == nil && new != nil }
        return shape(old) != shape(new) || !TokenResolver.references(in: old).isEmpty
            || !TokenResolver.references(in: new).isEmpty
    }

    /// A value's shape: its kind, an object's members' shapes, a string's unit or that it is
    /// not a length.
    private static func shape(_ value: JSON) -> String {
        switch value.kind {
        case .string(let text):
            let numeric = { (character: Character) in character.isNumber || "+-.".contains(character) }
            let unit = text.drop(while: numeric)
            let isLength = text.first.map(numeric) == true && unit.count <= 3 && unit.allSatisfy(\.isLetter)
            return "string " + (isLength ? String(unit) : "text")
        case .object(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { "\($0.key): \(shape($0.value))" }.joined(
                    separator: ", ") + "}"
        case .array(let items): return "[" + items.map(shape).joined(separator: ", ") + "]"
        case .number: return "number"
        case .bool: return "bool"
        case .null: return "null"
        }
    }

    /// A declaration of the generated package that a release removes or changes.
    package struct Break: Sendable, Equatable {
        /// The declaration, or `package` where the new version generates none.
        package var declaration: String
        /// The break in a sentence.
        package var message: String
    }

    /// What of this API `new` removes or changes, by declaration: source that used it
    /// stops compiling. Declarations only added break nothing; a package that no longer
    /// generates is one break, with why.
    package func breakingChanges(to new: SwiftPublicAPI) -> [Break] {
        if problems.isEmpty, !new.problems.isEmpty {
            let why = new.problems.prefix(3).joined(separator: "; ")
            return [Break(declaration: "package", message: "`catalog export swift` no longer generates: \(why)")]
        }
        return declarations.keys.sorted().compactMap { declaration in
            let old = declarations[declaration]!
            guard let now = new.declarations[declaration] else {
                return Break(declaration: declaration, message: "the generated Swift `\(declaration)` (\(old)) is gone")
            }
            guard now != old else { return nil }
            return Break(
                declaration: declaration,
                message: "the generated Swift `\(declaration)` changes type from \(old) to \(now)")
        }
    }
}
