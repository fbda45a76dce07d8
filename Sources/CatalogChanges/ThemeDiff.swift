import CatalogModel
import CatalogTokenFiles

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
    /// The categories, in report order. `readable` and `unreadable`: a token flagged on one
    /// side (kept as written, without a value: `theme problems` lists why) and read on the
    /// other; it was there all along, so it is neither added nor deleted.
    public enum Category: String, Sendable, CaseIterable {
        case renamed, deprecated, reverted, added, deleted, updated, readable, unreadable
    }

    /// One token's change.
    public struct Entry: Sendable, Equatable {
        /// Which of the six kinds of change it is.
        public var category: Category
        /// The token's path on the new side (the old side for deleted tokens).
        public var path: String
        /// The old path, for renamed tokens.
        public var originalPath: String?
        /// The token's type on the new side (the old side for deleted tokens).
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
        /// Whether the change is breaking (deleted, renamed, unreadable — its value gone from
        /// every output — or a type change).
        public var isBreaking: Bool {
            category == .deleted || category == .renamed || category == .unreadable
                || changes.contains { $0.path == "$type" }
        }
    }

    /// A resolved value that changed because an alias target changed.
    public struct ResolvedChange: Sendable, Equatable {
        /// The token whose resolved value changed.
        public var path: String
        /// The mode (`""` for the defaults), by its name (`dimension=mode` where several dimensions have it).
        public var mode: String
        /// The resolved value before.
        public var originalValue: JSON
        /// The resolved value after.
        public var newValue: JSON
    }

    /// A mode dimension added or removed, or whose modes or default changed: code that
    /// selects a mode sees it, so a removed dimension or mode is breaking.
    public struct DimensionChange: Sendable, Equatable {
        /// Whether the dimension is new, gone, or has other modes or another default.
        public enum Kind: String, Sendable { case added, removed, changed }
        /// What happened to the dimension.
        public var kind: Kind
        /// The dimension's name (`colorScheme`, `density`).
        public var dimension: String
        /// The dimension before; `nil` when it was added.
        public var original: ModeDimension?
        /// The dimension after; `nil` when it was removed.
        public var new: ModeDimension?

        /// Whether a dimension or a mode that was there is gone.
        public var isBreaking: Bool {
            switch kind {
            case .removed: return true
            case .added: return false
            case .changed: return !Set(original?.modes ?? []).isSubset(of: new?.modes ?? [])
            }
        }

        /// One line: `dimension colorScheme: mode wireframe removed; default light → dark`.
        public var message: String {
            switch kind {
            case .added: return "dimension \(dimension) added (\(new?.modes.joined(separator: ", ") ?? ""))"
            case .removed: return "dimension \(dimension) removed (\(original?.modes.joined(separator: ", ") ?? ""))"
            case .changed:
                let before = original?.modes ?? []
                let after = new?.modes ?? []
                var parts: [String] = []
                let removed = before.filter { !after.contains($0) }
                let added = after.filter { !before.contains($0) }
                if !removed.isEmpty {
                    parts.append("\(removed.count == 1 ? "mode" : "modes") \(removed.joined(separator: ", ")) removed")
                }
                if !added.isEmpty {
                    parts.append("\(added.count == 1 ? "mode" : "modes") \(added.joined(separator: ", ")) added")
                }
                if let a = original?.defaultMode, let b = new?.defaultMode, a != b {
                    parts.append("default \(a) → \(b)")
                }
                if parts.isEmpty { parts.append("modes reordered") }
                return "dimension \(dimension): " + parts.joined(separator: "; ")
            }
        }

        /// The changes between two lists of dimensions, in the new list's order, then removals.
        static func between(_ old: [ModeDimension], _ new: [ModeDimension]) -> [DimensionChange] {
            var changes: [DimensionChange] = []
            for dimension in new {
                guard let before = old.first(where: { $0.name == dimension.name }) else {
                    changes.append(DimensionChange(kind: .added, dimension: dimension.name, new: dimension))
                    continue
                }
                if before != dimension {
                    changes.append(
                        DimensionChange(kind: .changed, dimension: dimension.name, original: before, new: dimension))
                }
            }
            for dimension in old where !new.contains(where: { $0.name == dimension.name }) {
                changes.append(DimensionChange(kind: .removed, dimension: dimension.name, original: dimension))
            }
            return changes
        }
    }

    /// What one side of a diff holds: tokens and their resolved values per standard mode
    /// context. A side may hold only the tokens that changed (a stored delta).
    public struct Side: Sendable {
        /// How the side is named in reports (`NAME@VERSION` or a file path).
        public var label: String
        /// The side's tokens (only the changed ones for a stored delta).
        public var tokens: [Token]
        /// Standard context (``TokenResolver/standardContexts``: `""` for the defaults,
        /// `dimension=mode`) → path → resolved value.
        public var resolved: [String: [String: JSON]]
        /// The theme's dimensions, when known (both sides know them: their changes are listed).
        public var dimensions: [ModeDimension]?
        /// The paths of the tokens the side holds flagged (kept as written, without a value);
        /// a token flagged only in some modes is a token with values, not among them.
        public var flagged: Set<String> = []

        /// A side from a whole theme, resolving every token in every standard context.
        public init(theme: Theme, label: String? = nil) {
            self.label = label ?? "\(theme.name)@\(theme.version)"
            dimensions = theme.dimensions
            flagged = Set(theme.refusedTokens.lazy.filter(\.modes.isEmpty).map(\.path))
            tokens = theme.tokens
            let resolver = TokenResolver(theme: theme)
            var resolved: [String: [String: JSON]] = [:]
            for (key, context) in resolver.standardContexts {
                resolved[key] = resolver.resolveAll(in: context).values
            }
            self.resolved = resolved
        }

        /// A side from tokens, resolved values, dimensions and flagged paths already at hand.
        public init(
            label: String, tokens: [Token], resolved: [String: [String: JSON]], dimensions: [ModeDimension]? = nil,
            flagged: Set<String> = []
        ) {
            self.label = label
            self.tokens = tokens
            self.resolved = resolved
            self.dimensions = dimensions
            self.flagged = flagged
        }
    }

    /// The old side's label.
    public var from: String
    /// The new side's label.
    public var to: String
    /// Token entries, by category in report order, then path.
    public var entries: [Entry]
    /// Resolved-value changes, by path then mode.
    public var resolved: [ResolvedChange]
    /// Dimensions and modes added, removed or changed.
    public var dimensionChanges: [DimensionChange] = []

    /// Entries of one category.
    public func entries(_ category: Category) -> [Entry] { entries.filter { $0.category == category } }

    /// Whether the diff holds a breaking change.
    public var isBreaking: Bool {
        entries.contains(where: \.isBreaking) || dimensionChanges.contains(where: \.isBreaking)
    }

    /// Whether nothing differs.
    public var isEmpty: Bool { entries.isEmpty && resolved.isEmpty && dimensionChanges.isEmpty }

    /// Why the diff is breaking, one line per dimension and token.
    public var breakingReasons: [String] {
        dimensionChanges.filter(\.isBreaking).map(\.message)
            + entries.filter(\.isBreaking).map { entry in
                switch entry.category {
                case .deleted: return "token \(entry.path) deleted"
                case .renamed: return "token \(entry.originalPath ?? "?") renamed to \(entry.path)"
                case .unreadable: return "token \(entry.path) became unreadable (flagged: theme problems says why)"
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
        var entries: [Entry] = []
        var resolved: [ResolvedChange] = []
        let (oldNaming, newNaming) = (ModeNaming(old.dimensions ?? []), ModeNaming(new.dimensions ?? []))
        for (before, after) in pairs(old.tokens, new.tokens) {
            switch (before, after) {
            case (nil, let token?):
                let category: Category =
                    old.flagged.contains(token.path) ? .readable : token.deprecation == nil ? .added : .deprecated
                entries.append(
                    Entry(
                        category: category, path: token.path, originalPath: nil,
                        type: token.type,
                        id: token.id, changes: [], value: ThemeWriter.tokenObject(token, naming: newNaming),
                        original: nil))
            case (let token?, nil):
                entries.append(
                    Entry(
                        category: new.flagged.contains(token.path) ? .unreadable : .deleted, path: token.path,
                        originalPath: nil, type: token.type, id: token.id,
                        changes: [],
                        value: ThemeWriter.tokenObject(token, naming: oldNaming), original: nil))
            case (let a?, let b?):
                if let entry = changed(a, b, oldNaming: oldNaming, newNaming: newNaming) { entries.append(entry) }
                resolved += resolvedChanges(a, b, old: old, new: new, naming: newNaming)
            default:
                break
            }
        }
        let order = Dictionary(uniqueKeysWithValues: Category.allCases.enumerated().map { ($1, $0) })
        entries.sort { (order[$0.category]!, $0.path) < (order[$1.category]!, $1.path) }
        resolved.sort { ($0.path, $0.mode) < ($1.path, $1.mode) }
        var diff = ThemeDiff(from: old.label, to: new.label, entries: entries, resolved: resolved)
        if let before = old.dimensions, let after = new.dimensions {
            diff.dimensionChanges = DimensionChange.between(before, after)
        }
        return diff
    }

    /// The tokens of two sides paired: by stable id, then by path, then by a `replaced_by`
    /// link in either direction; a token with no partner is paired with `nil` (added on the
    /// new side, deleted on the old).
    private static func pairs(_ oldTokens: [Token], _ newTokens: [Token]) -> [(Token?, Token?)] {
        var matchedOld: Set<String> = []
        var pairs: [(Token?, Token?)] = []
        var oldByID: [String: Token] = [:]
        var oldByPath: [String: Token] = [:]
        for token in oldTokens {
            if let id = token.id { oldByID[id] = token }
            oldByPath[token.path] = token
        }
        var unmatchedNew: [Token] = []
        for token in newTokens {
            if let id = token.id, let match = oldByID[id], !matchedOld.contains(match.path) {
                matchedOld.insert(match.path)
                pairs.append((match, token))
            } else {
                unmatchedNew.append(token)
            }
        }
        let newPaths = Set(newTokens.map(\.path))
        // A successor is named by path or by stable id (Spectrum's `replaced_by` holds a uuid).
        var predecessors: [String: [Token]] = [:]
        for token in oldTokens {
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
        for token in oldTokens where !matchedOld.contains(token.path) { pairs.append((token, nil)) }
        return pairs
    }

    /// The entry for a token on both sides: renamed, reverted (no longer deprecated) or
    /// updated, with its property changes; `nil` when nothing of its own changed.
    private static func changed(_ a: Token, _ b: Token, oldNaming: ModeNaming, newNaming: ModeNaming) -> Entry? {
        let (objectA, objectB) = (
            ThemeWriter.tokenObject(a, naming: oldNaming), ThemeWriter.tokenObject(b, naming: newNaming)
        )
        var changes = JSONDiff.changes(from: objectA, to: objectB)
        let category: Category?
        if a.path != b.path {
            category = .renamed
            changes.insert(
                PropertyChange(
                    path: "path", changeType: .updated, originalValue: .string(a.path), newValue: .string(b.path)),
                at: 0)
        } else if a.deprecation != nil && b.deprecation == nil {
            category = .reverted
        } else {
            category = changes.isEmpty ? nil : .updated
        }
        return category.map {
            Entry(
                category: $0, path: b.path, originalPath: $0 == .renamed ? a.path : nil, type: b.type, id: b.id,
                changes: changes, value: objectB, original: objectA)
        }
    }

    /// The modes in which a token's resolved value changed only through an alias (its own
    /// value being the same there).
    private static func resolvedChanges(_ a: Token, _ b: Token, old: Side, new: Side, naming: ModeNaming)
        -> [ResolvedChange]
    {
        var resolved: [ResolvedChange] = []
        for mode in Set(old.resolved.keys).intersection(new.resolved.keys).sorted() {
            guard let original = old.resolved[mode]?[a.path], let updated = new.resolved[mode]?[b.path],
                original != updated
            else { continue }
            let context = ModeContext(standardKey: mode)
            if a.value(choosing: context.chosen(among: old.dimensions ?? []))
                == b.value(choosing: context.chosen(among: new.dimensions ?? []))
            {
                resolved.append(
                    ResolvedChange(
                        path: b.path, mode: ModeKey(qualified: mode).map(naming.name) ?? mode,
                        originalValue: original, newValue: updated))
            }
        }
        return resolved
    }
}

extension ThemeDiff {
    /// This diff with only the entries of category `kind` (`resolved`: the resolved
    /// changes only; `nil`: every kind) whose path is `path` or lies under it (`nil` or
    /// empty: every path). `changes` pages through what is left.
    public func filtered(kind: String?, path: String?) -> ThemeDiff {
        var kept = self
        let matches = { (candidate: String) in
            guard let path, !path.isEmpty else { return true }
            return candidate == path || candidate.hasPrefix(path.hasSuffix(".") ? path : path + ".")
        }
        kept.entries =
            kind == "resolved"
            ? []
            : entries.filter { entry in
                (kind == nil || entry.category.rawValue == kind) && matches(entry.path)
            }
        kept.resolved = kind == nil || kind == "resolved" ? resolved.filter { matches($0.path) } : []
        return kept
    }
}
