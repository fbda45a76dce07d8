/// A reading of Swift source as the parser's lexer reads it, without the parser: what holds
/// no code (comments, nested block comments, strings — multi-line, raw, with interpolations
/// holding code and strings of their own —, `#/…/#` regexes, backquoted names) is skipped,
/// and what is open (brackets, `#if`) is counted. A line ends at LF, CR or CRLF, as the
/// parser's lines do.
///
/// Its readers share it so that they agree on what is code: the scanner's cutting of a file
/// into pieces (`SourcePieces`), its bound on nested interpolations
/// (``deepInterpolations(in:)``), and lint's suppression comments, which count only where
/// they are comments (a string holding `// catalog-lint: …` suppresses nothing). It never
/// recurses, so no nesting can exhaust a thread's stack.
package struct SwiftLexer {
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
        /// A string's first byte after its opening quotes.
        var contentStart = 0
        /// Whether a string holds interpolations nested past ``SwiftLexer/interpolationLimit``.
        var tooDeep = false
    }

    /// Interpolations open now (strings inside strings' code).
    var interpolations = 0
    /// The frame of the string open at the limit's depth, if one is.
    var stringAtLimit: Int?
    /// The deepest string interpolation nesting read as written (`"\("\(…)")"`): real code
    /// nests two or three; the parser's work grows with each level past that (20,000
    /// levels, 120 KB, took 106 s; 100,000 killed it).
    package static let interpolationLimit = 16
    /// The contents of strings holding interpolations nested deeper than the limit, when
    /// asked for: the strings at the limit's depth, from after their opening quotes to their
    /// closing ones (or where an unclosed one ends).
    var deepStrings: [Range<Int>]?

    /// The line comments passed, as byte ranges from `//` to the end of their line, when
    /// asked for (`nil` otherwise: the scanner's cutting needs none).
    var lineComments: [Range<Int>]?

    /// A reading of `bytes` from their start.
    package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The contents of the strings in `bytes` that hold interpolations nested more than
    /// ``interpolationLimit`` deep: each string opened at that depth, so that its content
    /// blanked leaves the code around it whole.
    package static func deepInterpolations(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.deepStrings = []
        while lexer.nextTopLevelClosingBrace() != nil {}
        // A string left open at the end: to the end.
        for frame in lexer.frames where frame.tooDeep { lexer.deepStrings?.append(frame.contentStart..<bytes.count) }
        return lexer.deepStrings ?? []
    }

    /// The line comments of `bytes` (from `//` to the line's end, `///` ones included), in
    /// order: not a `//` inside a string, a block comment or a regex.
    package static func lineComments(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.lineComments = []
        while lexer.nextTopLevelClosingBrace() != nil {}
        return lexer.lineComments ?? []
    }

    /// The offset of the next `}` that closes everything open at the top level.
    package mutating func nextTopLevelClosingBrace() -> Int? {
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
                while at < bytes.count, bytes[at] != backquote, !isLineEnd(bytes[at]) { at += 1 }
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
                    interpolations -= 1
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
            let start = at
            while at < bytes.count, !isLineEnd(bytes[at]) { at += 1 }
            lineComments?.append(start..<at)
        } else if bytes[at + 1] == star {
            at = Self.blockCommentEnd(from: at, in: bytes) ?? bytes.count
        } else {
            at += 1
        }
    }

    /// The offset just past the block comment (comments nest) opening at `start`.
    package static func blockCommentEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
        at = quoteAt + (multiline ? 3 : 1)
        if deepStrings != nil, interpolations == SwiftLexer.interpolationLimit { stringAtLimit = frames.count }
        frames.append(Frame(kind: .string(hashes: hashes, multiline: multiline), contentStart: at))
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
                interpolations += 1
                if let index = stringAtLimit, interpolations > SwiftLexer.interpolationLimit {
                    frames[index].tooDeep = true
                }
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
                closeString(at: at)
                at += closing + hashes
            } else {
                at += 1
            }
        case newline where !multiline, carriageReturn where !multiline:
            // An unclosed string ends at its line, as the parser's lexer ends it.
            closeString(at: at)
        default:
            at += 1
        }
    }

    /// The string frame on top closed at `end`: its content noted if it is too deep.
    mutating func closeString(at end: Int) {
        if stringAtLimit == frames.count - 1 { stringAtLimit = nil }
        let frame = frames.removeLast()
        if frame.tooDeep { deepStrings?.append(frame.contentStart..<end) }
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
            while word < bytes.count, SwiftLexer.isIdentifierByte(bytes[word]) { word += 1 }
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

    /// The lines of `text` as the parser numbers them (line N is element N - 1): split at
    /// LF, CRLF and CR alone, without their line ends. A file's lines are the same whichever
    /// convention it was saved with.
    package static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var utf8 = text.utf8[...]
        while let end = utf8.firstIndex(where: { $0 == newline || $0 == carriageReturn }) {
            lines.append(String(decoding: utf8[..<end], as: UTF8.self))
            let endedByReturn = utf8[end] == carriageReturn
            utf8 = utf8[utf8.index(after: end)...]
            if endedByReturn, utf8.first == newline { utf8 = utf8.dropFirst() }
        }
        lines.append(String(decoding: utf8, as: UTF8.self))
        return lines
    }

    /// Whether `byte` ends a line: LF, or CR (alone or before LF).
    private func isLineEnd(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }

    /// Whether `byte` may begin an identifier (ASCII letters and `_`; bytes of other scripts
    /// count as identifier bytes).
    package static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Whether `byte` may continue an identifier.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }
}

private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let slash = UInt8(ascii: "/")
private let star = UInt8(ascii: "*")
private let quote = UInt8(ascii: "\"")
private let hash = UInt8(ascii: "#")
private let backslash = UInt8(ascii: "\\")
private let backquote = UInt8(ascii: "`")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let openParenthesis = UInt8(ascii: "(")
private let closeParenthesis = UInt8(ascii: ")")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
