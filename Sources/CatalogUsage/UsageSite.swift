import Foundation
import CatalogModel

/// One call site of a catalog component in Swift source, with what is in effect there.
public struct UsageSite: Sendable, Equatable, Hashable {
    /// The file, relative to the scanned root.
    public var file: String
    public var line: Int
    public var column: Int
    /// The component called (`DFButton`, `Button`, `OUDSButton`).
    public var component: String
    /// The spec whose option is in effect (the component's own, or a style's such as
    /// `ButtonVariantStyle`), when a style, appearance or variant is set.
    public var spec: String?
    /// The axis of that option (`style`, `appearance`, `variant`).
    public var axis: String?
    /// The option (`outlined`, `negative`, `filled`), or the custom style's text.
    public var option: String?
    /// Whether the option comes from a modifier on an enclosing container.
    public var inherited: Bool
    /// The role, when one is given (`destructive`).
    public var role: String?
    /// Whether `.disabled(…)` applies (any value but a literal `false`).
    public var disabled: Bool
    /// Other arguments and modifiers a spec declares, as source text
    /// (`isFullWidth: true`, `style: .loading`, `color: .orange`, `controlSize: .small`).
    public var arguments: [String: String]
    /// Enclosing container calls, innermost first (`OUDSColoredSurface`, `VStack`).
    public var containers: [String]
    /// Platforms checked by enclosing `if #available(…)`, such as `iOS 26`.
    public var availability: [String]
    /// The enclosing type's name.
    public var enclosingType: String?
    /// The enclosing property or function (`body`).
    public var enclosingBody: String?

    /// A call site.
    public init(
        file: String, line: Int, column: Int, component: String, spec: String? = nil, axis: String? = nil, option: String? = nil,
        inherited: Bool = false, role: String? = nil, disabled: Bool = false, arguments: [String: String] = [:],
        containers: [String] = [], availability: [String] = [], enclosingType: String? = nil, enclosingBody: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.component = component
        self.spec = spec
        self.axis = axis
        self.option = option
        self.inherited = inherited
        self.role = role
        self.disabled = disabled
        self.arguments = arguments
        self.containers = containers
        self.availability = availability
        self.enclosingType = enclosingType
        self.enclosingBody = enclosingBody
    }

    /// `file:line:column`.
    public var place: String { "\(file):\(line):\(column)" }
}

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

    /// The vocabulary of `specs`.
    public init(specs: [ComponentSpec]) {
        var components: Set<String> = []
        var modifiers: [String: (String, String)] = [:]
        var labels: [String: [String: String]] = [:]
        var factories: [String: (String, String)] = [:]
        var parameters: [String: Set<String>] = [:]
        var primaryAxis: [String: String] = [:]
        for spec in specs {
            primaryAxis[spec.name] = spec.axes.first?.name
            if spec.initializers.contains(where: { $0.signature.hasPrefix("init(") }) { components.insert(spec.name) }
            for initializer in spec.initializers where !initializer.signature.hasPrefix("init(") {
                let name = String(initializer.signature.prefix { $0 != "(" })
                if let axis = spec.axes.first { factories[name] = (spec.name, axis.name) }
            }
            parameters[spec.name] = Set(spec.initializers.flatMap { $0.parameters.map(\.name) })
            for axis in spec.axes {
                guard let applied = axis.appliedWith?.trimmingCharacters(in: .whitespaces), !applied.isEmpty else { continue }
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
    }

    /// The byte strings whose presence makes a file worth parsing.
    public var needles: [String] { components.sorted() }
}
