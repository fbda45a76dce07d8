import CatalogModel

/// How Markdown and DocC draw a style's appearance: for each documented mode its previews
/// (every state × role, as SVG files beside the pages) and resolved values.
extension MarkdownExporter {
    func stylePage(_ facts: StyleFacts) -> String {
        let style = facts.style
        return render(
            PageContent.style(
                facts, input: input, shown: facts.theme.flatMap { shown[$0.name] } ?? [],
                hasSpecPage: !paths.spec(style.component).isEmpty))
    }

    /// Per mode: the previews (on style pages) and a table of resolved values per role and
    /// state; cells a theme cannot resolve say so. `warning` puts what the theme lacks first
    /// (a component page; a style page says it at its top).
    func stateTables(_ facts: StyleFacts, previews: Bool = false, level: Int = 3, warning: Bool = true) -> String {
        var out = ""
        if warning, let note = facts.missingWarning(themeName: input.themeOverride ?? facts.style.theme) {
            out += render(note)
        }
        guard let theme = facts.theme else { return out }
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
            out += table(StyleFacts.valueHeader, facts.valueRows(mode))
        }
        return out
    }

    /// The per-control-size metrics of a style, when it has them.
    func sizeTable(_ facts: StyleFacts) -> String {
        facts.sizes.isEmpty ? "" : "Control sizes:\n\n" + table(StyleFacts.sizeHeader, facts.sizeRows)
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
