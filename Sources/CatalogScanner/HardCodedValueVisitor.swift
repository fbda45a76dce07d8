import CatalogModel
internal import SwiftParser
internal import SwiftSyntax

/// Finds colors and lengths written as literals in button code: inside a call of a
/// catalog component (`Button`, `DFButton`, …) or in the modifiers applied to one, and in
/// types conforming to a button style protocol. Colors: `Color`, `UIColor` or `NSColor`
/// from `red:green:blue:` (and `opacity:`/`alpha:`) number literals, a channel optionally
/// written `x / 255`, in sRGB (the default or `.sRGB`); `Color(hex:)` with a hex string
/// (a common extension). Lengths: `.padding(16)`, `.padding(.horizontal, 16)`,
/// `.cornerRadius(12)`, `RoundedRectangle(cornerRadius: 12)`.
final class HardCodedValueVisitor: SyntaxVisitor {
    let components: Set<String>
    let file: String
    let converter: SourceLocationConverter
    private(set) var values: [HardCodedValue] = []

    /// The most literals one file records: past it, hostile code costs no more.
    static let maximumValues = 10_000

    init(components: Set<String>, file: String, converter: SourceLocationConverter) {
        self.components = components
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard values.count < Self.maximumValues else { return .skipChildren }
        if let (kind, use, hex, points) = Self.literal(node), isButtonCode(node) {
            // A modifier is placed and written from its period: `.padding(16)`, not its chain.
            let member = node.calledExpression.as(MemberAccessExprSyntax.self)
            let location = (member.map { Syntax($0.period) } ?? Syntax(node)).startLocation(converter: converter)
            var text =
                member.map { "." + $0.declName.trimmedDescription + "(" + node.arguments.trimmedDescription + ")" }
                ?? node.trimmedDescription
            if text.count > 120 { text = String(text.prefix(119)) + "…" }
            values.append(
                HardCodedValue(
                    file: file, line: location.line, column: location.column, text: text, kind: kind, use: use,
                    hex: hex, points: points))
        }
        return .visitChildren
    }

    /// The value a call writes as literals, if it is one of the forms above.
    static func literal(_ node: FunctionCallExprSyntax) -> (HardCodedValue.Kind, String, String?, Double?)? {
        let arguments = Array(node.arguments)
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if ["Color", "UIColor", "NSColor"].contains(name), let hex = color(arguments) {
                return (.color, "color", hex, nil)
            }
            if name == "RoundedRectangle", arguments.count == 1, arguments[0].label?.text == "cornerRadius",
                let points = number(arguments[0].expression)
            {
                return (.length, "cornerRadius", nil, points)
            }
            return nil
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        switch (member.declName.baseName.text, arguments.count) {
        case ("padding", 1) where arguments[0].label == nil:
            return number(arguments[0].expression).map { (.length, "padding", nil, $0) }
        case ("padding", 2) where arguments[0].label == nil && arguments[1].label == nil:
            return number(arguments[1].expression).map { (.length, "padding", nil, $0) }
        case ("cornerRadius", 1) where arguments[0].label == nil:
            return number(arguments[0].expression).map { (.length, "cornerRadius", nil, $0) }
        default: return nil
        }
    }

    /// `#RRGGBBAA` of `red:green:blue:` literals (sRGB), or of `hex: "#0066CC"`.
    private static func color(_ arguments: [LabeledExprSyntax]) -> String? {
        if arguments.count == 1, arguments[0].label?.text == "hex",
            let literal = arguments[0].expression.as(StringLiteralExprSyntax.self),
            let text = literal.representedLiteralValue
        {
            let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            return Color(hex: digits)?.hexRGBA
        }
        var channels: [String: Double] = [:]
        for (index, argument) in arguments.enumerated() {
            guard let label = argument.label?.text else {
                // Only a leading `.sRGB` color space: the others are not compared.
                guard index == 0, argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sRGB"
                else { return nil }
                continue
            }
            guard let value = number(argument.expression), (0...1).contains(value) else { return nil }
            channels[label] = value
        }
        guard let red = channels["red"], let green = channels["green"], let blue = channels["blue"],
            channels.count == 3 || (channels.count == 4 && (channels["opacity"] ?? channels["alpha"]) != nil)
        else { return nil }
        return Color(red: red, green: green, blue: blue, alpha: channels["opacity"] ?? channels["alpha"] ?? 1).hexRGBA
    }

    /// A number literal, or `a / b` of two (a channel written `102 / 255`).
    private static func number(_ expression: ExprSyntax) -> Double? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return Double(integer.literal.text) }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text) }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "/",
            let left = number(infix.leftOperand), let right = number(infix.rightOperand), right != 0
        {
            return left / right
        }
        // Before folding, `a / b` is a flat sequence of three elements.
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "/",
                let left = number(parts[0]), let right = number(parts[2]), right != 0
            else { return nil }
            return left / right
        }
        return nil
    }

    /// Whether `node` is button code: inside a component's call, in the modifiers applied
    /// to one (or in their arguments), or in a type conforming to a button style protocol.
    private func isButtonCode(_ node: FunctionCallExprSyntax) -> Bool {
        if appliesToComponent(node) { return true }
        var current = node.parent
        while let step = current {
            if let call = step.as(FunctionCallExprSyntax.self), appliesToComponent(call) { return true }
            if let inheritance = step.asProtocol(DeclGroupSyntax.self)?.inheritanceClause {
                return inheritance.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("ButtonStyle") }
            }
            current = step.parent
        }
        return false
    }

    /// Whether `call` is a component's, or a modifier applied to one: `Button { … }.padding(16)`.
    private func appliesToComponent(_ call: FunctionCallExprSyntax) -> Bool {
        var expression: ExprSyntax? = ExprSyntax(call)
        while let step = expression {
            if let call = step.as(FunctionCallExprSyntax.self) {
                if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    return name == "Button" || components.contains(name)
                }
                expression = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            } else {
                expression = step.as(MemberAccessExprSyntax.self)?.base
            }
        }
        return false
    }
}
