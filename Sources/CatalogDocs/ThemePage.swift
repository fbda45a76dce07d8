import CatalogCodegen
import CatalogModel

/// A theme's page, for every format: its notes, description and facts (dimensions, the
/// styles drawn in it), then its tokens by type, each with its value in the context shown
/// first and in every mode that changes it, its Swift name and its notes. Markdown and
/// DocC draw the sections as tables; HTML as swatches, specimens, bars and boxes, with
/// context menus and a filter.
extension PageContent {
    /// `contextMenus`: the renderer lets a reader choose the context (HTML), so the page
    /// carries every token's value in every context, not only its columns.
    static func theme(_ theme: Theme, input: DocsInput, contextMenus: Bool) -> PageContent {
        let total = input.tokenCount(of: theme).total
        var page = PageContent(title: theme.name, subtitle: [.text("Version \(theme.version) · \(total) tokens")])
        for note in [input.partialNote(for: theme), input.refusedNote(for: theme)] {
            if let note { page.blocks.append(.note([.text(note)])) }
        }
        page.paragraph(theme.description)
        var rows = theme.dimensions.map { dimension in
            Row([
                [.text(dimension.name)],
                [
                    .text(
                        dimension.modes.map { $0 == dimension.defaultMode ? "\($0) (default)" : $0 }.joined(
                            separator: ", "))
                ],
            ])
        }
        let styles = input.styles.filter { (input.themeOverride ?? $0.theme) == theme.name }
        if !styles.isEmpty {
            var links: [Inline] = []
            for (index, style) in styles.enumerated() {
                if index > 0 { links.append(.text(", ")) }
                links.append(.link(style.name, .style(style.name)))
            }
            rows.append(Row([[.text("Styles drawn in it")], links]))
        }
        if !rows.isEmpty { page.blocks.append(.table(header: ["Fact", "Value"], rows: rows)) }
        page.blocks.append(.tokens(ThemePageTokens(theme, input: input, contextMenus: contextMenus)))
        return page
    }
}

/// The token sections of a theme page and what they draw from, computed once per page.
struct ThemePageTokens {
    /// A section shows at most this many tokens and says so when it has more (the JSON
    /// export and `theme show` list every token).
    static let sectionLimit = 2_000

    /// The sections' display order, by type; other types follow by name.
    static let sectionOrder: [(type: TokenType, title: String)] = [
        (.color, "Colors"), (.typography, "Typography"), (.dimension, "Dimensions"), (.shadow, "Shadows"),
    ]

    let theme: Theme
    /// With context menus, every token's value in every context (the menus read it);
    /// without, only what names the tokens as the generated package does.
    let contexts: SwiftTokenContexts
    /// The modes of the context shown first: the one `--mode` chose, else the defaults.
    let chosen: Set<ModeKey>
    /// The Swift names of each shown token: its namespaced constant, then its shortcut.
    let names: [String: [String]]
    let sections: [TokenSection]

    init(_ theme: Theme, input: DocsInput, contextMenus: Bool) {
        self.theme = theme
        let naming = ModeNaming(theme.dimensions)
        let base = input.combinesModes ? input.contexts(for: theme)[0].context : ModeContext()
        let chosen = base.chosen(in: theme)
        self.chosen = chosen
        let baseLabel = theme.dimensions.compactMap { dimension in
            chosen.first { $0.dimension == dimension.name }.map { naming.name($0) }
        }.joined(separator: ", ")
        // The context shown first, then every other mode of each dimension over it.
        let modes =
            [(baseLabel.isEmpty ? "default" : baseLabel + (input.combinesModes ? "" : " (default)"), base)]
            + theme.dimensions.flatMap { dimension in
                // A mode name several dimensions have is labelled `dimension=mode`.
                dimension.modes.filter { $0 != base.mode(for: dimension.name, in: theme) }.map {
                    var context = base
                    context.modes[dimension.name] = $0
                    return (naming.name(ModeKey(dimension.name, $0)), context)
                }
            }
        let contexts = SwiftTokenContexts(theme: theme, namesOnly: !contextMenus)
        self.contexts = contexts
        let resolver = TokenResolver(theme: theme)
        // Each column's values: from the contexts already resolved where the column is the
        // defaults or one mode over them, else resolved anew.
        let values = modes.map { _, context in
            context.modes.isEmpty
                ? contexts.defaults
                : input.combinesModes || !contextMenus
                    ? resolver.resolveAll(in: context).values : contexts.values(in: context, of: theme)
        }
        // Where a section is cut at `sectionLimit`, Swift names are given among the tokens
        // shown (the page is a part already).
        let shown = Self.shownTokens(theme)
        var named = theme
        if shown.count < theme.tokens.count { named.tokens = theme.tokens.filter { shown.contains($0.path) } }
        names = SwiftPackageExporter.codeNames(of: named, contexts: contexts)
        let byType = Dictionary(grouping: theme.tokens, by: \.type)
        sections = Self.sectionTypes(theme).map { type in
            let all = byType[type]!
            let tokens = Array(all.prefix(Self.sectionLimit))
            // Modes in which no token of the section differs from the first column are left out;
            // a section no mode changes has one column, for every mode.
            let differing = modes.indices.filter { index in
                index == 0 || tokens.contains { values[index][$0.path] != values[0][$0.path] }
            }
            let columns = differing.map { (label: modes[$0].0, values: values[$0]) }
            return TokenSection(
                type: type, total: all.count, tokens: tokens,
                columns: differing.count == 1 && modes.count > 1
                    ? [(label: "every mode", values: values[0])] : columns)
        }
    }

    /// The token types a theme's page has a section for, in display order.
    static func sectionTypes(_ theme: Theme) -> [TokenType] {
        let present = Set(theme.tokens.map(\.type))
        return sectionOrder.map(\.type).filter(present.contains)
            + present.filter { type in !sectionOrder.contains { $0.type == type } }.sorted {
                $0.rawValue < $1.rawValue
            }
    }

    /// The tokens a theme page shows (and anchors), in token order.
    static func shownTokens(_ theme: Theme) -> Set<String> {
        var counts: [TokenType: Int] = [:]
        var shown: Set<String> = []
        for token in theme.tokens {
            let count = counts[token.type, default: 0]
            if count < sectionLimit { shown.insert(token.path) }
            counts[token.type] = count + 1
        }
        return shown
    }

    /// A section's title in sentence case: `Colors`, `Font family`, `Cubic bezier`.
    static func title(ofType type: TokenType) -> String {
        if let title = sectionOrder.first(where: { $0.type == type })?.title { return title }
        var words = ""
        for character in type.rawValue {
            words += character.isUppercase ? " " + character.lowercased() : String(character)
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The Swift name a page shows for a token: its shortcut, else its namespaced constant.
    func swiftName(_ path: String) -> String? {
        guard let names = names[path] else { return nil }
        return names.count > 1 ? names[1] : names.first
    }

    /// What a reader should know of a token beside its value: deprecation, successor, the
    /// token it aliases, its description.
    static func notes(_ token: Token) -> [PageContent.Inline] {
        var notes: [[PageContent.Inline]] = []
        if let deprecation = token.deprecation {
            notes.append([.strong("deprecated")] + (deprecation.reason.map { [.text(": " + $0)] } ?? []))
        }
        if let successor = token.replacedBy { notes.append([.text("replaced by "), .code(successor)]) }
        if let alias = token.aliasTarget { notes.append([.text("alias of "), .code(alias)]) }
        if let description = token.description, !description.isEmpty { notes.append([.text(description)]) }
        return Array(notes.joined(separator: [.text("; ")]))
    }
}

/// The tokens of one type on a theme page.
struct TokenSection {
    let type: TokenType
    /// How many tokens of the type the theme has; more than ``tokens`` past the limit.
    let total: Int
    /// The tokens shown, in token order.
    let tokens: [Token]
    /// The value columns: the context shown first, then each mode that changes a token of
    /// the section over it.
    let columns: [(label: String, values: [String: JSON])]

    var title: String { ThemePageTokens.title(ofType: type) }
    var anchor: String { "type-" + type.rawValue }

    /// The remark a section cut at the limit carries.
    var cutNote: [PageContent.Inline]? {
        guard total > tokens.count else { return nil }
        return [
            .text("Showing the first \(tokens.count) of \(total) \(type.rawValue) tokens; "),
            .code("catalog export docs --format json"), .text(" and "), .code("catalog theme show"),
            .text(" have them all."),
        ]
    }
}
