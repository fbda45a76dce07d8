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
        page.introduction(spec)
        page.initializers(spec)
        for axis in spec.axes { page.variants(axis, facts: facts) }
        page.roles(spec)
        page.disabledState(spec, input: input)
        page.sample("Full-Width Buttons", anchor: "full-width", spec.fullWidth)
        if !spec.accessibility.isEmpty {
            page.heading(2, [.text("Accessibility")], anchor: "accessibility")
            page.blocks.append(
                .table(
                    header: ["Feature", "What is applied"],
                    rows: spec.accessibility.map { Row([[.text($0.feature)], [.text($0.behavior)]]) }))
        }
        page.customStyles(spec, input: input, facts: facts)
        page.rulesAndExamples(spec)
        return page
    }

    /// The import, the facts table and the quick start.
    private mutating func introduction(_ spec: ComponentSpec) {
        if let module = spec.importModule {
            heading(2, [.text("Import")], anchor: "import")
            blocks.append(.code("import \(module)"))
            paragraph(
                "The design system's own module. The package that catalog export swift generates from a theme is "
                    + "another module, named with each style below.")
        }
        var rows: [Row] = []
        if !spec.platforms.isEmpty {
            rows.append(Row([[.text("Minimum platform")], [.text(PlatformVersions.text(spec.platforms))]]))
        }
        if let declaration = spec.declaration { rows.append(Row([[.text("Declaration")], [.code(declaration)]])) }
        let roles = spec.roles.isEmpty ? "none" : spec.roles.map(\.name).joined(separator: ", ")
        rows.append(Row([[.text("Roles")], [.text(roles)]]))
        if !spec.states.isEmpty { rows.append(Row([[.text("States")], [.text(spec.states.joined(separator: ", "))]])) }
        heading(2, [.text("Facts")], anchor: "facts")
        blocks.append(.table(header: ["Fact", "Value"], rows: rows))
        sample("Quick Start", anchor: "quick-start", spec.quickStart)
    }

    /// A titled code sample and what it says, when the spec has it.
    private mutating func sample(_ title: String, anchor: String, _ sample: CodeSample?) {
        guard let sample else { return }
        heading(2, [.text(title)], anchor: anchor)
        blocks.append(.code(sample.code))
        paragraph(sample.description)
    }

    /// Each initializer's declaration and its parameters.
    private mutating func initializers(_ spec: ComponentSpec) {
        guard !spec.initializers.isEmpty else { return }
        heading(2, [.text("Initializer Reference")], anchor: "initializers")
        for initializer in spec.initializers {
            blocks.append(initializer.declaration.map { .code($0) } ?? .paragraph([.code(initializer.signature)]))
            blocks.append(
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

    /// The roles, with what each changes and says to VoiceOver.
    private mutating func roles(_ spec: ComponentSpec) {
        guard !spec.roles.isEmpty else { return }
        heading(2, [.text("Button Roles")], anchor: "roles")
        blocks.append(
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

    /// How to write a custom style (the protocol and its configuration), then the custom
    /// styles published for the component.
    private mutating func customStyles(_ spec: ComponentSpec, input: DocsInput, facts: [String: StyleFacts]) {
        for custom in spec.customStyles {
            heading(2, [.text("Custom Styles: "), .code(custom.conformance)], anchor: "custom-" + custom.conformance)
            if let declaration = custom.declaration { blocks.append(.code(declaration)) }
            blocks.append(.paragraph([.text("The configuration exposes:")]))
            blocks.append(
                .table(
                    header: ["Property", "Type", "Description"],
                    rows: custom.configuration.map {
                        Row([[.text($0.name)], [.code($0.type)], [.text($0.description)]])
                    }
                ))
        }
        let published = input.styles.filter { $0.component == spec.name && facts[$0.name]?.isCustom == true }
        guard !published.isEmpty else { return }
        heading(2, [.text("Published Custom Styles")], anchor: "custom-styles")
        blocks.append(.paragraph([.text("Published on their own for \(spec.name).")]))
        for style in published {
            heading(3, [.text("\(style.name) \(style.version)")], anchor: "style-" + style.name)
            drawnBy(style.name, facts: facts)
        }
    }

    /// The usage rules, behaviour and code examples.
    private mutating func rulesAndExamples(_ spec: ComponentSpec) {
        if !spec.rules.isEmpty {
            heading(2, [.text("Usage Rules")], anchor: "rules")
            blocks.append(
                .table(
                    header: ["Rule", "Severity", "Description"],
                    rows: spec.rules.map {
                        Row(
                            [[.code($0.id)], [.strong($0.severity.rawValue)], [.text($0.description)]],
                            anchor: "rule-" + $0.id)
                    }))
        }
        if !spec.behaviors.isEmpty {
            heading(2, [.text("Behaviour")], anchor: "behaviour")
            blocks.append(.list(spec.behaviors.map { [.strong($0.name), .text(": " + $0.description)] }))
        }
        guard !spec.examples.isEmpty else { return }
        heading(2, [.text("Code Examples")], anchor: "examples")
        for (index, example) in spec.examples.enumerated() {
            heading(3, [.text(example.title ?? "Example")], anchor: "example-\(index + 1)")
            paragraph(example.description)
            blocks.append(.code(example.code))
        }
    }

    /// The style that draws an option, how code applies it, and how it looks.
    private mutating func drawnBy(_ name: String, facts: [String: StyleFacts]) {
        var line: [Inline] = [.text("Drawn by "), .link(name, .style(name)), .text(".")]
        if let code = facts[name]?.code, !code.isEmpty {
            line += [.text(" In the design system's API: ")] + Self.joined(code.map { .code($0) }) + [.text(".")]
        }
        if let generated = facts[name]?.generated {
            line += [
                .text(" With the generated package: "), .code(generated.import), .text(" and "),
                .code(generated.modifier), .text("."),
            ]
        }
        blocks.append(.paragraph(line))
        blocks.append(.styleAppearance(name))
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
            if !option.availability.isEmpty { title.append(.text(" (\(PlatformVersions.text(option.availability)))")) }
            heading(3, title, anchor: "option-" + axis.name + "-" + option.name)
            paragraph(option.description)
            if let name = option.style, facts[name] != nil { drawnBy(name, facts: facts) }
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
                    [.text(resolved.foreground.map(ResolvedStyleText.paint) ?? "inherited")],
                    [.text(ResolvedStyleText.border(resolved))], [.text(JSON.format(resolved.opacity))],
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
