import CatalogModel
import CatalogUsage
import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Finds the call sites of catalog components in one Swift source with the toolchain's
/// SwiftParser (so strings, comments and `#if` blocks are understood, not pattern-matched)
/// and works out, for each, the style in effect: a modifier on the call's own chain, or
/// the nearest one on an enclosing container.
public struct SourceScanner: Sendable {
    public let vocabulary: UsageVocabulary

    /// A scanner for `vocabulary`.
    public init(vocabulary: UsageVocabulary) { self.vocabulary = vocabulary }

    /// The call sites in `source`; `file` names it in the records.
    public func scan(source: String, file: String) -> [UsageSite] {
        scanChecked(source: source, file: file).sites
    }

    /// The call sites, whether the source parsed without syntax errors, and a note when
    /// part of it was not examined (brackets nested too deep: see ``BracketNesting``).
    public func scanChecked(source: String, file: String) -> (sites: [UsageSite], parses: Bool, note: String?) {
        var text = source
        var note: String?
        if let flattened = BracketNesting.flattened(source) {
            text = flattened.source
            note =
                "brackets nested deeper than \(BracketNesting.limit) levels were read as flat (line"
                + (flattened.lines.count == 1 ? " " : "s ")
                + flattened.lines.prefix(5).map(String.init).joined(separator: ", ")
                + (flattened.lines.count > 5 ? ", …" : "") + ")"
        }
        var bytes = Array(text.utf8)
        let tree = bytes.withUnsafeMutableBufferPointer {
            Parser.parse(source: UnsafeBufferPointer($0), maximumNestingLevel: Self.maximumNesting)
        }
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let visitor = CallVisitor(vocabulary: vocabulary, file: file, converter: converter)
        visitor.walk(tree)
        return (visitor.catalogSites, !tree.hasError, note)
    }

    /// The deepest syntax nesting parsed; deeper input is a syntax error, not a stack overflow.
    static let maximumNesting = 256
}

/// Visits every call whose callee is a known component.
final class CallVisitor: SyntaxVisitor {
    let vocabulary: UsageVocabulary
    let file: String
    let converter: SourceLocationConverter
    var sites: [UsageSite] = []
    /// The modules the file imports and the types it declares, seen on the same walk.
    var imports: Set<String> = []
    var declaredTypes: Set<String> = []

    init(vocabulary: UsageVocabulary, file: String, converter: SourceLocationConverter) {
        self.vocabulary = vocabulary
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            vocabulary.components.contains(name)
        {
            sites.append(site(for: node, component: name))
        }
        return .visitChildren
    }

    /// The sites of components that are the catalog's in this file: a component counts
    /// where its module (or one of its family: OUDS's come in as `OUDSComponents`) is
    /// imported or the file is part of it, and not where the file declares a type of that
    /// name. Decided after the walk, as imports may come anywhere at the top level.
    var catalogSites: [UsageSite] {
        sites.filter { site in
            if declaredTypes.contains(site.component) { return false }
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
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declaredTypes.insert(node.name.text)
        return .visitChildren
    }

    func site(for call: FunctionCallExprSyntax, component: String) -> UsageSite {
        let location = call.startLocation(converter: converter)
        var site = UsageSite(file: file, line: location.line, column: location.column, component: component)
        let declared = vocabulary.parameters[component] ?? []
        let labels = vocabulary.labels[component] ?? [:]
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            let text = argument.expression.trimmedDescription
            if label == "role" {
                // A role known only at run time is an argument, not a role named like a variable.
                if let role = Self.memberName(argument.expression) {
                    site.role = role
                } else {
                    site.arguments[label] = text
                }
            } else if let axis = labels[label], axis == vocabulary.primaryAxis[component] {
                site.spec = component
                site.axis = axis
                site.option = Self.memberName(argument.expression) ?? text
                site.dynamic = Self.memberName(argument.expression) == nil
            } else if declared.contains(label) {
                site.arguments[label] = text
            }
        }
        climb(from: Syntax(call), into: &site)
        // `let b = Button(…) { … }.controlSize(.large)` … `b.buttonStyle(.bordered)`: the
        // button is shown, and styled, where the name is used later in the same body.
        if let (name, binding, scope) = Self.binding(of: call) {
            for use in Self.uses(of: name, after: binding, in: scope) { climb(from: use, into: &site) }
        }
        if site.option == nil, let option = vocabulary.defaults[component], let axis = vocabulary.primaryAxis[component]
        {
            site.spec = component
            site.axis = axis
            site.option = option
            site.defaulted = true
        }
        return site
    }

    /// The name a call (with the modifiers chained on it) is bound to by `let`/`var`, the
    /// binding, and the body it is declared in.
    static func binding(of call: FunctionCallExprSyntax) -> (String, Syntax, Syntax)? {
        var node = Syntax(call)
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
        final class Finder: SyntaxVisitor {
            let name: String
            let after: AbsolutePosition
            var found: [Syntax] = []
            init(name: String, after: AbsolutePosition) {
                self.name = name
                self.after = after
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text == name, node.position >= after { found.append(Syntax(node)) }
                return .visitChildren
            }
        }
        let finder = Finder(name: name, after: binding.endPosition)
        finder.walk(scope)
        return finder.found
    }

    /// Walks outwards from the call: modifiers on its chain, then on enclosing containers.
    func climb(from start: Syntax, into site: inout UsageSite) {
        var previous = start
        var inherited = false
        while let node = previous.parent {
            defer { previous = node }
            if let member = node.as(MemberAccessExprSyntax.self), member.base?.id == previous.id,
                let modifier = member.parent?.as(FunctionCallExprSyntax.self), modifier.calledExpression.id == member.id
            {
                apply(
                    modifier: member.declName.baseName.text, arguments: modifier.arguments, inherited: inherited,
                    to: &site)
                continue
            }
            if let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.id != previous.id {
                // The site sits in this call's closure or arguments: a container.
                if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    site.containers.append(name)
                }
                inherited = true
                continue
            }
            // `#if os(iOS)`: the code exists only there; recorded as the condition's text.
            if let clause = node.as(IfConfigClauseSyntax.self), let condition = clause.condition {
                site.availability.append("#if " + condition.trimmedDescription)
                continue
            }
            if let branch = node.as(IfExprSyntax.self), branch.body.id == previous.id {
                for condition in branch.conditions {
                    guard case .availability(let availability) = condition.condition else { continue }
                    for argument in availability.availabilityArguments {
                        if case .availabilityVersionRestriction(let restriction) = argument.argument {
                            site.availability.append(
                                "\(restriction.platform.text) \(restriction.version?.trimmedDescription ?? "")"
                                    .trimmingCharacters(in: .whitespaces))
                        }
                    }
                }
                continue
            }
            if site.enclosingBody == nil {
                // Each `#Preview` is a view of its own for per-view rules.
                let preview =
                    node.as(MacroExpansionDeclSyntax.self).map { ($0.macroName.text, $0.arguments, Syntax($0)) }
                    ?? node.as(MacroExpansionExprSyntax.self).map { ($0.macroName.text, $0.arguments, Syntax($0)) }
                if let (macro, arguments, syntax) = preview, macro == "Preview" {
                    let title = arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                    let line = syntax.startLocation(converter: converter).line
                    site.enclosingBody = "#Preview" + (title.map { "(\"\($0)\")" } ?? " at line \(line)")
                    continue
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
            if site.enclosingType == nil {
                if let declaration = node.as(StructDeclSyntax.self) {
                    site.enclosingType = declaration.name.text
                } else if let declaration = node.as(ClassDeclSyntax.self) {
                    site.enclosingType = declaration.name.text
                } else if let declaration = node.as(EnumDeclSyntax.self) {
                    site.enclosingType = declaration.name.text
                } else if let declaration = node.as(ExtensionDeclSyntax.self) {
                    site.enclosingType = declaration.extendedType.trimmedDescription
                }
            }
        }
    }

    /// Records what a modifier sets, unless something nearer already set it.
    func apply(modifier name: String, arguments: LabeledExprListSyntax, inherited: Bool, to site: inout UsageSite) {
        let first = arguments.first?.expression
        if name == "disabled" {
            if first?.trimmedDescription != "false" { site.disabled = true }
            return
        }
        // The tint colours a button whatever its spec says: recorded wherever it is set.
        if name == "tint", let first, site.arguments["tint"] == nil {
            site.arguments["tint"] = first.trimmedDescription
            return
        }
        guard let (spec, axis) = vocabulary.modifiers[name], let first else { return }
        let isStyleAxis = axis == vocabulary.primaryAxis[spec]
        if let option = Self.memberName(first) {
            if isStyleAxis {
                setOption(spec: spec, axis: axis, option: option, inherited: inherited, on: &site)
            } else if site.arguments[axis] == nil {
                site.arguments[axis] = "." + option
            }
            return
        }
        // The struct spelling of a style: `.buttonStyle(BorderlessButtonStyle())`.
        if let initializer = first.as(FunctionCallExprSyntax.self), initializer.arguments.isEmpty,
            let type = initializer.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let (structSpec, structAxis, option) = vocabulary.structs[type]
        {
            setOption(spec: structSpec, axis: structAxis, option: option, inherited: inherited, on: &site)
            return
        }
        if let factory = first.as(FunctionCallExprSyntax.self),
            let member = factory.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil, let (styleSpec, styleAxis) = vocabulary.factories[member.declName.baseName.text]
        {
            guard site.option == nil else { return }
            setOption(
                spec: styleSpec, axis: styleAxis,
                option: factory.arguments.first.flatMap { Self.memberName($0.expression) }
                    ?? factory.trimmedDescription, inherited: inherited, on: &site)
            for argument in factory.arguments.dropFirst() {
                if let label = argument.label?.text { site.arguments[label] = argument.expression.trimmedDescription }
            }
            return
        }
        if isStyleAxis {
            // A variable, a call or a conditional: the axis is set, to a value known only at run time.
            let known = site.option != nil
            setOption(spec: spec, axis: axis, option: first.trimmedDescription, inherited: inherited, on: &site)
            if !known { site.dynamic = Self.isDynamic(first) }
        }
    }

    func setOption(spec: String, axis: String, option: String, inherited: Bool, on site: inout UsageSite) {
        guard site.option == nil else { return }
        site.spec = spec
        site.axis = axis
        site.option = option
        site.inherited = inherited
    }

    /// Whether a style expression is a value known only at run time (a variable, a
    /// property, a call or a conditional), rather than a custom style's construction
    /// (`CapsuleStyle()`, a type name), which is recorded by its text.
    static func isDynamic(_ expression: ExprSyntax) -> Bool {
        if let call = expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return name.first?.isUppercase != true
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase != true
        }
        // A conditional or an operator is an unfolded sequence until operators are folded.
        return expression.is(MemberAccessExprSyntax.self) || expression.is(TernaryExprSyntax.self)
            || expression.is(SequenceExprSyntax.self)
    }

    /// `outlined` for `.outlined`; `nil` for anything else.
    static func memberName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        return member.declName.baseName.text
    }
}
