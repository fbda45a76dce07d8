/// Turns a style definition into concrete values for one theme, mode context, role,
/// state and control size: colors as `#RRGGBBAA`, lengths in points, durations in seconds.
public struct StyleResolver {
    /// The style being resolved.
    public let style: StyleDefinition
    /// The theme its aliases resolve in.
    public let resolver: TokenResolver

    /// A resolver for `style` in `theme`.
    public init(style: StyleDefinition, theme: Theme) {
        self.init(style: style, resolver: TokenResolver(theme: theme))
    }

    /// A resolver for `style` over a token resolver already built (one per theme, when
    /// many styles are checked against it).
    public init(style: StyleDefinition, resolver: TokenResolver) {
        self.style = style
        self.resolver = resolver
    }

    /// The roles every button system has; a style may define overrides for more.
    public static let standardRoles = ["destructive", "cancel"]

    /// The opacity a scaling press takes under Reduce Motion when the style says nothing
    /// about it (its scale then stays 1).
    public static let reducedMotionOpacity = 0.7

    /// What to resolve.
    public struct Request: Sendable, Hashable {
        /// The mode in each dimension (defaults where none is named).
        public var context: ModeContext
        /// A role (`destructive`), or `nil` for none.
        public var role: String?
        /// The interaction state (`normal`, `pressed`, `disabled`, `focused`).
        public var state: String
        /// A control size the style defines metrics for, or `nil` for its defaults.
        public var size: String?
        /// Resolve as if Reduce Motion were on.
        public var reduceMotion: Bool

        /// A request; the defaults are every default mode, no role, normal, default size.
        public init(
            context: ModeContext = ModeContext(), role: String? = nil, state: String = "normal", size: String? = nil,
            reduceMotion: Bool = false
        ) {
            self.context = context
            self.role = role
            self.state = state
            self.size = size
            self.reduceMotion = reduceMotion
        }
    }

    /// Where a theme keeps the sizes of system text styles (`system.textStyles.body`): the
    /// one place a style reads tokens it does not name.
    public static let textStylePrefix = "system.textStyles."

    /// The concrete appearance for `request`.
    public func resolve(_ request: Request) throws -> ResolvedStyle {
        let theme = resolver.theme
        if let role = request.role, !Self.standardRoles.contains(role), style.roles[role] == nil {
            let known = (Self.standardRoles + style.roles.keys).sorted()
            throw RequestError("unknown role '\(role)'; roles: \(Set(known).sorted().joined(separator: ", "))")
        }
        guard request.state == "normal" || style.states[request.state] != nil else {
            let defined = StyleDefinition.stateNames.filter { $0 == "normal" || style.states[$0] != nil }
            throw RequestError(
                "style \(style.name) has no \(request.state) state; it defines \(defined.joined(separator: ", "))")
        }
        var size = request.size
        if size == nil && style.sizes["regular"] != nil { size = "regular" }
        if let requested = size, !style.sizes.isEmpty, style.sizes[requested] == nil {
            throw RequestError(
                "style \(style.name) has no \(requested) size; it defines \(StyleDefinition.sizeNames.filter { style.sizes[$0] != nil }.joined(separator: ", "))"
            )
        }
        let metrics = size.flatMap { style.sizes[$0] }
        let roleOverride = request.role.flatMap { style.roles[$0] }

        var appearance = style.states["normal"] ?? StateAppearance()
        if let roleNormal = roleOverride?.states["normal"] { appearance = appearance.overridden(by: roleNormal) }
        if request.state != "normal" {
            if let stateAppearance = style.states[request.state] {
                appearance = appearance.overridden(by: stateAppearance)
            }
            if let roleState = roleOverride?.states[request.state] { appearance = appearance.overridden(by: roleState) }
        }
        if request.reduceMotion && request.state == "pressed", let pressed = style.reducedMotion?.pressed {
            appearance = appearance.overridden(by: pressed)
        }
        var evaluator = Evaluator(
            resolver: resolver, context: request.context, accent: roleOverride?.accent ?? style.accent,
            styleName: style.name)

        let cornerRadius = try (metrics?.cornerRadius ?? style.shape.cornerRadius).map {
            try evaluator.length($0, at: "$.shape.cornerRadius")
        }
        let fontCandidates = metrics.map { $0.font.isEmpty ? style.font : $0.font } ?? style.font
        let font = try fontCandidates.isEmpty ? nil : evaluator.font(fontCandidates)
        let horizontal = try (metrics?.horizontalPadding ?? style.padding.horizontal).map {
            try evaluator.length($0, at: "$.padding.horizontal")
        }
        let vertical = try (metrics?.verticalPadding ?? style.padding.vertical).map {
            try evaluator.length($0, at: "$.padding.vertical")
        }
        let touchSlop = try (metrics?.touchSlop ?? style.touchSlop).map { try evaluator.length($0, at: "$.touchSlop") }
        let minHeight = try (metrics?.minHeight ?? style.minHeight).map { try evaluator.length($0, at: "$.minHeight") }
        let background =
            try appearance.background.map { try evaluator.paint($0, at: "$.states.\(request.state).background") }
            ?? .none
        let foreground = try appearance.foreground.map {
            try evaluator.paint($0, at: "$.states.\(request.state).foreground")
        }
        var border: ResolvedBorder?
        if case .some(.some(let stated)) = appearance.border {
            border = ResolvedBorder(
                paint: try evaluator.paint(stated.color, at: "$.states.\(request.state).border.color"),
                width: try evaluator.length(stated.width, at: "$.states.\(request.state).border.width"))
        }
        let glass = try style.glass.map { stated in
            ResolvedGlass(
                variant: stated.variant, tint: try stated.tint.map { try evaluator.paint($0, at: "$.glass.tint") },
                interactive: stated.interactive)
        }
        var animation: ResolvedAnimation?
        if let stated = style.animation, !(request.reduceMotion && style.reducedMotion?.disablesAnimation == true) {
            animation = try evaluator.animation(stated)
        }
        var opacity = appearance.opacity ?? 1
        var scale = appearance.scale ?? 1
        if request.reduceMotion && style.reducedMotion == nil {
            // A style that says nothing about Reduce Motion: motion becomes an opacity change,
            // as Apple's guidelines ask (no scaling, no spring).
            if scale != 1 {
                scale = 1
                opacity = min(opacity, Self.reducedMotionOpacity)
            }
            if let spring = animation, spring.curve == "spring" {
                animation = ResolvedAnimation(
                    curve: "easeInOut", duration: min(spring.duration ?? spring.response ?? 0.2, 0.2))
            }
        }
        return ResolvedStyle(
            style: style.name, version: style.version, theme: "\(theme.name)@\(theme.version)",
            context: request.context.description, role: request.role, state: request.state, size: size,
            reduceMotion: request.reduceMotion, shape: style.shape.kind, cornerRadius: cornerRadius,
            cornerStyle: style.shape.cornerStyle, font: font, horizontalPadding: horizontal, verticalPadding: vertical,
            minHeight: minHeight, touchSlop: touchSlop, background: background, foreground: foreground, border: border,
            opacity: opacity, scale: scale, brightness: appearance.brightness ?? 0,
            animation: animation, availability: style.availability, glass: glass, scaledMetrics: style.scaledMetrics)
    }

    /// Every alias the style uses that does not resolve in the resolver's theme (in any
    /// standard mode context) or resolves to the wrong type; one message per problem.
    public func problems() -> [(jsonPath: String, message: String)] {
        var resolved: Set<String> = []
        return problems(skipping: &resolved)
    }

    /// ``problems()``, skipping the references in `resolved` (`type:token`, the type a
    /// token is wanted as) and adding there those that resolve in every context: a caller
    /// that checks many styles against one theme (a seed of 10k styles) resolves each
    /// reference once.
    public func problems(skipping resolved: inout Set<String>) -> [(jsonPath: String, message: String)] {
        var found: [(String, String)] = []
        var seen: Set<String> = []
        // The theme's token paths, listed once a reference is missing: the nearest is suggested.
        var paths: [String]?
        let expected = Self.expectedTypes(of: style)
        for (jsonPath, token) in style.tokenReferences {
            let type = expected[jsonPath] ?? "color"
            let key = type + ":" + token
            guard !resolved.contains(key) else { continue }
            let optional = Self.isOptionalCandidate(token, at: jsonPath, in: style)
            var failed = false
            for (_, context) in resolver.standardContexts {
                if case .failure(let problem) = resolver.resolve(
                    value: .string("{\(token)}"), type: type, origin: "style \(style.name) \(jsonPath)", in: context)
                {
                    failed = true
                    if optional, case .missing = problem { continue }
                    var message = problem.message
                    if case .missing(_, let target) = problem {
                        paths = paths ?? resolver.theme.tokens.map(\.path)
                        message +=
                            Suggestion.closest(to: target, in: paths ?? []).map { "; did you mean {\($0)}?" } ?? ""
                    }
                    if seen.insert(jsonPath + message).inserted { found.append((jsonPath, message)) }
                }
            }
            if !failed { resolved.insert(key) }
        }
        return found
    }

    /// The token type each reference path needs.
    static func expectedTypes(of style: StyleDefinition) -> [String: String] {
        var types: [String: String] = [:]
        for (path, _) in style.tokenReferences {
            if path.contains(".font[") {
                types[path] = "typography"
            } else if path.hasSuffix(".border.width") || path.hasSuffix("cornerRadius") || path.contains(".padding.")
                || path.hasSuffix("touchSlop") || path.hasSuffix("minHeight")
            {
                types[path] = "dimension"
            } else if path == "$.animation.token" {
                types[path] = "transition"
            } else {
                types[path] = "color"
            }
        }
        return types
    }

    /// Whether `token` at `path` is a candidate before the last in a fallback list, which
    /// a theme may leave out (DesignFoundation's optional component overrides).
    static func isOptionalCandidate(_ token: String, at path: String, in style: StyleDefinition) -> Bool {
        if path.contains(".font[") {
            let index = Int(path.split(separator: "[").last?.dropLast() ?? "") ?? 0
            let list =
                path.hasPrefix("$.sizes.")
                ? (style.sizes[String(path.split(separator: ".")[2])]?.font ?? []) : style.font
            return index < list.count - 1
        }
        var candidates: [[String]] = []
        func collect(_ expression: DimensionExpression?) {
            if case .firstOf(let list)? = expression { candidates.append(list.flatMap(\.tokens)) }
        }
        func collect(_ expression: ColorExpression?) {
            if case .firstOf(let list)? = expression { candidates.append(list.flatMap(\.tokens)) }
        }
        collect(style.shape.cornerRadius)
        collect(style.padding.horizontal)
        collect(style.padding.vertical)
        collect(style.accent)
        collect(style.minHeight)
        collect(style.touchSlop)
        for metrics in style.sizes.values {
            collect(metrics.cornerRadius)
            collect(metrics.horizontalPadding)
            collect(metrics.verticalPadding)
        }
        return candidates.contains { $0.count > 1 && $0.dropLast().contains(token) }
    }
}
