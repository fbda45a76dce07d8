import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

/// `catalog usage NAME`: what the name refers to in the catalog and the scanned call
/// sites that match it. A style recorded in code but not in the catalog can be asked by
/// name too (`Button.FancyStyle()`); any other unknown name is an error naming the
/// nearest known one.
public struct UsageReport: Sendable {
    /// What the name refers to in the catalog.
    public let query: UsageQuery
    /// The matching call sites with their project.
    public let callSites: [(project: String, site: UsageSite)]
    /// Whether the sites come from more than one project (so are labelled with it).
    public let labelled: Bool
    /// For a token: the places app code names it, or a token depending on it, through the
    /// generated package (`Color.dfPrimary`).
    public let tokenReferences: [TokenNames.Reference]
    /// For a name the catalog does not know that is one of the app's own tokens (or a
    /// definition on the way: `asset:Latte`, `Latte`, `Color.latte`): its uses.
    public let appTokens: AppTokenReport?

    /// The usage of `name` in `repository`, over `project`'s call sites (every project when
    /// `nil`); `latestTheme` reads a theme's latest version (a caller may keep them).
    package init(
        name: String, project: String?, in repository: Repository, latestTheme: (String) throws -> Theme
    ) throws {
        // One read transaction: the catalog and the call sites as of one moment. The themes
        // are read only for a name that is no component, option or style (a token's, or an
        // unknown one): a million-token theme costs seconds to load.
        let (specs, styles, themes, stored, first) = try repository.read {
            let (specs, styles) = (try repository.latestSpecs(), try repository.latestStyles())
            let first = UsageQuery(name: name, specs: specs, styles: styles, themes: [])
            let themes =
                first.kind != .unknownName
                ? []
                : try Set(repository.themeSummaries().map(\.name)).sorted().map(latestTheme)
            return (specs, styles, themes, try repository.storedSites(project: project), first)
        }
        labelled = Set(stored.map(\.project)).count > 1
        var query = themes.isEmpty ? first : UsageQuery(name: name, specs: specs, styles: styles, themes: themes)
        // A style recorded in code, by its type or member (`Button.AccentButtonStyle`), or
        // as made at some sites (`Button.AccentButtonStyle(color: .red)`; `()`: any).
        let (asked, askedArguments) = Self.splitConstruction(query.name)
        let recorded = stored.map(\.site).filter { site in
            guard let option = site.option, !site.dynamic else { return false }
            let names = [option] + (site.member.map { [$0] } ?? [])
            return names.contains {
                asked == "\(site.spec ?? site.component).\($0)" || asked == "\(site.component).\($0)"
            }
                && (askedArguments.map { $0.isEmpty || $0 == site.optionArguments } ?? true)
        }
        if query.kind == .unknownName, let first = recorded.first, let option = first.option {
            query.recorded(
                spec: first.spec ?? first.component, option: option,
                arguments: askedArguments.flatMap { $0.isEmpty ? nil : $0 })
        }
        if query.kind == .unknownName {
            // Not the catalog's: perhaps one of the app's own tokens.
            let found = try AppTokenReport.read(project: project, name: query.name, in: repository)
            if !found.entries.isEmpty {
                query.kind = .appToken
                (self.query, callSites, tokenReferences, appTokens) = (query, [], [], found)
                return
            }
            // An unknown name is a failure (exit 1), with the nearest known name when one is close.
            var candidates = specs.map(\.name) + styles.map(\.name)
            candidates += specs.flatMap { spec in spec.axes.flatMap { $0.options.map { "\(spec.name).\($0.name)" } } }
            let tokenCount = themes.reduce(0) { $0 + $1.tokens.count }
            if tokenCount <= 50_000 { candidates += Set(themes.flatMap { $0.tokens.map(\.path) }) }
            let hint = Suggestion.closest(to: query.name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
            throw RequestError(
                "no token, style, component or component.option is named \(NameRules.quoted(query.name))\(hint)")
        }
        tokenReferences =
            query.kind == .token
            ? try repository.read {
                try TokenNames.references(to: query.reached.tokens, project: project, in: repository)
            }
            : []
        // An app's own style naming the token in its body reaches the sites applying it.
        query.reached.appStyles = Set(tokenReferences.compactMap(\.reference.enclosingType))
        self.query = query
        callSites = stored.filter { query.matches($0.site) }
        appTokens = nil
    }

    /// `Button.AccentButtonStyle(color: .red)` → (`Button.AccentButtonStyle`, `color: .red`);
    /// `Button.FancyStyle()` → (`Button.FancyStyle`, ``); a name without arguments → (name, `nil`).
    static func splitConstruction(_ name: String) -> (String, String?) {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "(") else { return (name, nil) }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return (String(name[..<open]), inner.trimmingCharacters(in: .whitespaces))
    }

    /// `catalog lint`: the findings over `project`'s call sites (every project when `nil`),
    /// each project checked against its own platforms: `platforms` when given, else what
    /// its scan learnt (else every platform a rule names).
    public static func lint(project: String?, platforms: [DeploymentTarget]?, in repository: Repository) throws
        -> [Linter.Finding]
    {
        let (specs, styles) = (try repository.latestSpecs(), try repository.latestStyles())
        let themes = try linted(themesFor: styles, in: repository)
        let byProject = Dictionary(grouping: try repository.storedSites(project: project), by: \.project)
        var findings: [Linter.Finding] = []
        for (name, sites) in byProject.sorted(by: { $0.key < $1.key }) {
            let stored = try repository.usageProject(name)?.platforms ?? []
            let known = try stored.map { text in
                guard let target = DeploymentTarget(text) else {
                    throw RequestError(
                        "project \(name) records the platform \(NameRules.quoted(text)), which is not one")
                }
                return target
            }
            let linter = Linter(
                specs: specs, styles: styles, themes: themes, platforms: platforms ?? (known.isEmpty ? nil : known))
            findings += linter.findings(for: sites.map(\.site))
        }
        // Tokens named in code, judged against the themes' names.
        let references = try repository.storedTokenReferences(spellings: nil, project: project).map(\.reference)
        findings += try TokenNames.findings(for: references, in: repository)
        return findings
    }

    /// The themes the linter reads (for the deprecated tokens a style uses): each theme's
    /// latest version with only the tokens `styles` use and what they refer to (a
    /// million-token theme took 8 s to load whole for a lint of one file).
    static func linted(themesFor styles: [StyleDefinition], in repository: Repository) throws -> [Theme] {
        let used = Set(styles.flatMap { $0.tokenReferences.map(\.token) })
        return try Set(repository.themeSummaries().map(\.name)).sorted().map {
            try repository.themeForDocs(VersionedName(name: $0), limit: 0, including: used).theme
        }
    }

    /// The findings of one catalog rule (`catalog-unknown-style`, `catalog-deprecated`)
    /// over `project`'s call sites: `usage --unknown` and `usage --deprecated`.
    public static func findings(rule: String, project: String?, in repository: Repository) throws -> [Linter.Finding] {
        let styles = try repository.latestStyles()
        let linter = Linter(
            specs: try repository.latestSpecs(), styles: styles, themes: try linted(themesFor: styles, in: repository))
        return linter.findings(for: try repository.storedSites(project: project).map(\.site)).filter {
            $0.rule == rule
        }
    }
}

/// What a usage NAME refers to, and which call sites match it.
public struct UsageQuery: Sendable {
    /// The name asked about.
    public let name: String
    /// What the name denotes.
    public internal(set) var kind = Kind.component

    /// What a usage name denotes (printed as the raw value).
    public enum Kind: String, Sendable {
        case component, option, style, token
        /// A custom style known only from call sites (`Button.AccentButtonStyle`).
        case recordedStyle = "recorded style"
        /// One of the app's own tokens, not the catalog's (``UsageReport/appTokens``).
        case appToken = "app token"
        case unknownName = "unknown name"
    }
    /// For tokens: the token and every token whose value can depend on it.
    public var tokens: Set<String> { reached.tokens.values.reduce(into: []) { $0.formUnion($1) } }
    /// For a style or token: the styles it reaches (custom ones included).
    public var styles: Set<String> { reached.styles }
    /// Spec → options whose call sites count.
    public var options: [String: Set<String>] { reached.options }
    /// What the name reaches.
    var reached = Reach.Result()
    /// For a plain component: every call site of it.
    public private(set) var component: String?
    /// For a recorded style asked with its arguments: only the sites that made it so.
    public internal(set) var optionArguments: String?
    /// How names reach call sites.
    let reach: Reach

    /// What `name` refers to among the latest `specs`, `styles` and `themes`.
    public init(name: String, specs: [ComponentSpec], styles allStyles: [StyleDefinition], themes: [Theme]) {
        self.name = name
        reach = Reach(specs: specs, styles: allStyles)
        if let spec = specs.first(where: { $0.name == name }) {
            kind = .component
            component = spec.name
            reached.options[spec.name] = Set(spec.axes.first?.options.map(\.name) ?? [])
            return
        }
        if let dot = name.firstIndex(of: "."), let spec = specs.first(where: { $0.name == String(name[..<dot]) }),
            spec.axes.contains(where: { $0.options.contains { $0.name == String(name[name.index(after: dot)...]) } })
        {
            kind = .option
            let option = String(name[name.index(after: dot)...])
            // The styles the option draws are applied by their generated SwiftUI style too
            // (`.buttonStyle(.dfButtonFilled)` is DFButton's filled).
            let drawn = spec.axes.flatMap { $0.options.filter { $0.name == option }.compactMap(\.style) }
            reached = reach.styles(Set(drawn))
            reached.options[spec.name, default: []].insert(option)
            return
        }
        if allStyles.contains(where: { $0.name == name }) {
            kind = .style
            reached = reach.styles([name])
        } else if themes.contains(where: { $0.token(name) != nil }) {
            kind = .token
            for theme in themes where theme.token(name) != nil {
                let found = reach.tokens([name], in: theme)
                reached.tokens.merge(found.tokens) { $0.union($1) }
                reached.styles.formUnion(found.styles)
                reached.options.merge(found.options) { $0.union($1) }
            }
        } else {
            kind = .unknownName
        }
    }

    /// A recorded custom style known only from call sites: `option` of `spec`.
    mutating func recorded(spec: String, option: String, arguments: String?) {
        kind = .recordedStyle
        reached.options = [spec: [option]]
        optionArguments = arguments
    }

    /// The choices of a dynamic `site` through which the name reaches it (`.dfButtonFilled`
    /// of `isReturning ? .dfButtonFilled : .dfButtonTinted`); none for a static site.
    public func through(_ site: UsageSite) -> [String] {
        component == nil ? reach.through(site, reached) : []
    }

    /// Whether `site` is a call site of what the name refers to.
    public func matches(_ site: UsageSite) -> Bool {
        if let component { return site.component == component || site.spec == component }
        if let optionArguments, reach.published.style(for: site) == nil, site.optionArguments != optionArguments {
            return false
        }
        return reach.applies(site, reached)
    }
}
