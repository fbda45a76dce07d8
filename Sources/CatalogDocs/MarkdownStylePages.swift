import CatalogModel

/// The Markdown and DocC style pages: the style's facts, then for each documented mode
/// its previews (every state × role, as SVG files beside the pages) and resolved values.
extension MarkdownExporter {
    func stylePage(_ facts: StyleFacts) -> String {
        let style = facts.style
        var out =
            "# \(md(style.name))\n\n\(span(style.conformance)) for \(span(style.component)) · version \(style.version)\(backLink())\n\n"
        if let description = style.description { out += md(description) + "\n\n" }
        out += table(["Fact", "Value"], facts.factRows(hasSpecPage: !paths.spec(style.component).isEmpty))
        out += "## Appearance\n\n" + stateTables(facts, previews: true) + sizeTable(facts)
        let references = style.tokenReferences
        if !references.isEmpty {
            out += "## Tokens Used\n\n| Token | Where |\n|---|---|\n"
            for (path, token) in references { out += "| \(span(token)) | \(span(path)) |\n" }
            out += "\n"
        }
        if !style.chosen.isEmpty {
            out +=
                "Values chosen by the catalog's authors rather than published: "
                + style.chosen.map { "\(span($0))" }.joined(separator: ", ") + ".\n"
        }
        return out
    }

    /// Per mode: the previews (on style pages) and a table of resolved values per role and
    /// state; cells a theme cannot resolve say why.
    func stateTables(_ facts: StyleFacts, previews: Bool = false, level: Int = 3) -> String {
        guard let theme = facts.theme else {
            return "_Theme \(md(input.themeOverride ?? facts.style.theme ?? "?")) is not in the catalog._\n\n"
        }
        var out = ""
        let problems = facts.problems
        if !problems.isEmpty {
            let missing = problems.reduce(0) { $0 + $1.cells }
            out +=
                "> Theme \(md(theme.name)) \(theme.version) does not give everything this style needs: \(missing) of \(facts.cells.count) previews cannot be drawn.\n"
            for (problem, cells) in problems { out += ">\n> - \(md(problem)) (\(cells))\n" }
            out += "\n"
        }
        for mode in facts.modes {
            out += String(repeating: "#", count: level) + " \(md(mode.label))\n\n"
            if previews && pairsSchemes(facts) && mode.dark {
                out += "The previews above switch to these in DocC's dark appearance.\n\n"
            } else if previews {
                out += "| Role | " + facts.states.map(cell).joined(separator: " | ") + " |\n|---|"
                out += facts.states.map { _ in "---|" }.joined() + "\n"
                for role in facts.roles {
                    out += "| \(cell(role ?? "none")) |"
                    for state in facts.states {
                        guard let item = facts.cell(mode, role: role, state: state) else {
                            out += " |"
                            continue
                        }
                        if let preview = item.preview {
                            let alt = [theme.name, mode.label, state, role ?? "no role"].joined(separator: " · ")
                            out +=
                                " ![\(cell(alt))](\(previewPath(facts, item).reference))<br>\(cell(preview.caption)) |"
                        } else {
                            out += " cannot be drawn |"
                        }
                    }
                    out += "\n"
                }
                out += "\n"
            }
            out +=
                "| Role | State | Background | Foreground | Border | Opacity | Scale |\n|---|---|---|---|---|---|---|\n"
            for role in facts.roles {
                for state in facts.states {
                    guard let item = facts.cell(mode, role: role, state: state) else { continue }
                    guard let resolved = item.resolved else {
                        out +=
                            "| \(cell(role ?? "none")) | \(state) | cannot be drawn: \(cell(item.problem ?? "")) | | | | |\n"
                        continue
                    }
                    out +=
                        "| \(cell(role ?? "none")) | \(state) | \(cell(DocsFormat.background(resolved))) | \(cell(resolved.foreground.map(ResolvedStyleText.paint) ?? "inherited")) | \(cell(ResolvedStyleText.border(resolved))) | \(JSON.format(resolved.opacity)) | \(JSON.format(resolved.scale)) |\n"
                }
            }
            out += "\n"
        }
        return out
    }

    /// The per-control-size metrics of a style, when it has them.
    func sizeTable(_ facts: StyleFacts) -> String {
        guard !facts.sizes.isEmpty else { return "" }
        var out =
            "Control sizes:\n\n| Size | Font | Horizontal padding | Vertical padding | Corner radius | Touch slop |\n|---|---|---|---|---|---|\n"
        for (size, resolved) in facts.sizes {
            guard let resolved else {
                out += "| \(size) | cannot be resolved in this theme | | | | |\n"
                continue
            }
            out +=
                "| \(size) | \(cell(ResolvedStyleText.font(resolved.font))) | \(cell(ResolvedStyleText.length(resolved.horizontalPadding))) | \(cell(ResolvedStyleText.length(resolved.verticalPadding))) | \(cell(ResolvedStyleText.length(resolved.cornerRadius))) | \(cell(ResolvedStyleText.length(resolved.touchSlop))) |\n"
        }
        return out + "\n"
    }

    /// Where a preview's SVG file goes, and how its style page refers to it: beside the
    /// page under `previews/STYLE/` (GitHub), or in the catalog's `Resources/` with a name
    /// unique across the catalog (DocC).
    func previewPath(_ facts: StyleFacts, _ cell: StyleFacts.Cell) -> (file: String, reference: String) {
        let page = paths.style(facts.style.name)
        let base = String(page.split(separator: "/").last ?? "").dropLast(3)
        let name =
            [cell.mode.label, cell.role ?? "none", cell.state].map(SafeName.file).joined(separator: "-") + ".svg"
        switch flavor {
        case .github: return ("styles/previews/\(base)/\(name)", "previews/\(base)/\(name)")
        case .docc:
            // A light and a dark mode are one image with DocC's `~dark` variant.
            guard pairsSchemes(facts) else {
                return ("ComponentCatalog.docc/Resources/\(base)-\(name)", "\(base)-\(name)")
            }
            let stem = "\(base)-" + [cell.role ?? "none", cell.state].map(SafeName.file).joined(separator: "-")
            return ("ComponentCatalog.docc/Resources/\(stem)\(cell.mode.dark ? "~dark" : "").svg", "\(stem).svg")
        }
    }

    /// Whether DocC pages show a style's two modes as one image with a `~dark` variant:
    /// when it is drawn in exactly one light and one dark mode.
    func pairsSchemes(_ facts: StyleFacts) -> Bool {
        flavor == .docc && facts.modes.count == 2 && facts.modes.filter(\.dark).count == 1
    }
}
