import CatalogModel
import Foundation

/// The site's component and style pages.
extension HTMLExporter {
    static let approximations = """
        Drawn from resolved values. Materials are approximated as a translucent white (light) or dark gray (dark) fill \
        over a striped backdrop, so that they show on a page of their own color; Liquid Glass as that backdrop blurred \
        inside the shape, tinted, with a sheen and a rim. Over a backdrop, contrast (≈) is measured against the \
        backdrop's mean color. Loading draws a spinner in place of the label; focus adds the keyboard focus ring. Label \
        widths are estimated. Contrast is the WCAG 2 ratio of the label against what it sits on, shown as a badge under \
        each preview: green where it meets WCAG AA's 4.5:1, red with ⚠ where an enabled state falls under it (3:1 is \
        enough for text from 18 pt, or 14 pt bold; disabled controls are \
        exempt). Hover or focus a badge for the explanation.
        """

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
        var body = "<h1>\(HTML.escape(style.name)) <small>\(style.version)</small></h1>\n"
        body += versionSwitcher(.style(style.name), current: style.version, name: style.name)
        if let description = style.description { body += "<p class=\"lede\">\(HTML.escape(description))</p>\n" }
        body += missingNote(facts)
        body += "<div class=\"modes\">\n"
        for mode in facts.modes {
            let title = facts.theme.map { "\($0.name) \($0.version)" } ?? ""
            body +=
                "<section class=\"mode\">\n<h2 id=\"\(Anchor.id("mode-" + mode.label))\">\(HTML.escape(mode.label)) <small>\(HTML.escape(title))</small></h2>\n"
            body += "<div class=\"scroll\"><table class=\"previews\"><tr><th scope=\"col\">Role</th>"
            body += facts.states.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined() + "</tr>\n"
            for role in facts.roles {
                body += "<tr><th scope=\"row\">\(HTML.escape(role ?? "none"))</th>"
                for state in facts.states {
                    body += "<td>" + (facts.cell(mode, role: role, state: state).map { figure($0, facts: facts) } ?? "")
                    body += "</td>"
                }
                body += "</tr>\n"
            }
            body += "</table></div>\n" + valuesTable(facts, mode: mode) + "</section>\n"
        }
        body += "</div>\n<p class=\"legend\" id=\"legend\">\(HTML.escape(Self.approximations))</p>\n"
        body +=
            "<h2 id=\"facts\">Facts</h2>\n"
            + render(
                .table(
                    header: ["Fact", "Value"], rows: facts.factRows(hasSpecPage: !paths.spec(style.component).isEmpty)))
        body += sizesTable(facts) + tokensTable(facts)
        if !style.chosen.isEmpty {
            body +=
                "<p class=\"tags\">Values chosen by the catalog's authors rather than published: "
                + style.chosen.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        return page(title: "\(style.name) \(style.version)", depth: 1, path: path, body: body)
    }

    func valuesTable(_ facts: StyleFacts, mode: StyleFacts.Mode) -> String {
        var out =
            "<details><summary>Resolved values, \(HTML.escape(mode.label))</summary>\n<div class=\"scroll\"><table><tr><th>State</th><th>Role</th><th>Background</th><th>Foreground</th><th>Border</th><th>Opacity</th><th>Scale</th><th>Contrast</th></tr>\n"
        for role in facts.roles {
            for state in facts.states {
                guard let cell = facts.cell(mode, role: role, state: state) else { continue }
                out += "<tr><td>\(HTML.escape(state))</td><td>\(HTML.escape(role ?? "none"))</td>"
                if let resolved = cell.resolved {
                    out += [
                        DocsFormat.background(resolved),
                        resolved.foreground.map(ResolvedStyleText.paint) ?? "inherited",
                        ResolvedStyleText.border(resolved), JSON.format(resolved.opacity), JSON.format(resolved.scale),
                        cell.preview.map(\.caption) ?? "",
                    ].map { "<td>\(HTML.escape($0))</td>" }.joined()
                } else {
                    out +=
                        "<td colspan=\"6\"><a href=\"#missing\">not drawn</a>: the theme lacks tokens (listed above)</td>"
                }
                out += "</tr>\n"
            }
        }
        return out + "</table></div></details>\n"
    }

    func sizesTable(_ facts: StyleFacts) -> String {
        guard !facts.sizes.isEmpty else { return "" }
        var out =
            "<h2 id=\"sizes\">Control sizes</h2>\n<div class=\"scroll\"><table><tr><th>Size</th><th>Font</th><th>Horizontal padding</th><th>Vertical padding</th><th>Corner radius</th><th>Min height</th><th>Touch slop</th></tr>\n"
        for (size, resolved) in facts.sizes {
            out += "<tr><td>\(HTML.escape(size))</td>"
            if let resolved {
                out += [
                    ResolvedStyleText.font(resolved.font), ResolvedStyleText.length(resolved.horizontalPadding),
                    ResolvedStyleText.length(resolved.verticalPadding), ResolvedStyleText.length(resolved.cornerRadius),
                    ResolvedStyleText.length(resolved.minHeight), ResolvedStyleText.length(resolved.touchSlop),
                ].map { "<td>\(HTML.escape($0))</td>" }.joined()
            } else {
                out += "<td colspan=\"6\">cannot be resolved in this theme</td>"
            }
            out += "</tr>\n"
        }
        return out + "</table></div>\n"
    }

    func tokensTable(_ facts: StyleFacts) -> String {
        let references = facts.style.tokenReferences
        guard !references.isEmpty else { return "" }
        var out =
            "<h2 id=\"tokens\">Tokens used</h2>\n<div class=\"scroll\"><table><tr><th>Token</th><th>Where</th></tr>\n"
        for (path, token) in references {
            let name: String
            if let theme = facts.theme, shown[theme.name]?.contains(token) == true {
                name = link(token, to: paths.theme(theme.name), anchor: "token-" + token)
            } else {
                name =
                    "<code>\(HTML.escape(token))</code>"
                    + (facts.theme == nil ? "" : " <small>(not in the theme)</small>")
            }
            out += "<tr><td>\(name)</td><td><code>\(HTML.escape(path))</code></td></tr>\n"
        }
        return out + "</table></div>\n"
    }

    /// What a style page says once, at its top, when its theme cannot draw all of it:
    /// every token reference that does not resolve, and how many previews that leaves out.
    func missingNote(_ facts: StyleFacts) -> String {
        guard let theme = facts.theme else {
            let name = input.themeOverride ?? facts.style.theme ?? "(none)"
            return
                "<div class=\"note\" id=\"missing\">Theme \(HTML.escape(name)) is not in the catalog: nothing can be drawn.</div>\n"
        }
        let missing = facts.cells.filter { $0.resolved == nil }.count
        guard missing > 0 else { return "" }
        var out =
            "<div class=\"note\" id=\"missing\"><strong>Theme \(HTML.escape(theme.name)) \(theme.version) does not give everything this style needs: \(missing) of \(facts.cells.count) previews cannot be drawn.</strong><ul>\n"
        let problems =
            facts.unresolved.isEmpty
            ? facts.problems.map { ("", $0.problem) } : facts.unresolved.map { ($0.jsonPath, $0.message) }
        for (path, message) in problems {
            out +=
                "<li>" + (path.isEmpty ? "" : "<code>\(HTML.escape(path))</code>: ") + HTML.escape(message) + "</li>\n"
        }
        return out + "</ul></div>\n"
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

    static func factsTable(_ rows: [(String, String)]) -> String {
        "<div class=\"scroll\"><table class=\"facts\">\n"
            + rows.map { "<tr><th scope=\"row\">\(HTML.escape($0.0))</th><td>\($0.1)</td></tr>\n" }.joined()
            + "</table></div>\n"
    }
}
