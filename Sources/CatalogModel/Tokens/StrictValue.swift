/// DTCG 2025.10's value rules, by the Format and Color modules' text: each type in its
/// one written form. A value that passes is stored as the catalog stores every value
/// (``TokenValue/normalize(_:as:rules:)`` with the catalog's rules), so a strict file
/// and a lenient one saying the same thing store the same rows.
package enum StrictValue {
    /// DTCG's font weight keywords, case-sensitive (Format module, 8.4).
    package static let fontWeightKeywords: Set<String> = [
        "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold",
        "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black",
    ]

    /// The parts of each composite type (the catalog's, with typography cut to the
    /// standard's five); every one is required except a shadow's `inset`.
    package static let parts: [String: [String: String]] = {
        var parts = TokenValue.compositeFields
        let typography: Set = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]
        parts["typography"] = parts["typography"]?.filter { typography.contains($0.key) }
        parts["gradient stop"] = ["color": "color", "position": "number"]
        return parts
    }()

    package static func normalize(_ value: JSON, as type: String) -> Result<JSON, ValueError> {
        if let problem = problem(value, type: type) { return .failure(problem) }
        return TokenValue.normalize(value, as: type, rules: .catalog)
    }

    /// Why `value` is not a DTCG 2025.10 `type` value, if it is not.
    package static func problem(_ value: JSON, type: String) -> ValueError? {
        if TokenValue.alias(in: value) != nil || TokenValue.pointer(in: value) != nil { return nil }
        switch type {
        case "color":
            guard value.object != nil else {
                return ValueError(
                    "expected a color object {colorSpace, components} (DTCG 2025.10 has no color strings)", value)
            }
            if case .failure(let error) = DeclaredColor.read(value) { return error }
            return nil
        case "dimension": return measure(value, units: ["px", "rem"], what: "dimension")
        case "duration": return measure(value, units: ["ms", "s"], what: "duration")
        case "number":
            return value.number == nil
                ? ValueError("expected a number (DTCG 2025.10 has no numeric strings)", value) : nil
        case "boolean":
            return value.bool == nil ? ValueError("expected true or false", value) : nil
        case "fontWeight":
            if let number = value.number { return (1...1000).contains(number) ? nil : weightError(value) }
            if let name = value.string, fontWeightKeywords.contains(name) { return nil }
            return weightError(value)
        case "cubicBezier":
            return value.array == nil ? ValueError("expected four numbers [x1, y1, x2, y2]", value) : nil
        case "fontFamily":
            if value.string != nil { return nil }
            if let names = value.array, !names.isEmpty, names.allSatisfy({ $0.string != nil }) { return nil }
            return ValueError("expected a font family name or a non-empty list of names", value)
        case "strokeStyle":
            if value.string != nil || value.array != nil { return nil }  // keywords: checked by the catalog's rules
            guard let dashes = value["dashArray"]?.array else { return nil }
            for (index, dash) in dashes.enumerated() {
                if let problem = problem(dash, type: "dimension") {
                    return ValueError("dashArray[\(index)]: \(problem.message)", problem.value)
                }
            }
            return nil
        case "shadow":
            if let layers = value.array {
                guard !layers.isEmpty else {
                    return ValueError("expected a shadow or a non-empty list of shadows", value)
                }
                for (index, layer) in layers.enumerated() {
                    if let problem = problem(layer, type: "shadow") {
                        return ValueError("[\(index)] \(problem.message)", problem.value)
                    }
                }
                return nil
            }
            return composite(value, type: "shadow")
        case "gradient":
            guard let stops = value.array, !stops.isEmpty else {
                return ValueError("expected a non-empty list of gradient stops {color, position}", value)
            }
            for (index, stop) in stops.enumerated() {
                if let problem = problem(stop, type: "gradient stop") {
                    return ValueError("[\(index)] \(problem.message)", problem.value)
                }
            }
            return nil
        case "typography", "border", "transition", "gradient stop":
            return composite(value, type: type)
        default:
            return nil
        }
    }

    private static func weightError(_ value: JSON) -> ValueError {
        ValueError("expected a font weight (1–1000 or a DTCG keyword such as bold, in lower case)", value)
    }

    private static func measure(_ value: JSON, units: [String], what: String) -> ValueError? {
        let expected = "expected a \(what) object {value, unit} with unit \(units.joined(separator: " or "))"
        guard let members = value.object else { return ValueError(expected, value) }
        guard value["value"]?.number != nil, let unit = value["unit"]?.string, members.count == 2 else {
            return ValueError(expected, value)
        }
        return units.contains(unit) ? nil : ValueError(expected, value["unit"] ?? value)
    }

    private static func composite(_ value: JSON, type: String) -> ValueError? {
        guard let members = value.object, let fields = parts[type] else {
            return ValueError("expected a \(type) object", value)
        }
        let missing = fields.keys.sorted().filter { name in name != "inset" && value[name] == nil }
        if !missing.isEmpty {
            let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            return ValueError("a \(type) value needs \(names) (DTCG 2025.10 requires every part)", value)
        }
        for (key, member) in members {
            guard let fieldType = fields[key] else {
                return ValueError(
                    "unknown \(type) part \"\(key)\" (expected \(fields.keys.sorted().joined(separator: ", ")))", member
                )
            }
            if let problem = problem(member, type: fieldType) {
                return ValueError("\(key): \(problem.message)", problem.value)
            }
        }
        return nil
    }

    /// Aliases in a strict token's value whose target has another type than the place
    /// needs: DTCG 2025.10 allows no conversion (a number is not a dimension, a text is not
    /// a font weight), where the catalog's resolution is lenient for the other formats.
    package static func aliasMismatches(
        _ value: JSON, type: String, from origin: String, types: [String: String]
    ) -> [ResolutionProblem] {
        if let target = TokenValue.alias(in: value) {
            guard let actual = types[target], actual != type else { return [] }
            return [.wrongType(from: origin, expected: type, target: target, actual: actual)]
        }
        switch value.kind {
        case .object(let members) where type == "strokeStyle":
            let dashes = members.first { $0.key == "dashArray" }?.value.array ?? []
            return dashes.flatMap { aliasMismatches($0, type: "dimension", from: origin, types: types) }
        case .object(let members):
            let fields = parts[type == "gradient" ? "gradient stop" : type] ?? [:]
            return members.flatMap { member -> [ResolutionProblem] in
                guard let fieldType = fields[member.key] else { return [] }
                return aliasMismatches(member.value, type: fieldType, from: origin, types: types)
            }
        case .array(let elements) where type == "shadow" || type == "gradient":
            return elements.flatMap { aliasMismatches($0, type: type, from: origin, types: types) }
        default:
            return []
        }
    }
}
