import CatalogModel
import Foundation
internal import SwiftSyntax

/// Finds the names of the catalog's tokens in a source that imports their generated
/// package: every member access whose dotted text is one of `spellings`
/// (`DesignFoundation.Colors.primary`, `Color.dfPrimary`, `.dfPrimary`), wherever it is.
/// `DesignFoundation.Colors.primary.color(in: context)` names the token once, at the
/// constant; keyword names are compared without their backticks.
final class TokenReferenceVisitor: SyntaxVisitor {
    let spellings: Set<String>
    let file: String
    let converter: SourceLocationConverter
    private(set) var references: [TokenReference] = []

    /// The most references one file records: past it, hostile code costs no more.
    static let maximumReferences = 100_000

    init(spellings: Set<String>, file: String, converter: SourceLocationConverter) {
        self.spellings = spellings
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard references.count < Self.maximumReferences else { return .skipChildren }
        guard let text = Self.dotted(node), spellings.contains(text) else { return .visitChildren }
        let location = node.startLocation(converter: converter)
        references.append(
            TokenReference(
                file: file, line: location.line, column: location.column, spelling: text,
                enclosingType: Self.enclosingType(of: Syntax(node))))
        return .skipChildren
    }

    /// `A.B.c` for a chain of names (`.c` with no base), without backticks; `nil` when a
    /// part is a call, a subscript or anything else.
    static func dotted(_ node: MemberAccessExprSyntax) -> String? {
        let name = node.declName.baseName.text.replacingOccurrences(of: "`", with: "")
        guard let base = node.base else { return "." + name }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.replacingOccurrences(of: "`", with: "") + "." + name
        }
        if let member = base.as(MemberAccessExprSyntax.self), member.base != nil, let prefix = dotted(member) {
            return prefix + "." + name
        }
        return nil
    }

    /// The name of the nearest type or extension around `node`.
    static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let step = current {
            if let declaration = step.as(DeclSyntax.self), let type = TypeDeclaration(declaration) { return type.name }
            if let extensionDecl = step.as(ExtensionDeclSyntax.self) {
                return extensionDecl.extendedType.trimmedDescription
            }
            current = step.parent
        }
        return nil
    }
}
