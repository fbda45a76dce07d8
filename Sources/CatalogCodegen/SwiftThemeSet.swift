import CatalogModel

/// Several themes of one shape (the same dimensions and modes: a design system's brands,
/// OUDS's Orange and Sosh) generated as one package: one module, the support types once,
/// and the themes as the modes of one dimension more, `theme`, first in the context type.
/// An app imports it once, reads `OUDS.Colors.primary` (the first theme's values in the
/// default context, as static accessors always give) and switches theme at run time with
/// the context (`.oudsContext(OUDSContext(theme: .sosh))`), which every `Moded` accessor,
/// `<Theme>Color` shape style, `.tokenFont` and generated button style reads.
///
/// Two packages of one theme each cannot be one app's: each declares the support types
/// (`TokenColor`, `Moded`), so that a target importing both finds them ambiguous, and their
/// values are static. One package of the set is what an app switching brands needs.
///
/// Each theme's values are its own, resolved in that theme as `catalog theme show`
/// resolves them, in every context (``SwiftTokenContexts``); the tokens are the first
/// theme's, then those only later themes have (optional in the package: no default). A
/// token a later theme lacks has the default (the first theme's) there, said in its
/// comment as for any mode that lacks a token.
package struct SwiftThemeSet {
    /// The themes, the first the default.
    package var themes: [Theme]
    /// The set as one theme: the first theme's tokens and those only others have, its
    /// dimensions after `theme`'s; what names, types, styles and assets are made from.
    package var theme: Theme
    /// Every token's value in every context of the set, each theme's from that theme.
    package var contexts: SwiftTokenContexts
    /// The dimension whose modes are the themes.
    package var dimension: ModeDimension

    /// The set of `themes` (two or more, the first the default), named `name`. Refused
    /// where two themes share a name or their dimensions differ (names, modes or defaults).
    package init(_ themes: [Theme], name: String) throws {
        guard let first = themes.first, themes.count > 1 else {
            throw RequestError("a package of several themes needs two or more themes")
        }
        var seen: Set<String> = []
        for theme in themes where !seen.insert(theme.name).inserted {
            throw RequestError("theme \(theme.name) is given twice: one version per theme in a package")
        }
        for theme in themes.dropFirst() where theme.dimensions != first.dimensions {
            let shape = { (theme: Theme) in
                theme.dimensions.isEmpty
                    ? "no dimensions"
                    : theme.dimensions.map { "\($0.name): \($0.modes.joined(separator: ", "))" }.joined(
                        separator: "; ")
            }
            throw RequestError(
                "themes \(first.name) and \(theme.name) differ in their dimensions (\(first.name): \(shape(first)); "
                    + "\(theme.name): \(shape(theme))): a package of several themes switches between themes of one shape"
            )
        }
        // One type a token: a token that is a dimension in one theme and a color in another
        // has no Swift type both values fit (it became the first's, the other's value 0).
        var typed: [String: (theme: String, type: String)] = [:]
        var mixed: [String] = []
        for theme in themes {
            for token in theme.tokens {
                guard let known = typed[token.path] else {
                    typed[token.path] = (theme.name, token.type.rawValue)
                    continue
                }
                if known.type != token.type.rawValue {
                    mixed.append(
                        "\(token.path) (a \(known.type) in \(known.theme), a \(token.type.rawValue) in \(theme.name))")
                }
            }
        }
        if !mixed.isEmpty {
            throw RequestError(
                "\(mixed.count == 1 ? "a token has" : "\(mixed.count) tokens have") another type in another theme: "
                    + mixed.prefix(5).joined(separator: "; ") + (mixed.count > 5 ? "; …" : "")
                    + ". A package of several themes gives each token one type: rename the token in one theme, "
                    + "or export the themes as packages of their own")
        }
        let used = Set(first.dimensions.map(\.name))
        let dimensionName = ["theme", "brand", "catalogTheme"].first { !used.contains($0) }!
        dimension = ModeDimension(name: dimensionName, modes: themes.map(\.name), defaultMode: first.name)
        self.themes = themes
        var tokens = first.tokens
        var paths = Set(tokens.map(\.path))
        for theme in themes.dropFirst() {
            for token in theme.tokens where paths.insert(token.path).inserted {
                // Named and typed by the theme that has it; no value where the first theme is.
                var absent = token
                absent.value = nil
                absent.modes = []
                tokens.append(absent)
            }
        }
        let versions = themes.map { "\($0.name) \($0.version)" }
        theme = Theme(
            name: name, version: first.version,
            description: "Themes \(versions.joined(separator: ", ")) as the modes of dimension \(dimensionName)",
            dimensions: [dimension] + first.dimensions, tokens: tokens)
        contexts = SwiftTokenContexts(combining: themes.map { SwiftTokenContexts(theme: $0) }, of: themes, in: theme)
    }
}

extension SwiftTokenContexts {
    /// The contexts of `set` (the themes as the first dimension's modes, the first the
    /// default) from each theme's own, `each[i]` that of `themes[i]`. Values in contexts
    /// of two or more non-default modes that differ from the default are listed, as
    /// `Moded.value(in:)` reads them: a later theme in a mode of its own dimensions is one.
    init(combining each: [SwiftTokenContexts], of themes: [Theme], in set: Theme) {
        self.init()
        let naming = ModeNaming(set.dimensions)
        let themeDimension = set.dimensions[0]
        let shared = Array(set.dimensions.dropFirst())
        let namings = themes.map { ModeNaming($0.dimensions) }
        // A name written by a theme's own naming, as the set names it.
        let renamed = { (index: Int, written: String) in namings[index].key(written).map(naming.name) ?? written }
        let themeMode = { (index: Int) in naming.name(ModeKey(themeDimension.name, themes[index].name)) }
        defaults = each[0].defaults
        for (_, key, values) in each[0].modes { modes.append((naming.name(key), key, values)) }
        for (path, names) in each[0].missing { missing[path] = names.map { renamed(0, $0) } }
        for index in themes.indices.dropFirst() {
            modes.append((themeMode(index), ModeKey(themeDimension.name, themes[index].name), each[index].defaults))
        }
        for path in set.tokens.map(\.path) {
            let own = Set(each.flatMap { $0.dimensions[path] ?? [] })
            let varying = shared.filter { own.contains($0.name) }
            let choices = [[]] + Self.singles(of: varying) + Self.combinations(of: varying)
            let entries = each.map { $0.entries(of: path) }
            // The token's value in theme `index` where `choice` is chosen, as its own package reads it.
            let value = { (index: Int, choice: [ModeKey]) -> JSON? in
                let chosen = Dictionary(uniqueKeysWithValues: choice.map { ($0.dimension, namings[index].name($0)) })
                return each[index].value(of: path, among: entries[index], choosing: chosen)
            }
            // It varies by theme where a later theme has another value in some context.
            let others = themes.indices.dropFirst().filter { index in
                choices.contains { value(index, $0) != value(0, $0) }
            }
            let names = set.dimensions.map(\.name).filter {
                own.contains($0) || ($0 == themeDimension.name && !others.isEmpty)
            }
            guard !names.isEmpty else { continue }
            dimensions[path] = names
            for index in others where defaults[path] != nil && each[index].defaults[path] == nil {
                missing[path, default: []].append(themeMode(index))
            }
            guard themes.count * varying.reduce(1, { $0 * $1.modes.count }) <= Self.largestCombinationCount else {
                uncombined.append(path)
                continue
            }
            // Two modes or more chosen (a later theme counting as one) is a combination.
            for index in [0] + others {
                for choice in choices {
                    let written = (index == 0 ? [] : [themeMode(index)]) + choice.map(naming.name)
                    guard written.count > 1, let found = value(index, choice), found != defaults[path] else { continue }
                    combinations[path, default: []].append((written, found))
                }
            }
        }
        uncombined.sort()
    }

    /// An empty set of contexts, to be filled.
    private init() {}

    /// Each non-default mode of each of `dimensions` alone.
    private static func singles(of dimensions: [ModeDimension]) -> [[ModeKey]] {
        dimensions.flatMap { dimension in
            dimension.modes.filter { $0 != dimension.defaultMode }.map { [ModeKey(dimension.name, $0)] }
        }
    }
}
