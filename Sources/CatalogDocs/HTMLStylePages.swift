import CatalogModel
import Foundation

/// The site's component and style pages.
extension HTMLExporter {
    // MARK: Component pages

    func componentPage(_ spec: ComponentSpec, path: String) -> String {
        let versions = versionSwitcher(.spec(spec.name), current: spec.version, name: spec.name)
        return page(
            title: "\(spec.name) \(spec.version)", depth: 1, path: path,
            body: render(PageContent.component(spec, input: input, facts: facts), switcher: versions))
    }

    /// The normal state with no role in each mode, small.
    func thumbnails(_ facts: StyleFacts) -> String {
        var out = "<div class=\"thumbs\">"
        for mode in facts.modes {
            if let cell = facts.cell(mode, role: nil, state: "normal") {
                out += figure(cell, facts: facts, caption: facts.modes.count > 1 ? mode.label : nil)
            }
        }
        return out + "</div>\n"
    }

    // MARK: Style pages

    func stylePage(_ facts: StyleFacts, path: String) -> String {
        let style = facts.style
        let content = PageContent.style(
            facts, input: input, shown: facts.theme.flatMap { shown[$0.name] } ?? [],
            hasSpecPage: !paths.spec(style.component).isEmpty)
        return page(
            title: "\(style.name) \(style.version)", depth: 1, path: path,
            body: render(
                content, switcher: versionSwitcher(.style(style.name), current: style.version, name: style.name)))
    }

    /// The style's modes side by side: each a table of previews (state × role) with its
    /// resolved values to unfold; then the legend of what the drawings approximate.
    func modes(_ facts: StyleFacts) -> String {
        var out = "<div class=\"modes\">\n"
        for mode in facts.modes {
            let title = facts.theme.map { "\($0.name) \($0.version)" } ?? ""
            out +=
                "<section class=\"mode\">\n<h3 id=\"\(Anchor.id("mode-" + mode.label))\">\(HTML.escape(mode.label)) <small>\(HTML.escape(title))</small></h3>\n"
            out += "<div class=\"scroll\"><table class=\"previews\"><tr><th scope=\"col\">Role</th>"
            out += facts.states.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined() + "</tr>\n"
            for role in facts.roles {
                out += "<tr><th scope=\"row\">\(HTML.escape(role ?? "none"))</th>"
                for state in facts.states {
                    out += "<td>" + (facts.cell(mode, role: role, state: state).map { figure($0, facts: facts) } ?? "")
                    out += "</td>"
                }
                out += "</tr>\n"
            }
            out += "</table></div>\n<details><summary>Resolved values, \(HTML.escape(mode.label))</summary>\n"
            out += render(.table(header: StyleFacts.valueHeader, rows: facts.valueRows(mode)))
            out += "</details>\n</section>\n"
        }
        let badges =
            " Each badge is green where it meets 4.5:1, red with ⚠ where it does not; hover or focus it for the explanation."
        return out
            + "</div>\n<p class=\"legend\" id=\"legend\">\(HTML.escape(PageContent.approximations + badges))</p>\n"
    }

    /// One preview with its contrast badge, or a short mark where it cannot be drawn (the
    /// page's note says why, once). `caption` labels it where no table header does.
    func figure(_ cell: StyleFacts.Cell, facts: StyleFacts, caption: String? = nil, classes: String = "") -> String {
        let data =
            "data-style=\"\(HTML.escape(facts.style.name))\" data-mode=\"\(HTML.escape(cell.mode.label))\" data-state=\"\(HTML.escape(cell.state))\" data-role=\"\(HTML.escape(cell.role ?? "none"))\""
        guard let preview = cell.preview else {
            return "<a class=\"missing\" href=\"#missing\" \(data)>not drawn</a>"
        }
        let label = caption.map { HTML.escape($0) + " " } ?? ""
        return
            "<figure class=\"preview \(cell.mode.dark ? "dark" : "light")\(classes)\" \(data)>\(preview.svg)<figcaption>\(label)\(badge(preview, state: cell.state))</figcaption></figure>"
    }

    /// The contrast figure as a badge, with the explanation on hover and focus.
    func badge(_ preview: SVGPreview, state: String) -> String {
        let figure = "\(preview.usesBackdrop ? "≈" : "")\(String(format: "%.1f", preview.contrast)):1"
        let tip: String
        if state == "disabled" {
            tip = "Label contrast \(figure). Disabled controls are exempt from WCAG 1.4.3."
        } else if preview.isLow {
            tip =
                "Label contrast \(figure), under the 4.5:1 WCAG AA asks of body-size text (3:1 suffices from 18 pt, or 14 pt bold)."
        } else {
            tip = "Label contrast \(figure): meets WCAG AA (4.5:1)."
        }
        return
            "<span class=\"badge \(preview.isLow ? "low" : "ok")\" tabindex=\"0\" aria-label=\"\(HTML.escape(tip))\">\(preview.isLow ? "⚠ " : "")\(figure)<span class=\"tip\" aria-hidden=\"true\">\(HTML.escape(tip))</span></span>"
    }
}
