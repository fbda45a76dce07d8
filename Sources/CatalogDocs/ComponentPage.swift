import CatalogModel

/// A component spec's page, for every format: modelled on the DFButton reference page
/// (import, quick start, initializers, variants with how each looks, roles, the disabled
/// state, full-width buttons, accessibility, custom style setup, rules, behaviour and
/// examples).
extension PageContent {
    static func component(_ spec: ComponentSpec, input: DocsInput, facts: [String: StyleFacts]) -> PageContent {
        var page = PageContent(title: spec.name, subtitle: [.text("\(spec.system) · version \(spec.version)")])
        page.paragraph(spec.summary)
        page.paragraph(spec.description)
        var rows: [Row] = []
        if !spec.platforms.isEmpty {
            rows.append(Row([[.text("Minimum platform")], [.text(platforms(spec.platforms))]]))
        }
        if let declaration = spec.declaration { rows.append(Row([[.text("Declaration")], [.code(declaration)]])) }
        rows.append(
            Row([
                [.text("Roles")], [.text(spec.roles.isEmpty ? "none" : spec.roles.map(\.name).joined(separator: ", "))],
            ]))
        if !spec.states.isEmpty { rows.append(Row([[.text("States")], [.text(spec.states.joined(separator: ", "))]])) }
        if let module = spec.importModule {
            page.heading(2, [.text("Import")], anchor: "import")
            page.blocks.append(.code("import \(module)"))
        }
        page.heading(2, [.text("Facts")], anchor: "facts")
        page.blocks.append(.table(header: ["Fact", "Value"], rows: rows))
        if let quickStart = spec.quickStart {
            page.heading(2, [.text("Quick Start")], anchor: "quick-start")
            page.blocks.append(.code(quickStart.code))
            page.paragraph(quickStart.description)
        }
        if !spec.initializers.isEmpty {
            page.heading(2, [.text("Initializer Reference")], anchor: "initializers")
            for initializer in spec.initializers {
                page.blocks.append(
                    initializer.declaration.map { .code($0) } ?? .paragraph([.code(initializer.signature)]))
                page.blocks.append(
                    .table(
                        header: ["Parameter", "Type", "Default", "Description"],
                        rows: initializer.parameters.map { parameter in
                            Row([
                                [.text(parameter.name)], [.code(parameter.type)],
                                parameter.required ? [.text("required")] : [.code(parameter.defaultValue ?? "")],
                                [.text(parameter.description ?? "")],
                            ])
                        }))
            }
        }
        for axis in spec.axes { page.variants(axis, facts: facts) }
        if !spec.roles.isEmpty {
            page.heading(2, [.text("Button Roles")], anchor: "roles")
            page.blocks.append(
                .table(
                    header: ["Role", "Visual effect", "VoiceOver hint"],
                    rows: spec.roles.map { role in
                        Row(
                            [
                                [.code("." + role.name)], [.text(role.visualEffect)],
                                [.text(role.accessibilityHint ?? "No hint")],
                            ],
                            anchor: "role-" + role.name)
                    }))
        }
        page.disabledState(spec, input: input)
        if let fullWidth = spec.fullWidth {
            page.heading(2, [.text("Full-Width Buttons")], anchor: "full-width")
            page.blocks.append(.code(fullWidth.code))
            page.paragraph(fullWidth.description)
        }
        if !spec.accessibility.isEmpty {
            page.heading(2, [.text("Accessibility")], anchor: "accessibility")
            page.blocks.append(
                .table(
                    header: ["Feature", "What is applied"],
                    rows: spec.accessibility.map { Row([[.text($0.feature)], [.text($0.behavior)]]) }))
        }
        for custom in spec.customStyles {
            page.heading(
                2, [.text("Custom Styles: "), .code(custom.conformance)], anchor: "custom-" + custom.conformance)
            if let declaration = custom.declaration { page.blocks.append(.code(declaration)) }
            page.blocks.append(.paragraph([.text("The configuration exposes:")]))
            page.blocks.append(
                .table(
                    header: ["Property", "Type", "Description"],
                    rows: custom.configuration.map {
                        Row([[.text($0.name)], [.code($0.type)], [.text($0.description)]])
                    }
                ))
        }
        let published = input.styles.filter { $0.component == spec.name && facts[$0.name]?.isCustom == true }
        if !published.isEmpty {
            page.heading(2, [.text("Published Custom Styles")], anchor: "custom-styles")
            page.blocks.append(.paragraph([.text("Published on their own for \(spec.name).")]))
            for style in published {
                page.heading(3, [.text("\(style.name) \(style.version)")], anchor: "style-" + style.name)
                var line: [Inline] = [.text("Drawn by "), .link(style.name, .style(style.name)), .text(".")]
                if let code = facts[style.name]?.code, !code.isEmpty {
                    line += [.text(" In code: ")] + Self.joined(code.map { .code($0) }) + [.text(".")]
                }
                page.blocks.append(.paragraph(line))
                page.blocks.append(.styleAppearance(style.name))
            }
        }
        if !spec.rules.isEmpty {
            page.heading(2, [.text("Usage Rules")], anchor: "rules")
            page.blocks.append(
                .table(
                    header: ["Rule", "Severity", "Description"],
                    rows: spec.rules.map {
                        Row(
                            [[.code($0.id)], [.strong($0.severity.rawValue)], [.text($0.description)]],
                            anchor: "rule-" + $0.id)
                    }))
        }
        if !spec.behaviors.isEmpty {
            page.heading(2, [.text("Behaviour")], anchor: "behaviour")
            page.blocks.append(.list(spec.behaviors.map { [.strong($0.name), .text(": " + $0.description)] }))
        }
        if !spec.examples.isEmpty {
            page.heading(2, [.text("Code Examples")], anchor: "examples")
            for (index, example) in spec.examples.enumerated() {
                page.heading(3, [.text(example.title ?? "Example")], anchor: "example-\(index + 1)")
                page.paragraph(example.description)
                page.blocks.append(.code(example.code))
            }
        }
        return page
    }

    /// An axis's options, each with its description, availability, and the style that draws it.
    private mutating func variants(_ axis: VariantAxis, facts: [String: StyleFacts]) {
        heading(2, [.text("\(Self.title(axis.name)) Variants")], anchor: "axis-" + axis.name)
        paragraph(axis.description)
        if let applied = axis.appliedWith {
            var line: [Inline] = [.text("Set with "), .code(applied), .text(".")]
            if let option = axis.defaultOption { line += [.text(" The default is "), .code(option), .text(".")] }
            blocks.append(.paragraph(line))
        }
        for option in axis.options {
            var title: [Inline] = [.text("\(Self.title(option.name)) — "), .code("." + option.name)]
            if option.name == axis.defaultOption { title.append(.text(" (default)")) }
            if !option.availability.isEmpty { title.append(.text(" (\(Self.platforms(option.availability)))")) }
            heading(3, title, anchor: "option-" + axis.name + "-" + option.name)
            paragraph(option.description)
            if let name = option.style, facts[name] != nil {
                var line: [Inline] = [.text("Drawn by "), .link(name, .style(name)), .text(".")]
                if let code = facts[name]?.code, !code.isEmpty {
                    line += [.text(" In code: ")] + Self.joined(code.map { .code($0) }) + [.text(".")]
                }
                blocks.append(.paragraph(line))
                blocks.append(.styleAppearance(name))
            }
        }
    }

    /// Each styled option's disabled look in its theme.
    private mutating func disabledState(_ spec: ComponentSpec, input: DocsInput) {
        let styled = spec.axes.flatMap(\.options).compactMap { option in
            option.style.flatMap(input.style(named:)).map { (option.name, $0) }
        }
        guard spec.states.contains("disabled"), !styled.isEmpty else { return }
        var rows: [Row] = []
        for (option, style) in styled {
            guard let theme = input.theme(for: style),
                let resolved = try? StyleResolver(style: style, theme: theme).resolve(.init(state: "disabled"))
            else { continue }
            rows.append(
                Row([
                    [.link(Self.title(option), .style(style.name))], [.text(DocsFormat.background(resolved))],
                    [.text(resolved.foreground.map(DocsFormat.paint) ?? "inherited")],
                    [.text(DocsFormat.border(resolved))], [.text(JSON.format(resolved.opacity))],
                ]))
        }
        guard !rows.isEmpty else { return }
        heading(2, [.text("Disabled State")], anchor: "disabled")
        blocks.append(.table(header: ["Style", "Background", "Foreground", "Border", "Opacity"], rows: rows))
    }

    /// Inline pieces separated by commas.
    static func joined(_ pieces: [Inline]) -> [Inline] {
        pieces.enumerated().flatMap { index, piece in index == 0 ? [piece] : [.text(", "), piece] }
    }
}
