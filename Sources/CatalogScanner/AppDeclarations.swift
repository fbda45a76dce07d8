import CatalogModel
import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// The app's own declarations that may style the buttons they wrap, as one file keeps
/// them: the source text of each top-level declaration that holds one (inside the `#if`
/// clauses around it), so that a later scan that does not read the file again still
/// knows them. They are `View` extension functions and properties (`.primaryButton()`,
/// `.backport`), `ViewModifier` types, container views (generic over their content, or
/// holding view closures), and the generic types a `View` property leads to with their
/// methods (`Backport<Content>` and its `buttonStyle(_:)`). ``AppIndex`` reads them.
package enum AppDeclarations {
    /// Whether a file's bytes may declare one: they name `View` extensions, a
    /// `ViewModifier`, a view generic over its content (`<Content: View>`, `: View,`, or
    /// `: View` with a `where` clause) or an `AnyView`. A file that may not is not parsed for declarations (only
    /// for call sites, when it names a component): most view files are not wrappers.
    static func mayDeclare(_ bytes: [UInt8]) -> Bool {
        // One pass over the occurrences of `View` (its `V` is rare in source; an `e` is not).
        var sawConformance = false
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count >= 4 else { return false }
            var start = 0
            while start <= buffer.count - 4,
                let found = memchr(base + start, Int32(UInt8(ascii: "V")), buffer.count - 3 - start)
            {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                start = at + 1
                guard memcmp(base + at, "View", 4) == 0 else { continue }
                let before = { (text: String) in
                    at >= text.utf8.count && memcmp(base + at - text.utf8.count, text, text.utf8.count) == 0
                }
                let next = at + 4 < buffer.count ? buffer[at + 4] : 0
                if before("extension ") || before("extension SwiftUI.") || before("Any") { return true }
                if next == UInt8(ascii: "M"), at + 12 <= buffer.count, memcmp(base + at, "ViewModifier", 12) == 0 {
                    return true
                }
                if before(": ") {
                    if next == UInt8(ascii: ">") || next == UInt8(ascii: ",") { return true }
                    sawConformance = true
                }
            }
            return sawConformance && ProjectScanner.contains(bytes, whereNeedle)
        } || ProjectScanner.contains(bytes, styleMemberNeedle)
    }

    private static let whereNeedle = Array("where ".utf8)
    /// `extension ButtonStyle where Self == …` (and `PrimitiveButtonStyle`): the static
    /// members an app names its styles by.
    private static let styleMemberNeedle = Array("ButtonStyle where Self".utf8)

    /// The protocols whose constrained extensions give a style a static member, as
    /// SwiftUI's own styles are given theirs (`.bordered`).
    static let styleProtocols: Set<String> = [
        "ButtonStyle", "PrimitiveButtonStyle", "SwiftUI.ButtonStyle", "SwiftUI.PrimitiveButtonStyle",
    ]

    /// The type an `extension ButtonStyle where Self == T` gives members to: `T`; `nil`
    /// for any other extension.
    static func styleMemberType(_ extensionDecl: ExtensionDeclSyntax) -> String? {
        guard styleProtocols.contains(extensionDecl.extendedType.trimmedDescription),
            let requirement = extensionDecl.genericWhereClause?.requirements.first?.requirement.as(
                SameTypeRequirementSyntax.self),
            requirement.leftType.trimmedDescription == "Self"
        else { return nil }
        let type = requirement.rightType.trimmedDescription
        return type.first?.isUppercase == true ? type : nil
    }

    /// The static members of such an extension: `brand` for `static var brand: Self` and
    /// for `static func brand(tint:) -> Self`, properties first.
    static func styleMembers(_ extensionDecl: ExtensionDeclSyntax) -> [String] {
        let members = Array(extensionDecl.memberBlock.members)
        let ordered =
            members.filter { $0.decl.is(VariableDeclSyntax.self) }
            + members.filter {
                !$0.decl.is(VariableDeclSyntax.self)
            }
        return ordered.compactMap { member in
            if let variable = member.decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            {
                return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let function = member.decl.as(FunctionDeclSyntax.self),
                function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            {
                return function.name.text
            }
            return nil
        }
    }

    /// One kept declaration: as a file keeps it (its text and the names it declares, once
    /// indexed), and the parsed node while the file's tree is at hand.
    package struct Kept: Sendable {
        package var stored: KeptDeclaration
        var node: DeclSyntax?

        /// A declaration kept by an earlier scan: parsed when indexed.
        package init(_ stored: KeptDeclaration) { self.stored = stored }

        init(text: String, node: DeclSyntax) {
            stored = KeptDeclaration(text: text, names: [])
            self.node = node
        }

        /// Its source text.
        package var text: String { stored.text }
    }

    /// The top-level declarations of `tree` that hold an app declaration.
    static func kept(in tree: SourceFileSyntax) -> [Kept] {
        var kept: [Kept] = []
        for item in tree.statements {
            collect(item.item, conditions: [], into: &kept)
        }
        return kept
    }

    private static func collect(_ item: CodeBlockItemSyntax.Item, conditions: [String], into kept: inout [Kept]) {
        guard case .decl(let declaration) = item else { return }
        if let config = declaration.as(IfConfigDeclSyntax.self) {
            for clause in config.clauses {
                let inner = conditions + (CallVisitor.condition(of: clause).map { [$0] } ?? [])
                if case .statements(let statements) = clause.elements {
                    for statement in statements { collect(statement.item, conditions: inner, into: &kept) }
                } else if case .decls(let members) = clause.elements {
                    for member in members { collect(.decl(member.decl), conditions: inner, into: &kept) }
                }
            }
            return
        }
        guard holdsAppDeclaration(declaration) else { return }
        var text = declaration.trimmedDescription
        for condition in conditions.reversed() { text = "#if \(condition)\n\(text)\n#endif" }
        kept.append(Kept(text: text, node: declaration))
    }

    /// Whether `declaration` is, or has among its members, an app declaration of a kind
    /// ``AppIndex`` reads.
    static func holdsAppDeclaration(_ declaration: DeclSyntax) -> Bool {
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            if isView(extensionDecl.extendedType) { return true }
            if styleMemberType(extensionDecl) != nil { return true }
            if extensionDecl.genericWhereClause?.trimmedDescription.contains("View") == true,
                extensionDecl.memberBlock.members.contains(where: { returnsView($0.decl) })
            {
                return true
            }
            return extensionDecl.memberBlock.members.contains { holdsAppDeclaration($0.decl) }
        }
        guard let type = TypeDeclaration(declaration) else { return false }
        if type.inherits("ViewModifier") || isLowercaseStyleType(type) { return true }
        if type.inherits("View") || type.inherits("SwiftUI.View") {
            if !type.contentSlots.isEmpty { return true }
        } else if !type.genericContent.isEmpty {
            return true
        }
        return type.members.contains { holdsAppDeclaration($0.decl) }
    }

    /// A button style type whose name starts in lower case (`struct macOSButtonStyle:
    /// ButtonStyle`): a type all the same, which only its declaration tells from a function.
    static func isLowercaseStyleType(_ type: TypeDeclaration) -> Bool {
        type.name.first?.isLowercase == true && styleProtocols.contains { type.inherits($0) }
    }

    /// `View` or `SwiftUI.View`.
    static func isView(_ type: TypeSyntax) -> Bool {
        ["View", "SwiftUI.View"].contains(type.trimmedDescription)
    }

    /// A function whose result is a view (`-> some View`).
    static func returnsView(_ declaration: DeclSyntax) -> Bool {
        declaration.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.trimmedDescription.contains("View")
            == true
    }
}

/// A struct, class, enum or actor declaration, read the same way whatever its kind.
struct TypeDeclaration: Sendable {
    let name: String
    let inheritance: [String]
    let genericParameters: [String]
    let members: MemberBlockItemListSyntax
    let syntax: DeclSyntax

    init?(_ declaration: DeclSyntax) {
        let parts: (TokenSyntax, InheritanceClauseSyntax?, GenericParameterClauseSyntax?, MemberBlockSyntax)
        if let decl = declaration.as(StructDeclSyntax.self) {
            parts = (decl.name, decl.inheritanceClause, decl.genericParameterClause, decl.memberBlock)
        } else if let decl = declaration.as(ClassDeclSyntax.self) {
            parts = (decl.name, decl.inheritanceClause, decl.genericParameterClause, decl.memberBlock)
        } else if let decl = declaration.as(EnumDeclSyntax.self) {
            parts = (decl.name, decl.inheritanceClause, decl.genericParameterClause, decl.memberBlock)
        } else if let decl = declaration.as(ActorDeclSyntax.self) {
            parts = (decl.name, decl.inheritanceClause, decl.genericParameterClause, decl.memberBlock)
        } else {
            return nil
        }
        name = parts.0.text
        inheritance = parts.1?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        genericParameters = parts.2?.parameters.map(\.name.text) ?? []
        members = parts.3.members
        syntax = declaration
    }

    func inherits(_ name: String) -> Bool { inheritance.contains(name) }

    /// The stored properties, with their declared types.
    var storedProperties: [(name: String, type: TypeSyntax, declaration: VariableDeclSyntax)] {
        members.compactMap { member -> [(String, TypeSyntax, VariableDeclSyntax)]? in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { return nil }
            return variable.bindings.compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let type = binding.typeAnnotation?.type
                else { return nil }
                // A computed property (`var body: some View { … }`) holds nothing.
                if let accessors = binding.accessorBlock {
                    guard case .accessors(let list) = accessors.accessors,
                        list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
                    else { return nil }
                }
                return (name, type, variable)
            }
        }.flatMap { $0 }
    }

    /// The properties that hold the content a container view shows: a view closure
    /// (`() -> Content`, `@ViewBuilder var actions`), a value of a generic parameter
    /// (`let content: Content`) or an `AnyView`; in declaration order.
    var contentSlots: [String] {
        storedProperties.filter { property in
            var type = property.type
            if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
            // A closure that gives a view, not an action (`() -> Void`).
            if let function = type.as(FunctionTypeSyntax.self) {
                return isView(function.returnClause.type)
            }
            return isView(type)
                || property.declaration.attributes.contains { $0.trimmedDescription.contains("ViewBuilder") }
        }.map(\.name)
    }

    /// Whether `type` is a view of the caller's: one of the type's generic parameters, or `AnyView`.
    private func isView(_ type: TypeSyntax) -> Bool {
        var text = type.trimmedDescription
        if text.hasSuffix("?") { text.removeLast() }  // `let menu: Menu?`
        return genericParameters.contains(text) || text == "AnyView"
    }

    /// The stored properties whose type is one of the type's generic parameters
    /// (`Backport<Content>`'s `content`): what its methods wrap.
    var genericContent: [String] {
        storedProperties.filter { genericParameters.contains($0.type.trimmedDescription) }.map(\.name)
    }
}

/// The app declarations of a whole project, from what ``AppDeclarations`` kept of each
/// file (the nodes of the files parsed now, the texts of the others, parsed once): what a call site's wrapper modifiers, containers and
/// namespaced receivers are looked up in. Each declared name has a digest of the texts
/// that declare it, so that a later scan knows which names changed and rescans the files
/// that looked them up.
package final class AppIndex: Sendable {
    /// `View` extension functions by name (overloads together).
    let functions: [String: [FunctionDeclSyntax]]
    /// `View` extension properties by name, with the type they return (`backport` → `Backport`).
    let properties: [String: String]
    /// `ViewModifier` types by name.
    let modifierTypes: [String: TypeDeclaration]
    /// Container views by name, with their content properties.
    let containers: [String: TypeDeclaration]
    /// Methods of other types by type, then name (`Backport` → `buttonStyle`).
    let methods: [String: [String: [FunctionDeclSyntax]]]
    /// Generic types' content properties (`Backport` → `content`).
    let genericContent: [String: [String]]
    /// Styles' static members (`extension ButtonStyle where Self == BrandButtonStyle`:
    /// `brand` → `BrandButtonStyle`), and each type's member (a `static var` before a
    /// `static func`).
    let styleMembers: [String: String]
    let typeMembers: [String: String]
    /// Button style types named in lower case (``AppDeclarations/isLowercaseStyleType(_:)``).
    let styleTypes: Set<String>
    /// Each declared name's digest (functions, properties and types by name, methods as
    /// `Type.method`).
    package let digests: [String: String]
    /// The names each of the declarations indexed declares, in their order.
    let namesByEntry: [[String]]

    /// An index with nothing declared.
    package static let empty = AppIndex(kept: [])

    /// The index of `kept` declarations (any number of files'). Declarations known by text
    /// only are parsed here.
    package init(kept: [AppDeclarations.Kept]) {
        var functions: [String: [FunctionDeclSyntax]] = [:]
        var properties: [String: String] = [:]
        var modifierTypes: [String: TypeDeclaration] = [:]
        var containers: [String: TypeDeclaration] = [:]
        var methods: [String: [String: [FunctionDeclSyntax]]] = [:]
        var genericContent: [String: [String]] = [:]
        var styleMembers: [String: String] = [:]
        var typeMembers: [String: String] = [:]
        var styleTypes: Set<String> = []
        var namesByEntry: [[String]] = []
        for entry in kept {
            var names: [String] = []
            func register(_ declaration: DeclSyntax) {
                if let config = declaration.as(IfConfigDeclSyntax.self) {
                    for clause in config.clauses {
                        if case .statements(let statements) = clause.elements {
                            for statement in statements {
                                if case .decl(let inner) = statement.item { register(inner) }
                            }
                        } else if case .decls(let members) = clause.elements {
                            for member in members { register(member.decl) }
                        }
                    }
                    return
                }
                if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
                    if let type = AppDeclarations.styleMemberType(extensionDecl) {
                        for member in AppDeclarations.styleMembers(extensionDecl) {
                            styleMembers[member] = type
                            names.append(member)
                        }
                        if let member = AppDeclarations.styleMembers(extensionDecl).first {
                            typeMembers[type] = member
                            names.append(type)
                        }
                        return
                    }
                    let extended = extensionDecl.extendedType.trimmedDescription
                    let base = extended.split(separator: "<").first.map(String.init) ?? extended
                    for member in extensionDecl.memberBlock.members {
                        if AppDeclarations.isView(extensionDecl.extendedType) {
                            if let function = member.decl.as(FunctionDeclSyntax.self) {
                                functions[function.name.text, default: []].append(function)
                                names.append(function.name.text)
                            } else if let variable = member.decl.as(VariableDeclSyntax.self),
                                let binding = variable.bindings.first,
                                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                                let type = binding.typeAnnotation?.type.trimmedDescription
                            {
                                properties[name] = String(type.prefix { $0 != "<" })
                                names.append(name)
                            }
                        } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                            methods[base, default: [:]][function.name.text, default: []].append(function)
                            names.append(base + "." + function.name.text)
                        }
                        register(member.decl)
                    }
                    return
                }
                guard let type = TypeDeclaration(declaration) else { return }
                if AppDeclarations.isLowercaseStyleType(type) {
                    styleTypes.insert(type.name)
                    names.append(type.name)
                }
                if type.inherits("ViewModifier") {
                    modifierTypes[type.name] = type
                    names.append(type.name)
                } else if type.inherits("View") || type.inherits("SwiftUI.View") {
                    if !type.contentSlots.isEmpty {
                        containers[type.name] = type
                        names.append(type.name)
                    }
                } else if !type.genericContent.isEmpty {
                    genericContent[type.name] = type.genericContent
                    names.append(type.name)
                    for member in type.members {
                        if let function = member.decl.as(FunctionDeclSyntax.self) {
                            methods[type.name, default: [:]][function.name.text, default: []].append(function)
                            names.append(type.name + "." + function.name.text)
                        }
                    }
                }
                for member in type.members { register(member.decl) }
            }
            if let node = entry.node {
                register(node)
            } else {
                for statement in Parser.parse(source: entry.text).statements {
                    if case .decl(let declaration) = statement.item { register(declaration) }
                }
            }
            namesByEntry.append(names)
        }
        self.namesByEntry = namesByEntry
        let digests = Self.digests(
            zip(kept, namesByEntry).map { KeptDeclaration(text: $0.text, names: $1) })
        self.functions = functions
        self.properties = properties
        self.modifierTypes = modifierTypes
        self.containers = containers
        self.methods = methods
        self.genericContent = genericContent
        self.styleMembers = styleMembers
        self.typeMembers = typeMembers
        self.styleTypes = styleTypes
        self.digests = digests
    }

    /// This index over `base`: a name declared here replaces `base`'s (a file's own
    /// declarations over what the last scan kept of it and of the others).
    func over(_ base: AppIndex?) -> AppIndex {
        guard let base else { return self }
        return AppIndex(
            functions: base.functions.merging(functions) { $1 }, properties: base.properties.merging(properties) { $1 },
            modifierTypes: base.modifierTypes.merging(modifierTypes) { $1 },
            containers: base.containers.merging(containers) { $1 },
            methods: base.methods.merging(methods) { $0.merging($1) { $1 } },
            genericContent: base.genericContent.merging(genericContent) { $1 },
            styleMembers: base.styleMembers.merging(styleMembers) { $1 },
            typeMembers: base.typeMembers.merging(typeMembers) { $1 }, styleTypes: base.styleTypes.union(styleTypes),
            digests: base.digests.merging(digests) { $1 }, namesByEntry: namesByEntry)
    }

    private init(
        functions: [String: [FunctionDeclSyntax]], properties: [String: String],
        modifierTypes: [String: TypeDeclaration], containers: [String: TypeDeclaration],
        methods: [String: [String: [FunctionDeclSyntax]]], genericContent: [String: [String]],
        styleMembers: [String: String], typeMembers: [String: String], styleTypes: Set<String>,
        digests: [String: String], namesByEntry: [[String]]
    ) {
        self.functions = functions
        self.properties = properties
        self.modifierTypes = modifierTypes
        self.containers = containers
        self.methods = methods
        self.genericContent = genericContent
        self.styleMembers = styleMembers
        self.typeMembers = typeMembers
        self.styleTypes = styleTypes
        self.digests = digests
        self.namesByEntry = namesByEntry
    }

    /// Each name's digest over the texts that declare it, from what was kept (no parsing).
    package static func digests(_ kept: [KeptDeclaration]) -> [String: String] {
        var declaring: [String: [String]] = [:]
        for entry in kept {
            for name in Set(entry.names) { declaring[name, default: []].append(entry.text) }
        }
        return declaring.mapValues { SHA256.hex(Data($0.sorted().joined(separator: "\u{0}").utf8)) }
    }

    /// The names whose declarations differ between two digests (declared in one only, or
    /// by other texts).
    package static func changedNames(_ new: [String: String], since old: [String: String]) -> Set<String> {
        Set(new.keys).union(old.keys).filter { new[$0] != old[$0] }
    }
}

/// The declarations of a project's files, parsed only as far as a scan needs them: for a
/// file, those whose names its bytes mention, and those their texts mention in turn (a
/// modifier's `ViewModifier`, a namespace's type). A rescan of unchanged files parses
/// none; one that reads a few parses what those few name. Shared by the scanning threads.
package final class DeclarationPool: @unchecked Sendable {
    private let entries: [AppDeclarations.Kept]
    /// Each name's search word (a method's name without its type) → the entries declaring it.
    private let byWord: [(word: [UInt8], entries: [Int])]
    private let lock = NSLock()
    private var parsed: [Int: AppDeclarations.Kept] = [:]

    /// A pool of `entries` (their names known; parsed nodes used where present).
    package init(_ entries: [AppDeclarations.Kept]) {
        self.entries = entries
        var byWord: [String: [Int]] = [:]
        for (position, entry) in entries.enumerated() {
            for name in Set(entry.stored.names) {
                let word = name.split(separator: ".").last.map(String.init) ?? name
                byWord[word, default: []].append(position)
            }
        }
        self.byWord = byWord.sorted { $0.key < $1.key }.map { (Array($0.key.utf8), $0.value) }
    }

    /// Whether the pool holds nothing.
    package var isEmpty: Bool { entries.isEmpty }

    /// The index of the declarations a file whose bytes are `bytes` may use.
    package func index(for bytes: [UInt8]) -> AppIndex {
        guard !entries.isEmpty else { return .empty }
        var chosen: Set<Int> = []
        var texts: [[UInt8]] = [bytes]
        while let text = texts.popLast() {
            for (word, declaring) in byWord where !declaring.allSatisfy(chosen.contains) {
                guard ProjectScanner.contains(text, word) else { continue }
                for position in declaring where chosen.insert(position).inserted {
                    texts.append(Array(entries[position].text.utf8))
                }
            }
        }
        guard !chosen.isEmpty else { return .empty }
        return AppIndex(kept: chosen.sorted().map(parsedEntry))
    }

    /// Entry `position` with its node, parsed once for all threads.
    private func parsedEntry(_ position: Int) -> AppDeclarations.Kept {
        if entries[position].node != nil { return entries[position] }
        lock.lock()
        defer { lock.unlock() }
        if let known = parsed[position] { return known }
        var entry = entries[position]
        // A kept text is one declaration (inside its `#if`s): the first statement is it.
        if case .decl(let declaration)? = Parser.parse(source: entry.text).statements.first?.item {
            entry.node = declaration
        }
        parsed[position] = entry
        return entry
    }
}
