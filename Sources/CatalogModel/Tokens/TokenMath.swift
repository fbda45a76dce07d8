import Foundation

/// Arithmetic in token values, as Tokens Studio writes it: `"{spacing.base} * 2"`,
/// `"{size.sm} + 4"`, `"roundTo({x} / 3)"`. The expression is stored as written (so the
/// reference survives) and evaluated at resolution, per mode, with units as Tokens Studio's
/// transforms take them (`resultUnit`: `px` a plain number, one other unit at
/// most). Functions and constants are those of the engine
/// Tokens Studio's transforms evaluate with (expr-eval, as sd-transforms'
/// `checkAndEvaluateMath` calls it): `roundTo(x[, digits])`, `round`, `floor`, `ceil`,
/// `trunc`, `abs`, `sign`, `min`, `max`, `pow`, `sqrt`, `cbrt`, `exp`, `log`/`ln` (natural),
/// `log10`/`lg`, `log2`, `hypot`, the `^` operator and `PI`, `E`.
public enum TokenMath {
    /// A number with an optional unit.
    public struct Quantity: Sendable, Equatable {
        /// The number.
        public var value: Double
        /// `px`, `rem`, `ms`, `s`, or `nil` for a plain number.
        public var unit: String?

        /// A quantity.
        public init(_ value: Double, _ unit: String? = nil) {
            self.value = value
            self.unit = unit
        }

        /// The quantity a string value is where math reads it in place of a reference
        /// (`"16"`, `"16px"`, `"-0.5rem"`): one literal as this math reads literals; `nil`
        /// for anything else (`auto`, `1px solid`, another expression).
        public init?(text: String) {
            switch TokenMath.parse(text) {
            case .success(.literal(let quantity)) where quantity.value.isFinite: self = quantity
            case .success(.negate(.literal(let quantity))) where quantity.value.isFinite:
                self.init(-quantity.value, quantity.unit)
            default: return nil
            }
        }
    }

    /// A parsed expression.
    public indirect enum Expression: Sendable, Equatable {
        case literal(Quantity)
        case reference(String)
        case negate(Expression)
        case binary(Character, Expression, Expression)
        case call(String, [Expression])

        /// Every token path the expression refers to, in reading order (walked with a
        /// stack: a chain of operators leans one level deeper per operator).
        public var references: [String] {
            var found: [String] = []
            var pending: [Expression] = [self]
            while let next = pending.popLast() {
                switch next {
                case .literal: break
                case .reference(let path): found.append(path)
                case .negate(let inner): pending.append(inner)
                case .binary(_, let a, let b): pending += [b, a]
                case .call(_, let arguments): pending += arguments.reversed()
                }
            }
            return found
        }
    }

    /// Why an expression cannot be read or evaluated.
    public struct MathError: Error, Sendable, Equatable {
        /// What is wrong.
        public var message: String

        /// An error saying `message`.
        public init(message: String) { self.message = message }
    }

    static let units = ["px", "rem", "em", "pt", "ms", "s", "%"]
    static let functions: Set<String> = [
        "roundTo", "round", "floor", "ceil", "trunc", "abs", "sign", "min", "max", "pow", "sqrt", "cbrt", "exp", "log",
        "ln", "log10", "lg", "log2", "hypot",
    ]
    static let constants: [String: Double] = ["PI": Double.pi, "E": M_E]

    /// Functions of one argument that keep its unit (they round or take a sign), and those
    /// that only take a plain number (a power of a length has no unit the catalog holds).
    private static let unitKeeping: [String: @Sendable (Double) -> Double] = [
        "round": { $0.rounded() }, "floor": { $0.rounded(.down) }, "ceil": { $0.rounded(.up) },
        "trunc": { $0.rounded(.towardZero) }, "abs": { Swift.abs($0) },
    ]
    private static let numeric: [String: @Sendable (Double) -> Double] = [
        "sqrt": { $0.squareRoot() }, "cbrt": { Foundation.cbrt($0) }, "exp": { Foundation.exp($0) },
        "log": { Foundation.log($0) }, "ln": { Foundation.log($0) }, "log10": { Foundation.log10($0) },
        "lg": { Foundation.log10($0) }, "log2": { Foundation.log2($0) },
        "sign": { $0 > 0 ? 1 : $0 < 0 ? -1 : 0 },
    ]

    /// Whether `text` is an expression rather than a plain number, measure or alias.
    public static func isExpression(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if Double(trimmed) != nil || TokenValue.parseMeasure(trimmed, units: units) != nil { return false }
        if TokenValue.alias(in: trimmed) != nil { return false }
        // expr-eval's constants stand for numbers (`PI * E`, `PI`), as they do in
        // sd-transforms' checkAndEvaluateMath, which hands the text to expr-eval's Parser.
        let names = trimmed.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        if names.contains(where: { constants[String($0)] != nil }),
            case .success = parse(trimmed)
        {
            return true
        }
        guard trimmed.contains(where: \.isNumber) || trimmed.contains("{") else { return false }  // "semi-bold"
        return trimmed.contains { "*/+()^".contains($0) } || trimmed.dropFirst().contains("-")
            || (trimmed.contains("{") && trimmed.contains("}"))
    }

    /// Parses `text`.
    public static func parse(_ text: String) -> Result<Expression, MathError> {
        var parser = Parser(characters: Array(text))
        do {
            let expression = try parser.expression()
            parser.skipSpaces()
            guard parser.position == parser.characters.count else {
                throw MathError(message: "unexpected '\(parser.characters[parser.position])' in \"\(text)\"")
            }
            return .success(expression)
        } catch let error as MathError {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            return .failure(MathError(message: "cannot read the expression \"\(shown)\": \(error.message)"))
        } catch {
            return .failure(MathError(message: "\(error)"))
        }
    }

    /// Nesting deeper than this (parentheses, calls, signs) is refused rather than risking the stack.
    public static let maximumDepth = 64

    /// More operators than this in one expression are refused: each makes the tree one
    /// level deeper (`1+1+…` leans left), and evaluating or freeing a tree recurses by level.
    public static let maximumOperations = 1_000

    /// Evaluates `expression`; `lookup` gives a referenced token's resolved quantity. A
    /// result that is not a finite number (an overflow) is an error.
    public static func evaluate(_ expression: Expression, lookup: (String) throws -> Quantity) throws -> Quantity {
        let result = try evaluated(expression, lookup: lookup)
        guard result.value.isFinite else { throw MathError(message: "does not give a finite number") }
        return result
    }

    private static func evaluated(_ expression: Expression, lookup: (String) throws -> Quantity) throws -> Quantity {
        switch expression {
        case .literal(let quantity): return quantity
        case .reference(let path): return try lookup(path)
        case .negate(let inner):
            let value = try evaluate(inner, lookup: lookup)
            return Quantity(-value.value, value.unit)
        case .binary:
            // `a + b - c …` leans left, one level per operator: its spine is walked as a
            // loop, so evaluation recurses only as deep as parentheses and signs nest.
            var operands: [(op: Character, right: Expression)] = []
            var leftmost = expression
            while case .binary(let op, let left, let right) = leftmost {
                operands.append((op, right))
                leftmost = left
            }
            var value = try evaluate(leftmost, lookup: lookup)
            for (op, right) in operands.reversed() {
                value = try combined(op, value, try evaluate(right, lookup: lookup))
                guard value.value.isFinite else { throw MathError(message: "does not give a finite number") }
            }
            return value
        case .call(let name, let arguments):
            let values = try arguments.map { try evaluate($0, lookup: lookup) }
            func one() throws -> Quantity {
                guard values.count == 1 else { throw MathError(message: "\(name) takes one argument") }
                return values[0]
            }
            switch name {
            case "roundTo":
                guard (1...2).contains(values.count) else { throw MathError(message: "roundTo takes 1 or 2 arguments") }
                let digits = values.count == 2 ? values[1].value : 0
                guard (0...10).contains(digits) else { throw MathError(message: "roundTo digits must be 0…10") }
                let scale = pow(10, digits.rounded())
                return Quantity((values[0].value * scale).rounded() / scale, values[0].unit)
            case _ where unitKeeping[name] != nil: return try one().map(unitKeeping[name]!)
            case _ where numeric[name] != nil:
                let value = try one()
                // expr-eval sees numbers only: sd-transforms strips px before evaluating.
                guard value.unit == nil || value.unit == "px" else {
                    throw MathError(message: "\(name) takes a number, got \(describe(value))")
                }
                return Quantity(numeric[name]!(value.value), nil)
            case "pow":
                guard values.count == 2 else { throw MathError(message: "pow takes 2 arguments") }
                return try power(values[0], values[1])
            case "hypot":
                guard let first = values.first else { throw MathError(message: "hypot needs arguments") }
                var sum = 0.0
                var unit = first.unit
                for value in values {
                    let (x, _, common) = try common(value, first)
                    sum += x * x
                    unit = common
                }
                return Quantity(sum.squareRoot(), unit)
            default:
                guard let first = values.first else { throw MathError(message: "\(name) needs arguments") }
                var best = first
                for value in values.dropFirst() {
                    let (x, y, unit) = try common(best, value)
                    best = Quantity(name == "min" ? Swift.min(x, y) : Swift.max(x, y), unit)
                }
                return best
            }
        }
    }

    /// `base` to the power `exponent` (`pow`, `^`): the exponent a plain number; a base in px
    /// stays in px, as sd-transforms strips px, evaluates, and puts px back.
    private static func power(_ base: Quantity, _ exponent: Quantity) throws -> Quantity {
        guard exponent.unit == nil || exponent.unit == "px" else {
            throw MathError(message: "cannot raise to \(describe(exponent))")
        }
        guard base.unit == nil || base.unit == "px" else {
            throw MathError(message: "cannot raise \(describe(base)) to a power")
        }
        return Quantity(Foundation.pow(base.value, exponent.value), base.unit)
    }

    /// `a op b`, units checked.
    private static func combined(_ op: Character, _ a: Quantity, _ b: Quantity) throws -> Quantity {
        if op == "^" { return try power(a, b) }
        let unit = try resultUnit(op, a, b)
        switch op {
        case "+": return Quantity(a.value + b.value, unit)
        case "-": return Quantity(a.value - b.value, unit)
        case "*": return Quantity(a.value * b.value, unit)
        default:
            guard b.value != 0 else { throw MathError(message: "division by zero") }
            return Quantity(a.value / b.value, unit)
        }
    }

    /// The unit of `a op b` as Tokens Studio's math gives it (sd-transforms'
    /// `parseAndReduce`): `px` is a plain number in tokens, so it is set aside, the rest is
    /// evaluated, and the one other unit found (else `px`, where there was one) is put back.
    /// Where its transforms leave an expression unevaluated, so does the catalog, saying
    /// why: two units (`4em + 7rem`, `1s + 200ms`), a number added to a unit it cannot
    /// convert (`4 + 7rem`, `2em + 20px`), a division by a unit (`1000 / 20em`).
    private static func resultUnit(_ op: Character, _ a: Quantity, _ b: Quantity) throws -> String? {
        let (x, y) = (a.unit == "px" ? nil : a.unit, b.unit == "px" ? nil : b.unit)
        if let x, let y, x != y {
            throw MathError(message: "mixes \(x) and \(y), which Tokens Studio's math leaves unevaluated")
        }
        if op == "+" || op == "-", x != y {
            throw MathError(
                message:
                    "cannot \(op == "+" ? "add" : "subtract") \(describe(x == nil ? a : b)) and \(describe(x == nil ? b : a)) (Tokens Studio's math leaves it unevaluated)"
            )
        }
        if op == "/", let y { throw MathError(message: "cannot divide by a quantity in \(y)") }
        return x ?? y ?? (a.unit == "px" || b.unit == "px" ? "px" : nil)
    }

    private static func describe(_ quantity: Quantity) -> String {
        quantity.unit.map { "a quantity in \($0)" } ?? "a number"
    }

    /// Two operands of `min`, `max` or `hypot` in one unit, by the rule of `+`.
    private static func common(_ a: Quantity, _ b: Quantity) throws -> (Double, Double, String?) {
        (a.value, b.value, try resultUnit("+", a, b))
    }

    private struct Parser {
        let characters: [Character]
        var position = 0
        var depth = 0
        var operations = 0

        /// Counts one more operator, refusing an expression with too many.
        mutating func counted(_ op: Character) throws -> Character {
            operations += 1
            guard operations <= TokenMath.maximumOperations else {
                throw MathError(message: "it has more than \(TokenMath.maximumOperations) operations")
            }
            return op
        }

        mutating func nested<T>(_ body: (inout Parser) throws -> T) throws -> T {
            depth += 1
            defer { depth -= 1 }
            guard depth <= TokenMath.maximumDepth else {
                throw MathError(message: "it nests deeper than \(TokenMath.maximumDepth) levels")
            }
            return try body(&self)
        }

        mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " { position += 1 }
        }

        mutating func peek() -> Character? {
            skipSpaces()
            return position < characters.count ? characters[position] : nil
        }

        mutating func expression() throws -> Expression {
            var left = try term()
            while let op = peek(), op == "+" || op == "-" {
                position += 1
                left = .binary(try counted(op), left, try term())
            }
            return left
        }

        mutating func term() throws -> Expression {
            var left = try factor()
            while let op = peek(), op == "*" || op == "/" {
                position += 1
                left = .binary(try counted(op), left, try factor())
            }
            return left
        }

        mutating func factor() throws -> Expression {
            if peek() == "-" {
                position += 1
                return .negate(try nested { try $0.factor() })
            }
            let base = try primary()
            guard peek() == "^" else { return base }
            // `^` binds tighter than a sign and to the right (`-2^2` is -4, `2^3^2` is 2^9).
            position += 1
            return .binary(try counted("^"), base, try nested { try $0.factor() })
        }

        mutating func primary() throws -> Expression {
            guard let next = peek() else { throw MathError(message: "it ends too early") }
            if next == "(" {
                position += 1
                let inner = try nested { try $0.expression() }
                guard peek() == ")" else { throw MathError(message: "a ')' is missing") }
                position += 1
                return inner
            }
            if next == "{" {
                guard let close = characters[position...].firstIndex(of: "}") else {
                    throw MathError(message: "a '}' is missing")
                }
                let path = String(characters[(position + 1)..<close])
                guard !path.isEmpty, !path.contains("{") else {
                    throw MathError(message: "an empty or nested reference")
                }
                position = close + 1
                return .reference(path.hasSuffix(".value") ? String(path.dropLast(6)) : path)
            }
            if next.isNumber || next == "." {
                let start = position
                while position < characters.count,
                    characters[position].isNumber || characters[position] == "."
                        || (characters[position] == "e" && position + 1 < characters.count
                            && (characters[position + 1].isNumber || characters[position + 1] == "-"))
                        || (characters[position] == "-" && position > start && characters[position - 1] == "e")
                {
                    position += 1
                }
                guard let value = Double(String(characters[start..<position])), value.isFinite else {
                    throw MathError(message: "\"\(String(characters[start..<position]))\" is not a number")
                }
                for unit in TokenMath.units.sorted(by: { $0.count > $1.count }) {
                    let end = position + unit.count
                    if end <= characters.count, String(characters[position..<end]) == unit,
                        end == characters.count || !characters[end].isLetter
                    {
                        position = end
                        return .literal(Quantity(value, unit))
                    }
                }
                return .literal(Quantity(value))
            }
            if next.isLetter {
                let start = position
                while position < characters.count, characters[position].isLetter || characters[position].isNumber {
                    position += 1
                }
                let name = String(characters[start..<position])
                if let constant = TokenMath.constants[name], peek() != "(" { return .literal(Quantity(constant)) }
                guard TokenMath.functions.contains(name), peek() == "(" else {
                    throw MathError(
                        message:
                            "unknown name \"\(name)\" (functions: \(TokenMath.functions.sorted().joined(separator: ", ")))"
                    )
                }
                position += 1
                var arguments: [Expression] = []
                if peek() != ")" {
                    arguments.append(try nested { try $0.expression() })
                    while peek() == "," {
                        position += 1
                        arguments.append(try nested { try $0.expression() })
                    }
                }
                guard peek() == ")" else { throw MathError(message: "a ')' is missing after \(name)'s arguments") }
                position += 1
                return .call(name, arguments)
            }
            throw MathError(message: "unexpected '\(next)'")
        }
    }
}

extension TokenMath.Quantity {
    fileprivate func map(_ transform: (Double) -> Double) -> TokenMath.Quantity {
        TokenMath.Quantity(transform(value), unit)
    }
}
