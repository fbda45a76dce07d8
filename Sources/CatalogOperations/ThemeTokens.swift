import CatalogModel
import Foundation

/// A theme version's tokens in one context, as `theme show` lists them and `catalog mcp`'s
/// `get_token` reads them.
public struct ThemeTokens: Sendable {
    /// The version, holding only the tokens under the path prefix where one was given.
    public var theme: Theme
    /// How many tokens the version has in all.
    public var total: Int
    /// The context the values are in.
    public var context: ModeContext
    /// The tokens listed: of the type asked for, under the prefix, existing in the context.
    public var tokens: [Token]
    /// Each listed token's value in the context, by path: resolved, or as declared there.
    public var values: [String: JSON]
    /// Why a listed token has no resolved value in the context, by path (what it refers
    /// to that this context lacks, or its own problem): a value belongs to a context, and
    /// so does its absence.
    public var unresolved: [String: String] = [:]
}

extension Catalog {
    /// The tokens of `reference` in the context `modes` make (``ModeContext/from(modeNames:in:)``,
    /// whose ``ModeContextError`` it throws), of `type` and under `pathPrefix` where given,
    /// with their values resolved or as declared.
    public func tokens(
        of reference: VersionedName, modes: [String], resolved: Bool, pathPrefix: String? = nil, type: TokenType? = nil
    ) throws -> ThemeTokens {
        let theme = try self.theme(reference, pathPrefix: pathPrefix)
        let context = try ModeContext.from(modeNames: modes, in: theme)
        let chosen = context.chosen(in: theme)
        // A token only some modes define is listed where it exists.
        let tokens = theme.tokens.filter { token in
            (type == nil || token.type == type) && token.value(choosing: chosen) != nil
        }
        let total = pathPrefix == nil ? theme.tokens.count : try tokenCount(theme: theme.name, version: theme.version)
        let values =
            resolved
            ? try resolvedValues(of: tokens.map(\.path), in: theme, isWhole: pathPrefix == nil, context)
            : Dictionary(tokens.map { ($0.path, $0.value(choosing: chosen) ?? .null) }, uniquingKeysWith: { a, _ in a })
        var listed = ThemeTokens(theme: theme, total: total, context: context, tokens: tokens, values: values)
        let without = resolved ? tokens.filter { values[$0.path] == nil } : []
        if !without.isEmpty {
            // Rare (a flagged token, a reference absent here): the whole theme tells why.
            let whole =
                pathPrefix == nil ? theme : try self.theme(VersionedName(name: theme.name, version: theme.version))
            let resolver = TokenResolver(theme: whole)
            for token in without {
                do {
                    _ = try resolver.resolve(token.path, in: context)
                } catch {
                    listed.unresolved[token.path] = "\(error)"
                }
            }
        }
        return listed
    }

    /// Resolved values of `paths` of `theme` in `context`. The catalog stores them for the
    /// defaults and for each single mode, so where `theme` holds only part of its tokens
    /// (a path query) those rows are read; a combination of non-default modes is resolved
    /// from the whole theme (loaded here unless `isWhole`).
    public func resolvedValues(of paths: [String], in theme: Theme, isWhole: Bool, _ context: ModeContext) throws
        -> [String: JSON]
    {
        let chosen = theme.dimensions.compactMap { dimension in
            context.mode(for: dimension.name, in: theme).flatMap {
                $0 == dimension.defaultMode ? nil : ModeKey(dimension.name, $0).description
            }
        }
        if !isWhole && chosen.count <= 1 {
            let stored = try resolvedValues(theme: theme.name, version: theme.version, paths: paths)
            return stored[chosen.first ?? ""] ?? stored[""] ?? [:]
        }
        let whole = isWhole ? theme : try self.theme(VersionedName(name: theme.name, version: theme.version))
        return TokenResolver(theme: whole).resolveAll(in: context).values
    }
}
