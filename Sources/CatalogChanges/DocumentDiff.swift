import CatalogModel

/// Classified differences between two versions of a style or spec document.
public enum DocumentDiff {
    /// A style's changes: component, protocol or theme changed, a role, state or size
    /// removed, or availability narrowed are breaking; additions are additive; every other
    /// value (colors, metrics, animation, text) is cosmetic.
    public static func style(from old: JSON, to new: JSON) -> [ClassifiedChange] {
        var changes: [ClassifiedChange] = []
        for change in expandingCollections(JSONDiff.changes(from: stripped(old), to: stripped(new))) {
            let parts = change.path.split(separator: ".").map(String.init)
            let head = parts.first ?? ""
            if ["component", "protocol", "theme"].contains(head) {
                changes.append(
                    ClassifiedChange(
                        .breaking, "\(head) changed from \(text(change.originalValue)) to \(text(change.newValue))",
                        path: change.path, old: change.originalValue, new: change.newValue))
            } else if ["roles", "states", "sizes"].contains(head) && parts.count == 2 && change.changeType != .updated {
                let noun = ["roles": "role", "states": "state", "sizes": "size"][head]!
                changes.append(
                    change.changeType == .deleted
                        ? ClassifiedChange(
                            .breaking, "\(noun) \(parts[1]) removed", path: change.path, old: change.originalValue)
                        : ClassifiedChange(
                            .additive, "\(noun) \(parts[1]) added", path: change.path, new: change.newValue))
            } else if head == "availability" && parts.count == 2 {
                changes.append(availability(parts[1], change))
            } else {
                changes.append(
                    ClassifiedChange(
                        .cosmetic, "\(change.path): \(text(change.originalValue)) → \(text(change.newValue))",
                        path: change.path, old: change.originalValue, new: change.newValue))
            }
        }
        return changes.sorted()
    }

    /// A spec's changes, classified as DESIGN.md says: an option, parameter, role,
    /// initializer or platform removed, a required parameter added, a type or default
    /// changed, a platform minimum raised are breaking; new optional parameters, options,
    /// roles, states and platforms are additive; text is cosmetic.
    public static func spec(from old: ComponentSpec, to new: ComponentSpec, oldDocument: JSON, newDocument: JSON)
        -> [ClassifiedChange]
    {
        var changes: [ClassifiedChange] = []
        for platform in Set(old.platforms.keys).union(new.platforms.keys).sorted() {
            switch (old.platforms[platform], new.platforms[platform]) {
            case (let before?, nil):
                changes.append(
                    ClassifiedChange(
                        .breaking, "platform \(platform) (\(before)+) dropped", path: "platforms.\(platform)",
                        old: .string(before)))
            case (nil, let after?):
                changes.append(
                    ClassifiedChange(
                        .additive, "platform \(platform) \(after)+ added", path: "platforms.\(platform)",
                        new: .string(after)))
            case (let before?, let after?) where before != after:
                let raised = compareVersions(after, before) > 0
                changes.append(
                    ClassifiedChange(
                        raised ? .breaking : .additive,
                        "\(platform) minimum \(raised ? "raised" : "lowered") from \(before) to \(after)",
                        path: "platforms.\(platform)", old: .string(before), new: .string(after)))
            default: break
            }
        }
        if old.importModule != new.importModule {
            changes.append(
                ClassifiedChange(
                    .breaking, "import changed from \(old.importModule ?? "none") to \(new.importModule ?? "none")",
                    path: "import", old: old.importModule.map { .string($0) }, new: new.importModule.map { .string($0) }
                ))
        }
        changes += initializers(old.initializers, new.initializers)
        changes += axes(old.axes, new.axes)
        changes += named(old.roles.map(\.name), new.roles.map(\.name), noun: "role", in: "roles")
        for role in new.roles {
            if let before = old.roles.first(where: { $0.name == role.name }), before != role {
                changes.append(
                    ClassifiedChange(
                        .cosmetic, "role \(role.name) description changed", path: "roles.\(role.name)",
                        old: .string(before.visualEffect), new: .string(role.visualEffect)))
            }
        }
        changes += named(old.states, new.states, noun: "state", in: "states")
        for (before, after) in zip(old.customStyles, new.customStyles) where before.conformance == after.conformance {
            changes += named(
                before.configuration.map(\.name), after.configuration.map(\.name),
                noun: "\(after.conformance) configuration property",
                in: "customStyles.\(after.conformance).configuration")
        }
        let structural: Set<String> = [
            "name", "version", "platforms", "import", "initializers", "axes", "roles", "states", "customStyles",
        ]
        for change in JSONDiff.changes(from: stripped(oldDocument), to: stripped(newDocument)) {
            let head = String(change.path.prefix { $0 != "." && $0 != "[" })
            if !structural.contains(head) {
                changes.append(
                    ClassifiedChange(
                        .cosmetic, "\(change.path) changed", path: change.path, old: change.originalValue,
                        new: change.newValue))
            }
        }
        return changes.sorted()
    }

    private static func initializers(_ old: [Initializer], _ new: [Initializer]) -> [ClassifiedChange] {
        var changes: [ClassifiedChange] = []
        var unmatched = new
        func requiredShape(_ initializer: Initializer) -> [String] {
            initializer.parameters.filter(\.required).map { $0.label ?? $0.name }
        }
        for before in old {
            let index =
                unmatched.firstIndex { $0.signature == before.signature }
                ?? unmatched.firstIndex { requiredShape($0) == requiredShape(before) }
            guard let index else {
                changes.append(
                    ClassifiedChange(
                        .breaking, "initializer \(before.signature) removed", path: "initializers.\(before.signature)",
                        old: .string(before.signature)))
                continue
            }
            let after = unmatched.remove(at: index)
            let at = "initializers.\(after.signature)"
            for parameter in before.parameters {
                guard let match = after.parameters.first(where: { $0.name == parameter.name }) else {
                    changes.append(
                        ClassifiedChange(
                            .breaking, "parameter \(parameter.name) of \(before.signature) removed",
                            path: "\(at).\(parameter.name)", old: .string(parameter.type)))
                    continue
                }
                changes += parameterChanges(parameter, match, path: "\(at).\(parameter.name)")
            }
            for parameter in after.parameters where !before.parameters.contains(where: { $0.name == parameter.name }) {
                let path = "\(at).\(parameter.name)"
                changes.append(
                    parameter.required
                        ? ClassifiedChange(
                            .breaking, "required parameter \(parameter.name) added to \(after.signature)", path: path,
                            new: .string(parameter.type))
                        : ClassifiedChange(
                            .additive, "optional parameter \(parameter.name) added to \(after.signature)", path: path,
                            new: .string(parameter.type)))
            }
        }
        for initializer in unmatched {
            changes.append(
                ClassifiedChange(
                    .additive, "initializer \(initializer.signature) added",
                    path: "initializers.\(initializer.signature)",
                    new: .string(initializer.signature)))
        }
        return changes
    }

    /// How one parameter of an initializer changed: its type, default, whether it is
    /// required, its label (breaking but for becoming optional), its description (cosmetic).
    private static func parameterChanges(_ parameter: Parameter, _ match: Parameter, path: String)
        -> [ClassifiedChange]
    {
        func text(_ value: String?) -> JSON? { value.map { .string($0) } }
        var changes: [ClassifiedChange] = []
        if match.type != parameter.type {
            changes.append(
                ClassifiedChange(
                    .breaking,
                    "parameter \(parameter.name) type changed from \(parameter.type) to \(match.type)",
                    path: path + ".type", old: .string(parameter.type), new: .string(match.type)))
        }
        if match.defaultValue != parameter.defaultValue && !match.required && !parameter.required {
            changes.append(
                ClassifiedChange(
                    .breaking,
                    "parameter \(parameter.name) default changed from \(parameter.defaultValue ?? "none") to \(match.defaultValue ?? "none")",
                    path: path + ".default", old: text(parameter.defaultValue), new: text(match.defaultValue)))
        }
        if match.required != parameter.required {
            let (old, new) = (JSON(.bool(parameter.required)), JSON(.bool(match.required)))
            changes.append(
                match.required
                    ? ClassifiedChange(
                        .breaking, "parameter \(parameter.name) became required", path: path + ".required",
                        old: old, new: new)
                    : ClassifiedChange(
                        .additive, "parameter \(parameter.name) became optional", path: path + ".required",
                        old: old, new: new))
        }
        if (match.label ?? match.name) != (parameter.label ?? parameter.name) {
            changes.append(
                ClassifiedChange(
                    .breaking, "parameter \(parameter.name) label changed", path: path + ".label",
                    old: .string(parameter.label ?? parameter.name), new: .string(match.label ?? match.name)))
        }
        if match.description != parameter.description {
            changes.append(
                ClassifiedChange(
                    .cosmetic, "parameter \(parameter.name) description changed", path: path + ".description",
                    old: text(parameter.description), new: text(match.description)))
        }
        return changes
    }

    private static func axes(_ old: [VariantAxis], _ new: [VariantAxis]) -> [ClassifiedChange] {
        var changes = named(old.map(\.name), new.map(\.name), noun: "axis", in: "axes")
        for before in old {
            guard let after = new.first(where: { $0.name == before.name }) else { continue }
            if before.defaultOption != after.defaultOption {
                changes.append(
                    ClassifiedChange(
                        .breaking,
                        "axis \(before.name) default changed from \(before.defaultOption ?? "none") to \(after.defaultOption ?? "none")",
                        path: "axes.\(before.name).default", old: before.defaultOption.map { .string($0) },
                        new: after.defaultOption.map { .string($0) }))
            }
            changes += named(
                before.options.map(\.name), after.options.map(\.name), noun: "\(before.name) option",
                in: "axes.\(before.name).options")
            for option in after.options {
                guard let previous = before.options.first(where: { $0.name == option.name }), previous != option else {
                    continue
                }
                for platform in Set(previous.availability.keys).union(option.availability.keys).sorted() {
                    if let was = previous.availability[platform], let now = option.availability[platform],
                        compareVersions(now, was) > 0
                    {
                        changes.append(
                            ClassifiedChange(
                                .breaking,
                                "\(before.name) option \(option.name) needs \(platform) \(now) instead of \(was)",
                                path: "axes.\(before.name).options.\(option.name).availability.\(platform)",
                                old: .string(was), new: .string(now)))
                    } else if previous.availability[platform] == nil, let now = option.availability[platform] {
                        changes.append(
                            ClassifiedChange(
                                .breaking, "\(before.name) option \(option.name) now needs \(platform) \(now)",
                                path: "axes.\(before.name).options.\(option.name).availability.\(platform)",
                                new: .string(now)))
                    }
                }
                if previous.style != option.style || previous.description != option.description {
                    changes.append(
                        ClassifiedChange(
                            .cosmetic, "\(before.name) option \(option.name) changed",
                            path: "axes.\(before.name).options.\(option.name)",
                            old: .string(previous.style ?? previous.description ?? ""),
                            new: .string(option.style ?? option.description ?? "")))
                }
            }
        }
        return changes
    }

    /// A whole `roles`, `states`, `sizes` or `availability` object added or removed becomes
    /// one change per member, so that each is classified on its own.
    private static func expandingCollections(_ changes: [PropertyChange]) -> [PropertyChange] {
        changes.flatMap { change -> [PropertyChange] in
            guard ["roles", "states", "sizes", "availability"].contains(change.path), change.changeType != .updated,
                let members = (change.originalValue ?? change.newValue)?.object
            else { return [change] }
            return members.map { member in
                PropertyChange(
                    path: "\(change.path).\(member.key)", changeType: change.changeType,
                    originalValue: change.changeType == .deleted ? member.value : nil,
                    newValue: change.changeType == .added ? member.value : nil)
            }
        }
    }

    private static func named(_ old: [String], _ new: [String], noun: String, in collection: String)
        -> [ClassifiedChange]
    {
        old.filter { !new.contains($0) }.map {
            ClassifiedChange(.breaking, "\(noun) \($0) removed", path: "\(collection).\($0)", old: .string($0))
        }
            + new.filter { !old.contains($0) }.map {
                ClassifiedChange(.additive, "\(noun) \($0) added", path: "\(collection).\($0)", new: .string($0))
            }
    }

    private static func availability(_ platform: String, _ change: PropertyChange) -> ClassifiedChange {
        switch change.changeType {
        case .added:
            return ClassifiedChange(
                .breaking, "now needs \(platform) \(text(change.newValue))", path: change.path, new: change.newValue)
        case .deleted:
            return ClassifiedChange(
                .additive, "no longer needs \(platform) \(text(change.originalValue))", path: change.path,
                old: change.originalValue)
        case .updated:
            let raised = compareVersions(change.newValue?.string ?? "", change.originalValue?.string ?? "") > 0
            return ClassifiedChange(
                raised ? .breaking : .additive,
                "\(platform) availability \(raised ? "raised" : "lowered") from \(text(change.originalValue)) to \(text(change.newValue))",
                path: change.path, old: change.originalValue, new: change.newValue)
        }
    }

    /// Dotted numeric versions compared part by part (`18.0` < `18.1` < `26`).
    static func compareVersions(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: ".").map { Int($0) ?? 0 }
        let right = b.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The document without the fields every version differs in or editors add.
    static func stripped(_ document: JSON) -> JSON {
        JSON(.object((document.object ?? []).filter { !["$schema", "$comment", "version"].contains($0.key) }))
    }

    static func text(_ value: JSON?) -> String {
        guard let value else { return "(none)" }
        return value.string ?? value.serialized()
    }
}

extension ThemeDiff {
    /// The diff's changes classified for versioning: deleted, renamed or newly unreadable
    /// tokens and type changes are breaking; added, deprecated, reverted and newly readable
    /// tokens are additive; value changes (direct or through aliases) are cosmetic.
    public var classified: [ClassifiedChange] {
        var changes: [ClassifiedChange] = dimensionChanges.map { change in
            ClassifiedChange(
                change.isBreaking ? .breaking : .additive, change.message, path: change.dimension,
                old: change.original.map { .array($0.modes.map { .string($0) }) },
                new: change.new.map { .array($0.modes.map { .string($0) }) })
        }
        for entry in entries {
            let gone = entry.category == .deleted || entry.category == .unreadable
            let old =
                entry.category == .added || entry.category == .readable ? nil : (gone ? entry.value : entry.original)
            let new = gone ? nil : entry.value
            let message: String
            switch entry.category {
            case .deleted: message = "token \(entry.path) deleted"
            case .renamed: message = "token \(entry.originalPath ?? "?") renamed to \(entry.path)"
            case .unreadable: message = "token \(entry.path) became unreadable (flagged)"
            case _ where entry.isBreaking: message = "token \(entry.path) changed type"
            case .added: message = "token \(entry.path) added"
            case .readable: message = "token \(entry.path) became readable (was flagged)"
            case .deprecated: message = "token \(entry.path) deprecated"
            case .reverted: message = "token \(entry.path) no longer deprecated"
            default: message = "token \(entry.path) value changed"
            }
            let level: ChangeLevel =
                entry.isBreaking
                ? .breaking
                : ([.added, .deprecated, .reverted, .readable].contains(entry.category) ? .additive : .cosmetic)
            changes.append(ClassifiedChange(level, message, path: entry.path, old: old, new: new))
        }
        if !resolved.isEmpty {
            changes.append(
                ClassifiedChange(
                    .cosmetic, "\(Set(resolved.map(\.path)).count) resolved values changed through aliases",
                    path: "resolved"))
        }
        return changes.sorted()
    }
}
