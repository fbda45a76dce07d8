import CatalogModel
import Foundation

/// A theme version as Swift: a namespace enum per group holding one constant per token,
/// its resolved value as a plain, platform-neutral value (see ``SwiftSupport``):
///
/// | token type | Swift type |
/// |---|---|
/// | color | `TokenColor` (sRGB, Display P3 or linear sRGB as declared; other spaces as extended sRGB) |
/// | dimension | `CGFloat` points (px and pt 1:1, rem and em at 16 pt); a percentage stays a `String` |
/// | number, fontWeight | `Double` |
/// | duration | `TimeInterval` (seconds) |
/// | fontFamily | `[String]` |
/// | cubicBezier | `TokenCurve` |
/// | typography | `TokenFont` |
/// | shadow | `[TokenShadow]` (a single shadow is one layer) |
/// | gradient | `[TokenGradientStop]` |
/// | border, transition, strokeStyle | `TokenBorder`, `TokenTransition`, `TokenStrokeStyle` |
/// | string, boolean | `String`, `Bool` |
///
/// A token whose resolved value differs by mode is a `Moded<Value>` holding the default
/// and each mode's value. Aliases are resolved (the doc comment names the target), so
/// regenerating after a theme change changes exactly the lines whose values changed.
/// Deprecated tokens carry `@available(*, deprecated, message:, renamed:)`.
struct SwiftTokens {
    let theme: Theme
    let namespace: String

    /// One generated constant.
    struct Constant {
        var token: Token
        var name: String
        /// `Namespace.Group.name`, for references from generated styles.
        var qualifiedName: String
        var swiftType: String
        /// The default value, then each mode's (in dimension order) where it differs.
        var values: [(mode: String, value: JSON)]
    }

    /// What the generator produced: the constants by token path, and the problems
    /// (name collisions, values it cannot express) that stop generation.
    struct Output {
        var source: String
        var constants: [String: Constant]
        var problems: [String]
    }

    /// Resolved values per standard context: "" for the defaults, then each mode by the
    /// name ``ModeNaming`` gives it (`dimension=mode` where several dimensions have the name).
    /// In a mode, only the tokens that can resolve differently from the defaults are
    /// resolved (``TokenResolver/differingByMode(referrers:)``): the others have no value of
    /// their own there, which is what a constant's mode values leave out.
    static func resolvedValues(of theme: Theme) -> [(mode: String, values: [String: JSON])] {
        let resolver = TokenResolver(theme: theme)
        let naming = ModeNaming(theme.dimensions)
        return [("", resolver.resolveAll(in: ModeContext()).values)]
            + resolver.differingByMode().map { key, positions in
                (naming.name(key), resolver.resolve(positions.map { theme.tokens[$0].path }, in: ModeContext(key)))
            }
    }

    func generate(header: String) -> Output {
        let (tree, constants, problems, skipped, untyped) = members()
        var out = header + "\nimport Foundation\n\n"
        out += "/// The tokens of theme \(theme.name) \(theme.version)"
        out += theme.description.map { ": \(Self.docLine($0))" } ?? "."
        out += "\n"
        if !skipped.isEmpty {
            // Said, not dropped: a constant needs a value where every dimension is at its default.
            out +=
                "///\n/// Not generated: \(skipped.count) token\(skipped.count == 1 ? "" : "s") with no value in the default "
            out +=
                "context (only some modes define \(skipped.count == 1 ? "it" : "them"), or a reference names nothing): "
            out += Self.docLine(skipped.prefix(10).joined(separator: ", ") + (skipped.count > 10 ? ", …" : "")) + ".\n"
        }
        if !untyped.isEmpty {
            out +=
                "///\n/// Not generated: \(untyped.count) token\(untyped.count == 1 ? "" : "s") whose value Swift has no type for "
            out += "(kept as written: a composition, an untyped value, a CSS keyword or gradient as a color): "
            out += Self.docLine(untyped.prefix(10).joined(separator: ", ") + (untyped.count > 10 ? ", …" : "")) + ".\n"
        }
        var body = ""
        tree.render(into: &body, name: namespace, indent: 0, generator: self, constants: constants)
        out += body
        out += modes()
        return Output(source: out, constants: constants, problems: problems)
    }

    /// The constants without their source: each token's name, Swift type and values, in the
    /// tree of namespaces that reports name collisions; the problems; the tokens skipped for
    /// having no default value, and those whose value Swift has no type for. What the docs
    /// need to show a token's Swift name.
    func members() -> (
        tree: Node, constants: [String: Constant], problems: [String], skipped: [String], untyped: [String]
    ) {
        var problems: [String] = []
        let contexts = Self.resolvedValues(of: theme)
        let defaults = contexts.first?.values ?? [:]
        var tree = Node()
        var constants: [String: Constant] = [:]
        var skipped: [String] = []
        var untyped: [String] = []
        for token in theme.tokens {
            guard let base = defaults[token.path] else {
                skipped.append(token.path)
                continue
            }
            guard let swiftType = Self.swiftType(token.type, value: base) else {
                untyped.append(token.path)
                continue
            }
            var values: [(String, JSON)] = [("", base)]
            for (mode, resolved) in contexts.dropFirst() {
                if let value = resolved[token.path], value != base { values.append((mode, value)) }
            }
            if let number = values.lazy.compactMap({ Self.tooLarge($0.1) }).first {
                problems.append("token \(token.path) holds \(number), too large a number for Swift")
                continue
            }
            var segments = token.path.split(separator: ".").map(String.init)
            let last = segments.removeLast()
            let name = SwiftNames.member(last)
            guard name != "_" else {
                problems.append("token \(token.path) has no letter or digit in its name to name it in Swift")
                continue
            }
            let qualified =
                ([namespace] + segments.map(SwiftNames.type) + [name]).joined(separator: ".")
            let constant = Constant(
                token: token, name: name, qualifiedName: qualified, swiftType: swiftType, values: values)
            if let problem = tree.insert(constant, at: segments[...]) { problems.append(problem) }
            constants[token.path] = constant
        }
        return (tree, constants, problems, skipped, untyped)
    }

    /// The name of the enum holding the theme's dimensions.
    var modesName: String { namespace.replacingOccurrences(of: "`", with: "") + "Modes" }

    /// One enum per dimension, its cases the modes, and a `Moded.value(in:)` per dimension:
    /// `spacing.value(in: ShopModes.Density.compact)` reads a value in any mode of any
    /// dimension, where `.color` follows only the appearance.
    func modes() -> String {
        let naming = ModeNaming(theme.dimensions)
        let dimensions = theme.dimensions.filter { !$0.modes.isEmpty }
        guard !dimensions.isEmpty else { return "" }
        var out = "\n/// The modes of theme \(theme.name)'s dimensions, to read a `Moded` value in one mode of one\n"
        out += "/// dimension (every other dimension at its default): `value.value(in: \(modesName).X.y)`.\n"
        out += "public enum \(modesName) {\n"
        var extensions = ""
        var types: Set<String> = []
        for dimension in dimensions {
            let type = SwiftNames.type(dimension.name)
            let cases = dimension.modes.map { (SwiftNames.member($0), $0) }
            // Names that Swift would not tell apart (`high-contrast`, `highContrast`) leave the
            // dimension out, said in a comment rather than renamed.
            guard types.insert(type).inserted, Set(cases.map(\.0)).count == cases.count, type != "_",
                !cases.contains(where: { $0.0 == "_" })
            else {
                out +=
                    "    // Not generated: dimension \(Self.docLine(dimension.name)) (its Swift names would clash).\n"
                continue
            }
            out +=
                "    /// Dimension `\(Self.docLine(dimension.name))`; its default mode is `\(Self.docLine(dimension.defaultMode))`.\n"
            out += "    public enum \(type): String, CaseIterable, Sendable {\n"
            for (name, mode) in cases {
                out += "        case \(name) = \(SwiftNames.literal(naming.name(ModeKey(dimension.name, mode))))\n"
            }
            out += "    }\n"
            extensions += "\n    /// The value in a mode of dimension `\(Self.docLine(dimension.name))`.\n"
            extensions += "    public func value(in mode: \(modesName).\(type)) -> Value {\n"
            extensions += "        self[mode.rawValue]\n    }\n"
        }
        out += "}\n"
        if !extensions.isEmpty { out += "\nextension Moded {" + extensions + "}\n" }
        return out
    }

    /// A namespace enum and its members.
    struct Node {
        var constants: [Constant] = []
        var groups: [String: Node] = [:]
        var groupOrder: [String] = []
        /// Identifier → token path, per kind, to report collisions.
        var memberNames: [String: String] = [:]
        var typeNames: [String: String] = [:]

        mutating func insert(_ constant: Constant, at path: ArraySlice<String>) -> String? {
            guard let head = path.first else {
                if let other = memberNames[constant.name] {
                    return "tokens \(other) and \(constant.token.path) would both be named \(constant.name) in Swift"
                }
                memberNames[constant.name] = constant.token.path
                constants.append(constant)
                return nil
            }
            let typeName = SwiftNames.type(head)
            if typeName == "_" {
                return
                    "group \(head) (of \(constant.token.path)) has no letter or digit in its name to name it in Swift"
            }
            if SwiftTokens.usedTypeNames.contains(typeName) {
                return
                    "group \(head) (of \(constant.token.path)) would be the Swift type \(typeName), which the generated code uses for values; rename the group"
            }
            if groups[head] == nil {
                if let other = typeNames[typeName] {
                    return "groups \(other) and \(head) would both be named \(typeName) in Swift"
                }
                typeNames[typeName] = head
                groupOrder.append(head)
            }
            return groups[head, default: Node()].insert(constant, at: path.dropFirst())
        }

        func render(
            into out: inout String, name: String, indent: Int, generator: SwiftTokens, constants: [String: Constant]
        ) {
            let pad = String(repeating: "    ", count: indent)
            out += "\(pad)public enum \(name) {\n"
            for constant in self.constants {
                generator.render(constant, into: &out, indent: indent + 1, constants: constants)
            }
            for group in groupOrder {
                if !self.constants.isEmpty || group != groupOrder.first { out += "\n" }
                groups[group]!.render(
                    into: &out, name: SwiftNames.type(group), indent: indent + 1, generator: generator,
                    constants: constants)
            }
            out += "\(pad)}\n"
        }
    }

    func render(_ constant: Constant, into out: inout String, indent: Int, constants: [String: Constant]) {
        let pad = String(repeating: "    ", count: indent)
        let token = constant.token
        if let description = token.description { out += "\(pad)/// \(Self.docLine(description))\n" }
        if let alias = token.aliasTarget { out += "\(pad)/// An alias of `{\(alias)}`.\n" }
        if let deprecation = token.deprecation {
            var arguments = ["*", "deprecated"]
            if let reason = deprecation.reason { arguments.append("message: \(SwiftNames.literal(reason))") }
            if let successor = token.replacedBy, let target = constants[successor] {
                arguments.append("renamed: \(SwiftNames.literal(target.qualifiedName))")
            }
            out += "\(pad)@available(\(arguments.joined(separator: ", ")))\n"
        }
        let values = constant.values
        if values.count == 1 {
            let value = Self.literal(values[0].value, type: token.type)
            out += "\(pad)public static let \(constant.name): \(constant.swiftType) = \(value)\n"
            return
        }
        // The dimension the values vary along: the token's own, else the one its modes share.
        let naming = ModeNaming(theme.dimensions)
        let owners = Set(values.dropFirst().compactMap { naming.key($0.mode)?.dimension })
        let own = token.dimensions.count == 1 ? token.dimensions.first : nil
        let dimension = (own ?? (owners.count == 1 ? owners.first : nil)).map(SwiftNames.literal) ?? "nil"
        out += "\(pad)public static let \(constant.name) = Moded<\(constant.swiftType)>(\n"
        out += "\(pad)    dimension: \(dimension),\n"
        out += "\(pad)    default: \(Self.literal(values[0].value, type: token.type)),\n"
        out += "\(pad)    modes: [\n"
        for (mode, value) in values.dropFirst() {
            out += "\(pad)        \(SwiftNames.literal(mode)): \(Self.literal(value, type: token.type)),\n"
        }
        out += "\(pad)    ])\n"
    }

    static func docLine(_ text: String) -> String {
        SwiftNames.visible(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Type names the generated code uses for values: a group or theme named so would
    /// shadow them inside its namespace.
    static let usedTypeNames: Set<String> = [
        "TokenColor", "TokenCurve", "TokenFont", "TokenShadow", "TokenGradientStop", "TokenBorder", "TokenTransition",
        "TokenStrokeStyle", "Moded", "CGFloat", "Double", "String", "Bool", "TimeInterval", "ColorAsset", "ButtonLook",
        "ButtonLookGlass", "ButtonLookMetrics", "ButtonLookState", "ButtonLookBackground", "ButtonLookFont",
        "TokenFontModifier",
    ]

    /// The largest magnitude a generated number may have: any design value is far smaller,
    /// and a larger one (`1e308rem`) would overflow once converted (`CGFloat = inf`).
    static let largestNumber = 1e15

    /// The first number in `value` too large to write, if any.
    static func tooLarge(_ value: JSON) -> Double? {
        switch value.kind {
        case .number(let number): return number.isFinite && abs(number) <= largestNumber ? nil : number
        case .array(let elements): return elements.lazy.compactMap(tooLarge).first
        case .object(let members): return members.lazy.compactMap { tooLarge($0.value) }.first
        default: return nil
        }
    }

    // MARK: Values

    /// The Swift type of a token of `type`, or `nil` for what the generator leaves out
    /// (Tokens Studio's `composition`; a color token holding a CSS keyword or gradient as
    /// written, `currentColor` or `linear-gradient(…)`, which is no color value).
    static func swiftType(_ type: TokenType, value: JSON) -> String? {
        switch type {
        case .color: return value["colorSpace"] != nil ? "TokenColor" : nil
        case .dimension: return value.string != nil ? "String" : "CGFloat"
        case .number, .fontWeight: return "Double"
        case .duration: return "TimeInterval"
        case .fontFamily: return "[String]"
        case .cubicBezier: return "TokenCurve"
        case .typography: return "TokenFont"
        case .shadow: return "[TokenShadow]"
        case .gradient: return "[TokenGradientStop]"
        case .border: return "TokenBorder"
        case .transition: return "TokenTransition"
        case .strokeStyle: return "TokenStrokeStyle"
        case .string: return "String"
        case .boolean: return "Bool"
        case .composition, .untyped: return nil
        }
    }

    /// A Swift expression for a resolved `value` of `type`.
    static func literal(_ value: JSON, type: TokenType) -> String {
        switch type {
        case .color: return color(value)
        case .dimension: return value.string.map(SwiftNames.literal) ?? points(value)
        case .number, .fontWeight: return SwiftNames.number(value.number ?? 0)
        case .duration: return SwiftNames.number(TokenValue.seconds(ofDuration: value) ?? 0)
        case .fontFamily:
            let names = value.string.map { [$0] } ?? value.array?.compactMap(\.string) ?? []
            return "[" + names.map(SwiftNames.literal).joined(separator: ", ") + "]"
        case .cubicBezier: return curve(value)
        case .typography: return font(value)
        case .shadow:
            let layers = value.array ?? [value]
            return "[" + layers.map(shadow).joined(separator: ", ") + "]"
        case .gradient:
            let stops = value.array ?? [value]
            return "["
                + stops.map { stop in
                    let position = min(max(stop["position"]?.number ?? 0, 0), 1)
                    return
                        "TokenGradientStop(color: \(color(stop["color"] ?? .null)), position: \(SwiftNames.number(position)))"
                }.joined(separator: ", ") + "]"
        case .border:
            let style = value["style"].map(strokeStyle) ?? "TokenStrokeStyle(keyword: \"solid\")"
            return
                "TokenBorder(color: \(color(value["color"] ?? .null)), width: \(points(value["width"] ?? .null)), style: \(style))"
        case .transition:
            return
                "TokenTransition(duration: \(SwiftNames.number(TokenValue.seconds(ofDuration: value["duration"] ?? .null) ?? 0)), "
                + "delay: \(SwiftNames.number(TokenValue.seconds(ofDuration: value["delay"] ?? .null) ?? 0)), "
                + "curve: \(curve(value["timingFunction"] ?? .null)))"
        case .strokeStyle: return strokeStyle(value)
        case .string: return SwiftNames.literal(value.string ?? value.serialized())
        case .boolean: return value.bool == true ? "true" : "false"
        case .composition, .untyped: return SwiftNames.literal(value.serialized())
        }
    }

    /// Points for a dimension: px and pt 1:1, rem and em at 16 pt.
    static func points(_ value: JSON) -> String {
        SwiftNames.number(TokenValue.points(ofDimension: value) ?? value.number ?? 0)
    }

    static func color(_ value: JSON) -> String {
        let alpha = value["alpha"]?.number ?? 1
        let space = value["colorSpace"]?.string ?? "srgb"
        var components = (value["components"]?.array ?? []).map { $0.number }
        var swiftSpace = ".sRGB"
        switch space {
        case "srgb": break
        case "display-p3": swiftSpace = ".displayP3"
        case "srgb-linear": swiftSpace = ".sRGBLinear"
        default:
            // Spaces SwiftUI does not name: extended sRGB (components may leave 0…1).
            if let declared = ColorSpace(rawValue: space) {
                let (r, g, b) = declared.toSRGB(components)
                components = [r, g, b]
            }
        }
        while components.count < 3 { components.append(0) }
        let rounded = components.map { SwiftNames.number((($0 ?? 0) * 10_000).rounded() / 10_000) }
        return
            "TokenColor(\(swiftSpace), red: \(rounded[0]), green: \(rounded[1]), blue: \(rounded[2]), alpha: \(SwiftNames.number((alpha * 10_000).rounded() / 10_000)))"
    }

    static func curve(_ value: JSON) -> String {
        let numbers = (value.array ?? []).compactMap(\.number) + [0, 0, 0, 0]
        return "TokenCurve(\(numbers.prefix(4).map(SwiftNames.number).joined(separator: ", ")))"
    }

    static func shadow(_ layer: JSON) -> String {
        "TokenShadow(color: \(color(layer["color"] ?? .null)), x: \(points(layer["offsetX"] ?? .null)), "
            + "y: \(points(layer["offsetY"] ?? .null)), blur: \(points(layer["blur"] ?? .null)), "
            + "spread: \(points(layer["spread"] ?? .null)), inset: \(layer["inset"]?.bool == true))"
    }

    static func strokeStyle(_ value: JSON) -> String {
        if let keyword = value.string { return "TokenStrokeStyle(keyword: \(SwiftNames.literal(keyword)))" }
        let dashes = (value["dashArray"]?.array ?? []).map(points).joined(separator: ", ")
        let cap = value["lineCap"]?.string ?? "butt"
        return "TokenStrokeStyle(dashArray: [\(dashes)], lineCap: \(SwiftNames.literal(cap)))"
    }

    static func font(_ value: JSON) -> String {
        var arguments: [String] = []
        if let family = value["fontFamily"] {
            let names = family.string.map { [$0] } ?? family.array?.compactMap(\.string) ?? []
            arguments.append("family: [" + names.map(SwiftNames.literal).joined(separator: ", ") + "]")
        }
        if let size = value["fontSize"] { arguments.append("size: \(points(size))") }
        if let weight = value["fontWeight"]?.number { arguments.append("weight: \(SwiftNames.number(weight))") }
        if let lineHeight = value["lineHeight"] {
            if let number = lineHeight.number {
                arguments.append("lineHeight: \(SwiftNames.number(number))")
            } else if let size = value["fontSize"].flatMap(TokenValue.points(ofDimension:)), size > 0,
                let height = TokenValue.points(ofDimension: lineHeight)
            {
                arguments.append("lineHeight: \(SwiftNames.number((height / size * 10_000).rounded() / 10_000))")
            }
        }
        if let spacing = value["lineSpacing"] { arguments.append("lineSpacing: \(points(spacing))") }
        if let tracking = value["letterSpacing"] {
            if let text = tracking.string, text.hasSuffix("%"), let percent = Double(text.dropLast()),
                let size = value["fontSize"].flatMap(TokenValue.points(ofDimension:))
            {
                arguments.append("letterSpacing: \(SwiftNames.number(percent / 100 * size))")
            } else if tracking.string == nil {
                arguments.append("letterSpacing: \(points(tracking))")
            }
        }
        if let style = value["textStyle"]?.string { arguments.append("textStyle: \(SwiftNames.literal(style))") }
        return "TokenFont(\(arguments.joined(separator: ", ")))"
    }
}
