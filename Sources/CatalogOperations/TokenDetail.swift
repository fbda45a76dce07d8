import CatalogCodegen
import CatalogModel
import CatalogStore

/// One token as an agent or a reader asks for it: its value in a context, how that value
/// was reached (the alias chain), why it has none where it has none, the Swift names the
/// generated package gives it and the styles that use it. `get_token` answers it.
public struct TokenDetail: Sendable {
    /// The theme version the token was found in, with its mode dimensions (its tokens are
    /// the ones sharing the path's prefix, not the whole theme).
    public var theme: Theme
    public var token: Token
    /// The context asked for, and the value declared there (an alias or a literal).
    public var context: ModeContext
    public var declared: JSON?
    /// The aliases followed, in order; a cycle or a depth of 32 ends the chain.
    public var aliasChain: [String]
    /// The resolved value, `.null` where there is none, and then ``reason`` says why.
    public var value: JSON
    public var reason: String?
    /// Whether the token has a value in ``context``: `resolved`; `absent` (no mode
    /// chosen defines it); `flagged` (its value there was flagged at import); `unresolved`
    /// (what it refers to has no value there), with ``problems`` saying what, as
    /// `theme problems` does.
    public var state: String
    public var problems: [String]
    /// The generated package's names, `nil` for a theme past ``swiftNameLimit`` tokens
    /// (``tokenCount``), whose names would need the whole theme loaded for one answer.
    public var swiftNames: [String]?
    public var tokenCount: Int
    /// The latest styles of the theme that refer to the token.
    public var styles: [String]

    /// The largest theme whose Swift names one answer computes: names follow from the
    /// whole theme (two tokens whose names collide are both renamed).
    public static let swiftNameLimit = DocsExport.tokenLimit
}

/// A token flagged at import, as itself: where and how it was written, its problems (what
/// `theme problems` lists) and the flagged tokens it blocks (those flagged only because
/// they refer to it).
public struct FlaggedTokenDetail: Sendable {
    public var theme: String
    public var version: Semver
    public var token: RefusedToken
    public var blocks: [String]
}

/// What a token look-up found: a token with its value, or one flagged at import.
public enum TokenLookup: Sendable {
    case found(TokenDetail)
    case flagged(FlaggedTokenDetail)
}

extension Catalog {
    /// Token `path` in `theme` (default: the latest version of every theme, the first that
    /// has it) in the context `modes` make; a flagged token is answered as flagged. A path
    /// no theme has is a ``RequestError`` naming the nearest path; an unknown mode a
    /// ``ModeContextError``. Only the tokens sharing the path's groups are read, so a
    /// million-token theme answers as fast as a small one.
    public func tokenDetail(_ path: String, theme: VersionedName?, modes: [String]) throws -> TokenLookup {
        let candidates =
            try theme.map { [$0] }
            ?? Catalog.latest(try themes(), name: \.name, version: \.version).map {
                VersionedName(name: $0.name, version: $0.version)
            }
        var found: (theme: Theme, token: Token)?
        for reference in candidates {
            let part = try self.theme(reference, pathPrefix: path)
            if let token = part.tokens.first(where: { $0.path == path }) {
                found = (part, token)
                break
            }
        }
        guard let (part, token) = found else {
            if let flagged = try flaggedToken(path, in: candidates) { return .flagged(flagged) }
            throw RequestError(try missingToken(path, in: candidates, themeGiven: theme?.name))
        }
        let context = try ModeContext.from(modeNames: modes, in: part)
        let chosen = context.chosen(in: part)
        let reference = VersionedName(name: part.name, version: part.version)
        var chain: [String] = []
        var value = token.value(choosing: chosen) ?? .null
        var seen: Set<String> = [path]
        while let target = TokenValue.alias(in: value), seen.insert(target).inserted, chain.count < 32 {
            chain.append(target)
            let next = try self.theme(reference, pathPrefix: target)
            guard let targetToken = next.tokens.first(where: { $0.path == target }) else { break }
            value = targetToken.value(choosing: chosen) ?? .null
        }
        let resolved = try resolvedValues(of: [path], in: part, isWhole: false, context)[path] ?? .null
        let count = try tokenCount(theme: part.name, version: part.version)
        let names =
            count <= TokenDetail.swiftNameLimit
            ? try swiftNames.value(for: reference.description, at: try headRevision()?.id) {
                SwiftPackageExporter.codeNames(of: try self.theme(reference))
            }[path] ?? [] : nil
        var (reason, state, problems): (String?, String, [String]) = (nil, "resolved", [])
        if resolved.isNull {
            let chosenNames = Set(chosen.map(\.description))
            let records = RefusedToken.recorded(in: try repository.groups(theme: part.name, version: part.version))
            if let flagged = records.first(where: { $0.path == path && $0.isFlagged(choosing: chosenNames) }) {
                // Flagged at import in the modes chosen: its value there is not kept.
                (state, problems) = ("flagged", flagged.problems)
                reason = "flagged in \(flagged.modes.joined(separator: ", ")): \(problems.joined(separator: "; "))"
            } else if token.value(choosing: chosen) == nil {
                let defined = token.modes.filter { $0.value != nil }.map(\.key.description)
                state = "absent"
                reason =
                    "not defined in \(context)"
                    + (defined.isEmpty ? "" : "; defined in \(defined.joined(separator: ", "))")
            } else {
                // Rare: the whole theme says what its references lack in this context.
                state = "unresolved"
                do {
                    _ = try TokenResolver(theme: try self.theme(reference)).resolve(path, in: context)
                } catch {
                    problems = ["\(error)"]
                }
                reason =
                    (problems.isEmpty ? "its value cannot be resolved in \(context)" : problems.joined(separator: "; "))
                    + " (catalog theme problems \(part.name))"
            }
        }
        return .found(
            TokenDetail(
                theme: part, token: token, context: context, declared: token.value(choosing: chosen),
                aliasChain: chain, value: resolved, reason: reason, state: state, problems: problems,
                swiftNames: names, tokenCount: count,
                styles: try stylesReferring(to: path, theme: part.name, version: part.version)))
    }

    /// Token `path` as flagged in the first of `candidates` that flagged it, or `nil`.
    func flaggedToken(_ path: String, in candidates: [VersionedName]) throws -> FlaggedTokenDetail? {
        for reference in candidates {
            let (version, refused, _) = try unresolvedTokens(reference)
            guard let flagged = refused.first(where: { $0.path == path }) else { continue }
            let blocks = refused.filter { other in
                other.refersToRefused && other.source.map { TokenResolver.references(in: $0).contains(path) } == true
            }.map(\.path).sorted()
            return FlaggedTokenDetail(theme: reference.name, version: version, token: flagged, blocks: blocks)
        }
        return nil
    }

    /// Why no token is at `path` in `candidates`: the nearest path under its longest
    /// existing group (read by prefix, so that a million-token theme is not read whole).
    func missingToken(_ path: String, in candidates: [VersionedName], themeGiven: String?) throws -> String {
        var segments = path.split(separator: ".").map(String.init)
        var nearby: [String] = []
        while !segments.isEmpty, nearby.isEmpty {
            segments.removeLast()
            let prefix = segments.joined(separator: ".")
            for reference in candidates {
                let part = try theme(reference, pathPrefix: prefix.isEmpty ? nil : prefix)
                guard part.tokens.count <= 100_000 else { break }
                nearby += part.tokens.map(\.path)
            }
        }
        let suggestion = Suggestion.closest(to: path, in: Array(Set(nearby)).sorted())
        return "no token \(path) in \(themeGiven ?? "any theme")"
            + (suggestion.map { "; did you mean \($0)?" } ?? "; search finds tokens by part of their name")
    }
}
