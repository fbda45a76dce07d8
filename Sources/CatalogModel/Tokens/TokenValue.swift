/// Token types and the normalization of token values: every accepted input form of a
/// type becomes one stored form, so that two files saying the same thing store the same
/// value and compare equal.
///
/// | type | accepted | stored |
/// |---|---|---|
/// | color | `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, DTCG object | DTCG sRGB object |
/// | dimension | `12px`, `12pt`, `1.5rem`, plain number (points), `{value, unit}` | `{value, unit}` (pt as px) |
/// | duration | `150ms`, `0.25s`, plain number (ms), `{value, unit}` | `{value, unit}` |
/// | fontWeight | 1–1000 or a name (`bold`, `semi-bold`, …) | number |
/// | fontFamily | string or array of strings | as given |
/// | number | number or numeric string | number |
/// | boolean | boolean or `"true"`/`"false"` | boolean |
/// | cubicBezier | four numbers, x in 0…1 | array |
/// | typography, border, shadow, transition, gradient, strokeStyle | objects whose fields follow their own types | normalized fields |
/// | string | string | string |
///
/// An alias (`"{group.token}"`) is kept as written, at the top level and in composite fields.
public enum TokenValue {
    /// The types the catalog validates.
    public static let knownTypes: Set<String> = [
        "color", "dimension", "duration", "fontWeight", "fontFamily", "number", "boolean", "string", "cubicBezier",
        "typography", "border", "shadow", "transition", "gradient", "strokeStyle",
    ]

    /// Types of the older Style-Dictionary / Tokens-Studio shape, mapped to DTCG types.
    public static let legacyTypes: [String: String] = [
        "sizing": "dimension", "spacing": "dimension", "borderRadius": "dimension", "borderWidth": "dimension",
        "fontSizes": "dimension", "fontSize": "dimension", "letterSpacing": "dimension",
        "paragraphSpacing": "dimension",
        "size": "dimension", "fontFamilies": "fontFamily", "fontWeights": "fontWeight", "opacity": "number",
        "lineHeights": "number", "lineHeight": "number", "boxShadow": "shadow", "text": "string", "other": "string",
        "textCase": "string", "textDecoration": "string", "asset": "string", "time": "duration",
    ]

    /// The fields of each composite type and their types.
    public static let compositeFields: [String: [String: String]] = [
        "typography": [
            "fontFamily": "fontFamily", "fontSize": "dimension", "fontWeight": "fontWeight", "lineHeight": "number",
            "letterSpacing": "dimension", "textStyle": "string", "lineSpacing": "dimension", "textCase": "string",
        ],
        "border": ["color": "color", "width": "dimension", "style": "strokeStyle"],
        "shadow": [
            "color": "color", "offsetX": "dimension", "offsetY": "dimension", "blur": "dimension",
            "spread": "dimension", "inset": "boolean",
        ],
        "transition": ["duration": "duration", "delay": "duration", "timingFunction": "cubicBezier"],
    ]

    /// Font weight names (DTCG's list plus common spellings).
    public static let fontWeightNames: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "extralight": 200, "ultra-light": 200, "ultralight": 200,
        "light": 300, "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "semibold": 600,
        "demi-bold": 600, "demibold": 600, "bold": 700, "extra-bold": 800, "extrabold": 800, "ultra-bold": 800,
        "ultrabold": 800, "black": 900, "heavy": 900, "extra-black": 950, "extrablack": 950, "ultra-black": 950,
        "ultrablack": 950,
    ]

    /// The path inside `{…}` when `value` is exactly an alias string.
    public static func alias(in value: JSON) -> String? {
        guard let text = value.string else { return nil }
        return alias(in: text)
    }

    /// The path inside `{…}` when `text` is exactly an alias.
    public static func alias(in text: String) -> String? {
        let bytes = text.utf8
        guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        let inner = bytes.dropFirst().dropLast()
        guard !inner.contains(UInt8(ascii: "{")), !inner.contains(UInt8(ascii: "}")) else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }

    /// Guesses the type of a value that declares none: `#…`/`rgb…` colors, `12px`
    /// dimensions, `150ms` durations, numbers, booleans, else string.
    public static func inferType(of value: JSON) -> String? {
        switch value.kind {
        case .number: return "number"
        case .bool: return "boolean"
        case .string(let text):
            if alias(in: text) != nil { return nil }
            if Color(css: text) != nil { return "color" }
            if parseMeasure(text, units: ["px", "rem", "pt", "em"]) != nil { return "dimension" }
            if parseMeasure(text, units: ["ms", "s"]) != nil { return "duration" }
            return "string"
        case .object:
            if Color(dtcg: value) != nil { return "color" }
            if value["fontFamily"] != nil || value["fontSize"] != nil || value["textStyle"] != nil {
                return "typography"
            }
            return nil
        default: return nil
        }
    }

    /// Normalizes `value` as a `type` value; the error message says what was expected.
    /// Unknown types pass through unchanged.
    public static func normalize(_ value: JSON, as type: String) -> Result<JSON, ValueError> {
        if alias(in: value) != nil { return .success(value) }
        switch type {
        case "color":
            if let text = value.string, let color = Color(css: text) { return .success(color.dtcg) }
            if let color = Color(dtcg: value) { return .success(color.dtcg) }
            return .failure(
                ValueError("expected a color (#rrggbb, #rrggbbaa, rgb(), rgba() or an sRGB color object)", value))
        case "dimension":
            return measure(
                value, units: ["px", "rem", "pt", "em"], plainUnit: "px",
                what: "a dimension (12px, 1.5rem, a number of points or {value, unit})")
        case "duration":
            return measure(
                value, units: ["ms", "s"], plainUnit: "ms", what: "a duration (150ms, 0.25s or {value, unit})")
        case "fontWeight":
            if let number = value.number ?? value.string.flatMap(Double.init), (1...1000).contains(number) {
                return .success(.number(number))
            }
            if let name = value.string, let weight = fontWeightNames[name.lowercased()] {
                return .success(.number(weight))
            }
            return .failure(ValueError("expected a font weight (1–1000 or a name such as bold)", value))
        case "fontFamily":
            if value.string != nil { return .success(value) }
            if let elements = value.array, !elements.isEmpty, elements.allSatisfy({ $0.string != nil }) {
                return .success(value)
            }
            return .failure(ValueError("expected a font family name or a list of names", value))
        case "number":
            if let number = value.number { return .success(.number(number)) }
            if let text = value.string, let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite
            {
                return .success(.number(number))
            }
            return .failure(ValueError("expected a number", value))
        case "boolean":
            if let flag = value.bool { return .success(.bool(flag)) }
            if let text = value.string, text == "true" || text == "false" { return .success(.bool(text == "true")) }
            return .failure(ValueError("expected true or false", value))
        case "string":
            if value.string != nil { return .success(value) }
            return .failure(ValueError("expected a string", value))
        case "cubicBezier":
            if let numbers = value.array?.compactMap(\.number), numbers.count == 4, value.array?.count == 4,
                (0...1).contains(numbers[0]), (0...1).contains(numbers[2])
            {
                return .success(.array(numbers.map { .number($0) }))
            }
            return .failure(ValueError("expected four numbers [x1, y1, x2, y2] with x1 and x2 in 0…1", value))
        case "strokeStyle":
            if let text = value.string,
                ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"].contains(text)
            {
                return .success(value)
            }
            if value.object != nil { return .success(value) }
            return .failure(ValueError("expected a stroke style (solid, dashed, …) or an object", value))
        case "shadow":
            if let layers = value.array {
                var normalized: [JSON] = []
                for layer in layers {
                    switch composite(layer, fields: compositeFields["shadow"]!, type: "shadow") {
                    case .success(let value): normalized.append(value)
                    case .failure(let error): return .failure(error)
                    }
                }
                return .success(.array(normalized))
            }
            return composite(value, fields: compositeFields["shadow"]!, type: "shadow")
        case "gradient":
            guard let stops = value.array else {
                return .failure(ValueError("expected a list of gradient stops", value))
            }
            var normalized: [JSON] = []
            for stop in stops {
                switch composite(stop, fields: ["color": "color", "position": "number"], type: "gradient stop") {
                case .success(let value): normalized.append(value)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.array(normalized))
        default:
            if let fields = compositeFields[type] { return composite(value, fields: fields, type: type) }
            return .success(value)
        }
    }

    /// The type of a field of a composite type, or `nil` when it has no such field.
    public static func fieldType(_ field: String, of type: String) -> String? {
        if type == "gradient" { return ["color": "color", "position": "number"][field] }
        return compositeFields[type]?[field]
    }

    private static func composite(_ value: JSON, fields: [String: String], type: String) -> Result<JSON, ValueError> {
        guard let members = value.object else { return .failure(ValueError("expected a \(type) object", value)) }
        var normalized: [(String, JSON)] = []
        for (key, field) in members {
            guard let fieldType = fields[key] else {
                let names = fields.keys.sorted().joined(separator: ", ")
                return .failure(ValueError("unknown \(type) field \"\(key)\" (expected \(names))", field))
            }
            var effectiveType = fieldType
            let isMeasure =
                field.string.map { parseMeasure($0, units: ["px", "rem", "pt", "em"]) != nil } ?? (field["unit"] != nil)
            if type == "typography" && key == "lineHeight" && isMeasure {
                effectiveType = "dimension"
            }
            switch normalize(field, as: effectiveType) {
            case .success(let value): normalized.append((key, value))
            case .failure(let error): return .failure(ValueError("\(key): \(error.message)", error.value))
            }
        }
        return .success(.object(normalized.sorted { $0.0 < $1.0 }))
    }

    private static func measure(_ value: JSON, units: [String], plainUnit: String, what: String) -> Result<
        JSON, ValueError
    > {
        var number: Double?
        var unit = plainUnit
        if let plain = value.number {
            number = plain
        } else if let text = value.string,
            let parsed = parseMeasure(text, units: units) ?? Double(text).map({ ($0, plainUnit) })
        {
            (number, unit) = parsed
        } else if let object = value.object, object.count == 2, let amount = value["value"]?.number,
            let given = value["unit"]?.string,
            units.contains(given)
        {
            (number, unit) = (amount, given)
        }
        guard let number, number.isFinite else { return .failure(ValueError("expected \(what)", value)) }
        if unit == "pt" { unit = "px" }
        return .success(.object([("value", .number(number)), ("unit", .string(unit))]))
    }

    /// Splits `12px` into (12, "px") when the unit is one of `units`.
    public static func parseMeasure(_ text: String, units: [String]) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for unit in units.sorted(by: { $0.count > $1.count }) where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value.isFinite,
                number.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true
            {
                return (value, unit)
            }
        }
        return nil
    }

    /// Points for a normalized dimension (`rem` and `em` at 16 points).
    public static func points(ofDimension value: JSON) -> Double? {
        guard let amount = value["value"]?.number, let unit = value["unit"]?.string else { return nil }
        return unit == "rem" || unit == "em" ? amount * 16 : amount
    }

    /// Seconds for a normalized duration.
    public static func seconds(ofDuration value: JSON) -> Double? {
        guard let amount = value["value"]?.number, let unit = value["unit"]?.string else { return nil }
        return unit == "ms" ? amount / 1000 : amount
    }
}

/// Why a value does not fit its type: a message and the offending value.
public struct ValueError: Error, Sendable, Equatable {
    /// What was expected.
    public var message: String
    /// The value that did not fit.
    public var value: JSON

    /// An error about `value`.
    public init(_ message: String, _ value: JSON) {
        self.message = message
        self.value = value
    }
}
