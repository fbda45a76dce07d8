import Foundation

/// One call site of a catalog component in Swift source, with what is in effect there.
public struct UsageSite: Sendable, Equatable, Hashable, Codable {
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
    /// Whether no style was set and the option is the axis default (DFButton: filled).
    public var defaulted: Bool
    /// Whether the option is an expression whose value the scanner cannot know
    /// (`appearance: model.appearance`): ``option`` holds the expression's text.
    public var dynamic: Bool = false
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
        file: String, line: Int, column: Int, component: String, spec: String? = nil, axis: String? = nil,
        option: String? = nil,
        inherited: Bool = false, defaulted: Bool = false, role: String? = nil, disabled: Bool = false,
        arguments: [String: String] = [:],
        containers: [String] = [], availability: [String] = [], enclosingType: String? = nil,
        enclosingBody: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.component = component
        self.spec = spec
        self.axis = axis
        self.option = option
        self.inherited = inherited
        self.defaulted = defaulted
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

/// What a scan saw of a file, to tell on the next scan whether it changed.
public struct FileStamp: Sendable, Equatable {
    public var hash: String
    public var size: Int
    public var modified: Int64

    /// A stamp.
    public init(hash: String, size: Int, modified: Int64) {
        self.hash = hash
        self.size = size
        self.modified = modified
    }
}
