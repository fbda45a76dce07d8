import CatalogModel

/// Where a Swift source can be cut into pieces that SwiftParser reads one by one, so that
/// one file is parsed on several cores (a rescan after editing a few files is those files'
/// parse, and the toolchain's parser reads well under 1 MB a second).
///
/// A cut is made only between two top-level declarations: right after a `}` that closes
/// one (no bracket, parenthesis, brace or `#if` open around it), at the end of its line,
/// where the next thing after blank lines and comments begins a declaration (an attribute,
/// a modifier or a declaration keyword), which nothing before it can continue. The text
/// is read as the parser's lexer reads it: comments (nested), strings (multi-line, raw,
/// with interpolations holding code and strings of their own), `#/…/#` regexes and
/// backquoted names hold no cut. The pieces' trees joined are the whole file's tree; a
/// piece the parser finds an error in, or that does not add up to the file, has the file
/// parsed whole instead (``SourceScanner/joined(_:of:)``).
enum SourcePieces {
    /// The offsets of `bytes` at which it may be cut, in order (each the start of the line
    /// end after a top-level declaration's closing brace).
    static func cuts(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var cuts: [Int] = []
        var lexer = SwiftLexer(bytes: bytes)
        while let brace = lexer.nextTopLevelClosingBrace() {
            if let cut = cut(after: brace, in: bytes) { cuts.append(cut) }
        }
        return cuts
    }

    /// At most `count` ranges covering `bytes`, of sizes as even as its cuts allow, each of
    /// at least `minimumBytes`; one range when it cannot be cut.
    static func pieces(of bytes: UnsafeBufferPointer<UInt8>, count: Int, minimumBytes: Int) -> [Range<Int>] {
        let wanted = min(count, bytes.count / max(minimumBytes, 1))
        guard wanted > 1 else { return [0..<bytes.count] }
        let cuts = cuts(in: bytes)
        var chosen: [Int] = []
        for part in 1..<wanted {
            let target = bytes.count * part / wanted
            // The cut nearest the target that leaves the pieces around it large enough.
            let usable = cuts.filter { $0 - (chosen.last ?? 0) >= minimumBytes && bytes.count - $0 >= minimumBytes }
            guard let nearest = usable.min(by: { abs($0 - target) < abs($1 - target) }) else { break }
            if nearest > (chosen.last ?? 0) { chosen.append(nearest) }
        }
        let bounds = [0] + chosen + [bytes.count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The cut after the top-level `}` at `brace`: the start of its line end, when only
    /// spaces and a line comment follow it on its line (the parser's trailing trivia of the
    /// brace) and a declaration begins next.
    private static func cut(after brace: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = brace + 1
        while at < bytes.count, bytes[at] == space || bytes[at] == tab { at += 1 }
        if at + 1 < bytes.count, bytes[at] == slash, bytes[at + 1] == slash {
            while at < bytes.count, bytes[at] != newline, bytes[at] != carriageReturn { at += 1 }
        }
        guard at < bytes.count, bytes[at] == newline || bytes[at] == carriageReturn else { return nil }
        let lineEnd = at
        // Blank lines and comments, then the first word.
        while at < bytes.count {
            switch bytes[at] {
            case space, tab, newline, carriageReturn: at += 1
            case slash where at + 1 < bytes.count && bytes[at + 1] == slash:
                while at < bytes.count, bytes[at] != newline, bytes[at] != carriageReturn { at += 1 }
            case slash where at + 1 < bytes.count && bytes[at + 1] == star:
                guard let end = SwiftLexer.blockCommentEnd(from: at, in: bytes) else { return nil }
                at = end
            case atSign where at + 1 < bytes.count && SwiftLexer.isIdentifierStart(bytes[at + 1]):
                return lineEnd
            default:
                var end = at
                while end < bytes.count, SwiftLexer.isIdentifierByte(bytes[end]) { end += 1 }
                guard end > at, end < bytes.count, !SwiftLexer.isIdentifierByte(bytes[end]) else { return nil }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
                return declarationStarts.contains(word) ? lineEnd : nil
            }
        }
        return nil
    }

    /// Words that begin a top-level declaration and cannot continue an expression or a
    /// statement before them.
    static let declarationStarts: Set<String> = [
        "struct", "class", "enum", "extension", "protocol", "actor", "func", "typealias", "import", "let", "var",
        "private", "fileprivate", "internal", "package", "public", "open", "final", "nonisolated", "indirect",
        "macro", "precedencegroup", "infix", "prefix", "postfix", "operator",
    ]
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let slash = UInt8(ascii: "/")
private let star = UInt8(ascii: "*")
private let atSign = UInt8(ascii: "@")
