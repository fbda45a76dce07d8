import CatalogModel
import CatalogUsage
internal import SwiftSyntax

/// Visits every call whose callee is a known component, and records each with what is
/// in effect there (see ``climb(from:into:)``).
final class CallVisitor: SyntaxVisitor {
    let vocabulary: UsageVocabulary
    let file: String
    let converter: SourceLocationConverter
    var sites: [UsageSite] = []
    /// The modules the file imports and the types it declares at its top level, seen on
    /// the same walk.
    var imports: Set<String> = []
    var declaredTypes: Set<String> = []
    /// The types declared inside another (`enum Metrics { enum Button { … } }`), with the
    /// lines of the type around them: such a name hides another only in there.
    var nestedTypes: [String: [ClosedRange<Int>]] = [:]
    /// The uses of each view property or function, by its declaration, found once.
    var helperUses: [SyntaxIdentifier: [Syntax]] = [:]

    /// How many view properties deep a call is followed to where it is shown.
    static let helperDepth = 4
    /// The most records one call gives (branches of postfix `#if`s, places a view property
    /// is shown), and the most climbs made for it: hostile code (a property shown in a
    /// thousand places, each in another such property) costs a bounded time, and what is
    /// past the bound is said to be unknown.
    static let maximumRecords = 64
    static let maximumClimbs = 1_024
    /// The climbs left for the call being recorded.
    var climbsLeft = 0
    /// The app's declarations (its wrapper modifiers, containers, namespaced receivers),
    /// what the walk looked up in them (found or not), and the effects worked out so far.
    let index: AppIndex
    var lookups: Set<String> = []
    var effects: [EffectKey: WrapperEffect] = [:]
    var resolving: Set<EffectKey> = []
    /// The `guard #available` statements of each body seen, with what they add up to.
    var availabilityGuards: [SyntaxIdentifier: [(position: AbsolutePosition, checked: [String])]] = [:]
    /// The content places wrappers may still be followed from (``wrapperStarts`` in all).
    var wrapperStartsLeft = CallVisitor.wrapperStarts

    init(vocabulary: UsageVocabulary, file: String, converter: SourceLocationConverter, index: AppIndex) {
        self.vocabulary = vocabulary
        self.file = file
        self.converter = converter
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            vocabulary.components.contains(name)
        {
            sites += self.sites(for: node, component: name)
        }
        return .visitChildren
    }

    /// The sites of components that are the catalog's in this file: a component counts
    /// where its module (or one of its family: OUDS's come in as `OUDSComponents`) is
    /// imported or the file is part of it, and not where the file declares a type of that
    /// name. Decided after the walk, as imports may come anywhere at the top level.
    var catalogSites: [UsageSite] {
        sites.filter { site in
            if declaredTypes.contains(site.component)
                || nestedTypes[site.component]?.contains(where: { $0.contains(site.line) }) == true
            {
                return false
            }
            guard let module = vocabulary.modules[site.component] else { return true }
            return imports.contains { $0.hasPrefix(module) } || file.hasPrefix(module + "/")
                || file.contains("/\(module)/")
        }
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { imports.insert(module) }
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, at: Syntax(node))
        return .visitChildren
    }

    /// Notes a type declared at `node`: at the top level (its name hides a component's in
    /// the whole file), or inside another type, an extension or a body (only in there).
    private func declare(_ name: String, at node: Syntax) {
        var current = node.parent
        while let step = current {
            if step.is(StructDeclSyntax.self) || step.is(ClassDeclSyntax.self) || step.is(EnumDeclSyntax.self)
                || step.is(ActorDeclSyntax.self) || step.is(ExtensionDeclSyntax.self)
                || step.is(ProtocolDeclSyntax.self) || step.is(CodeBlockSyntax.self) || step.is(ClosureExprSyntax.self)
            {
                let lines =
                    step.startLocation(converter: converter).line...step.endLocation(converter: converter).line
                nestedTypes[name, default: []].append(lines)
                return
            }
            current = step.parent
        }
        declaredTypes.insert(name)
    }

    /// The records of one call: one, or one per branch of a postfix `#if` whose modifiers
    /// differ (numbered from 0 in source order).
    func sites(for call: FunctionCallExprSyntax, component: String) -> [UsageSite] {
        let location = call.startLocation(converter: converter)
        var site = UsageSite(file: file, line: location.line, column: location.column, component: component)
        readArguments(of: call, component: component, into: &site)
        climbsLeft = Self.maximumClimbs
        var found = Self.simplified(shown(from: Syntax(call), site: site, depth: 0))
        for index in found.indices {
            if found[index].option == nil, found[index].unknownBecause == nil,
                let option = vocabulary.defaults[component], let axis = vocabulary.primaryAxis[component]
            {
                found[index].spec = component
                found[index].axis = axis
                found[index].option = option
                found[index].defaulted = true
            }
            found[index].branch = found.count == 1 ? 0 : index
        }
        return found
    }

    /// The records of one call without those whose `#if` conditions rule each other out
    /// on every platform (a view property shown under `#if os(visionOS)`, holding a call
    /// under `#if !os(visionOS)`), and as one record when they differ only in `#if`
    /// conditions (then under the conditions they all share); each condition said once.
    static func simplified(_ found: [UsageSite]) -> [UsageSite] {
        // A condition met twice (a property shown under the `#if` it is declared under) is said once.
        let records = found.map { record in
            var once = record
            once.availability = record.availability.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            return once
        }
        let possible = records.filter { record in
            let conditions = record.availability.filter { $0.hasPrefix("#if ") }.map { String($0.dropFirst(4)) }
            return Linter.platformNames.contains { platform in
                conditions.allSatisfy { CompilationCondition.canHold($0, on: platform) }
            }
        }
        return collapsed(possible.isEmpty ? records : possible)
    }

    /// `records` as one record when they differ only in `#if` conditions (branches that set
    /// the same things), under the conditions they all share; otherwise as they are.
    static func collapsed(_ records: [UsageSite]) -> [UsageSite] {
        let unconditioned = records.map { record in
            var same = record
            same.availability = record.availability.filter { !$0.hasPrefix("#if ") }
            return same
        }
        guard records.count > 1, Set(unconditioned).count == 1 else { return records }
        var one = records[0]
        one.availability = one.availability.filter { entry in records.allSatisfy { $0.availability.contains(entry) } }
        return [one]
    }

    /// The call's own arguments: the role, the primary axis given as an argument
    /// (`appearance: .negative`), and the other parameters the spec declares.
    func readArguments(of call: FunctionCallExprSyntax, component: String, into site: inout UsageSite) {
        let declared = vocabulary.parameters[component] ?? []
        let labels = vocabulary.labels[component] ?? [:]
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            let text = Self.shortened(argument.expression.trimmedDescription)
            if label == "role" {
                // A role known only at run time is an argument, not a role named like a variable.
                if let role = Self.memberName(argument.expression) {
                    site.role = role
                } else {
                    site.arguments[label] = text
                    site.dynamicArguments.insert(label)
                }
            } else if let axis = labels[label], axis == vocabulary.primaryAxis[component] {
                site.spec = component
                site.axis = axis
                setStyle(argument.expression, spec: component, axis: axis, inherited: false, on: &site)
                // An older version's label (OUDS 2's `hierarchy:` for OUDS 3's `appearance:`)
                // is kept as written, for lint to name its replacement.
                if vocabulary.currentLabels[component]?.contains(label) != true { site.arguments[label] = text }
            } else if declared.contains(label) {
                site.arguments[label] = text
                if Self.isRunTimeValue(argument.expression) { site.dynamicArguments.insert(label) }
            }
        }
    }

    /// What is in effect where the call (or a name bound to it) is shown: the climb from
    /// the call, then from each later use of a `let` it is bound to, then — when the call
    /// is the content of a view property or function whose own body sets no style — from
    /// each place that property is used.
    func shown(from start: Syntax, site: UsageSite, depth: Int) -> [UsageSite] {
        climbsLeft -= 1
        let climb = self.climb(from: start, into: site)
        var found = climb.sites
        // `let b = Button(…) { … }.controlSize(.large)` … `b.buttonStyle(.bordered)`: the
        // button is shown, and styled, where the name is used later in the same body.
        if let (name, binding, scope) = Self.binding(of: start) {
            for use in Self.uses(of: name, after: binding, in: scope) {
                found = found.flatMap { self.climb(from: use, into: $0).sites }
            }
        }
        guard let helper = climb.helper, !climb.detached, depth < Self.helperDepth,
            found.allSatisfy({ $0.option == nil && $0.unknownBecause == nil })
        else { return found }
        let uses = self.uses(of: helper)
        guard !uses.isEmpty else { return found }
        let past = found.map { site in
            var unknown = site
            unknown.unknownBecause =
                "\(Self.helperName(helper) ?? "the view") is shown in more places than are followed"
            return unknown
        }
        guard uses.count * found.count <= min(climbsLeft, Self.maximumRecords) else { return past }
        let shownAt = found.flatMap { site in
            merged(uses.flatMap { shown(from: $0, site: site, depth: depth + 1) }, helper: helper)
        }
        return shownAt.count <= Self.maximumRecords ? shownAt : past
    }

    /// Where a view property is shown, one record per set of conditions it is shown under
    /// (`if #available(iOS 26, *) { x.buttonStyle(.glass) } else { x }` gives a glass
    /// record checked for iOS 26 and an unstyled one): the style shared by every place
    /// under those conditions, or, where places style it differently, a dynamic one.
    func merged(_ outcomes: [UsageSite], helper: Syntax) -> [UsageSite] {
        var groups: [[String]: [UsageSite]] = [:]
        var order: [[String]] = []
        for outcome in outcomes {
            if groups[outcome.availability] == nil { order.append(outcome.availability) }
            groups[outcome.availability, default: []].append(outcome)
        }
        return order.map { conditions in
            let group = groups[conditions]!
            let styles = Set(group.map { [$0.spec, $0.axis, $0.option, $0.optionArguments, $0.unknownBecause] })
            guard styles.count > 1, let styled = group.first(where: { $0.option != nil }) else {
                // Styled where it is shown: inherited from there, as from a container.
                var shown = group[0]
                shown.inherited = shown.inherited || shown.option != nil || shown.unknownBecause != nil
                return shown
            }
            let options = group.compactMap(\.spelledOption).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            var merged = group[0]
            merged.spec = styled.spec
            merged.axis = styled.axis
            merged.optionArguments = nil
            merged.member = nil
            merged.unknownBecause = nil
            merged.dynamic = true
            merged.choices = Self.choices(group)
            merged.inherited = true
            merged.option =
                "\(Self.helperName(helper) ?? "the view") at \(group.count) uses: "
                + (options + (group.contains { $0.option == nil } ? ["none set"] : [])).joined(separator: ", ")
            return merged
        }
    }

    /// The options records styled differently may take, once each in their order (a
    /// dynamic record's own choices in its place): the choices of the one dynamic record
    /// that stands for them.
    static func choices(_ records: [UsageSite]) -> [String] {
        records.flatMap { $0.dynamic ? $0.choices : $0.option.map { [$0] } ?? [] }.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
    }

    /// `settingsButton` for `var settingsButton: some View` or `func settingsButton() -> some View`.
    static func helperName(_ declaration: Syntax) -> String? {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return declaration.as(FunctionDeclSyntax.self)?.name.text
    }

    /// Where a view property or function is used in its type (and the type's extensions
    /// in this file): the outermost expression naming it (`settingsButton`,
    /// `self.settingsButton`, `row(item)`), from which the climb goes on.
    func uses(of declaration: Syntax) -> [Syntax] {
        if let known = helperUses[declaration.id] { return known }
        guard let name = Self.helperName(declaration), let type = Self.typeName(around: declaration) else { return [] }
        let found = ReferenceFinder.references(to: name, in: declaration.root).compactMap(Self.outermostUse)
        let inside = declaration.position..<declaration.endPosition
        let uses = found.filter { !inside.contains($0.position) && Self.typeName(around: $0) == type }
        helperUses[declaration.id] = uses
        return uses
    }

    /// The outermost expression a reference to a member of the type is used as:
    /// `self.name`, `name(…)`, `self.name(…)`; `nil` for `other.name`, another value's.
    static func outermostUse(_ reference: DeclReferenceExprSyntax) -> Syntax? {
        var use = Syntax(reference)
        if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else {
                return nil
            }
            use = Syntax(member)
        }
        if let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id {
            use = Syntax(call)
        }
        return use
    }

    /// The name of the type declaration (or extension) around `node`.
    static func typeName(around node: Syntax) -> String? {
        var current = node.parent
        while let node = current {
            if let name = declaredTypeName(node) { return name }
            current = node.parent
        }
        return nil
    }

    /// The type `node` declares or extends (a struct, class, enum or extension), or `nil`.
    static func declaredTypeName(_ node: Syntax) -> String? {
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
        return node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }

    /// The name a call (with the modifiers chained on it) is bound to by `let`/`var`, the
    /// binding, and the body it is declared in.
    static func binding(of start: Syntax) -> (String, Syntax, Syntax)? {
        var node = start
        // Up the modifier chain: `call.modifier(…)` is a member access on the call, then a call.
        while let parent = node.parent,
            parent.is(MemberAccessExprSyntax.self)
                || (parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id)
        {
            node = parent
        }
        guard let initializer = node.parent?.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        var scope = Syntax(binding)
        while let parent = scope.parent {
            scope = parent
            if scope.is(CodeBlockSyntax.self) || scope.is(ClosureExprSyntax.self) || scope.is(AccessorBlockSyntax.self)
            {
                return (name, Syntax(binding), scope)
            }
        }
        return nil
    }

    /// References to `name` in `scope` after `binding` (not inside it).
    static func uses(of name: String, after binding: Syntax, in scope: Syntax) -> [Syntax] {
        ReferenceFinder.references(to: name, in: scope).filter { $0.position >= binding.endPosition }.map(Syntax.init)
    }

    /// `outlined` for `.outlined`; `nil` for anything else.
    static func memberName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        return member.declName.baseName.text
    }
}

/// The references to one name (`DeclReferenceExprSyntax` nodes) in a tree, in source order.
final class ReferenceFinder: SyntaxVisitor {
    let name: String
    var found: [DeclReferenceExprSyntax] = []

    private init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name { found.append(node) }
        return .visitChildren
    }

    /// The references to `name` in `tree`.
    static func references(to name: String, in tree: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let finder = ReferenceFinder(name: name)
        finder.walk(tree)
        return finder.found
    }
}
