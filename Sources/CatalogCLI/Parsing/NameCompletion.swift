import CatalogModel
import CatalogOperations

/// The catalog's names a shell completes as the user types: `catalog --complete-names KIND
/// [THEME [PREFIX]]` prints one per line, those starting with PREFIX. The completion
/// scripts call it with the `--db` and the theme given on the line so far (`--theme`, or
/// the theme argument), so that `catalog theme show Orange --path col<TAB>` offers
/// Orange's tokens. Never an error: a missing database, theme or anything else completes
/// nothing.
enum NameCompletion {
    /// The names of `kind` starting with `prefix`, sorted; `theme` (`NAME[@VERSION]`) for
    /// tokens and modes.
    static func names(_ kind: CompletedNames, theme: String?, prefix: String, in catalog: Catalog) -> [String] {
        let names: [String]
        switch kind {
        case .theme: names = (try? catalog.themes().map(\.name)) ?? []
        case .style: names = (try? catalog.styles().map(\.name)) ?? []
        case .spec: names = (try? catalog.specs().map(\.name)) ?? []
        case .usage: names = ((try? catalog.styles().map(\.name)) ?? []) + ((try? catalog.specs().map(\.name)) ?? [])
        case .token:
            // The theme is read by group (`color` of `color.ac`), then filtered by the prefix.
            let group = prefix.lastIndex(of: ".").map { String(prefix[..<$0]) }
            guard let theme = theme.flatMap(VersionedName.init),
                let tokens = try? catalog.theme(theme, pathPrefix: group).tokens
            else { return [] }
            names = tokens.map(\.path)
        case .mode:
            guard let theme = theme.flatMap(VersionedName.init), let summaries = try? catalog.themes() else {
                return []
            }
            let versions = summaries.filter { $0.name == theme.name && (theme.version ?? $0.version) == $0.version }
            guard let latest = versions.max(by: { $0.version < $1.version }) else { return [] }
            names = latest.dimensions.flatMap { dimension in dimension.modes.map { "\(dimension.name)=\($0)" } }
        }
        return Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
    }
}
