import CatalogCodegen
import CatalogModel
import Foundation

/// How an app applies a style resolved in a theme, in the spellings lint knows: the
/// generated package's SwiftUI style (`.buttonStyle(.dfButtonFilled)`, from
/// `catalog export swift`), and, where a spec option draws the style, the component's own
/// call (`DFButton("…") { }.dfButtonStyle(.filled)`) with the platforms its spec needs.
/// The role and the disabled or loading state asked for are in the code; interaction
/// states are said in a comment. `get_style` hands it to agents.
public struct StyleAdvice: Sendable, Equatable {
    /// The generated package's module (`DesignFoundationTokens`) and the code that uses it.
    public var module: String
    public var code: String
    /// The command that writes the package, and where the app takes it from.
    public var package: String
    /// The platforms the generated package supports.
    public var packagePlatforms: String
    /// The component's own call, where a spec option draws the style.
    public var component: ComponentCall?

    /// A spec's component called with the option that draws the style.
    public struct ComponentCall: Sendable, Equatable {
        /// `DFButton 1.2.0`.
        public var spec: String
        /// The module the component comes from (`DesignFoundation`) and the call.
        public var importModule: String?
        public var code: String
        /// The platforms and versions the spec declares (`iOS 18.0`).
        public var platforms: [String: String]
    }

    /// The advice for `style` resolved in `theme` with `role` and `state`, `spec` being the
    /// latest version of the spec whose option draws it, if any.
    public init(style: StyleDefinition, theme: Theme, role: String?, state: String, spec: ComponentSpec?) {
        let request = SwiftPackageExporter.Request(theme: theme)
        module = SwiftPackageExporter.moduleName(request)
        let (_, modifier) = SwiftPackageExporter.applying(style, theme: theme)
        var lines = ["import \(module)", "", Self.buttonCall(role: role)]
        lines.append("    " + modifier)
        lines += Self.stateLines(state, loading: SwiftPackageExporter.loadingModifier(of: theme, for: style))
        code = lines.joined(separator: "\n")
        package =
            "catalog export swift --theme \(theme.name) --style \(style.name) --output \(module): a local Swift package; add it in Xcode (File › Add Package Dependencies › Add Local…) or as .package(path: \"\(module)\") in Package.swift"
        packagePlatforms = "iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1"
        component = spec.flatMap { Self.componentCall(style: style, spec: $0, role: role, state: state) }
    }

    /// `Button("…", role: .destructive) { }` — SwiftUI's roles only.
    static func buttonCall(role: String?) -> String {
        guard let role else { return "Button(\"…\") { }" }
        if ["destructive", "cancel"].contains(role) { return "Button(\"…\", role: .\(role)) { }" }
        return "Button(\"…\") { }  // role \(role): SwiftUI's Button has destructive and cancel"
    }

    /// The modifiers or comment that put the button in `state`.
    static func stateLines(_ state: String, loading: String?) -> [String] {
        switch state {
        case "normal": return []
        case "disabled": return ["    .disabled(true)"]
        case "loading":
            return [loading.map { "    .\($0)(true)" } ?? "    // loading: the style draws no loading state"]
        default:
            return [
                "    // \(state): drawn while the user \(state == "focus" ? "focuses" : state == "hover" ? "hovers over" : "presses") the button"
            ]
        }
    }

    /// The component's call with the option drawing `style`: built from the first
    /// initializer whose required parameters are a text and an action.
    static func componentCall(style: StyleDefinition, spec: ComponentSpec, role: String?, state: String)
        -> ComponentCall?
    {
        guard
            let (axis, option) = spec.axes.lazy.compactMap({ axis in
                axis.options.first { $0.style == style.name }.map { (axis, $0) }
            }).first
        else { return nil }
        let carrier = axis.appliedWith?.trimmingCharacters(in: .whitespaces) ?? axis.name + ":"
        let labelCarrier = carrier.hasSuffix(":") ? String(carrier.dropLast()) : nil
        for initializer in spec.initializers where initializer.signature.hasPrefix("init(") {
            var arguments: [String] = []
            var trailing = false
            var fits = true
            for parameter in initializer.parameters {
                let label = parameter.label == "_" ? nil : (parameter.label ?? parameter.name)
                func argument(_ value: String) -> String { label.map { "\($0): \(value)" } ?? value }
                if parameter.type.contains("->") {
                    trailing = true
                } else if let labelCarrier, parameter.name == labelCarrier || label == labelCarrier {
                    arguments.append(argument(".\(option.name)"))
                } else if parameter.name == "role", let role {
                    arguments.append(argument(".\(role)"))
                } else if parameter.required {
                    guard parameter.type == "String" || parameter.type == "LocalizedStringKey" else {
                        fits = false
                        break
                    }
                    arguments.append(argument("\"…\""))
                }
            }
            guard fits, trailing else { continue }
            var lines = ["\(spec.name)(\(arguments.joined(separator: ", "))) { }"]
            if labelCarrier == nil {
                lines.append("    \(carrier.replacingOccurrences(of: "(_:)", with: "(.\(option.name))"))")
            }
            lines += stateLines(state, loading: nil).filter { !$0.contains("loading") }
            // An option that exists on some of the spec's platforms only (`.card`: tvOS)
            // is said inside the `#if` that lets the code compile on the others.
            let only = Set(option.availability.keys)
            if !only.isEmpty, !Set(spec.platforms.keys).isSubset(of: only) {
                lines =
                    ["#if " + only.sorted().map { "os(\($0))" }.joined(separator: " || ")] + lines + ["#endif"]
            }
            return ComponentCall(
                spec: "\(spec.name) \(spec.version)", importModule: spec.importModule,
                code: ((spec.importModule.map { ["import \($0)", ""] } ?? []) + lines).joined(separator: "\n"),
                platforms: option.availability.isEmpty ? spec.platforms : option.availability)
        }
        return nil
    }

    /// The advice as data.
    public var json: JSON {
        var members: [(String, JSON)] = [
            ("module", .string(module)), ("code", .string(code)), ("package", .string(package)),
            ("packagePlatforms", .string(packagePlatforms)),
        ]
        if let component {
            members.append(
                (
                    "component",
                    .object([
                        ("spec", .string(component.spec)), ("code", .string(component.code)),
                        ("platforms", .string(PlatformVersions.text(component.platforms))),
                    ])
                ))
        }
        return .object(members)
    }

    /// The advice as text, every fact of ``json``.
    public var text: String {
        var out = "Swift, with the generated package \(module) (\(packagePlatforms)):\n\(code)\n"
        out += "Package: \(package)\n"
        if let component {
            out += "Or the component itself (\(component.spec), \(PlatformVersions.text(component.platforms))):\n"
            out += component.code + "\n"
        }
        return out
    }
}

extension Catalog {
    /// How an app applies `style` resolved in `theme` (``StyleAdvice``), with the
    /// component call of the latest spec of the style's component where an option draws it.
    public func styleAdvice(_ style: StyleDefinition, theme: Theme, role: String?, state: String) throws
        -> StyleAdvice
    {
        let spec = try latestSpec(named: style.component).flatMap { spec in
            spec.linkedStyles.contains(style.name) ? spec : nil
        }
        return StyleAdvice(style: style, theme: theme, role: role, state: state, spec: spec)
    }
}
