import Foundation

/// One problem in an input document, placed by file, line and column and, where the
/// problem is in a value rather than in the syntax, by JSON path.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file name as the user gave it (`capsule.json`, `-` for stdin).
    public var file: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// The JSON path of the offending value (`$.states.pressed.scale`), when there is one.
    public var path: String?
    /// What is wrong.
    public var message: String

    /// A diagnostic.
    public init(file: String, location: SourceLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// `file:line:column` (or just the file) for the start of the line.
    public var place: String {
        guard let location, location.line > 0 else { return file }
        return "\(file):\(location.line):\(location.column)"
    }

    /// The message with its JSON path: `at $.shape: expected …`.
    public var detail: String {
        path.map { "\($0): \(message)" } ?? message
    }

    public var description: String { "\(place): \(detail)" }
}

/// A document that cannot be accepted: every problem found, in document order. The CLI
/// prints each as `file:line:column: error: …` and exits 65.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, at least one.
    public var diagnostics: [Diagnostic]
    /// Whether the problem is that a file named as input does not exist or cannot be
    /// opened (exit 66, sysexits' EX_NOINPUT) rather than what a file holds (exit 65).
    public var isMissingInput = false

    /// An error holding `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// An error holding `diagnostics` sorted by line and column (stable for ties).
    public init(inDocumentOrder diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.enumerated().sorted { a, b in
            let left = (a.element.location?.line ?? 0, a.element.location?.column ?? 0, a.offset)
            let right = (b.element.location?.line ?? 0, b.element.location?.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }

    /// An error with one problem.
    public init(file: String, location: SourceLocation? = nil, path: String? = nil, message: String) {
        self.diagnostics = [Diagnostic(file: file, location: location, path: path, message: message)]
    }

    /// An input file that does not exist or cannot be opened: `message` says which.
    public static func missingInput(file: String, message: String) -> DocumentError {
        var error = DocumentError(file: file, message: message)
        error.isMissingInput = true
        return error
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// JSON paths as diagnostics print them: `$`, `$.states.pressed`, `$.sizes[0]`, `$["odd key"]`.
public enum JSONPath {
    /// The root path.
    public static let root = "$"

    /// `path` extended by an object member.
    public static func member(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0 == "_" || $0 == "$" || $0 == "-" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                        || ("0"..."9").contains($0))
            }
        if plain { return "\(path).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(path)[\"\(escaped)\"]"
    }

    /// The JSON path a token's dotted `path` spells, each name a member of the one before
    /// (`colors.primary` → `$.colors.primary`).
    public static func spelling(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).reduce(root) { member($0, String($1)) }
    }

    /// Whether `jsonPath` is the one `path` spells (``spelling(_:)``): told without building
    /// it when every name is plain (what most token paths are).
    public static func isSpelling(_ jsonPath: String, of path: String) -> Bool {
        let plain =
            !path.isEmpty && !path.hasPrefix(".") && !path.hasSuffix(".") && !path.contains("..")
            && path.utf8.allSatisfy { byte in
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                    || byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                    || (0x61...0x7A).contains(byte)
            }
        guard plain else { return jsonPath == spelling(path) }
        // Plain names, none empty: `$.` and the path itself.
        let bytes = jsonPath.utf8
        return bytes.count == path.utf8.count + 2 && bytes.starts(with: "$.".utf8)
            && bytes.dropFirst(2).elementsEqual(path.utf8)
    }

    /// `path` extended by an array index.
    public static func index(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}
