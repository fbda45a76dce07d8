import CatalogModel

/// A style's page, for every format: what its theme cannot draw (once, at the top), its
/// appearance per mode (previews of every state × role and their resolved values, then
/// the legend of what the drawings approximate), its facts, control sizes and the tokens
/// it uses.
extension PageContent {
    /// What the previews approximate, said under them on every style page.
    static let approximations = """
        Drawn from resolved values. Materials are approximated as a translucent white (light) or dark gray (dark) fill \
        over a striped backdrop, so that they show on a page of their own color; Liquid Glass as that backdrop blurred \
        inside the shape, tinted, with a sheen and a rim. Over a backdrop, contrast (≈) is measured against the \
        backdrop's mean color. Loading draws a spinner in place of the label; focus adds the keyboard focus ring. Label \
        widths are estimated. Contrast is the WCAG 2 ratio of the label against what it sits on, given under each \
        preview; an enabled state under the 4.5:1 of WCAG AA is marked (3:1 is enough for text from 18 pt, or 14 pt \
        bold; disabled controls are exempt).
        """

    /// The page of the style `facts` describe; `shown` are the tokens its theme's page
    /// shows (and anchors), which the tokens it uses link to.
    static func style(_ facts: StyleFacts, input: DocsInput, shown: Set<String>, hasSpecPage: Bool) -> PageContent {
        let style = facts.style
        var page = PageContent(
            title: style.name,
            subtitle: [
                .code(style.conformance), .text(" for "), .code(style.component), .text(" · version \(style.version)"),
            ])
        page.paragraph(style.description)
        if let warning = facts.missingWarning(themeName: input.themeOverride ?? style.theme) {
            page.blocks.append(warning)
        }
        page.heading(2, [.text("Appearance")], anchor: "appearance")
        page.blocks.append(.stylePreviews(style.name))
        page.heading(2, [.text("Facts")], anchor: "facts")
        page.blocks.append(.table(header: ["Fact", "Value"], rows: facts.factRows(hasSpecPage: hasSpecPage)))
        if !facts.sizes.isEmpty {
            page.heading(2, [.text("Control sizes")], anchor: "sizes")
            page.blocks.append(.table(header: StyleFacts.sizeHeader, rows: facts.sizeRows))
        }
        let references = style.tokenReferences
        if !references.isEmpty {
            page.heading(2, [.text("Tokens used")], anchor: "tokens")
            page.blocks.append(
                .table(
                    header: ["Token", "Where"],
                    rows: references.map { path, token in
                        let name: [Inline]
                        if let theme = facts.theme, shown.contains(token) {
                            name = [.link(token, .theme(theme.name), anchor: "token-" + token)]
                        } else {
                            name = [.code(token)] + (facts.theme == nil ? [] : [.text(" (not in the theme)")])
                        }
                        return Row([name, [.code(path)]])
                    }))
        }
        if !style.chosen.isEmpty {
            page.blocks.append(
                .paragraph(
                    [.text("Values chosen by the catalog's authors rather than published: ")]
                        + joined(style.chosen.map { .code($0) }) + [.text(".")]))
        }
        return page
    }
}

extension StyleFacts {
    /// The columns of a mode's resolved values.
    static let valueHeader = ["Role", "State", "Background", "Foreground", "Border", "Opacity", "Scale", "Contrast"]

    /// Each role × state's resolved values in `mode`; a cell the theme cannot resolve says
    /// so and points to the note at the top, which names what is missing once.
    func valueRows(_ mode: Mode) -> [PageContent.Row] {
        var rows: [PageContent.Row] = []
        for role in roles {
            for state in states {
                guard let cell = cell(mode, role: role, state: state) else { continue }
                let head: [[PageContent.Inline]] = [[.text(role ?? "none")], [.text(state)]]
                guard let resolved = cell.resolved else {
                    rows.append(
                        PageContent.Row(
                            head + [[.text("not drawn: the theme lacks tokens (listed above)")]]
                                + Array(repeating: [], count: 5)))
                    continue
                }
                let values = [
                    DocsFormat.background(resolved), resolved.foreground.map(ResolvedStyleText.paint) ?? "inherited",
                    ResolvedStyleText.border(resolved), JSON.format(resolved.opacity), JSON.format(resolved.scale),
                    cell.preview?.caption ?? "",
                ]
                rows.append(PageContent.Row(head + values.map { [.text($0)] }))
            }
        }
        return rows
    }

    /// The columns of the control sizes table.
    static let sizeHeader = [
        "Size", "Font", "Horizontal padding", "Vertical padding", "Corner radius", "Min height", "Touch slop",
    ]

    /// Each control size the style defines, resolved in the first mode.
    var sizeRows: [PageContent.Row] {
        sizes.map { size, resolved in
            guard let resolved else {
                return PageContent.Row(
                    [[.text(size)], [.text("cannot be resolved in this theme")]] + Array(repeating: [], count: 5))
            }
            return PageContent.Row(
                [[.text(size)]]
                    + [
                        ResolvedStyleText.font(resolved.font), ResolvedStyleText.length(resolved.horizontalPadding),
                        ResolvedStyleText.length(resolved.verticalPadding),
                        ResolvedStyleText.length(resolved.cornerRadius), ResolvedStyleText.length(resolved.minHeight),
                        ResolvedStyleText.length(resolved.touchSlop),
                    ].map { [.text($0)] })
        }
    }

    /// What a page says once, at its top, when the theme cannot draw all of the style:
    /// every token reference that does not resolve, and how many previews that leaves out.
    func missingWarning(themeName: String?) -> PageContent.Block? {
        guard let theme else {
            return .warning(
                [.strong("Theme \(themeName ?? "(none)") is not in the catalog: nothing can be drawn.")], items: [],
                anchor: "missing")
        }
        let missing = cells.filter { $0.resolved == nil }.count
        guard missing > 0 else { return nil }
        let problems =
            unresolved.isEmpty
            ? self.problems.map { [PageContent.Inline.text($0.problem + " (\($0.cells))")] }
            : unresolved.map { [.code($0.jsonPath), .text(": " + $0.message)] }
        return .warning(
            [
                .strong(
                    "Theme \(theme.name) \(theme.version) does not give everything this style needs: "
                        + "\(missing) of \(cells.count) previews cannot be drawn.")
            ], items: problems, anchor: "missing")
    }
}
