import CatalogModel
import Foundation

/// DTCG-shaped files (`$value`, `$type`): DTCG 2025.10 held to the standard's text, the
/// drafts' string forms as Style Dictionary 4 and most exporters write them, and the
/// catalog's own files; how each is told from the others, and the rules each is read by.
enum DTCGFormat {
    /// DTCG 2025.10, by the standard: values in their object forms (`{colorSpace,
    /// components}`, `{value, unit}` with `px`/`rem`), numbers as numbers, font weight
    /// keywords as listed, every typography part present, no non-`$` keys in a token.
    static let strict = TokenRules().with {
        $0.strict = true
        $0.dimensionUnits = ["px", "rem"]
    }

    /// DTCG-shaped files in the drafts' string forms (`"$value": "#ff0000"`, `"16px"`), as
    /// Style Dictionary 4 reads them: its math-free references (spaces inside braces
    /// trimmed), and names with a dot kept as one name (`"size.icon"`, reachable as
    /// `{size.icon}` below its group).
    static let draft = TokenRules().with {
        $0.trimsReferences = true
        $0.allowsDotsInNames = true
        $0.evaluatesMath = true
    }

    /// Which dialect a DTCG-shaped (`$value`) document is written in: the catalog's own
    /// when its root names catalog extensions, strict DTCG when its `$schema` is the
    /// standard's, Figma's when its tokens carry `$extensions["com.figma"]`, the drafts'
    /// string forms when any value uses them or a name holds a dot, else strict DTCG.
    /// `draftStringsElsewhere`, `figmaElsewhere`: a token of the document read apart from
    /// `root` (an object left out of its parse) is a draft string, or carries Figma's extension.
    static func detect(_ root: JSON, draftStringsElsewhere: Bool = false, figmaElsewhere: Bool = false)
        -> TokenDialect
    {
        if isCatalogs(root) { return .catalog }
        if declaresTheStandard(root) { return .dtcg }
        if figmaElsewhere || FigmaVariables.isFigmas(root) { return .figma }
        return draftStringsElsewhere || usesDraftStrings(root, depth: 0) || hasDottedNames(root, depth: 0)
            ? .dtcgDraft : .dtcg
    }

    /// Whether a document's `$schema` is the standard's (designtokens.org).
    static func declaresTheStandard(_ root: JSON) -> Bool {
        root["$schema"]?.string?.contains("designtokens.org") == true
    }

    /// Whether a document is the catalog's own (seeds, `theme export`, the resolver export):
    /// its root names catalog extensions (`$extensions["catalog.theme"]`, …).
    static func isCatalogs(_ root: JSON) -> Bool {
        root["$extensions"]?.object?.contains { $0.key.hasPrefix("catalog.") } == true
    }

    /// Whether a `$value` anywhere in `value` (a token object, a group) is, or holds, a
    /// color or measure string, as the DTCG drafts wrote them.
    static func usesDraftStrings(_ value: JSON) -> Bool { usesDraftStrings(value, depth: 0) }

    /// Whether a token or group name in `value` holds a dot (`"size.icon"`): DTCG 2025.10
    /// forbids it, Style Dictionary 4 keeps it as one name, so a file that does not declare
    /// the standard and writes one is Style Dictionary's reading of the drafts.
    private static func hasDottedNames(_ value: JSON, depth: Int) -> Bool {
        guard depth < 64, let members = value.object, value["$value"] == nil else { return false }
        return members.contains { key, member in
            !key.hasPrefix("$") && (key.contains(".") || hasDottedNames(member, depth: depth + 1))
        }
    }

    private static func usesDraftStrings(_ value: JSON, depth: Int) -> Bool {
        guard depth < 64, let members = value.object else { return false }
        for (key, member) in members {
            if key == "$value" {
                if isDraftString(member, depth: 0) { return true }
            } else if !key.hasPrefix("$"), usesDraftStrings(member, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    private static func isDraftString(_ value: JSON, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        switch value.kind {
        case .string(let text):
            if TokenValue.alias(in: text) != nil { return false }
            return Color(css: text) != nil
                || TokenValue.parseMeasure(text, units: ["px", "rem", "em", "pt", "ms", "s"]) != nil
        case .object(let members): return members.contains { isDraftString($0.value, depth: depth + 1) }
        case .array(let elements): return elements.contains { isDraftString($0, depth: depth + 1) }
        default: return false
        }
    }
}
