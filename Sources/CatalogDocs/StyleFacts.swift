import CatalogCodegen
import CatalogModel
import Foundation

/// What every documentation format says about one style, computed once: the spec that
/// governs it (the one whose option draws it, else its component's), how code applies
/// it, and its grid of resolved appearances — every state the style defines × every role
/// that spec defines (and no others) × each documented mode — with the reason wherever a
/// cell cannot be resolved in the theme, so that a page says so instead of leaving a gap.
struct StyleFacts {
    /// A mode a style is drawn in.
    struct Mode {
        let label: String
        let context: ModeContext
        /// Drawn on a dark page.
        let dark: Bool
    }

    /// One state × role × mode.
    struct Cell {
        let mode: Mode
        /// `nil`: no role.
        let role: String?
        let state: String
        let resolved: ResolvedStyle?
        /// Why the cell could not be resolved.
        let problem: String?
        /// The drawing, when the cell resolved and the facts were made to draw.
        let preview: SVGPreview?
    }

    let style: StyleDefinition
    /// The spec whose options draw the style, else its component's latest spec.
    let spec: ComponentSpec?
    let theme: Theme?
    /// The spec options that draw it (`DFButton` · `filled`); empty for a custom style.
    let options: [(spec: String, option: String)]
    /// How Swift code applies it: `.dfButtonStyle(.filled)`, `appearance: .strong`, or a
    /// custom style's spellings.
    let code: [String]
    let states: [String]
    let roles: [String?]
    let modes: [Mode]
    /// In mode, role, state order.
    let cells: [Cell]
    /// The normal state with no role in the first mode: shape, font, padding and timing.
    let base: ResolvedStyle?
    /// Each control size the style defines, resolved in the first mode.
    let sizes: [(size: String, resolved: ResolvedStyle?)]
    /// Every token reference the theme cannot resolve, with why, when some cell fails:
    /// what a page says once, at its top.
    let unresolved: [(jsonPath: String, message: String)]
    /// How code using the package generated from the theme applies the style.
    let generated: (import: String, modifier: String)?

    /// The facts of `style` as `input` documents it; with `drawn`, each resolved cell is
    /// also drawn as SVG (the JSON export needs only the values).
    init(_ style: StyleDefinition, input: DocsInput, drawn: Bool = true) {
        self.style = style
        var options: [(String, String)] = []
        var code: [String] = []
        var linking: ComponentSpec?
        for spec in input.specs {
            for axis in spec.axes {
                for option in axis.options where option.style == style.name {
                    linking = linking ?? spec
                    options.append((spec.name, option.name))
                    if let applied = axis.appliedWith { code.append(Self.applying(option.name, with: applied)) }
                }
            }
        }
        let spec = linking ?? input.specs.first { $0.name == style.component }
        self.spec = spec
        self.options = options
        if options.isEmpty { code = style.spellings(in: spec).map(\.text) }
        self.code = code
        let theme = input.theme(for: style)
        self.theme = theme
        generated = theme.map { SwiftPackageExporter.applying(style, theme: $0) }
        states = StyleDefinition.stateNames.filter { $0 == "normal" || style.states[$0] != nil }
        roles = [nil] + (spec.map { $0.roles.map(\.name) } ?? style.roles.keys.sorted())
        let modes = theme.map { Self.modes(for: $0, input: input) } ?? []
        self.modes = modes
        var cells: [Cell] = []
        if let theme {
            let resolver = StyleResolver(style: style, theme: theme)
            let title = "\(theme.name) \(theme.version)"
            for mode in modes {
                for role in roles {
                    for state in states {
                        do {
                            let resolved = try resolver.resolve(.init(context: mode.context, role: role, state: state))
                            let label = ["\(style.name) \(style.version)", title, mode.label, state, role ?? "no role"]
                                .joined(
                                    separator: " · ")
                            cells.append(
                                Cell(
                                    mode: mode, role: role, state: state, resolved: resolved, problem: nil,
                                    preview: drawn ? SVGPreview(resolved, dark: mode.dark, title: label) : nil))
                        } catch {
                            cells.append(
                                Cell(
                                    mode: mode, role: role, state: state, resolved: nil, problem: "\(error)",
                                    preview: nil))
                        }
                    }
                }
            }
            base = try? resolver.resolve(.init(context: modes.first?.context ?? ModeContext()))
            sizes = StyleDefinition.sizeNames.filter { style.sizes[$0] != nil }.map { size in
                (size, try? resolver.resolve(.init(context: modes.first?.context ?? ModeContext(), size: size)))
            }
            unresolved = cells.contains { $0.resolved == nil } ? resolver.problems() : []
        } else {
            base = nil
            sizes = []
            unresolved = []
        }
        self.cells = cells
    }

    /// How many previews `facts` draw, and how many cells their themes cannot resolve.
    static func coverage(_ facts: some Sequence<StyleFacts>) -> (drawn: Int, missing: Int) {
        facts.reduce((0, 0)) { total, facts in
            let resolved = facts.cells.filter { $0.resolved != nil }.count
            return (total.0 + resolved, total.1 + facts.cells.count - resolved)
        }
    }

    /// Whether no spec option draws the style (it was published on its own, like capsule).
    var isCustom: Bool { options.isEmpty }

    /// The distinct reasons cells could not be resolved, with how many cells each leaves empty.
    var problems: [(problem: String, cells: Int)] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for cell in cells {
            guard let problem = cell.problem else { continue }
            if counts[problem] == nil { order.append(problem) }
            counts[problem, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }

    /// The cell for a mode, role and state.
    func cell(_ mode: Mode, role: String?, state: String) -> Cell? {
        cells.first { $0.mode.label == mode.label && $0.role == role && $0.state == state }
    }

    /// The option applied as its axis says: `.dfButtonStyle(_:)` → `.dfButtonStyle(.filled)`,
    /// `.buttonStyle(.variant(_:color:))` → `.buttonStyle(.variant(.filled, color: …))`,
    /// `appearance:` → `appearance: .strong`.
    static func applying(_ option: String, with applied: String) -> String {
        let trimmed = applied.trimmingCharacters(in: .whitespaces)
        guard let blank = trimmed.range(of: "(_:"),
            let close = trimmed[blank.upperBound...].firstIndex(of: ")")
        else { return "\(trimmed) .\(option)" }
        let labels = trimmed[blank.upperBound..<close].split(separator: ":").map { "\($0): …" }
        return trimmed[..<blank.lowerBound] + "(" + ([".\(option)"] + labels).joined(separator: ", ") + ")"
            + trimmed[trimmed.index(after: close)...]
    }

    /// The modes to draw: each requested mode the theme has; with none requested, light
    /// and dark when the theme has a color scheme, else its defaults.
    static func modes(for theme: Theme, input: DocsInput) -> [Mode] {
        let documented = input.contexts(for: theme)
        let chosen: [(label: String, context: ModeContext)]
        if documented.count == 1 && documented[0].label == "default",
            let scheme = theme.dimensions.first(where: { $0.name == "colorScheme" })
        {
            chosen = scheme.modes.filter { ["light", "dark"].contains($0) }.map { ($0, ModeContext([scheme.name: $0])) }
        } else {
            chosen = documented
        }
        return chosen.map { Mode(label: $0.label, context: $0.context, dark: $0.label.lowercased().contains("dark")) }
    }

    /// The facts table every format shows on a style page: component, theme, the options
    /// that draw it, how code applies it, availability, states, roles and metrics.
    func factRows(hasSpecPage: Bool) -> [PageContent.Row] {
        typealias Row = PageContent.Row
        var rows: [Row] = [
            Row([
                [.text("Component")],
                [hasSpecPage ? .link(style.component, .spec(style.component)) : .text(style.component)],
            ]),
            Row([[.text("Protocol")], [.code(style.conformance)]]),
        ]
        if let theme {
            rows.append(Row([[.text("Theme")], [.link(theme.name, .theme(theme.name)), .text(" \(theme.version)")]]))
        }
        rows.append(
            Row([
                [.text("Drawn by")],
                isCustom
                    ? [.text("a custom style, published on its own (no spec option links it)")]
                    : PageContent.joined(options.map { .link("\($0.spec) · \($0.option)", .spec($0.spec)) }),
            ]))
        if !code.isEmpty {
            let label = isCustom ? "In code" : "In the design system's API"
            rows.append(Row(lines: [[[.text(label)]], code.map { [.code($0)] }]))
        }
        if let generated {
            rows.append(
                Row(lines: [
                    [[.text("With the generated package")]],
                    [[.code(generated.import)], [.code(generated.modifier)], [.text("(catalog export swift)")]],
                ]))
        }
        rows.append(
            Row([
                [.text("Availability")],
                [
                    .text(
                        style.availability.isEmpty
                            ? "wherever its component is" : PlatformVersions.text(style.availability))
                ],
            ]))
        // The generated package draws every state a style defines; say what brings on those
        // SwiftUI's configuration does not report.
        let notes = SwiftPackageExporter.stateTriggers.filter { states.contains($0.state) }.map(\.trigger)
        let drawnNote = notes.isEmpty ? "" : " (the generated package draws " + notes.joined(separator: "; ") + ")"
        rows.append(Row([[.text("States")], [.text(states.joined(separator: ", ") + drawnNote)]]))
        rows.append(Row([[.text("Roles")], [.text(roles.map { $0 ?? "none" }.joined(separator: ", "))]]))
        if let base {
            for (label, value) in DocsFormat.metrics(base) { rows.append(Row([[.text(label)], [.text(value)]])) }
        }
        return rows
    }
}
