import CatalogModel

extension ThemeDiff {
    /// The format name of ``json(impact:)``.
    public static let jsonFormat = "catalog.theme-diff/2"

    /// The documented JSON form (`format: catalog.theme-diff/2`): deterministic, sorted,
    /// camelCase keys like every other JSON the catalog prints (format 1 used snake_case),
    /// each change as fields (`path`, `kind`, `old`, `new`).
    ///
    /// ```json
    /// { "format": "catalog.theme-diff/2", "from": "A", "to": "B", "breaking": true,
    ///   "breakingReasons": ["token a deleted"],
    ///   "summary": { "renamed": 1, "deprecated": 0, …, "dimensions": 1 },
    ///   "dimensions": [ { "path": "scale", "kind": "removed", "old": { "modes", "default" }, "new": null,
    ///                     "breaking": true, "message": "dimension scale removed (desktop, mobile)" } ],
    ///   "renamed": [ { "path": "b", "originalPath": "a", "type": "color", "id": "…",
    ///                  "changes": [ { "path": "$value.hex", "kind": "updated", "old": …, "new": … } ] } ],
    ///   "added": [ { "path": …, "type": …, "token": { …DTCG token… } } ], …,
    ///   "resolved": [ { "path": …, "mode": "dark", "old": …, "new": … } ],
    ///   "affected": { "styles": [ { "name", "version", "tokens" } ], "specs": [ { "name", "version", "styles" } ] } }
    /// ```
    public func json(impact: Impact?) -> JSON {
        var members: [(String, JSON)] = [
            ("format", .string(Self.jsonFormat)), ("from", .string(from)), ("to", .string(to)),
            ("breaking", .bool(isBreaking)), ("breakingReasons", .array(breakingReasons.map { .string($0) })),
            (
                "summary",
                .object(
                    Category.allCases.map { ($0.rawValue, .number(Double(entries($0).count))) } + [
                        ("resolved", .number(Double(resolved.count))),
                        ("dimensions", .number(Double(dimensionChanges.count))),
                    ])
            ),
            (
                "dimensions",
                .array(
                    dimensionChanges.map { change in
                        func modes(_ dimension: ModeDimension?) -> JSON {
                            dimension.map { value in
                                .object([
                                    ("modes", .array(value.modes.map { .string($0) })),
                                    ("default", .string(value.defaultMode)),
                                ])
                            } ?? .null
                        }
                        return .object([
                            ("path", .string(change.dimension)), ("kind", .string(change.kind.rawValue)),
                            ("old", modes(change.original)), ("new", modes(change.new)),
                            ("breaking", .bool(change.isBreaking)), ("message", .string(change.message)),
                        ])
                    })
            ),
        ]
        for category in Category.allCases {
            members.append((category.rawValue, .array(entries(category).map(Self.json))))
        }
        members.append(
            (
                "resolved",
                .array(
                    resolved.map {
                        .object([
                            ("path", .string($0.path)), ("mode", .string($0.mode.isEmpty ? "default" : $0.mode)),
                            ("old", $0.originalValue), ("new", $0.newValue),
                        ])
                    })
            ))
        if let impact {
            members.append(
                (
                    "affected",
                    .object([
                        (
                            "styles",
                            .array(
                                impact.styles.map {
                                    .object([
                                        ("name", .string($0.name)), ("version", .string($0.version.description)),
                                        ("tokens", .array($0.tokens.map { .string($0) })),
                                    ])
                                })
                        ),
                        (
                            "specs",
                            .array(
                                impact.specs.map {
                                    .object([
                                        ("name", .string($0.name)), ("version", .string($0.version.description)),
                                        ("styles", .array($0.styles.map { .string($0) })),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        return .object(members)
    }

    static func json(_ entry: Entry) -> JSON {
        var members: [(String, JSON)] = [("path", .string(entry.path))]
        if let original = entry.originalPath { members.append(("originalPath", .string(original))) }
        members.append(("type", .string(entry.type.rawValue)))
        if let id = entry.id { members.append(("id", .string(id))) }
        if [.added, .deleted, .readable, .unreadable].contains(entry.category)
            || (entry.category == .deprecated && entry.changes.isEmpty)
        {
            members.append(("token", entry.value))
        }
        if !entry.changes.isEmpty { members.append(("changes", .array(entry.changes.map(Self.json)))) }
        return .object(members)
    }

    static func json(_ change: PropertyChange) -> JSON {
        .object([
            ("path", .string(change.path)), ("kind", .string(change.changeType.rawValue)),
            ("old", change.originalValue ?? .null), ("new", change.newValue ?? .null),
        ])
    }
}
