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

    /// `path` extended by an array index.
    public static func index(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}
