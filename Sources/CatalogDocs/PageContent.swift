import CatalogModel

/// A page's content, said once and rendered by every format: Markdown and DocC
/// (`MarkdownRendering`) and HTML (`HTMLRendering`). Pages built this way cannot carry a
/// fact in one format and not in another.
struct PageContent {
    /// A page another page links to, whatever file or article each format gives it.
    enum Target: Hashable {
        case spec(String)
        case style(String)
        case theme(String)
    }

    /// Running text: catalog strings stay data, each renderer escapes them.
    enum Inline {
        case text(String)
        case code(String)
        case strong(String)
        case link(String, Target, anchor: String? = nil)
    }

    /// One block of a page, in reading order.
    enum Block {
        /// A section heading (level 2 or 3) with the stable anchor HTML gives it.
        case heading(level: Int, [Inline], anchor: String)
        case paragraph([Inline])
        /// A Swift code block.
        case code(String)
        /// A table; each cell holds one or more lines (kept apart in every format), and each
        /// row may carry an anchor.
        case table(header: [String], rows: [Row])
        case list([[Inline]])
        /// A remark that stands out: a warning or a partial-documentation note.
        case note([Inline])
        /// A warning with a list (what a theme cannot draw), at an anchor other parts of the
        /// page link to.
        case warning([Inline], items: [[Inline]], anchor: String)
        /// How a style looks, as each format best shows it (HTML: thumbnails linking to its
        /// page; Markdown: its resolved values per mode).
        case styleAppearance(String)
        /// A style's appearance in each mode, then the legend of what the drawings
        /// approximate (HTML: the modes side by side, each with its resolved values to
        /// unfold; Markdown: a table of previews and one of resolved values per mode).
        case stylePreviews(String)
        /// A theme's tokens by type (HTML: swatches, specimens, bars and boxes with context
        /// menus and a filter; Markdown: a table per type).
        case tokens(ThemePageTokens)
    }

    /// A table row: cells of lines of inline text.
    struct Row {
        var cells: [[[Inline]]]
        var anchor: String?

        /// A row of one-line cells.
        init(_ cells: [[Inline]], anchor: String? = nil) {
            self.cells = cells.map { [$0] }
            self.anchor = anchor
        }

        /// A row whose cells may hold several lines.
        init(lines: [[[Inline]]], anchor: String? = nil) {
            cells = lines
            self.anchor = anchor
        }
    }

    let title: String
    /// The line under the title (`DesignFoundation · version 2.1.0`).
    let subtitle: [Inline]
    var blocks: [Block] = []

    /// `name` as a heading's text with its anchor.
    mutating func heading(_ level: Int, _ text: [Inline], anchor: String) {
        blocks.append(.heading(level: level, text, anchor: anchor))
    }

    /// Appends a paragraph of `text` when it is there.
    mutating func paragraph(_ text: String?) {
        if let text { blocks.append(.paragraph([.text(text)])) }
    }
}

extension PageContent {
    /// `Filled` from `filled`.
    static func title(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
