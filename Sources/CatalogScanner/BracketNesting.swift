/// Keeps SwiftParser out of its one exponential corner: square brackets nested many
/// levels deep (`[[[[…]]]]`), where each level is tried first as a type and then as an
/// expression, so the work doubles with each level (16 levels 0.2 s, 22 levels 10 s;
/// measured with the toolchain's parser alone, not our walk). Unclosed brackets do it too.
/// Parentheses nested thousands deep cost it quadratic lookahead instead (`[(` 5,000
/// times, 20 KB: 150 s), so they are kept to ``parenthesisLimit`` levels the same way.
///
/// Before parsing, a lexical pass (strings, interpolations, raw strings and comments
/// understood) finds the `[` opened inside ``limit`` others, and the `]` that close them,
/// and turns those brackets into spaces: every line and column stays where it was, what
/// was inside stays too, and the parser never sees more than ``limit`` levels. Real code
/// never nests brackets that deep; the scan says where it flattened.
enum BracketNesting {
    /// The deepest `[` nesting kept as written.
    static let limit = 12
    /// The deepest `(` nesting kept as written: far beyond real code's.
    static let parenthesisLimit = 32

    /// `source` with its too-deep brackets made spaces, and the 1-based lines where that
    /// happened; `nil` when nothing is nested too deep (the usual case).
    static func flattened(_ source: String) -> (source: String, lines: [Int])? {
        var bytes = Array(source.utf8)
        // A quick count first: without more than `limit` `[` open at once, there is
        // nothing to do, whatever strings and comments hold.
        var depth = (square: 0, round: 0)
        var deepest = (square: 0, round: 0)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "["):
                depth.square += 1
                deepest.square = max(deepest.square, depth.square)
            case UInt8(ascii: "]"): depth.square = max(depth.square - 1, 0)
            case UInt8(ascii: "("):
                depth.round += 1
                deepest.round = max(deepest.round, depth.round)
            case UInt8(ascii: ")"): depth.round = max(depth.round - 1, 0)
            default: continue
            }
        }
        guard deepest.square > limit || deepest.round > parenthesisLimit else { return nil }
        var lexer = Lexer(bytes: bytes)
        let deep = lexer.deepBrackets(limit: limit, parenthesisLimit: parenthesisLimit)
        guard !deep.isEmpty else { return nil }
        var lines: [Int] = []
        var line = 1
        var next = 0
        for (position, byte) in bytes.enumerated() {
            if next < deep.count, deep[next] == position {
                if lines.last != line { lines.append(line) }
                bytes[position] = UInt8(ascii: " ")
                next += 1
            }
            if byte == 0x0A { line += 1 }
        }
        return (String(decoding: bytes, as: UTF8.self), lines)
    }

    /// A byte-level lexer that knows where code is: it skips comments and string
    /// literals (entering interpolations, which are code) and tracks `[` depth in code.
    struct Lexer {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// The positions, in order, of the `[` opened while `limit` others are open in code,
        /// and of the `]` that close them.
        mutating func deepBrackets(limit: Int, parenthesisLimit: Int) -> [Int] {
            var positions: [Int] = []
            // Per open bracket and parenthesis: whether it is too deep.
            var open: (square: [Bool], round: [Bool]) = ([], [])
            code(inInterpolation: false) { byte, at in
                switch byte {
                case UInt8(ascii: "["):
                    open.square.append(open.square.count >= limit)
                    if open.square.last! { positions.append(at) }
                case UInt8(ascii: "("):
                    open.round.append(open.round.count >= parenthesisLimit)
                    if open.round.last! { positions.append(at) }
                case UInt8(ascii: "]"):
                    if let deep = open.square.popLast(), deep { positions.append(at) }
                default:
                    if let deep = open.round.popLast(), deep { positions.append(at) }
                }
            }
            return positions
        }

        /// Walks code, calling `visit` for each bracket outside strings and comments, until
        /// the `)` that closes the interpolation it is in (`inInterpolation`) or the end.
        mutating func code(inInterpolation: Bool, _ visit: (UInt8, Int) -> Void) {
            var parentheses = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while let next = peek(), next != 0x0A { index += 1 }
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    if !string(visit) { index += 1 }
                case UInt8(ascii: "("):
                    visit(byte, index)
                    parentheses += 1
                    index += 1
                case UInt8(ascii: ")"):
                    if parentheses == 0, inInterpolation {
                        index += 1
                        return
                    }
                    visit(byte, index)
                    index += 1
                    parentheses -= 1
                case UInt8(ascii: "["), UInt8(ascii: "]"):
                    visit(byte, index)
                    index += 1
                default:
                    index += 1
                }
            }
        }

        /// Skips a `/* … */` comment; they nest in Swift.
        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// Skips a string literal starting here (`"…"`, `"""…"""`, `#"…"#`), walking its
        /// interpolations as code; returns false when no string starts here.
        mutating func string(_ visit: (UInt8, Int) -> Void) -> Bool {
            var hashes = 0
            while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard peek(hashes) == UInt8(ascii: "\"") else { return false }
            let multiline = peek(hashes + 1) == UInt8(ascii: "\"") && peek(hashes + 2) == UInt8(ascii: "\"")
            index += hashes + (multiline ? 3 : 1)
            let quotes = multiline ? 3 : 1
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                    index += 1 + hashes
                    if peek() == UInt8(ascii: "(") {
                        index += 1
                        code(inInterpolation: true, visit)
                    } else {
                        index += 1
                    }
                    continue
                }
                if byte == 0x0A && !multiline { return true }  // unterminated: the parser will say so
                if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
                    (0..<hashes).allSatisfy({ peek(quotes + $0) == UInt8(ascii: "#") })
                {
                    index += quotes + hashes
                    return true
                }
                index += 1
            }
            return true
        }
    }
}
