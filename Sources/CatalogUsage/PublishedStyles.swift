import CatalogModel

/// The published styles as code spells them where no spec option names them: custom
/// styles such as `capsule` (``StyleDefinition/spellings(in:)``), and every style's
/// SwiftUI style from the generated package (``StyleDefinition/generatedSpellings``), so
/// that a call site recorded as `.dfButtonStyle(.capsule)`, `.buttonStyle(DFCapsuleButtonStyle())`,
/// `.buttonStyle(.dfButtonFilled)` or a deprecated alias the package keeps
/// (``StyleDefinition/deprecatedSpellings``) is known to be that style. Matching happens when
/// sites are read, so a style published after a scan finds the sites already recorded.
public struct PublishedStyles: Sendable {
    /// Spec → recorded option → custom style name.
    private var bySpecOption: [String: [String: String]] = [:]
    /// A construction (`CapsuleButtonStyle()`) → custom style name, in any style modifier.
    private var byConstruction: [String: String] = [:]
    /// Spec → the options its first axis declares.
    private var declared: [String: Set<String>] = [:]
    /// The styles code can name here (custom ones, and linked ones through the generated
    /// package), by name.
    public private(set) var styles: [String: StyleDefinition] = [:]
    /// Each custom style's options as sites record them, by spec (a construction is
    /// listed under the style's component).
    public private(set) var options: [String: [String: Set<String>]] = [:]

    /// The index of `styles` that no option of `specs` links, spelled as `specs` (the
    /// latest of each) say.
    public init(specs: [ComponentSpec], styles allStyles: [StyleDefinition]) {
        let linked = Set(specs.flatMap(\.linkedStyles))
        let latest = Dictionary(specs.map { ($0.name, $0) }) { $0.version < $1.version ? $1 : $0 }
        let modifiers = UsageVocabulary(specs: specs).modifiers
        for spec in latest.values {
            for axis in spec.axes { declared[spec.name, default: []].formUnion(axis.options.map(\.name)) }
        }
        // In name order, so that of two styles spelled alike the first by name is the one found.
        for style in allStyles.sorted(by: { $0.name < $1.name }) {
            styles[style.name] = style
            // A style a spec option draws is named through that option, or through the
            // generated package's SwiftUI style.
            let spellings =
                (linked.contains(style.name) ? style.generatedSpellings : style.spellings(in: latest[style.component]))
                + style.deprecatedSpellings
            for spelling in spellings {
                guard let modifier = spelling.modifier else {
                    if byConstruction[spelling.option] == nil { byConstruction[spelling.option] = style.name }
                    options[style.name, default: [:]][style.component, default: []].insert(spelling.option)
                    continue
                }
                guard let spec = modifiers[modifier]?.spec else { continue }
                options[style.name, default: [:]][spec, default: []].insert(spelling.option)
                if bySpecOption[spec, default: [:]][spelling.option] == nil {
                    bySpecOption[spec, default: [:]][spelling.option] = style.name
                }
            }
        }
    }

    /// The custom style a call site applies, when its option is not one its spec declares
    /// and a published style is spelled that way.
    public func style(for site: UsageSite) -> StyleDefinition? {
        guard !site.dynamic, let spec = site.spec, let option = site.option,
            declared[spec]?.contains(option) != true
        else { return nil }
        // A style made through an app's static member is found by its type or the member.
        guard
            let name = bySpecOption[spec]?[option] ?? byConstruction[option]
                ?? site.member.flatMap({ bySpecOption[spec]?[$0] })
        else { return nil }
        return styles[name]
    }
}
