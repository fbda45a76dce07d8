import CatalogChanges
import CatalogModel
import Foundation

/// A release as reviewers of a design system want to see it: one self-contained HTML page
/// (no network, no script) with the changes by level, the tokens that changed with links
/// to every style they reach, and for each style a change reaches its previews before and
/// after, side by side per mode, role and state, with the resolved values that changed
/// and the contrast change. Only cells whose appearance changed are shown.
package struct VisualChangelog {
    /// One style compared across the release: each side is the style with the theme it is
    /// resolved in (`nil`: absent on that side).
    package struct Comparison: Sendable {
        package var name: String
        package var before: (style: StyleDefinition, theme: Theme)?
        package var after: (style: StyleDefinition, theme: Theme)?
        /// Why it is compared: `theme DesignFoundation 1.0.3 → 1.1.2`, `style 0.2.0 → 0.3.0`.
        package var reasons: [String]

        /// A comparison of `name`.
        package init(
            name: String, before: (style: StyleDefinition, theme: Theme)?,
            after: (style: StyleDefinition, theme: Theme)?,
            reasons: [String]
        ) {
            self.name = name
            self.before = before
            self.after = after
            self.reasons = reasons
        }
    }

    package let diff: CatalogDiff
    package let comparisons: [Comparison]
    /// Specs, for the roles each style is drawn with.
    package let specs: [ComponentSpec]

    /// A changelog of `diff` showing `comparisons`.
    package init(diff: CatalogDiff, comparisons: [Comparison], specs: [ComponentSpec]) {
        self.diff = diff
        self.comparisons = comparisons.sorted { $0.name < $1.name }
        self.specs = specs
    }

    /// One cell that changed: before and after, and what differs.
    struct ChangedCell {
        let mode: String
        let role: String?
        let state: String
        let before: StyleFacts.Cell?
        let after: StyleFacts.Cell?
        let changes: [(field: String, old: String, new: String)]
    }

    /// The page.
    package func html() -> String {
        let label = { (revision: Revision?) in revision.map { "\($0.shortID) (#\($0.sequence))" } ?? "the empty catalog"
        }
        let title = "Changes from \(label(diff.from)) to \(label(diff.to))"
        let reached = comparisons.map { ($0, cells($0)) }.filter {
            !$0.1.isEmpty || $0.0.before == nil || $0.0.after == nil
        }
        var body = "<h1>\(HTML.escape(title))</h1>\n"
        if let to = diff.to {
            body +=
                "<p class=\"lede\">\(HTML.escape(to.message)) — \(HTML.escape(to.author)), \(HTML.escape(to.createdAt))</p>\n"
        }
        let groups = Changelog.grouped(diff)
        body +=
            "<p>\(reached.count) style\(reached.count == 1 ? "" : "s") look different: "
            + (reached.isEmpty
                ? "none."
                : reached.map { "<a href=\"#\(Anchor.id("style-" + $0.0.name))\">\(HTML.escape($0.0.name))</a>" }
                    .joined(
                        separator: ", ") + ".") + "</p>\n"
        // The summary first: what changed, by level; then the tokens and the styles they reach.
        let titles: [ChangeLevel: String] = [
            .breaking: "Breaking changes", .additive: "Additions", .cosmetic: "Other changes",
        ]
        for (level, items) in groups {
            body +=
                "<h2 id=\"\(level.description)\">\(titles[level]!)</h2>\n<ul>\n"
                + items.map { "<li>\(HTML.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        if groups.isEmpty { body += "<p>No theme, style or spec changed.</p>\n" }
        body += changedTokens(reached.map(\.0))
        for (comparison, cells) in reached { body += section(comparison, cells: cells) }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) — Component Catalog</title>
            <style>
            \(HTMLAssets.css)</style></head><body>
            <a class="skip" href="#main">Skip to content</a>
            <main id="main" tabindex="-1">
            \(body)</main>
            </body></html>

            """
    }

    /// Every token a theme change touched, with its old and new value and links to the
    /// styles it reaches.
    func changedTokens(_ reached: [Comparison]) -> String {
        var out = ""
        for change in diff.themes {
            guard let themeDiff = change.diff else { continue }
            var values: [String: (old: String, new: String)] = [:]
            var order: [String] = []
            for entry in themeDiff.entries {
                if values[entry.path] == nil { order.append(entry.path) }
                let value = { (token: JSON) in Self.value(token["$value"] ?? token, type: entry.type) }
                switch entry.category {
                case .unreadable: values[entry.path] = (value(entry.value), "unreadable (flagged)")
                case .readable: values[entry.path] = ("unreadable (flagged)", value(entry.value))
                default:
                    values[entry.path] = (
                        entry.original.map(value) ?? "—", entry.category == .deleted ? "deleted" : value(entry.value)
                    )
                }
            }
            // Tokens whose own value is the same but whose resolved value changed in a mode.
            for resolved in themeDiff.resolved where values[resolved.path] == nil {
                order.append(resolved.path)
                let type =
                    resolved.newValue.object == nil && Color(dtcg: resolved.newValue) == nil ? TokenType.string : .color
                values[resolved.path] = (
                    "\(resolved.mode): " + Self.value(resolved.originalValue, type: type),
                    "\(resolved.mode): " + Self.value(resolved.newValue, type: type)
                )
            }
            guard !order.isEmpty else { continue }
            out +=
                "<h2 id=\"\(Anchor.id("theme-" + change.name))\">Theme \(HTML.escape(change.name)) <small>\(change.from?.description ?? "—") → \(change.to?.description ?? "—")</small></h2>\n"
            out +=
                "<div class=\"scroll\"><table><tr><th scope=\"col\">Token</th><th scope=\"col\">Before</th><th scope=\"col\">After</th><th scope=\"col\">Reaches</th></tr>\n"
            // What each compared style reads in this theme, through aliases: computed once per
            // style, not once per changed token.
            let reads = reached.map { comparison in
                [comparison.before, comparison.after].reduce(into: Set<String>()) { tokens, side in
                    if let side, side.theme.name == change.name {
                        tokens.formUnion(Self.reads(side.style, in: side.theme))
                    }
                }
            }
            for path in order {
                let styles = zip(reached, reads).filter { $0.1.contains(path) }.map(\.0)
                out +=
                    "<tr class=\"changed-token\" id=\"\(Anchor.id("token-" + path))\"><td><code>\(HTML.escape(path))</code></td><td>\(values[path]!.old)</td><td>\(values[path]!.new)</td><td>"
                    + (styles.isEmpty
                        ? "no style"
                        : styles.map { "<a href=\"#\(Anchor.id("style-" + $0.name))\">\(HTML.escape($0.name))</a>" }
                            .joined(separator: ", ")) + "</td></tr>\n"
            }
            out += "</table></div>\n"
        }
        return out
    }

    /// A value as HTML: its text, after a chip of the color when it is one.
    static func value(_ value: JSON, type: TokenType) -> String {
        let text = HTML.escape(DocsFormat.value(value, type: type))
        guard type == .color, let color = Color(dtcg: value) else { return text }
        return "<span class=\"dot\" style=\"background:\(color.hexRGBA)\"></span> " + text
    }

    /// Every token `style` reads in `theme`, directly or through references.
    static func reads(_ style: StyleDefinition, in theme: Theme) -> Set<String> {
        let tokens = Dictionary(theme.tokens.map { ($0.path, $0) }) { first, _ in first }
        var seen: Set<String> = []
        var pending = style.tokenReferences.map(\.token)
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let token = tokens[next] else { continue }
            pending += TokenResolver.references(of: token)
        }
        return seen
    }

    /// The cells of a comparison whose appearance changed, in mode, role, state order.
    func cells(_ comparison: Comparison) -> [ChangedCell] {
        let before = comparison.before.map { facts($0.style, $0.theme) }
        let after = comparison.after.map { facts($0.style, $0.theme) }
        let sides = [before, after].compactMap { $0 }
        guard let first = sides.first else { return [] }
        var result: [ChangedCell] = []
        var roles: [String?] = []
        for side in sides {
            for role in side.roles where !roles.contains(role) { roles.append(role) }
        }
        func cell(_ facts: StyleFacts?, _ mode: String, _ role: String?, _ state: String) -> StyleFacts.Cell? {
            facts.flatMap { facts in
                facts.modes.first { $0.label == mode }.flatMap { facts.cell($0, role: role, state: state) }
            }
        }
        for mode in first.modes.map(\.label) {
            for role in roles {
                for state in StyleDefinition.stateNames {
                    let old = cell(before, mode, role, state)
                    let new = cell(after, mode, role, state)
                    guard old != nil || new != nil else { continue }
                    let changes = Self.differences(old?.resolved, new?.resolved)
                    guard !changes.isEmpty || (old == nil) != (new == nil) else { continue }
                    result.append(
                        ChangedCell(mode: mode, role: role, state: state, before: old, after: new, changes: changes))
                }
            }
        }
        return result
    }

    func facts(_ style: StyleDefinition, _ theme: Theme) -> StyleFacts {
        StyleFacts(style, input: DocsInput(specs: specs, styles: [style], themes: [theme], modes: []))
    }

    /// The resolved values that differ, as text.
    static func differences(
        _ old: ResolvedStyle?, _ new: ResolvedStyle?
    ) -> [(field: String, old: String, new: String)] {
        func fields(_ style: ResolvedStyle?) -> [(String, String)] {
            guard let style else { return [] }
            return [
                ("background", DocsFormat.background(style)),
                ("foreground", style.foreground.map(ResolvedStyleText.paint) ?? "inherited"),
                ("border", ResolvedStyleText.border(style)), ("opacity", JSON.format(style.opacity)),
                ("scale", JSON.format(style.scale)),
            ] + DocsFormat.metrics(style).map { ($0.0.lowercased(), $0.1) }
        }
        let a = Dictionary(fields(old)) { first, _ in first }
        var out: [(String, String, String)] = []
        var seen: Set<String> = []
        for (field, value) in fields(new) where seen.insert(field).inserted && a[field] != value {
            out.append((field, a[field] ?? "—", value))
        }
        for (field, value) in fields(old) where !seen.contains(field) && seen.insert(field).inserted {
            out.append((field, value, "—"))
        }
        return out
    }

    /// A style's section: why it is compared, then per changed cell the two previews, the
    /// values that changed and the contrast before and after.
    func section(_ comparison: Comparison, cells: [ChangedCell]) -> String {
        var out =
            "<section class=\"card\" id=\"\(Anchor.id("style-" + comparison.name))\"><h2>\(HTML.escape(comparison.name))</h2>\n"
        out += "<p class=\"tags\">" + HTML.escape(comparison.reasons.joined(separator: " · ")) + "</p>\n"
        if comparison.before == nil { out += "<p>New in this release.</p>\n" }
        if comparison.after == nil { out += "<p>Removed in this release.</p>\n" }
        // A change every cell shows is said once, above them; each cell says only its own.
        let said = { (change: (field: String, old: String, new: String)) in
            "\(change.field): \(change.old) → \(change.new)"
        }
        var common = Set(cells.first?.changes.map(said) ?? [])
        for cell in cells.dropFirst() { common.formIntersection(cell.changes.map(said)) }
        if cells.count < 2 { common = [] }
        if !common.isEmpty {
            let ordered = cells[0].changes.map(said).filter(common.contains)
            out +=
                "<p class=\"common\"><strong>In all \(cells.count) cells:</strong> "
                + ordered.map(HTML.escape).joined(separator: "; ") + "</p>\n"
        }
        var mode: String?
        for cell in cells {
            if cell.mode != mode {
                if mode != nil { out += "</div>\n" }
                mode = cell.mode
                out += "<h3>\(HTML.escape(cell.mode))</h3>\n<div class=\"compare\">\n"
            }
            out +=
                "<div>\(Self.figure(cell.before, label: "before"))</div><div>\(Self.figure(cell.after, label: "after"))</div>"
            out +=
                "<div class=\"values\"><strong>\(HTML.escape(cell.state)), \(HTML.escape(cell.role ?? "no role"))</strong><br>"
            out += cell.changes.map(said).filter { !common.contains($0) }.map(HTML.escape).joined(separator: "<br>")
            if let old = cell.before?.preview, let new = cell.after?.preview {
                let change = String(format: "contrast %.1f:1 → %.1f:1", old.contrast, new.contrast)
                out +=
                    "<br>" + HTML.escape(change)
                    + (new.isLow && !old.isLow ? " <span class=\"badge low\">now under 4.5:1</span>" : "")
                    + (old.isLow && !new.isLow ? " <span class=\"badge ok\">now meets 4.5:1</span>" : "")
            }
            out += "</div>\n"
        }
        if mode != nil { out += "</div>\n" }
        return out + "</section>\n"
    }

    static func figure(_ cell: StyleFacts.Cell?, label: String) -> String {
        guard let cell else { return "<span class=\"missing\">\(label): absent</span>" }
        guard let preview = cell.preview else {
            return "<span class=\"missing\">\(label): cannot be drawn — \(HTML.escape(cell.problem ?? ""))</span>"
        }
        return
            "<figure class=\"preview \(cell.mode.dark ? "dark" : "light")\">\(preview.svg)<figcaption>\(label)</figcaption></figure>"
    }
}
