/// One version of a component as a design system ships it (see
/// `Schemas/spec.schema.json`): platforms, initializers, variant axes linked to style
/// definitions, roles, states, accessibility, usage rules and the configuration a custom
/// style receives.
public struct ComponentSpec: Sendable, Equatable {
    public var name: String
    public var version: Semver
    /// The design system (`DesignFoundation`, `SwiftUI`, `OUDS`, `SwiftUI Blocks`).
    public var system: String
    public var summary: String?
    public var description: String?
    /// The module to import.
    public var importModule: String?
    /// The type's declaration (`@MainActor struct OUDSButton`).
    public var declaration: String?
    /// Platform → minimum OS version.
    public var platforms: [String: String]
    public var quickStart: CodeSample?
    public var initializers: [Initializer]
    public var axes: [VariantAxis]
    public var roles: [Role]
    public var states: [String]
    public var accessibility: [AccessibilityFeature]
    public var fullWidth: CodeSample?
    public var rules: [UsageRule]
    /// What custom styles implement and receive (SwiftUI has two protocols).
    public var customStyles: [CustomStyleContract]
    /// Behaviours such as Reduce Motion or low power handling.
    public var behaviors: [NamedText]
    public var examples: [CodeSample]
    /// JSON paths of values chosen by the catalog's authors rather than published.
    public var chosen: [String]

    /// Every style name an option links to.
    public var linkedStyles: [String] {
        axes.flatMap { $0.options.compactMap(\.style) }
    }
}

/// A titled piece of code.
public struct CodeSample: Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var code: String
}

/// A name with a description.
public struct NamedText: Sendable, Hashable {
    public var name: String
    public var description: String
}

/// An initializer and its parameters.
public struct Initializer: Sendable, Hashable {
    /// `init(_:role:action:)`.
    public var signature: String
    /// The full declaration, when given.
    public var declaration: String?
    public var parameters: [Parameter]
}

/// An initializer parameter.
public struct Parameter: Sendable, Hashable {
    public var name: String
    /// The argument label when it differs from the name (`_`).
    public var label: String?
    public var type: String
    /// The default value's source text; `nil` when required.
    public var defaultValue: String?
    public var required: Bool
    public var description: String?

    /// A parameter.
    public init(name: String, label: String?, type: String, defaultValue: String?, required: Bool, description: String?)
    {
        self.name = name
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
        self.required = required
        self.description = description
    }
}

/// A variant axis (`style`, `appearance`, `variant`, `layout`, `controlSize`).
public struct VariantAxis: Sendable, Hashable {
    public var name: String
    public var description: String?
    /// How it is set: `.dfButtonStyle(_:)`, `appearance:` …
    public var appliedWith: String?
    public var defaultOption: String?
    public var options: [VariantOption]
}

/// One option of an axis.
public struct VariantOption: Sendable, Hashable {
    public var name: String
    public var description: String?
    /// The style definition that draws it.
    public var style: String?
    /// Platform → minimum OS version, when narrower than the component's.
    public var availability: [String: String]

    /// An option.
    public init(name: String, description: String?, style: String?, availability: [String: String]) {
        self.name = name
        self.description = description
        self.style = style
        self.availability = availability
    }
}

/// A role and what it changes.
public struct Role: Sendable, Hashable {
    public var name: String
    public var visualEffect: String
    public var accessibilityHint: String?
}

/// An accessibility feature and what is applied.
public struct AccessibilityFeature: Sendable, Hashable {
    public var feature: String
    public var behavior: String
}

/// A usage rule that `catalog lint` can check.
public struct UsageRule: Sendable, Hashable {
    public var id: String
    public var severity: Severity
    public var description: String
    public var kind: Kind
    /// The axis the rule's options belong to.
    public var axis: String?
    public var options: [String]
    /// The container type for `notInside`.
    public var container: String?
    /// The limit for `atMostOnePerView`.
    public var limit: Int?

    /// What a rule checks.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The options are not allowed inside `container` (directly or not).
        case notInside
        /// At most `limit` buttons with the options per view.
        case atMostOnePerView
        /// The options need an `#available` check for their availability.
        case requiresAvailability
        /// Guidance for people; nothing to check in code.
        case advice
    }

    /// How much a finding matters; `lint --error-on` fails at a level.
    public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
        case info, warning, error

        /// `info` < `warning` < `error`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }
}

/// What a custom style implements and receives.
public struct CustomStyleContract: Sendable, Hashable {
    public var conformance: String
    public var declaration: String?
    public var configuration: [ConfigurationProperty]
}

/// A property of a style's configuration.
public struct ConfigurationProperty: Sendable, Hashable {
    public var name: String
    public var type: String
    public var description: String
}

/// Minimum platform versions as every page and command prints them.
public enum PlatformVersions {
    /// `iOS 17.0+, macOS 14.0+`: by platform name, each with its first version.
    public static func text(_ availability: [String: String]) -> String {
        availability.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)+" }.joined(separator: ", ")
    }
}
