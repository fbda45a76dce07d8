import CatalogModel
import CatalogUsage
import Foundation
internal import SwiftSyntax

/// Finds the app's own design tokens in one source, as apps spell them (docs/usage.md
/// lists each spelling): asset catalog colors by name (`Color("Latte")`,
/// `UIColor(named:)`, `NSColor(named:)`, SwiftGen's `ColorAsset(name:)`, and a function
/// of the file that hands its text to one of those), members of the color types and of
/// the app's token types (`Color.latte`, `ThemeColor.primaryText01(for:)`,
/// `Asset.Colors.accent`), implicit members where a color or a token type is expected
/// (`.foregroundColor(.latte)`, `AppTheme.color(for: .background)`, `= .primaryUi01` of a
/// parameter typed `ThemeStyle`), a theme object's properties (`theme.primaryUi01`); and
/// the definitions that make names tokens (static members of color types, of namespaces
/// holding design values, aliases of another member). Only syntax is read here: which
/// spelling is a token is decided with every file's definitions at hand
/// (``AppTokenUses`` in CatalogUsage).
final class AppTokenVisitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    /// The file's functions that pass a text parameter to a named-color initializer
    /// (`func BundleColor(_ name: String) -> UIColor? { UIColor(named: name, in: …) }`).
    let assetFunctions: Set<String>
    private(set) var definitions: [AppTokenDefinition] = []
    private(set) var references: [TokenReference] = []

    /// The most references or definitions one file records: past it, hostile code costs no more.
    static let maximumRecords = 100_000

    init(file: String, converter: SourceLocationConverter, tree: SourceFileSyntax) {
        self.file = file
        self.converter = converter
        let finder = AssetFunctionFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        assetFunctions = finder.names
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether a file's bytes may hold an app token: a color, a theme, an asset, a palette,
    /// a font, a length or a spacing is named. One pass over the bytes, whatever the
    /// needles' first bytes (`o` of `olor` is everywhere: a search per needle stopped at
    /// each one).
    static func mayHold(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let count = buffer.count
            for index in 0..<count {
                guard let candidates = byFirstByte[Int(base[index])] else { continue }
                for needle in candidates where index + needle.count <= count {
                    if memcmp(base + index, needle, needle.count) == 0 { return true }
                }
            }
            return false
        }
    }

    /// The needles by their first byte.
    private static let byFirstByte: [[[UInt8]]?] = {
        var table = [[[UInt8]]?](repeating: nil, count: 256)
        for needle in ["olor", "heme", "Asset", "alette", "CGFloat", "Font", "font", "pacing"].map({ Array($0.utf8) }) {
            table[Int(needle[0])] = (table[Int(needle[0])] ?? []) + [needle]
        }
        return table
    }()

    // MARK: Definitions

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard definitions.count < Self.maximumRecords,
            node.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }),
            let owner = Self.owner(of: Syntax(node))
        else { return .visitChildren }
        let isPrivate = Self.isPrivate(Syntax(node))
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let annotation = binding.typeAnnotation.map { Self.typeName($0.type) }
            let value: ExprSyntax? = binding.initializer?.value ?? Self.getterExpression(binding.accessorBlock)
            let wraps = value.flatMap { wrapped(in: $0, owner: owner, annotation: annotation) }
            // A design value on a type nested in another (a view's `Constants`), or a
            // private length, is that view's layout rather than a token of the app.
            let nested = owner.contains(".")
            let valueType =
                AppTokenNames.isDesignType(owner)
                ? owner
                : annotation.flatMap { AppTokenNames.isDesignType($0) ? $0 : nil } ?? value.flatMap(Self.designType)
            let isColor = valueType.map { AppTokenNames.colorTypes.contains($0) } ?? false
            let holdsDesignValue =
                valueType != nil && (AppTokenNames.isDesignType(owner) || (!nested && (isColor || !isPrivate)))
            let keepsWrapped = wraps.map { $0.target.hasPrefix("asset:") || !nested } ?? false
            guard holdsDesignValue || keepsWrapped else { continue }
            let location = binding.pattern.startLocation(converter: converter)
            definitions.append(
                AppTokenDefinition(
                    file: file, line: location.line, column: location.column, owner: owner, name: name,
                    wraps: wraps?.target, isPrivate: isPrivate))
            if let wraps, let place = wraps.place { record(place, spelling: wraps.spelling, target: wraps.target) }
        }
        return .visitChildren
    }

    /// What a definition's value names: the first asset name in it, else the member it
    /// aliases (`Self.primaryUi01`, `.primaryUi01` of its own type, a bare `warning` of an
    /// extension, `UIColor.cellBackgroundColor` inside `Color(…)`); with where that member
    /// is written when this visitor would not record it otherwise.
    private func wrapped(in value: ExprSyntax, owner: String, annotation: String?) -> (
        target: String, spelling: String, place: Syntax?
    )? {
        if let asset = AssetNameFinder.first(in: Syntax(value), functions: assetFunctions) {
            return ("asset:" + asset, "", nil)
        }
        var expression = value
        // `Color(UIColor.x)`, `Color(uiColor: .x)`, `UIColor(named: …) ?? .fallback`,
        // `AppTheme.colorForStyle(.x).color` → the part naming a value.
        for _ in 0..<4 {
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                AppTokenNames.colorTypes.contains(callee.baseName.text), let only = call.arguments.first,
                only.label.map({ ["uiColor", "nsColor", "cgColor"].contains($0.text) }) ?? true
            {
                expression = only.expression
            } else if let member = expression.as(MemberAccessExprSyntax.self),
                let base = member.base?.as(FunctionCallExprSyntax.self),
                AppTokenNames.valueAccessors.contains(member.declName.baseName.text)
            {
                expression = ExprSyntax(base)
            } else if let call = expression.as(FunctionCallExprSyntax.self),
                AppTokenNames.takesDesignValue(callee: Self.calleeName(call), label: ""),
                let implicit = call.arguments.lazy.compactMap({ $0.expression.as(MemberAccessExprSyntax.self) }).first(
                    where: { $0.base == nil })
            {
                // Recorded by the member's own visit, at its call's place.
                return ("." + implicit.declName.baseName.text, "", nil)
            } else if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first {
                expression = first
            } else if let infix = expression.as(InfixOperatorExprSyntax.self) {
                expression = infix.leftOperand
            } else {
                break
            }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            let name = reference.baseName.text
            guard name.first?.isLowercase == true, !AppTokenNames.isPlatformMember(name, of: owner) else { return nil }
            return (owner + "." + name, name, Syntax(reference))
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            let type = annotation.flatMap { $0 == "Self" ? owner : $0 } ?? owner
            guard !AppTokenNames.isPlatformMember(name, of: type) else { return nil }
            // With a declared type, the member's own visit records it as that type's.
            return (type + "." + name, "." + name, annotation == nil ? Syntax(member) : nil)
        }
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Self" {
            guard !AppTokenNames.isPlatformMember(name, of: owner) else { return nil }
            return (owner + "." + name, "Self." + name, Syntax(member))
        }
        if let type = Self.dottedType(base), type.first?.isUppercase == true,
            !AppTokenNames.isPlatformMember(name, of: type)
        {
            // Recorded by `visit(MemberAccessExprSyntax)` where the type is one it records.
            return (
                type + "." + name, type + "." + name, AppTokenNames.recordsMembers(of: type) ? nil : Syntax(member)
            )
        }
        return nil
    }

    /// The design type `value` makes (`Color` for `Color(red:…)`, `Font` for
    /// `Font.system(size: 17)`, `UIColor` for `UIColor.systemBlue`), if it makes one.
    static func designType(_ value: ExprSyntax) -> String? {
        var expression = value
        while true {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                expression = call.calledExpression
            } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
                expression = base
            } else {
                break
            }
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
            AppTokenNames.isDesignType(reference.baseName.text)
        else { return nil }
        return reference.baseName.text
    }

    // MARK: Uses

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard references.count < Self.maximumRecords else { return .skipChildren }
        if let asset = AssetNameFinder.assetName(of: node, functions: assetFunctions) {
            record(
                Syntax(node), spelling: Self.shortened(node.trimmedDescription), target: "asset:" + asset, kind: .asset)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard references.count < Self.maximumRecords else { return .skipChildren }
        let name = node.declName.baseName.text.replacingOccurrences(of: "`", with: "")
        guard let base = node.base else {
            switch expectedPlace(of: Syntax(node)) {
            case .typed(let type):
                let owner = type == "Self" ? Self.owner(of: Syntax(node)) ?? type : type
                guard !AppTokenNames.isPlatformMember(name, of: owner) else { break }
                record(Syntax(node), spelling: "." + name, target: owner + "." + name)
            case .argument(let callee, let slot):
                guard
                    !AppTokenNames.swiftUIStyleModifiers.contains(callee)
                        || !AppTokenNames.isPlatformMember(name, of: "Color")
                else { break }
                record(Syntax(node), spelling: "." + name, target: "." + name, slot: slot)
            case nil: break
            }
            return .visitChildren
        }
        if let type = Self.dottedType(base), !AppTokenNames.isPlatformMember(name, of: type),
            name.first?.isUppercase != true,
            AppTokenNames.recordsMembers(of: type) || (!Self.isCalled(Syntax(node)) && type != "Self")
        {
            // Any other type's property too (`Spacing.m`): a token only where the app
            // defines it (``AppTokenUses``).
            record(Syntax(node), spelling: type + "." + name, target: type + "." + name)
            return .skipChildren
        }
        if let instance = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
            AppTokenNames.isThemeInstance(instance), !Self.isCalled(Syntax(node))
        {
            record(Syntax(node), spelling: instance + "." + name, target: "." + name)
        }
        return .visitChildren
    }

    /// A place that expects a design value.
    enum Place {
        /// A parameter's or a property's default of a declared type (`ThemeStyle`).
        case typed(String)
        /// An argument of a call that takes a color or a style there
        /// (`.foregroundColor(.latte)`, `AppTheme.color(for: .background)`), with the
        /// parameter it is passed to (`AppTheme.color(for:)`).
        case argument(callee: String, slot: String)
    }

    /// Where an implicit member stands, when that place expects a design value; `nil`
    /// anywhere else, or where it is called (`.brand(tint:)`).
    private func expectedPlace(of node: Syntax) -> Place? {
        guard !Self.isCalled(node) else { return nil }
        var current = node
        for _ in 0..<4 {
            guard let parent = current.parent else { return nil }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
                    return .typed(Self.typeName(parameter.type))
                }
                if let binding = clause.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
                    return .typed(Self.typeName(type))
                }
                return nil
            }
            if let argument = parent.as(LabeledExprSyntax.self) {
                guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
                let callee = Self.calleeName(call)
                let label = argument.label?.text ?? ""
                guard AppTokenNames.takesDesignValue(callee: callee, label: label) else { return nil }
                let calleeText = Self.shortened(call.calledExpression.trimmedDescription)
                return .argument(callee: callee, slot: calleeText + "(" + (label.isEmpty ? "_" : label) + ":)")
            }
            if parent.is(ReturnStmtSyntax.self) || Self.isSoleGetterExpression(current) {
                return Self.declaredResultType(of: parent).map { .typed($0) }
            }
            let passes =
                parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self)
                || parent.is(ExprListSyntax.self) || parent.is(SequenceExprSyntax.self)
                || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
            guard passes else { return nil }
            current = parent
        }
        return nil
    }

    private func record(
        _ node: Syntax, spelling: String, target: String, kind: TokenReference.Kind = .member, slot: String? = nil
    ) {
        let location = node.startLocation(converter: converter)
        references.append(
            TokenReference(
                file: file, line: location.line, column: location.column, spelling: spelling,
                enclosingType: TokenReferenceVisitor.enclosingType(of: node), kind: kind, target: target, slot: slot))
    }

    /// Whether `node` is the one expression of a getter (`var c: ThemeStyle { .x }`).
    static func isSoleGetterExpression(_ node: Syntax) -> Bool {
        guard let item = node.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1
        else { return false }
        return list.parent?.is(AccessorBlockSyntax.self) == true
            || list.parent?.parent?.is(AccessorDeclSyntax.self) == true
    }

    /// The declared type of the property or function a `return` (or a getter's one
    /// expression) at `node` returns from: `ThemeStyle` for `var textColor: ThemeStyle { … }`.
    static func declaredResultType(of node: Syntax) -> String? {
        var current = node.parent
        while let step = current {
            if step.is(ClosureExprSyntax.self) { return nil }
            if let function = step.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { typeName($0.type) }
            }
            if let binding = step.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { typeName($0.type) }
            }
            current = step.parent
        }
        return nil
    }

    // MARK: Syntax helpers

    /// The type a static member at `node` is declared on, nested types joined with dots
    /// (`Asset.Colors`); a `ShapeStyle where Self == Color` extension's is `Color`.
    static func owner(of node: Syntax) -> String? {
        var names: [String] = []
        var current = node.parent
        while let step = current {
            if let declaration = step.as(DeclSyntax.self), let type = TypeDeclaration(declaration) {
                names.insert(type.name, at: 0)
            } else if let extensionDecl = step.as(ExtensionDeclSyntax.self) {
                var extended = typeName(extensionDecl.extendedType)
                if extended == "ShapeStyle",
                    let requirement = extensionDecl.genericWhereClause?.requirements.first?.requirement.as(
                        SameTypeRequirementSyntax.self), requirement.leftType.trimmedDescription == "Self"
                {
                    extended = requirement.rightType.trimmedDescription
                }
                names.insert(extended, at: 0)
                break
            } else if step.is(FunctionDeclSyntax.self) || step.is(ClosureExprSyntax.self) {
                return nil
            }
            current = step.parent
        }
        return names.isEmpty ? nil : names.joined(separator: ".")
    }

    /// Whether the declaration at `node` or one around it is `private` or `fileprivate`.
    static func isPrivate(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let step = current {
            let modifiers: DeclModifierListSyntax? =
                step.as(VariableDeclSyntax.self)?.modifiers ?? step.as(ExtensionDeclSyntax.self)?.modifiers
                ?? step.as(StructDeclSyntax.self)?.modifiers ?? step.as(EnumDeclSyntax.self)?.modifiers
                ?? step.as(ClassDeclSyntax.self)?.modifiers
            if modifiers?.contains(where: {
                [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind)
            }) == true {
                return true
            }
            current = step.parent
        }
        return false
    }

    /// A type's name without its module (`SwiftUI.Color` → `Color`) or optionality.
    static func typeName(_ type: TypeSyntax) -> String {
        var text = type.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        for module in ["SwiftUI.", "UIKit.", "AppKit.", "CoreGraphics."] where text.hasPrefix(module) {
            text.removeFirst(module.count)
        }
        return text
    }

    /// `A.B` for a chain of capitalised names (`Asset.Colors`, `Color`), else `nil`.
    static func dottedType(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true && reference.argumentNames == nil ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let prefix = dottedType(base)
        {
            let name = member.declName.baseName.text
            guard name.first?.isUppercase == true else { return nil }
            return prefix == "SwiftUI" || prefix == "UIKit" || prefix == "AppKit" ? name : prefix + "." + name
        }
        return nil
    }

    /// The expression a computed property's getter returns when it is one expression.
    static func getterExpression(_ block: AccessorBlockSyntax?) -> ExprSyntax? {
        guard let block else { return nil }
        switch block.accessors {
        case .getter(let items):
            guard items.count == 1, case .expr(let expression)? = items.first?.item else { return nil }
            return expression
        case .accessors(let accessors):
            guard let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                let items = getter.body?.statements, items.count == 1,
                case .expr(let expression)? = items.first?.item
            else { return nil }
            return expression
        @unknown default:
            return nil
        }
    }

    /// Whether the member access at `node` is what a call calls.
    static func isCalled(_ node: Syntax) -> Bool {
        node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    }

    /// The last name of what `call` calls (`foregroundColor`, `color`, `Color`).
    static func calleeName(_ call: FunctionCallExprSyntax) -> String {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return ""
    }

    /// `text` past 120 characters cut with an ellipsis.
    static func shortened(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        return flat.count > 120 ? String(flat.prefix(119)) + "…" : flat
    }
}

/// The asset names written in source: `Color("Latte")`, `Color("Latte", bundle: .module)`,
/// `UIColor(named: "Latte")`, `NSColor(named: "Latte")`, SwiftGen's
/// `ColorAsset(name: "Latte")`, and a call of one of the file's asset functions.
enum AssetNameFinder {
    /// The asset `call` names, if it is such a call with a plain string literal.
    static func assetName(of call: FunctionCallExprSyntax, functions: Set<String>) -> String? {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let first = call.arguments.first
        else { return nil }
        let label = first.label?.text
        let takes: Bool
        switch callee {
        case "Color": takes = label == nil
        case "UIColor", "NSColor": takes = label == "named"
        case "ColorAsset": takes = label == "name"
        default: takes = functions.contains(callee) && label == nil
        }
        guard takes, let literal = first.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self), !segment.content.text.isEmpty
        else { return nil }
        return segment.content.text
    }

    /// The first asset named anywhere inside `node`.
    static func first(in node: Syntax, functions: Set<String>) -> String? {
        if let call = node.as(FunctionCallExprSyntax.self), let name = assetName(of: call, functions: functions) {
            return name
        }
        for child in node.children(viewMode: .sourceAccurate) {
            if let name = first(in: child, functions: functions) { return name }
        }
        return nil
    }
}

/// The functions of a file that pass one of their text parameters to a named-color
/// initializer: calls of them with a literal name an asset.
private final class AssetFunctionFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters.filter {
            AppTokenVisitor.typeName($0.type) == "String"
        }.map { ($0.secondName ?? $0.firstName).text }
        guard !parameters.isEmpty, let body = node.body else { return .skipChildren }
        let finder = NamedColorCallFinder(parameters: Set(parameters))
        finder.walk(body)
        if finder.found { names.insert(node.name.text) }
        return .skipChildren
    }
}

/// Whether a body calls a named-color initializer with one of `parameters`.
private final class NamedColorCallFinder: SyntaxVisitor {
    let parameters: Set<String>
    var found = false

    init(parameters: Set<String>) {
        self.parameters = parameters
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let first = node.arguments.first,
            let passed = first.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(passed)
        else { return .visitChildren }
        switch (callee, first.label?.text) {
        case ("Color", nil), ("UIColor", "named"), ("NSColor", "named"), ("ColorAsset", "name"): found = true
        default: break
        }
        return found ? .skipChildren : .visitChildren
    }
}
