import CatalogModel
import Foundation

/// A theme version as Swift: a namespace enum per group holding one constant per token,
/// a `Moded<Value>` of its resolved values, `Value` a plain, platform-neutral type (see
/// ``SwiftSupport``):
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
/// The `Moded` holds the default, each mode's value and each combination's where they
/// differ (``SwiftTokenContexts``), read with `value(in:)` and the theme's generated
/// context type; a token the same everywhere is `Moded(value)`, so that its declared type
/// stays when it gains a mode. A token that only some modes define is a `Moded<Value?>`
/// whose default is `nil`. Names follow ``SwiftNaming``.
/// Aliases are resolved (the doc comment names the target), so regenerating after a theme
/// change changes exactly the lines whose values changed. Deprecated tokens carry
/// `@available(*, deprecated, message:, renamed:)`.
struct SwiftTokens {
    let theme: Theme
    let namespace: String
    /// Names chosen with `--rename`, by group or token path.
    var renames: [String: String] = [:]

    /// One generated constant.
    struct Constant {
        var token: Token
        var name: String
        /// `Namespace.Group.name`, for references from generated styles.
        var qualifiedName: String
        var swiftType: String
        /// The default value (`null` where the token has none: ``isOptional``), then each
        /// mode's (in dimension order) where it differs.
        var values: [(mode: String, value: JSON)]
        /// The dimensions the value depends on, in theme order.
        var dimensions: [String] = []
        /// The values in combinations of two or more modes that differ from the default.
        var combinations: [(modes: [String], value: JSON)] = []
        /// Whether the token has no default value: a `Moded<Value?>` only some modes fill.
        var isOptional = false
        /// The modes where the token resolves to nothing, and the default stands in.
        var missing: [String] = []
        /// The Apple system color the token is (``AppleSystemColors``), generated as the
        /// system's own where the platform has it.
        var systemColor: String?

        /// Whether the constant is a plain value rather than a `Moded`.
        var isPlain: Bool { !isOptional && values.count == 1 && combinations.isEmpty }
    }

    /// Why a token is not generated.
    enum Omission: String, CaseIterable {
        case noValue = "no value in any context (a reference names nothing)"
        case noSwiftType = "no Swift type for its value (a composition, an untyped value, a CSS keyword or gradient)"
        case cssOnly = "CSS with no fixed size (clamp(), 75ch, auto), which only CSS can use"
        case typeVaries = "a value of another kind in some modes"
        case unnamed = "a name clash (see the error)"
    }

    /// The constants and what was left out, without the source.
    struct Members {
        var tree = Node()
        /// The constants by token path.
        var constants: [String: Constant] = [:]
        /// What stops generation: name clashes, numbers too large.
        var problems: [String] = []
        /// Tokens not generated, by reason (in theme order).
        var omitted: [(reason: Omission, paths: [String])] = []
        /// Tokens generated without a default value.
        var optional: [String] = []
        /// Tokens generated without their values in combinations of modes (too many).
        var uncombined: [String] = []
        /// Tokens with a default value and none in some modes, where the default stands in.
        var partial: [String] = []
    }

    /// What the generator produced: the source, the constants by token path, and the
    /// problems (name collisions, values it cannot express) that stop generation.
    struct Output {
        var source: String
        var members: Members
        var constants: [String: Constant] { members.constants }
        var problems: [String] { members.problems }
    }

    /// The source of `Namespace.swift`, ending with `context`'s modes enum and context type;
    /// the values from `contexts` where given (a ``SwiftThemeSet``'s), else the theme's.
    func generate(header: String, context: SwiftContextType, contexts: SwiftTokenContexts? = nil) -> Output {
        let members = members(contexts: contexts ?? SwiftTokenContexts(theme: theme))
        var out = header + "\nimport Foundation\n\n"
        out += "/// The tokens of theme \(theme.name) \(theme.version)"
        out += theme.description.map { ": \(Self.docLine($0))" } ?? "."
        out += "\n"
        for (reason, paths) in members.omitted {
            // Said here as in the export's summary, never dropped silently.
            out +=
                "///\n/// Not generated: \(paths.count) token\(paths.count == 1 ? "" : "s") with \(reason.rawValue): "
            out += Self.docLine(paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? ", …" : "")) + ".\n"
        }
        if !members.partial.isEmpty {
            out += "///\n/// Without a value in some modes (the default stands in there): "
            out +=
                Self.docLine(
                    members.partial.prefix(10).joined(separator: ", ") + (members.partial.count > 10 ? ", …" : ""))
                + ".\n"
        }
        if !members.uncombined.isEmpty {
            out += "///\n/// Without their values in combinations of modes (more than "
            out += "\(SwiftTokenContexts.largestCombinationCount)): "
            out += Self.docLine(members.uncombined.prefix(10).joined(separator: ", ")) + ".\n"
        }
        var body = ""
        members.tree.render(into: &body, name: namespace, indent: 0, generator: self, constants: members.constants)
        out += body
        out += context.source()
        return Output(source: out, members: members)
    }

    /// The constants without their source: each token's name, Swift type and values, in the
    /// tree of namespaces; the problems; the tokens left out. What the docs need to show a
    /// token's Swift name.
    ///
    /// `contexts` are the theme's (``SwiftTokenContexts``); for names only, those of
    /// ``SwiftTokenContexts/init(theme:namesOnly:)`` give the package's names at a fraction
    /// of the cost.
    func members(contexts: SwiftTokenContexts) -> Members {
        var members = Members()
        var omitted: [Omission: [String]] = [:]
        var candidates: [Constant] = []
        let dark = theme.dimensions.first { $0.modes.contains("dark") }.map { _ in "dark" }
        // Built only if a token holds a system color's values and its aliases are followed.
        lazy var tokensByPath = Dictionary(theme.tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for token in theme.tokens {
            let base = contexts.defaults[token.path]
            var values: [(String, JSON)] = [("", base ?? .null)]
            for (mode, _, resolved) in contexts.modes {
                if let value = resolved[token.path], value != base { values.append((mode, value)) }
            }
            let combinations = contexts.combinations[token.path] ?? []
            guard let sample = base ?? values.dropFirst().first?.1 ?? combinations.first?.value else {
                omitted[.noValue, default: []].append(token.path)
                continue
            }
            let all = values.dropFirst(base == nil ? 1 : 0).map(\.1) + combinations.map(\.value)
            if all.contains(where: { Self.isCSSOnly($0, type: token.type) }) {
                omitted[.cssOnly, default: []].append(token.path)
                continue
            }
            guard let swiftType = Self.swiftType(token.type, value: sample) else {
                omitted[.noSwiftType, default: []].append(token.path)
                continue
            }
            guard all.allSatisfy({ Self.swiftType(token.type, value: $0) == swiftType }) else {
                omitted[.typeVaries, default: []].append(token.path)
                continue
            }
            if let number = all.lazy.compactMap({ Self.tooLarge($0) }).first {
                members.problems.append("token \(token.path) holds \(number), too large a number for Swift")
                continue
            }
            if base == nil { members.optional.append(token.path) }
            let missing = contexts.missing[token.path] ?? []
            if !missing.isEmpty { members.partial.append(token.path) }
            candidates.append(
                Constant(
                    token: token, name: "", qualifiedName: "", swiftType: swiftType, values: values,
                    dimensions: contexts.dimensions[token.path] ?? [], combinations: combinations,
                    isOptional: base == nil, missing: missing,
                    systemColor: AppleSystemColors.name(
                        of: token, values: values, combinations: combinations, dark: dark, lookup: { tokensByPath[$0] }
                    )))
        }
        let generated = Set(candidates.map(\.token.path))
        members.uncombined = contexts.uncombined.filter(generated.contains)
        let naming = SwiftNaming(tokenPaths: candidates.map(\.token.path), namespace: namespace, renames: renames)
        members.problems += naming.problems
        for var constant in candidates {
            let segments = constant.token.path.split(separator: ".", omittingEmptySubsequences: false)
            var groups: [String] = []
            var prefix = ""
            for segment in segments.dropLast() {
                prefix = prefix.isEmpty ? String(segment) : prefix + "." + segment
                groups.append(naming.group(prefix) ?? "")
            }
            guard let name = naming.token(constant.token.path), !groups.contains("") else {
                omitted[.unnamed, default: []].append(constant.token.path)
                continue
            }
            constant.name = name
            constant.qualifiedName = ([namespace] + groups + [name]).joined(separator: ".")
            members.tree.insert(constant, at: groups[...])
            members.constants[constant.token.path] = constant
        }
        members.omitted = Omission.allCases.compactMap { reason in omitted[reason].map { (reason, $0) } }
        return members
    }

    /// A namespace enum and its members, by Swift name.
    struct Node {
        var constants: [Constant] = []
        var groups: [String: Node] = [:]
        var groupOrder: [String] = []

        mutating func insert(_ constant: Constant, at path: ArraySlice<String>) {
            guard let head = path.first else {
                constants.append(constant)
                return
            }
            if groups[head] == nil { groupOrder.append(head) }
            groups[head, default: Node()].insert(constant, at: path.dropFirst())
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
                    into: &out, name: group, indent: indent + 1, generator: generator, constants: constants)
            }
            out += "\(pad)}\n"
        }
    }

    func render(_ constant: Constant, into out: inout String, indent: Int, constants: [String: Constant]) {
        let pad = String(repeating: "    ", count: indent)
        let token = constant.token
        let scales = Self.scalesWithDynamicType(token)
        if let description = token.description { out += "\(pad)/// \(Self.docLine(description))\n" }
        // The value a reader of the code would otherwise look up: in the default context.
        let shown = Self.docValue(constant.values[0].value, type: token.type).map {
            "`\(Self.docLine($0).replacingOccurrences(of: "`", with: "'"))` in the default context"
        }
        if let alias = token.aliasTarget {
            out += "\(pad)/// An alias of `{\(alias)}`" + (shown.map { ": \($0)" } ?? "") + ".\n"
        } else if let shown, !constant.isPlain {
            out += "\(pad)/// \(shown.prefix(1).uppercased() + shown.dropFirst()).\n"
        }
        if token.type == .typography {
            out += "\(pad)/// \(scales ? Self.scaling(constant.values[0].value) : Self.fixedSizeNote)\n"
        }
        if let system = constant.systemColor {
            out += "\(pad)/// Apple's \(system): the system's own color on iOS, iPadOS and visionOS"
            out += AppleSystemColors.entries[system]?.appKit == nil ? "" : " (and macOS)"
            out += "; these values elsewhere.\n"
        }
        if constant.isOptional {
            out += "\(pad)/// No value in the default context: `nil` there, set in the modes below.\n"
        }
        if !constant.missing.isEmpty {
            out += "\(pad)/// No value in \(Self.docLine(constant.missing.joined(separator: ", "))) "
            out += "(not defined there, or a reference to a token missing there): the default stands in.\n"
        }
        if let deprecation = token.deprecation {
            var arguments = ["*", "deprecated"]
            if let reason = deprecation.reason { arguments.append("message: \(SwiftNames.literal(reason))") }
            if let successor = token.replacedBy, let target = constants[successor] {
                arguments.append("renamed: \(SwiftNames.literal(target.qualifiedName))")
            }
            out += "\(pad)@available(\(arguments.joined(separator: ", ")))\n"
        }
        let values = constant.values
        let literal = { (value: JSON) in
            guard value != .null else { return "nil" }
            if let system = constant.systemColor { return Self.color(value, system: system) }
            if token.type == .typography { return Self.font(value, scales: scales) }
            return Self.literal(value, type: token.type)
        }
        // One declared type whatever the token's modes: gaining a mode changes no signature.
        let type = constant.swiftType + (constant.isOptional ? "?" : "")
        let declaration = "\(pad)public static let \(constant.name): Moded<\(type)> = Moded("
        if constant.isPlain {
            out += declaration + "\(literal(values[0].value)))\n"
            return
        }
        out += declaration + "\n"
        if constant.dimensions.count <= 1 && constant.combinations.isEmpty {
            out += "\(pad)    dimension: \(constant.dimensions.first.map(SwiftNames.literal) ?? "nil"),\n"
        } else {
            out += "\(pad)    dimensions: [\(constant.dimensions.map(SwiftNames.literal).joined(separator: ", "))],\n"
        }
        out += "\(pad)    default: \(literal(values[0].value)),\n"
        out +=
            "\(pad)    modes: " + Self.dictionary(values.dropFirst().map { ([$0.mode], $0.value) }, pad: pad, literal)
        if constant.dimensions.count > 1 || !constant.combinations.isEmpty {
            out +=
                ",\n\(pad)    combinations: " + Self.dictionary(constant.combinations, pad: pad, literal, arrays: true)
        }
        out += ")\n"
    }

    /// A dictionary literal of `entries` (keys one string, or arrays of strings), one per line.
    static func dictionary(
        _ entries: [(modes: [String], value: JSON)], pad: String, _ literal: (JSON) -> String, arrays: Bool = false
    ) -> String {
        guard !entries.isEmpty else { return "[:]" }
        var out = "[\n"
        for (modes, value) in entries {
            let names = modes.map(SwiftNames.literal).joined(separator: ", ")
            out += "\(pad)        \(arrays ? "[\(names)]" : names): \(literal(value)),\n"
        }
        return out + "\(pad)    ]"
    }

    /// A resolved value as a doc comment shows it, for the kinds one short text says:
    /// a color's hex (`#0A84FF`, `#007AFFD9` when translucent), a length in points, a
    /// duration in seconds, a number, a font family list; `nil` for composites and text.
    static func docValue(_ value: JSON, type: TokenType) -> String? {
        switch type {
        case .color:
            guard let color = Color(dtcg: value) else { return nil }
            return color.alpha < 1 ? color.hexRGBA : String(color.hexRGBA.dropLast(2))
        case .dimension: return TokenValue.points(ofDimension: value).map { "\(SwiftNames.number($0)) pt" }
        case .duration: return TokenValue.seconds(ofDuration: value).map { "\(SwiftNames.number($0)) s" }
        case .number, .fontWeight: return value.number.map(SwiftNames.number)
        case .fontFamily:
            return (value.string.map { [$0] } ?? value.array?.compactMap(\.string))?.joined(separator: ", ")
        default: return nil
        }
    }

    static func docLine(_ text: String) -> String {
        SwiftNames.visible(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

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

    /// Whether a resolved `value` of `type` holds CSS with no fixed size where a length
    /// or a number goes (``CSSValue``): a dimension's or a number's text, or such text as
    /// a typography's size, a shadow's offsets or a border's width. A percentage dimension
    /// (Tokens Studio's relative letter spacing) is not: it stays a `String`.
    static func isCSSOnly(_ value: JSON, type: TokenType) -> Bool {
        func text(_ field: JSON?) -> Bool { field?.string != nil }
        switch type {
        case .dimension: return value.string.map { !$0.hasSuffix("%") } ?? false
        case .number: return value.string != nil
        case .typography: return text(value["fontSize"]) || text(value["lineSpacing"])
        case .shadow:
            return (value.array ?? [value]).contains { layer in
                ["offsetX", "offsetY", "blur", "spread"].contains { text(layer[$0]) }
            }
        case .border: return text(value["width"])
        default: return false
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

    /// A `TokenColor` of a DTCG color object; `system` names the Apple system color it is.
    static func color(_ value: JSON, system: String? = nil) -> String {
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
            "TokenColor(\(swiftSpace), red: \(rounded[0]), green: \(rounded[1]), blue: \(rounded[2]), alpha: \(SwiftNames.number((alpha * 10_000).rounded() / 10_000))"
            + (system.map { ", system: \(SwiftNames.literal($0)))" } ?? ")")
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

    /// The `$extensions` key with which a typography token opts out of Dynamic Type.
    static let dynamicTypeKey = "catalog.dynamicType"

    /// Whether `token` scales with Dynamic Type: unless `$extensions["catalog.dynamicType"]`
    /// is `false`.
    static func scalesWithDynamicType(_ token: Token) -> Bool {
        token.extensions.first { $0.key == dynamicTypeKey }?.value.bool != false
    }

    static let fixedSizeNote = "A fixed size: `catalog.dynamicType` is false, so Dynamic Type does not scale it."

    /// Apple's text styles at the default Dynamic Type size (iOS, points), body before
    /// headline: a regular 17 pt scales as body.
    static let textStyleSizes = AppleTextStyles.sizes

    /// ``textStyleSizes`` as the entries of a Swift dictionary literal, for the generated
    /// `TokenFont`, which needs the same sizes.
    static let textStyleSizesLiteral = textStyleSizes.map { "\"\($0.name)\": \(SwiftNames.number($0.size))" }
        .joined(separator: ", ")

    /// The text style a typography value scales with: the one it names, else the nearest by
    /// size (body without one), and whether it was named.
    static func relativeStyle(_ value: JSON) -> (name: String, named: Bool) {
        relativeStyle(
            textStyle: value["textStyle"]?.string, size: value["fontSize"].flatMap(TokenValue.points(ofDimension:)))
    }

    /// The text style a font of `textStyle` or `size` points scales with, and whether it was named.
    static func relativeStyle(textStyle: String?, size: Double?) -> (name: String, named: Bool) {
        if let textStyle, textStyleSizes.contains(where: { $0.name == textStyle }) { return (textStyle, true) }
        guard let size else { return ("body", false) }
        let nearest = textStyleSizes.min { abs($0.size - size) < abs($1.size - size) }!
        return (nearest.name, false)
    }

    /// The doc line saying how a typography value scales.
    static func scaling(_ value: JSON) -> String {
        let (style, named) = relativeStyle(value)
        return "Scales with Dynamic Type as \(style)" + (named ? "" : " (the nearest text style by size)")
            + ", line spacing and tracking too."
    }

    /// A `TokenFont` of a typography value; `scales` says whether it follows Dynamic Type.
    static func font(_ value: JSON, scales: Bool = true) -> String {
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
        if scales { arguments.append("relativeTo: \(SwiftNames.literal(relativeStyle(value).name))") }
        return "TokenFont(\(arguments.joined(separator: ", ")))"
    }
}
