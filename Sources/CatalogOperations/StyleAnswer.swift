import CatalogModel

/// A style resolved for one use, with what an app needs to apply it and whether its label
/// reads: the concrete values, the WCAG verdict on the label's contrast with its fill (or
/// why there is none), and how to write it in Swift (``StyleAdvice``). `get_style` and
/// `style resolve` answer it.
public struct StyleAnswer: Sendable {
    public var style: StyleDefinition
    public var theme: Theme
    public var resolved: ResolvedStyle
    /// The verdict, where the label and the fill are colors and the fill is opaque.
    public var contrast: ContrastVerdict?
    /// Why there is no verdict for a translucent fill: its contrast depends on what is behind it.
    public var contrastNote: String?
    public var advice: StyleAdvice

    /// The contrast lines of a text answer: `Contrast: 4.83:1 — meets WCAG AA …`, or none.
    public var contrastText: String {
        (contrast.map { "Contrast: \($0.text)\n" } ?? "") + (contrastNote.map { "Contrast: \($0)\n" } ?? "")
    }
}

extension Catalog {
    /// Style `reference` resolved as ``resolveStyle(_:theme:modes:role:state:size:reduceMotion:)``
    /// resolves it, with its contrast verdict and its Swift advice for the role and state asked.
    public func styleAnswer(
        _ reference: VersionedName, theme: VersionedName? = nil, modes: [String] = [], role: String? = nil,
        state: String = "normal", size: String? = nil, reduceMotion: Bool = false
    ) throws -> StyleAnswer {
        let (style, theme, resolved) = try resolveStyle(
            reference, theme: theme, modes: modes, role: role, state: state, size: size, reduceMotion: reduceMotion)
        var verdict: ContrastVerdict?
        var note: String?
        if let label = resolved.foreground?.color, let fill = resolved.background.color {
            if fill.alpha == 1 {
                verdict = ContrastVerdict(
                    ratio: label.contrastRatio(with: fill), font: resolved.font, state: resolved.state)
            } else {
                note =
                    "the fill is translucent (alpha \(JSON.format(fill.alpha.rounded(places: 2)))): its contrast depends on what is behind it"
            }
        }
        return StyleAnswer(
            style: style, theme: theme, resolved: resolved, contrast: verdict, contrastNote: note,
            advice: try styleAdvice(style, theme: theme, role: resolved.role, state: resolved.state))
    }
}
