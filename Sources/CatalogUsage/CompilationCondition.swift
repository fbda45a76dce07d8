import Foundation

/// Whether code under an `#if` condition exists on a platform: `os(iOS)` is true on iOS
/// and false elsewhere; any other check (`DEBUG`, `canImport(UIKit)`, `swift(>=6)`,
/// `targetEnvironment(simulator)`) may be either. `!`, `&&`, `||` and parentheses
/// combine them (three-valued), so `!os(iOS) && os(macOS)` excludes iOS and `DEBUG`
/// excludes nothing.
public enum CompilationCondition {
    /// Whether the condition can hold on `platform` (`nil` for text that is not a condition:
    /// treated as possible).
    public static func canHold(_ condition: String, on platform: String) -> Bool {
        var parser = Parser(tokens: tokens(condition), platform: platform)
        guard let value = parser.disjunction(), parser.index == parser.tokens.count else { return true }
        return value != false
    }

    /// `!`, `&&`, `||`, `(`, `)` and atoms (`os(iOS)`, `DEBUG`, `swift(>=5.9)`).
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(String(character))
                index += 1
            } else if character == "!" {
                tokens.append("!")
                index += 1
            } else if index + 1 < characters.count, "&|".contains(character), characters[index + 1] == character {
                tokens.append(String([character, character]))
                index += 2
            } else {
                // An identifier, with its parenthesized argument when one follows.
                var atom = ""
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber
                        || characters[index] == "_"
                {
                    atom.append(characters[index])
                    index += 1
                }
                if atom.isEmpty {
                    tokens.append(String(character))
                    index += 1
                    continue
                }
                if index < characters.count, characters[index] == "(" {
                    var depth = 0
                    repeat {
                        if characters[index] == "(" { depth += 1 }
                        if characters[index] == ")" { depth -= 1 }
                        atom.append(characters[index])
                        index += 1
                    } while index < characters.count && depth > 0
                }
                tokens.append(atom)
            }
        }
        return tokens
    }

    /// A recursive-descent reading of the tokens to `true`, `false` or unknown (`.some(nil)`).
    struct Parser {
        let tokens: [String]
        let platform: String
        var index = 0

        init(tokens: [String], platform: String) {
            self.tokens = tokens
            self.platform = platform
        }

        mutating func disjunction() -> Bool?? {
            chain("||", operand: { $0.conjunction() }, absorbing: true)
        }

        mutating func conjunction() -> Bool?? {
            chain("&&", operand: { $0.unary() }, absorbing: false)
        }

        /// Operands joined by `symbol` (left to right), three-valued: the `absorbing` value
        /// (`true` for `||`, `false` for `&&`) wins over unknown, unknown over the other.
        mutating func chain(_ symbol: String, operand: (inout Parser) -> Bool??, absorbing: Bool) -> Bool?? {
            guard var value = operand(&self) else { return nil }
            while index < tokens.count, tokens[index] == symbol {
                index += 1
                guard let right = operand(&self) else { return nil }
                value =
                    value == absorbing || right == absorbing
                    ? absorbing : (value == !absorbing && right == !absorbing ? !absorbing : nil)
            }
            return value
        }

        mutating func unary() -> Bool?? {
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            index += 1
            if token == "!" {
                guard let value = unary() else { return nil }
                return value.map { !$0 }
            }
            if token == "(" {
                guard let value = disjunction(), index < tokens.count, tokens[index] == ")" else { return nil }
                index += 1
                return value
            }
            if token == "true" { return true }
            if token == "false" { return false }
            if token.hasPrefix("os("), token.hasSuffix(")") {
                let name = token.dropFirst(3).dropLast().trimmingCharacters(in: .whitespaces)
                return name == platform || (name == "xrOS" && platform == "visionOS")
            }
            guard let first = token.first, first.isLetter || first == "_" else { return nil }
            return .some(nil)
        }
    }
}
