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
        var lexer = Lexer(bytes: bytes)
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
                while at < bytes.count, bytes[at] != newline { at += 1 }
            case slash where at + 1 < bytes.count && bytes[at + 1] == star:
                guard let end = Lexer.blockCommentEnd(from: at, in: bytes) else { return nil }
                at = end
            case atSign where at + 1 < bytes.count && isIdentifierStart(bytes[at + 1]):
                return lineEnd
            default:
                var end = at
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                guard end > at, end < bytes.count, !isIdentifierByte(bytes[end]) else { return nil }
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

    /// A reading of the text that skips what holds no code (comments, strings outside their
    /// interpolations, regexes, backquoted names) and counts what is open.
    private struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        /// What is open at each level: the top level's code, a string, and the code of each
        /// interpolation in it.
        var frames: [Frame] = [Frame(kind: .code)]
        /// `#if` blocks open.
        var conditions = 0

        struct Frame {
            enum Kind {
                case code
                case interpolation
                case string(hashes: Int, multiline: Bool)
            }
            var kind: Kind
            var braces = 0
            var parentheses = 0
            var brackets = 0
        }

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The offset of the next `}` that closes everything open at the top level.
        mutating func nextTopLevelClosingBrace() -> Int? {
            while at < bytes.count {
                let byte = bytes[at]
                if case .string(let hashes, let multiline) = frames[frames.count - 1].kind {
                    readString(byte, hashes: hashes, multiline: multiline)
                    continue
                }
                switch byte {
                case slash:
                    skipCommentOrSlash()
                case quote:
                    openString(hashes: 0, at: at)
                case hash:
                    readHash()
                case backquote:
                    at += 1
                    while at < bytes.count, bytes[at] != backquote, bytes[at] != newline { at += 1 }
                    at += 1
                case openBrace, openParenthesis, openBracket, closeBrace, closeBracket:
                    // What a bracket opens or closes is counted in the code it is in.
                    let opens = byte == openBrace || byte == openParenthesis || byte == openBracket
                    let count: WritableKeyPath<Frame, Int> =
                        byte == openBrace || byte == closeBrace
                        ? \.braces : byte == openBracket || byte == closeBracket ? \.brackets : \.parentheses
                    frames[frames.count - 1][keyPath: count] += opens ? 1 : -1
                    at += 1
                    let frame = frames[frames.count - 1]
                    if byte == closeBrace, frames.count == 1, frame.braces == 0, frame.parentheses == 0,
                        frame.brackets == 0, conditions == 0
                    {
                        return at - 1
                    }
                case closeParenthesis:
                    at += 1
                    if case .interpolation = frames[frames.count - 1].kind, frames[frames.count - 1].parentheses == 0 {
                        frames.removeLast()
                    } else {
                        frames[frames.count - 1].parentheses -= 1
                    }
                default:
                    at += 1
                }
            }
            return nil
        }

        /// Past a comment, or one `/` (an operator, or a regex's start, whose body is read as code).
        mutating func skipCommentOrSlash() {
            guard at + 1 < bytes.count else {
                at += 1
                return
            }
            if bytes[at + 1] == slash {
                while at < bytes.count, bytes[at] != newline { at += 1 }
            } else if bytes[at + 1] == star {
                at = Self.blockCommentEnd(from: at, in: bytes) ?? bytes.count
            } else {
                at += 1
            }
        }

        /// The offset just past the block comment (comments nest) opening at `start`.
        static func blockCommentEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            var depth = 0
            var at = start
            while at + 1 < bytes.count {
                if bytes[at] == slash, bytes[at + 1] == star {
                    depth += 1
                    at += 2
                } else if bytes[at] == star, bytes[at + 1] == slash {
                    depth -= 1
                    at += 2
                    if depth == 0 { return at }
                } else {
                    at += 1
                }
            }
            return nil
        }

        /// A string opening at `quoteAt` (after `hashes` `#`s): multi-line if `"""`.
        mutating func openString(hashes: Int, at quoteAt: Int) {
            let multiline = quoteAt + 2 < bytes.count && bytes[quoteAt + 1] == quote && bytes[quoteAt + 2] == quote
            frames.append(Frame(kind: .string(hashes: hashes, multiline: multiline)))
            at = quoteAt + (multiline ? 3 : 1)
        }

        /// One step in a string: an escape (an interpolation opens code), its end, or a byte.
        mutating func readString(_ byte: UInt8, hashes: Int, multiline: Bool) {
            switch byte {
            case backslash:
                guard hashesFollow(hashes, from: at + 1) else {
                    at += 1
                    return
                }
                let escaped = at + 1 + hashes
                if escaped < bytes.count, bytes[escaped] == openParenthesis {
                    frames.append(Frame(kind: .interpolation))
                    at = escaped + 1
                } else {
                    at = escaped + 1
                }
            case quote:
                let closing = multiline ? 3 : 1
                if at + closing <= bytes.count, (0..<closing).allSatisfy({ bytes[at + $0] == quote }),
                    hashesFollow(hashes, from: at + closing)
                {
                    frames.removeLast()
                    at += closing + hashes
                } else {
                    at += 1
                }
            case newline where !multiline:
                // An unclosed string ends at its line, as the parser's lexer ends it.
                frames.removeLast()
            default:
                at += 1
            }
        }

        /// `#`s: a raw string's or an extended regex's opening, or a directive (`#if`, `#endif` counted).
        mutating func readHash() {
            var end = at
            while end < bytes.count, bytes[end] == hash { end += 1 }
            let hashes = end - at
            guard end < bytes.count else {
                at = end
                return
            }
            if bytes[end] == quote {
                openString(hashes: hashes, at: end)
            } else if bytes[end] == slash {
                // `#/…/#`: to the `/` followed by as many `#`s.
                at = end + 1
                while at < bytes.count, !(bytes[at] == slash && hashesFollow(hashes, from: at + 1)) { at += 1 }
                at = min(bytes.count, at + 1 + hashes)
            } else {
                var word = end
                while word < bytes.count, isIdentifierByte(bytes[word]) { word += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<word]), as: UTF8.self)
                if hashes == 1, name == "if" { conditions += 1 }
                if hashes == 1, name == "endif" { conditions -= 1 }
                at = max(word, end)
            }
        }

        /// Whether `count` `#`s are at `start`.
        func hashesFollow(_ count: Int, from start: Int) -> Bool {
            guard start + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[start + $0] == hash }
        }
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let slash = UInt8(ascii: "/")
private let star = UInt8(ascii: "*")
private let quote = UInt8(ascii: "\"")
private let hash = UInt8(ascii: "#")
private let backslash = UInt8(ascii: "\\")
private let backquote = UInt8(ascii: "`")
private let atSign = UInt8(ascii: "@")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let openParenthesis = UInt8(ascii: "(")
private let closeParenthesis = UInt8(ascii: ")")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
