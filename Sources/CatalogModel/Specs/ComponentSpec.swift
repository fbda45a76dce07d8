/// One version of a component as a design system ships it (see
/// `Schemas/spec.schema.json`): platforms, initializers, variant axes linked to style
/// definitions, roles, states, accessibility, usage rules and the configuration a custom
/// style receives.
public struct ComponentSpec: Sendable, Equatable {
    /// The component's type name (`DFButton`, `Button`, `OUDSButton`).
    public var name: String
    /// The spec's version.
    public var version: Semver
    /// The design system (`DesignFoundation`, `SwiftUI`, `OUDS`, `SwiftUI Blocks`).
    public var system: String
    /// One line saying what the component is.
    public var summary: String?
    public var description: String?
    /// The module to import.
    public var importModule: String?
    /// The type's declaration (`@MainActor struct OUDSButton`).
    public var declaration: String?
    /// Platform → minimum OS version.
    public var platforms: [String: String]
    /// The smallest useful call.
    public var quickStart: CodeSample?
    /// The initializers, as declared.
    public var initializers: [Initializer]
    /// The variant axes and their options.
    public var axes: [VariantAxis]
    /// The roles it accepts and what each changes.
    public var roles: [Role]
    /// The interaction states it draws (`normal`, `pressed`, …).
    public var states: [String]
    /// What it does for each accessibility feature.
    public var accessibility: [AccessibilityFeature]
    /// How to make it fill the available width, when it can.
    public var fullWidth: CodeSample?
    /// The usage rules `catalog lint` checks.
    public var rules: [UsageRule]
    /// What custom styles implement and receive (SwiftUI has two protocols).
    public var customStyles: [CustomStyleContract]
    /// Behaviours such as Reduce Motion or low power handling.
    public var behaviors: [NamedText]
    /// Worked examples.
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
    /// The sample's title, when it has one.
    public var title: String?
    public var description: String?
    /// The Swift source.
    public var code: String
}

/// A name with a description.
public struct NamedText: Sendable, Hashable {
    /// The name.
    public var name: String
    public var description: String
}

/// An initializer and its parameters.
public struct Initializer: Sendable, Hashable {
    /// `init(_:role:action:)`.
    public var signature: String
    /// The full declaration, when given.
    public var declaration: String?
    /// Its parameters, in order.
    public var parameters: [Parameter]
}

/// An initializer parameter.
public struct Parameter: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// The argument label when it differs from the name (`_`).
    public var label: String?
    /// Its Swift type, as written.
    public var type: String
    /// The default value's source text; `nil` when required.
    public var defaultValue: String?
    /// Whether a call must give it.
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
    /// The axis's name.
    public var name: String
    public var description: String?
    /// How it is set: `.dfButtonStyle(_:)`, `appearance:` …
    public var appliedWith: String?
    /// The option used when none is given.
    public var defaultOption: String?
    /// The options, in the spec's order.
    public var options: [VariantOption]
}

/// One option of an axis.
public struct VariantOption: Sendable, Hashable {
    /// The option's name, as code spells it.
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
    /// The role's name (`destructive`).
    public var name: String
    /// What it changes in the drawing.
    public var visualEffect: String
    /// What VoiceOver says of it, when it says more.
    public var accessibilityHint: String?
}

/// An accessibility feature and what is applied.
public struct AccessibilityFeature: Sendable, Hashable {
    /// The feature (`Dynamic Type`, `VoiceOver`).
    public var feature: String
    /// What the component does for it.
    public var behavior: String
}

/// A usage rule that `catalog lint` can check.
public struct UsageRule: Sendable, Hashable {
    public var id: String
    /// How much a breach matters.
    public var severity: Severity
    public var description: String
    /// What it checks.
    public var kind: Kind
    /// The axis the rule's options belong to.
    public var axis: String?
    /// The options it is about.
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
    /// The protocol (`ButtonStyle`, `PrimitiveButtonStyle`).
    public var conformance: String
    /// The protocol's declaration, when given.
    public var declaration: String?
    /// What the style's configuration offers.
    public var configuration: [ConfigurationProperty]
}

/// A property of a style's configuration.
public struct ConfigurationProperty: Sendable, Hashable {
    /// The property's name.
    public var name: String
    /// Its Swift type.
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
