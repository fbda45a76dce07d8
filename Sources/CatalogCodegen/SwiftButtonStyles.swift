import CatalogModel
import FoundationEssentials

/// Style definitions as SwiftUI button styles. Each style is resolved by the catalog's
/// own `StyleResolver` for every state it defines (normal; pressed via
/// `configuration.isPressed`; disabled via `isEnabled`; hover via `onHover` where the
/// platform has a pointer; focus via `isFocused`; loading via the package's
/// `.<prefix>ButtonLoading(_:)`, which draws a progress indicator in the label's place and
/// disables the button), every role the style overrides (`configuration.role`), Reduce
/// Motion, and every control size it defines (`controlSize`); paints that come from a
/// token use the generated constant (so a color follows Dark Mode through it), literals
/// are written out. The tap target is at least 44 × 44 pt on iOS and 60 on visionOS
/// around the drawn button, or the drawn shape grown by the style's own touch slop. A
/// `PrimitiveButtonStyle` conformance wraps the same body in a `Button` that triggers the
/// configuration. Each style gets its static member, so that `.buttonStyle(.capsule)`
/// reads as in Swift.
struct SwiftButtonStyles {
    let styles: [StyleDefinition]
    let theme: Theme
    let namespace: String
    /// The shortcuts' prefix, which names the loading modifier (`.dfButtonLoading(_:)`).
    let prefix: String
    let constants: [String: SwiftTokens.Constant]
    /// The theme's context (environment property and type: `canvasContext`,
    /// `CanvasContext`), for a theme with dimensions: the styles' token colors resolve in
    /// the view's context, so that a brand or theme chosen at run time draws them.
    var context: (environment: String, type: String)? = nil
    /// For a package of several themes (``SwiftThemeSet``): the context's property that
    /// chooses the theme, and each theme after the first with its case. The styles'
    /// geometry and fonts are resolved in each theme and chosen by the view's context.
    var themeChoice: (property: String, others: [(caseName: String, theme: Theme)])? = nil

    /// The states a generated style draws, each where the style defines it.
    static let generatedStates = StyleDefinition.stateNames
    static let swiftRoles = ["destructive", "cancel"]

    /// The styles' source (to follow a header line), each rendered on its own: the styles
    /// generated, name collisions among them, and each style the theme cannot resolve with
    /// why (which left it out).
    func generate() -> (
        source: String, previews: String, problems: [String], generated: [StyleDefinition],
        failures: [(StyleDefinition, Error)]
    ) {
        var problems: [String] = []
        var generated: [StyleDefinition] = []
        var failures: [(StyleDefinition, Error)] = []
        var members: [String: String] = [:]
        let background = backgroundExpression()
        var out = "\n#if canImport(SwiftUI)\nimport Foundation\nimport SwiftUI\n"
        var previews = "\n#if canImport(SwiftUI)\nimport SwiftUI\n"
        let named = styles.sorted(by: { $0.name < $1.name }).map { (style: $0, names: $0.swiftNames) }
        // An alias is declared only where no style's own name and no other alias is the same.
        let aliasCounts = Dictionary(named.compactMap { $0.names.alias?.member }.map { ($0, 1) }, uniquingKeysWith: +)
        let ownMembers = Set(named.map(\.names.member))
        for (style, var names) in named {
            if let other = members[names.member] {
                problems.append("styles \(other) and \(style.name) would both be .\(names.member) in Swift")
                continue
            }
            if let alias = names.alias, aliasCounts[alias.member] != 1 || ownMembers.contains(alias.member) {
                names.alias = nil
            }
            do {
                let rendered = try render(style, names: names, background: background)
                out += "\n" + rendered.source
                previews += "\n" + rendered.preview
                members[names.member] = style.name
                generated.append(style)
            } catch {
                failures.append((style, error))
            }
        }
        if generated.contains(where: { $0.states["loading"] != nil }) {
            out += "\n" + loadingModifier(generated.filter { $0.states["loading"] != nil })
        }
        out += "#endif\n"
        previews += "#endif\n"
        return (out, previews, problems, generated, failures)
    }

    /// The translations of the styles' words: `Localizable.xcstrings`, the string catalog
    /// Xcode and SwiftPM compile, English first. An app adds its languages by editing
    /// the catalog in Xcode or by overriding the key `Loading` in its own.
    static let strings: String = {
        let translations: [(String, String)] = [
            ("da", "Indlæser"), ("de", "Wird geladen"), ("es", "Cargando"), ("fi", "Ladataan"), ("fr", "Chargement"),
            ("it", "Caricamento"), ("ja", "読み込み中"), ("ko", "로드 중"), ("nb", "Laster inn"), ("nl", "Laden"),
            ("pl", "Ładowanie"), ("pt-BR", "Carregando"), ("sv", "Läser in"), ("zh-Hans", "正在载入"),
        ]
        let units = translations.map { language, text in
            "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                + "            \"value\" : \"\(text)\"\n          }\n        }"
        }
        return """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Loading" : {
                  "comment" : "VoiceOver's label for a loading button's progress indicator",
                  "localizations" : {
            \(units.joined(separator: ",\n"))
                  }
                }
              },
              "version" : "1.0"
            }

            """
    }()

    /// The name of the modifier that puts buttons in their loading state.
    var loadingModifierName: String { prefix + "ButtonLoading" }

    /// `.<prefix>ButtonLoading(_:)`: the loading state for the styles that define one.
    func loadingModifier(_ styles: [StyleDefinition]) -> String {
        let names = styles.map(\.name).joined(separator: ", ")
        return """
            extension View {
                /// Draws the buttons inside in their loading state (styles \(names)): a progress
                /// indicator in the label's place, read by VoiceOver as loading; the buttons are
                /// disabled meanwhile. Buttons of other styles are disabled only.
                public func \(loadingModifierName)(_ isLoading: Bool = true) -> some View {
                    environment(\\.buttonLookLoading, isLoading).disabled(isLoading)
                }
            }

            """
    }

    /// The first number of `resolved` that generated code cannot hold (`1e308rem` of
    /// padding is infinite in points), if any.
    static func tooLarge(_ resolved: ResolvedStyle) -> Double? {
        let lengths = [
            resolved.cornerRadius, resolved.horizontalPadding, resolved.verticalPadding, resolved.minHeight,
            resolved.touchSlop, resolved.border?.width,
        ].compactMap { $0?.points }
        let others = [
            resolved.opacity, resolved.scale, resolved.brightness, resolved.font?.size, resolved.font?.weight,
            resolved.animation?.duration, resolved.animation?.response,
        ].compactMap { $0 }
        return (lengths + others).first { !$0.isFinite || abs($0) > SwiftTokens.largestNumber }
    }

    // MARK: One style

    /// One style's type and its previews, drawn on `background` (the theme's, if it has one),
    /// under `names` (with the deprecated aliases they keep).
    func render(_ style: StyleDefinition, names: StyleSwiftNames, background: String?) throws -> (
        source: String, preview: String
    ) {
        let resolver = StyleResolver(style: style, theme: theme)
        let typeName = names.type
        let member = SwiftNames.escaped(names.member)
        let primitive = style.conformance == "PrimitiveButtonStyle"
        let sizes = StyleDefinition.sizeNames.filter { style.sizes[$0] != nil }
        let roles = Self.swiftRoles.filter { style.roles[$0] != nil }
        let states = Self.generatedStates.filter { $0 == "normal" || style.states[$0] != nil }
        let attributes = SwiftAPI.attributes(
            for: try apiNames(style, resolver: resolver, sizes: sizes, primitive: primitive))
        let availability = attributes.isEmpty ? nil : attributes.joined(separator: "\n")

        var out = ""
        out += "/// \(style.description.map(SwiftTokens.docLine) ?? "The \(style.name) style.")\n"
        out += "///\n/// Generated from style \(style.name) \(style.version) (\(style.component), \(style.conformance))"
        out += " in theme \(theme.name) \(theme.version).\n"
        if !style.availability.isEmpty {
            let platforms = style.availability.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            out += "/// The catalog lists it for \(platforms.joined(separator: ", ")) and later"
            out += style.glass == nil ? ".\n" : "; earlier systems draw its background without Liquid Glass.\n"
        }
        out += "///\n/// Draws the \(states.joined(separator: ", ")) states"
        out += roles.isEmpty ? ".\n" : " and the \(roles.joined(separator: ", ")) role\(roles.count == 1 ? "" : "s").\n"
        if let availability { out += "\(availability)\n" }
        out += "public struct \(typeName): \(primitive ? "PrimitiveButtonStyle" : "ButtonStyle") {\n"
        out += "    public init() {}\n\n"
        if primitive {
            out += """
                    public func makeBody(configuration: Configuration) -> some View {
                        Button(role: configuration.role, action: configuration.trigger) { configuration.label }
                            .buttonStyle(Drawing())
                    }

                    /// The drawing, as a `ButtonStyle` inside the button that triggers the configuration.
                    private struct Drawing: ButtonStyle {

                """
            out += try body(style, resolver: resolver, sizes: sizes, roles: roles, states: states, indent: "        ")
            out += "    }\n"
        } else {
            out += try body(style, resolver: resolver, sizes: sizes, roles: roles, states: states, indent: "    ")
        }
        out += "}\n\n"
        if let availability { out += "\(availability)\n" }
        let protocolName = primitive ? "PrimitiveButtonStyle" : "ButtonStyle"
        out += "extension \(protocolName) where Self == \(typeName) {\n"
        out += "    /// `.buttonStyle(.\(names.member))`: style \(style.name).\n"
        out += "    public static var \(member): \(typeName) { \(typeName)() }\n"
        if let alias = names.alias {
            let aliasMember = SwiftNames.escaped(alias.member)
            out += "\n    /// The name style \(style.name) had before it took its theme's prefix.\n"
            out += "    @available(*, deprecated, renamed: \"\(names.member)\")\n"
            out += "    public static var \(aliasMember): \(typeName) { \(typeName)() }\n"
        }
        out += "}\n"
        if let alias = names.alias {
            out += "\n/// The name style \(style.name)'s type had before it took its theme's prefix.\n"
            if let availability { out += "\(availability)\n" }
            out += "@available(*, deprecated, renamed: \"\(typeName)\")\n"
            out += "public typealias \(alias.type) = \(typeName)\n"
        }
        let preview = SwiftPreviews(
            styleName: style.name, typeName: typeName, member: member, sizes: sizes, roles: roles, states: states,
            background: background, attributes: attributes
        ).gallery()
        return (out, preview)
    }

    /// A style resolved in the generator's theme for one state, role, size and mode,
    /// refusing numbers Swift cannot hold.
    private struct Resolution {
        let resolver: StyleResolver
        let theme: Theme

        func callAsFunction(
            _ state: String, role: String?, reduceMotion: Bool = false, size: String? = nil, mode: String? = nil
        ) throws -> ResolvedStyle {
            let context = mode.flatMap { mode in
                theme.dimensions.first { $0.modes.contains(mode) }.map { ModeContext([$0.name: mode]) }
            }
            let resolved = try resolver.resolve(
                StyleResolver.Request(
                    context: context ?? ModeContext(), role: role, state: state, size: size, reduceMotion: reduceMotion)
            )
            if let number = SwiftButtonStyles.tooLarge(resolved) {
                throw RequestError(
                    "cannot generate Swift: style \(resolved.style) holds \(number) (state \(state)), too large a number for Swift"
                )
            }
            return resolved
        }
    }

    /// The style type's members: environment, `makeBody`, states, shape, metrics, looks,
    /// animations.
    private func body(
        _ style: StyleDefinition, resolver: StyleResolver, sizes: [String], roles: [String], states: [String],
        indent: String
    ) throws -> String {
        let resolve = Resolution(resolver: resolver, theme: theme)
        var out = ""
        out += "\(indent)@Environment(\\.accessibilityReduceMotion) private var reduceMotion\n"
        if !sizes.isEmpty { out += "\(indent)@Environment(\\.controlSize) private var controlSize\n" }
        if let context { out += "\(indent)@Environment(\\.\(context.environment)) private var context\n" }
        out += "\n"
        let (captured, passed) =
            context == nil
            ? ("let (role, reduceMotion) = (configuration.role, self.reduceMotion)", "")
            : (
                "let (role, reduceMotion, context) = (configuration.role, self.reduceMotion, self.context)",
                ", context: context"
            )
        out += """
            \(indent)public func makeBody(configuration: Configuration) -> some View {
            \(indent)    let metrics = Self.metrics\(metricsArguments(sizes: sizes))
            \(indent)    \(captured)
            \(indent)    return ButtonLookBody(
            \(indent)        configuration: configuration, states: Self.states, metrics: metrics, shape: Self.shape,
            \(indent)        animation: reduceMotion ? Self.reducedMotionAnimation : Self.animation
            \(indent)    ) { state in Self.look(state, role: role, reduceMotion: reduceMotion\(passed)) }
            \(indent)}

            \(indent)/// The states the style defines; the others draw as normal.
            \(indent)private static let states: [ButtonLookState] = [\(states.map { "." + $0 }.joined(separator: ", "))]


            """
        out += shapeFunction(style, indent: indent)
        out += try metricsDeclarations(style, sizes: sizes, indent: indent, resolve: resolve)
        let parameter = context.map { ", context: \($0.type)" } ?? ""
        out +=
            "\(indent)private static func look(_ state: ButtonLookState, role: ButtonRole?, reduceMotion: Bool\(parameter)) -> ButtonLook {\n"
        let modes = appearanceModes()
        for role in roles {
            out += "\(indent)    if role == .\(role) {\n"
            out += try lookSwitch(states: states, indent: indent + "        ") { state, reduce in
                try look(state, role: role, reduceMotion: reduce, modes: modes, resolve: resolve)
            }
            out += "\(indent)    }\n"
        }
        out += try lookSwitch(states: states, indent: indent + "    ") { state, reduce in
            try look(state, role: nil, reduceMotion: reduce, modes: modes, resolve: resolve)
        }
        out += "\(indent)}\n\n"
        // The press animation: from the pressed state, or the normal one when the style has none.
        let pressed = states.contains("pressed") ? "pressed" : "normal"
        let normal = try resolve(pressed, role: nil)
        let reduced = try resolve(pressed, role: nil, reduceMotion: true)
        out += "\(indent)private static let animation: Animation? = \(animationExpression(normal.animation))\n"
        out +=
            "\(indent)private static let reducedMotionAnimation: Animation? = \(animationExpression(reduced.animation))\n"
        return out
    }

    /// `shape(_:)`: the style's shape, its corner radius from the metrics.
    private func shapeFunction(_ style: StyleDefinition, indent: String) -> String {
        var out = "\(indent)private static func shape(_ metrics: ButtonLookMetrics) -> some InsettableShape {\n"
        switch style.shape.kind {
        case .capsule: out += "\(indent)    Capsule()\n"
        case .circle: out += "\(indent)    Circle()\n"
        case .roundedRectangle:
            let corner = style.shape.cornerStyle == "circular" ? ".circular" : ".continuous"
            out += "\(indent)    RoundedRectangle(cornerRadius: metrics.cornerRadius, style: \(corner))\n"
        case .rectangle, .none: out += "\(indent)    Rectangle()\n"
        }
        return out + "\(indent)}\n\n"
    }

    /// `metrics`: font, padding, minimum height and corner radius, per control size where
    /// the style defines sizes (extraLarge compared where the system has it).
    /// What `makeBody` passes to `metrics`: the control size where the style has sizes,
    /// the context where the package holds several themes.
    private func metricsArguments(sizes: [String]) -> String {
        let arguments = (sizes.isEmpty ? [] : ["controlSize"]) + (themeChoice == nil ? [] : ["context"])
        return arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
    }

    /// The metrics (`metrics`, or `metrics(_ size:)` for a style with sizes). In a package of
    /// several themes, `metrics(…, _ context:)` chooses among each theme's (`soshMetrics`),
    /// resolved in that theme; a theme that cannot resolve the style draws the first's.
    private func metricsDeclarations(
        _ style: StyleDefinition, sizes: [String], indent: String, resolve: Resolution
    ) throws -> String {
        guard let themeChoice, let context else {
            return try metricsDeclaration(named: "metrics", sizes: sizes, indent: indent, resolve: resolve)
        }
        var out = try metricsDeclaration(named: "firstMetrics", sizes: sizes, indent: indent, resolve: resolve)
        var cases = ""
        let argument = sizes.isEmpty ? "" : "(size)"
        for (caseName, theme) in themeChoice.others {
            let name = SwiftNames.unescaped(SwiftNames.member(caseName + "-metrics"))
            let own = Resolution(resolver: StyleResolver(style: style, theme: theme), theme: theme)
            guard let declaration = try? metricsDeclaration(named: name, sizes: sizes, indent: indent, resolve: own)
            else { continue }
            out += declaration
            cases += "\(indent)    case .\(caseName): return \(name)\(argument)\n"
        }
        let parameters = (sizes.isEmpty ? [] : ["_ size: ControlSize"]) + ["_ context: \(context.type)"]
        out += "\(indent)private static func metrics(\(parameters.joined(separator: ", "))) -> ButtonLookMetrics {\n"
        out += "\(indent)    switch context.\(themeChoice.property) {\n" + cases
        out += "\(indent)    default: return firstMetrics\(argument)\n\(indent)    }\n\(indent)}\n\n"
        return out
    }

    private func metricsDeclaration(named name: String, sizes: [String], indent: String, resolve: Resolution) throws
        -> String
    {
        func metrics(_ resolved: ResolvedStyle) -> String {
            let font = fontExpression(resolved.font, in: resolve.theme)
            return "ButtonLookMetrics(font: \(font), horizontalPadding: \(length(resolved.horizontalPadding)), "
                + "verticalPadding: \(length(resolved.verticalPadding)), "
                + "minHeight: \(resolved.minHeight.map { SwiftNames.number($0.points) } ?? "nil"), "
                + "cornerRadius: \(length(resolved.cornerRadius)), "
                + "touchSlop: \(resolved.touchSlop.map { SwiftNames.number($0.points) } ?? "nil")"
                + (resolved.scaledMetrics ? ", scalesWithText: true)" : ")")
        }
        guard !sizes.isEmpty else {
            return "\(indent)private static let \(name) = \(metrics(try resolve("normal", role: nil)))\n\n"
        }
        var out = "\(indent)private static func \(name)(_ size: ControlSize) -> ButtonLookMetrics {\n"
        if sizes.contains("extraLarge"), let condition = SwiftAPI.condition(for: ["ControlSize.extraLarge"]) {
            let resolved = try resolve("normal", role: nil, size: "extraLarge")
            out += "\(indent)    if \(condition), size == ControlSize.extraLarge { return \(metrics(resolved)) }\n"
        }
        out += "\(indent)    switch size {\n"
        for size in sizes where size != "extraLarge" {
            let resolved = try resolve("normal", role: nil, size: size)
            out += "\(indent)    case ControlSize.\(size): return \(metrics(resolved))\n"
        }
        let fallback = sizes.contains("regular") ? "regular" : sizes[0]
        out += "\(indent)    default: return \(metrics(try resolve("normal", role: nil, size: fallback)))\n"
        return out + "\(indent)    }\n\(indent)}\n\n"
    }

    /// One `ButtonLook(…)`: background, foreground, border and glass per appearance mode,
    /// opacity, scale and brightness.
    private func look(
        _ state: String, role: String?, reduceMotion: Bool, modes: [String], resolve: Resolution
    ) throws -> String {
        var paints: [(mode: String, style: ResolvedStyle)] = []
        for mode in [""] + modes {
            paints.append(
                (mode, try resolve(state, role: role, reduceMotion: reduceMotion, mode: mode.isEmpty ? nil : mode)))
        }
        let base = paints[0].style
        let background = paintExpression(paints.map { ($0.mode, $0.style.background) })
        let foreground =
            base.foreground == nil
            ? "AnyShapeStyle(.primary)"
            : paintExpression(paints.map { ($0.mode, $0.style.foreground ?? .none) })
        let border =
            base.border.map { _ in paintExpression(paints.map { ($0.mode, $0.style.border?.paint ?? .none) }) }
            ?? "nil"
        var glass = "nil"
        if let stated = base.glass {
            let tint = stated.tint.flatMap { _ in
                colorExpression(paints.map { ($0.mode, $0.style.glass?.tint ?? .none) })
            }
            glass =
                "ButtonLookGlass(tintColor: \(tint ?? "nil"), isInteractive: \(stated.interactive), "
                + "isClear: \(stated.variant == "clear"))"
        }
        return "ButtonLook(background: \(background), foreground: \(foreground), border: \(border), "
            + "borderWidth: \(SwiftNames.number(base.border?.width.points ?? 0)), "
            + "opacity: \(SwiftNames.number(base.opacity)), scale: \(SwiftNames.number(base.scale)), "
            + "brightness: \(SwiftNames.number(base.brightness)), glass: \(glass))"
    }

    /// `switch state`: the look of each state the style defines, the normal one for the
    /// rest; under Reduce Motion, where a look differs, that one first.
    private func lookSwitch(
        states: [String], indent: String, _ look: (String, Bool) throws -> String
    ) throws -> String {
        var out = "\(indent)switch state {\n"
        for state in states where state != "normal" {
            let (plain, reduced) = (try look(state, false), try look(state, true))
            if reduced != plain { out += "\(indent)case .\(state) where reduceMotion: return \(reduced)\n" }
            out += "\(indent)case .\(state): return \(plain)\n"
        }
        let (plain, reduced) = (try look("normal", false), try look("normal", true))
        if reduced != plain { out += "\(indent)case _ where reduceMotion: return \(reduced)\n" }
        out += "\(indent)default: return \(plain)\n"
        return out + "\(indent)}\n"
    }

    // MARK: Expressions

    /// The theme's background color, where a color token is named so (`colors.background`,
    /// else `systemBackground`), for the previews to draw on.
    func backgroundExpression() -> String? {
        let colors = constants.values.filter { $0.token.type == .color && !$0.isOptional }
        let named = { (name: String) in
            colors.filter { $0.token.path.split(separator: ".").last?.lowercased() == name }
                .min { ($0.token.path.count, $0.token.path) < ($1.token.path.count, $1.token.path) }
        }
        return (named("background") ?? named("systembackground")).map { "\($0.qualifiedName).color" }
    }

    /// The color-scheme modes the theme has (`dark`, high contrast), which generated colors follow.
    func appearanceModes() -> [String] {
        guard let dimension = AssetCatalog.appearanceDimension(of: theme.dimensions) else { return [] }
        return dimension.modes.filter { $0 != dimension.defaultMode && AssetCatalog.appearances(for: $0) != nil }
    }

    /// A paint as an `AnyShapeStyle`: a token's generated color where the paint is one
    /// token (at an opacity), else the literal color (per mode where it differs), a
    /// material, or clear.
    func paintExpression(_ paints: [(mode: String, paint: Paint)]) -> String {
        if let material = paints[0].paint.material {
            return "AnyShapeStyle(.\(Self.materials[material] ?? "regularMaterial"))"
        }
        return "AnyShapeStyle(\(colorExpression(paints) ?? "Color.clear"))"
    }

    /// SwiftUI's materials by the catalog's names (`glass` falls back to the regular one).
    static let materials = [
        "ultraThin": "ultraThinMaterial", "thin": "thinMaterial", "regular": "regularMaterial",
        "thick": "thickMaterial", "ultraThick": "ultraThickMaterial", "bar": "bar", "glass": "regularMaterial",
    ]

    /// A paint as a `Color` expression (a token's generated color, or the literal per mode
    /// where it differs), or `nil` for a material or no color.
    func colorExpression(_ paints: [(mode: String, paint: Paint)]) -> String? {
        let paint = paints[0].paint
        guard paint.material == nil, paint.color != nil else { return nil }
        if let (path, opacity) = Self.tokenSource(paint.source), let constant = constants[path],
            constant.token.type == .color
        {
            let color = "\(constant.qualifiedName).color" + (context == nil ? "" : "(in: context)")
            return opacity == 1 ? color : "\(color).opacity(\(SwiftNames.number(opacity)))"
        }
        let colors = paints.compactMap { entry in entry.paint.color.map { (entry.mode, $0) } }
        let literal = { (color: Color) in SwiftTokens.color(color.dtcg) }
        if colors.allSatisfy({ $0.1 == colors[0].1 }) { return "\(literal(colors[0].1)).color" }
        let modes = colors.dropFirst().filter { $0.1 != colors[0].1 }
            .map { "\(SwiftNames.literal($0.0)): \(literal($0.1))" }.joined(separator: ", ")
        return "Moded(dimension: nil, default: \(literal(colors[0].1)), modes: [\(modes)]).color"
    }

    /// `{colors.primary}`, `accent {colors.primary} at 0.8`: the token and the opacity applied.
    static func tokenSource(_ source: String) -> (String, Double)? {
        var text = Substring(source)
        if text.hasPrefix("accent ") { text = text.dropFirst("accent ".count) }
        guard text.hasPrefix("{"), let close = text.firstIndex(of: "}") else { return nil }
        let path = String(text[text.index(after: text.startIndex)..<close])
        var opacity = 1.0
        for part in text[text.index(after: close)...].components(separatedBy: " at ").dropFirst() {
            guard let value = Double(part) else { return nil }
            opacity *= value
        }
        guard text[text.index(after: close)...].isEmpty || text[text.index(after: close)...].hasPrefix(" at ") else {
            return nil
        }
        return (path, opacity)
    }

    func length(_ value: ResolvedLength?) -> String {
        guard let value else { return "0" }
        return SwiftNames.number(value.points)
    }

    /// The label's typography as a `TokenFont`: the typography token's constant (so its line
    /// height and letter spacing apply too), else the text style or size and weight.
    func fontExpression(_ font: ResolvedFont?, in theme: Theme? = nil) -> String {
        guard let font else { return "nil" }
        if let path = font.token, let constant = constants[path], constant.token.type == .typography {
            // A later theme of a set: the constant in that theme (its default context otherwise).
            guard let theme, let choice = themeChoice,
                let other = choice.others.first(where: { $0.theme.name == theme.name })
            else { return "\(constant.qualifiedName).defaultValue" }
            return "\(constant.qualifiedName).value(in: \(context!.type)(\(choice.property): .\(other.caseName)))"
        }
        let relative = SwiftNames.literal(SwiftTokens.relativeStyle(textStyle: font.textStyle, size: font.size).name)
        let weight = font.weight.map(SwiftNames.number) ?? "nil"
        if let style = font.textStyle {
            return "TokenFont(weight: \(weight), textStyle: \(SwiftNames.literal(style)), relativeTo: \(relative))"
        }
        return "TokenFont(size: \(SwiftNames.number(font.size ?? 17)), weight: \(weight), relativeTo: \(relative))"
    }

    func animationExpression(_ animation: ResolvedAnimation?) -> String {
        guard let animation else { return "nil" }
        if let path = animation.token, let constant = constants[path], constant.token.type == .transition,
            constant.values.count == 1
        {
            return "\(constant.qualifiedName).defaultValue.animation"
        }
        let duration = SwiftNames.number(animation.duration ?? animation.response ?? 0.25)
        switch animation.curve {
        case "spring", "snappy", "smooth", "bouncy":
            // SwiftUI's `.snappy`, `.smooth` and `.bouncy` are springs of a preset bounce
            // (0.15, 0, 0.3; their docs) and a 0.5 s duration: written as the spring they
            // are, `Spring(duration:bounce:)` as `.spring(response:dampingFraction:)`, the
            // same animation on every deployment target (iOS 13 has it).
            let isPreset = animation.curve != "spring"
            let presets: [String: Double] = ["snappy": 0.15, "smooth": 0, "bouncy": 0.3]
            let preset = presets[animation.curve] ?? 0.175
            let response =
                isPreset ? animation.duration ?? animation.response : animation.response ?? animation.duration
            let damping = animation.dampingFraction ?? Self.dampingFraction(bounce: animation.bounce ?? preset)
            return
                ".spring(response: \(SwiftNames.number(response ?? 0.5)), dampingFraction: \(SwiftNames.number((damping * 10_000).rounded() / 10_000)))"
        case "easeIn": return ".easeIn(duration: \(duration))"
        case "easeOut": return ".easeOut(duration: \(duration))"
        case "linear": return ".linear(duration: \(duration))"
        default: return ".easeInOut(duration: \(duration))"  // easeInOut: the reader admits no other curve
        }
    }

    /// A spring's damping fraction for a bounce, as SwiftUI's `Spring(duration:bounce:)`
    /// converts it: 1 − bounce, and 1 / (1 + bounce) for an overdamped (negative) bounce.
    static func dampingFraction(bounce: Double) -> Double {
        bounce < 0 ? 1 / (max(bounce, -0.999) + 1) : 1 - min(bounce, 1)
    }

    /// The SwiftUI API a style's type uses outside any availability check (see
    /// ``SwiftAPI``): the protocol, roles, control sizes and the materials it draws.
    func apiNames(_ style: StyleDefinition, resolver: StyleResolver, sizes: [String], primitive: Bool) throws
        -> [String]
    {
        var names = [primitive ? "PrimitiveButtonStyle" : "ButtonStyle", "ButtonRole", "AnyShapeStyle"]
        if primitive { names.append("Button(role:)") }
        if !sizes.isEmpty {
            names += ["ControlSize", "controlSize"] + sizes.filter { $0 != "extraLarge" }.map { "ControlSize.\($0)" }
        }
        var materials: Set<String> = []
        for role in [nil] + Self.swiftRoles.filter({ style.roles[$0] != nil }) {
            for state in Self.generatedStates where state == "normal" || style.states[state] != nil {
                let resolved = try resolver.resolve(StyleResolver.Request(role: role, state: state))
                for paint in [resolved.background, resolved.foreground, resolved.border?.paint].compactMap({ $0 }) {
                    if let material = paint.material { materials.insert(Self.materials[material] ?? "regularMaterial") }
                }
            }
        }
        return names + materials.sorted()
    }

    /// The small types the generated styles share.
    static let support = """
        #if canImport(SwiftUI)
        import Foundation
        import SwiftUI

        /// The states a generated style can draw.
        enum ButtonLookState: Hashable {
            case normal, pressed, disabled, hover, focus, loading
        }

        /// A generated style's appearance in one state and role.
        struct ButtonLook {
            var background: AnyShapeStyle
            var foreground: AnyShapeStyle
            var border: AnyShapeStyle?
            var borderWidth: CGFloat
            var opacity: Double
            var scale: CGFloat
            var brightness: Double
            /// Liquid Glass drawn instead of `background` where the system has it.
            var glass: ButtonLookGlass?
        }

        /// Liquid Glass as a style states it: SwiftUI's `Glass` where the system has it.
        struct ButtonLookGlass {
            var tintColor: Color?
            var isInteractive: Bool
            var isClear: Bool
        }

        /// A generated style's metrics at one control size, lengths in points.
        struct ButtonLookMetrics {
            /// The label's typography; `nil` keeps the environment's font.
            var font: TokenFont?
            var horizontalPadding: CGFloat
            var verticalPadding: CGFloat
            var minHeight: CGFloat?
            var cornerRadius: CGFloat
            /// The style's own tap area around the drawn shape; `nil` for the platform's minimum.
            var touchSlop: CGFloat?
            /// Whether the lengths grow with Dynamic Type as the label's text style does.
            var scalesWithText = false

            /// The text style the lengths scale with: the font's, `body` for the environment's.
            var textStyle: Font.TextStyle {
                font?.relativeTo.flatMap { TokenFont.textStyles[$0] } ?? .body
            }

            /// The lengths multiplied by `factor` (the Dynamic Type factor), where they scale.
            func scaled(by factor: CGFloat) -> ButtonLookMetrics {
                guard scalesWithText, factor != 1 else { return self }
                var scaled = self
                scaled.horizontalPadding *= factor
                scaled.verticalPadding *= factor
                scaled.minHeight = minHeight.map { $0 * factor }
                scaled.cornerRadius *= factor
                scaled.touchSlop = touchSlop.map { $0 * factor }
                return scaled
            }
        }

        /// Whether the buttons inside are loading (the package's `ButtonLoading` modifier sets it).
        struct ButtonLookLoadingKey: EnvironmentKey {
            static let defaultValue = false
        }

        /// A state the previews draw a button in, whatever its interaction.
        struct ButtonLookPreviewStateKey: EnvironmentKey {
            static let defaultValue: ButtonLookState? = nil
        }

        extension EnvironmentValues {
            var buttonLookLoading: Bool {
                get { self[ButtonLookLoadingKey.self] }
                set { self[ButtonLookLoadingKey.self] = newValue }
            }

            var buttonLookPreviewState: ButtonLookState? {
                get { self[ButtonLookPreviewStateKey.self] }
                set { self[ButtonLookPreviewStateKey.self] = newValue }
            }
        }

        /// A generated style's button: the state it is in (loading, disabled, pressed, focused,
        /// hovered, else normal; each only where the style defines it), drawn by the style's
        /// look, the label replaced by a progress indicator while loading.
        struct ButtonLookBody<S: InsettableShape>: View {
            let configuration: ButtonStyleConfiguration
            let states: [ButtonLookState]
            let metrics: ButtonLookMetrics
            /// The style's shape at the metrics drawn (its corner radius may scale).
            let shape: (ButtonLookMetrics) -> S
            let animation: Animation?
            let look: (ButtonLookState) -> ButtonLook

            @Environment(\\.isEnabled) private var isEnabled
            @Environment(\\.isFocused) private var isFocused
            @Environment(\\.buttonLookLoading) private var isLoading
            @Environment(\\.buttonLookPreviewState) private var previewState
            @State private var isHovered = false
            /// 100 scaled as the label's text style is: the Dynamic Type factor × 100.
            @ScaledMetric private var scaled: CGFloat

            init(
                configuration: ButtonStyleConfiguration, states: [ButtonLookState], metrics: ButtonLookMetrics,
                shape: @escaping (ButtonLookMetrics) -> S, animation: Animation?,
                look: @escaping (ButtonLookState) -> ButtonLook
            ) {
                (self.configuration, self.states, self.metrics) = (configuration, states, metrics)
                (self.shape, self.animation, self.look) = (shape, animation, look)
                _scaled = ScaledMetric(wrappedValue: 100, relativeTo: metrics.textStyle)
            }

            var body: some View {
                let state = self.state
                // A fixed-size font keeps its lengths too.
                let factor = metrics.font.map { $0.relativeTo == nil } == true ? 1 : scaled / 100
                let metrics = self.metrics.scaled(by: factor)
                ButtonLookLabel(label: configuration.label, isLoading: state == .loading)
                    .buttonLook(look(state), metrics: metrics, shape: shape(metrics), animation: animation, state: state)
                    .modifier(ButtonLookHover(isHovered: $isHovered, tracks: states.contains(.hover)))
            }

            var state: ButtonLookState {
                if let previewState, states.contains(previewState) { return previewState }
                if isLoading && states.contains(.loading) { return .loading }
                if !isEnabled { return .disabled }
                if configuration.isPressed && states.contains(.pressed) { return .pressed }
                if isFocused && states.contains(.focus) { return .focus }
                if isHovered && states.contains(.hover) { return .hover }
                return .normal
            }
        }

        /// The styles' own words, from the package's `Localizable.xcstrings` where SwiftPM
        /// builds its resources (the app's language, English by default).
        enum ButtonLookText {
            /// What VoiceOver reads for the progress indicator of a loading button.
            static var loading: Text {
                #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE || (SWIFT_PACKAGE && canImport(Darwin))
                Text("Loading", bundle: .module, comment: "VoiceOver's label for a loading button's progress indicator")
                #else
                Text("Loading")
                #endif
            }
        }

        /// The label, or while loading a progress indicator in its place (the label kept,
        /// hidden, so that the button keeps its size), which VoiceOver reads as loading.
        struct ButtonLookLabel<Content: View>: View {
            let label: Content
            let isLoading: Bool

            var body: some View {
                if isLoading {
                    label.hidden().overlay { ProgressView().accessibilityLabel(ButtonLookText.loading) }
                } else {
                    label
                }
            }
        }

        /// Hover tracking where the style draws hover: the pointer on iPadOS and macOS; on
        /// visionOS, where the system alone knows where the eyes rest, its hover highlight.
        struct ButtonLookHover: ViewModifier {
            @Binding var isHovered: Bool
            var tracks: Bool

            func body(content: Content) -> some View {
                #if os(iOS) || os(macOS)
                if tracks {
                    content.onHover { isHovered = $0 }
                } else {
                    content
                }
                #elseif os(visionOS)
                if tracks {
                    content.hoverEffect(.highlight)
                } else {
                    content
                }
                #else
                content
                #endif
            }
        }

        extension View {
            /// A generated style's drawing, the same for every style: font, colors, padding,
            /// minimum height, background (or Liquid Glass) and border in `shape`, scale,
            /// opacity, brightness, the tap target, and the animation between states.
            func buttonLook<S: InsettableShape>(
                _ look: ButtonLook, metrics: ButtonLookMetrics, shape: S, animation: Animation?, state: ButtonLookState
            ) -> some View {
                modifier(ButtonLookFont(font: metrics.font))
                    .foregroundStyle(look.foreground)
                    .padding(.horizontal, metrics.horizontalPadding)
                    .padding(.vertical, metrics.verticalPadding)
                    .frame(minHeight: metrics.minHeight)
                    .contentShape(shape)
                    .modifier(ButtonLookBackground(look: look, shape: shape))
                    .overlay {
                        if let border = look.border { shape.strokeBorder(border, lineWidth: look.borderWidth) }
                    }
                    .scaleEffect(look.scale)
                    .opacity(look.opacity)
                    .brightness(look.brightness)
                    .modifier(ButtonLookTapTarget(touchSlop: metrics.touchSlop))
                    .animation(animation, value: state)
            }
        }

        /// The area that takes taps, without changing what is drawn: the drawn button grown by
        /// the style's touch slop where it states one, else at least 44 × 44 pt on iOS and
        /// iPadOS and 60 × 60 on visionOS (Apple's minimum targets), centered on the button.
        struct ButtonLookTapTarget: ViewModifier {
            var touchSlop: CGFloat?

            func body(content: Content) -> some View {
                if let touchSlop {
                    content.padding(touchSlop).contentShape(Rectangle()).padding(-touchSlop)
                } else if let minimum = Self.minimum {
                    content.frame(minWidth: minimum, minHeight: minimum).contentShape(Rectangle())
                } else {
                    content
                }
            }

            /// The platform's minimum tap target, in points.
            static var minimum: CGFloat? {
                #if os(visionOS)
                return 60
                #elseif os(iOS)
                return 44
                #else
                return nil
                #endif
            }
        }

        /// The label's typography, line height and letter spacing included (`.tokenFont(_:)`).
        struct ButtonLookFont: ViewModifier {
            var font: TokenFont?

            func body(content: Content) -> some View {
                if let font {
                    content.tokenFont(font)
                } else {
                    content
                }
            }
        }

        /// The background: Liquid Glass where the look has it and the system draws it (iOS,
        /// macOS, tvOS and watchOS 26; not visionOS, whose windows are glass already), the
        /// look's background otherwise.
        struct ButtonLookBackground<S: InsettableShape>: ViewModifier {
            var look: ButtonLook
            var shape: S

            func body(content: Content) -> some View {
                #if compiler(>=6.2) && !os(visionOS)
                if let glass = look.glass, #available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *) {
                    content.glassEffect(glass.effect, in: shape)
                } else {
                    content.background { shape.fill(look.background) }
                }
                #else
                content.background { shape.fill(look.background) }
                #endif
            }
        }

        #if compiler(>=6.2) && !os(visionOS)
        extension ButtonLookGlass {
            /// SwiftUI's glass: the variant, tinted, reacting to touch when interactive.
            @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
            var effect: Glass {
                var glass = isClear ? Glass.clear : Glass.regular
                if let tintColor { glass = glass.tint(tintColor) }
                return glass.interactive(isInteractive)
            }
        }
        #endif
        #endif

        """
}
