import CatalogModel
import Foundation

/// The site's component and style pages.
extension HTMLExporter {
    static let approximations = """
        Drawn from resolved values. Materials (glass included) are approximated as a translucent white (light) or dark \
        gray (dark) fill over a striped backdrop, so that they show on a page of their own color; their contrast (≈) is \
        measured over the backdrop's mean color. Label widths are estimated. Contrast is the WCAG 2 ratio of the label \
        against what it sits on; enabled states under 4.5:1 are marked.
        """

    // MARK: Component pages

    func componentPage(_ spec: ComponentSpec) -> String {
        var body =
            "<h1>\(HTML.escape(spec.name)) <small>\(HTML.escape(spec.system)) \(spec.version)</small></h1>\n"
        if let summary = spec.summary { body += "<p class=\"lede\">\(HTML.escape(summary))</p>\n" }
        if let description = spec.description { body += "<p>\(HTML.escape(description))</p>\n" }
        for axis in spec.axes {
            body += "<h2 id=\"\(Anchor.id("axis-" + axis.name))\">\(HTML.escape(axis.name))"
            if let applied = axis.appliedWith { body += " <small><code>\(HTML.escape(applied))</code></small>" }
            body += "</h2>\n"
            if let description = axis.description { body += "<p>\(HTML.escape(description))</p>\n" }
            body += "<div class=\"grid options\">\n"
            for option in axis.options {
                body += "<div class=\"card\" id=\"\(Anchor.id("option-" + axis.name + "-" + option.name))\"><h3>"
                body += HTML.escape(option.name) + (option.name == axis.defaultOption ? " <small>default</small>" : "")
                body += "</h3>\n"
                if let description = option.description { body += "<p>\(HTML.escape(description))</p>\n" }
                if !option.availability.isEmpty {
                    body += "<p class=\"tags\">\(HTML.escape(Self.platforms(option.availability)))</p>\n"
                }
                if let name = option.style, let facts = facts[name] {
                    body += "<p>Style " + link(name, to: paths.style(name)) + "</p>\n" + thumbnails(facts)
                }
                body += "</div>\n"
            }
            body += "</div>\n"
        }
        let custom = input.styles.filter { $0.component == spec.name && facts[$0.name]?.isCustom == true }
        if !custom.isEmpty {
            body +=
                "<h2 id=\"custom-styles\">Custom styles</h2>\n<p>Published on their own for \(HTML.escape(spec.name)).</p>\n"
            body += "<div class=\"grid options\">\n"
            for style in custom {
                let facts = facts[style.name]!
                body += "<div class=\"card\"><h3>" + link(style.name, to: paths.style(style.name)) + "</h3>\n"
                body += "<p>" + facts.code.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: " ") + "</p>\n"
                body += thumbnails(facts) + "</div>\n"
            }
            body += "</div>\n"
        }
        var rows: [(String, String)] = []
        if let module = spec.importModule { rows.append(("Import", "<code>import \(HTML.escape(module))</code>")) }
        if !spec.platforms.isEmpty { rows.append(("Platforms", HTML.escape(Self.platforms(spec.platforms)))) }
        if let declaration = spec.declaration {
            rows.append(("Declaration", "<code>\(HTML.escape(declaration))</code>"))
        }
        rows.append(
            ("Roles", spec.roles.isEmpty ? "none" : HTML.escape(spec.roles.map(\.name).joined(separator: ", "))))
        if !spec.states.isEmpty { rows.append(("States", HTML.escape(spec.states.joined(separator: ", ")))) }
        body += "<h2 id=\"facts\">Facts</h2>\n" + Self.factsTable(rows)
        if let quickStart = spec.quickStart {
            body += "<h2 id=\"quick-start\">Quick start</h2>\n<pre><code>\(HTML.escape(quickStart.code))</code></pre>\n"
        }
        if !spec.rules.isEmpty {
            body +=
                "<h2 id=\"rules\">Usage rules</h2>\n<table><tr><th>Rule</th><th>Severity</th><th>Description</th></tr>\n"
            for rule in spec.rules {
                body +=
                    "<tr id=\"\(Anchor.id("rule-" + rule.id))\"><td><code>\(HTML.escape(rule.id))</code></td><td>\(rule.severity.rawValue)</td><td>\(HTML.escape(rule.description))</td></tr>\n"
            }
            body += "</table>\n"
        }
        return page(title: spec.name, depth: 1, body: body)
    }

    /// The normal state with no role in each mode, small.
    func thumbnails(_ facts: StyleFacts) -> String {
        var out = "<div class=\"thumbs\">"
        for mode in facts.modes {
            if let cell = facts.cell(mode, role: nil, state: "normal") { out += figure(cell, facts: facts) }
        }
        return out + "</div>\n"
    }

    // MARK: Style pages

    func stylePage(_ facts: StyleFacts) -> String {
        let style = facts.style
        var body = "<h1>\(HTML.escape(style.name)) <small>\(style.version)</small></h1>\n"
        if let description = style.description { body += "<p class=\"lede\">\(HTML.escape(description))</p>\n" }
        if let theme = facts.theme {
            let problems = facts.problems
            if !problems.isEmpty {
                let missing = problems.reduce(0) { $0 + $1.cells }
                body +=
                    "<div class=\"note\" id=\"missing\"><strong>Theme \(HTML.escape(theme.name)) \(theme.version) does not give everything this style needs: \(missing) of \(facts.cells.count) previews cannot be drawn.</strong><ul>\n"
                for (problem, cells) in problems {
                    body += "<li>\(HTML.escape(problem)) (\(cells) preview\(cells == 1 ? "" : "s"))</li>\n"
                }
                body += "</ul></div>\n"
            }
        } else {
            body +=
                "<div class=\"note\" id=\"missing\">Theme \(HTML.escape(input.themeOverride ?? style.theme ?? "(none)")) is not in the catalog: nothing can be drawn.</div>\n"
        }
        body += "<div class=\"modes\">\n"
        for mode in facts.modes {
            let title = facts.theme.map { "\($0.name) \($0.version)" } ?? ""
            body +=
                "<section class=\"mode\">\n<h2 id=\"\(Anchor.id("mode-" + mode.label))\">\(HTML.escape(mode.label)) <small>\(HTML.escape(title))</small></h2>\n"
            body += "<table class=\"previews\"><tr><th>role</th>"
            body += facts.states.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr>\n"
            for role in facts.roles {
                body += "<tr><th>\(HTML.escape(role ?? "none"))</th>"
                for state in facts.states {
                    body += "<td>" + (facts.cell(mode, role: role, state: state).map { figure($0, facts: facts) } ?? "")
                    body += "</td>"
                }
                body += "</tr>\n"
            }
            body += "</table>\n" + valuesTable(facts, mode: mode) + "</section>\n"
        }
        body += "</div>\n<p class=\"tags\">\(HTML.escape(Self.approximations))</p>\n"
        body += "<h2 id=\"facts\">Facts</h2>\n" + Self.factsTable(factRows(facts))
        body += sizesTable(facts) + tokensTable(facts)
        if !style.chosen.isEmpty {
            body +=
                "<p class=\"tags\">Values chosen by the catalog's authors rather than published: "
                + style.chosen.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        return page(title: style.name, depth: 1, body: body)
    }

    func factRows(_ facts: StyleFacts) -> [(String, String)] {
        let style = facts.style
        var rows: [(String, String)] = [
            (
                "Component",
                paths.spec(style.component).isEmpty
                    ? HTML.escape(style.component) : link(style.component, to: paths.spec(style.component))
            ),
            ("Protocol", "<code>\(HTML.escape(style.conformance))</code>"),
        ]
        if let theme = facts.theme {
            rows.append(("Theme", link("\(theme.name) \(theme.version)", to: paths.theme(theme.name))))
        }
        if facts.isCustom {
            rows.append(("Drawn by", "a custom style, published on its own (no spec option links it)"))
        } else {
            rows.append(
                (
                    "Drawn by",
                    facts.options.map { link("\($0.spec) · \($0.option)", to: paths.spec($0.spec)) }.joined(
                        separator: ", ")
                ))
        }
        if !facts.code.isEmpty {
            rows.append(("In code", facts.code.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: "<br>")))
        }
        rows.append(
            (
                "Availability",
                style.availability.isEmpty
                    ? "wherever its component is" : HTML.escape(Self.platforms(style.availability))
            ))
        rows.append(("States", HTML.escape(facts.states.joined(separator: ", "))))
        rows.append(("Roles", HTML.escape((facts.roles.map { $0 ?? "none" }).joined(separator: ", "))))
        if let base = facts.base {
            for (label, value) in DocsFormat.metrics(base) { rows.append((label, HTML.escape(value))) }
        }
        return rows
    }

    func valuesTable(_ facts: StyleFacts, mode: StyleFacts.Mode) -> String {
        var out =
            "<details><summary>Resolved values, \(HTML.escape(mode.label))</summary>\n<table><tr><th>State</th><th>Role</th><th>Background</th><th>Foreground</th><th>Border</th><th>Opacity</th><th>Scale</th><th>Contrast</th></tr>\n"
        for role in facts.roles {
            for state in facts.states {
                guard let cell = facts.cell(mode, role: role, state: state) else { continue }
                out += "<tr><td>\(HTML.escape(state))</td><td>\(HTML.escape(role ?? "none"))</td>"
                if let resolved = cell.resolved {
                    out += [
                        DocsFormat.background(resolved), resolved.foreground.map(DocsFormat.paint) ?? "inherited",
                        DocsFormat.border(resolved), JSON.format(resolved.opacity), JSON.format(resolved.scale),
                        cell.preview.map(\.caption) ?? "",
                    ].map { "<td>\(HTML.escape($0))</td>" }.joined()
                } else {
                    out += "<td colspan=\"6\">cannot be drawn: \(HTML.escape(cell.problem ?? ""))</td>"
                }
                out += "</tr>\n"
            }
        }
        return out + "</table></details>\n"
    }

    func sizesTable(_ facts: StyleFacts) -> String {
        guard !facts.sizes.isEmpty else { return "" }
        var out =
            "<h2 id=\"sizes\">Control sizes</h2>\n<table><tr><th>Size</th><th>Font</th><th>Horizontal padding</th><th>Vertical padding</th><th>Corner radius</th><th>Min height</th><th>Touch slop</th></tr>\n"
        for (size, resolved) in facts.sizes {
            out += "<tr><td>\(HTML.escape(size))</td>"
            if let resolved {
                out += [
                    DocsFormat.font(resolved.font), DocsFormat.points(resolved.horizontalPadding),
                    DocsFormat.points(resolved.verticalPadding), DocsFormat.points(resolved.cornerRadius),
                    DocsFormat.points(resolved.minHeight), DocsFormat.points(resolved.touchSlop),
                ].map { "<td>\(HTML.escape($0))</td>" }.joined()
            } else {
                out += "<td colspan=\"6\">cannot be resolved in this theme</td>"
            }
            out += "</tr>\n"
        }
        return out + "</table>\n"
    }

    func tokensTable(_ facts: StyleFacts) -> String {
        let references = facts.style.tokenReferences
        guard !references.isEmpty else { return "" }
        var out = "<h2 id=\"tokens\">Tokens used</h2>\n<table><tr><th>Token</th><th>Where</th></tr>\n"
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
        return out + "</table>\n"
    }

    /// One preview with what it shows, or why it cannot be drawn.
    func figure(_ cell: StyleFacts.Cell, facts: StyleFacts) -> String {
        let theme = facts.theme.map { "\($0.name) \($0.version)" } ?? ""
        let label = [theme, cell.mode.label, cell.state, cell.role ?? "no role"].joined(separator: " · ")
        let data =
            "data-style=\"\(HTML.escape(facts.style.name))\" data-mode=\"\(HTML.escape(cell.mode.label))\" data-state=\"\(HTML.escape(cell.state))\" data-role=\"\(HTML.escape(cell.role ?? "none"))\""
        guard let preview = cell.preview else {
            return
                "<div class=\"missing\" \(data)>\(HTML.escape(label)): cannot be drawn — \(HTML.escape(cell.problem ?? ""))</div>"
        }
        return
            "<figure class=\"preview \(cell.mode.dark ? "dark" : "light")\" \(data)>\(preview.svg)<figcaption>\(HTML.escape(label))<br><span class=\"\(preview.isLow ? "low" : "ok")\">\(HTML.escape(preview.caption))</span></figcaption></figure>"
    }

    static func factsTable(_ rows: [(String, String)]) -> String {
        "<table class=\"facts\">\n" + rows.map { "<tr><th>\(HTML.escape($0.0))</th><td>\($0.1)</td></tr>\n" }.joined()
            + "</table>\n"
    }

    static func platforms(_ availability: [String: String]) -> String {
        availability.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)+" }.joined(separator: ", ")
    }
}
