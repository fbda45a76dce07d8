import CatalogModel

/// Checks a tool call's arguments against the tool's `inputSchema`, in the subset of JSON
/// Schema the tools use: an object whose properties are strings (with `enum`,
/// `maxLength`), integers (with `minimum`, `maximum`), booleans or arrays (with `maxItems`), some
/// `required`, no others (`additionalProperties: false`).
public enum ArgumentCheck {
    /// What is wrong with `arguments`, or `nil` when they fit `schema`.
    public static func problem(_ arguments: JSON, against schema: JSON) -> String? {
        guard let members = arguments.object else { return "arguments must be an object" }
        let properties = schema["properties"]?.object ?? []
        for required in schema["required"]?.array?.compactMap(\.string) ?? []
        where !members.contains(where: { $0.key == required }) {
            return "missing the required argument \(required)"
        }
        for (key, value) in members {
            guard let property = properties.first(where: { $0.key == key })?.value else {
                if schema["additionalProperties"]?.bool == false {
                    return "no argument \(key) (the arguments are \(properties.map(\.key).joined(separator: ", ")))"
                }
                continue
            }
            if let problem = Self.problem(value, against: property, at: key) { return problem }
        }
        return nil
    }

    private static func problem(_ value: JSON, against property: JSON, at name: String) -> String? {
        switch property["type"]?.string {
        case "string":
            guard let text = value.string else { return "\(name) must be a string" }
            if let choices = property["enum"]?.array?.compactMap(\.string), !choices.contains(text) {
                return "\(name) must be one of \(choices.joined(separator: ", ")), not \(text)"
            }
            // JSON Schema counts a string's length in code points, not in what a reader sees
            // as characters (one emoji with modifiers is one character and many code points).
            if let limit = property["maxLength"]?.number, Double(text.unicodeScalars.count) > limit {
                return "\(name) is \(text.unicodeScalars.count) code points long, over the limit of \(Int(limit))"
            }
        case "integer":
            guard let number = value.number, number == number.rounded() else { return "\(name) must be an integer" }
            if let minimum = property["minimum"]?.number, number < minimum {
                return "\(name) must be at least \(Int(minimum))"
            }
            if let maximum = property["maximum"]?.number, number > maximum {
                return "\(name) must be at most \(Int(maximum))"
            }
        case "boolean":
            guard value.bool != nil else { return "\(name) must be true or false" }
        case "array":
            guard let elements = value.array else { return "\(name) must be an array" }
            if let limit = property["maxItems"]?.number, Double(elements.count) > limit {
                return "\(name) has \(elements.count) items, over the limit of \(Int(limit))"
            }
            for (index, element) in elements.enumerated() {
                if let items = property["items"],
                    let problem = Self.problem(element, against: items, at: "\(name)[\(index)]")
                {
                    return problem
                }
            }
        default: break
        }
        return nil
    }
}
