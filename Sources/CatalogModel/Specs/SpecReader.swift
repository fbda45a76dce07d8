import Foundation

/// Reads a component spec document (`Schemas/spec.schema.json`), refusing unknown fields
/// and wrong types with their JSON paths, and reporting every problem at once.
public enum SpecReader {
    static let topFields = [
        "name", "version", "system", "summary", "description", "import", "declaration", "platforms", "quickStart",
        "initializers", "axes", "roles", "states", "accessibility", "fullWidth", "rules", "customStyles", "behaviors",
        "examples", "chosen",
    ]

    /// Parses and validates a spec document; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws -> (spec: ComponentSpec, document: JSON) {
        let root = try JSONParser.parse(data, file: file)
        var reader = DocumentReader(file: file)
        let spec = read(root, reader: &reader)
        try reader.finish()
        guard let spec else {
            throw DocumentError(file: file, location: root.location, message: "not a component spec")
        }
        return (spec, root)
    }

    static func read(_ root: JSON, reader: inout DocumentReader) -> ComponentSpec? {
        guard let fields = reader.object(root, path: "$", allowed: topFields, required: ["name", "version", "system"])
        else { return nil }
        func path(_ key: String) -> String { JSONPath.member("$", key) }
        let name = reader.name(fields["name"], path: path("name"))
        let version = reader.semver(fields["version"], path: path("version"))
        let system = reader.string(fields["system"], path: path("system"))
        var spec = ComponentSpec(
            name: name ?? "", version: version ?? Semver(0, 0, 0), system: system ?? "",
            summary: reader.string(fields["summary"], path: path("summary")),
            description: reader.string(fields["description"], path: path("description")),
            importModule: reader.string(fields["import"], path: path("import")),
            declaration: reader.string(fields["declaration"], path: path("declaration")),
            platforms: reader.platforms(fields["platforms"], path: path("platforms")) ?? [:],
            quickStart: fields["quickStart"].flatMap { sample($0, path: path("quickStart"), reader: &reader) },
            initializers: [], axes: [], roles: [], states: [], accessibility: [],
            fullWidth: fields["fullWidth"].flatMap { sample($0, path: path("fullWidth"), reader: &reader) },
            rules: [], customStyles: [], behaviors: [], examples: [], chosen: [])

        spec.initializers = list(
            fields["initializers"], path: path("initializers"), reader: &reader, element: initializer)
        spec.axes = list(fields["axes"], path: path("axes"), reader: &reader, element: axis)
        spec.roles = list(fields["roles"], path: path("roles"), reader: &reader, element: role)
        spec.states = list(fields["states"], path: path("states"), reader: &reader) { value, at, reader in
            reader.choice(value, path: at, from: StyleDefinition.stateNames)
        }
        spec.accessibility = list(
            fields["accessibility"], path: path("accessibility"), reader: &reader, element: accessibilityFeature)
        spec.rules = list(fields["rules"], path: path("rules"), reader: &reader, element: rule)
        spec.customStyles = list(
            fields["customStyles"], path: path("customStyles"), reader: &reader, element: customStyle)
        spec.behaviors = list(fields["behaviors"], path: path("behaviors"), reader: &reader, element: behavior)
        spec.examples = list(fields["examples"], path: path("examples"), reader: &reader) { value, at, reader in
            sample(value, path: at, reader: &reader)
        }
        spec.chosen = list(fields["chosen"], path: path("chosen"), reader: &reader) { value, at, reader in
            reader.string(value, path: at)
        }
        guard name != nil, version != nil, system != nil else { return nil }
        return spec
    }

    /// An initializer: its signature, declaration and parameters (a required one has no default).
    static func initializer(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> Initializer? {
        guard
            let item = reader.object(
                value, path: at, allowed: ["signature", "declaration", "parameters"],
                required: ["signature", "parameters"])
        else { return nil }
        let parameters: [Parameter] = list(
            item["parameters"], path: JSONPath.member(at, "parameters"), reader: &reader
        ) { value, at, reader in
            guard
                let parameter = reader.object(
                    value, path: at, allowed: ["name", "label", "type", "default", "required", "description"],
                    required: ["name", "type"])
            else { return nil }
            let defaultValue = reader.string(
                parameter["default"], path: JSONPath.member(at, "default"), nonEmpty: false)
            let required =
                reader.bool(parameter["required"], path: JSONPath.member(at, "required")) ?? (defaultValue == nil)
            if required && defaultValue != nil {
                reader.report("a required parameter cannot have a default", at: value, path: at)
            }
            guard let name = reader.string(parameter["name"], path: JSONPath.member(at, "name")),
                let type = reader.string(parameter["type"], path: JSONPath.member(at, "type"))
            else { return nil }
            return Parameter(
                name: name, label: reader.string(parameter["label"], path: JSONPath.member(at, "label")),
                type: type,
                defaultValue: defaultValue, required: required,
                description: reader.string(parameter["description"], path: JSONPath.member(at, "description")))
        }
        guard let signature = reader.string(item["signature"], path: JSONPath.member(at, "signature")) else {
            return nil
        }
        return Initializer(
            signature: signature,
            declaration: reader.string(item["declaration"], path: JSONPath.member(at, "declaration")),
            parameters: parameters)
    }

    /// A variant axis: its options (each once), the default among them, and how code sets it.
    static func axis(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> VariantAxis? {
        guard
            let axis = reader.object(
                value, path: at, allowed: ["name", "description", "appliedWith", "default", "options"],
                required: ["name", "options"])
        else { return nil }
        let options: [VariantOption] = list(axis["options"], path: JSONPath.member(at, "options"), reader: &reader) {
            value, at, reader in
            guard
                let option = reader.object(
                    value, path: at, allowed: ["name", "description", "style", "availability"], required: ["name"]),
                let name = reader.string(option["name"], path: JSONPath.member(at, "name"))
            else { return nil }
            return VariantOption(
                name: name,
                description: reader.string(option["description"], path: JSONPath.member(at, "description")),
                style: reader.name(option["style"], path: JSONPath.member(at, "style")),
                availability: reader.platforms(option["availability"], path: JSONPath.member(at, "availability"))
                    ?? [:])
        }
        guard let name = reader.string(axis["name"], path: JSONPath.member(at, "name")) else { return nil }
        let defaultOption = reader.string(axis["default"], path: JSONPath.member(at, "default"))
        if let defaultOption, !options.contains(where: { $0.name == defaultOption }), let value = axis["default"] {
            reader.report(
                "default \"\(defaultOption)\" is not one of the options (\(options.map(\.name).joined(separator: ", ")))",
                at: value, path: JSONPath.member(at, "default"))
        }
        var seen: Set<String> = []
        for option in options where !seen.insert(option.name).inserted {
            reader.report("option \"\(option.name)\" appears twice", at: value, path: at)
        }
        return VariantAxis(
            name: name, description: reader.string(axis["description"], path: JSONPath.member(at, "description")),
            appliedWith: reader.string(axis["appliedWith"], path: JSONPath.member(at, "appliedWith")),
            defaultOption: defaultOption, options: options)
    }

    /// A role, with its visual effect and VoiceOver hint.
    static func role(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> Role? {
        guard
            let role = reader.object(
                value, path: at, allowed: ["name", "visualEffect", "accessibilityHint"],
                required: ["name", "visualEffect"]),
            let name = reader.string(role["name"], path: JSONPath.member(at, "name")),
            let visual = reader.string(role["visualEffect"], path: JSONPath.member(at, "visualEffect"))
        else { return nil }
        return Role(
            name: name, visualEffect: visual,
            accessibilityHint: reader.string(
                role["accessibilityHint"], path: JSONPath.member(at, "accessibilityHint")))
    }

    /// An accessibility feature and what the component applies for it.
    static func accessibilityFeature(_ value: JSON, _ at: String, _ reader: inout DocumentReader)
        -> AccessibilityFeature?
    {
        guard
            let item = reader.object(
                value, path: at, allowed: ["feature", "behavior"], required: ["feature", "behavior"]),
            let feature = reader.string(item["feature"], path: JSONPath.member(at, "feature")),
            let behavior = reader.string(item["behavior"], path: JSONPath.member(at, "behavior"))
        else { return nil }
        return AccessibilityFeature(feature: feature, behavior: behavior)
    }

    /// A usage rule: its kind, severity (warning by default) and what it constrains.
    static func rule(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> UsageRule? {
        guard
            let rule = reader.object(
                value, path: at,
                allowed: ["id", "severity", "description", "kind", "axis", "options", "container", "limit"],
                required: ["id", "description", "kind"]),
            let id = reader.string(rule["id"], path: JSONPath.member(at, "id")),
            let description = reader.string(rule["description"], path: JSONPath.member(at, "description")),
            let kind = reader.choice(
                rule["kind"], path: JSONPath.member(at, "kind"), from: UsageRule.Kind.allCases.map(\.rawValue)
            ).flatMap(UsageRule.Kind.init(rawValue:))
        else { return nil }
        let options: [String] = list(rule["options"], path: JSONPath.member(at, "options"), reader: &reader) {
            value, at, reader in
            reader.string(value, path: at)
        }
        let limit = reader.number(rule["limit"], path: JSONPath.member(at, "limit"), in: 1...1000).map { Int($0) }
        return UsageRule(
            id: id,
            severity: reader.choice(
                rule["severity"], path: JSONPath.member(at, "severity"),
                from: UsageRule.Severity.allCases.reversed().map(\.rawValue)
            ).flatMap(UsageRule.Severity.init(rawValue:)) ?? .warning,
            description: description, kind: kind,
            axis: reader.string(rule["axis"], path: JSONPath.member(at, "axis")),
            options: options, container: reader.string(rule["container"], path: JSONPath.member(at, "container")),
            limit: limit)
    }

    /// A custom-style contract: the protocol and its configuration's properties.
    static func customStyle(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> CustomStyleContract? {
        guard
            let custom = reader.object(
                value, path: at, allowed: ["protocol", "declaration", "configuration"],
                required: ["protocol", "configuration"])
        else { return nil }
        let configuration: [ConfigurationProperty] = list(
            custom["configuration"], path: JSONPath.member(at, "configuration"), reader: &reader
        ) { value, at, reader in
            guard
                let item = reader.object(
                    value, path: at, allowed: ["name", "type", "description"],
                    required: ["name", "type", "description"]),
                let name = reader.string(item["name"], path: JSONPath.member(at, "name")),
                let type = reader.string(item["type"], path: JSONPath.member(at, "type")),
                let description = reader.string(item["description"], path: JSONPath.member(at, "description"))
            else { return nil }
            return ConfigurationProperty(name: name, type: type, description: description)
        }
        guard let conformance = reader.string(custom["protocol"], path: JSONPath.member(at, "protocol")) else {
            return nil
        }
        return CustomStyleContract(
            conformance: conformance,
            declaration: reader.string(custom["declaration"], path: JSONPath.member(at, "declaration")),
            configuration: configuration)
    }

    /// A named behaviour and its description.
    static func behavior(_ value: JSON, _ at: String, _ reader: inout DocumentReader) -> NamedText? {
        guard
            let item = reader.object(
                value, path: at, allowed: ["name", "description"], required: ["name", "description"]),
            let name = reader.string(item["name"], path: JSONPath.member(at, "name")),
            let description = reader.string(item["description"], path: JSONPath.member(at, "description"))
        else { return nil }
        return NamedText(name: name, description: description)
    }

    static func sample(_ value: JSON, path: String, reader: inout DocumentReader) -> CodeSample? {
        guard
            let item = reader.object(value, path: path, allowed: ["title", "description", "code"], required: ["code"]),
            let code = reader.string(item["code"], path: JSONPath.member(path, "code"))
        else { return nil }
        return CodeSample(
            title: reader.string(item["title"], path: JSONPath.member(path, "title")),
            description: reader.string(item["description"], path: JSONPath.member(path, "description")), code: code)
    }

    static func list<Element>(
        _ value: JSON?, path: String, reader: inout DocumentReader,
        element: (JSON, String, inout DocumentReader) -> Element?
    ) -> [Element] {
        guard let elements = reader.array(value, path: path) else { return [] }
        return elements.enumerated().compactMap { element($0.element, JSONPath.index(path, $0.offset), &reader) }
    }
}
