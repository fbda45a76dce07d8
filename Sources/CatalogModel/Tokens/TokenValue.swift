import Foundation

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
    public static let knownTypes = Set(TokenType.allCases.filter { !$0.isVerbatim }.map(\.rawValue))

    /// Types of the older Style-Dictionary / Tokens-Studio shape, mapped to DTCG types.
    public static let legacyTypes: [String: String] = [
        "sizing": "dimension", "spacing": "dimension", "borderRadius": "dimension", "borderWidth": "dimension",
        "fontSizes": "dimension", "fontSize": "dimension", "letterSpacing": "dimension",
        "paragraphSpacing": "dimension",
        "size": "dimension", "fontFamilies": "fontFamily", "fontWeights": "fontWeight", "opacity": "number",
        "lineHeights": lineHeightType, "lineHeight": lineHeightType, "boxShadow": "shadow", "text": "string",
        "other": "string",
        "textCase": "string", "textDecoration": "string", "asset": "string", "time": "duration",
        "paragraphIndent": "dimension", "dropShadow": "shadow", "innerShadow": "shadow",
        "composition": "composition", "cubic-bezier": "cubicBezier",
    ]

    /// The older shapes' line height type, which the reader settles per token by its value
    /// and format: a multiplier (`1.5`, `150%`) is a `number`, a length (`24px`, and in
    /// Tokens Studio a bare `24`, which its docs apply as pixels) a `dimension`.
    public static let lineHeightType = "lineHeight"

    /// Types carried verbatim, without validation (Tokens Studio's `composition`): kept and
    /// written back, never interpreted.
    public static let verbatimTypes = Set(TokenType.allCases.filter(\.isVerbatim).map(\.rawValue))

    /// The parts every value of a composite type must have (DTCG 2025.10). Typography is
    /// the catalog's one relaxation: `fontFamily`, `letterSpacing` and `lineHeight` may be
    /// left out, meaning the platform's system font and its own metrics (Apple text styles).
    public static let requiredFields: [String: [String]] = [
        "typography": ["fontSize", "fontWeight"],
        "border": ["color", "width", "style"],
        "shadow": ["color", "offsetX", "offsetY", "blur", "spread"],
        "transition": ["duration", "delay", "timingFunction"],
        "gradient stop": ["color", "position"],
    ]

    /// The fields of each composite type and their types.
    public static let compositeFields: [String: [String: String]] = [
        "typography": [
            "fontFamily": "fontFamily", "fontSize": "dimension", "fontWeight": "fontWeight", "lineHeight": "number",
            "letterSpacing": "dimension", "textStyle": "string", "lineSpacing": "dimension", "textCase": "string",
            "fontStyle": "string", "textTransform": "string", "textDecoration": "string",
            "paragraphSpacing": "dimension", "paragraphIndent": "dimension",
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
        "ultrablack": 950, "semi bold": 600, "extra bold": 800, "extra light": 200, "ultra light": 200,
        "ultra bold": 800, "demi bold": 600, "extra black": 950, "ultra black": 950,
    ]

    /// A font weight written with its style, as sd-transforms splits it
    /// (`fontWeightReg`, `/(?<weight>.+?)\s?(?<style>italic|oblique|normal)?$/i`, and
    /// `addFontStyles`): `"Medium Italic"` is `Medium` and `italic`, a style alone
    /// (`"Italic"`) is `Regular` in that style; `nil` for a weight without a style.
    public static func weightAndStyle(_ value: JSON) -> (weight: JSON, style: String)? {
        guard let text = value.string.map(trimmedSpaces), alias(in: text) == nil else { return nil }
        let lower = text.lowercased()
        for style in ["italic", "oblique", "normal"] where lower.hasSuffix(style) {
            let weight = trimmedSpaces(String(text.dropLast(style.count)))
            if weight.isEmpty { return (.string("Regular"), style) }
            guard text.dropLast(style.count).last == " " || fontWeightNames[weight.lowercased()] != nil else {
                continue
            }
            return (.string(weight), style)
        }
        return nil
    }

    /// Whether a line height written as a bare number is pixels: where the format applies
    /// it so (Tokens Studio's docs: "Tokens without a unit specified are applied as the
    /// pixel equivalent") and the number could be one. A bare number under
    /// ``smallestPixelLineHeight`` is the multiplier the team's build writes (sd-transforms
    /// leaves it bare, which CSS reads as a multiple of the font size: NVE's `"1.15"`,
    /// `600 3rem/1.15` in its CSS); no text is set on lines a few pixels high.
    public static func bareLineHeightIsPixels(_ number: Double, rules: TokenRules) -> Bool {
        rules.unitlessLineHeightsArePixels && abs(number) >= smallestPixelLineHeight
    }

    /// The smallest bare line height read as pixels where bare line heights are pixels.
    public static let smallestPixelLineHeight = 5.0

    /// Whether `value` is a DTCG JSON Pointer reference object, `{"$ref": "#/…"}`.
    public static func pointer(in value: JSON) -> String? {
        guard let members = value.object, members.count == 1, members[0].key == "$ref" else { return nil }
        return members[0].value.string
    }

    /// Whether `value` holds a JSON Pointer reference anywhere (resolved, then validated, later).
    public static func containsPointer(_ value: JSON) -> Bool {
        switch value.kind {
        case .object(let members): return pointer(in: value) != nil || members.contains { containsPointer($0.value) }
        case .array(let elements): return elements.contains(where: containsPointer)
        default: return false
        }
    }

    /// The path inside `{…}` when `value` is exactly an alias string.
    public static func alias(in value: JSON) -> String? {
        guard let text = value.string else { return nil }
        return alias(in: text)
    }

    /// The path inside `{…}` when `text` is exactly an alias, in ``NameForm``.
    public static func alias(in text: String) -> String? {
        let bytes = text.utf8
        guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        let inner = bytes.dropFirst().dropLast()
        guard !inner.contains(UInt8(ascii: "{")), !inner.contains(UInt8(ascii: "}")) else { return nil }
        return NameForm.normalized(String(decoding: inner, as: UTF8.self))
    }

    /// Guesses the type of a value that declares none: `#…`/`rgb…` colors, `12px`
    /// dimensions, `150ms` durations, numbers, booleans, else string.
    public static func inferType(of value: JSON) -> String? {
        switch value.kind {
        case .number: return "number"
        case .bool: return "boolean"
        case .string(let text):
            if alias(in: text) != nil { return nil }
            if Color(css: text) != nil || CSSColor.parse(text) != nil { return "color" }
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

    /// Normalizes `value` as a `type` value by `rules` (the catalog's own by
    /// default: the form stored values are in); the error message says what was expected.
    /// Unknown types pass through unchanged.
    public static func normalize(_ value: JSON, as type: String, rules: TokenRules = .catalog) -> Result<
        JSON, ValueError
    > {
        if alias(in: value) != nil || containsPointer(value) || verbatimTypes.contains(type) { return .success(value) }
        if type == "color", !ignoredColorMembers(of: value, rules: rules).isEmpty {
            return normalize(colorWithoutIgnoredMembers(value, rules: rules), as: type, rules: rules)
        }
        if rules.strict { return StrictValue.normalize(value, as: type) }
        let result = normalizeValue(value, as: type, rules: rules)
        guard case .failure(let error) = result else { return result }
        let text = value.string
        // Tokens Studio math (`{base} * 2`): kept as written, evaluated at resolution.
        var mathError: ValueError?
        if rules.evaluatesMath, ["dimension", "number", "duration", "fontWeight"].contains(type), let text,
            TokenMath.isExpression(text)
        {
            switch TokenMath.parse(text) {
            case .success: return .success(value)
            case .failure(let error): mathError = ValueError(error.message, value)
            }
        }
        // CSS with no fixed size (`clamp(…)`, `75ch`, `auto`): kept as the CSS text it is.
        if let text, CSSValue.isKept(text, as: type) { return .success(.string(trimmedSpaces(text))) }
        return .failure(outOfReach(value, type: type, after: mathError) ?? mathError ?? error)
    }

    /// Why a value is out of reach without the team's own code, where that is why it does
    /// not fit its type: values by name (`{"light": …, "dark": …}`) that a team's own Style
    /// Dictionary transform reads, or a function CSS does not define (`modular-scale(2)`)
    /// that its own transform computes.
    /// `mathError`, where the format evaluates math, says first what its math cannot read.
    static func outOfReach(_ value: JSON, type: String, after mathError: ValueError?) -> ValueError? {
        if let name = value.string.flatMap(CSSValue.unknownFunction(in:)) {
            return ValueError(
                (mathError.map { $0.message + "; " } ?? "")
                    + "neither CSS nor Tokens Studio's math defines \(name)(): the team's own transform "
                    + "computes it, which the catalog cannot run (docs/formats.md)", value)
        }
        let known = Set(["colorSpace", "components", "alpha", "hex", "value", "unit"])
        guard ["color", "dimension", "number", "duration", "fontWeight", "fontFamily"].contains(type),
            let members = value.object, !members.isEmpty, !members.contains(where: { known.contains($0.key) }),
            members.allSatisfy({ $0.value.string != nil || $0.value.number != nil })
        else { return nil }
        let names = members.prefix(4).map(\.key).joined(separator: ", ")
        return ValueError(
            "a \(type) by name ({\(names)}) is read only by a team's own transform, which the catalog cannot run; "
                + "modes are read from modes, sets or files (docs/formats.md)", value)
    }

    private static func normalizeValue(_ value: JSON, as type: String, rules: TokenRules) -> Result<
        JSON, ValueError
    > {
        switch type {
        case "color":
            return normalizeColor(value, rules: rules)
        case "dimension":
            if let text = value.string, text.hasSuffix("%"),
                let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite
            {
                return .success(value)  // Tokens Studio's relative letter spacing ("-2%"): kept as written
            }
            return measure(
                value, units: rules.dimensionUnits, plainUnit: "px",
                what: "a dimension (12px, 1.5rem, a number of points or {value, unit})")
        case "duration":
            return measure(
                value, units: ["ms", "s"], plainUnit: "ms", what: "a duration (150ms, 0.25s or {value, unit})")
        case "fontWeight", "number", "boolean":
            if type == "fontWeight", rules.fontWeightsCarryStyle, let split = weightAndStyle(value) {
                return normalizeScalar(split.weight, as: type)
            }
            return normalizeScalar(value, as: type)
        case "fontFamily":
            if value.string != nil { return .success(value) }
            if let elements = value.array, !elements.isEmpty, elements.allSatisfy({ $0.string != nil }) {
                return .success(value)
            }
            return .failure(ValueError("expected a font family name or a list of names", value))
        case "string":
            if value.string != nil { return .success(value) }
            return .failure(ValueError("expected a string", value))
        case "cubicBezier":
            if let text = value.string, let numbers = cssCubicBezier(text) {
                return normalizeValue(.array(numbers.map { .number($0) }), as: type, rules: rules)
            }
            if let numbers = value.array?.compactMap(\.number), numbers.count == 4, value.array?.count == 4,
                (0...1).contains(numbers[0]), (0...1).contains(numbers[2])
            {
                return .success(.array(numbers.map { .number($0) }))
            }
            return .failure(ValueError("expected four numbers [x1, y1, x2, y2] with x1 and x2 in 0…1", value))
        case "strokeStyle":
            if let text = value.string, strokeKeywords.contains(text) { return .success(value) }
            if value.object != nil { return strokeObject(value) }
            return .failure(
                ValueError(
                    "expected a stroke style (\(strokeKeywords.joined(separator: ", "))) or {dashArray, lineCap}", value
                ))
        case "shadow":
            if let layers = value.array {
                return elements(layers) { layer in
                    alias(in: layer) != nil
                        ? .success(layer) : composite(shadowSynonyms(layer), type: "shadow", rules: rules)
                }
            }
            return composite(shadowSynonyms(value), type: "shadow", rules: rules)
        case "gradient":
            guard let stops = value.array else {
                return .failure(ValueError("expected a list of gradient stops {color, position}", value))
            }
            return elements(stops) { stop in
                alias(in: stop) != nil ? .success(stop) : composite(stop, type: "gradient stop", rules: rules)
            }
        default:
            if compositeFields[type] != nil { return composite(value, type: type, rules: rules) }
            return .success(value)
        }
    }

    /// A color: CSS text, a DTCG color object (sRGB in the catalog's canonical form), or,
    /// where the format allows, math over references or a keyword kept as written.
    private static func normalizeColor(_ value: JSON, rules: TokenRules) -> Result<JSON, ValueError> {
        if let text = value.string, let color = Color(css: text) { return .success(color.dtcg) }
        if rules.readsHexInRGBA, let text = value.string, let color = Color(hexRGBA: text) {
            return .success(color.dtcg)
        }
        if let text = value.string, let declared = CSSColor.parse(text) {
            return normalizeColor(declared, rules: rules)
        }
        if let text = value.string, rules.evaluatesMath, text.contains("{"), text.hasSuffix(")") {
            return .success(value)  // `oklch({brand} / {opacity})`: read at resolution, like math
        }
        if let text = value.string, CSSColor.keywords.contains(text) || CSSColor.isGradient(text) {
            return .success(value)  // `currentColor`, `linear-gradient(…)`: kept as written, not a color
        }
        if value["colorSpace"]?.string == "srgb", value["components"]?.array?.compactMap(\.number).count == 3,
            case .success = DeclaredColor.read(value), let color = Color(dtcg: value)
        {
            return .success(color.dtcg)  // sRGB: the catalog's canonical form (hex recomputed)
        }
        if value.object != nil {
            return DeclaredColor.read(value).map(\.json)
        }
        return .failure(
            ValueError(
                "expected a color (#rrggbb, rgb(), hsl(), oklch() or another CSS color, or a color object {colorSpace, components})",
                value))
    }
    /// A font weight (1–1000 or a name), a number (or numeric text, or a percentage, as
    /// Tokens Studio writes opacity), or a boolean (or its text).
    private static func normalizeScalar(_ value: JSON, as type: String) -> Result<JSON, ValueError> {
        switch type {
        case "fontWeight":
            if let number = value.number ?? value.string.flatMap(Double.init), (1...1000).contains(number) {
                return .success(.number(number))
            }
            if let name = value.string, let weight = fontWeightNames[name.lowercased()] {
                return .success(.number(weight))
            }
            return .failure(ValueError("expected a font weight (1–1000 or a name such as bold)", value))
        case "number":
            if let number = value.number { return .success(.number(number)) }
            if let text = value.string, let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite
            {
                return .success(.number(number))
            }
            if let text = value.string, text.hasSuffix("%"),
                let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite
            {
                return .success(.number(percent / 100))  // Tokens Studio's opacity "50%"
            }
            return .failure(ValueError("expected a number", value))
        default:  // "boolean"
            if let flag = value.bool { return .success(.bool(flag)) }
            if let text = value.string, text == "true" || text == "false" { return .success(.bool(text == "true")) }
            return .failure(ValueError("expected true or false", value))
        }
    }

    /// The members of a DTCG color object.
    static let colorFields = ["colorSpace", "components", "alpha", "hex"]

    /// The members of a color object the color is read without, warned about by the
    /// reader: members the Color module does not define (Workday's `"description"` inside
    /// the value; DTCG 2025.10's Color module: a color's properties are colorSpace,
    /// components, alpha and hex), but not a near miss of one (`"alpah"`, still an error);
    /// where the format writes one, an 8-digit `hex` too (the color is its components and alpha).
    public static func ignoredColorMembers(of value: JSON, rules: TokenRules) -> [String] {
        guard let members = value.object, value["colorSpace"] != nil else { return [] }
        return members.filter { member in
            if colorFields.contains(member.key) { return rules.ignoresLongHex && isLongHex(member) }
            return Suggestion.closest(to: member.key, in: colorFields) == nil
        }.map(\.key)
    }

    private static func colorWithoutIgnoredMembers(_ value: JSON, rules: TokenRules) -> JSON {
        let ignored = Set(ignoredColorMembers(of: value, rules: rules))
        return JSON(.object((value.object ?? []).filter { !ignored.contains($0.key) }), at: value.location)
    }

    /// A `hex` fallback with alpha (`#E1B9191A`), which DTCG's 6-digit `hex` cannot hold:
    /// Tokens Studio writes it; the color is read from its components and alpha.
    static func isLongHex(_ member: (key: String, value: JSON)) -> Bool {
        member.key == "hex" && member.value.string.map { $0.utf8.count == 9 && Color(css: $0) != nil } == true
    }

    static let strokeKeywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]

    private static func elements(_ list: [JSON], _ body: (JSON) -> Result<JSON, ValueError>) -> Result<
        JSON, ValueError
    > {
        var normalized: [JSON] = []
        for (index, element) in list.enumerated() {
            switch body(element) {
            case .success(let value): normalized.append(value)
            case .failure(let error): return .failure(ValueError("[\(index)] \(error.message)", error.value))
            }
        }
        return .success(.array(normalized))
    }

    /// Tokens Studio's and Spectrum's shadow spellings (`x`, `y`, `type: innerShadow`) in DTCG's.
    private static func shadowSynonyms(_ value: JSON) -> JSON {
        guard let members = value.object,
            members.contains(where: { $0.key == "x" || $0.key == "y" || $0.key == "type" })
        else { return value }
        var result: [(String, JSON)] = []
        for (key, member) in members {
            switch key {
            case "x": result.append(("offsetX", member))
            case "y": result.append(("offsetY", member))
            case "type" where member.string == "innerShadow": result.append(("inset", .bool(true)))
            case "type" where member.string == "dropShadow": result.append(("inset", .bool(false)))
            default: result.append((key, member))
            }
        }
        return JSON(.object(result.map { (key: $0.0, value: $0.1) }), at: value.location)
    }

    private static func strokeObject(_ value: JSON) -> Result<JSON, ValueError> {
        for (key, member) in value.object! where key != "dashArray" && key != "lineCap" {
            return .failure(ValueError("unknown strokeStyle field \"\(key)\" (expected dashArray, lineCap)", member))
        }
        guard let dashes = value["dashArray"]?.array, !dashes.isEmpty else {
            return .failure(
                ValueError("a strokeStyle object needs \"dashArray\": a non-empty array of dimensions", value))
        }
        guard let cap = value["lineCap"]?.string, ["round", "butt", "square"].contains(cap) else {
            return .failure(
                ValueError(
                    "a strokeStyle object needs \"lineCap\": \"round\", \"butt\" or \"square\"",
                    value["lineCap"] ?? value))
        }
        return elements(dashes) { normalize($0, as: "dimension") }.map { dashArray in
            .object([("dashArray", dashArray), ("lineCap", .string(cap))])
        }
    }

    /// The type of a field of a composite type, or `nil` when it has no such field.
    public static func fieldType(_ field: String, of type: String) -> String? {
        if type == "gradient" || type == "gradient stop" { return ["color": "color", "position": "number"][field] }
        return compositeFields[type]?[field]
    }

    private static func composite(_ value: JSON, type: String, rules: TokenRules) -> Result<JSON, ValueError> {
        guard var members = value.object else { return .failure(ValueError("expected a \(type) object", value)) }
        // A field left `""` is one not set, where the format writes unset fields so.
        if rules.emptyFieldsAreUnset { members.removeAll { $0.value.string?.isEmpty == true } }
        let fields = type == "gradient stop" ? ["color": "color", "position": "number"] : compositeFields[type] ?? [:]
        let missing = (requiredFields[type] ?? []).filter { name in !members.contains { $0.key == name } }
        if !missing.isEmpty {
            let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            return .failure(ValueError("a \(type) value needs \(names)", value))
        }
        var normalized: [(String, JSON)] = []
        for (key, field) in members {
            guard let fieldType = fields[key] else {
                let names = fields.keys.sorted().joined(separator: ", ")
                let hint = Suggestion.closest(to: key, in: Array(fields.keys)).map { "did you mean \"\($0)\"? " } ?? ""
                return .failure(ValueError("unknown \(type) field \"\(key)\" (\(hint)expected \(names))", field))
            }
            var effectiveType = fieldType
            let isMeasure =
                field.string.map { parseMeasure($0, units: rules.dimensionUnits) != nil } ?? (field["unit"] != nil)
            if type == "typography" && key == "lineHeight" {
                // Tokens Studio applies a line height without a unit as pixels (its Line
                // Height token type's docs); sd-transforms turns only `%` into a ratio.
                let bare = field.number ?? field.string.flatMap { Double($0) }
                if isMeasure || bare.map({ bareLineHeightIsPixels($0, rules: rules) }) == true {
                    effectiveType = "dimension"
                }
                if let text = field.string, ["auto", "normal"].contains(text.lowercased()) {
                    normalized.append((key, field))  // Tokens Studio's AUTO: the font's own line height
                    continue
                }
            }
            if type == "typography" && key == "letterSpacing", let text = field.string, text.hasSuffix("%"),
                Double(text.dropLast().trimmingCharacters(in: .whitespaces)) != nil
            {
                normalized.append((key, field))  // a percentage of the font size, kept as written
                continue
            }
            if type == "typography", key == "fontWeight", rules.fontWeightsCarryStyle,
                let split = weightAndStyle(field),
                !members.contains(where: { $0.key == "fontStyle" })
            {
                // sd-transforms' `addFontStyles`: `"Medium Italic"` is weight Medium, style italic.
                normalized.append(("fontStyle", .string(split.style)))
            }
            switch normalize(field, as: effectiveType, rules: rules) {
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
        let trimmed = trimmedSpaces(text)
        for unit in units.sorted(by: { $0.count > $1.count }) where trimmed.hasSuffix(unit) {
            let number = trimmedSpaces(String(trimmed.dropLast(unit.count)))
            if let value = Double(number), value.isFinite,
                number.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true
            {
                return (value, unit)
            }
        }
        return nil
    }

    /// `text` without leading and trailing spaces and tabs (Foundation's trimming is slow
    /// on this hot path, and nearly every value has none).
    static func trimmedSpaces(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard isSpace(first) || isSpace(last) else { return text }
        return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The four numbers of CSS's `cubic-bezier(x1, y1, x2, y2)` (Tokens Studio's form).
    static func cssCubicBezier(_ text: String) -> [Double]? {
        let trimmed = trimmedSpaces(text).lowercased()
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
        let inner = trimmed.dropFirst("cubic-bezier(".count).dropLast()
        let numbers = inner.split(separator: ",").compactMap { Double(trimmedSpaces(String($0))) }
        return numbers.count == 4 && inner.split(separator: ",").count == 4 ? numbers : nil
    }

    /// A resolved value as CSS writes it, for a reference inside a string: `4px`, `150ms`,
    /// `#ff0000` (or `#ff000080`), `0.5`, a font stack joined by commas; composites as JSON.
    public static func cssText(_ value: JSON, type: String) -> String {
        switch value.kind {
        case .string(let text): return text
        case .number(let number): return JSON.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements) where type == "fontFamily":
            return elements.compactMap(\.string).joined(separator: ", ")
        default:
            if let amount = value["value"]?.number, let unit = value["unit"]?.string {
                return JSON.format(amount) + unit
            }
            if type == "color", let color = Color(dtcg: value) {
                return color.alpha < 1 ? color.hexRGBA.lowercased() : color.hexRGB
            }
            return value.serialized()
        }
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
