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
    func climb(from start: Syntax, into site: UsageSite, naming: Bool = true) -> Climb {
        var sites = [site]
        var previous = start
        var inherited = false
        var styling = true
        var reachedType = false
        var helper: Syntax?
        // `x.backport.buttonStyle(…)`: the property the next method is called on.
        var namespace: String?
        while let node = previous.parent {
            defer { previous = node }
            if let member = node.as(MemberAccessExprSyntax.self), member.base?.id == previous.id {
                guard let modifier = member.parent?.as(FunctionCallExprSyntax.self),
                    modifier.calledExpression.id == member.id
                else {
                    namespace = member.declName.baseName.text
                    continue
                }
                let applied = sites.flatMap {
                    applying(
                        modifier: member.declName.baseName.text, call: modifier, namespace: namespace,
                        inherited: inherited, styling: styling, to: $0)
                }
                namespace = nil
                sites = bounded(applied, else: sites, reason: "more wrapper branches than are followed")
                continue
            }
            namespace = nil
            // `Button { … }` then `#if os(iOS) .buttonStyle(…) #else … #endif`.
            if let postfix = node.as(PostfixIfConfigExprSyntax.self), postfix.base?.id == previous.id {
                let split = sites.flatMap {
                    branches(of: postfix.config, for: $0, inherited: inherited, styling: styling)
                }
                sites = bounded(split, else: sites, reason: "more #if branches than are followed")
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
                var checked = Self.availabilityChecks(branch.conditions)
                // `if #available(macOS 26, *), colorScheme == .dark`: only sometimes, there too.
                let others = branch.conditions.filter {
                    if case .availability = $0.condition { return false }
                    return true
                }
                if !checked.isEmpty, !others.isEmpty {
                    checked.append(
                        "if " + Self.shortened(others.map(\.condition.trimmedDescription).joined(separator: ", ")))
                }
                for index in sites.indices { sites[index].availability += checked }
                continue
            }
            // `guard #available(iOS 26, *) else { return … }` earlier in the same body.
            if let statements = node.as(CodeBlockItemListSyntax.self) {
                let checked = guardedAvailability(in: statements, before: previous.position)
                for index in sites.indices { sites[index].availability += checked }
            }
            // `@available(iOS 26, *)` on the enclosing type, extension, property or function.
            if let declaration = node.asProtocol(WithAttributesSyntax.self) {
                let checked = Self.declaredAvailability(declaration.attributes)
                for index in sites.indices { sites[index].availability += checked }
            }
            if helper == nil, !reachedType, Self.isViewHelper(node) { helper = node }
            if Self.declaredTypeName(node) != nil { reachedType = true }
            if naming {
                for index in sites.indices { name(&sites[index], by: node) }
            }
        }
        return Climb(sites: sites, helper: helper, detached: !styling)
    }

    /// `split` when it is within the bound of records, else `sites` with their style
    /// unknown for `reason` (where nothing set it).
    func bounded(_ split: [UsageSite], else sites: [UsageSite], reason: String) -> [UsageSite] {
        guard split.count > Self.maximumRecords else { return split }
        return sites.map { unknown($0, because: reason, true) }
    }

    /// `iOS 26` for each platform an `@available(iOS 26, *)` (or `@available(iOS,
    /// introduced: 26)`) among `attributes` names: the declaration exists only there, so
    /// what is inside is checked for it.
    static func declaredAvailability(_ attributes: AttributeListSyntax) -> [String] {
        var checked: [String] = []
        for case .attribute(let attribute) in attributes {
            guard attribute.attributeName.trimmedDescription == "available",
                case .availability(let arguments)? = attribute.arguments
            else { continue }
            var platform: String?
            for argument in arguments {
                switch argument.argument {
                case .availabilityVersionRestriction(let restriction):
                    if let version = restriction.version?.trimmedDescription {
                        checked.append("\(restriction.platform.text) \(version)")
                    }
                case .token(let token):
                    platform = platform ?? token.text
                case .availabilityLabeledArgument(let labeled):
                    if labeled.label.text == "introduced", let platform, platform != "*" {
                        checked.append("\(platform) \(labeled.value.trimmedDescription)")
                    }
                @unknown default:
                    continue
                }
            }
        }
        return checked
    }

    /// The platforms the `guard #available(…) else { … }`s before `position` in
    /// `statements` check. The guards of a body are found once, with what each adds up to,
    /// so a body of many statements costs one walk, not one per call in it.
    func guardedAvailability(in statements: CodeBlockItemListSyntax, before position: AbsolutePosition) -> [String] {
        let guards: [(position: AbsolutePosition, checked: [String])]
        if let known = availabilityGuards[statements.id] {
            guards = known
        } else {
            var found: [(position: AbsolutePosition, checked: [String])] = []
            for statement in statements {
                guard let guardStatement = statement.item.as(GuardStmtSyntax.self) else { continue }
                let checks = Self.availabilityChecks(guardStatement.conditions)
                guard !checks.isEmpty else { continue }
                // What the guards so far add up to, each platform check once.
                let sum = (found.last?.checked ?? []) + checks
                found.append((statement.position, sum.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }))
            }
            availabilityGuards[statements.id] = found
            guards = found
        }
        // The last guard before the position (guards are in source order).
        var low = 0
        var high = guards.count
        while low < high {
            let middle = (low + high) / 2
            if guards[middle].position < position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? [] : guards[low - 1].checked
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
            var applied = [branch]
            if case .postfixExpression(let expression) = clause.elements {
                for (name, call) in Self.modifierChain(expression) {
                    applied = applied.flatMap {
                        applying(
                            modifier: name, call: call, namespace: nil, inherited: inherited, styling: styling, to: $0)
                    }
                }
            }
            result += applied
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
    /// named in the record; an app's container (declared in the scanned files) applies
    /// what its body applies around that content. A `Menu`'s content, a `.contextMenu`'s,
    /// a `.swipeActions`' (and the like: ``SwiftUIModifiers``) and an overflow toolbar
    /// item's are not drawn as buttons: style modifiers further out stop applying. A
    /// modifier of the app's own (`.toolbarArea { … }`) applies what its declaration does
    /// to that closure; where it is not in the scanned files, the style becomes unknown.
    func enter(
        container call: FunctionCallExprSyntax, holding position: AbsolutePosition, styling: inout Bool,
        sites: inout [UsageSite]
    ) {
        let label = Self.argumentLabel(in: call, holding: position)
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            for index in sites.indices { sites[index].containers.append(name) }
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
            // An implicit `self`'s modifier (`alert { … }` in a body) reads as one.
            if SwiftUIModifiers.detachingModifiers.contains(name) { styling = false }
            let found =
                name.first?.isUppercase == true
                ? containerEffect(name, label: label) : closureEffect(name, call: call, label: label)
            if let effect = found {
                let styled = styling
                let applied = sites.flatMap {
                    applying(effect, call: nil, parameters: nil, inherited: true, styling: styled, to: $0)
                }
                sites = bounded(applied, else: sites, reason: "more wrapper branches than are followed")
                if effect.detached { styling = false }
            }
            return
        }
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return }
        if SwiftUIModifiers.detachingModifiers.contains(name) {
            for index in sites.indices { sites[index].containers.append("." + name) }
            styling = false
        } else if SwiftUIModifiers.contentModifiers.contains(name) || SwiftUIModifiers.elementMethods.contains(name)
            || vocabulary.modifiers[name] != nil
        {
            return
        } else if let effect = closureEffect(name, call: call, label: label) {
            let styled = styling
            let applied = sites.flatMap {
                applying(effect, call: call, parameters: nil, inherited: true, styling: styled, to: $0)
            }
            sites = bounded(applied, else: sites, reason: "more wrapper branches than are followed")
            if effect.detached { styling = false }
        } else if styling, !SwiftUIModifiers.known.contains(name) {
            sites = sites.map { unknown($0, because: ".\(name) { … } around the call", true) }
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
