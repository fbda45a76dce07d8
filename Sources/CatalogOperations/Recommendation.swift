import CatalogModel
import CatalogUsage
import Foundation

/// A variant of a component the catalog recommends for an intent ("primary call to action",
/// "delete account in settings"): the spec's option and the style drawing it, the role the
/// intent asks for, why (the words of the option's own guidance it matched), and what the
/// deployment targets keep from using the component itself.
public struct Recommendation: Sendable, Equatable {
    /// The component and the version whose guidance was read.
    public var component: String
    public var componentVersion: Semver
    /// The variant axis and option (`style` / `filled`).
    public var axis: String
    public var option: String
    /// The style definition that draws the option.
    public var style: String
    /// The theme the style reads its tokens from, if it names one.
    public var theme: String?
    /// The role the intent asks for, where the component has it (`destructive`).
    public var role: String?
    /// How well the option's guidance matches the intent (higher is better; 0: not at all).
    public var score: Double
    /// The intent's words found in the option's guidance.
    public var matchedWords: [String]
    /// The option's own description, the guidance that was matched.
    public var guidance: String?
    /// What the targets keep from calling the component itself (`DFButton needs iOS 18.0`):
    /// its style still applies to a SwiftUI Button through the generated package.
    public var unavailable: [String]
}

extension Catalog {
    /// The variants of the latest component specs (those whose styles read `theme`, when
    /// given) ranked for `intent`: each option's guidance (its name, description, its
    /// style's description and the usage rules about it) scored by the intent's words,
    /// each weighted by how few options mention it (a word every option has tells nothing);
    /// ties go to the axis's default option. A role is asked for where the intent names it
    /// or a word for it (``roleWords``); options that the targets cannot show without an
    /// `#available` check rank after the others.
    public func recommend(intent: String, theme: String?, targets: [DeploymentTarget], limit: Int) throws
        -> [Recommendation]
    {
        let styles = Dictionary(
            uniqueKeysWithValues: Self.latest(try styles(), name: \.name, version: \.version).map { ($0.name, $0) })
        var words = Self.words(of: intent)
        let role = Self.roleWords.first { _, synonyms in !words.isDisjoint(with: synonyms) }?.key
        if let role { words.insert(role) }
        for group in Self.emphasisWords where !words.isDisjoint(with: group) { words.formUnion(group) }
        // Each option of each latest spec whose style is known (and reads `theme`, if given).
        var candidates: [(spec: ComponentSpec, axis: VariantAxis, option: VariantOption, words: Set<String>)] = []
        for summary in try specs() {
            guard let version = summary.versions.last else { continue }
            let spec = try self.spec(VersionedName(name: summary.name, version: version)).spec
            for axis in spec.axes {
                for option in axis.options {
                    guard let name = option.style, let style = styles[name] else { continue }
                    if let theme, style.theme != theme { continue }
                    let rules = spec.rules.filter { $0.axis == axis.name && $0.options.contains(option.name) }
                    let text = ([option.name, option.description, style.description] + rules.map(\.description))
                        .compactMap { $0 }.joined(separator: " ")
                    // A role the spec has applies to every option: "delete" finds DFButton's.
                    let roles = Set(spec.roles.map(\.name))
                    candidates.append((spec, axis, option, Self.words(of: text).union(roles)))
                }
            }
        }
        let counts = candidates.reduce(into: [String: Int]()) { counts, candidate in
            for word in words where candidate.words.contains(word) { counts[word, default: 0] += 1 }
        }
        let ranked = candidates.map { candidate -> (Recommendation, Int, Int) in
            let matched = words.filter { candidate.words.contains($0) }.sorted()
            let score = matched.reduce(0.0) { $0 + log(1 + Double(candidates.count) / Double(counts[$1] ?? 1)) }
            var unavailable: [String] = []
            var needsCheck = false
            var absent = false
            for target in targets {
                // An option made for some platforms only (`.accessoryBarAction`: macOS) does
                // not exist on the others (visionOS and Mac Catalyst take iOS's).
                let availability = candidate.option.availability
                let own =
                    availability[target.platform]
                    ?? (["visionOS", "macCatalyst"].contains(target.platform) ? availability["iOS"] : nil)
                if !availability.isEmpty, own == nil {
                    let only = availability.keys.sorted().map { "\($0) \(availability[$0]!)" }.joined(separator: ", ")
                    unavailable.append("\(candidate.option.name) does not exist on \(target.platform) (only \(only))")
                    absent = true
                }
                guard let needed = candidate.spec.platforms[target.platform] else {
                    unavailable.append("\(candidate.spec.name) is not made for \(target.platform)")
                    continue
                }
                if !target.covers(needed) {
                    unavailable.append("\(candidate.spec.name) needs \(target.platform) \(needed)")
                }
                if let optionNeeds = candidate.option.availability[target.platform], !target.covers(optionNeeds) {
                    unavailable.append("\(candidate.option.name) needs \(target.platform) \(optionNeeds)")
                    needsCheck = true
                }
            }
            let recommendation = Recommendation(
                component: candidate.spec.name, componentVersion: candidate.spec.version, axis: candidate.axis.name,
                option: candidate.option.name, style: candidate.option.style ?? "",
                theme: styles[candidate.option.style ?? ""]?.theme,
                role: role.flatMap { role in candidate.spec.roles.contains { $0.name == role } ? role : nil },
                score: score.rounded(places: 3), matchedWords: matched, guidance: candidate.option.description,
                unavailable: unavailable)
            return (
                recommendation, absent ? 2 : needsCheck ? 1 : 0,
                candidate.axis.defaultOption == candidate.option.name ? 0 : 1
            )
        }
        // What does not exist on a target comes last, after what needs an #available check.
        return ranked.sorted { a, b in
            (a.1, -a.0.score, a.2, a.0.component, a.0.style) < (b.1, -b.0.score, b.2, b.0.component, b.0.style)
        }.prefix(limit).map(\.0)
    }

    /// The roles an intent asks for by the words it uses (a role's own name counts too).
    public static let roleWords: [String: Set<String>] = [
        "destructive": ["destructive", "delete", "remove", "erase", "destroy", "discard", "irreversible"],
        "cancel": ["cancel", "dismiss", "abort"],
    ]

    /// Words for one emphasis, each standing for all of its group: the specs' guidance says
    /// "highest-emphasis", "prominent", "critical" or "primary" for the same rank.
    public static let emphasisWords: [Set<String>] = [
        ["primary", "cta", "prominent", "critical", "important", "highest"],
        ["secondary", "alternative"],
        ["tertiary", "subtle", "minimal", "lowest", "inline", "link"],
    ]

    /// Words that say nothing of a button's kind.
    static let stopWords: Set<String> = [
        "a", "an", "the", "for", "to", "in", "on", "of", "and", "or", "with", "my", "our", "this", "that", "it", "is",
        "be", "as", "at", "by", "button", "buttons",
    ]

    /// The lowercase words of `text` (letters and digits), plurals and stop words dropped.
    static func words(of text: String) -> Set<String> {
        Set(
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { word -> String in
                word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : String(word)
            }.filter { !stopWords.contains($0) })
    }
}
