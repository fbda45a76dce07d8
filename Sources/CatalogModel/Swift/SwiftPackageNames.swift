/// The names a theme's Swift package takes when `catalog export swift` runs with its
/// defaults: the module (`DesignFoundationTokens`), the namespace (`DesignFoundation`), the
/// shortcuts' prefix (`df`), and the names of the button styles it generates. One rule for
/// the generator, lint, the advice agents get and the docs, so that what they tell an app
/// to write is what the package declares.
public enum SwiftPackageNames {
    /// The module `catalog export swift --theme NAME` names by default (`DesignFoundationTokens`).
    public static func module(ofTheme name: String) -> String {
        SwiftNames.unescaped(SwiftNames.type(name)) + "Tokens"
    }

    /// The theme's Swift namespace inside `module`: its name as a type, with `Theme` added
    /// where that would shadow the module, a module it imports, a platform type, or a type
    /// the generated code uses (a keyword such as `Self`, or a name with no letters, cannot
    /// be one either).
    public static func namespace(ofTheme name: String, module: String? = nil) -> String {
        let namespace = SwiftNames.type(name)
        let module = module ?? Self.module(ofTheme: name)
        if namespace == module || reservedNamespaces.contains(namespace) || namespace == "_"
            || namespace.hasPrefix("`") || generatedTypeNames.contains(namespace)
            || platformTypeNames.contains(namespace)
        {
            return SwiftNames.unescaped(namespace) + "Theme"
        }
        return namespace
    }

    /// The shortcuts' default prefix: the capitals of the namespace, lower-cased, when it
    /// has two or more (`DesignFoundation` → `df`), else the name in lower camel case
    /// (`Orange` → `orange`).
    public static func prefix(namespace: String) -> String {
        let name = SwiftNames.unescaped(namespace)
        let capitals = name.filter(\.isUppercase)
        return capitals.count >= 2 ? capitals.lowercased() : SwiftNames.unescaped(SwiftNames.member(name))
    }

    /// The prefix as it starts a type name: the capitals (`DF`), else the namespace (`Orange`).
    public static func typePrefix(namespace: String) -> String {
        let name = SwiftNames.unescaped(namespace)
        let capitals = name.filter(\.isUppercase)
        return capitals.count >= 2 ? capitals : SwiftNames.unescaped(SwiftNames.type(name))
    }

    /// Module names a generated namespace may not take.
    public static let reservedNamespaces: Set<String> = [
        "Swift", "SwiftUI", "Foundation", "UIKit", "AppKit", "Combine", "CoreGraphics", "Darwin", "Glibc",
    ]

    /// The types the generated code itself declares or uses, which no group may shadow.
    public static let generatedTypeNames: Set<String> = [
        "TokenColor", "TokenCurve", "TokenFont", "TokenShadow", "TokenGradientStop", "TokenBorder", "TokenTransition",
        "TokenStrokeStyle", "Moded", "CGFloat", "Double", "String", "Bool", "TimeInterval", "ButtonLook",
        "ButtonLookGlass", "ButtonLookMetrics", "ButtonLookState", "ButtonLookBackground", "ButtonLookFont",
        "TokenFontModifier",
    ]

    /// Type names of the standard library, Foundation, SwiftUI, UIKit and AppKit that a
    /// token group plausibly takes: a generated type so named would shadow the platform's
    /// inside the namespace (`Orange.Color` hiding SwiftUI's `Color` in an `extension Orange`).
    public static let platformTypeNames: Set<String> = [
        "Alignment", "Angle", "Animation", "Array", "Badge", "Binding", "Border", "Button", "Capsule", "Character",
        "Circle", "Color", "ColorScheme", "Control", "ControlSize", "Data", "Date", "Divider", "Duration", "Edge",
        "EdgeInsets", "Environment", "Error", "Float", "Font", "Form", "Gradient", "Grid", "Group", "Image", "Int",
        "Label", "Layout", "Link", "List", "Locale", "Material", "Menu", "Path", "Picker", "Progress", "Range",
        "Rectangle", "Result", "Scene", "Screen", "Section", "Set", "Shadow", "Shape", "ShapeStyle", "Slider",
        "Spacer", "State", "Stepper", "Tab", "Table", "Task", "Text", "Timer", "Toggle", "Transaction",
        "Transition", "Unit", "URL", "View", "Window",
    ]
}

/// The Swift names of one style in the generated package: its static member and its type
/// (`.buttonStyle(.dfButtonFilled)`, `DFButtonFilledButtonStyle`).
///
/// A style whose name is qualified by its component or family (`DFButton.filled`,
/// `OUDSButton.brand`, `ButtonVariantStyle.filled`) already carries its system's name, shared
/// by the system's brands (which the catalog packages together as one theme set): its
/// names are its own. A style with a bare name (`capsule`) takes the prefix of the theme it
/// declares, as the theme's token shortcuts do (`.dfCapsule`, `DFCapsuleButtonStyle`; the
/// component's name where it declares no theme), so that two themes' `capsule`
/// styles can be imported into one app and neither meets an app's own `CapsuleButtonStyle`
/// (the DFButton page declares one for `.dfButtonStyle(.capsule)`). The names the style
/// had before it took the prefix stay in the package as deprecated aliases (``alias``),
/// so code written against an earlier package keeps compiling with a fix-it.
public struct StyleSwiftNames: Sendable, Equatable {
    /// The static member (`dfCapsule`), without backticks.
    public var member: String
    /// The type (`DFCapsuleButtonStyle`).
    public var type: String
    /// The unprefixed names kept as deprecated aliases (`capsule`, `CapsuleButtonStyle`),
    /// or `nil` where the style keeps its own names.
    public var alias: Alias?

    /// A deprecated member and type that stand for the style's names.
    public struct Alias: Sendable, Equatable {
        public var member: String
        public var type: String
    }

    /// The names of `style`.
    public init(_ style: StyleDefinition) {
        let ownMember = SwiftNames.unescaped(SwiftNames.member(style.name))
        let ownType = SwiftNames.unescaped(SwiftNames.type(style.name)) + "ButtonStyle"
        let (prefix, typePrefix): (String, String)
        if let theme = style.theme {
            let namespace = SwiftPackageNames.namespace(ofTheme: theme)
            (prefix, typePrefix) =
                (SwiftPackageNames.prefix(namespace: namespace), SwiftPackageNames.typePrefix(namespace: namespace))
        } else {
            (prefix, typePrefix) = (
                SwiftNames.unescaped(SwiftNames.member(style.component)),
                SwiftNames.unescaped(SwiftNames.type(style.component))
            )
        }
        let prefixed =
            ownMember.hasPrefix(prefix)
            && ownMember.dropFirst(prefix.count).first.map { $0.isUppercase || $0.isNumber } == true
        guard !style.name.contains("."), !prefixed else {
            (member, type, alias) = (ownMember, ownType, nil)
            return
        }
        let upper = SwiftNames.unescaped(SwiftNames.type(style.name))
        member = prefix + upper
        type = typePrefix + upper + "ButtonStyle"
        alias = Alias(member: ownMember, type: ownType)
    }
}

extension StyleDefinition {
    /// The style's names in the generated package (``StyleSwiftNames``).
    public var swiftNames: StyleSwiftNames { StyleSwiftNames(self) }
}
