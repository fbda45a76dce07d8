import CatalogModel

/// ``PageContent`` as Markdown (GitHub) or DocC articles.
extension MarkdownExporter {
    func render(_ page: PageContent) -> String {
        "# \(md(page.title))\n\n" + inline(page.subtitle) + backLink() + "\n\n" + page.blocks.map(render).joined()
    }

    func render(_ block: PageContent.Block) -> String {
        switch block {
        case .heading(let level, let text, _): return String(repeating: "#", count: level) + " " + inline(text) + "\n\n"
        case .paragraph(let text): return inline(text) + "\n\n"
        case .code(let text): return code(text)
        case .note(let text): return "> " + inline(text) + "\n\n"
        case .warning(let text, let items, _):
            return "> " + inline(text) + "\n" + items.map { ">\n> - " + inline($0) + "\n" }.joined() + "\n"
        case .list(let items): return items.map { "- " + inline($0) + "\n" }.joined() + "\n"
        case .table(let header, let rows): return table(header, rows)
        case .styleAppearance(let name):
            return facts[name].map { stateTables($0, level: 4) + sizeTable($0) } ?? ""
        case .stylePreviews(let name):
            return facts[name].map {
                stateTables($0, previews: true, warning: false) + md(PageContent.approximations) + "\n\n"
            } ?? ""
        case .tokens(let tokens): return tokenSections(tokens)
        }
    }

    /// Inline content; in a table cell, pipes and line breaks are escaped too.
    func inline(_ pieces: [PageContent.Inline], inTable: Bool = false) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): return inTable ? cell(text) : md(text)
            case .code(let text): return span(text)
            case .strong(let text): return "**" + (inTable ? cell(text) : md(text)) + "**"
            case .link(let text, let target, _): return link(text, to: path(target))
            }
        }.joined()
    }

    /// A table. A cell of several lines is one cell with `<br>` on GitHub; DocC drops
    /// `<br>`, so there each line is a row of its own and the row's one-line cells span
    /// them (`^`).
    func table(_ header: [String], _ rows: [PageContent.Row]) -> String {
        var out =
            "| " + header.map(cell).joined(separator: " | ") + " |\n|" + header.map { _ in "---|" }.joined() + "\n"
        for row in rows {
            let lines = row.cells.map { $0.map { inline($0, inTable: true) } }
            switch flavor {
            case .github:
                out += "| " + lines.map { $0.joined(separator: "<br>") }.joined(separator: " | ") + " |\n"
            case .docc:
                let height = lines.map(\.count).max() ?? 1
                for index in 0..<max(height, 1) {
                    let cells = lines.map { cell in
                        index < cell.count ? cell[index] : (cell.count == 1 ? "^" : "")
                    }
                    out += "| " + cells.joined(separator: " | ") + " |\n"
                }
            }
        }
        return out + "\n"
    }

    /// A theme's tokens: a table per type, with the Swift name and the notes of each token.
    func tokenSections(_ tokens: ThemePageTokens) -> String {
        tokens.sections.map { section in
            var out = "## \(md(section.title)) (\(section.total))\n\n"
            if let note = section.cutNote { out += "> " + inline(note) + "\n\n" }
            let rows = section.tokens.map { token in
                PageContent.Row(
                    [[.code(token.path)], tokens.swiftName(token.path).map { [.code($0)] } ?? []]
                        + section.columns.map { [.text(DocsFormat.value($0.values[token.path], type: token.type))] }
                        + [ThemePageTokens.notes(token)])
            }
            return out + table(["Token", "Swift"] + section.columns.map(\.label) + ["Notes"], rows)
        }.joined()
    }

    /// The page a link target is on.
    func path(_ target: PageContent.Target) -> String {
        switch target {
        case .spec(let name): return paths.spec(name)
        case .style(let name): return paths.style(name)
        case .theme(let name): return paths.theme(name)
        }
    }
}

/// ``PageContent`` as the body of an HTML page.
extension HTMLExporter {
    /// The page's title, subtitle, `switcher` (its versions, if any) and blocks.
    func render(_ page: PageContent, switcher: String = "") -> String {
        header(page, switcher: switcher) + page.blocks.map(render).joined()
    }

    /// The page's title, its subtitle and `switcher`.
    func header(_ page: PageContent, switcher: String) -> String {
        "<h1>\(HTML.escape(page.title))</h1>\n<p class=\"lede\">\(inline(page.subtitle))</p>\n" + switcher
    }

    func render(_ block: PageContent.Block) -> String {
        switch block {
        case .heading(let level, let text, let anchor):
            return "<h\(level) id=\"\(Anchor.id(anchor))\">\(inline(text))</h\(level)>\n"
        case .paragraph(let text): return "<p>\(inline(text))</p>\n"
        case .code(let text): return "<pre><code>\(HTML.escape(text))</code></pre>\n"
        case .note(let text): return "<p class=\"note\">\(inline(text))</p>\n"
        case .warning(let text, let items, let anchor):
            let list = items.isEmpty ? "" : "<ul>\n" + items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>"
            return "<div class=\"note\" id=\"\(Anchor.id(anchor))\">\(inline(text))\(list)</div>\n"
        case .list(let items): return "<ul>\n" + items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
        case .table(let header, let rows):
            var out = "<div class=\"scroll\"><table><thead><tr>"
            out += header.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
            for row in rows {
                out += row.anchor.map { "<tr id=\"\(Anchor.id($0))\">" } ?? "<tr>"
                out += row.cells.map { "<td>" + $0.map { inline($0) }.joined(separator: "<br>") + "</td>" }.joined()
                out += "</tr>\n"
            }
            return out + "</tbody></table></div>\n"
        case .styleAppearance(let name):
            return facts[name].map(thumbnails) ?? ""
        case .stylePreviews(let name):
            return facts[name].map(modes) ?? ""
        case .tokens(let tokens): return tokenSections(tokens, path: nil).html
        }
    }

    func inline(_ pieces: [PageContent.Inline]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): return HTML.escape(text)
            case .code(let text): return "<code>\(HTML.escape(text))</code>"
            case .strong(let text): return "<strong>\(HTML.escape(text))</strong>"
            case .link(let text, let target, let anchor):
                let path = paths.page(target)
                return path.isEmpty ? HTML.escape(text) : link(text, to: path, anchor: anchor)
            }
        }.joined()
    }
}
