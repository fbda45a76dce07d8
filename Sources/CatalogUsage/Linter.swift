import CatalogModel

/// Checks call sites against the usage rules the specs declare (so a new spec brings its
/// own), plus those the catalog always applies: a style that is not in the catalog, a
/// style that uses a deprecated token, a component used below the platform versions its
/// spec declares, an argument only an older spec declares; and, for tokens named in code
/// (``TokenReference``, judged where the themes' names are known), a deprecated or
/// removed token.
public struct Linter: Sendable {
    /// The rule the catalog itself checks for a style code uses that no spec or published
    /// style defines (the others are the specs' own rules, named in their documents).
    public static let unknownStyleRule = "catalog-unknown-style"
    /// The rule the catalog itself checks for a deprecated option, style or token in use.
    public static let deprecatedRule = "catalog-deprecated"
    /// The rule the catalog itself checks for a component used where the project's
    /// deployment target is below its spec's `platforms` and no `#available` check covers it.
    public static let availabilityRule = "catalog-availability"
    /// The rule the catalog itself checks for an argument only an older version of the
    /// component's spec declares (OUDSButton 2's `hierarchy:`, OUDS 3's `appearance:`).
    public static let removedArgumentRule = "catalog-removed-argument"
    /// The rule the catalog itself checks for a token named in code (through the generated
    /// package) that the theme's latest version no longer has.
    public static let removedTokenRule = "catalog-removed-token"
    /// The rule the catalog itself checks for a color or length written as a literal in
    /// button code where a token holds the same value (`lint_swift`, `catalog lint PATH`).
    public static let hardCodedRule = "catalog-hard-coded-value"

    /// The rule `catalog lint` reports for a file changed since the stored scan read it:
    /// its findings would mix the old scan's places with the new text.
    public static let staleScanRule = "catalog-stale-scan"

    /// What each of the catalog's own rules asks, as a spec rule's description does.
    public static let catalogRuleFixes: [String: String] = [
        unknownStyleRule:
            "Use a style the catalog publishes (search finds them; catalog export swift generates their SwiftUI styles), or publish this one (catalog add-style).",
        deprecatedRule: "Move the style to the deprecated tokens' replacements (get_token names each one's successor).",
        availabilityRule:
            "Use the component inside if #available for the versions its spec needs, or raise the deployment target.",
        removedArgumentRule: "Write the argument the component's latest spec declares, as the message says.",
        removedTokenRule:
            "Name the token that replaced it (catalog theme diff between the two versions shows the change), or pin the package to a version that has it.",
        hardCodedRule:
            "Write the token the message names (its Swift name from catalog export swift), so that the value follows the theme and its modes.",
        staleScanRule:
            "Run catalog usage scan after editing the files, then catalog lint (or lint the paths themselves: catalog lint PATH).",
    ]

    /// A finding at a call site (or, for a token named in code, at the reference: a site
    /// with no component, placed there).
    public struct Finding: Sendable, Equatable {
        /// Where the finding is.
        public var site: UsageSite
        /// How much it matters (the rule's severity).
        public var severity: UsageRule.Severity
        /// What is wrong, in a sentence.
        public var message: String
        /// The rule's id (`catalog-unknown-style`, a spec rule's id).
        public var rule: String

        /// `file:line:column: warning: message [rule]`.
        public var line: String { "\(site.place): \(severity): \(message) [\(rule)]" }

        /// A finding of `rule` at `site`.
        public init(site: UsageSite, severity: UsageRule.Severity, message: String, rule: String) {
            self.site = site
            self.severity = severity
            self.message = message
            self.rule = rule
        }
    }

    /// The specs whose rules are checked.
    public let specs: [ComponentSpec]
    /// The published styles, for availability and deprecation.
    public let styles: [StyleDefinition]
    /// The themes, for deprecated tokens a style reads.
    public let themes: [Theme]
    /// The platforms the project ships on, with their deployment targets when known;
    /// `nil` for every platform a rule names. An availability rule only asks for checks
    /// on these, and not on a platform whose deployment target already has the version.
    public let platforms: [DeploymentTarget]?

    /// A linter over the latest specs, styles and themes, for a project on `platforms`.
    public init(
        specs: [ComponentSpec], styles: [StyleDefinition], themes: [Theme], platforms: [DeploymentTarget]? = nil
    ) {
        self.specs = specs
        self.styles = styles
        self.themes = themes
        self.platforms = platforms
    }

    /// The platform names availability tables, `#if os(…)`, `--platforms` and Package.swift
    /// `platforms:` lists use.
    public static let platformNames = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]

    /// Every finding for `sites`, in file and line order.
    public func findings(for sites: [UsageSite]) -> [Finding] {
        var findings: [Finding] = []
        for spec in specs {
            for rule in spec.rules {
                let matching = sites.filter {
                    $0.spec == spec.name && (rule.axis == nil || $0.axis == rule.axis)
                        && $0.option.map(rule.options.contains) == true
                }
                switch rule.kind {
                case .notInside: findings += notInside(rule, matching)
                case .atMostOnePerView: findings += tooManyPerView(rule, matching)
                case .requiresAvailability:
                    // A style set through an undeclared wrapper: gating it is the wrapper's job.
                    findings += uncheckedAvailability(rule, spec, matching.filter { $0.via == nil })
                case .advice: continue
                }
            }
        }
        findings += catalogFindings(sites)
        // A call recorded once per branch of a postfix `#if` or of a container is one
        // site: the same rule saying the same there is one finding.
        var seen: Set<String> = []
        return findings.sorted {
            ($0.site.file, $0.site.line, $0.site.column, $0.rule) < (
                $1.site.file, $1.site.line, $1.site.column, $1.rule
            )
        }.filter { seen.insert("\($0.site.place)\u{0}\($0.rule)\u{0}\($0.message)").inserted }
    }

    /// `notInside`: a matching site inside the rule's container (directly or not).
    func notInside(_ rule: UsageRule, _ matching: [UsageSite]) -> [Finding] {
        guard let container = rule.container else { return [] }
        return matching.filter { $0.containers.contains(container) }.map { site in
            Finding(
                site: site, severity: rule.severity,
                message: "\(site.component) .\(site.option ?? "") inside \(container): \(rule.description)",
                rule: rule.id)
        }
    }

    /// `atMostOnePerView`: the buttons past the limit among those that compete on a screen:
    /// not a preview's showcase, not always disabled (`.disabled(!valid)` is enabled at
    /// times), not a destructive or cancel action; one per call (its `#if` branches are one).
    func tooManyPerView(_ rule: UsageRule, _ matching: [UsageSite]) -> [Finding] {
        let limit = rule.limit ?? 1
        let competing = matching.filter {
            !$0.isInPreview && !($0.disabled && !$0.dynamicArguments.contains("disabled"))
                && $0.role != "destructive" && $0.role != "cancel"
        }
        let views = Dictionary(grouping: competing) { "\($0.file)|\($0.enclosingType ?? "")|\($0.enclosingBody ?? "")" }
        var findings: [Finding] = []
        for (_, view) in views {
            var calls: [UsageSite] = []
            for site in view.sorted(by: { ($0.line, $0.column, $0.branch) < ($1.line, $1.column, $1.branch) })
            where !calls.contains(where: { $0.place == site.place }) {
                calls.append(site)
            }
            guard calls.count > limit else { continue }
            for site in calls.dropFirst(limit) {
                findings.append(
                    Finding(
                        site: site, severity: rule.severity,
                        message:
                            "\(calls.count) .\(site.option ?? "") buttons in \(site.enclosingType.map { "\($0)." } ?? "")\(site.enclosingBody ?? "this view"): \(rule.description)",
                        rule: rule.id))
            }
        }
        return findings
    }

    /// `requiresAvailability`: a matching site not inside an `#available` check for each
    /// platform that needs one: one the project ships on (below its deployment target, when
    /// known) where the site's `#if` conditions let the code exist.
    func uncheckedAvailability(_ rule: UsageRule, _ spec: ComponentSpec, _ matching: [UsageSite]) -> [Finding] {
        matching.compactMap { site in
            let conditions = site.availability.filter { $0.hasPrefix("#if ") }.map { String($0.dropFirst(4)) }
            let required =
                spec.axes.first { $0.name == site.axis }?.options.first { $0.name == site.option }?.availability ?? [:]
            let builtFor = platforms == nil ? Self.checkedPlatforms(at: site) : nil
            let needed = required.filter { platform, version in
                if let platforms {
                    guard let target = platforms.first(where: { $0.platform == platform }), !target.covers(version)
                    else { return false }
                }
                if let builtFor, !builtFor.contains(platform) { return false }
                return conditions.allSatisfy { CompilationCondition.canHold($0, on: platform) }
            }
            let missing = Self.unchecked(needed, at: site)
            guard !missing.isEmpty else { return nil }
            return Finding(
                site: site, severity: rule.severity,
                message:
                    ".\(site.option ?? "") needs \(missing.map { "\($0) \(needed[$0]!)" }.joined(separator: ", ")) but is not inside an #available check for it",
                rule: rule.id)
        }
    }

    /// The platforms the code at `site` is built for as its own checks say, where the
    /// project does not: code that compiles names, in the `#available` checks and
    /// `@available` attributes around it, every platform it is built for below the API's
    /// version (`if #available(iOS 26, *)` lets macOS through at its deployment target,
    /// where a macOS 26 API would not compile), so a check naming iOS alone is iOS code
    /// (with visionOS and Mac Catalyst, which take iOS's availability). `nil` where no
    /// check is around it: every platform may build it.
    static func checkedPlatforms(at site: UsageSite) -> Set<String>? {
        let named = Set(
            site.availability.filter { !$0.hasPrefix("#if ") }.compactMap(DeploymentTarget.init).map(\.platform))
        guard !named.isEmpty else { return nil }
        return named.contains("iOS") ? named.union(["visionOS", "macCatalyst"]) : named
    }

    /// The platforms of `needed` (platform → version) that no `#available` check or
    /// `@available` declaration around `site` covers, sorted: a check for an older version
    /// than needed (`@available(iOS 13, *)`) does not cover it.
    static func unchecked(_ needed: [String: String], at site: UsageSite) -> [String] {
        let checks = site.availability.filter { !$0.hasPrefix("#if ") }.compactMap(DeploymentTarget.init)
        return needed.keys.sorted().filter { platform in
            // Swift's visionOS and Mac Catalyst take iOS's availability: an iOS check covers them.
            let covering = ["visionOS", "macCatalyst"].contains(platform) ? [platform, "iOS"] : [platform]
            return !checks.contains { covering.contains($0.platform) && $0.covers(needed[platform]!) }
        }
    }

    /// `catalog-availability`: a component whose spec declares `platforms` (DFButton: iOS
    /// 18) used on a platform the project ships on whose known deployment target is lower,
    /// outside an `#available` check for it, where the site's `#if` conditions let the code
    /// exist. Xcode refuses such code; without known deployment targets nothing is said.
    func componentAvailability(_ site: UsageSite, _ spec: ComponentSpec) -> Finding? {
        guard let platforms, !spec.platforms.isEmpty else { return nil }
        let conditions = site.availability.filter { $0.hasPrefix("#if ") }.map { String($0.dropFirst(4)) }
        let needed = spec.platforms.filter { platform, version in
            guard let target = platforms.first(where: { $0.platform == platform }), target.version != nil,
                !target.covers(version)
            else { return false }
            return conditions.allSatisfy { CompilationCondition.canHold($0, on: platform) }
        }
        let missing = Self.unchecked(needed, at: site)
        guard !missing.isEmpty else { return nil }
        let targets = missing.compactMap { platform in platforms.first { $0.platform == platform } }
        return Finding(
            site: site, severity: .error,
            message:
                "\(spec.name) needs \(missing.map { "\($0) \(needed[$0]!)" }.joined(separator: ", ")) but the project targets \(targets.map(\.description).joined(separator: ", ")): put it inside if #available(\(missing.map { "\($0) \(needed[$0]!)" }.joined(separator: ", ")), *) or raise the deployment target",
            rule: Self.availabilityRule)
    }

    /// `catalog-availability` for an option whose spec says where it exists (`.card`:
    /// tvOS 14; `.accessoryBarAction`: macOS 14): used on a platform the project ships on
    /// that the option does not exist on, where the site's `#if` conditions let the code
    /// exist; or below a version it needs outside an `#available` check. Options a spec's
    /// own `requiresAvailability` rule covers are left to it; without known deployment
    /// targets nothing is said, as for components.
    func optionAvailability(_ site: UsageSite, _ spec: ComponentSpec) -> Finding? {
        guard let platforms, let option = site.option, !site.dynamic, site.via == nil,
            let declared = spec.axes.first(where: { $0.name == site.axis })?.options.first(where: { $0.name == option }
            ),
            !declared.availability.isEmpty,
            !spec.rules.contains(where: { $0.kind == .requiresAvailability && $0.options.contains(option) })
        else { return nil }
        let conditions = site.availability.filter { $0.hasPrefix("#if ") }.map { String($0.dropFirst(4)) }
        let shipping = platforms.filter { target in
            conditions.allSatisfy { CompilationCondition.canHold($0, on: target.platform) }
        }
        // Swift's visionOS and Mac Catalyst take iOS's availability.
        let available = { (platform: String) in
            declared.availability[platform]
                ?? (["visionOS", "macCatalyst"].contains(platform) ? declared.availability["iOS"] : nil)
        }
        let exists = declared.availability.keys.sorted().map { "\($0) \(declared.availability[$0]!)" }.joined(
            separator: ", ")
        var parts: [String] = []
        let absent = shipping.filter { available($0.platform) == nil }.map(\.platform)
        if !absent.isEmpty {
            parts.append(
                "does not exist on \(absent.joined(separator: ", ")) (only \(exists)): put it inside #if os(\(declared.availability.keys.sorted().joined(separator: ") || os("))) or choose another style there"
            )
        }
        var needed: [String: String] = [:]
        for target in shipping where target.version != nil {
            if let version = available(target.platform), !target.covers(version) { needed[target.platform] = version }
        }
        let missing = Self.unchecked(needed, at: site)
        if !missing.isEmpty {
            let targets = missing.compactMap { platform in platforms.first { $0.platform == platform } }
            let versions = missing.map { "\($0) \(needed[$0]!)" }.joined(separator: ", ")
            parts.append(
                "needs \(versions) but the project targets \(targets.map(\.description).joined(separator: ", ")): put it inside if #available(\(versions), *) or raise the deployment target"
            )
        }
        guard !parts.isEmpty else { return nil }
        return Finding(
            site: site, severity: .error, message: "\(spec.name) .\(option) " + parts.joined(separator: "; it "),
            rule: Self.availabilityRule)
    }

    /// Every label the latest specs declare: initializer parameters, axes, the labels that
    /// carry them, and the modifiers the scanner records as arguments (`disabled`, `tint`).
    var currentLabels: Set<String> {
        var labels: Set<String> = ["disabled", "tint"]
        for spec in specs {
            labels.formUnion(spec.initializers.flatMap { $0.parameters.map(\.name) })
            for axis in spec.axes {
                labels.insert(axis.name)
                if let applied = axis.appliedWith, applied.hasSuffix(":") { labels.insert(String(applied.dropLast())) }
            }
        }
        return labels
    }

    /// `catalog-removed-argument`: the scanner records arguments the specs declare, older
    /// versions included; one no latest spec declares is an older version's, which the
    /// current component no longer takes. Where it set the axis the site's option is on,
    /// the fix is the latest's label for that axis.
    func removedArguments(_ site: UsageSite, _ spec: ComponentSpec, current: Set<String>) -> [Finding] {
        site.arguments.keys.sorted().filter { !current.contains($0) }.map { label in
            let axis = site.spec == spec.name ? spec.axes.first { $0.name == site.axis } : nil
            let replacement = axis.flatMap { axis -> String? in
                guard site.arguments[label] == site.option.map({ "." + $0 }) else { return nil }
                if let applied = axis.appliedWith, applied.hasSuffix(":") { return applied }
                return spec.initializers.contains { $0.parameters.contains { $0.name == axis.name } }
                    ? axis.name + ":" : nil
            }
            return Finding(
                site: site, severity: .error,
                message:
                    "\(spec.name) \(spec.version) has no argument \(label): (an older version's)"
                    + (replacement.map { "; write \($0) \(site.arguments[label]!)" } ?? ""),
                rule: Self.removedArgumentRule)
        }
    }

    /// The rules the catalog always applies: a style that is not in the catalog, a
    /// style that uses a deprecated token, a component below its platforms. Dynamic and
    /// unknown styles are not judged.
    func catalogFindings(_ sites: [UsageSite]) -> [Finding] {
        let bySpec = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
        let published = PublishedStyles(specs: specs, styles: styles)
        var findings: [Finding] = []
        let current = currentLabels
        for site in sites {
            guard let spec = bySpec[site.component] else { continue }
            if let finding = componentAvailability(site, spec) { findings.append(finding) }
            findings += removedArguments(site, spec, current: current)
        }
        // The spec a modifier or factory brings (`.dfButtonStyle(.filled)` on a SwiftUI
        // `Button` is DFButton's, iOS 18) and the option chosen (`.card`: tvOS only).
        for site in sites {
            guard let name = site.spec, let spec = bySpec[name] else { continue }
            if name != site.component, let finding = componentAvailability(site, spec) { findings.append(finding) }
            if let finding = optionAvailability(site, spec) { findings.append(finding) }
        }
        for site in sites where !site.dynamic {
            guard let specName = site.spec, let option = site.option, let spec = bySpec[specName],
                let axis = spec.axes.first(where: { $0.name == site.axis })
            else { continue }
            let styleName: String
            if let declared = axis.options.first(where: { $0.name == option }) {
                guard let linked = declared.style else { continue }
                styleName = linked
            } else if let custom = published.style(for: site) {
                styleName = custom.name
            } else {
                findings.append(
                    Finding(
                        site: site, severity: .warning,
                        message: "\(site.component) style \(option) is not in the catalog",
                        rule: Self.unknownStyleRule))
                continue
            }
            guard let style = styles.first(where: { $0.name == styleName }),
                let theme = themes.first(where: { $0.name == style.theme })
            else { continue }
            let deprecated = Set(style.tokenReferences.map(\.token)).sorted().filter { token in
                theme.token(token)?.deprecation != nil
            }
            if !deprecated.isEmpty {
                findings.append(
                    Finding(
                        site: site, severity: .warning,
                        message:
                            "style \(styleName) uses deprecated token\(deprecated.count == 1 ? "" : "s") \(deprecated.joined(separator: ", "))",
                        rule: Self.deprecatedRule))
            }
        }
        return findings
    }
}
