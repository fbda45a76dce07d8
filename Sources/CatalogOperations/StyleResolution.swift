import CatalogModel

/// A request to resolve a style that names what the catalog or the style does not have:
/// a usage mistake where a front end gave the name (an unknown theme or role), else a
/// failure of the request (a style without a theme, and none given).
public enum StyleRequestError: Error, CatalogFailure {
    /// The style names no theme and the request gives none.
    case noTheme(style: String)
    /// No theme of the catalog has this name; `themes` are the names there are.
    case unknownTheme(String, themes: [String])
    /// Neither a standard role nor one of the style's; `roles` are the ones there are.
    case unknownRole(String, roles: [String])

    public var exitStatus: ExitStatus {
        if case .noTheme = self { return .failure }
        return .usage
    }

    public func failureLines(database: String?) -> [FailureLine] {
        switch self {
        case .noTheme(let style): return [FailureLine("style \(style) names no theme; give one")]
        case .unknownTheme(let name, let themes):
            return [FailureLine("no theme named \(NameRules.quoted(name)); themes: \(themes.joined(separator: ", "))")]
        case .unknownRole(let role, let roles):
            return [FailureLine("no role \(NameRules.quoted(role)); roles: \(roles.joined(separator: ", "))")]
        }
    }
}

extension Catalog {
    /// The concrete values of style `reference` in `theme` (default: the style's own, its
    /// latest version) in the context `modes` make (as `theme show --mode` takes them; a
    /// ``ModeContextError`` otherwise), for `role`, `state` and `size`, with Reduce Motion
    /// where asked. A theme or role the catalog or style lacks is a ``StyleRequestError``.
    public func resolveStyle(
        _ reference: VersionedName, theme: VersionedName? = nil, modes: [String] = [], role: String? = nil,
        state: String = "normal", size: String? = nil, reduceMotion: Bool = false
    ) throws -> (style: StyleDefinition, theme: Theme, resolved: ResolvedStyle) {
        let (style, _, _) = try style(reference)
        guard let themeReference = theme ?? style.theme.map({ VersionedName(name: $0) }) else {
            throw StyleRequestError.noTheme(style: style.name)
        }
        let names = try Set(themes().map(\.name)).sorted()
        guard names.contains(themeReference.name) else {
            throw StyleRequestError.unknownTheme(themeReference.name, themes: names)
        }
        let theme = try self.theme(themeReference)
        let roles = Set(StyleResolver.standardRoles + style.roles.keys).sorted()
        if let role, !roles.contains(role) { throw StyleRequestError.unknownRole(role, roles: roles) }
        let request = StyleResolver.Request(
            context: try ModeContext.from(modeNames: modes, in: theme), role: role, state: state, size: size,
            reduceMotion: reduceMotion)
        return (style, theme, try StyleResolver(style: style, theme: theme).resolve(request))
    }
}
