import CatalogModel
import Foundation

/// The build outputs teams commit (`../shared/corpus/tokens/<system>.build/`), read as
/// the oracle tests compare them: CSS custom properties per block, with `var()` written
/// in, and nested JSON flattened to token paths.
enum BuiltOutput {
    /// A CSS file's custom properties, per block: the block's selectors and at-rules from
    /// the outside in (`["@media (min-width: 1600px)", ":root"]`), comments dropped.
    static func cssBlocks(_ text: String) -> [(context: [String], properties: [String: String])] {
        var source = text
        while let open = source.range(of: "/*"),
            let close = source.range(of: "*/", range: open.upperBound..<source.endIndex)
        {
            source.removeSubrange(open.lowerBound..<close.upperBound)
        }
        var blocks: [(context: [String], properties: [String: String])] = []
        var index: [[String]: Int] = [:]
        var context: [String] = []
        var buffer = ""
        func declare() {
            let text = buffer.trimmingCharacters(in: .whitespacesAndNewlines)
            buffer = ""
            guard text.hasPrefix("--"), let colon = text.firstIndex(of: ":"), !context.isEmpty else { return }
            let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
            let position =
                index[context]
                ?? {
                    blocks.append((context, [:]))
                    index[context] = blocks.count - 1
                    return blocks.count - 1
                }()
            blocks[position].properties[name] = value
        }
        for character in source {
            switch character {
            case "{":
                context.append(buffer.trimmingCharacters(in: .whitespacesAndNewlines))
                buffer = ""
            case "}":
                declare()
                if !context.isEmpty { context.removeLast() }
            case ";": declare()
            default: buffer.append(character)
            }
        }
        return blocks
    }

    /// `value` with each `var(--name)` replaced by the first scope's value for it, at any
    /// depth (`outputReferences: true` builds write references so); a name within its own
    /// expansion (Equinor's `--eds-border-focus: var(--eds-border-focus)`) is left as written.
    static func resolvingVariables(
        _ value: String, in scopes: [[String: String]], expanding: Set<String> = []
    ) -> String {
        var result = ""
        var rest = value[...]
        while let start = rest.range(of: "var(--"), let close = rest[start.upperBound...].firstIndex(of: ")") {
            let name = "--" + rest[start.upperBound..<close]
            result += rest[..<start.lowerBound]
            if !expanding.contains(name), let replacement = scopes.lazy.compactMap({ $0[name] }).first {
                result += resolvingVariables(replacement, in: scopes, expanding: expanding.union([name]))
            } else {
                result += rest[start.lowerBound...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The files a Jest snapshot of a build holds (`"dist/css/x.css": "<content>"` members of
    /// `Object { … }` in `exports[…] = \`…\`;`), by path. Jest escapes a string's `"` and
    /// `\\` with a backslash, then the template's `` ` ``, `\\` and `${` again.
    static func jestSnapshot(_ text: String) -> [String: String] {
        var files: [String: String] = [:]
        var current: (path: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var open = current {
                if line == "\"," || line == "\"" {
                    files[open.path] = unescapedJest(open.lines.joined(separator: "\n"))
                    current = nil
                } else {
                    open.lines.append(line)
                    current = open
                }
            } else if line.hasPrefix("  \""), line.hasSuffix("\": \""), line.count > 7 {
                current = (String(line.dropFirst(3).dropLast(4)), [])
            }
        }
        return files
    }

    /// Jest's two escapes undone, the template's first.
    private static func unescapedJest(_ text: String) -> String {
        func unescaped(_ text: String) -> String {
            var result = ""
            var escaping = false
            for character in text {
                if escaping || character != "\\" {
                    result.append(character)
                    escaping = false
                } else {
                    escaping = true
                }
            }
            return result
        }
        return unescaped(unescaped(text))
    }

    /// Every leaf of a nested JSON object, by its dotted path.
    static func leaves(of json: JSON, prefix: [String] = []) -> [(path: String, value: JSON)] {
        guard let members = json.object else { return [(prefix.joined(separator: "."), json)] }
        return members.flatMap { leaves(of: $0.value, prefix: prefix + [$0.key]) }
    }

    /// Style Dictionary's `name/kebab` (change-case's `kebabCase`): words split at
    /// characters that are neither letters nor digits and at lower-to-upper case changes,
    /// lower-cased, joined by `-` (`color.text-&-icon` → `color-text-icon`, `1,5x` → `1-5x`).
    static func kebab(_ segments: [String]) -> String {
        segments.flatMap(words).map { $0.lowercased() }.joined(separator: "-")
    }

    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let scalars = Array(text)
        for (offset, character) in scalars.enumerated() {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let last = previous {
                let next = offset + 1 < scalars.count ? scalars[offset + 1] : nil
                let lowerToUpper = (last.isLowercase || last.isNumber) && character.isUppercase
                let acronymEnd = last.isUppercase && character.isUppercase && next?.isLowercase == true
                if lowerToUpper || acronymEnd {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
