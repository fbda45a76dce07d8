import CatalogModel

/// A semantic diff between two versions of a theme, in the taxonomy of Spectrum's token
/// diff: every token that differs falls in exactly one category — renamed (same identity,
/// new path), deprecated (new, and already deprecated), reverted (deprecation removed),
/// added, deleted, updated (which includes a token that newly gains a deprecation: the
/// deprecation shows as a property change) — matched by stable id, then path, then a
/// successor link naming the new token by path or by stable id; renamed and updated
/// tokens list their leaf-level property changes;
/// tokens whose resolved value changes in some mode only because an alias target changed
/// are listed separately, per mode.
public struct ThemeDiff: Sendable, Equatable {
    /// The categories, in report order.
    public enum Category: String, Sendable, CaseIterable {
        case renamed, deprecated, reverted, added, deleted, updated
    }

    /// One token's change.
    public struct Entry: Sendable, Equatable {
        public var category: Category
        /// The token's path on the new side (the old side for deleted tokens).
        public var path: String
        /// The old path, for renamed tokens.
        public var originalPath: String?
        public var type: TokenType
        /// The stable id, when the token has one.
        public var id: String?
        /// Leaf-level changes of the token's DTCG object (for every category but added and
        /// deleted, where the whole token is ``value``).
        public var changes: [PropertyChange]
        /// The token's DTCG object: the new one, or the old one for deleted tokens.
        public var value: JSON
        /// The old DTCG object, for tokens on both sides.
        public var original: JSON?
        /// Whether the change is breaking (deleted, renamed, or a type change).
        public var isBreaking: Bool {
            category == .deleted || category == .renamed || changes.contains { $0.path == "$type" }
        }
    }

    /// A resolved value that changed because an alias target changed.
    public struct ResolvedChange: Sendable, Equatable {
        public var path: String
        /// The mode (`""` for the defaults).
        public var mode: String
        public var originalValue: JSON
        public var newValue: JSON
    }

    /// What one side of a diff holds: tokens and their resolved values per standard mode
    /// context. A side may hold only the tokens that changed (a stored delta).
    public struct Side: Sendable {
        public var label: String
        public var tokens: [Token]
        /// Mode (`""` for defaults) → path → resolved value.
        public var resolved: [String: [String: JSON]]

        /// A side from a whole theme, resolving every token in every standard context.
        public init(theme: Theme, label: String? = nil) {
            self.label = label ?? "\(theme.name)@\(theme.version)"
            tokens = theme.tokens
            let resolver = TokenResolver(theme: theme)
            var resolved: [String: [String: JSON]] = [:]
            for (mode, context) in resolver.standardContexts {
                resolved[mode] = resolver.resolveAll(in: context).values
            }
            self.resolved = resolved
        }

        /// A side from tokens and resolved values already at hand.
        public init(label: String, tokens: [Token], resolved: [String: [String: JSON]]) {
            self.label = label
            self.tokens = tokens
            self.resolved = resolved
        }
    }

    public var from: String
    public var to: String
    /// Token entries, by category in report order, then path.
    public var entries: [Entry]
    /// Resolved-value changes, by path then mode.
    public var resolved: [ResolvedChange]

    /// Entries of one category.
    public func entries(_ category: Category) -> [Entry] { entries.filter { $0.category == category } }

    /// Whether the diff holds a breaking change.
    public var isBreaking: Bool { entries.contains(where: \.isBreaking) }

    /// Why the diff is breaking, one line per token.
    public var breakingReasons: [String] {
        entries.filter(\.isBreaking).map { entry in
            switch entry.category {
            case .deleted: return "token \(entry.path) deleted"
            case .renamed: return "token \(entry.originalPath ?? "?") renamed to \(entry.path)"
            default: return "token \(entry.path) changed type"
            }
        }
    }

    /// The paths (old and new) of tokens whose value or resolved value changed: what can
    /// change how a style looks.
    public var visuallyChangedPaths: Set<String> {
        var paths = Set(resolved.map(\.path))
        for entry in entries where entry.category != .deprecated && entry.category != .reverted {
            paths.insert(entry.path)
            if let original = entry.originalPath { paths.insert(original) }
        }
        return paths
    }

    /// Compares two sides.
    public static func compute(from old: Side, to new: Side) -> ThemeDiff {
        var matchedOld: Set<String> = []
        var pairs: [(Token?, Token?)] = []
        var oldByID: [String: Token] = [:]
        var oldByPath: [String: Token] = [:]
        for token in old.tokens {
            if let id = token.id { oldByID[id] = token }
            oldByPath[token.path] = token
        }
        var unmatchedNew: [Token] = []
        for token in new.tokens {
            if let id = token.id, let match = oldByID[id], !matchedOld.contains(match.path) {
                matchedOld.insert(match.path)
                pairs.append((match, token))
            } else {
                unmatchedNew.append(token)
            }
        }
        let newPaths = Set(new.tokens.map(\.path))
        // A successor is named by path or by stable id (Spectrum's `replaced_by` holds a uuid).
        var predecessors: [String: [Token]] = [:]
        for token in old.tokens {
            if let successor = token.replacedBy { predecessors[successor, default: []].append(token) }
        }
        var stillUnmatched: [Token] = []
        for token in unmatchedNew {
            if let match = oldByPath[token.path], !matchedOld.contains(match.path),
                match.id == nil || token.id == nil || match.id == token.id
            {
                matchedOld.insert(match.path)
                pairs.append((match, token))
            } else {
                stillUnmatched.append(token)
            }
        }
        for token in stillUnmatched {
            // A replaced_by link, in either direction: the old token names the new one as
            // its successor, or (diffing backwards) the new token names the old one.
            let linked =
                (predecessors[token.path] ?? []).first { !matchedOld.contains($0.path) }
                ?? token.id.flatMap { id in (predecessors[id] ?? []).first { !matchedOld.contains($0.path) } }
                ?? token.replacedBy.flatMap { successor in
                    (oldByPath[successor] ?? oldByID[successor]).flatMap {
                        matchedOld.contains($0.path) || newPaths.contains($0.path) ? nil : $0
                    }
                }
            if let match = linked {
                matchedOld.insert(match.path)
                pairs.append((match, token))
            } else {
                pairs.append((nil, token))
            }
        }
        for token in old.tokens where !matchedOld.contains(token.path) { pairs.append((token, nil)) }

        var entries: [Entry] = []
        var resolved: [ResolvedChange] = []
        for (before, after) in pairs {
            switch (before, after) {
            case (nil, let token?):
                entries.append(
                    Entry(
                        category: token.deprecation == nil ? .added : .deprecated, path: token.path, originalPath: nil,
                        type: token.type,
                        id: token.id, changes: [], value: ThemeWriter.tokenObject(token), original: nil))
            case (let token?, nil):
                entries.append(
                    Entry(
                        category: .deleted, path: token.path, originalPath: nil, type: token.type, id: token.id,
                        changes: [],
                        value: ThemeWriter.tokenObject(token), original: nil))
            case (let a?, let b?):
                var changes = JSONDiff.changes(from: ThemeWriter.tokenObject(a), to: ThemeWriter.tokenObject(b))
                let category: Category?
                if a.path != b.path {
                    category = .renamed
                    changes.insert(
                        PropertyChange(
                            path: "path", changeType: .updated, originalValue: .string(a.path),
                            newValue: .string(b.path)), at: 0)
                } else if a.deprecation != nil && b.deprecation == nil {
                    category = .reverted
                } else {
                    category = changes.isEmpty ? nil : .updated
                }
                if let category {
                    entries.append(
                        Entry(
                            category: category, path: b.path, originalPath: category == .renamed ? a.path : nil,
                            type: b.type, id: b.id,
                            changes: changes, value: ThemeWriter.tokenObject(b), original: ThemeWriter.tokenObject(a)))
                }
                for mode in Set(old.resolved.keys).intersection(new.resolved.keys).sorted() {
                    guard let original = old.resolved[mode]?[a.path], let updated = new.resolved[mode]?[b.path],
                        original != updated
                    else { continue }
                    // Only a change that came through an alias: the token's own value is the same.
                    let ownMode = mode.isEmpty ? nil : mode
                    if a.value(forMode: ownMode) == b.value(forMode: ownMode) {
                        resolved.append(
                            ResolvedChange(path: b.path, mode: mode, originalValue: original, newValue: updated))
                    }
                }
            default:
                break
            }
        }
        let order = Dictionary(uniqueKeysWithValues: Category.allCases.enumerated().map { ($1, $0) })
        entries.sort { (order[$0.category]!, $0.path) < (order[$1.category]!, $1.path) }
        resolved.sort { ($0.path, $0.mode) < ($1.path, $1.mode) }
        return ThemeDiff(from: old.label, to: new.label, entries: entries, resolved: resolved)
    }
}
