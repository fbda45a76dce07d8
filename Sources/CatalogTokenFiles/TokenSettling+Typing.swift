import CatalogModel
import Foundation

/// Typing, the first part of settling a token: its declared type as its format reads it
/// (a line height by its value, Tokens Studio's `number` and `other` aliases taking their
/// target's type, an alias across types in the formats that never compare types), else
/// its path's category (Style Dictionary), else the type at the end of its alias chain,
/// else, in the older shapes only, a guess from the value.
extension TokenSettling {
    /// The token's type: declared (Tokens Studio's `number` and `string` aliases taking
    /// their target's), inherited, from its alias target, or guessed where the format
    /// guesses. `nil` (reported once) when it cannot be told.
    mutating func settledType(of raw: RawToken, value rawValue: JSON, index: [String: Int]) -> String? {
        var typeProblem: String?
        var declaredType = raw.declaredType
        if let declared = declaredType { declaredType = Self.byValue(declared, of: raw, value: rawValue) }
        // (A `number` or `string` alias takes its target's type silently where the format says so, below.)
        let rules = raw.dialect.rules
        let isAlias = TokenValue.alias(in: rawValue) != nil
        if rules.acceptsAliasesAcrossTypes, let declared = declaredType, isAlias,
            !rules.aliasesTakingTheirTargetsType.contains(declared)
        {
            declaredType = crossTypeAlias(of: raw, declared: declared, value: rawValue, index: index)
        }
        if let declared = declaredType, rules.aliasesTakingTheirTargetsType.contains(declared), isAlias {
            // Tokens Studio's `number`, `other` and `text` aliases take their target's type
            // (a `number` naming a dimension or a font weight is that dimension or weight).
            var ignored: String?
            var untyped = raw
            untyped.declaredType = nil
            declaredType = typeFromAliases(untyped, value: rawValue, index: index, problem: &ignored) ?? declared
        }
        let type =
            declaredType
            ?? (rules.typesByPathCategory && !isAlias
                ? StyleDictionaryFormat.type(ofPath: raw.path, values: raw.allValues(default: rawValue)) : nil)
            ?? typeFromAliases(raw, value: rawValue, index: index, problem: &typeProblem)
            ?? (raw.mayInferType && !isAlias ? TokenValue.inferType(of: rawValue) : nil)
        guard let type else {
            if let typeProblem {
                if !typeProblem.isEmpty { report(typeProblem, at: rawValue, path: raw.jsonPath, file: raw.file) }
            } else if !broken.contains(raw.path) {
                report(
                    raw.valueKey == "$value"
                        ? "cannot tell the type of token \(raw.path); add \"$type\" to it or to its group (DTCG does not guess types from values)"
                        : "cannot tell the type of token \(raw.path); add \"type\" to it",
                    at: rawValue, path: JSONPath.member(raw.jsonPath, raw.valueKey), file: raw.file)
            }
            return nil
        }
        if type == "number", !raw.dialect.rules.strict, let text = rawValue.string,
            TokenValue.parseMeasure(text, units: raw.dialect.rules.dimensionUnits) != nil
        {
            return "dimension"  // Tokens Studio's `lineHeights: "24px"`: a length, not a multiplier
        }
        return type
    }

    /// The type of an alias declared `declared` in a format whose tools never compare types
    /// through aliases (Style Dictionary's `resolveReferences` substitutes the target's value
    /// whatever either type; Tokens Studio resolves a reference the same way): its target's,
    /// said in a warning, when the target's value cannot be read as `declared` (a `color`
    /// naming a text "150"); `declared` when it can (a length naming a bare number, a font
    /// naming a text), as the resolver reads those.
    private mutating func crossTypeAlias(of raw: RawToken, declared: String, value: JSON, index: [String: Int])
        -> String
    {
        var untyped = raw
        untyped.declaredType = nil
        var ignored: String?
        guard let target = typeFromAliases(untyped, value: value, index: index, problem: &ignored),
            target != declared, target != TokenValue.lineHeightType
        else { return declared }
        let readable: Set<String> =
            switch target {
            case "number": ["dimension", "fontWeight", "duration"]
            case "string": ["fontFamily", "fontWeight", "string"]
            default: []
            }
        guard !readable.contains(declared) else { return declared }
        warn(
            "token \(raw.path) is declared \(declared) but refers to a token of type \(target); read as \(target), as \(raw.dialect.displayName) resolves it (its tools do not compare types through references)",
            on: raw, at: value.location)
        return target
    }

    /// A declared type the value settles: the older shapes' line height (a multiplier or a
    /// length), and Tokens Studio's `other`/`text`, which hold what no other type does, so an
    /// object there is kept as written (Gestalt's `{x1, y1, x2, y2}` easings).
    static func byValue(_ declared: String, of raw: RawToken, value: JSON) -> String {
        if declared == TokenValue.lineHeightType { return lineHeightType(of: raw, value: value) }
        if raw.dialect.rules.stringsHoldAnything, declared == "string", value.object != nil || value.array != nil {
            return TokenType.untyped.rawValue
        }
        return declared
    }

    /// The type of a token declared with the older shapes' line height type, by its value:
    /// `auto`/`normal` a string (the font's own), `%` and, outside Tokens Studio, a bare
    /// number a multiplier (`number`), a measure a `dimension`; in Tokens Studio a bare number
    /// is pixels (its docs: "Tokens without a unit specified are applied as the pixel
    /// equivalent"), so a `dimension`, unless too small to be pixels
    /// (``TokenValue/bareLineHeightIsPixels(_:rules:)``). An alias is `number`, which Tokens
    /// Studio's rule for `number` aliases then gives its target's type.
    private static func lineHeightType(of raw: RawToken, value: JSON) -> String {
        let rules = raw.dialect.rules
        guard let text = value.string else {
            return value.number.map { TokenValue.bareLineHeightIsPixels($0, rules: rules) } == true
                ? "dimension" : "number"
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if ["auto", "normal"].contains(trimmed.lowercased()) { return "string" }
        if TokenValue.alias(in: trimmed) != nil || trimmed.hasSuffix("%") { return "number" }
        if let number = Double(trimmed) {
            return TokenValue.bareLineHeightIsPixels(number, rules: rules) ? "dimension" : "number"
        }
        return TokenValue.parseMeasure(trimmed, units: raw.dialect.rules.dimensionUnits) != nil ? "dimension" : "number"
    }

    /// The declared (or, in the older shape, guessed) type at the end of an alias chain.
    /// A chain that ends at a missing token sets `problem` to say so (to "" when the
    /// missing link is further down the chain, where its own token reports it). The type
    /// found is remembered for every token the walk passed, so that typing a long chain of
    /// untyped aliases costs its length once, not once per link.
    private mutating func typeFromAliases(
        _ token: RawToken, value: JSON, index: [String: Int], problem: inout String?
    ) -> String? {
        var current = token
        var currentValue = value
        var seen: Set<String> = [token.path]
        var passed: [String] = []
        // Style Dictionary does no math: `{a} - {b}` is a string, not an expression of {a}'s type.
        let math = token.dialect.rules.evaluatesMath
        func remembered(_ type: String?) -> String? {
            if let type { for path in passed { chainTypes[ChainKey(path: path, math: math)] = type } }
            return type
        }
        var target = TokenValue.alias(in: currentValue) ?? (math ? Self.firstReference(in: currentValue) : nil)
        while let path = target {
            if let known = chainTypes[ChainKey(path: path, math: math)] { return remembered(known) }
            guard let position = index[path] else {
                let direct = current.path == token.path && !broken.contains(path)
                problem = direct ? "\(current.path) refers to {\(path)}, which does not exist" : ""
                return nil
            }
            let next = tokens[position]
            if let declared = next.declaredType {
                // A type settled by the value (a line height, Tokens Studio's `other`); one that
                // is itself an alias to a number may take its target's type.
                let nextValue = next.hasValue ? next.value : next.modes.first?.value ?? .null
                let type = Self.byValue(declared, of: next, value: nextValue)
                if declared != TokenValue.lineHeightType || type != "number" || TokenValue.alias(in: nextValue) == nil {
                    return remembered(type)
                }
            }
            guard seen.insert(next.path).inserted else {
                // A loop of untyped aliases has no type to find: the loop is the problem.
                let loop = passed.drop { $0 != next.path }
                problem =
                    "alias cycle: "
                    + ([token.path] + (loop.isEmpty ? passed : Array(loop)) + [next.path]).joined(separator: " → ")
                return nil
            }
            passed.append(next.path)
            current = next
            currentValue = next.hasValue ? next.value : next.modes.first?.value ?? .null
            target = TokenValue.alias(in: currentValue) ?? (math ? Self.firstReference(in: currentValue) : nil)
        }
        if current.dialect.rules.typesByPathCategory, TokenValue.alias(in: currentValue) == nil {
            return remembered(
                StyleDictionaryFormat.type(ofPath: current.path, values: current.allValues(default: currentValue)))
        }
        return remembered(current.mayInferType ? TokenValue.inferType(of: currentValue) : nil)
    }

    /// The first reference of an expression (`{a} * 2`), whose type the expression takes.
    static func firstReference(in value: JSON) -> String? {
        guard let text = value.string, TokenMath.isExpression(text),
            case .success(let expression) = TokenMath.parse(text)
        else { return nil }
        return expression.references.first
    }
}
