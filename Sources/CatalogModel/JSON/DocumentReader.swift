import Foundation

/// Reads a style or spec document strictly, collecting every problem instead of stopping
/// at the first: wrong types, missing fields and unknown fields, each with its JSON path,
/// its place in the file and the offending value.
public struct DocumentReader {
    /// The file name used in diagnostics.
    public let file: String
    /// The problems found so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []

    /// A reader for `file`.
    public init(file: String) {
        self.file = file
    }

    /// Records a problem about `value` at `path`.
    public mutating func report(_ message: String, at value: JSON, path: String) {
        diagnostics.append(Diagnostic(file: file, location: value.location, path: path, message: message))
    }

    /// Throws the collected problems, if any, in document order.
    public func finish() throws {
        guard !diagnostics.isEmpty else { return }
        throw DocumentError(inDocumentOrder: diagnostics)
    }

    /// The members of an object, after checking that `value` is one, that it has every
    /// `required` key and no key outside `allowed` (keys starting with `$` are allowed:
    /// `$schema`, `$comment`).
    public mutating func object(_ value: JSON, path: String, allowed: [String], required: [String] = []) -> [String:
        JSON]?
    {
        guard let members = value.object else {
            report("expected an object, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        var result: [String: JSON] = [:]
        for (key, member) in members {
            if key.hasPrefix("$") { continue }
            guard allowed.contains(key) else {
                let hint = Suggestion.closest(to: key, in: allowed).map { "did you mean \"\($0)\"? " } ?? ""
                report(
                    "unknown field \"\(key)\" (\(hint)expected one of: \(allowed.joined(separator: ", ")))", at: member,
                    path: JSONPath.member(path, key))
                continue
            }
            result[key] = member
        }
        for key in required where result[key] == nil && value[key] == nil {
            report("missing required field \"\(key)\"", at: value, path: path)
        }
        return result
    }

    /// A string, or `nil` (reported) when `value` is another kind.
    public mutating func string(_ value: JSON?, path: String, nonEmpty: Bool = true) -> String? {
        guard let value else { return nil }
        guard let text = value.string else {
            report("expected a string, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        if nonEmpty && text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            report("expected a non-empty string", at: value, path: path)
            return nil
        }
        return text
    }

    /// A number within `range`, or `nil` (reported).
    public mutating func number(_ value: JSON?, path: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let value else { return nil }
        guard let number = value.number else {
            report("expected a number, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        if let range, !range.contains(number) {
            report(
                "expected a number from \(JSON.format(range.lowerBound)) to \(JSON.format(range.upperBound)), got \(value.excerpt)",
                at: value, path: path)
            return nil
        }
        return number
    }

    /// A boolean, or `nil` (reported).
    public mutating func bool(_ value: JSON?, path: String) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.bool else {
            report("expected true or false, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        return flag
    }

    /// An array, or `nil` (reported).
    public mutating func array(_ value: JSON?, path: String) -> [JSON]? {
        guard let value else { return nil }
        guard let elements = value.array else {
            report("expected an array, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
        return elements
    }

    /// One of `choices`, or `nil` (reported with the choices and a suggestion).
    public mutating func choice(_ value: JSON?, path: String, from choices: [String]) -> String? {
        guard let text = string(value, path: path) else { return nil }
        guard choices.contains(text) else {
            let hint = Suggestion.closest(to: text, in: choices).map { "did you mean \"\($0)\"? " } ?? ""
            report(
                "unknown value \"\(text)\" (\(hint)expected one of: \(choices.joined(separator: ", ")))", at: value!,
                path: path)
            return nil
        }
        return text
    }

    /// A semantic version, or `nil` (reported).
    public mutating func semver(_ value: JSON?, path: String) -> Semver? {
        guard let text = string(value, path: path) else { return nil }
        guard let version = Semver(text) else {
            report("\"\(text)\" is not a semantic version (MAJOR.MINOR.PATCH, such as 1.2.0)", at: value!, path: path)
            return nil
        }
        return version
    }

    /// A name that satisfies ``NameRules``, or `nil` (reported).
    public mutating func name(_ value: JSON?, path: String) -> String? {
        guard let text = string(value, path: path) else { return nil }
        if let problem = NameRules.problem(with: text) {
            report(
                "invalid name \(NameRules.quoted(text)): \(problem)", at: value!,
                path: path)
            return nil
        }
        return NameRules.canonical(text)
    }

    /// A platform → minimum version map (`{"iOS": "18.0"}`), or `nil` (reported).
    public mutating func platforms(_ value: JSON?, path: String) -> [String: String]? {
        guard let value else { return nil }
        guard let members = value.object else {
            report(
                "expected an object mapping platforms to minimum versions, got \(value.kindDescription)", at: value,
                path: path)
            return nil
        }
        var result: [String: String] = [:]
        for (platform, minimum) in members {
            let memberPath = JSONPath.member(path, platform)
            guard Self.platforms.contains(platform) else {
                let hint = Suggestion.closest(to: platform, in: Self.platforms).map { "did you mean \"\($0)\"? " } ?? ""
                report(
                    "unknown platform \"\(platform)\" (\(hint)expected one of: \(Self.platforms.joined(separator: ", ")))",
                    at: minimum, path: memberPath)
                continue
            }
            guard let text = string(minimum, path: memberPath) else { continue }
            guard Self.isPlatformVersion(text) else {
                report("expected a version such as \"18.0\", got \"\(text)\"", at: minimum, path: memberPath)
                continue
            }
            result[platform] = text
        }
        return result
    }

    /// The platforms the catalog knows.
    public static let platforms = ["iOS", "iPadOS", "macOS", "macCatalyst", "tvOS", "visionOS", "watchOS"]

    /// Whether `text` is a dotted numeric version (`18`, `18.0`, `15.4.1`).
    public static func isPlatformVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && $0.allSatisfy(\.isASCII) }
    }
}
