import Foundation

/// The CSS math a build writes instead of a number (Designsystemet's CLI: `calc()`,
/// `min()`, `round(down, …, 1px)` over custom properties), evaluated to pixels or a bare
/// number as a browser would, `var()` read from the scopes given (the first holding a
/// name wins). `rem` is 16 px. What it cannot read is `nil`.
struct CSSMath {
    /// A length in px, or a number (`unit` ""), or a percentage (`%`).
    struct Quantity {
        var value: Double
        var unit: String
    }

    let scopes: [[String: String]]
    private var tokens: [String] = []
    private var position = 0
    private var depth = 0

    init(scopes: [[String: String]]) { self.scopes = scopes }

    /// `text` (a property's value) as `12px`, `1.125` or `30%`, or `nil`.
    func evaluate(_ text: String) -> String? {
        guard let quantity = quantity(of: text, depth: 0) else { return nil }
        let number = (quantity.value * 1e6).rounded() / 1e6
        let written = number == number.rounded() ? String(Int(number)) : String(number)
        return written + quantity.unit
    }

    private func quantity(of text: String, depth: Int) -> Quantity? {
        guard depth < 32 else { return nil }
        var reader = self
        reader.tokens = Self.tokenized(text)
        reader.position = 0
        reader.depth = depth
        guard let result = reader.sum(), reader.position == reader.tokens.count else { return nil }
        return result
    }

    static func tokenized(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in text {
            if "(),*/".contains(character) || character.isWhitespace {
                flush()
                if !character.isWhitespace { tokens.append(String(character)) }
            } else if character == "+" || character == "-", current.isEmpty,
                tokens.last.map({ !["(", ",", "*", "/"].contains($0) }) ?? false
            {
                tokens.append(String(character))  // a binary operator, spaced in CSS
            } else {
                current.append(character)
            }
        }
        flush()
        return tokens
    }

    private mutating func next() -> String? {
        guard position < tokens.count else { return nil }
        defer { position += 1 }
        return tokens[position]
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func sum() -> Quantity? {
        guard var result = product() else { return nil }
        while let operation = peek, operation == "+" || operation == "-" {
            position += 1
            guard let right = product(), let added = Self.add(result, right, negate: operation == "-") else {
                return nil
            }
            result = added
        }
        return result
    }

    private mutating func product() -> Quantity? {
        guard var result = factor() else { return nil }
        while let operation = peek, operation == "*" || operation == "/" {
            position += 1
            guard let right = factor() else { return nil }
            if operation == "*" {
                guard result.unit.isEmpty || right.unit.isEmpty else { return nil }
                result = Quantity(value: result.value * right.value, unit: result.unit + right.unit)
            } else {
                guard right.value != 0 else { return nil }
                let unit = right.unit == result.unit ? "" : right.unit.isEmpty ? result.unit : nil
                guard let unit else { return nil }
                result = Quantity(value: result.value / right.value, unit: unit)
            }
        }
        return result
    }

    private mutating func arguments() -> [[String]]? {
        guard next() == "(" else { return nil }
        var arguments: [[String]] = [[]]
        var nesting = 0
        while let token = next() {
            switch token {
            case "(": nesting += 1
            case ")" where nesting == 0: return arguments
            case ")": nesting -= 1
            case "," where nesting == 0:
                arguments.append([])
                continue
            default: break
            }
            arguments[arguments.count - 1].append(token)
        }
        return nil
    }

    private mutating func factor() -> Quantity? {
        guard let token = next() else { return nil }
        if token == "(" {
            guard let inner = sum(), next() == ")" else { return nil }
            return inner
        }
        if token == "-", let inner = factor() { return Quantity(value: -inner.value, unit: inner.unit) }
        if ["calc", "min", "max", "round", "var"].contains(token), peek == "(" {
            guard let arguments = arguments() else { return nil }
            let texts = arguments.map { $0.joined(separator: " ") }
            switch token {
            case "calc": return texts.count == 1 ? quantity(of: texts[0], depth: depth + 1) : nil
            case "min", "max":
                let values = texts.compactMap { quantity(of: $0, depth: depth + 1) }
                guard values.count == texts.count, let first = values.first,
                    values.allSatisfy({ $0.unit == first.unit })
                else { return nil }
                let pick = token == "min" ? values.min { $0.value < $1.value } : values.max { $0.value < $1.value }
                return pick
            case "round":
                let strategy = ["nearest", "up", "down", "to-zero"].contains(texts.first ?? "") ? texts[0] : "nearest"
                let rest = strategy == texts.first ? Array(texts.dropFirst()) : texts
                guard rest.count == 2, let value = quantity(of: rest[0], depth: depth + 1),
                    let step = quantity(of: rest[1], depth: depth + 1), step.value > 0, step.unit == value.unit
                else { return nil }
                let ratio = value.value / step.value
                let rounded =
                    switch strategy {
                    case "down": (ratio + 1e-9).rounded(.down)
                    case "up": (ratio - 1e-9).rounded(.up)
                    case "to-zero": ratio.rounded(.towardZero)
                    default: ratio.rounded()
                    }
                return Quantity(value: rounded * step.value, unit: value.unit)
            default:  // var
                let name = texts.first ?? ""
                if let value = scopes.lazy.compactMap({ $0[name] }).first {
                    return quantity(of: value, depth: depth + 1)
                }
                return texts.count > 1 ? quantity(of: texts.dropFirst().joined(separator: ","), depth: depth + 1) : nil
            }
        }
        for (unit, scale, written) in [("rem", 16.0, "px"), ("px", 1, "px"), ("%", 1, "%"), ("", 1, "")]
        where token.hasSuffix(unit) {
            if let number = Double(token.dropLast(unit.count)) {
                return Quantity(value: number * scale, unit: written)
            }
        }
        return nil
    }

    private static func add(_ left: Quantity, _ right: Quantity, negate: Bool) -> Quantity? {
        guard left.unit == right.unit || left.value == 0 || right.value == 0 else { return nil }
        let unit = left.unit.isEmpty ? right.unit : left.unit
        return Quantity(value: left.value + (negate ? -right.value : right.value), unit: unit)
    }
}
