import CatalogModel
import CatalogUsage
internal import SwiftSyntax

/// What an app declaration does to the content it wraps, worked out from its body as if
/// the content were a button there: one branch per set of `#available`/`#if` conditions
/// it applies something under (`if #available(macOS 26, *) { content.buttonStyle(.glass) }
/// else { content.buttonStyle(.bordered) }` gives two), a run-time choice between styles
/// as one dynamic branch, and whether the content is drawn where no button style reaches
/// (an alert's actions).
struct WrapperEffect {
    /// A branch: what it sets (on a blank record) and, when the style is the value of one
    /// of the declaration's parameters (`content.buttonStyle(style)`), that parameter.
    struct Branch {
        var site: UsageSite
        var styleParameter: String?
        /// The Boolean parameter and value this branch is taken for (`prominent`, true for
        /// the body of `if prominent { … }`), when that is what chooses it.
        var chosenBy: (parameter: String, value: Bool)? = nil
        /// For a dynamic branch standing for branches a Boolean parameter chooses between:
        /// those branches, so that a use passing a literal takes its own.
        var alternatives: [Branch] = []
    }

    var branches: [Branch]
    var detached: Bool

    /// An effect that makes the style unknown, for `reason`.
    static func unknown(_ reason: String) -> WrapperEffect {
        var site = UsageSite(file: "", line: 0, column: 0, component: "")
        site.unknownBecause = reason
        return WrapperEffect(branches: [Branch(site: site)], detached: false)
    }
}

/// Where the content of a wrapper is in its declaration: `self` (a `View` extension
/// function's receiver), or a parameter or property by name.
enum WrapperSlot: Hashable {
    case receiver
    case named([String])
}

extension CallVisitor {
    /// How deep wrappers within wrappers are followed.
    static let wrapperDepth = 6
    /// How many places of content one file's wrappers are followed from, in all: hostile
    /// code (hundreds of wrappers each showing its content in hundreds of places) costs a
    /// bounded time, and what is past the bound is said to be unknown.
    static let wrapperStarts = 4_096

    /// The effect of `declaration` (a function, or a type's `body`) on the content in
    /// `slot`, found once per visitor. `name` says it in records.
    func effect(of declaration: Syntax, slot: WrapperSlot, name: String) -> WrapperEffect {
        let key = EffectKey(declaration: declaration.id, slot: slot)
        if let known = effects[key] { return known }
        guard !resolving.contains(key) else { return .unknown("\(name) applies itself") }
        guard resolving.count < Self.wrapperDepth else { return .unknown("\(name) is wrapped deeper than followed") }
        resolving.insert(key)
        defer { resolving.remove(key) }
        var records: [WrapperEffect.Branch] = []
        var detached = true
        var parameters: [String] = []
        if let function = declaration.as(FunctionDeclSyntax.self) {
            parameters = function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        let blank = UsageSite(file: "", line: 0, column: 0, component: "")
        let starts = contentStarts(in: declaration, slot: slot, parameters: parameters)
        guard starts.count <= wrapperStartsLeft else {
            return .unknown("\(name) shows its content in more places than are followed")
        }
        wrapperStartsLeft -= starts.count
        for start in starts {
            var sites = [blank]
            if let call = start.as(FunctionCallExprSyntax.self), slot == .receiver,
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
            {
                // `buttonStyle(.bordered)` in a `View` extension: a modifier on the implicit `self`.
                sites = sites.flatMap {
                    applying(
                        modifier: callee.baseName.text, call: call, namespace: nil, inherited: false, styling: true,
                        to: $0)
                }
            }
            let climbed = sites.map { climb(from: start, into: $0, naming: false) }
            detached = detached && climbed.allSatisfy(\.detached)
            let chosenBy = Self.parameterCondition(from: start, in: declaration, parameters: parameters)
            for site in climbed.flatMap(\.sites) {
                var branch = WrapperEffect.Branch(site: site, chosenBy: chosenBy)
                if site.dynamic, let option = site.option, parameters.contains(option) {
                    branch.styleParameter = option
                }
                records.append(branch)
            }
        }
        let effect = WrapperEffect(branches: Self.grouped(records, name: name), detached: detached && !records.isEmpty)
        effects[key] = effect
        return effect
    }

    /// The branches of a wrapper, one per set of conditions: where several places under the
    /// same conditions set different styles (a run-time `if` or `switch`), one dynamic
    /// branch naming them.
    static func grouped(_ records: [WrapperEffect.Branch], name: String) -> [WrapperEffect.Branch] {
        if let chosen = runTimeChoice(records, name: name) { return [chosen] }
        var groups: [[String]: [WrapperEffect.Branch]] = [:]
        var order: [[String]] = []
        for record in records {
            if groups[record.site.availability] == nil { order.append(record.site.availability) }
            groups[record.site.availability, default: []].append(record)
        }
        return order.map { conditions in
            let group = groups[conditions]!
            let styles = Set(
                group.map {
                    [
                        $0.site.spec, $0.site.axis, $0.site.option, $0.site.optionArguments, $0.site.unknownBecause,
                        $0.styleParameter,
                    ]
                })
            guard styles.count > 1, let styled = group.first(where: { $0.site.option != nil }) else { return group[0] }
            let options = group.compactMap { $0.styleParameter ?? $0.site.spelledOption }.reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            var merged = styled
            // `if prominent { … } else { … }`: a use passing `prominent: true` takes its branch.
            if let parameter = group.first?.chosenBy?.parameter,
                group.allSatisfy({ $0.chosenBy?.parameter == parameter && $0.alternatives.isEmpty })
            {
                merged.alternatives = group
            }
            merged.chosenBy = nil
            merged.styleParameter = nil
            merged.site.optionArguments = nil
            merged.site.member = nil
            merged.site.unknownBecause = nil
            merged.site.dynamic = true
            merged.site.choices = Self.choices(group.map(\.site))
            merged.site.option =
                "\(name): "
                + (options + (group.contains { $0.site.option == nil } ? ["none set"] : [])).joined(
                    separator: ", ")
            return merged
        }
    }

    /// Where the content in `slot` appears in `declaration`'s body: each reference to it,
    /// as the outermost expression naming it (`actions()`, `self.content`), and for the
    /// receiver each implicit `self` modifier (`modifier(PrimaryButtonModifier())`).
    func contentStarts(in declaration: Syntax, slot: WrapperSlot, parameters: [String]) -> [Syntax] {
        let body: Syntax?
        if let function = declaration.as(FunctionDeclSyntax.self) {
            body = function.body.map(Syntax.init)
        } else {
            body = declaration
        }
        guard let body else { return [] }
        switch slot {
        case .receiver:
            let finder = ImplicitReceiverFinder(
                isModifier: { name in
                    !parameters.contains(name)
                        && (SwiftUIModifiers.known.contains(name) || self.vocabulary.modifiers[name] != nil
                            || self.index.functions[name] != nil)
                })
            finder.walk(body)
            return finder.found
        case .named(let names):
            return names.flatMap { ReferenceFinder.references(to: $0, in: body) }.compactMap(Self.outermostUse)
        }
    }

    /// `site` with `effect` applied at a wrapper's use: per branch, its conditions added,
    /// and what it sets wherever nothing nearer did; a parameter's style read from the
    /// use's argument. Outside content drawn as buttons (`styling` false) only `disabled`.
    func applying(
        _ effect: WrapperEffect, call: FunctionCallExprSyntax?, parameters: FunctionParameterListSyntax?,
        inherited: Bool, styling: Bool, to site: UsageSite
    ) -> [UsageSite] {
        // A wrapper that sets nothing a record holds (`.hiddenToolbar()`) is transparent,
        // whatever conditions it branches on.
        guard
            effect.branches.contains(where: {
                $0.site.option != nil || $0.site.unknownBecause != nil || !$0.site.arguments.isEmpty
                    || $0.site.disabled || $0.styleParameter != nil
            })
        else { return [site] }
        var result: [UsageSite] = []
        for candidate in effect.branches {
            // A branch a Boolean parameter chooses, given a literal at this use: that one.
            var branch = candidate
            if let parameter = candidate.alternatives.first?.chosenBy?.parameter,
                let argument = Self.argument(for: parameter, in: call, parameters: parameters)?.as(
                    BooleanLiteralExprSyntax.self),
                let taken = candidate.alternatives.first(where: {
                    $0.chosenBy?.value == (argument.literal.tokenKind == .keyword(.true))
                })
            {
                branch = taken
            }
            var record = site
            let set = branch.site
            record.availability += set.availability
            if styling, record.option == nil, record.unknownBecause == nil {
                if let parameter = branch.styleParameter, let spec = set.spec, let axis = set.axis,
                    let argument = Self.argument(for: parameter, in: call, parameters: parameters)
                {
                    setStyle(argument, spec: spec, axis: axis, inherited: inherited || set.inherited, on: &record)
                } else if set.option != nil || set.unknownBecause != nil {
                    record.spec = set.spec
                    record.axis = set.axis
                    record.option = set.option
                    record.optionArguments = set.optionArguments
                    record.member = set.member
                    record.via = set.via
                    record.dynamic = set.dynamic
                    record.choices = set.choices
                    record.unknownBecause = set.unknownBecause
                    record.inherited = inherited || set.inherited
                }
            }
            if styling {
                for (label, value) in set.arguments where record.arguments[label] == nil && label != "disabled" {
                    record.arguments[label] = value
                    if set.dynamicArguments.contains(label) { record.dynamicArguments.insert(label) }
                }
            }
            if set.disabled, !record.disabled {
                record.disabled = true
                if let condition = set.arguments["disabled"] {
                    record.arguments["disabled"] = condition
                    record.dynamicArguments.insert("disabled")
                }
            }
            if !result.contains(record) { result.append(record) }
        }
        return result.isEmpty ? [site] : result
    }

    /// The branches of a wrapper that chooses a style by run-time state joined with an
    /// `#available` check (`if #available(macOS 26, *), colorScheme == .dark { glass }
    /// else { bordered }`, as Secretive's modifier does) as what they are: one run-time
    /// choice, its options each with the conditions it is taken under, under the conditions
    /// they all share; `nil` where no branch depends on run-time state or a branch sets no
    /// style of the same spec.
    static func runTimeChoice(_ records: [WrapperEffect.Branch], name: String) -> WrapperEffect.Branch? {
        guard records.count > 1,
            records.contains(where: { $0.site.availability.contains { $0.hasPrefix("if ") } }),
            let styled = records.first, styled.site.option != nil,
            records.allSatisfy({
                $0.site.option != nil && $0.site.unknownBecause == nil && $0.styleParameter == nil
                    && $0.site.spec == styled.site.spec && $0.site.axis == styled.site.axis
            })
        else { return nil }
        let shared = styled.site.availability.filter { entry in
            records.allSatisfy { $0.site.availability.contains(entry) }
        }
        var options: [String] = []
        for record in records {
            let own = record.site.availability.filter { !shared.contains($0) }
            let option = (record.site.spelledOption ?? "?") + (own.isEmpty ? "" : " (\(own.joined(separator: ", ")))")
            if !options.contains(option) { options.append(option) }
        }
        var merged = styled
        merged.site.availability = shared
        merged.site.optionArguments = nil
        merged.site.member = nil
        merged.site.dynamic = true
        merged.site.choices = CallVisitor.choices(records.map(\.site))
        // Each option with its conditions, within a bound (the records are bounded too).
        let text = "\(name): " + options.joined(separator: ", ")
        merged.site.option = text.count <= 300 ? text : String(text.prefix(299)) + "…"
        merged.chosenBy = nil
        return merged
    }

    /// The style member a chain starts from: `.glassProminent` of
    /// `.glassProminent.shadow(false)`; `nil` when it starts from anything else.
    static func rootMember(_ expression: ExprSyntax) -> ExprSyntax? {
        if memberName(expression) != nil { return expression }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        {
            return rootMember(base)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return rootMember(base)
        }
        return nil
    }

    /// The Boolean parameter of `declaration` that chooses the code `start` is in, and the
    /// value it is taken for: `(prominent, true)` inside `if prominent { … }`, `false` in
    /// its `else` or inside `if !prominent { … }`; the innermost such `if`, `nil` for none.
    static func parameterCondition(from start: Syntax, in declaration: Syntax, parameters: [String]) -> (
        parameter: String, value: Bool
    )? {
        var previous = start
        while let node = previous.parent, node.id != declaration.id {
            defer { previous = node }
            guard let branch = node.as(IfExprSyntax.self), branch.conditions.count == 1,
                case .expression(let condition) = branch.conditions.first!.condition
            else { continue }
            var value = true
            var tested = condition
            if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
                value = false
                tested = negation.expression
            }
            guard let name = tested.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(name)
            else { continue }
            if branch.body.id == previous.id { return (name, value) }
            if branch.elseBody?.id == previous.id { return (name, !value) }
        }
        return nil
    }

    /// The expression a use passes for `parameter` (by its label, or by position when it
    /// has none).
    static func argument(
        for parameter: String, in call: FunctionCallExprSyntax?, parameters: FunctionParameterListSyntax?
    ) -> ExprSyntax? {
        guard let call, let parameters else { return nil }
        let declared = Array(parameters)
        guard let position = declared.firstIndex(where: { ($0.secondName ?? $0.firstName).text == parameter }) else {
            return nil
        }
        if declared[position].firstName.tokenKind != .wildcard {
            return call.arguments.first { $0.label?.text == declared[position].firstName.text }?.expression
        }
        let unlabelled = Array(call.arguments.filter { $0.label == nil })
        let before = declared[..<position].filter { $0.firstName.tokenKind == .wildcard }.count
        return before < unlabelled.count ? unlabelled[before].expression : nil
    }

    /// Applies a modifier on a call's chain to a record: an app's `View` extension function
    /// or `.modifier(T())` of its `ViewModifier`, or a method reached through a namespaced
    /// receiver (`.backport.buttonStyle(…)`), through its declaration; anything else as
    /// ``apply(modifier:call:inherited:styling:to:)`` reads it.
    func applying(
        modifier name: String, call: FunctionCallExprSyntax, namespace: String?, inherited: Bool, styling: Bool,
        to site: UsageSite
    ) -> [UsageSite] {
        if let namespace {
            let spelled = Self.shortened(".\(namespace).\(name)(\(call.arguments.trimmedDescription))")
            lookups.insert(namespace)
            guard let type = index.properties[namespace] else {
                // `.backport.buttonStyle(.glassProminent.shadow(false))`: the call names a
                // style of the modifier's; taken at its word, through the wrapper.
                if styling, site.option == nil, site.unknownBecause == nil,
                    let (spec, axis) = vocabulary.modifiers[name],
                    let first = call.arguments.first?.expression, let named = Self.rootMember(first)
                {
                    var record = site
                    setStyle(named, spec: spec, axis: axis, inherited: inherited, on: &record)
                    record.via = "." + namespace
                    return [record]
                }
                return [
                    unknown(site, because: "\(spelled): .\(namespace) is not declared in the scanned files", styling)
                ]
            }
            lookups.insert(type + "." + name)
            guard let method = Self.overload(index.methods[type]?[name] ?? [], for: call) else {
                return [
                    unknown(site, because: "\(spelled): \(type).\(name) is not declared in the scanned files", styling)
                ]
            }
            let effect = self.effect(
                of: Syntax(method), slot: .named(index.genericContent[type] ?? ["content"]), name: "\(type).\(name)")
            return applying(
                effect, call: call, parameters: method.signature.parameterClause.parameters, inherited: inherited,
                styling: styling, to: site)
        }
        if name == "modifier", let construction = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            let type = Self.typeName(construction.calledExpression)
        {
            lookups.insert(type)
            if let declared = index.modifierTypes[type], let body = Self.bodyFunction(of: declared) {
                let content = body.signature.parameterClause.parameters.first.map {
                    ($0.secondName ?? $0.firstName).text
                }
                let effect = self.effect(of: Syntax(body), slot: .named([content ?? "content"]), name: type)
                return applying(effect, call: nil, parameters: nil, inherited: inherited, styling: styling, to: site)
            }
            if type.contains("Button") || type.hasSuffix("Style") {
                return [
                    unknown(
                        site, because: ".modifier(\(type)(…)): \(type) is not declared in the scanned files", styling)
                ]
            }
            return [site]
        }
        if name != "disabled", name != "tint", vocabulary.modifiers[name] == nil,
            !SwiftUIModifiers.known.contains(name)
        {
            lookups.insert(name)
            if let function = Self.overload(index.functions[name] ?? [], for: call) {
                let effect = self.effect(of: Syntax(function), slot: .receiver, name: "." + name)
                return applying(
                    effect, call: call, parameters: function.signature.parameterClause.parameters, inherited: inherited,
                    styling: styling, to: site)
            }
        }
        var record = site
        apply(modifier: name, call: call, inherited: inherited, styling: styling, to: &record)
        return [record]
    }

    /// `site` made unknown for `reason`, unless something nearer set its style.
    func unknown(_ site: UsageSite, because reason: String, _ styling: Bool) -> UsageSite {
        var record = site
        if styling, record.option == nil, record.unknownBecause == nil { record.unknownBecause = reason }
        return record
    }

    /// The declaration among `overloads` a call's argument labels fit (the first, when none
    /// fits exactly).
    static func overload(_ overloads: [FunctionDeclSyntax], for call: FunctionCallExprSyntax) -> FunctionDeclSyntax? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return overloads.first { function in
            let declared = function.signature.parameterClause.parameters
            let required = declared.filter { $0.defaultValue == nil }.map(\.firstName.text)
            let all = declared.map(\.firstName.text)
            return labels.allSatisfy(all.contains) && required.allSatisfy { labels.contains($0) || $0 == "_" }
        } ?? overloads.first
    }

    /// A `ViewModifier`'s `body(content:)`.
    static func bodyFunction(of type: TypeDeclaration) -> FunctionDeclSyntax? {
        type.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { $0.name.text == "body" }
    }

    /// A container view's `body` property.
    static func bodyProperty(of type: TypeDeclaration) -> Syntax? {
        for member in type.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
            else { continue }
            return binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
        }
        return nil
    }

    /// The effect of an app's container view on what a call passes it in the argument
    /// labelled `label` (`nil` for the trailing closure: the last content property).
    func containerEffect(_ name: String, label: String?) -> WrapperEffect? {
        lookups.insert(name)
        guard let type = index.containers[name], let body = Self.bodyProperty(of: type) else { return nil }
        let slots = type.contentSlots
        let slot = label.flatMap { slots.contains($0) ? $0 : nil } ?? (label == nil ? slots.last : nil)
        return effect(of: body, slot: .named(slot.map { [$0] } ?? slots), name: name)
    }

    /// The effect of an app's `View` extension function on what a call passes it in a
    /// closure (`.toolbarArea { … }`, an alert of its own): the parameter by the label,
    /// else the last closure parameter.
    func closureEffect(_ name: String, call: FunctionCallExprSyntax, label: String?) -> WrapperEffect? {
        lookups.insert(name)
        guard let function = Self.overload(index.functions[name] ?? [], for: call) else { return nil }
        let parameters = function.signature.parameterClause.parameters
        let closures = parameters.filter { parameter in
            var type = parameter.type
            if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
            return type.is(FunctionTypeSyntax.self)
        }
        let chosen = label.flatMap { label in closures.first { $0.firstName.text == label } } ?? closures.last
        guard let chosen else { return nil }
        return effect(
            of: Syntax(function), slot: .named([(chosen.secondName ?? chosen.firstName).text]), name: "." + name)
    }
}

/// Identifies one wrapper effect: the declaration and where its content is.
struct EffectKey: Hashable {
    let declaration: SyntaxIdentifier
    let slot: WrapperSlot
}

/// The places a `View` extension function's body applies a modifier to its implicit
/// `self` (`buttonStyle(.bordered)`, `modifier(…)`) or names `self`, outermost first.
final class ImplicitReceiverFinder: SyntaxVisitor {
    let isModifier: (String) -> Bool
    var found: [Syntax] = []

    init(isModifier: @escaping (String) -> Bool) {
        self.isModifier = isModifier
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), isModifier(callee.baseName.text) {
            found.append(Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.tokenKind == .keyword(.self) { found.append(Syntax(node)) }
        return .visitChildren
    }
}
