import CatalogModel
import Foundation

/// One item a search found (`catalog mcp`'s `search`).
public struct SearchMatch: Sendable, Equatable {
    /// What kind of item it is, in the order kinds are listed.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case component, style, theme, token

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public var kind: Kind
    public var name: String
    public var version: String
    public var summary: String?
    /// A token's theme, type and default value.
    public var theme: String?
    public var type: String?
    public var value: JSON?
    /// How well it matches, 0 best: the name itself, then its last part or a prefix, then
    /// inside the name, then in its words or value; in a word-by-word search, the number of
    /// the phrase's words it does not match.
    public var rank: Int
    /// The phrase's words it matches, in a word-by-word search.
    public var matchedWords: [String]?
}

/// What a search answers: every match, best first, and what to say when there are none
/// for the whole phrase (a note) or at all (the nearest name).
public struct SearchResult: Sendable, Equatable {
    public var matches: [SearchMatch]
    public var note: String?
    public var didYouMean: String?
}

extension Catalog {
    /// Components, styles, themes and tokens (the latest version of each) whose name,
    /// description or value contains `query`, case-insensitively, or, for a component, its
    /// rules, roles and states, and for a style, its roles, states, the tokens it reads and
    /// the spec options drawing it with their guidance (a token's path finds its styles): names before words, kinds
    /// in their order, at most `tokenLimit` tokens per theme, from the trigram index. A
    /// phrase matching nothing whole is searched word by word (words of two letters or
    /// more, stop words left out), the items matching the most words first; a query matching nothing gets the
    /// nearest name within a few edits.
    public func search(_ query: String, kind: SearchMatch.Kind?, tokenLimit: Int) throws -> SearchResult {
        // Reading every spec and style for their words costs more than the search itself.
        let scope = try searchScopes.value(at: try headRevision()?.id) { try SearchScope(self) }
        var found = try matches(query.lowercased(), kind: kind, tokenLimit: tokenLimit, in: scope)
        var note: String?
        let words = Set(query.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init))
            .filter { $0.count >= 2 && !Self.searchStopWords.contains($0) }.sorted()
        if found.isEmpty, words.count > 1 {
            // Word by word: an item counts once per word it matches.
            var byItem: [String: (match: SearchMatch, words: [String])] = [:]
            for word in words {
                for match in try matches(word, kind: kind, tokenLimit: tokenLimit, in: scope) {
                    let key = "\(match.kind) \(match.name) \(match.theme ?? "")"
                    var entry = byItem[key] ?? (match, [])
                    if match.rank < entry.match.rank { entry.match = match }
                    entry.words.append(word)
                    byItem[key] = entry
                }
            }
            found = byItem.values.sorted {
                ($1.words.count, $0.match.rank, $0.match.kind, $0.match.name) < (
                    $0.words.count, $1.match.rank, $1.match.kind, $1.match.name
                )
            }.map { entry in
                var match = entry.match
                match.matchedWords = entry.words
                match.rank = words.count - entry.words.count
                return match
            }
            if !found.isEmpty { note = "No match for the whole phrase; matches of its words, most words first." }
        }
        let suggestion = found.isEmpty ? try nearestName(to: query, kind: kind, in: scope) : nil
        return SearchResult(matches: found, note: note, didYouMean: suggestion)
    }

    /// Words a phrase searched word by word leaves out ("primary call to action"): the
    /// ones ``recommend(intent:theme:targets:limit:)`` leaves out, but "button", a name.
    static let searchStopWords = stopWords.subtracting(["button", "buttons"])

    /// What a search looks through, read once however many words it searches for: the
    /// latest version of each spec, style and theme, and the words each spec and style is
    /// found by besides its name.
    struct SearchScope {
        var specs: [SpecSummary]
        var styles: [StyleSummary]
        var themes: [ThemeSummary]
        /// A spec's words: its summary and description, its rules, roles and states.
        var specWords: [String: String] = [:]
        /// A style's words: its description, roles and states, and the style graph: the
        /// tokens it reads, the spec options that draw it and their guidance.
        var styleWords: [String: String] = [:]

        init(_ catalog: Catalog) throws {
            specs = try catalog.specs()
            styles = Catalog.latest(try catalog.styles(), name: \.name, version: \.version)
            themes = Catalog.latest(try catalog.themes(), name: \.name, version: \.version)
            var drawnBy: [String: [String]] = [:]
            for summary in specs {
                guard let spec = try catalog.latestSpec(named: summary.name) else { continue }
                // An option's guidance is the guidance of the style it draws.
                for option in spec.axes.flatMap(\.options) {
                    guard let style = option.style else { continue }
                    drawnBy[style, default: []] += ["\(spec.name).\(option.name)", option.description ?? ""]
                }
                let words =
                    [spec.summary, spec.description].compactMap { $0 } + spec.rules.map(\.description)
                    + spec.roles.map(\.name) + spec.states
                specWords[spec.name] = words.joined(separator: "\n")
            }
            for summary in styles {
                let style = try catalog.style(VersionedName(name: summary.name, version: summary.version)).style
                let words =
                    [style.description].compactMap { $0 } + style.roles.keys.sorted() + style.states.keys.sorted()
                    + Set(style.tokenReferences.map(\.token)).sorted() + (drawnBy[style.name] ?? [])
                styleWords[style.name] = words.joined(separator: "\n")
            }
        }
    }

    /// The items matching `needle` (lower-cased) as a substring of their name, words or value.
    private func matches(_ needle: String, kind: SearchMatch.Kind?, tokenLimit: Int, in scope: SearchScope) throws
        -> [SearchMatch]
    {
        let bare = needle.hasPrefix("#") ? String(needle.dropFirst()) : needle
        /// 0: the name itself; 1: its last part or a prefix; 2: in the name; 3: in the words.
        func rank(_ name: String, _ words: String?) -> Int? {
            let lowered = name.lowercased()
            if lowered == needle { return 0 }
            if lowered.split(separator: ".").last.map(String.init) == needle || lowered.hasPrefix(needle) { return 1 }
            if lowered.contains(needle) { return 2 }
            if let words, words.lowercased().contains(needle) { return 3 }
            return nil
        }
        var found: [SearchMatch] = []
        func wanted(_ candidate: SearchMatch.Kind) -> Bool { kind == nil || kind == candidate }
        if wanted(.component) {
            for spec in scope.specs {
                guard let rank = rank(spec.name, scope.specWords[spec.name] ?? spec.summary) else { continue }
                found.append(
                    SearchMatch(
                        kind: .component, name: spec.name, version: spec.versions.last?.description ?? "",
                        summary: spec.summary, rank: rank))
            }
        }
        // Styles and themes: a name, a version, a description and the words found by each.
        let described: [(SearchMatch.Kind, [(name: String, version: Semver, description: String?, words: String?)])] = [
            (.style, scope.styles.map { ($0.name, $0.version, $0.description, scope.styleWords[$0.name]) }),
            (.theme, scope.themes.map { ($0.name, $0.version, $0.description, $0.description) }),
        ]
        for (kind, items) in described where wanted(kind) {
            for item in items {
                guard let rank = rank(item.name, item.words) else { continue }
                found.append(
                    SearchMatch(
                        kind: kind, name: item.name, version: item.version.description, summary: item.description,
                        rank: rank))
            }
        }
        if wanted(.token) {
            for theme in scope.themes {
                for match in try searchTokens(theme: theme.name, version: theme.version, text: bare, limit: tokenLimit)
                {
                    let hex = match.value?["hex"]?.string?.lowercased()
                    let valueRank = hex.map { $0 == "#" + bare ? 0 : ($0.contains(bare) ? 2 : 4) } ?? 4
                    found.append(
                        SearchMatch(
                            kind: .token, name: match.path, version: theme.version.description,
                            summary: match.description, theme: theme.name, type: match.type, value: match.value,
                            rank: min(rank(match.path, match.description) ?? 4, valueRank)))
                }
            }
        }
        found.sort { ($0.rank, $0.kind, $0.name) < ($1.rank, $1.kind, $1.name) }
        return found
    }

    /// The name nearest `query` (within a few edits): components, styles and themes, and
    /// the tokens sharing its first, middle or last three letters (a bounded lookup in the
    /// trigram index, whatever the theme's size).
    private func nearestName(to query: String, kind: SearchMatch.Kind?, in scope: SearchScope) throws -> String? {
        var names: [String] = []
        if kind == nil || kind == .component { names += scope.specs.map(\.name) }
        if kind == nil || kind == .style { names += scope.styles.map(\.name) }
        if kind == nil || kind == .theme { names += scope.themes.map(\.name) }
        if kind == nil || kind == .token, query.count >= 3 {
            for theme in scope.themes {
                names += try tokenPaths(
                    sharingTrigramsWith: query, theme: theme.name, version: theme.version, limit: 1000)
            }
        }
        // A name, or its last part: "acent" → colors.accent.
        var byPart: [String: String] = [:]
        for name in names {
            byPart[name.lowercased()] = byPart[name.lowercased()] ?? name
            if let last = name.split(separator: ".").last.map({ String($0).lowercased() }), byPart[last] == nil {
                byPart[last] = name
            }
        }
        return Suggestion.closest(to: query.lowercased(), in: byPart.keys.sorted()).flatMap { byPart[$0] }
    }
}
