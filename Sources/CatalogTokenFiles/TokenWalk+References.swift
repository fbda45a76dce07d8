import CatalogModel

/// JSON Pointer references (`$ref`, DTCG 2025.10): a pointer to a whole token becomes the
/// curly alias `{a.b}`, the form the rest of the catalog follows; a pointer into a part of a
/// value (`#/color/$value/components/0`) stays as written and resolves per mode. A pointer
/// that reaches nothing, a group, or a token's metadata is reported where it is written.
extension TokenWalk {

    /// `value` with every `{"$ref": …}` that names a whole token turned into the alias
    /// `"{a.b}"`; references into a value's parts stay as written, for resolution.
    mutating func references(in value: JSON, path: String, file: String) -> JSON {
        switch value.kind {
        case .object(let members):
            if TokenValue.pointer(in: value) != nil || (members.count == 1 && members[0].key == "$ref") {
                return reference(members[0].value, path: JSONPath.member(path, "$ref"), file: file, wholeToken: false)
            }
            guard TokenValue.containsPointer(value) else { return value }
            return JSON(
                .object(
                    members.map {
                        (key: $0.key, value: references(in: $0.value, path: JSONPath.member(path, $0.key), file: file))
                    }),
                at: value.location)
        case .array(let elements):
            guard TokenValue.containsPointer(value) else { return value }
            return JSON(
                .array(elements.enumerated().map { references(in: $1, path: JSONPath.index(path, $0), file: file) }),
                at: value.location)
        case .string(let text) where !vendorSpellings.isEmpty:
            // A reference written with the vendor's variable names, matched as its build matches it.
            guard let alias = TokenValue.alias(in: text), "{\(alias)}" == text, !vendorPaths.contains(alias),
                let path = vendorSpellings[VendorModes.spelling(alias)]
            else { return value }
            return JSON(.string("{\(path)}"), at: value.location)
        default:
            return value
        }
    }

    /// A `$ref` JSON Pointer: a whole token becomes `"{a.b}"`, a part stays `{"$ref": …}`;
    /// anything else is reported.
    mutating func reference(_ value: JSON, path: String, file: String, wholeToken: Bool) -> JSON {
        let failed: JSON = wholeToken ? .null : JSON(.object([("$ref", value)]), at: value.location)
        guard let text = value.string, let segments = JSONPointer.segments(text) else {
            report(
                "$ref must be a JSON Pointer into this document such as \"#/colors/blue\", got \(value.excerpt)",
                at: value, path: path, file: file)
            reportedValues.insert(currentToken)
            return failed
        }
        switch TokenTree.locate(segments, in: root) {
        case .token(_, let tokenPath)?:
            if currentDialect.rules.strict {
                // DTCG 2025.10: a pointer names a value (`#/a/b/$value`), not the token object.
                report(
                    "$ref \(text) names the token \(tokenPath.joined(separator: ".")), not a value; write \(text)/$value",
                    at: value, path: path, file: file)
                reportedValues.insert(currentToken)
                return failed
            }
            return JSON(.string("{\(tokenPath.joined(separator: "."))}"), at: value.location)
        case .inToken(let entry, let tokenPath, let rest)?:
            if rest == ["$value"] { return JSON(.string("{\(tokenPath.joined(separator: "."))}"), at: value.location) }
            if rest.first == "$value" {
                guard JSONPointer.descend(entry.object, rest[...]) != nil || entry.object["$value"]?.string != nil
                else {
                    report(
                        "$ref \(text) points to nothing: the token has no such part", at: value, path: path, file: file)
                    reportedValues.insert(currentToken)
                    return failed
                }
                return JSON(.object([("$ref", .string(text))]), at: value.location)
            }
            if let literal = JSONPointer.descend(entry.object, rest[...]) { return literal }  // $type, $description …
            report("$ref \(text) points to nothing", at: value, path: path, file: file)
            reportedValues.insert(currentToken)
            return failed
        case .groupProperty(let literal)?:
            return literal
        case .group(_, let groupPath)?:
            report(
                "$ref \(text) names \(groupPath.isEmpty ? "the file's root group" : "the group " + groupPath.joined(separator: ".")); \(wholeToken ? "a token alias must name a token" : "a value can only refer to a token or a part of one")",
                at: value, path: path, file: file)
            reportedValues.insert(currentToken)
            return failed
        case nil:
            let known = TokenTree.locate(Array(segments.dropLast()), in: root)
            var hint = ""
            if case .group(let parent, _)? = known, let last = segments.last,
                let near = Suggestion.closest(to: last, in: parent.names)
            {
                hint = "; did you mean \"\(near)\"?"
            }
            report("$ref \(text) points to nothing\(hint)", at: value, path: path, file: file)
            reportedValues.insert(currentToken)
            return failed
        }
    }
}
