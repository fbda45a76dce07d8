import CatalogModel
import Foundation

/// What the scanner looks for, drawn from the specs: the components called as types,
/// the modifiers and argument labels that set an axis, and the style factories
/// (`.variant(_:color:)`) that name another spec's options.
public struct UsageVocabulary: Sendable {
    /// Component names called as types (specs with `init(…)` initializers).
    public var components: Set<String>
    /// Modifier name → the spec and axis it sets (`dfButtonStyle` → DFButton.style).
    public var modifiers: [String: (spec: String, axis: String)]
    /// Argument label on a component call → the axis it sets (`appearance`).
    public var labels: [String: [String: String]]
    /// Style factory → the spec and axis its first argument names (`variant` → ButtonVariantStyle.variant).
    public var factories: [String: (spec: String, axis: String)]
    /// Parameter names each spec declares, recorded when given.
    public var parameters: [String: Set<String>]
    /// Each spec's first axis: the style, appearance or variant a site is classified by.
    public var primaryAxis: [String: String]
    /// Each spec's first axis default (DFButton: filled), in effect when nothing sets one.
    public var defaults: [String: String]

    /// The vocabulary of `specs`.
    public init(specs: [ComponentSpec]) {
        var components: Set<String> = []
        var modifiers: [String: (String, String)] = [:]
        var labels: [String: [String: String]] = [:]
        var factories: [String: (String, String)] = [:]
        var parameters: [String: Set<String>] = [:]
        var primaryAxis: [String: String] = [:]
        var defaults: [String: String] = [:]
        for spec in specs {
            primaryAxis[spec.name] = spec.axes.first?.name
            defaults[spec.name] = spec.axes.first?.defaultOption
            if spec.initializers.contains(where: { $0.signature.hasPrefix("init(") }) { components.insert(spec.name) }
            for initializer in spec.initializers where !initializer.signature.hasPrefix("init(") {
                let name = String(initializer.signature.prefix { $0 != "(" })
                if let axis = spec.axes.first { factories[name] = (spec.name, axis.name) }
            }
            parameters[spec.name] = Set(spec.initializers.flatMap { $0.parameters.map(\.name) })
            for axis in spec.axes {
                guard let applied = axis.appliedWith?.trimmingCharacters(in: .whitespaces), !applied.isEmpty else {
                    continue
                }
                if applied.hasPrefix(".") {
                    let name = String(applied.dropFirst().prefix { $0 != "(" })
                    // `.buttonStyle(.variant(_:color:))` is a factory handled through `.buttonStyle`.
                    if modifiers[name] == nil || applied.hasSuffix("(_:)") { modifiers[name] = (spec.name, axis.name) }
                } else if applied.hasSuffix(":") {
                    labels[spec.name, default: [:]][String(applied.dropLast())] = axis.name
                }
            }
        }
        self.components = components
        self.modifiers = modifiers
        self.labels = labels
        self.factories = factories
        self.parameters = parameters
        self.primaryAxis = primaryAxis
        self.defaults = defaults
    }

    /// The byte strings whose presence makes a file worth parsing.
    public var needles: [String] { components.sorted() }
}
