import CatalogModel
import CatalogUsage
import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Finds the call sites of catalog components in one Swift source with the toolchain's
/// SwiftParser (so strings, comments and `#if` blocks are understood, not pattern-matched)
/// and works out, for each, the style in effect: a modifier on the call's own chain, or
/// the nearest one on an enclosing container.
package struct SourceScanner: Sendable {
    package let vocabulary: UsageVocabulary
    /// Whether colors and lengths written as literals in button code are recorded too
    /// (``HardCodedValueVisitor``): `lint_swift` asks for them, a project scan does not.
    package var findsLiterals = false

    /// A scanner for `vocabulary`.
    package init(vocabulary: UsageVocabulary, findsLiterals: Bool = false) {
        self.vocabulary = vocabulary
        self.findsLiterals = findsLiterals
    }

    /// The call sites in `source`; `file` names it in the records. The app declarations
    /// its wrappers are looked up in are `source`'s own and `index`'s.
    package func scan(source: String, file: String, index: AppIndex? = nil) -> [UsageSite] {
        scanChecked(source: source, file: file, index: index).sites
    }

    /// What one source gave: its call sites, where the parser met syntax errors (the
    /// sites are then those of the tree it recovered), and a note when part of it was
    /// not examined (brackets nested too deep: see ``BracketNesting``).
    package struct Outcome: Sendable {
        /// The call sites, in source order (one record per branch where a call has several).
        package var sites: [UsageSite]
        /// The lines of the first syntax errors (at most five), empty when the file parses.
        package var errorLines: [Int]
        /// What was not examined, said as a warning (brackets read as flat), if anything.
        package var note: String?
        /// The app declarations the source holds, as ``AppDeclarations`` keeps them.
        package var declarations: [AppDeclarations.Kept] = []
        /// The names the call sites' wrappers were looked up by (found or not).
        package var lookups: Set<String> = []
        /// The names the source's own declarations declare.
        package var declaredNames: Set<String> = []
        /// The catalog's tokens it names through their generated packages, and the app's
        /// own spellings of design values (``AppTokenVisitor``).
        package var tokenReferences: [TokenReference] = []
        /// The app's own tokens it defines.
        package var tokenDefinitions: [AppTokenDefinition] = []
        /// Colors and lengths written as literals in button code, when asked for.
        package var hardCodedValues: [HardCodedValue] = []
    }

    /// The call sites, the syntax errors the parser recovered from, a note when part of
    /// the source was not examined, and the app declarations it holds. Wrappers are looked
    /// up in the source's own declarations, then in `index` (the project's).
    /// `sites` false reads only the declarations (a file that names no component);
    /// `tokenSpellings`, the token names to find (those of the generated modules it imports).
    /// `appTokens`, whether the app's own token spellings and definitions are looked for.
    package func scanChecked(
        source: String, file: String, index: AppIndex? = nil, sites: Bool = true, tokenSpellings: Set<String> = [],
        appTokens: Bool = true
    ) -> Outcome {
        let input = Self.input(source)
        return analyzed(
            Self.parse(input, piece: 0), input: input, file: file, index: index, sites: sites,
            tokenSpellings: tokenSpellings, appTokens: appTokens)
    }

    /// A source made ready for the parser: its text (brackets nested too deep read as
    /// flat), the note saying so, and the pieces it is parsed in (``SourcePieces``).
    struct Input: Sendable {
        let bytes: [UInt8]
        let note: String?
        let pieces: [Range<Int>]
    }

    /// `source` made ready for the parser, in at most `pieces` pieces of at least
    /// `minimumBytes` each.
    static func input(_ source: String, pieces: Int = 1, minimumBytes: Int = 0) -> Input {
        var text = source
        var notes: [String] = []
        func lines(_ lines: [Int]) -> String {
            "(line" + (lines.count == 1 ? " " : "s ") + lines.prefix(5).map(String.init).joined(separator: ", ")
                + (lines.count > 5 ? ", …" : "") + ")"
        }
        // Interpolations first: what they hold is then no bracket to count.
        if let emptied = Self.emptyingDeepInterpolations(text) {
            text = emptied.source
            notes.append(
                "strings holding interpolations nested deeper than \(SwiftLexer.interpolationLimit) levels were read as empty \(lines(emptied.lines))"
            )
        }
        if let flattened = BracketNesting.flattened(text) {
            text = flattened.source
            notes.append(
                "brackets nested deeper than \(BracketNesting.limit) levels, or parentheses deeper than \(BracketNesting.parenthesisLimit), were read as flat \(lines(flattened.lines))"
            )
        }
        let note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        let bytes = Array(text.utf8)
        let ranges =
            pieces > 1
            ? bytes.withUnsafeBufferPointer {
                SourcePieces.pieces(of: $0, count: pieces, minimumBytes: minimumBytes)
            } : [0..<bytes.count]
        return Input(bytes: bytes, note: note, pieces: ranges)
    }

    /// `source` with the content of each string holding too deep an interpolation nesting
    /// made spaces (line ends kept, so every line and column stays), and the 1-based lines
    /// where such strings start; `nil` when none does (the usual case: a quick count of
    /// `\(` finds too few first).
    static func emptyingDeepInterpolations(_ source: String) -> (source: String, lines: [Int])? {
        // Counted on the text itself: a copy of every file's bytes would cost each scan.
        var openings = 0
        var previous: UInt8 = 0
        for byte in source.utf8 {
            if previous == UInt8(ascii: "\\"), byte == UInt8(ascii: "(") || byte == UInt8(ascii: "#") { openings += 1 }
            previous = byte
        }
        guard openings > SwiftLexer.interpolationLimit else { return nil }
        var bytes = Array(source.utf8)
        let ranges = bytes.withUnsafeBufferPointer { SwiftLexer.deepInterpolations(in: $0) }
        guard !ranges.isEmpty else { return nil }
        var starts: [Int] = []
        for range in ranges {
            starts.append(range.lowerBound)
            for index in range where bytes[index] != 0x0A && bytes[index] != 0x0D { bytes[index] = 0x20 }
        }
        // Each start's line, in one pass.
        var lines: [Int] = []
        var line = 1
        var next = 0
        let sorted = starts.sorted()
        for (index, byte) in bytes.enumerated() {
            while next < sorted.count, sorted[next] == index {
                if lines.last != line { lines.append(line) }
                next += 1
            }
            if byte == 0x0A { line += 1 }
        }
        return (String(decoding: bytes, as: UTF8.self), lines)
    }

    /// The tree of piece `piece` of `input` (the whole source when it is in one piece).
    static func parse(_ input: Input, piece: Int) -> SourceFileSyntax {
        input.bytes.withUnsafeBufferPointer {
            Parser.parse(
                source: UnsafeBufferPointer(rebasing: $0[input.pieces[piece]]), maximumNestingLevel: maximumNesting)
        }
    }

    /// The tree of the whole source from its pieces' trees: their statements in one file.
    /// Where a piece has an error (the parser's recovery may read across the cut) or the
    /// pieces do not add up to the source, the source is parsed whole.
    static func joined(_ trees: [SourceFileSyntax], of input: Input) -> SourceFileSyntax {
        guard trees.count > 1 else { return trees[0] }
        let parsedWhole = {
            input.bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: maximumNesting) }
        }
        guard !trees.contains(where: \.hasError) else { return parsedWhole() }
        let whole = SourceFileSyntax(
            shebang: trees[0].shebang, statements: CodeBlockItemListSyntax(trees.flatMap { Array($0.statements) }),
            endOfFileToken: trees[trees.count - 1].endOfFileToken)
        return whole.totalLength.utf8Length == input.bytes.count ? whole : parsedWhole()
    }

    /// What `tree`, parsed from `input`, holds (``scanChecked(source:file:index:sites:tokenSpellings:)``).
    func analyzed(
        _ tree: SourceFileSyntax, input: Input, file: String, index: AppIndex?, sites: Bool,
        tokenSpellings: Set<String>, appTokens: Bool
    ) -> Outcome {
        let note = input.note
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        var declarations = AppDeclarations.kept(in: tree)
        let own = declarations.isEmpty ? AppIndex.empty : AppIndex(kept: declarations)
        for (position, names) in own.namesByEntry.enumerated() { declarations[position].stored.names = names }
        var errors: [Int] = []
        if tree.hasError {
            let finder = SyntaxErrorFinder(converter: converter)
            finder.walk(tree)
            errors = finder.lines
        }
        var tokenReferences: [TokenReference] = []
        if !tokenSpellings.isEmpty {
            let finder = TokenReferenceVisitor(spellings: tokenSpellings, file: file, converter: converter)
            finder.walk(tree)
            tokenReferences = finder.references
        }
        var tokenDefinitions: [AppTokenDefinition] = []
        if appTokens {
            let finder = AppTokenVisitor(file: file, converter: converter, tree: tree)
            finder.walk(tree)
            // A package spelling found at a place is that, not also an app spelling.
            let packaged = Set(tokenReferences.map(\.place))
            tokenReferences += finder.references.filter { !packaged.contains($0.place) }
            tokenDefinitions = finder.definitions
        }
        guard sites else {
            var outcome = Outcome(
                sites: [], errorLines: errors, note: note, declarations: declarations, tokenReferences: tokenReferences)
            outcome.tokenDefinitions = tokenDefinitions
            return outcome
        }
        // The source's own declarations over the project's (which may hold an older version of them).
        let visitor = CallVisitor(
            vocabulary: vocabulary, file: file, converter: converter,
            index: declarations.isEmpty ? index ?? .empty : own.over(index))
        visitor.walk(tree)
        var hardCodedValues: [HardCodedValue] = []
        if findsLiterals {
            let finder = HardCodedValueVisitor(components: vocabulary.components, file: file, converter: converter)
            finder.walk(tree)
            hardCodedValues = finder.values
        }
        return Outcome(
            sites: visitor.catalogSites, errorLines: errors, note: note, declarations: declarations,
            lookups: visitor.lookups, declaredNames: Set(own.digests.keys), tokenReferences: tokenReferences,
            tokenDefinitions: tokenDefinitions, hardCodedValues: hardCodedValues)
    }

    /// The deepest syntax nesting parsed; deeper input is a syntax error, not a stack overflow.
    static let maximumNesting = 256
}

/// The lines where a recovered tree has what the parser could not read (unexpected
/// text) or had to invent (a missing token), in order, at most five.
final class SyntaxErrorFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    var lines: [Int] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .all)
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        note(Syntax(node))
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { note(Syntax(token)) }
        return .skipChildren
    }

    private func note(_ node: Syntax) {
        let line = node.startLocation(converter: converter).line
        if lines.count < 5, !lines.contains(line) { lines.append(line) }
    }
}
