import CatalogModel

/// One JSON document with everything a custom doc generator needs (see
/// `Schemas/docs.schema.json`, format `catalog.docs/1`): every spec and style document,
/// every theme's tokens with resolved values per mode, and every style's resolved
/// appearance per state, role and documented mode. Keys keep a fixed order; arrays are
/// sorted by name, so the same catalog gives the same bytes.
package struct JSONExporter {
    package let input: DocsInput

    /// An exporter over `input`.
    package init(input: DocsInput) { self.input = input }

    /// The document; `documents` maps style and spec names to their stored JSON.
    package func document(styleDocuments: [String: JSON], specDocuments: [String: JSON]) -> JSON {
        .object([
            ("format", .string("catalog.docs/1")),
            (
                "specs",
                .array(
                    input.specs.map { spec in
                        .object([
                            ("name", .string(spec.name)), ("version", .string(spec.version.description)),
                            ("system", .string(spec.system)),
                            ("document", specDocuments[spec.name] ?? .null),
                        ])
                    })
            ),
            ("styles", .array(input.styles.map { style($0, document: styleDocuments[$0.name]) })),
            ("themes", .array(input.themes.map(theme))),
        ])
    }

    func style(_ style: StyleDefinition, document: JSON?) -> JSON {
        let facts = StyleFacts(style, input: input, drawn: false)
        var appearances: [JSON] = []
        var unresolved: [JSON] = []
        for cell in facts.cells {
            let place: [(String, JSON)] = [
                ("mode", .string(cell.mode.label)), ("role", cell.role.map { .string($0) } ?? .null),
                ("state", .string(cell.state)),
            ]
            guard let resolved = cell.resolved else {
                unresolved.append(.object(place + [("problem", .string(cell.problem ?? ""))]))
                continue
            }
            appearances.append(
                .object(
                    place + [("background", .string(resolved.background.text))]
                        + (resolved.glass.map { [("glass", .string($0.text))] } ?? []) + [
                            ("foreground", .string(resolved.foreground?.text ?? "inherited")),
                            (
                                "border",
                                resolved.border.map {
                                    .object([("width", .number($0.width.points)), ("color", .string($0.paint.text))])
                                } ?? .null
                            ),
                            ("opacity", .number(resolved.opacity)), ("scale", .number(resolved.scale)),
                            ("cornerRadius", resolved.cornerRadius.map { .number($0.points) } ?? .null),
                            ("fontWeight", resolved.font?.weight.map { .number($0) } ?? .null),
                        ]))
        }
        return .object([
            ("name", .string(style.name)), ("version", .string(style.version.description)),
            ("component", .string(style.component)),
            ("theme", (input.themeOverride ?? style.theme).map { .string($0) } ?? .null),
            ("custom", .bool(facts.isCustom)), ("code", .array(facts.code.map { .string($0) })),
            ("document", document ?? .null),
            ("resolved", .array(appearances)), ("unresolved", .array(unresolved)),
        ])
    }

    func theme(_ theme: Theme) -> JSON {
        let resolver = TokenResolver(theme: theme)
        let naming = ModeNaming(theme.dimensions)
        // Resolved values by "default" and by each mode's name (`dimension=mode` where shared).
        let contexts: [(label: String, context: ModeContext)] =
            [("default", ModeContext())] + theme.modeKeys.map { (naming.name($0), ModeContext($0)) }
        let values = contexts.map { resolver.resolveAll(in: $0.context).values }
        return .object([
            ("name", .string(theme.name)), ("version", .string(theme.version.description)),
            ("description", theme.description.map { .string($0) } ?? .null),
            ("tokenCount", .number(Double(input.tokenCount(of: theme).total))),
            ("partial", input.partialNote(for: theme).map { .string($0) } ?? .null),
            ("refusedTokenCount", .number(Double(theme.refusedTokens.count))),
            (
                "dimensions",
                .array(
                    theme.dimensions.map {
                        .object([
                            ("name", .string($0.name)), ("modes", .array($0.modes.map { .string($0) })),
                            ("default", .string($0.defaultMode)),
                        ])
                    })
            ),
            (
                "tokens",
                .array(
                    theme.tokens.map { token in
                        .object([
                            ("path", .string(token.path)), ("type", .string(token.type.rawValue)),
                            ("description", token.description.map { .string($0) } ?? .null),
                            (
                                "deprecated",
                                token.deprecation.map { $0.reason.map { .string($0) } ?? .bool(true) } ?? .bool(false)
                            ),
                            ("aliasOf", token.aliasTarget.map { .string($0) } ?? .null),
                            (
                                "resolved",
                                .object(
                                    zip(contexts, values).compactMap { context, value -> (String, JSON)? in
                                        value[token.path].map { (context.label, $0) }
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
