import Foundation

/// Reads a style definition document (`Schemas/style.schema.json`), refusing unknown
/// fields and wrong types with their JSON paths, and reporting every problem at once.
public enum StyleReader {
    static let topFields = [
        "name", "version", "description", "component", "protocol", "theme", "availability", "accent", "roles",
        "shape", "font", "padding", "minHeight", "touchSlop", "states", "animation", "reducedMotion", "sizes", "chosen",
        "spellings", "glass", "scaledMetrics",
    ]

    /// Parses and validates a style document; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws -> (style: StyleDefinition, document: JSON) {
        let root = try JSONParser.parse(data, file: file)
        var reader = DocumentReader(file: file)
        let style = read(root, reader: &reader)
        try reader.finish()
        guard let style else {
            throw DocumentError(file: file, location: root.location, message: "not a style definition")
        }
        return (style, root)
    }

    static func read(_ root: JSON, reader: inout DocumentReader) -> StyleDefinition? {
        let path = JSONPath.root
        guard
            let fields = reader.object(
                root, path: path, allowed: topFields, required: ["name", "version", "component", "protocol"])
        else {
            return nil
        }
        func member(_ key: String) -> String { JSONPath.member(path, key) }
        let name = reader.name(fields["name"], path: member("name"))
        let version = reader.semver(fields["version"], path: member("version"))
        let description = reader.string(fields["description"], path: member("description"))
        let component = reader.string(fields["component"], path: member("component"))
        let conformance = reader.string(fields["protocol"], path: member("protocol"))
        let theme = reader.name(fields["theme"], path: member("theme"))
        let availability = reader.platforms(fields["availability"], path: member("availability")) ?? [:]
        let accent = fields["accent"].flatMap { color($0, path: member("accent"), reader: &reader) }
        let glass = fields["glass"].flatMap { self.glass($0, path: member("glass"), reader: &reader) }

        let roles = fields["roles"].map { self.roles($0, path: member("roles"), reader: &reader) } ?? [:]

        let shape =
            fields["shape"].map { self.shape($0, path: member("shape"), reader: &reader) }
            ?? Shape(kind: .none, cornerRadius: nil, cornerStyle: nil)
        let font = fields["font"].map { fonts($0, path: member("font"), reader: &reader) } ?? []
        let padding = fields["padding"].map { self.padding($0, path: member("padding"), reader: &reader) } ?? Padding()
        let minHeight = fields["minHeight"].flatMap { dimension($0, path: member("minHeight"), reader: &reader) }
        let touchSlop = fields["touchSlop"].flatMap { dimension($0, path: member("touchSlop"), reader: &reader) }
        let stateMap = fields["states"].map { states($0, path: member("states"), reader: &reader) } ?? [:]
        if fields["states"] != nil && stateMap["normal"] == nil && reader.diagnostics.isEmpty {
            reader.report("missing the \"normal\" state", at: fields["states"]!, path: member("states"))
        }
        let animation = fields["animation"].flatMap { self.animation($0, path: member("animation"), reader: &reader) }
        let reducedMotion = fields["reducedMotion"].flatMap {
            self.reducedMotion($0, path: member("reducedMotion"), reader: &reader)
        }
        let sizes = fields["sizes"].map { self.sizes($0, path: member("sizes"), reader: &reader) } ?? [:]
        var chosen: [String] = []
        for (index, element) in (reader.array(fields["chosen"], path: member("chosen")) ?? []).enumerated() {
            if let text = reader.string(element, path: JSONPath.index(member("chosen"), index)) { chosen.append(text) }
        }
        let spellings = self.spellings(fields["spellings"], path: member("spellings"), reader: &reader)
        let scaledMetrics = reader.bool(fields["scaledMetrics"], path: member("scaledMetrics")) ?? false
        guard let name, let version, let component, let conformance else { return nil }
        return StyleDefinition(
            name: name, version: version, description: description, component: component, conformance: conformance,
            theme: theme, availability: availability, accent: accent, roles: roles, shape: shape, font: font,
            padding: padding, minHeight: minHeight, touchSlop: touchSlop, states: stateMap, animation: animation,
            reducedMotion: reducedMotion, sizes: sizes, chosen: chosen, spellings: spellings, glass: glass,
            scaledMetrics: scaledMetrics)
    }

    /// `roles`: each role's accent and state overrides.
    static func roles(_ value: JSON, path: String, reader: inout DocumentReader) -> [String: RoleOverride] {
        var roles: [String: RoleOverride] = [:]
        guard let members = reader.object(value, path: path, allowed: value.object?.map(\.key) ?? []) else {
            return [:]
        }
        for (role, content) in members {
            let rolePath = JSONPath.member(path, role)
            guard let roleFields = reader.object(content, path: rolePath, allowed: ["accent", "states"]) else {
                continue
            }
            let roleAccent = roleFields["accent"].flatMap {
                color($0, path: JSONPath.member(rolePath, "accent"), reader: &reader)
            }
            let roleStates =
                roleFields["states"].map { states($0, path: JSONPath.member(rolePath, "states"), reader: &reader) }
                ?? [:]
            roles[role] = RoleOverride(accent: roleAccent, states: roleStates)
        }
        return roles
    }

    /// `shape`: its kind, and the corner radius a rounded rectangle needs.
    static func shape(_ value: JSON, path shapePath: String, reader: inout DocumentReader) -> Shape {
        var shape = Shape(kind: .none, cornerRadius: nil, cornerStyle: nil)
        guard
            let shapeFields = reader.object(
                value, path: shapePath, allowed: ["kind", "cornerRadius", "cornerStyle"], required: ["kind"])
        else { return shape }
        shape.kind =
            reader.choice(
                shapeFields["kind"], path: JSONPath.member(shapePath, "kind"), from: Shape.Kind.allCases.map(\.rawValue)
            ).flatMap(Shape.Kind.init(rawValue:)) ?? .none
        shape.cornerRadius = shapeFields["cornerRadius"].flatMap {
            dimension($0, path: JSONPath.member(shapePath, "cornerRadius"), reader: &reader)
        }
        shape.cornerStyle = reader.choice(
            shapeFields["cornerStyle"], path: JSONPath.member(shapePath, "cornerStyle"),
            from: ["continuous", "circular"])
        if shape.kind == .roundedRectangle && shape.cornerRadius == nil {
            reader.report("a roundedRectangle needs a cornerRadius", at: value, path: shapePath)
        }
        return shape
    }

    /// `reducedMotion`: the pressed appearance under Reduce Motion, and whether it drops the animation.
    static func reducedMotion(_ value: JSON, path motionPath: String, reader: inout DocumentReader) -> ReducedMotion? {
        guard let motion = reader.object(value, path: motionPath, allowed: ["pressed", "animation"]) else { return nil }
        let pressed = motion["pressed"].flatMap {
            appearance($0, path: JSONPath.member(motionPath, "pressed"), reader: &reader)
        }
        var disables = false
        if let animationValue = motion["animation"] {
            disables =
                reader.choice(animationValue, path: JSONPath.member(motionPath, "animation"), from: ["none", "keep"])
                == "none"
        }
        return ReducedMotion(pressed: pressed, disablesAnimation: disables)
    }

    /// `sizes`: each control size's font, padding, corner radius, touch slop and minimum height.
    static func sizes(_ value: JSON, path: String, reader: inout DocumentReader) -> [String: SizeMetrics] {
        var sizes: [String: SizeMetrics] = [:]
        guard let members = reader.object(value, path: path, allowed: StyleDefinition.sizeNames) else { return [:] }
        for (size, content) in members {
            let sizePath = JSONPath.member(path, size)
            guard
                let metrics = reader.object(
                    content, path: sizePath, allowed: ["font", "padding", "cornerRadius", "touchSlop", "minHeight"])
            else { continue }
            func length(_ key: String) -> DimensionExpression? {
                metrics[key].flatMap { dimension($0, path: JSONPath.member(sizePath, key), reader: &reader) }
            }
            let sizePadding =
                metrics["padding"].map { padding($0, path: JSONPath.member(sizePath, "padding"), reader: &reader) }
                ?? Padding()
            sizes[size] = SizeMetrics(
                font: metrics["font"].map { fonts($0, path: JSONPath.member(sizePath, "font"), reader: &reader) } ?? [],
                horizontalPadding: sizePadding.horizontal, verticalPadding: sizePadding.vertical,
                cornerRadius: length("cornerRadius"), touchSlop: length("touchSlop"), minHeight: length("minHeight"))
        }
        return sizes
    }

    /// `spellings`: how code spells a custom style, each valid and listed once.
    static func spellings(_ value: JSON?, path: String, reader: inout DocumentReader) -> [String] {
        var spellings: [String] = []
        for (index, element) in (reader.array(value, path: path) ?? []).enumerated() {
            let path = JSONPath.index(path, index)
            guard let text = reader.string(element, path: path) else { continue }
            if StyleSpelling(text) == nil {
                reader.report(
                    "\(NameRules.quoted(text)) is not a spelling of a style: expected .modifier(.member), .modifier(Type()) or Type()",
                    at: element, path: path)
            } else if spellings.contains(text) {
                reader.report("\(NameRules.quoted(text)) is listed twice", at: element, path: path)
            } else {
                spellings.append(text)
            }
        }
        return spellings
    }

    /// `{"variant": "regular" | "clear", "tint": <color>, "interactive": true}`.
    static func glass(_ value: JSON, path: String, reader: inout DocumentReader) -> Glass? {
        guard let fields = reader.object(value, path: path, allowed: ["variant", "tint", "interactive"]) else {
            return nil
        }
        var glass = Glass()
        if let variant = fields["variant"] {
            glass.variant =
                reader.choice(variant, path: JSONPath.member(path, "variant"), from: Glass.variants) ?? "regular"
        }
        if let tint = fields["tint"] {
            glass.tint = color(tint, path: JSONPath.member(path, "tint"), reader: &reader)
            if case .material? = glass.tint {
                reader.report("a glass tint is a color, not a material", at: tint, path: JSONPath.member(path, "tint"))
            }
        }
        if let interactive = fields["interactive"] {
            glass.interactive = reader.bool(interactive, path: JSONPath.member(path, "interactive")) ?? true
        }
        return glass
    }

    // MARK: Expressions

    /// `"{token}"`, `"#RRGGBB"`, `"accent"`, `"none"`, `{"material": "regular"}`,
    /// `{"color": …, "opacity": 0.8}`, or a list of candidates.
    static func color(_ value: JSON, path: String, reader: inout DocumentReader) -> ColorExpression? {
        switch value.kind {
        case .string(let text):
            if let token = TokenValue.alias(in: text) { return .token(token) }
            if text == "accent" { return .accent }
            if text == "none" || text == "clear" { return .clear }
            if let color = Color(css: text) { return .literal(color) }
            reader.report(
                "expected a color: a token alias \"{group.token}\", a hex color, \"accent\" or \"none\"; got \"\(text)\"",
                at: value, path: path)
            return nil
        case .object:
            if value["material"] != nil {
                guard let fields = reader.object(value, path: path, allowed: ["material", "opacity"]) else {
                    return nil
                }
                guard
                    let material = reader.choice(
                        fields["material"], path: JSONPath.member(path, "material"),
                        from: ["ultraThin", "thin", "regular", "thick", "ultraThick", "bar", "glass"])
                else { return nil }
                if let opacity = reader.number(fields["opacity"], path: JSONPath.member(path, "opacity"), in: 0...1) {
                    return .opacity(.material(material), opacity)
                }
                return .material(material)
            }
            if value["contrastingWith"] != nil {
                guard let fields = reader.object(value, path: path, allowed: ["contrastingWith"]),
                    let inner = fields["contrastingWith"].flatMap({
                        color($0, path: JSONPath.member(path, "contrastingWith"), reader: &reader)
                    })
                else { return nil }
                return .contrasting(inner)
            }
            guard let fields = reader.object(value, path: path, allowed: ["color", "opacity"], required: ["color"]),
                let inner = fields["color"].flatMap({ color($0, path: JSONPath.member(path, "color"), reader: &reader) }
                )
            else { return nil }
            guard let opacity = reader.number(fields["opacity"], path: JSONPath.member(path, "opacity"), in: 0...1)
            else {
                return fields["opacity"] == nil ? inner : nil
            }
            return .opacity(inner, opacity)
        case .array(let elements):
            guard !elements.isEmpty else {
                reader.report("expected at least one color candidate", at: value, path: path)
                return nil
            }
            let candidates = elements.enumerated().compactMap {
                color($0.element, path: JSONPath.index(path, $0.offset), reader: &reader)
            }
            return candidates.count == elements.count ? .firstOf(candidates) : nil
        case .null:
            return .clear
        default:
            reader.report(
                "expected a color expression, got \(value.kindDescription) \(value.excerpt)", at: value, path: path)
            return nil
        }
    }

    /// A number of points, `"{token}"`, or a list of candidates.
    static func dimension(_ value: JSON, path: String, reader: inout DocumentReader) -> DimensionExpression? {
        switch value.kind {
        case .number(let points):
            guard points >= 0 else {
                reader.report("expected a length of zero or more points, got \(value.excerpt)", at: value, path: path)
                return nil
            }
            return .points(points)
        case .string(let text):
            if let token = TokenValue.alias(in: text) { return .token(token) }
            reader.report(
                "expected a number of points or a token alias \"{group.token}\", got \"\(text)\"", at: value, path: path
            )
            return nil
        case .array(let elements) where !elements.isEmpty:
            let candidates = elements.enumerated().compactMap {
                dimension($0.element, path: JSONPath.index(path, $0.offset), reader: &reader)
            }
            return candidates.count == elements.count ? .firstOf(candidates) : nil
        default:
            reader.report(
                "expected a number of points or a token alias, got \(value.kindDescription) \(value.excerpt)",
                at: value, path: path)
            return nil
        }
    }

    static let textStyles = [
        "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption",
        "caption2",
    ]

    static func fonts(_ value: JSON, path: String, reader: inout DocumentReader) -> [FontExpression] {
        let elements = value.array ?? [value]
        var result: [FontExpression] = []
        for (index, element) in elements.enumerated() {
            let elementPath = value.array == nil ? path : JSONPath.index(path, index)
            if let text = element.string, let token = TokenValue.alias(in: text) {
                result.append(.token(token))
            } else if element.object != nil,
                let fields = reader.object(
                    element, path: elementPath, allowed: ["textStyle", "weight"], required: ["textStyle"])
            {
                guard
                    let style = reader.choice(
                        fields["textStyle"], path: JSONPath.member(elementPath, "textStyle"), from: textStyles)
                else { continue }
                var weight: Double?
                if let weightValue = fields["weight"] {
                    if case .success(let normalized) = TokenValue.normalize(weightValue, as: "fontWeight") {
                        weight = normalized.number
                    } else {
                        reader.report(
                            "expected a font weight (1–1000 or a name such as semibold), got \(weightValue.excerpt)",
                            at: weightValue, path: JSONPath.member(elementPath, "weight"))
                    }
                }
                result.append(.textStyle(style, weight: weight))
            } else if element.object == nil {
                reader.report(
                    "expected a typography token alias or {\"textStyle\": …, \"weight\": …}, got \(element.kindDescription) \(element.excerpt)",
                    at: element, path: elementPath)
            }
        }
        return result
    }

    static func padding(_ value: JSON, path: String, reader: inout DocumentReader) -> Padding {
        guard let fields = reader.object(value, path: path, allowed: ["horizontal", "vertical"]) else {
            return Padding()
        }
        return Padding(
            horizontal: fields["horizontal"].flatMap {
                dimension($0, path: JSONPath.member(path, "horizontal"), reader: &reader)
            },
            vertical: fields["vertical"].flatMap {
                dimension($0, path: JSONPath.member(path, "vertical"), reader: &reader)
            })
    }

    static func states(_ value: JSON, path: String, reader: inout DocumentReader) -> [String: StateAppearance] {
        guard let members = reader.object(value, path: path, allowed: StyleDefinition.stateNames) else { return [:] }
        var result: [String: StateAppearance] = [:]
        for (state, content) in members {
            if let appearance = appearance(content, path: JSONPath.member(path, state), reader: &reader) {
                result[state] = appearance
            }
        }
        return result
    }

    static func appearance(_ value: JSON, path: String, reader: inout DocumentReader) -> StateAppearance? {
        guard
            let fields = reader.object(
                value, path: path, allowed: ["background", "foreground", "border", "opacity", "scale", "brightness"])
        else {
            return nil
        }
        var appearance = StateAppearance()
        appearance.background = fields["background"].flatMap {
            color($0, path: JSONPath.member(path, "background"), reader: &reader)
        }
        appearance.foreground = fields["foreground"].flatMap {
            color($0, path: JSONPath.member(path, "foreground"), reader: &reader)
        }
        if let border = fields["border"] {
            let borderPath = JSONPath.member(path, "border")
            if border.kind == .null || border.string == "none" {
                appearance.border = .some(nil)
            } else if let borderFields = reader.object(
                border, path: borderPath, allowed: ["color", "width"], required: ["color", "width"]),
                let color = borderFields["color"].flatMap({
                    color($0, path: JSONPath.member(borderPath, "color"), reader: &reader)
                }),
                let width = borderFields["width"].flatMap({
                    dimension($0, path: JSONPath.member(borderPath, "width"), reader: &reader)
                })
            {
                appearance.border = .some(Border(color: color, width: width))
            }
        }
        appearance.opacity = reader.number(fields["opacity"], path: JSONPath.member(path, "opacity"), in: 0...1)
        appearance.scale = reader.number(fields["scale"], path: JSONPath.member(path, "scale"), in: 0...4)
        appearance.brightness = reader.number(
            fields["brightness"], path: JSONPath.member(path, "brightness"), in: -1...1)
        return appearance
    }

    static func animation(_ value: JSON, path: String, reader: inout DocumentReader) -> Animation? {
        guard
            let fields = reader.object(
                value, path: path, allowed: ["curve", "duration", "response", "dampingFraction", "bounce", "token"],
                required: ["curve"])
        else {
            return nil
        }
        guard let curve = reader.choice(fields["curve"], path: JSONPath.member(path, "curve"), from: Animation.curves)
        else { return nil }
        var token: String?
        if let tokenValue = fields["token"] {
            if let text = reader.string(tokenValue, path: JSONPath.member(path, "token")) {
                token = TokenValue.alias(in: text)
                if token == nil {
                    reader.report(
                        "expected a token alias \"{group.token}\", got \"\(text)\"", at: tokenValue,
                        path: JSONPath.member(path, "token"))
                }
            }
        }
        return Animation(
            curve: curve,
            duration: reader.number(fields["duration"], path: JSONPath.member(path, "duration"), in: 0...60),
            response: reader.number(fields["response"], path: JSONPath.member(path, "response"), in: 0...60),
            dampingFraction: reader.number(
                fields["dampingFraction"], path: JSONPath.member(path, "dampingFraction"), in: 0...10),
            bounce: reader.number(fields["bounce"], path: JSONPath.member(path, "bounce"), in: -1...1), token: token)
    }
}
