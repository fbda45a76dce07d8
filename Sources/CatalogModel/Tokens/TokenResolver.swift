/// Resolves aliases in a theme for one mode context: every alias, at the top of a
/// value or inside a composite field, is replaced by its target's resolved value in
/// the same context.
///
/// Problems are values, not exceptions, so that one pass reports all of them: a cycle
/// with its whole loop (`a → b → c → a`), an alias to a missing token, an alias to a
/// token of another type (both ends named).
public struct TokenResolver: Sendable {
    /// The theme being resolved.
    public let theme: Theme
    let index: [String: Int]

    /// Longer alias chains than this are reported rather than followed: a token whose value
    /// is reached through more links (aliases, references in expressions or strings, each
    /// link counted once along the longest way down) is flagged, whatever order the tokens
    /// are resolved in, and the tokens referring to it are left without a value.
    public static let maximumChainLength = 1_000

    /// How deep one visit recurses before it stops and resolves the deeper part first from
    /// an empty stack (``Run/settling(_:)``): a thread's stack holds a few hundred links of
    /// an expression chain (each several frames), not a thousand.
    static let maximumStackDepth = 200

    /// The largest resolved value, in bytes of JSON (256 KB; the largest real token seen,
    /// a gradient or an icon's path, is a few KB). References that repeat others that
    /// repeat others (`{a}{a}`, each level doubling) would otherwise grow a kilobyte of
    /// source into gigabytes: the token past this is flagged, and those above it with it.
    public static let maximumValueBytes = 256 << 10

    /// A resolver over `theme`.
    public init(theme: Theme) {
        self.theme = theme
        var index: [String: Int] = [:]
        index.reserveCapacity(theme.tokens.count)
        for (position, token) in theme.tokens.enumerated() where index[token.path] == nil {
            index[token.path] = position
        }
        self.index = index
    }

    /// The contexts in which the catalog materializes resolved values: all defaults
    /// (key `""`), then each mode of each dimension with defaults elsewhere (key
    /// `dimension=mode`).
    public var standardContexts: [(key: String, context: ModeContext)] {
        var contexts: [(String, ModeContext)] = [("", ModeContext())]
        for key in theme.modeKeys { contexts.append((key.description, ModeContext(key))) }
        return contexts
    }

    /// Every token's resolved value in `context` (tokens whose resolution fails are left
    /// out) and the problems found, deduplicated.
    public func resolveAll(in context: ModeContext) -> (values: [String: JSON], problems: [ResolutionProblem]) {
        var run = Run(resolver: self, context: context)
        var values: [String: JSON] = [:]
        values.reserveCapacity(theme.tokens.count)
        for position in theme.tokens.indices {
            if let value = run.settle(position) { values[theme.tokens[position].path] = value }
        }
        return (values, Array(run.problems))
    }

    /// The resolved value of the token at `path` in `context`.
    public func resolve(_ path: String, in context: ModeContext = ModeContext()) throws -> JSON {
        guard let position = index[path] else {
            let suggestion =
                Suggestion.closest(to: path, in: theme.tokens.map(\.path)).map { "; did you mean \($0)?" } ?? ""
            throw RequestError("theme \(theme.name)@\(theme.version) has no token \(path)\(suggestion)")
        }
        var run = Run(resolver: self, context: context)
        guard let value = run.settle(position) else {
            guard !run.problems.isEmpty else {
                throw RequestError(
                    "token \(path) of \(theme.name)@\(theme.version) does not exist in \(context); only some modes define it"
                )
            }
            throw RequestError(run.problems.map(\.message).sorted().joined(separator: "; "))
        }
        return value
    }

    /// Resolves a value that is not a token (a style's expression) of `type`, which may be
    /// or contain aliases. `origin` names the referring place in messages.
    public func resolve(value: JSON, type: String, origin: String, in context: ModeContext) -> Result<
        JSON, ResolutionProblem
    > {
        var run = Run(resolver: self, context: context)
        if let value = run.settling({ $0.substitute(value, type: type, from: origin) }) { return .success(value) }
        return .failure(run.problems.sorted { $0.message < $1.message }.first ?? .missing(from: origin, target: "?"))
    }

    /// Every alias problem in every standard context, deduplicated and sorted. Each mode's
    /// pass visits only the tokens whose resolution can differ there from the defaults'
    /// (``differingByMode(referrers:)``); the rest have the defaults' problems.
    public func problems() -> [ResolutionProblem] { problemsAndFailures().problems }

    /// ``problems()``, and the tokens without a value in some standard context that defines
    /// one: those the problems are on and those that reach them (which have no problem of
    /// their own), so that a caller refusing tokens finds every one a refusal breaks in one
    /// pass rather than one link a pass.
    public func problemsAndFailures() -> (problems: [ResolutionProblem], failed: Set<String>) {
        var all: Set<ResolutionProblem> = []
        var failed: Set<String> = []
        func visit(_ positions: some Sequence<Int>, in context: ModeContext) {
            var run = Run(resolver: self, context: context)
            for position in positions where run.settle(position) == nil {
                let token = theme.tokens[position]
                if token.value(choosing: run.chosen) != nil { failed.insert(token.path) }
            }
            all.formUnion(run.problems)
        }
        visit(theme.tokens.indices, in: ModeContext())
        // A default mode chosen by name is the defaults' context, visited already.
        let defaults = Set(theme.dimensions.map { ModeKey($0.name, $0.defaultMode) })
        for (key, positions) in differingByMode() where !defaults.contains(key) {
            visit(positions, in: ModeContext(key))
        }
        return (all.sorted { ($0.tokenPath, $0.message) < ($1.tokenPath, $1.message) }, failed)
    }

    /// One resolution pass with its memo and stack.
    struct Run {
        let resolver: TokenResolver
        let context: ModeContext
        /// The mode chosen in each dimension.
        let chosen: Set<ModeKey>
        /// Per token: `nil` until visited, then `.some(value or nil on failure)`, held
        /// packed: a pass over every token holds them all (built again, a million resolved
        /// colors took 288 MB, the peak of a million-token import).
        var values: [PackedValue??]
        var stack: [Int] = []
        var onStack: [Bool]
        var problems: Set<ResolutionProblem> = []
        /// Per token visited: the links of its longest way down to literal values (0 for a
        /// literal), so that a chain's length does not depend on where a pass entered it.
        var lengths: [Int32]
        /// Per token on the stack: the longest way down found so far through what it reached.
        var reaching: [Int32] = []
        /// The token a visit stopped at because the stack was full: not a verdict on it, but
        /// a place to resolve from an empty stack before trying again (``settling(_:)``).
        var interrupted: Int?

        init(resolver: TokenResolver, context: ModeContext) {
            self.resolver = resolver
            self.context = context
            chosen = context.chosen(in: resolver.theme)
            values = Array(repeating: nil, count: resolver.theme.tokens.count)
            onStack = Array(repeating: false, count: resolver.theme.tokens.count)
            lengths = Array(repeating: 0, count: resolver.theme.tokens.count)
        }

        /// The resolved value of the token at `position`, however deep its chain lies.
        mutating func settle(_ position: Int) -> JSON? { settling { $0.visit(position) } }

        /// `attempt` run again until no visit in it stopped at the stack's limit: each time
        /// one does, the token it stopped at is resolved first from an empty stack (and, in
        /// turn, where that stops), so values are memoized from the deep end up and every
        /// token's chain is measured whole. The stack stays bounded (a thread's stack is),
        /// and the verdicts do not depend on the order tokens are visited in.
        mutating func settling<T>(_ attempt: (inout Run) -> T) -> T {
            while true {
                let result = attempt(&self)
                guard let deep = interrupted else { return result }
                interrupted = nil
                var pending = [deep]
                while let next = pending.last {
                    _ = visit(next)
                    guard let deeper = interrupted else {
                        pending.removeLast()
                        continue
                    }
                    interrupted = nil
                    if pending.contains(deeper) {
                        // Around a loop longer than the stack: an endless chain, said.
                        problems.insert(.chainTooLong(from: resolver.theme.tokens[deeper].path))
                        values[deeper] = .some(nil)
                    } else {
                        pending.append(deeper)
                    }
                }
            }
        }

        mutating func visit(_ position: Int) -> JSON? {
            if let done = values[position] { return done?.json }
            let token = resolver.theme.tokens[position]
            if onStack[position] {
                let start = stack.firstIndex(of: position) ?? 0
                let loop = stack[start...].map { resolver.theme.tokens[$0].path }
                problems.insert(.cycle(ResolutionProblem.canonical(loop)))
                return nil
            }
            if stack.count >= TokenResolver.maximumStackDepth {
                if interrupted == nil { interrupted = position }
                return nil
            }
            stack.append(position)
            onStack[position] = true
            reaching.append(0)
            // Not defined in this context (a token only some modes have): no value, no problem.
            guard let own = token.value(choosing: chosen) else {
                stack.removeLast()
                onStack[position] = false
                reaching.removeLast()
                values[position] = .some(nil)
                return nil
            }
            var result = substitute(own, type: token.type.rawValue, from: token.path)
            if let value = result, token.type == .color, !token.extensions.isEmpty,
                let modify = token.extensionValue("studio.tokens", choosing: chosen)?["modify"]
            {
                result = modified(value, by: modify, from: token.path)
            }
            stack.removeLast()
            onStack[position] = false
            let length = reaching.removeLast()
            // Stopped at the stack's limit below: tried again once the deep end is settled.
            if interrupted != nil { return nil }
            if result != nil, length > TokenResolver.maximumChainLength {
                problems.insert(.chainTooLong(from: token.path))
                result = nil
            }
            if let value = result, value.isLarger(than: TokenResolver.maximumValueBytes) {
                problems.insert(.tooLarge(from: token.path))
                result = nil
            }
            lengths[position] = length
            values[position] = .some(result.map(PackedValue.init))
            return result
        }

        /// The context as messages name it: by the modes it chooses that are not their
        /// dimension's default (`density=compact`), and the defaults by their modes
        /// (`scheme=light`), so that a default mode chosen by name is the defaults' context.
        var contextName: String {
            let dimensions = resolver.theme.dimensions
            guard !dimensions.isEmpty else { return context.description }
            let other = dimensions.compactMap { dimension -> (String, String)? in
                guard let mode = context.modes[dimension.name], mode != dimension.defaultMode else { return nil }
                return (dimension.name, mode)
            }
            let named = other.isEmpty ? dimensions.map { ($0.name, $0.defaultMode) } : other
            return ModeContext(Dictionary(named) { first, _ in first }).description
        }

        /// The resolved value of the token at `position`, which `origin` refers to: a token
        /// that does not exist in this context is a problem of the referrer.
        mutating func reach(_ position: Int, from origin: String) -> JSON? {
            let target = resolver.theme.tokens[position]
            guard target.value(choosing: chosen) != nil else {
                problems.insert(.absent(from: origin, target: target.path, context: contextName))
                return nil
            }
            let value = visit(position)
            if value != nil, !reaching.isEmpty {
                reaching[reaching.count - 1] = max(reaching[reaching.count - 1], lengths[position] + 1)
            }
            return value
        }

        /// A color changed by a Tokens Studio `modify` extension: its `color`, `value`, `type`
        /// and `space` may refer to tokens, resolved first (as sd-transforms waits for them).
        mutating func modified(_ color: JSON, by modify: JSON, from origin: String) -> JSON? {
            var modify = modify
            if case .object(var members) = modify.kind {
                for (key, type) in ColorModifier.referable {
                    guard let index = members.firstIndex(where: { $0.key == key }),
                        ColorModifier.refers(members[index].value)
                    else { continue }
                    guard let resolved = substitute(members[index].value, type: type, from: origin) else { return nil }
                    members[index].value = resolved
                }
                modify = JSON(.object(members), at: modify.location)
            }
            var other: JSON?
            if let mix = modify["color"] {
                guard let resolved = substitute(mix, type: "color", from: origin) else { return nil }
                other = (try? TokenValue.normalize(resolved, as: "color").get()) ?? resolved
            }
            switch ColorModifier.apply(modify, to: color, other: other) {
            case .success(let value): return value
            case .failure(let error):
                problems.insert(.invalidValue(from: origin, message: error.message))
                return nil
            }
        }

        /// The part of a token's resolved value that a JSON Pointer names (`#/a/b/$value/components/0`).
        mutating func pointed(_ pointer: String, from origin: String) -> JSON? {
            guard let segments = JSONPointer.segments(pointer), let split = segments.firstIndex(of: "$value")
            else {
                problems.insert(
                    .invalidValue(from: origin, message: "$ref \(pointer) does not point into a token's $value"))
                return nil
            }
            let target = segments[..<split].joined(separator: ".")
            guard let position = resolver.index[target] else {
                problems.insert(.missing(from: origin, target: target))
                return nil
            }
            guard let whole = reach(position, from: origin) else { return nil }
            guard let part = JSONPointer.descend(whole, segments[(split + 1)...]) else {
                problems.insert(
                    .invalidValue(from: origin, message: "$ref \(pointer): {\(target)} has no such part"))
                return nil
            }
            return part
        }

        /// `value` with every `{"$ref": …}` replaced by what it points to.
        mutating func replacingPointers(_ value: JSON, from origin: String) -> JSON? {
            if let pointer = TokenValue.pointer(in: value) { return pointed(pointer, from: origin) }
            switch value.kind {
            case .object(let members):
                var result: [(key: String, value: JSON)] = []
                for member in members {
                    guard let replaced = replacingPointers(member.value, from: origin) else { return nil }
                    result.append((member.key, replaced))
                }
                return JSON(.object(result), at: value.location)
            case .array(let elements):
                var result: [JSON] = []
                for element in elements {
                    guard let replaced = replacingPointers(element, from: origin) else { return nil }
                    result.append(replaced)
                }
                return JSON(.array(result), at: value.location)
            default:
                return value
            }
        }

        /// The value of a Tokens Studio expression (`{spacing.base} * 2`) as a `type` value.
        mutating func evaluated(_ text: String, type: String, from origin: String) -> JSON? {
            guard case .success(let expression) = TokenMath.parse(text) else { return nil }
            var failed = false
            let outcome: Result<TokenMath.Quantity, TokenMath.MathError>
            do {
                outcome = .success(
                    try TokenMath.evaluate(expression) { path in
                        guard let position = resolver.index[path] else {
                            problems.insert(.missing(from: origin, target: path))
                            failed = true
                            throw TokenMath.MathError(message: "")
                        }
                        guard let value = reach(position, from: origin) else {
                            failed = true
                            throw TokenMath.MathError(message: "")
                        }
                        if let number = value.number { return TokenMath.Quantity(number) }
                        if let amount = value["value"]?.number, let unit = value["unit"]?.string {
                            return TokenMath.Quantity(amount, unit)
                        }
                        if let css = value.string {
                            // sd-transforms writes the referenced value into the expression
                            // and evaluates the text (`checkAndEvaluateMath`): a numeric string
                            // (`"16"` of type `other`) or a measure (`"16px"`) is that number.
                            if let quantity = TokenMath.Quantity(text: css) { return quantity }
                            throw TokenMath.MathError(
                                message:
                                    "uses {\(path)}, which is CSS with no fixed size (\(css)), not a number or a measure"
                            )
                        }
                        throw TokenMath.MathError(message: "uses {\(path)}, which is not a number or a measure")
                    })
            } catch let error as TokenMath.MathError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(TokenMath.MathError(message: "\(error)"))
            }
            if failed { return nil }
            let quantity: TokenMath.Quantity
            switch outcome {
            case .success(let value): quantity = value
            case .failure(let error):
                problems.insert(.invalidValue(from: origin, message: "\(text) \(error.message)"))
                return nil
            }
            let units: [String]
            switch type {
            case "dimension": units = ["px", "rem", "em", "pt", "dp"]
            case "duration": units = ["ms", "s"]
            // A number from lengths in px is that number: Tokens Studio's math treats px as a
            // plain number (sd-transforms' checkAndEvaluateMath strips px before evaluating).
            default: units = ["%", "px"]
            }
            if let unit = quantity.unit, !units.contains(unit) {
                problems.insert(
                    .invalidValue(from: origin, message: "\(text) gives a quantity in \(unit), not a \(type)"))
                return nil
            }
            switch type {
            case "dimension":
                let unit = quantity.unit == "pt" ? "px" : quantity.unit ?? "px"
                return .object([("value", .number(quantity.value)), ("unit", .string(unit))])
            case "duration":
                return .object([("value", .number(quantity.value)), ("unit", .string(quantity.unit ?? "ms"))])
            default:
                return .number(quantity.unit == "%" ? quantity.value / 100 : quantity.value)
            }
        }

        /// A string with references inside (Style Dictionary's `1px solid {color.border}`):
        /// each replaced by its target's resolved value as CSS writes it.
        mutating func interpolated(_ text: String, from origin: String) -> JSON? {
            var result = ""
            var rest = Substring(text)
            var failed = false
            while let open = rest.firstIndex(of: "{"),
                let close = rest[rest.index(after: open)...].firstIndex(of: "}")
            {
                result += rest[..<open]
                let target = String(rest[rest.index(after: open)..<close])
                rest = rest[rest.index(after: close)...]
                guard let position = resolver.index[target] else {
                    problems.insert(.missing(from: origin, target: target))
                    failed = true
                    continue
                }
                guard let value = reach(position, from: origin) else {
                    failed = true
                    continue
                }
                result += TokenValue.cssText(value, type: resolver.theme.tokens[position].type.rawValue)
                if result.utf8.count > TokenResolver.maximumValueBytes {
                    problems.insert(.tooLarge(from: origin))
                    return nil
                }
            }
            return failed ? nil : .string(result + rest)
        }

        /// A CSS color function with references (Tokens Studio): `fn({color} / alpha)` is
        /// that color with that alpha; otherwise the references are written in as CSS text and
        /// the result read as a CSS color.
        mutating func referencingColor(_ text: String, from origin: String) -> JSON? {
            if text.hasSuffix(")"), let open = text.firstIndex(of: "("), let slash = text.lastIndex(of: "/"),
                open < slash,
                slash < text.index(before: text.endIndex),
                let target = TokenValue.alias(
                    in: TokenValue.trimmedSpaces(String(text[text.index(after: open)..<slash])))
            {
                guard let color = substitute(.string("{\(target)}"), type: "color", from: origin),
                    let alphaText = interpolated(
                        String(text[text.index(after: slash)..<text.index(before: text.endIndex)]), from: origin)?
                        .string
                else { return nil }
                let trimmed = TokenValue.trimmedSpaces(alphaText)
                let alpha = trimmed.hasSuffix("%") ? Double(trimmed.dropLast()).map { $0 / 100 } : Double(trimmed)
                guard let alpha, (0...1).contains(alpha), var members = color.object else {
                    problems.insert(
                        .invalidValue(from: origin, message: "\(text): \(alphaText) is not an alpha in 0…1"))
                    return nil
                }
                members.removeAll { $0.key == "alpha" }
                members.append(("alpha", .number(alpha)))
                return .object(members)
            }
            guard let written = interpolated(text, from: origin) else { return nil }
            // `rgba({black}, 0.45)`: Tokens Studio's hex with an alpha, once the reference is read.
            if let color = written.string.flatMap(Color.init(hexRGBA:)) { return color.dtcg }
            // Tokens Studio documents gradients as color tokens (its Gradient Colors page):
            // kept as the CSS gradient its references give, not read as one color.
            if CSSColor.isGradient(text) { return written }
            // (Read as the catalog reads colors, which are Tokens Studio's colors: 8-digit
            // hex, math kept.)
            switch TokenValue.normalize(written, as: "color") {
            case .success(let color) where color.object != nil: return color
            default:
                problems.insert(
                    .invalidValue(from: origin, message: "\(text) is not a color once its references are read"))
                return nil
            }
        }

        /// `value` (of `type`, in the token at `origin`) with every reference read: `$ref`
        /// pointers, math, aliases, interpolated strings and colors, composite members and
        /// list elements; `nil` (a problem recorded) when one cannot be.
        mutating func substitute(_ value: JSON, type: String, from origin: String) -> JSON? {
            if TokenValue.containsPointer(value) {
                guard let replaced = replacingPointers(value, from: origin) else { return nil }
                switch TokenValue.normalize(replaced, as: type) {
                case .success(let normalized): return substitute(normalized, type: type, from: origin)
                case .failure(let error):
                    problems.insert(
                        .invalidValue(from: origin, message: "\(error.message), got \(error.value.excerpt) after $ref"))
                    return nil
                }
            }
            if let text = value.string, TokenValue.alias(in: text) == nil,
                ["dimension", "number", "duration", "fontWeight"].contains(type)
            {
                // CSS text (`clamp({size.min}, 2vw, {size.max})`): its references written in.
                if CSSValue.isKept(text, as: type), case .failure = TokenMath.parse(text) {
                    return text.utf8.contains(UInt8(ascii: "{")) ? interpolated(text, from: origin) : value
                }
                if TokenMath.isExpression(text) { return evaluated(text, type: type, from: origin) }
            }
            if let target = TokenValue.alias(in: value) { return aliased(target, type: type, from: origin) }
            if type == "string", let text = value.string, text.utf8.contains(UInt8(ascii: "{")) {
                return interpolated(text, from: origin)
            }
            if type == "color", let text = value.string, text.utf8.contains(UInt8(ascii: "{")) {
                return referencingColor(text, from: origin)
            }
            switch value.kind {
            case .object(let members)
            where TokenValue.compositeFields[type] != nil || type == "gradient" || type == "shadow"
                || type == "strokeStyle":
                return composite(members, type: type, from: origin).map { JSON(.object($0), at: value.location) }
            case .array(let elements) where type == "shadow" || type == "gradient" || type == "dashArray":
                var resolved: [JSON] = []
                for element in elements {
                    let elementType = type == "dashArray" ? "dimension" : type
                    guard let item = substitute(element, type: elementType, from: origin) else { return nil }
                    resolved.append(item)
                }
                return JSON(.array(resolved), at: value.location)
            default:
                return value
            }
        }

        /// The value of the token `target` names, as a value of `type`: a bare number where
        /// a length is needed is pixels; a text token's text where it reads as a value of
        /// `type`; otherwise the types must match.
        mutating func aliased(_ target: String, type: String, from origin: String) -> JSON? {
            guard let position = resolver.index[target] else {
                problems.insert(.missing(from: origin, target: target))
                return nil
            }
            let targetType = resolver.theme.tokens[position].type.rawValue
            if type == "dimension", targetType == "number" {
                // A bare number where a length is needed is pixels, as a literal `4` is.
                guard let number = reach(position, from: origin)?.number else { return nil }
                return .object([("value", .number(number)), ("unit", .string("px"))])
            }
            if targetType == "string", type != "string", let text = reach(position, from: origin)?.string,
                case .success(let value) = TokenValue.normalize(.string(text), as: type)
            {
                // A text token used where its text is a value of the needed type (Tokens
                // Studio's `text` font family or weight name in a typography).
                return value
            }
            guard type == targetType else {
                problems.insert(.wrongType(from: origin, expected: type, target: target, actual: targetType))
                return nil
            }
            return reach(position, from: origin)
        }

        /// A composite value's members each resolved as their field's type (a typography's
        /// line height aliasing a dimension being a length); `nil` when any fails.
        mutating func composite(_ members: [(key: String, value: JSON)], type: String, from origin: String)
            -> [(key: String, value: JSON)]?
        {
            var resolved: [(key: String, value: JSON)] = []
            var failed = false
            for member in members {
                var fieldType =
                    type == "strokeStyle"
                    ? (member.key == "dashArray" ? "dashArray" : "string")
                    : TokenValue.fieldType(member.key, of: type == "gradient" ? "gradient" : type) ?? "string"
                // A line height may be a length as well as a multiplier (Spectrum's, Tokens
                // Studio's `24px`): an alias to a dimension is one, as a literal `24px` is.
                if type == "typography", member.key == "lineHeight",
                    let target = TokenValue.alias(in: member.value), let position = resolver.index[target],
                    resolver.theme.tokens[position].type == .dimension
                {
                    fieldType = "dimension"
                }
                if let field = substitute(member.value, type: fieldType, from: origin) {
                    resolved.append((member.key, field))
                } else {
                    failed = true
                }
                // A weight written with its style (`"Medium Italic"`, kept as the weight and
                // `catalog.fontStyle`) gives a typography naming it that style, as
                // sd-transforms' `addFontStyles` resolves the weight first.
                if type == "typography", member.key == "fontWeight",
                    !members.contains(where: { $0.key == "fontStyle" }),
                    let target = TokenValue.alias(in: member.value), let position = resolver.index[target],
                    let style = resolver.theme.tokens[position].extensionValue(Token.fontStyleKey, choosing: chosen)
                {
                    resolved.append(("fontStyle", style))
                }
            }
            return failed ? nil : resolved
        }
    }
}

/// An alias that cannot be resolved.
public enum ResolutionProblem: Error, Sendable, Hashable {
    /// Aliases that lead back to where they started; the loop starts at its smallest path.
    case cycle([String])
    /// An alias whose target does not exist.
    case missing(from: String, target: String)
    /// An alias whose target has another type than the referring place needs.
    case wrongType(from: String, expected: String, target: String, actual: String)
    /// An alias whose target exists only in other modes than the context's.
    case absent(from: String, target: String, context: String)
    /// A chain longer than ``TokenResolver/maximumChainLength``.
    case chainTooLong(from: String)
    /// A value that resolves to something its type does not allow (a `$ref` part, an
    /// expression, a color modifier).
    case invalidValue(from: String, message: String)
    /// A value that resolves to more than ``TokenResolver/maximumValueBytes``.
    case tooLarge(from: String)

    /// The token (or place) the problem is reported on.
    public var tokenPath: String {
        switch self {
        case .cycle(let loop): return loop.first ?? ""
        case .missing(let from, _), .wrongType(let from, _, _, _), .chainTooLong(let from), .invalidValue(let from, _),
            .absent(let from, _, _), .tooLarge(let from):
            return from
        }
    }

    /// The message, naming both ends or the whole loop.
    public var message: String {
        switch self {
        case .cycle(let loop):
            return "alias cycle: " + (loop + [loop.first ?? ""]).joined(separator: " → ")
        case .missing(let from, let target):
            return "\(from) refers to {\(target)}, which does not exist"
        case .wrongType(let from, let expected, let target, let actual):
            return "\(from) needs a \(expected) but refers to {\(target)}, which is a \(actual)"
        case .absent(let from, let target, let context):
            return "\(from) refers to {\(target)}, which does not exist in \(context) (only some modes define it)"
        case .chainTooLong(let from):
            return "\(from) starts an alias chain longer than \(TokenResolver.maximumChainLength) links"
        case .invalidValue(let from, let message):
            return "\(from): \(message)"
        case .tooLarge(let from):
            return
                "\(from) resolves to more than \(TokenResolver.maximumValueBytes >> 10) KB (its references repeat tokens that repeat others); it is flagged rather than expanded"
        }
    }

    /// Rotates a loop to start at its smallest path, so each cycle is reported once.
    static func canonical(_ loop: [String]) -> [String] {
        guard let smallest = loop.indices.min(by: { loop[$0] < loop[$1] }) else { return loop }
        return Array(loop[smallest...] + loop[..<smallest])
    }
}
