import CatalogModel
import CatalogUsage
import Foundation
internal import SwiftParser
internal import SwiftSyntax

extension CallVisitor {
    /// Walks outwards from `start` (a call, or a name bound to one): modifiers on its
    /// chain, then on enclosing containers, the nearest setting each axis. A postfix `#if`
    /// on the chain splits the record per branch, each with its condition. Content that
    /// SwiftUI draws as menu items or actions (a `Menu`'s, a `.contextMenu`'s) keeps what
    /// is set inside it but not what is set around it; an app's modifier around the call
    /// makes the style unknown.
    func climb(from start: Syntax, into site: UsageSite) -> Climb {
        var sites = [site]
        var previous = start
        var inherited = false
        var styling = true
        var reachedType = false
        var helper: Syntax?
        while let node = previous.parent {
            defer { previous = node }
            if let member = node.as(MemberAccessExprSyntax.self), member.base?.id == previous.id,
                let modifier = member.parent?.as(FunctionCallExprSyntax.self), modifier.calledExpression.id == member.id
            {
                for index in sites.indices {
                    apply(
                        modifier: member.declName.baseName.text, call: modifier, inherited: inherited,
                        styling: styling, to: &sites[index])
                }
                continue
            }
            // `Button { … }` then `#if os(iOS) .buttonStyle(…) #else … #endif`.
            if let postfix = node.as(PostfixIfConfigExprSyntax.self), postfix.base?.id == previous.id {
                let split = sites.flatMap {
                    branches(of: postfix.config, for: $0, inherited: inherited, styling: styling)
                }
                if split.count <= Self.maximumRecords {
                    sites = split
                } else {
                    // Past the bound (a chain of many `#if`s setting different things), not followed.
                    for index in sites.indices where sites[index].option == nil && sites[index].unknownBecause == nil {
                        sites[index].unknownBecause = "more #if branches than are followed"
                    }
                }
                continue
            }
            if let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.id != previous.id {
                // The site sits in this call's closure or arguments: a container, or a modifier's content.
                enter(container: call, holding: start.position, styling: &styling, sites: &sites)
                inherited = true
                continue
            }
            // `#if os(iOS)`: the code exists only there; recorded as the condition's text.
            if let clause = node.as(IfConfigClauseSyntax.self), let condition = Self.condition(of: clause) {
                for index in sites.indices { sites[index].availability.append("#if " + condition) }
                continue
            }
            if let branch = node.as(IfExprSyntax.self), branch.body.id == previous.id {
                let checked = Self.availabilityChecks(branch.conditions)
                for index in sites.indices { sites[index].availability += checked }
                continue
            }
            if helper == nil, !reachedType, Self.isViewHelper(node) { helper = node }
            if Self.declaredTypeName(node) != nil { reachedType = true }
            for index in sites.indices { name(&sites[index], by: node) }
        }
        return Climb(sites: sites, helper: helper, detached: !styling)
    }

    /// What a climb found: the records (one per `#if` branch), the view property or
    /// function (other than `body`) whose content the call is, if any, and whether the
    /// call is in content not drawn as buttons (so no style from outside reaches it).
    struct Climb {
        var sites: [UsageSite]
        var helper: Syntax?
        var detached: Bool
    }

    /// `iOS 26` for each platform an `if #available(iOS 26, *)` checks.
    static func availabilityChecks(_ conditions: ConditionElementListSyntax) -> [String] {
        var checked: [String] = []
        for condition in conditions {
            guard case .availability(let availability) = condition.condition else { continue }
            for argument in availability.availabilityArguments {
                if case .availabilityVersionRestriction(let restriction) = argument.argument {
                    checked.append(
                        "\(restriction.platform.text) \(restriction.version?.trimmedDescription ?? "")"
                            .trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return checked
    }

    /// One record per branch of a postfix `#if` (and one for "no branch taken" when there
    /// is no `#else`), each with the modifiers of its branch applied and its condition.
    func branches(of config: IfConfigDeclSyntax, for site: UsageSite, inherited: Bool, styling: Bool) -> [UsageSite] {
        var result: [UsageSite] = []
        for clause in config.clauses {
            var branch = site
            if let condition = Self.condition(of: clause) { branch.availability.append("#if " + condition) }
            if case .postfixExpression(let expression) = clause.elements {
                for (name, call) in Self.modifierChain(expression) {
                    apply(modifier: name, call: call, inherited: inherited, styling: styling, to: &branch)
                }
            }
            result.append(branch)
        }
        if !config.clauses.contains(where: { $0.poundKeyword.tokenKind == .poundElse }) {
            var none = site
            let negated = config.clauses.compactMap { $0.condition.map(Self.negated) }
            if !negated.isEmpty { none.availability.append("#if " + negated.joined(separator: " && ")) }
            result.append(none)
        }
        // Branches that set the same things are one record, under no condition of theirs.
        return Self.collapsed(result)
    }

    /// The modifiers of a chain that starts with a bare member (`.buttonStyle(.a).controlSize(.small)`
    /// inside a postfix `#if`), innermost first.
    static func modifierChain(_ expression: ExprSyntax) -> [(String, FunctionCallExprSyntax)] {
        var chain: [(String, FunctionCallExprSyntax)] = []
        var current: ExprSyntax? = expression
        while let call = current?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            chain.append((member.declName.baseName.text, call))
            current = member.base
        }
        return chain.reversed()
    }

    /// The condition under which a clause's code exists: its own, after the negation of
    /// every earlier clause's (`!os(iOS) && os(macOS)` for an `#elseif os(macOS)`).
    static func condition(of clause: IfConfigClauseSyntax) -> String? {
        var parts: [String] = []
        if let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) {
            for other in clauses {
                if other.id == clause.id { break }
                if let condition = other.condition { parts.append(negated(condition)) }
            }
        }
        if let condition = clause.condition { parts.append(condition.trimmedDescription) }
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }

    /// `!os(iOS)` for `os(iOS)`, `DEBUG` for `!DEBUG`, `!(a || b)` for `a || b`.
    static func negated(_ condition: ExprSyntax) -> String {
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return prefix.expression.trimmedDescription
        }
        if condition.is(FunctionCallExprSyntax.self) || condition.is(DeclReferenceExprSyntax.self)
            || condition.is(BooleanLiteralExprSyntax.self)
        {
            return "!" + condition.trimmedDescription
        }
        return "!(" + condition.trimmedDescription + ")"
    }

    /// Entering a call whose closure or argument holds the site. A container view is
    /// named in the record. A `Menu`'s content, a `.contextMenu`'s, a `.swipeActions`'
    /// (and the like: ``SwiftUIModifiers``) and an overflow toolbar item's are not drawn as
    /// buttons: style modifiers further out stop applying. A modifier of the app's own
    /// (`.bottomBar { … }`) may style what it wraps: the style becomes unknown.
    func enter(
        container call: FunctionCallExprSyntax, holding position: AbsolutePosition, styling: inout Bool,
        sites: inout [UsageSite]
    ) {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            for index in sites.indices { sites[index].containers.append(name) }
            let label = Self.argumentLabel(in: call, holding: position)
            if SwiftUIModifiers.detachingContainers.contains(name), label == nil || label == "content" {
                styling = false
            }
            if ["ToolbarItem", "ToolbarItemGroup"].contains(name),
                call.arguments.contains(where: {
                    $0.label?.text == "placement" && Self.memberName($0.expression) == "secondaryAction"
                })
            {
                styling = false
            }
            return
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
        let name = member.declName.baseName.text
        if SwiftUIModifiers.detachingModifiers.contains(name) {
            for index in sites.indices { sites[index].containers.append("." + name) }
            styling = false
        } else if styling, !SwiftUIModifiers.contentModifiers.contains(name),
            !SwiftUIModifiers.elementMethods.contains(name), vocabulary.modifiers[name] == nil
        {
            for index in sites.indices where sites[index].option == nil && sites[index].unknownBecause == nil {
                sites[index].unknownBecause = ".\(name) { … } around the call"
            }
        }
    }

    /// The label of the argument of `call` whose text holds `position` (`content`, `label`):
    /// `nil` for an unlabelled one or the trailing closure, `""` when none does.
    static func argumentLabel(in call: FunctionCallExprSyntax, holding position: AbsolutePosition) -> String? {
        if let closure = call.trailingClosure, closure.range.contains(position) { return nil }
        for closure in call.additionalTrailingClosures where closure.range.contains(position) {
            return closure.label.text
        }
        for argument in call.arguments where argument.range.contains(position) {
            return argument.label?.text
        }
        return ""
    }

    /// Whether `node` is a view property or function other than `body` (`var settingsButton: some View`).
    static func isViewHelper(_ node: Syntax) -> Bool {
        if let variable = node.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            return name != "body" && name != "previews"
                && binding.typeAnnotation?.type.trimmedDescription.contains("View") == true
        }
        if let function = node.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause?.type.trimmedDescription.contains("View") == true
        }
        return false
    }

    /// Names the site's view (body, property, function or `#Preview`) and type from an
    /// enclosing declaration, the nearest of each.
    func name(_ site: inout UsageSite, by node: Syntax) {
        if site.enclosingBody == nil {
            // Each `#Preview` is a view of its own for per-view rules.
            let preview =
                node.as(MacroExpansionDeclSyntax.self).map { ($0.macroName.text, $0.arguments, Syntax($0)) }
                ?? node.as(MacroExpansionExprSyntax.self).map { ($0.macroName.text, $0.arguments, Syntax($0)) }
            if let (macro, arguments, syntax) = preview, macro == "Preview" {
                let title = arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                let line = syntax.startLocation(converter: converter).line
                site.enclosingBody = "#Preview" + (title.map { "(\"\($0)\")" } ?? " at line \(line)")
                return
            }
            // A property or a top-level variable names the body; a local `let` inside one does not.
            if let variable = node.as(VariableDeclSyntax.self),
                !(variable.parent?.is(CodeBlockItemSyntax.self) == true
                    && variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == false)
            {
                site.enclosingBody = variable.bindings.first?.pattern.trimmedDescription
            } else if let function = node.as(FunctionDeclSyntax.self) {
                site.enclosingBody = function.name.text
            }
        }
        if site.enclosingType == nil { site.enclosingType = Self.declaredTypeName(node) }
    }
}
