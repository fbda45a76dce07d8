/// CSS a token file may hold for a dimension or a number that has no fixed size:
/// `clamp(1rem, 0.875rem + 0.5vw, 1rem)`, `75ch`, `50vw`, `auto`, `var(--gap)`, the
/// shorthand `4px 8px`. Style Dictionary's and Tokens Studio's builds pass such a value
/// through as written (sd-transforms `src/transformDimension.ts`: "does not transform a
/// dimension if it is not numeric"; `src/checkAndEvaluateMath.ts` `parseAndReduce`:
/// "parsing failed, return the original expression"), so the team's CSS holds it as is.
/// The catalog keeps it as that CSS text: it is a value, shown in the docs and followed
/// by the tokens that refer to it, with no size in points (the Swift package leaves it
/// out, saying why). Strict DTCG 2025.10 has no such form and still flags it.
public enum CSSValue {
    /// Units of lengths relative to a font, a viewport, a container or a grid track, and
    /// physical units: CSS Values 4 §6 and CSS Grid's `fr`.
    static let lengthUnits: Set<String> = [
        "ch", "ex", "cap", "ic", "lh", "rlh", "rex", "rch", "ric", "rcap", "vw", "vh", "vi", "vb", "vmin", "vmax",
        "svw", "svh", "svi", "svb", "svmin", "svmax", "lvw", "lvh", "lvi", "lvb", "lvmin", "lvmax", "dvw", "dvh",
        "dvi", "dvb", "dvmin", "dvmax", "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax", "fr", "cm", "mm", "q", "in",
        "pc", "%",
    ]
    /// Units a length has a fixed size in (the catalog's own dimensions).
    static let fixedUnits = ["px", "rem", "em", "pt", "dp"]
    /// Keywords CSS allows where a length goes (`width: auto`, `max-width: none`), and the
    /// CSS-wide keywords.
    static let lengthKeywords: Set<String> = [
        "auto", "none", "normal", "fit-content", "max-content", "min-content", "stretch", "inherit", "initial",
        "unset", "revert", "revert-layer",
    ]
    /// Keywords CSS allows where a number goes (`line-height: normal`, `z-index: auto`).
    static let numberKeywords: Set<String> = [
        "auto", "normal", "none", "inherit", "initial", "unset", "revert", "revert-layer",
    ]
    /// CSS's math and substitution functions (CSS Values 4 §10, Variables, Environment
    /// Variables) and the sizing functions of Box Sizing and Grid.
    static let functions: Set<String> = [
        "calc", "clamp", "min", "max", "var", "env", "round", "mod", "rem", "abs", "sign", "fit-content", "minmax",
    ]

    /// Whether `text` is CSS for a `type` value (`dimension` or `number`) that is kept as
    /// written: a keyword, a length in a unit of no fixed size, a CSS function, or (for a
    /// dimension) a shorthand of two to four lengths.
    public static func isKept(_ text: String, as type: String) -> Bool {
        let trimmed = TokenValue.trimmedSpaces(text).lowercased()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 1000 else { return false }
        switch type {
        case "dimension":
            if lengthKeywords.contains(trimmed) { return true }
            let parts = topLevelParts(trimmed)
            if parts.count > 1 {
                return parts.count <= 4 && parts.allSatisfy { isLength($0) || isFixedLength($0) || $0 == "auto" }
            }
            return isLength(trimmed)
        case "number":
            return numberKeywords.contains(trimmed) || isFunction(trimmed)
        default:
            return false
        }
    }

    /// A CSS function the catalog cannot evaluate, named in a message: the name before
    /// `(` when it is no CSS function (`modular-scale`), which only a team's own transform
    /// computes.
    public static func unknownFunction(in text: String) -> String? {
        let trimmed = TokenValue.trimmedSpaces(text).lowercased()
        guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
        let name = trimmed[..<open]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }),
            !functions.contains(String(name)), !TokenMath.functions.contains(String(name))
        else { return nil }
        return String(name)
    }

    /// A length with no fixed size: a number in one of ``lengthUnits``, or a function.
    static func isLength(_ text: String) -> Bool {
        if isFunction(text) { return true }
        guard let unitStart = text.firstIndex(where: { $0.isLetter || $0 == "%" }) else { return false }
        let number = text[..<unitStart]
        guard let value = Double(number), value.isFinite,
            number.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true
        else { return false }
        return lengthUnits.contains(String(text[unitStart...]))
    }

    /// A length of a fixed size, or zero, as a part of a shorthand.
    static func isFixedLength(_ text: String) -> Bool {
        text == "0" || TokenValue.parseMeasure(text, units: fixedUnits) != nil
    }

    /// A call of CSS functions (nested ones too) with balanced parentheses, made of
    /// numbers, units, operators, custom property names and token references.
    static func isFunction(_ text: String) -> Bool {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "("), functions.contains(String(text[..<open]))
        else { return false }
        var depth = 0
        var name = ""
        var inReference = false
        for character in text {
            switch character {
            case "(":
                guard name.isEmpty || functions.contains(name) || TokenMath.functions.contains(name) else {
                    return false
                }
                depth += 1
                name = ""
            case ")":
                depth -= 1
                guard depth >= 0 else { return false }
                name = ""
            case "{":
                guard !inReference else { return false }
                inReference = true
            case "}":
                guard inReference else { return false }
                inReference = false
                name = ""
            case _ where inReference:
                continue
            case _ where character.isLetter || character == "-" || character == "_":
                name.append(character)
            case _ where character.isNumber || " .,+*/%\t".contains(character):
                if !character.isNumber { name = "" }
            default:
                return false
            }
        }
        return depth == 0 && !inReference
    }

    /// `text` split at spaces outside parentheses and references.
    static func topLevelParts(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            if character == " " && depth == 0 {
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
