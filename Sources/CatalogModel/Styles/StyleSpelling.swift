import Foundation

/// One way Swift code applies a published style: `.dfButtonStyle(.capsule)`,
/// `.buttonStyle(CapsuleButtonStyle())`, or the bare construction `CapsuleButtonStyle()`
/// in whatever modifier takes it. A style document may list its spellings
/// (`"spellings"`); otherwise they follow from its component's spec and from what
/// `catalog export swift` generates (see ``StyleDefinition/spellings(in:)``).
public struct StyleSpelling: Sendable, Hashable {
    /// The modifier that applies the style (`dfButtonStyle`), or `nil` for a bare
    /// construction that counts in any modifier.
    public var modifier: String?
    /// What the usage scanner records as the call site's option: the static member
    /// (`capsule`) or the constructed type (`CapsuleButtonStyle`).
    public var option: String
    /// The spelling as written.
    public var text: String

    /// Reads `text`: `.MODIFIER(.MEMBER)`, `.MODIFIER(TYPE())` or `TYPE()`, identifiers
    /// only; `nil` for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("."), trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") {
            let modifier = String(trimmed[trimmed.index(after: trimmed.startIndex)..<open])
            let argument = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            guard Self.isIdentifier(modifier) else { return nil }
            if argument.hasPrefix("."), Self.isIdentifier(String(argument.dropFirst())) {
                self.init(modifier: modifier, option: String(argument.dropFirst()), text: trimmed)
            } else if Self.isConstruction(argument) {
                self.init(modifier: modifier, option: String(argument.dropLast(2)), text: trimmed)
            } else {
                return nil
            }
        } else if Self.isConstruction(trimmed) {
            self.init(modifier: nil, option: String(trimmed.dropLast(2)), text: trimmed)
        } else {
            return nil
        }
    }

    init(modifier: String?, option: String, text: String) {
        self.modifier = modifier
        self.option = option
        self.text = text
    }

    /// `TYPE()`.
    static func isConstruction(_ text: String) -> Bool {
        text.hasSuffix("()") && isIdentifier(String(text.dropLast(2))) && text.first?.isUppercase == true
            && text.first?.isASCII == true
    }

    /// An ASCII Swift identifier: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

extension StyleDefinition {
    /// How code applies this style: the spellings the document declares, or where it
    /// declares none, `.MODIFIER(.member)` and `.MODIFIER(Type())` for each modifier that sets
    /// `spec`'s first axis (`.dfButtonStyle(.capsule)`, `.dfButtonStyle(CapsuleButtonStyle())`:
    /// the app's own conformance, as the DFButton page declares it, named after the style);
    /// then the SwiftUI style `catalog export swift` generates (``generatedSpellings``).
    public func spellings(in spec: ComponentSpec?) -> [StyleSpelling] {
        if !spellings.isEmpty {
            let declared = spellings.compactMap(StyleSpelling.init)
            return declared + generatedSpellings.filter { spelling in !declared.contains { $0.text == spelling.text } }
        }
        // The app's own conformance is named after the style: the names it had before any prefix.
        let names = swiftNames
        let (member, type) = names.alias.map { ($0.member, $0.type) } ?? (names.member, names.type)
        var own: [StyleSpelling] = []
        if let axis = spec?.axes.first, let applied = axis.appliedWith, applied.hasPrefix("."),
            applied.hasSuffix("(_:)"), !applied.hasPrefix(".buttonStyle(")
        {
            own = spellings(modifier: String(applied.dropFirst().prefix { $0 != "(" }), member: member, type: type)
        }
        return own + generatedSpellings
    }

    /// How code applies the SwiftUI style `catalog export swift` generates for this style,
    /// whatever its spec says (``StyleSwiftNames``): `.buttonStyle(.member)` and
    /// `.buttonStyle(Type())` (`.buttonStyle(.dfButtonFilled)`,
    /// `.buttonStyle(DFButtonFilledButtonStyle())`). What the catalog's advice hands out, so
    /// what lint must know.
    public var generatedSpellings: [StyleSpelling] {
        let names = swiftNames
        return spellings(modifier: "buttonStyle", member: names.member, type: names.type)
    }

    /// The deprecated aliases the generated package keeps for a style that took its theme's
    /// prefix (`.buttonStyle(.capsule)`, `.buttonStyle(CapsuleButtonStyle())`): still this
    /// style to lint, never handed out.
    public var deprecatedSpellings: [StyleSpelling] {
        swiftNames.alias.map { spellings(modifier: "buttonStyle", member: $0.member, type: $0.type) } ?? []
    }

    private func spellings(modifier: String, member: String, type: String) -> [StyleSpelling] {
        [
            StyleSpelling(modifier: modifier, option: member, text: ".\(modifier)(.\(member))"),
            StyleSpelling(modifier: modifier, option: type, text: ".\(modifier)(\(type)())"),
        ]
    }
}
