import Foundation

/// One call site of a catalog component in Swift source, with what is in effect there.
public struct UsageSite: Sendable, Equatable, Hashable, Codable {
    /// The file, relative to the scanned root.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes, as compilers count).
    public var column: Int
    /// The component called (`DFButton`, `Button`, `OUDSButton`).
    public var component: String
    /// The spec whose option is in effect (the component's own, or a style's such as
    /// `ButtonVariantStyle`), when a style, appearance or variant is set.
    public var spec: String?
    /// The axis of that option (`style`, `appearance`, `variant`).
    public var axis: String?
    /// The option (`outlined`, `negative`, `filled`); for a custom style, its type
    /// (`AccentButtonStyle`) or static member (`compound`), without arguments.
    public var option: String?
    /// The arguments a custom style was made with at this site, as source text
    /// (`color: .red` for `AccentButtonStyle(color: .red)`); `nil` when it takes none.
    public var optionArguments: String?
    /// Whether the option comes from a modifier on an enclosing container.
    public var inherited: Bool
    /// Whether no style was set and the option is the axis default (DFButton: filled).
    public var defaulted: Bool
    /// Whether the option is an expression whose value the scanner cannot know
    /// (`appearance: model.appearance`): ``option`` holds the expression's text.
    public var dynamic: Bool = false
    /// For a dynamic site, the options it may take, each as a static site records it
    /// (`dfButtonFilled` and `dfButtonTinted` for `isReturning ? .dfButtonFilled :
    /// .dfButtonTinted`, or a view's styles at its places): what `usage` and `impact`
    /// reach it through. Empty where the choices cannot be read (a variable).
    public var choices: [String] = []
    /// The static member the app declares for the style type ``option`` names (`brand`
    /// for `BrandButtonStyle` with `extension ButtonStyle where Self == BrandButtonStyle
    /// { static var brand: Self }`), whether the site wrote `.brand`, `.brand(tint: .red)`
    /// or `BrandButtonStyle()`: one style however written, found by either name.
    public var member: String?
    /// The app's wrapper the style was set through where its declaration is not in the
    /// scanned files (`.backport` of `.backport.buttonStyle(.glassProminent)`): the style
    /// is the one the call names, taken at its word, and availability is the wrapper's
    /// business (it exists to gate it), so no availability rule asks for a check.
    public var via: String?
    /// Why the style cannot be known at all, when an app's own modifier sets it or may
    /// (`.glassButtonStyle(cond ? .prominent : .regular)`, a custom `.bottomBar { }`
    /// around the call): the modifier's text. Such a site has no option, is not taken
    /// for the default and is not linted by style.
    public var unknownBecause: String?
    /// The branch of a postfix `#if` this record describes (0 where there is none): a
    /// call whose modifiers differ per `#if` branch gives one record per branch, each
    /// with its condition in ``availability``.
    public var branch: Int = 0
    /// The role, when one is given (`destructive`).
    public var role: String?
    /// Whether `.disabled(…)` applies (any value but a literal `false`).
    public var disabled: Bool
    /// Other arguments and modifiers a spec declares, as source text
    /// (`isFullWidth: true`, `style: .loading`, `color: .orange`, `controlSize: .small`).
    public var arguments: [String: String]
    /// Which of ``arguments`` are run-time values (`controlSize: metrics.controlSize`).
    public var dynamicArguments: Set<String> = []
    /// Enclosing container calls, innermost first (`OUDSColoredSurface`, `VStack`).
    public var containers: [String]
    /// Platforms checked by enclosing `if #available(…)`, `guard #available(…)` or
    /// `@available(…)` on a declaration, such as `iOS 26`; the conditions of enclosing `#if`
    /// blocks, such as `#if os(iOS)` or `#if !os(iOS) && os(macOS)`; and, where an
    /// `#available` check is joined with a run-time one, that one (`if colorScheme == .dark`).
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

    /// Whether the site is in a preview (`#Preview`, a `PreviewProvider`'s `previews`): a
    /// showcase of variants, not a screen whose buttons compete.
    public var isInPreview: Bool { enclosingBody?.hasPrefix("#Preview") == true || enclosingBody == "previews" }

    /// The style as code spells it: `.outlined`, `AccentButtonStyle(color: .red)`,
    /// `.compound(.primary)`; a dynamic style's expression; `nil` when none is known.
    public var spelledOption: String? {
        guard let option, !dynamic else { return option }
        let arguments = optionArguments.map { "(\($0))" } ?? ""
        return (spelledStyle ?? option) + (arguments.isEmpty && option.first?.isUppercase == true ? "()" : arguments)
    }

    /// The style without its arguments, as code names it: `.outlined`, `.compound`,
    /// `AccentButtonStyle` (a type, no dot); `nil` when none is known or it is dynamic.
    public var spelledStyle: String? {
        guard let option, !dynamic else { return nil }
        return option.first?.isUppercase == true ? option : "." + option
    }
}

/// What a scan saw of a file, to tell on the next scan whether it changed.
public struct FileStamp: Sendable, Equatable {
    /// SHA-256 of the file's bytes.
    public var hash: String
    /// Its size in bytes.
    public var size: Int
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// The app declarations it holds (the source of each top-level declaration that
    /// holds a wrapper a call site may use), known without reading it again.
    public var declarations: [KeptDeclaration]
    /// The names its call sites' wrappers were looked up by: when one of them is declared
    /// otherwise, the file is scanned again.
    public var lookups: [String]

    /// A stamp.
    public init(
        hash: String, size: Int, modified: Int64, declarations: [KeptDeclaration] = [], lookups: [String] = []
    ) {
        self.hash = hash
        self.size = size
        self.modified = modified
        self.declarations = declarations
        self.lookups = lookups
    }
}

/// A top-level declaration of an app's Swift source that holds wrappers a call site may
/// use (its `View` extension functions, `ViewModifier`s, container views), kept by a usage
/// scan: its source text, inside the `#if` clauses around it, and the names it declares
/// (functions, properties and types by name, methods as `Type.method`), so that a later
/// scan parses it only when a file it reads names one of them.
public struct KeptDeclaration: Sendable, Equatable, Codable {
    /// The source text.
    public var text: String
    /// The names it declares.
    public var names: [String]

    /// A kept declaration.
    public init(text: String, names: [String]) {
        self.text = text
        self.names = names
    }
}
