import CatalogModel
import CatalogUsage
import Foundation
internal import SwiftSyntax

extension CallVisitor {
    /// Records what a modifier sets, unless something nearer already set it. Outside
    /// content drawn as menu items (`styling` false) only `.disabled` still applies.
    func apply(
        modifier name: String, call: FunctionCallExprSyntax, inherited: Bool, styling: Bool, to site: inout UsageSite
    ) {
        let first = call.arguments.first?.expression
        if name == "disabled" {
            // `.disabled(!formIsValid)` is disabled only sometimes: its condition is kept, as dynamic.
            guard let first, first.trimmedDescription != "false", !site.disabled else { return }
            site.disabled = true
            if first.trimmedDescription != "true" {
                site.arguments["disabled"] = Self.shortened(first.trimmedDescription)
                site.dynamicArguments.insert("disabled")
            }
            return
        }
        guard styling else { return }
        // The tint colours a button whatever its spec says: recorded wherever it is set.
        if name == "tint", let first, site.arguments["tint"] == nil {
            site.arguments["tint"] = Self.shortened(first.trimmedDescription)
            if Self.isRunTimeValue(first) { site.dynamicArguments.insert("tint") }
            return
        }
        guard let (spec, axis) = vocabulary.modifiers[name] else {
            if isAppStyleModifier(name, call: call), site.option == nil, site.unknownBecause == nil {
                site.unknownBecause =
                    Self.shortened("." + name + "(" + call.arguments.trimmedDescription + ")")
                    + (call.trailingClosure == nil ? "" : " { … }")
            }
            return
        }
        guard let first else { return }
        if axis == vocabulary.primaryAxis[spec] {
            setStyle(first, spec: spec, axis: axis, inherited: inherited, on: &site)
        } else if site.arguments[axis] == nil {
            // Another axis (`.controlSize(.small)`), a variable's value included.
            site.arguments[axis] = Self.memberName(first).map { "." + $0 } ?? Self.shortened(first.trimmedDescription)
            if Self.isRunTimeValue(first) { site.dynamicArguments.insert(axis) }
        }
    }

    /// Sets the style from the expression that gives it, unless something nearer did:
    /// a member (`.outlined`), a style struct (`BorderlessButtonStyle()`), a factory
    /// (`.variant(.filled, color: .orange)`), a custom style by its type or member with
    /// its arguments apart (`AccentButtonStyle(color: .red)`, `.compound(.primary)`), or
    /// a run-time value (dynamic).
    func setStyle(_ expression: ExprSyntax, spec: String, axis: String, inherited: Bool, on site: inout UsageSite) {
        guard site.option == nil, site.unknownBecause == nil else { return }
        // `(cond ? .a : .b)`: what is inside the parentheses.
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return setStyle(only.expression, spec: spec, axis: axis, inherited: inherited, on: &site)
        }
        // `var style = CategoryButtonStyle(…)` in the same body, then `.buttonStyle(style)`:
        // the style it was made as (setting its properties keeps its type).
        if let reference = expression.as(DeclReferenceExprSyntax.self), let value = Self.localValue(of: reference),
            !value.is(DeclReferenceExprSyntax.self)
        {
            return setStyle(value, spec: spec, axis: axis, inherited: inherited, on: &site)
        }
        site.spec = spec
        site.axis = axis
        site.inherited = inherited
        if let option = Self.memberName(expression) {
            site.option = option
            if let type = styleMemberType(option, spec: spec) {
                site.option = type
                site.member = option
            }
            return
        }
        // `OUDSButton.Appearance.negative`: a static member of a type, spelled in full.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, Self.typeName(base) != nil {
            site.option = member.declName.baseName.text
            return
        }
        if let construction = expression.as(FunctionCallExprSyntax.self) {
            let arguments = construction.arguments.isEmpty ? nil : construction.arguments.trimmedDescription
            // The struct spelling of a style: `.buttonStyle(BorderlessButtonStyle())`.
            if let type = Self.typeName(construction.calledExpression)
                ?? declaredStyleType(construction.calledExpression)
            {
                if arguments == nil, let (structSpec, structAxis, option) = vocabulary.structs[type] {
                    site.spec = structSpec
                    site.axis = structAxis
                    site.option = option
                } else {
                    site.option = type
                    site.optionArguments = arguments
                    site.member = styleMember(ofType: type, spec: spec)
                }
                return
            }
            if let member = construction.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
                let name = member.declName.baseName.text
                if let (factorySpec, factoryAxis) = vocabulary.factories[name] {
                    // `.variant(.filled, color: .orange)`: another spec's option, and its arguments.
                    site.spec = factorySpec
                    site.axis = factoryAxis
                    let chosen = construction.arguments.first.flatMap { Self.memberName($0.expression) }
                    site.option = chosen ?? construction.trimmedDescription
                    site.dynamic = chosen == nil && Self.isRunTimeValue(construction.arguments.first?.expression)
                    for argument in construction.arguments.dropFirst() {
                        if let label = argument.label?.text {
                            site.arguments[label] = Self.shortened(argument.expression.trimmedDescription)
                            if Self.isRunTimeValue(argument.expression) { site.dynamicArguments.insert(label) }
                        }
                    }
                } else {
                    site.option = name
                    site.optionArguments = arguments
                    if let type = styleMemberType(name, spec: spec) {
                        site.option = type
                        site.member = name
                    }
                }
                return
            }
        }
        // A variable, a property, a call or a conditional: set, to a value known only at run time.
        site.option = Self.shortened(expression.trimmedDescription)
        site.dynamic = Self.isRunTimeValue(expression)
        if site.dynamic { site.choices = choices(of: expression, spec: spec, axis: axis) }
    }

    /// The type an app's static member names where the style modifier takes a SwiftUI
    /// style (`.brand` → `BrandButtonStyle` with `extension ButtonStyle where Self ==
    /// BrandButtonStyle { static var brand: Self { … } }`), looked up in the app's
    /// declarations (the name is kept as looked up, for a rescan when it is declared).
    func styleMemberType(_ member: String, spec: String) -> String? {
        guard vocabulary.modifiers["buttonStyle"]?.spec == spec else { return nil }
        lookups.insert(member)
        return index.styleMembers[member]
    }

    /// The value a local `let` or `var` named as `reference` is made with, declared before
    /// it in a body around it (up to the enclosing function, closure or accessor), when
    /// the name is a variable's (lower case) and made with a construction or a member.
    static func localValue(of reference: DeclReferenceExprSyntax) -> ExprSyntax? {
        let name = reference.baseName.text
        guard name.first?.isLowercase == true, reference.argumentNames == nil else { return nil }
        var current = Syntax(reference)
        while let parent = current.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                var found: ExprSyntax?
                for item in list {
                    if item.position >= current.position { break }
                    guard case .decl(let declaration) = item.item,
                        let variable = declaration.as(VariableDeclSyntax.self)
                    else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        found = binding.initializer?.value
                    }
                }
                if let found {
                    let value = found.as(FunctionCallExprSyntax.self).map(ExprSyntax.init) ?? found
                    return value.is(FunctionCallExprSyntax.self) || value.is(MemberAccessExprSyntax.self) ? value : nil
                }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(MemberBlockSyntax.self)
            {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// The name of a style type the app declares in lower case that `callee` names
    /// (`macOSButtonStyle`), looked up as ``styleMemberType(_:spec:)`` looks up members.
    func declaredStyleType(_ callee: ExprSyntax) -> String? {
        guard let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isLowercase == true
        else { return nil }
        lookups.insert(name)
        return index.styleTypes.contains(name) ? name : nil
    }

    /// The static member an app declares for a style type (`BrandButtonStyle` → `brand`),
    /// looked up as ``styleMemberType(_:spec:)`` looks up members.
    func styleMember(ofType type: String, spec: String) -> String? {
        guard vocabulary.modifiers["buttonStyle"]?.spec == spec else { return nil }
        lookups.insert(type)
        return index.typeMembers[type]
    }

    /// The options a conditional style may take, each as a static site records it:
    /// `dfButtonFilled` and `dfButtonTinted` for `isReturning ? .dfButtonFilled :
    /// .dfButtonTinted` (nested conditionals and parentheses followed); an operand known
    /// only at run time (a variable) gives none.
    func choices(of expression: ExprSyntax, spec: String, axis: String) -> [String] {
        var choices: [String] = []
        for operand in Self.conditionalOperands(expression) {
            var choice = UsageSite(file: file, line: 0, column: 0, component: spec)
            setStyle(operand, spec: spec, axis: axis, inherited: false, on: &choice)
            guard choice.spec == spec else { continue }
            let taken = choice.dynamic ? choice.choices : choice.option.map { [$0] } ?? []
            for option in taken where !choices.contains(option) { choices.append(option) }
        }
        return choices
    }

    /// The operands a conditional chooses between (`a ? x : b ? y : z` → x, y, z), inside
    /// parentheses; none for anything else.
    static func conditionalOperands(_ expression: ExprSyntax) -> [ExprSyntax] {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return conditionalOperands(only.expression)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return [ternary.thenExpression, ternary.elseExpression].flatMap { operandOrChoices($0) }
        }
        guard let sequence = expression.as(SequenceExprSyntax.self),
            let last = sequence.elements.last,
            sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) })
        else { return [] }
        let thens = sequence.elements.compactMap { $0.as(UnresolvedTernaryExprSyntax.self)?.thenExpression }
        return (thens + [last]).flatMap { operandOrChoices($0) }
    }

    /// An operand as it is, or the operands of the conditional it is.
    private static func operandOrChoices(_ expression: ExprSyntax) -> [ExprSyntax] {
        let inner = conditionalOperands(expression)
        return inner.isEmpty ? [expression] : inner
    }

    /// Whether an app's modifier may set a button's style: one SwiftUI does not have named
    /// like a button (`.primaryButton()`), one named like a style that is given a style
    /// (`.glassButtonStyle(cond ? .prominent : .regular)`, not `.cardStyle()`), or one whose
    /// closure applies a style (`.if(cond) { $0.buttonStyle(.bordered) }`).
    func isAppStyleModifier(_ name: String, call: FunctionCallExprSyntax) -> Bool {
        if SwiftUIModifiers.notButtonStyles.contains(name) || SwiftUIModifiers.contentModifiers.contains(name) {
            return false
        }
        let lowered = name.lowercased()
        if lowered.contains("button") { return true }
        // Given a style: unlabelled, or by a label that says so (not `backgroundColor: cond ? .black : .white`).
        if lowered.hasSuffix("style"), let first = call.arguments.first,
            first.label.map({ $0.text.lowercased().contains("style") }) ?? true, Self.isStyleLike(first.expression)
        {
            return true
        }
        // Only a closure can apply a style to what it is given: other arguments are not read.
        let closures =
            [call.trailingClosure].compactMap { $0 }
            + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        guard !closures.isEmpty else { return false }
        let text = closures.map(\.trimmedDescription).joined(separator: "\n")
        return vocabulary.modifiers.contains { entry in
            entry.value.axis == vocabulary.primaryAxis[entry.value.spec] && text.contains("." + entry.key + "(")
        }
    }

    /// A value that names a style: a member (`.prominent`, `.pill(.large)`), a choice
    /// between such (`cond ? .prominent : .regular`), or a style's construction (`PillStyle()`).
    static func isStyleLike(_ expression: ExprSyntax) -> Bool {
        if memberName(expression) != nil { return true }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil { return true }
            return typeName(call.calledExpression)?.hasSuffix("Style") == true
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return isStyleLike(ternary.thenExpression) && isStyleLike(ternary.elseExpression)
        }
        // An unfolded `cond ? .a : .b`: a sequence whose parts after the condition are members.
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard let question = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                let then = elements[question].as(UnresolvedTernaryExprSyntax.self)?.thenExpression,
                question + 1 < elements.count
            else { return false }
            return isStyleLike(then) && isStyleLike(elements[question + 1])
        }
        return false
    }

    /// `AccentButtonStyle`, `Theme.PrimaryStyle`: a callee that names a type (every part
    /// capitalized), `nil` for anything else.
    static func typeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true ? reference.baseName.text : nil
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = typeName(base),
            member.declName.baseName.text.first?.isUppercase == true
        {
            return prefix + "." + member.declName.baseName.text
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { return typeName(generic.expression) }
        return nil
    }

    /// Whether an expression's value is known only at run time (a variable, a property, a
    /// call or a conditional), rather than a literal, a member (`.small`) or a
    /// construction (`CapsuleStyle()`, a type name).
    static func isRunTimeValue(_ expression: ExprSyntax?) -> Bool {
        guard let expression else { return false }
        if expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(StringLiteralExprSyntax.self)
            || expression.is(NilLiteralExprSyntax.self)
        {
            return false
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if typeName(call.calledExpression) != nil { return false }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil { return false }
            return true
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase != true
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // `.small` and `Color.red` are constants; `metrics.controlSize` is not.
            return member.base.map { typeName($0) == nil } ?? false
        }
        // A conditional or an operator is an unfolded sequence until operators are folded.
        return expression.is(TernaryExprSyntax.self) || expression.is(SequenceExprSyntax.self)
            || expression.is(PrefixOperatorExprSyntax.self)
    }

    /// Source text cut to 80 characters, for a record.
    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        return line.count <= 80 ? line : String(line.prefix(79)) + "…"
    }
}
