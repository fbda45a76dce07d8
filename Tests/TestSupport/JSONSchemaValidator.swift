import CatalogModel
import Foundation

/// A small JSON Schema (2020-12) validator covering the keywords the catalog's schemas
/// use: type, properties, required, additionalProperties, patternProperties,
/// propertyNames, items, enum, const, minimum, maximum, minLength, maxLength, pattern,
/// minItems, anyOf, not and local `$ref`s. Unknown keywords are an error, so that a schema
/// cannot silently rely on one this validator ignores.
public struct JSONSchemaValidator {
    /// The schema.
    public let root: JSON

    /// A validator for the schema `root`.
    public init(root: JSON) { self.root = root }

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs", "$comment"]

    /// Every violation, as `path: message`.
    public func validate(_ value: JSON) -> [String] {
        var errors: [String] = []
        check(value, against: root, path: "$", errors: &errors)
        return errors
    }

    private func resolve(_ reference: String) -> JSON? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSON? = root
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private func typeMatches(_ value: JSON, _ type: String) -> Bool {
        switch (type, value.kind) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number):
            return true
        case ("integer", .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    private func check(_ value: JSON, against schema: JSON, path: String, errors: inout [String]) {
        guard let keywords = schema.object else {
            if schema.bool == false { errors.append("\(path): not allowed") }
            return
        }
        for (keyword, argument) in keywords {
            switch keyword {
            case _ where Self.annotations.contains(keyword): continue
            case "$ref":
                guard let target = argument.string.flatMap(resolve) else {
                    errors.append("\(path): unresolvable $ref \(argument.excerpt)")
                    continue
                }
                check(value, against: target, path: path, errors: &errors)
            case "type":
                let types = argument.array?.compactMap(\.string) ?? [argument.string ?? ""]
                if !types.contains(where: { typeMatches(value, $0) }) {
                    errors.append("\(path): expected \(types.joined(separator: " or ")), got \(value.kindDescription)")
                }
            case "enum":
                if !(argument.array ?? []).contains(value) {
                    errors.append("\(path): \(value.excerpt) is not one of \(argument.excerpt)")
                }
            case "const":
                if value != argument { errors.append("\(path): expected \(argument.excerpt)") }
            case "required":
                guard value.object != nil else { continue }
                for key in argument.array?.compactMap(\.string) ?? [] where value[key] == nil {
                    errors.append("\(path): missing \(key)")
                }
            case "properties", "patternProperties", "additionalProperties":
                continue  // checked together below
            case "propertyNames":
                for (key, _) in value.object ?? [] {
                    check(.string(key), against: argument, path: "\(path) key \(key)", errors: &errors)
                }
            case "items":
                for (index, element) in (value.array ?? []).enumerated() {
                    check(element, against: argument, path: "\(path)[\(index)]", errors: &errors)
                }
            case "minItems":
                if let elements = value.array, elements.count < Int(argument.number ?? 0) {
                    errors.append("\(path): too few items")
                }
            case "minimum":
                if let number = value.number, number < (argument.number ?? 0) {
                    errors.append("\(path): \(number) is below \(argument.excerpt)")
                }
            case "maximum":
                if let number = value.number, number > (argument.number ?? 0) {
                    errors.append("\(path): \(number) is above \(argument.excerpt)")
                }
            case "minLength":
                if let text = value.string, text.count < Int(argument.number ?? 0) {
                    errors.append("\(path): too short")
                }
            case "maxLength":
                if let text = value.string, text.count > Int(argument.number ?? 0) {
                    errors.append("\(path): too long")
                }
            case "pattern":
                if let text = value.string, let pattern = argument.string,
                    text.range(of: pattern, options: .regularExpression) == nil
                {
                    errors.append("\(path): \"\(text)\" does not match \(pattern)")
                }
            case "anyOf":
                let branches = argument.array ?? []
                let passes = branches.contains { branch in
                    var scratch: [String] = []
                    check(value, against: branch, path: path, errors: &scratch)
                    return scratch.isEmpty
                }
                if !passes { errors.append("\(path): matches none of the \(branches.count) alternatives") }
            case "not":
                var scratch: [String] = []
                check(value, against: argument, path: path, errors: &scratch)
                if scratch.isEmpty { errors.append("\(path): must not match \(argument.excerpt)") }
            default:
                errors.append("\(path): the validator does not know the keyword \(keyword)")
            }
        }
        if keywords.contains(where: { ["properties", "patternProperties", "additionalProperties"].contains($0.key) }) {
            checkMembers(value, keywords: keywords, path: path, errors: &errors)
        }
    }

    /// properties, patternProperties and additionalProperties together.
    private func checkMembers(
        _ value: JSON, keywords: [(key: String, value: JSON)], path: String, errors: inout [String]
    ) {
        guard let members = value.object else { return }
        let properties = keywords.first { $0.key == "properties" }?.value.object ?? []
        let patterns = keywords.first { $0.key == "patternProperties" }?.value.object ?? []
        let additional = keywords.first { $0.key == "additionalProperties" }?.value
        for (key, member) in members {
            let memberPath = JSONPath.member(path, key)
            var matched = false
            if let schema = properties.first(where: { $0.key == key })?.value {
                check(member, against: schema, path: memberPath, errors: &errors)
                matched = true
            }
            for (pattern, schema) in patterns where key.range(of: pattern, options: .regularExpression) != nil {
                check(member, against: schema, path: memberPath, errors: &errors)
                matched = true
            }
            if !matched, let additional {
                if additional.bool == false {
                    errors.append("\(memberPath): unexpected property")
                } else {
                    check(member, against: additional, path: memberPath, errors: &errors)
                }
            }
        }
    }
}
