import CatalogModel
import Foundation

/// What the scanner looks for, drawn from the specs: the components called as types,
/// the modifiers and argument labels that set an axis, the style factories
/// (`.variant(_:color:)`) that name another spec's options, the struct spelling of each
/// style (`BorderlessButtonStyle()` for `.borderless`), and the module each component
/// comes from. Given several versions of a spec, the latest decides the axes, and the
/// older ones' argument labels still count (OUDS 2's `hierarchy:` is OUDS 3's `appearance:`).
public struct UsageVocabulary: Sendable {
    /// Component names called as types (specs with `init(…)` initializers).
    public var components: Set<String>
    /// Modifier name → the spec and axis it sets (`dfButtonStyle` → DFButton.style).
    public var modifiers: [String: (spec: String, axis: String)]
    /// Argument label on a component call → the axis it sets (`appearance`).
    public var labels: [String: [String: String]]
    /// The labels of ``labels`` the latest version of each spec still declares; the
    /// others are older versions' (OUDS 2's `hierarchy:`).
    public var currentLabels: [String: Set<String>]
    /// Style factory → the spec and axis its first argument names (`variant` → ButtonVariantStyle.variant).
    public var factories: [String: (spec: String, axis: String)]
    /// Parameter names each spec declares, recorded when given.
    public var parameters: [String: Set<String>]
    /// Each spec's first axis: the style, appearance or variant a site is classified by.
    public var primaryAxis: [String: String]
    /// Each spec's first axis default (DFButton: filled), in effect when nothing sets one.
    public var defaults: [String: String]
    /// Style struct name → the spec, axis and option it spells (`BorderlessButtonStyle` → Button.style.borderless).
    public var structs: [String: (spec: String, axis: String, option: String)]
    /// The module a component comes from (its spec's `import`): a call counts only in a
    /// file that imports it or is part of it.
    public var modules: [String: String]
    /// The tokens' names through the generated packages: a file importing one of their
    /// modules is read for references to its tokens (``TokenReference``).
    public var tokenNames = TokenNameSource.none

    /// The vocabulary of `specs`.
    public init(specs: [ComponentSpec]) {
        var components: Set<String> = []
        var modifiers: [String: (String, String)] = [:]
        var labels: [String: [String: String]] = [:]
        var currentLabels: [String: Set<String>] = [:]
        var factories: [String: (String, String)] = [:]
        var parameters: [String: Set<String>] = [:]
        var primaryAxis: [String: String] = [:]
        var defaults: [String: String] = [:]
        var structs: [String: (String, String, String)] = [:]
        var modules: [String: String] = [:]
        let latest = Dictionary(specs.map { ($0.name, $0) }) { $0.version < $1.version ? $1 : $0 }
        // Oldest first, so that the latest version of each spec has the last word.
        for spec in specs.sorted(by: { ($0.name, $0.version) < ($1.name, $1.version) }) {
            if let older = spec.axes.first, spec.version != latest[spec.name]?.version {
                // An older version's carriers of its first axis carry the latest's first axis.
                let current = latest[spec.name]?.axes.first?.name ?? older.name
                for carrier in Self.carriers(of: older, in: spec) where carrier.hasSuffix(":") {
                    labels[spec.name, default: [:]][String(carrier.dropLast())] = current
                }
                parameters[spec.name, default: []].formUnion(spec.initializers.flatMap { $0.parameters.map(\.name) })
                continue
            }
            primaryAxis[spec.name] = spec.axes.first?.name
            defaults[spec.name] = spec.axes.first?.defaultOption
            modules[spec.name] = spec.importModule
            if spec.initializers.contains(where: { $0.signature.hasPrefix("init(") }) { components.insert(spec.name) }
            for initializer in spec.initializers where !initializer.signature.hasPrefix("init(") {
                let name = String(initializer.signature.prefix { $0 != "(" })
                if let axis = spec.axes.first { factories[name] = (spec.name, axis.name) }
            }
            parameters[spec.name, default: []].formUnion(spec.initializers.flatMap { $0.parameters.map(\.name) })
            for axis in spec.axes {
                for applied in Self.carriers(of: axis, in: spec) {
                    if applied.hasPrefix(".") {
                        let name = String(applied.dropFirst().prefix { $0 != "(" })
                        // `.buttonStyle(.variant(_:color:))` is a factory handled through `.buttonStyle`.
                        if modifiers[name] == nil || applied.hasSuffix("(_:)") {
                            modifiers[name] = (spec.name, axis.name)
                        }
                        if axis.name == spec.axes.first?.name, applied.hasSuffix("(_:)") {
                            for option in axis.options {
                                structs[Self.capitalized(option.name) + Self.capitalized(name)] = (
                                    spec.name, axis.name, option.name
                                )
                            }
                        }
                    } else if applied.hasSuffix(":") {
                        labels[spec.name, default: [:]][String(applied.dropLast())] = axis.name
                        currentLabels[spec.name, default: []].insert(String(applied.dropLast()))
                    }
                }
            }
        }
        self.components = components
        self.modifiers = modifiers
        self.labels = labels
        self.currentLabels = currentLabels
        self.factories = factories
        self.parameters = parameters
        self.primaryAxis = primaryAxis
        self.defaults = defaults
        self.structs = structs
        self.modules = modules
    }

    /// How an axis is set: its `appliedWith` (a modifier `.dfButtonStyle(_:)` or a label
    /// `appearance:`), and an initializer parameter of the axis's own name (DFButton 1.2's
    /// `style:`).
    static func carriers(of axis: VariantAxis, in spec: ComponentSpec) -> [String] {
        var carriers: [String] = []
        if let applied = axis.appliedWith?.trimmingCharacters(in: .whitespaces), !applied.isEmpty {
            carriers.append(applied)
        }
        if spec.initializers.contains(where: { $0.parameters.contains { $0.name == axis.name } }),
            !carriers.contains(axis.name + ":")
        {
            carriers.append(axis.name + ":")
        }
        return carriers
    }

    /// `borderless` → `Borderless`, `buttonStyle` → `ButtonStyle`.
    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The byte strings whose presence makes a file worth parsing.
    public var needles: [String] { components.sorted() }
}
