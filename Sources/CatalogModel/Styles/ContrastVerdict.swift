/// WCAG 2.2's verdict on a button label's contrast with its fill: success criteria 1.4.3
/// Contrast (Minimum), level AA — 4.5:1, or 3:1 for large text — and 1.4.6 Contrast
/// (Enhanced), level AAA — 7:1, or 4.5:1 for large text. Large text is at least 18 pt, or
/// 14 pt bold, in WCAG's points of 1/72 inch, which CSS makes 24 and 18.66 px; Apple's
/// points are CSS pixels at 1×, so 24 pt, or 18.66 pt at weight 700 or more, here. A
/// disabled button is an inactive user interface component, which WCAG exempts.
public struct ContrastVerdict: Sendable, Equatable {
    /// The contrast ratio, to two decimals.
    public var ratio: Double
    /// The label's size in points, where known (its own, else its text style's at the
    /// default Dynamic Type size), and its weight.
    public var size: Double?
    public var weight: Double?
    /// Whether the label counts as large text.
    public var isLargeText: Bool
    /// Whether it meets AA and AAA for its size.
    public var meetsAA: Bool
    public var meetsAAA: Bool
    /// Whether WCAG exempts it (a disabled button).
    public var isExempt: Bool

    /// The ratio AA asks of text this size, and AAA's.
    public var requiredAA: Double { isLargeText ? 3 : 4.5 }
    public var requiredAAA: Double { isLargeText ? 4.5 : 7 }

    /// The verdict for `ratio` with a label of `font` in `state`.
    public init(ratio: Double, font: ResolvedFont?, state: String) {
        self.ratio = ratio.rounded(places: 2)
        size = font?.size ?? font?.textStyle.flatMap(AppleTextStyles.size(of:)) ?? (font == nil ? 17 : nil)
        weight = font?.weight
        let bold = (weight ?? 400) >= 700
        isLargeText = size.map { $0 >= 24 || ($0 >= 18.66 && bold) } ?? false
        meetsAA = self.ratio >= (isLargeText ? 3 : 4.5)
        meetsAAA = self.ratio >= (isLargeText ? 4.5 : 7)
        isExempt = state == "disabled"
    }

    /// `3.55:1 — fails WCAG AA for 17 pt text (needs 4.5:1; 3:1 from 24 pt, or 18.66 pt bold) and AAA (7:1)`.
    public var text: String {
        let ratioText = "\(JSON.format(ratio)):1"
        if isExempt {
            return "\(ratioText) — a disabled button: WCAG 1.4.3 exempts inactive components"
        }
        let what =
            (size.map { "\(JSON.format($0)) pt" } ?? "text of unknown size")
            + (weight.map { " weight \(JSON.format($0))" } ?? "") + (isLargeText ? ", large text" : "")
        let large = isLargeText ? "" : "; 3:1 from 24 pt, or 18.66 pt bold"
        switch (meetsAA, meetsAAA) {
        case (true, true):
            return
                "\(ratioText) — meets WCAG AA (\(JSON.format(requiredAA)):1) and AAA (\(JSON.format(requiredAAA)):1) for \(what)"
        case (true, false):
            return
                "\(ratioText) — meets WCAG AA (\(JSON.format(requiredAA)):1), fails AAA (\(JSON.format(requiredAAA)):1) for \(what)"
        default:
            return
                "\(ratioText) — fails WCAG AA for \(what) (needs \(JSON.format(requiredAA)):1\(large)) and AAA (\(JSON.format(requiredAAA)):1)"
        }
    }

    /// The verdict as data: `ratio`, `largeText`, `AA`, `AAA`, `exempt`, `size`, `verdict`.
    public var json: JSON {
        .object([
            ("ratio", .number(ratio)), ("size", size.map { .number($0) } ?? .null),
            ("weight", weight.map { .number($0) } ?? .null), ("largeText", .bool(isLargeText)),
            ("meetsAA", .bool(meetsAA)), ("meetsAAA", .bool(meetsAAA)), ("exempt", .bool(isExempt)),
            ("verdict", .string(text)),
        ])
    }
}

/// Apple's text styles at the default Dynamic Type size (iOS, points): what a font that
/// names only its text style measures, for the generated package and for WCAG's sizes.
public enum AppleTextStyles {
    /// Body before headline: a regular 17 pt scales as body.
    public static let sizes: [(name: String, size: Double)] = [
        ("body", 17), ("headline", 17), ("largeTitle", 34), ("title", 28), ("title2", 22), ("title3", 20),
        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption", 12), ("caption2", 11),
    ]

    /// The size of the text style `name`, if it is one.
    public static func size(of name: String) -> Double? { sizes.first { $0.name == name }?.size }
}
