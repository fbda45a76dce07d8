import CatalogModel
import Foundation

/// A theme's dimensions in Swift: `<Theme>Modes`, one enum per dimension whose cases are
/// its modes, and `<Theme>Context`, one mode per dimension of several modes
/// (`CanvasContext(brand: .forest, system: .branded)`), in which every `Moded` token
/// resolves as `catalog theme show --mode …` does (`value(in:)`). Behind
/// `#if canImport(SwiftUI)`, an environment value and a modifier pick the context once for a
/// view tree (`.canvasContext(…)`), and `<Theme>Color` is a shape style that follows it.
///
/// Dimension and mode names follow ``SwiftNaming``'s rule, then two of their own: an
/// instance member cannot be `self` (a property or an enum case so named does not compile:
/// it becomes `self_`), and names that still clash (`color-scheme` and `color_scheme`, both
/// `colorScheme`) are told apart by number in the order written (`colorScheme2`), so that
/// every mode has a case; ``renamed`` says which.
struct SwiftContextType {
    let theme: Theme
    let namespace: String

    /// A dimension as generated: its Swift type and property names, and its modes' cases.
    struct Dimension {
        var dimension: ModeDimension
        var type: String
        var property: String
        var cases: [(name: String, mode: String)]
    }

    /// The dimensions generated (those with two or more modes).
    var dimensions: [Dimension] = []
    /// The dimensions and modes named by number or moved off `self`, as
    /// `dimension "color_scheme" is property colorScheme2`.
    var renamed: [String] = []

    init(theme: Theme, namespace: String) {
        self.theme = theme
        self.namespace = namespace
        let varying = theme.dimensions.filter { $0.modes.count > 1 }
        let names = varying.map(\.name)
        let types = Self.settled(names, isType: true, renamed: &renamed) { "dimension \($0) is type \($1)" }
        let properties = Self.settled(names, isType: false, renamed: &renamed) { "dimension \($0) is property \($1)" }
        for (index, dimension) in varying.enumerated() {
            let cases = Self.settled(dimension.modes, isType: false, renamed: &renamed) {
                "mode \($0) of dimension \(NameRules.quoted(dimension.name)) is case \($1)"
            }
            dimensions.append(
                Dimension(
                    dimension: dimension, type: types[index], property: properties[index],
                    cases: Array(zip(cases, dimension.modes))))
        }
    }

    /// One Swift name for each of `written` (one scope), by the rule above; a name changed
    /// by the two added steps is noted in `renamed`, as `note` (the name quoted, the Swift
    /// name) says it.
    static func settled(
        _ written: [String], isType: Bool, renamed: inout [String], note: (String, String) -> String
    ) -> [String] {
        let ruled = SwiftNaming.scope(written.map { (name: $0, isType: isType, rename: nil) }).names
        let bare = SwiftNames.unescaped
        var taken: Set<String> = []
        var result = [String](repeating: "", count: written.count)
        // Each name's candidate: the rule's, or where it settled none (names clashing) the
        // name on its own. A name of no letter or digit (`😀` is `_`, which no case can be
        // called) is spelled as written (`u1F600`) and numbered after every other name has
        // its own, so that a mode written `u1F600` keeps its name beside one written `😀`;
        // the others keep the order (and so the names) they always had.
        var spelledAsWritten: [Int] = []
        let candidates = written.indices.map { index -> String in
            let name = written[index]
            let ruleName = ruled[index] ?? (isType ? SwiftNames.type(name) : SwiftNames.member(name))
            guard bare(ruleName) == "_" else { return ruleName }
            spelledAsWritten.append(index)
            return SwiftNames.asWritten(name)
        }
        let settledFirst = written.indices.filter { !spelledAsWritten.contains($0) }
        for index in settledFirst + spelledAsWritten {
            let name = written[index]
            let ruleName = candidates[index]
            let base = !isType && bare(ruleName) == "self" ? "self_" : ruleName
            var chosen = base
            var number = 2
            while taken.contains(bare(chosen)) {
                chosen = bare(base) + "\(number)"
                number += 1
            }
            taken.insert(bare(chosen))
            if chosen != (ruled[index] ?? ruleName) {
                renamed.append(note(NameRules.quoted(name), bare(chosen)))
            }
            result[index] = chosen
        }
        return result
    }

    var bare: String { SwiftNames.unescaped(namespace) }
    /// `<Theme>Modes`.
    var modesName: String { bare + "Modes" }
    /// `<Theme>Context`.
    var contextName: String { bare + "Context" }
    /// The environment property and modifier: `canvasContext`.
    var environmentName: String {
        SwiftNames.unescaped(SwiftNames.member(contextName))
    }

    /// The dimension that follows the system appearance: the first with a mode `dark`.
    var appearance: Dimension? {
        AssetCatalog.appearanceDimension(of: dimensions.map(\.dimension)).flatMap { found in
            dimensions.first { $0.dimension.name == found.name }
        }
    }

    /// The modes enum and the context type (Foundation only).
    func source() -> String {
        guard !dimensions.isEmpty else { return "" }
        let naming = ModeNaming(theme.dimensions)
        var out = "\n/// The modes of theme \(theme.name)'s dimensions: read a `Moded` value in a context\n"
        out += "/// (`value.value(in: \(contextName)(…))`) or in one mode of one dimension "
        out += "(`value.value(in: \(modesName).X.y)`).\n"
        out += "public enum \(modesName) {\n"
        var extensions = ""
        for dimension in dimensions {
            out += "    /// Dimension `\(SwiftTokens.docLine(dimension.dimension.name))`; "
            out += "its default mode is `\(SwiftTokens.docLine(dimension.dimension.defaultMode))`.\n"
            out += "    public enum \(dimension.type): String, CaseIterable, Sendable {\n"
            for (name, mode) in dimension.cases {
                let written = naming.name(ModeKey(dimension.dimension.name, mode))
                out += "        case \(name) = \(SwiftNames.literal(written))\n"
            }
            out += "    }\n"
            let shown = SwiftTokens.docLine(dimension.dimension.name)
            extensions += "\n    /// The value in a mode of dimension `\(shown)` "
            extensions += "(every other dimension at its default).\n"
            extensions += "    public func value(in mode: \(modesName).\(dimension.type)) -> Value {\n"
            extensions += "        self[mode.rawValue]\n    }\n"
        }
        out += "}\n"
        if !extensions.isEmpty { out += "\nextension Moded {" + extensions + "}\n" }
        guard !dimensions.isEmpty else { return out }
        return out + context()
    }

    /// The context struct.
    private func context() -> String {
        let defaultCase = { (dimension: Dimension) in
            dimension.cases.first { $0.mode == dimension.dimension.defaultMode }?.name ?? dimension.cases[0].name
        }
        var out = "\n/// A context of theme \(theme.name): one mode per dimension, each at its default unless given.\n"
        out += "/// Every `Moded` token resolves in it as `catalog theme show` does with those modes.\n"
        out += "public struct \(contextName): TokenContext {\n"
        for dimension in dimensions {
            out += "    public var \(dimension.property): \(modesName).\(dimension.type)\n"
        }
        out += "\n    /// A context; the modes left out are their dimensions' defaults.\n"
        let parameters = dimensions.map {
            "\($0.property): \(modesName).\($0.type) = .\(defaultCase($0))"
        }
        out += "    public init(\(parameters.joined(separator: ", "))) {\n"
        for dimension in dimensions {
            out += "        self.\(dimension.property) = \(dimension.property)\n"
        }
        out += "    }\n\n"
        out += "    /// Every dimension at its default mode.\n"
        out += "    public static let `default` = \(contextName)()\n\n"
        out += "    public func modeName(of dimension: String) -> String? {\n"
        out += "        switch dimension {\n"
        for dimension in dimensions {
            out += "        case \(SwiftNames.literal(dimension.dimension.name)):\n"
            let property = dimension.property
            out += "            return \(property) == .\(defaultCase(dimension)) ? nil : \(property).rawValue\n"
        }
        out += "        default: return nil\n        }\n    }\n\n"
        out += "    public func appearance(_ mode: String) -> \(contextName)? {\n"
        if let appearance {
            let shown = SwiftTokens.docLine(appearance.dimension.name)
            out += "        // Dimension \(shown) follows the system appearance.\n"
            out += "        switch mode.lowercased() {\n"
            for (name, mode) in appearance.cases {
                out += "        case \(SwiftNames.literal(mode.lowercased())):\n"
                out += "            var context = self\n"
                out += "            context.\(appearance.property) = .\(name)\n"
                out += "            return context\n"
            }
            out += "        default: return nil\n        }\n"
        } else {
            out += "        nil\n"
        }
        out += "    }\n}\n"
        return out
    }

    /// `Context.swift`: the environment value, its modifier, and the shape style that
    /// follows it (behind `#if canImport(SwiftUI)`); for a theme without dimensions, only
    /// `.tokenFont(_:)` of a typography constant, which has one context to read.
    func swiftUI(header: String) -> String {
        guard !dimensions.isEmpty else {
            return header + """

                #if canImport(SwiftUI)
                import SwiftUI

                extension View {
                    /// Sets text in a typography token of theme \(SwiftTokens.docLine(theme.name)), which has
                    /// one context, as `.tokenFont(_:)` sets a `TokenFont`.
                    public func tokenFont(_ token: Moded<TokenFont>) -> some View {
                        tokenFont(token.defaultValue)
                    }
                }
                #endif

                """
        }
        let key = contextName + "Key"
        let style = bare + "Color"
        return header + """

            #if canImport(SwiftUI)
            import SwiftUI

            private struct \(key): EnvironmentKey {
                static let defaultValue = \(contextName)()
            }

            extension EnvironmentValues {
                /// The context theme \(SwiftTokens.docLine(theme.name))'s tokens resolve in for this view tree.
                public var \(environmentName): \(contextName) {
                    get { self[\(key).self] }
                    set { self[\(key).self] = newValue }
                }
            }

            extension View {
                /// Resolves theme \(SwiftTokens.docLine(theme.name))'s tokens in `context` for this view and its
                /// children: `\(style)` shape styles and `.foregroundStyle(.<shortcut>)` follow it.
                public func \(environmentName)(_ context: \(contextName)) -> some View {
                    environment(\\.\(environmentName), context)
                }
            }

            extension View {
                /// Sets text in a typography token of theme \(SwiftTokens.docLine(theme.name)) resolved in the
                /// view's `\(environmentName)`, as `.tokenFont(_:)` sets a `TokenFont`.
                public func tokenFont(_ token: Moded<TokenFont>) -> some View {
                    modifier(\(bare)FontModifier(token: token))
                }
            }

            /// What `.tokenFont(_:)` applies for a token that varies by context.
            struct \(bare)FontModifier: ViewModifier {
                @Environment(\\.\(environmentName)) var context
                let token: Moded<TokenFont>

                func body(content: Content) -> some View {
                    content.tokenFont(token.value(in: context))
                }
            }

            /// A color token as a shape style that resolves in the view's `\(environmentName)` and
            /// follows the system appearance.
            @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
            public struct \(style): ShapeStyle {
                public let token: Moded<TokenColor>

                public init(_ token: Moded<TokenColor>) {
                    self.token = token
                }

                public func resolve(in environment: EnvironmentValues) -> Color.Resolved {
                    token.color(in: environment.\(environmentName)).resolve(in: environment)
                }
            }
            #endif

            """
    }
}
