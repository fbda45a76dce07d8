#if canImport(SwiftParser)
    import CatalogCodegen
    import CatalogModel
    import SwiftParser
    import SwiftSyntax

    /// Checks Apple availability, which Linux's compiler ignores, in generated Swift: every
    /// SwiftUI, UIKit or AppKit name the code uses (a name the stand-in modules declare and
    /// the generated code does not) must be in ``SwiftAPI/table``, and on each platform where
    /// the code is compiled (`#if os(…)`, `canImport(…)`) the package's deployment target, the
    /// enclosing `@available` attributes and `if #available` checks must cover the table's
    /// version for it.
    struct AvailabilityChecker {
        /// Names the stand-in modules declare.
        let apiNames: Set<String>

        /// A checker for code compiled against `standIns` (the stand-ins' sources).
        init(standIns: [String]) {
            var names: Set<String> = []
            for source in standIns {
                for declaration in Self.declarations(Parser.parse(source: source), parameters: false) {
                    names.insert(declaration.name)
                }
            }
            // Requirements of the standard library's protocols (`OptionSet.rawValue`) are Swift's.
            apiNames = names.subtracting(["rawValue"])
        }

        /// A declaration with its name, the type it is in, and its `@available` versions.
        struct Declaration {
            var name: String
            var owner: String?
            var keys: [String]
            var versions: [String: Semver]
            var line: Int
        }

        /// Every named declaration of `tree` (parameters too when `parameters`).
        static func declarations(_ tree: SourceFileSyntax, parameters: Bool = true) -> [Declaration] {
            let converter = SourceLocationConverter(fileName: "standIn.swift", tree: tree)
            var found: [Declaration] = []
            for node in tree.tokens(viewMode: .sourceAccurate) {
                guard let parent = node.parent else { continue }
                var name: String?
                var keys: [String] = []
                let owner = ownerType(of: Syntax(parent))
                switch parent.kind {
                case .structDecl, .classDecl, .enumDecl, .protocolDecl:
                    guard case .identifier = node.tokenKind else { continue }
                    name = node.text
                    keys = (owner.map { ["\($0).\(node.text)"] } ?? []) + [node.text]
                case .functionDecl, .enumCaseElement:
                    guard case .identifier = node.tokenKind else { continue }
                    name = node.text
                    keys = (owner.map { ["\($0).\(node.text)"] } ?? []) + [node.text]
                case .identifierPattern, .functionParameter, .closureShorthandParameter, .closureParameter:
                    guard case .identifier = node.tokenKind, parameters || parent.kind == .identifierPattern else {
                        continue
                    }
                    name = node.text
                    keys = (owner.map { ["\($0).\(node.text)"] } ?? []) + [node.text]
                case .initializerDecl:
                    guard node.tokenKind == .keyword(.`init`), let initializer = parent.as(InitializerDeclSyntax.self),
                        let owner
                    else { continue }
                    let label = initializer.signature.parameterClause.parameters.first?.firstName.text ?? ""
                    name = owner
                    keys = ["\(owner)(\(label):)"]
                default: continue
                }
                guard let name else { continue }
                let holder = Syntax(parent).ancestorOrSelf { $0.asProtocol(WithAttributesSyntax.self) }
                let versions = holder.map { availability($0.attributes).versions } ?? [:]
                found.append(
                    Declaration(
                        name: name, owner: owner, keys: keys, versions: versions,
                        line: node.startLocation(converter: converter).line))
            }
            return found
        }

        /// The type a declaration sits in (`Color` for a member of `extension ShapeStyle where Self == Color`
        /// is `ShapeStyle`), with its enclosing types (`Font.TextStyle`).
        static func ownerType(of node: Syntax) -> String? {
            var names: [String] = []
            var current = node.parent
            while let ancestor = current {
                if let type = ancestor.as(StructDeclSyntax.self) {
                    names.insert(type.name.text, at: 0)
                } else if let type = ancestor.as(ClassDeclSyntax.self) {
                    names.insert(type.name.text, at: 0)
                } else if let type = ancestor.as(EnumDeclSyntax.self) {
                    names.insert(type.name.text, at: 0)
                } else if let type = ancestor.as(ProtocolDeclSyntax.self) {
                    names.insert(type.name.text, at: 0)
                } else if let type = ancestor.as(ExtensionDeclSyntax.self) {
                    names.insert(type.extendedType.trimmedDescription, at: 0)
                }
                current = ancestor.parent
            }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }

        /// The versions and the unavailable platforms `@available` attributes state.
        static func availability(_ attributes: AttributeListSyntax) -> (
            versions: [String: Semver], unavailable: Set<String>
        ) {
            var versions: [String: Semver] = [:]
            var unavailable: Set<String> = []
            for element in attributes {
                guard let attribute = element.as(AttributeSyntax.self),
                    attribute.attributeName.trimmedDescription == "available",
                    case .availability(let arguments)? = attribute.arguments
                else { continue }
                let parts = arguments.map(\.argument)
                if parts.count == 2, let platform = parts.first?.as(TokenSyntax.self)?.text,
                    parts.last?.as(TokenSyntax.self)?.text == "unavailable"
                {
                    unavailable.insert(platform)
                    continue
                }
                for part in parts {
                    if let restriction = part.as(PlatformVersionSyntax.self) {
                        versions[restriction.platform.text] = semver(restriction.version)
                    }
                }
            }
            return (versions, unavailable)
        }

        static func semver(_ version: VersionTupleSyntax?) -> Semver {
            let parts = (version?.trimmedDescription ?? "0").split(separator: ".").compactMap { Int($0) } + [0, 0]
            return Semver(parts[0], parts[1], parts[2])
        }

        /// Stand-in declarations whose attributes differ from the table's entry, or that state
        /// availability the table does not have: the stand-in must picture the table.
        func standInProblems(_ source: String, file: String) -> [String] {
            var problems: [String] = []
            for declaration in Self.declarations(Parser.parse(source: source)) where !declaration.versions.isEmpty {
                guard let key = declaration.keys.first(where: { SwiftAPI.table[$0] != nil }) else {
                    problems.append(
                        "\(file):\(declaration.line): \(declaration.keys[0]) has @available but no table entry")
                    continue
                }
                if SwiftAPI.table[key] != declaration.versions {
                    problems.append(
                        "\(file):\(declaration.line): \(key) is @available(\(Self.describe(declaration.versions))), the table says \(Self.describe(SwiftAPI.table[key]!))"
                    )
                }
            }
            return problems
        }

        static func describe(_ versions: [String: Semver]) -> String {
            SwiftAPI.platforms.compactMap { platform in versions[platform].map { "\(platform) \($0.major).\($0.minor)" }
            }
            .joined(separator: ", ")
        }

        /// Every use in `sources` (generated files by path) that the table lacks or whose
        /// availability is not covered on some platform.
        func problems(_ sources: [String: String]) -> [String] {
            let trees = sources.mapValues { Parser.parse(source: $0) }
            var ownNames: Set<String> = []
            for tree in trees.values {
                for declaration in Self.declarations(tree) { ownNames.insert(declaration.name) }
            }
            var problems: [String] = []
            for (path, tree) in trees.sorted(by: { $0.key < $1.key }) {
                let converter = SourceLocationConverter(fileName: path, tree: tree)
                let visitor = UseVisitor(viewMode: .sourceAccurate)
                visitor.walk(tree)
                for use in visitor.uses where apiNames.contains(use.name) && !ownNames.contains(use.name) {
                    let line = use.node.startLocation(converter: converter).line
                    guard let key = use.keys.first(where: { SwiftAPI.table[$0] != nil }) else {
                        problems.append(
                            "\(path):\(line): \(use.keys.joined(separator: " / ")) is not in SwiftAPI.table")
                        continue
                    }
                    let needed = SwiftAPI.table[key]!
                    for (platform, effective) in context(of: use.node) {
                        guard let version = needed[platform] else {
                            problems.append("\(path):\(line): \(key) does not exist on \(platform)")
                            continue
                        }
                        if version > effective {
                            problems.append(
                                "\(path):\(line): \(key) needs \(platform) \(version.major).\(version.minor), available from \(effective.major).\(effective.minor) here"
                            )
                        }
                    }
                }
            }
            return problems
        }

        /// The platforms where `node` is compiled, each with the OS version it can assume.
        func context(of node: Syntax) -> [String: Semver] {
            var versions = SwiftAPI.packageMinimums
            var child = node
            var current = node.parent
            while let ancestor = current {
                if let holder = ancestor.asProtocol(WithAttributesSyntax.self) {
                    let stated = Self.availability(holder.attributes)
                    for platform in stated.unavailable { versions[platform] = nil }
                    for (platform, version) in stated.versions where versions[platform].map({ version > $0 }) == true {
                        versions[platform] = version
                    }
                }
                if let ifExpression = ancestor.as(IfExprSyntax.self),
                    child.id == ifExpression.body.id || child.id == ifExpression.conditions.id
                {
                    // The body, and the conditions after an availability check, may use what it checks.
                    for condition in ifExpression.conditions {
                        if child.id == ifExpression.conditions.id, condition.range.contains(node.position) { break }
                        guard case .availability(let check) = condition.condition else { continue }
                        for argument in check.availabilityArguments {
                            guard let restriction = argument.argument.as(PlatformVersionSyntax.self) else { continue }
                            let version = Self.semver(restriction.version)
                            let platform = restriction.platform.text
                            if versions[platform].map({ version > $0 }) == true { versions[platform] = version }
                        }
                    }
                }
                if let clause = ancestor.as(IfConfigClauseSyntax.self),
                    let clauses = clause.parent?.as(IfConfigClauseListSyntax.self)
                {
                    for platform in Array(versions.keys) {
                        var active = false
                        for other in clauses {
                            let holds = other.condition.map { Self.holds($0, on: platform) } ?? true
                            if other.id == clause.id {
                                active = holds
                                break
                            }
                            if holds { break }
                        }
                        if !active { versions[platform] = nil }
                    }
                }
                child = ancestor
                current = ancestor.parent
            }
            return versions
        }

        /// Whether an `#if` condition holds when compiling for `platform` with a current Xcode.
        static func holds(_ condition: ExprSyntax, on platform: String) -> Bool {
            if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                return !holds(prefix.expression, on: platform)
            }
            if let tuple = condition.as(TupleExprSyntax.self), let only = tuple.elements.first?.expression {
                return holds(only, on: platform)
            }
            if let sequence = condition.as(SequenceExprSyntax.self) {
                // `||` binds looser than `&&`: split on it first.
                let elements = Array(sequence.elements)
                func value(_ slice: ArraySlice<ExprSyntax>) -> Bool {
                    if let index = slice.firstIndex(where: {
                        $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||"
                    }) {
                        return value(slice[slice.startIndex..<index]) || value(slice[(index + 1)...])
                    }
                    if let index = slice.firstIndex(where: {
                        $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&"
                    }) {
                        return value(slice[slice.startIndex..<index]) && value(slice[(index + 1)...])
                    }
                    return slice.first.map { holds($0, on: platform) } ?? false
                }
                return value(elements[...])
            }
            if let call = condition.as(FunctionCallExprSyntax.self) {
                let argument = call.arguments.first?.expression.trimmedDescription ?? ""
                switch call.calledExpression.trimmedDescription {
                case "os": return argument == platform
                case "canImport":
                    switch argument {
                    case "UIKit": return platform != "macOS"
                    case "AppKit": return platform == "macOS"
                    default: return true
                    }
                default: return true  // compiler(>=6.2), swift(…): a current Xcode
                }
            }
            // DEBUG, SWIFT_PACKAGE, SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE: may hold.
            return true
        }
    }

    /// A name the code uses, with the table keys it may go by, most specific first.
    struct Use {
        var name: String
        var keys: [String]
        var node: Syntax
    }

    /// Collects the names generated code uses: references, member accesses, initializer calls
    /// and type names.
    final class UseVisitor: SyntaxVisitor {
        var uses: [Use] = []

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                var keys = [name]
                if let base = member.base?.as(DeclReferenceExprSyntax.self) {
                    keys.insert("\(base.baseName.text).\(name)", at: 0)
                }
                if let base = member.base?.as(MemberAccessExprSyntax.self) {
                    keys.insert("\(base.trimmedDescription).\(name)", at: 0)
                }
                uses.append(Use(name: name, keys: keys, node: Syntax(node)))
            } else if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                let label = call.arguments.first.map { $0.label?.text ?? "_" } ?? ""
                uses.append(Use(name: name, keys: ["\(name)(\(label):)", name], node: Syntax(node)))
            } else {
                uses.append(Use(name: name, keys: [name], node: Syntax(node)))
            }
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            uses.append(Use(name: node.name.text, keys: [node.name.text], node: Syntax(node)))
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            uses.append(Use(name: node.name.text, keys: [node.trimmedDescription, node.name.text], node: Syntax(node)))
            return .visitChildren
        }
    }
#endif
