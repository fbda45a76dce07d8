/// What an import records about a theme at its root group's `$extensions`: the tokens
/// `theme add` flagged (kept as written, without a value), and references kept to nothing. Model facts (the
/// reader writes them, the store, docs and `theme problems` read them), so they live
/// with `Theme`, not with the token file reader.
extension Theme {
    /// The `$extensions` key of the root group that lists refused tokens.
    public static let refusedKey = "catalog.refused"
    /// The `$extensions` key of the root group that lists tokens kept with a reference to
    /// nothing (Tokens Studio's rule), so that the catalog's own export reads back the same.
    public static let unresolvedKey = "catalog.unresolved"
    /// The `$extensions` key of the root group that lists the token sets no theme selects
    /// (Tokens Studio): in no context, kept as written and written back.
    public static let unselectedSetsKey = "catalog.unselectedSets"
    /// The `$extensions` key marking a token that has no value in the default context (its
    /// `$value` is then its first mode's, for tools that need one; `catalog.modes` says where it exists).
    public static let absentByDefaultKey = "catalog.absentByDefault"
}

/// A token `theme add` flagged: where it was, why, and its source as written.
public struct RefusedToken: Sendable, Equatable {
    /// The token's path.
    public var path: String
    /// `file:line:column` where it was written.
    public var place: String
    /// The problems, each with its JSON path.
    public var problems: [String]
    /// The token as written.
    public var source: JSON?
    /// Whether it was refused only because its aliases reach a refused token.
    public var refersToRefused: Bool
    /// Whether the token is in the theme with its value as written, kept with a reference to
    /// nothing (Tokens Studio's rule), rather than flagged without a value.
    public var keptWithValue: Bool
    /// The modes (`Brand=RME`) the token is flagged in, where its problem is in a layer
    /// merged only there: it keeps its values in every other context. Empty: flagged whole.
    public var modes: [String] = []

    /// Whether the token is flagged where the modes `chosen` (`Brand=RME`) are: everywhere
    /// when flagged whole, else where one of its modes is chosen.
    public func isFlagged(choosing chosen: Set<String>) -> Bool {
        modes.isEmpty || !chosen.isDisjoint(with: modes)
    }

    /// A token recorded as unresolved.
    public init(
        path: String, place: String, problems: [String], source: JSON?, refersToRefused: Bool,
        keptWithValue: Bool = false
    ) {
        self.path = path
        self.place = place
        self.problems = problems
        self.source = source
        self.refersToRefused = refersToRefused
        self.keptWithValue = keptWithValue
    }

    /// The paths of the tokens kept with a reference to nothing, as a theme's group
    /// properties record them (its root's `$extensions["catalog.unresolved"]`).
    public static func dangling(in groups: [(path: String, members: [(key: String, value: JSON)])]) -> [String] {
        Theme.rootExtension(Theme.unresolvedKey, in: groups)?.array?.compactMap(\.string) ?? []
    }

    /// The refused tokens recorded in a theme's group properties (its root's
    /// `$extensions["catalog.refused"]`), so that they can be listed without the tokens.
    public static func recorded(in groups: [(path: String, members: [(key: String, value: JSON)])]) -> [RefusedToken] {
        let list = Theme.rootExtension(Theme.refusedKey, in: groups)?.array ?? []
        return list.compactMap { record in
            guard let path = record["path"]?.string else { return nil }
            var place = record["file"]?.string ?? ""
            if let line = record["line"]?.number, let column = record["column"]?.number {
                place += ":\(Int(line)):\(Int(column))"
            }
            var token = RefusedToken(
                path: path, place: place, problems: record["problems"]?.array?.compactMap(\.string) ?? [],
                source: record["source"], refersToRefused: record["refersToRefused"]?.bool == true)
            token.modes = record["modes"]?.array?.compactMap(\.string) ?? []
            return token
        }
    }
}

extension Theme {
    /// `$extensions[key]` of the root group among a theme's group properties: what an
    /// import recorded about the theme.
    static func rootExtension(_ key: String, in groups: [(path: String, members: [(key: String, value: JSON)])])
        -> JSON?
    {
        groups.first { $0.path.isEmpty }?.members.first { $0.key == "$extensions" }?.value[key]
    }

    /// Sets `$extensions[key]` of the theme's root group: theme data the catalog records
    /// about an import (refused tokens, references kept unresolved), kept and written back.
    package mutating func setRootExtension(_ key: String, _ value: JSON) {
        var rootMembers = groups.first { $0.path.isEmpty }?.members ?? []
        var extensions = rootMembers.first { $0.key == "$extensions" }?.value.object ?? []
        extensions.removeAll { $0.key == key }
        extensions.append((key, value))
        rootMembers.removeAll { $0.key == "$extensions" }
        rootMembers.append(("$extensions", .object(extensions)))
        groups.removeAll { $0.path.isEmpty }
        groups.insert((path: "", members: rootMembers), at: 0)
    }

    /// The tokens flagged when this version was imported, kept at the
    /// root under `$extensions["catalog.refused"]`.
    public var refusedTokens: [RefusedToken] { RefusedToken.recorded(in: groups) }

    /// The tokens kept with a reference to nothing (Tokens Studio's rule), recorded at the
    /// root under `$extensions["catalog.unresolved"]`: unresolved, but in the theme with
    /// their value as written.
    public var danglingTokenPaths: [String] { RefusedToken.dangling(in: groups) }
}

/// A token set that no theme of a Tokens Studio export selects: in no context of the
/// theme, recorded at its root (`$extensions["catalog.unselectedSets"]`) with its tokens
/// as written.
public struct UnselectedSet: Sendable, Equatable {
    /// The set's name (`deprecated/base/palette`).
    public var name: String
    /// The file it was read from.
    public var file: String
    /// How many tokens it holds.
    public var tokenCount: Int

    /// A set recorded as selected by no theme.
    public init(name: String, file: String, tokenCount: Int) {
        self.name = name
        self.file = file
        self.tokenCount = tokenCount
    }

    /// The sets recorded in a theme's group properties.
    public static func recorded(in groups: [(path: String, members: [(key: String, value: JSON)])]) -> [UnselectedSet] {
        let list = Theme.rootExtension(Theme.unselectedSetsKey, in: groups)?.array ?? []
        return list.compactMap { record in
            guard let name = record["set"]?.string else { return nil }
            return UnselectedSet(
                name: name, file: record["file"]?.string ?? "", tokenCount: Int(record["tokens"]?.number ?? 0))
        }
    }
}
