/// `theme add --keep-going`: a theme whose files have problems is imported without the
/// tokens they are on. Each refused token is recorded with its messages and its source as
/// written, at the theme's root under `$extensions["catalog.refused"]`, so that it is
/// listed (`theme show --invalid`), counted (docs, `check`) and written back on export:
/// nothing is dropped without a word. Tokens whose aliases reach a refused token are
/// refused in turn, saying so. A problem on no token (a missing version, a malformed
/// resolver document) still stops the import.
extension ThemeReader {
    /// The `$extensions` key of the root group that lists refused tokens.
    public static let refusedKey = "catalog.refused"
    /// The `$extensions` key of the root group that lists tokens kept with a reference to
    /// nothing (Tokens Studio's rule), so that the catalog's own export reads back the same.
    public static let unresolvedKey = "catalog.unresolved"
    /// The `$extensions` key marking a token that has no value in the default context (its
    /// `$value` is then its first mode's, for tools that need one; `catalog.modes` says where it exists).
    public static let absentByDefaultKey = "catalog.absentByDefault"

    /// The token a diagnostic is placed on, with its object as written there: the token
    /// whose JSON path is the longest prefix of the diagnostic's, in the same file.
    func token(for diagnostic: Diagnostic) -> (path: String, source: JSON)? {
        guard let path = diagnostic.path else { return nil }
        if let exact = tokenPlaces[Self.placeKey(diagnostic.file, path)] { return exact }
        var cut = path.endIndex
        while let index = path[..<cut].lastIndex(where: { $0 == "." || $0 == "[" }) {
            if let found = tokenPlaces[Self.placeKey(diagnostic.file, String(path[..<index]))] { return found }
            cut = index
        }
        return nil
    }

    static func placeKey(_ file: String, _ jsonPath: String) -> String { file + "\u{0}" + jsonPath }

    /// `theme` without the tokens the problems found are on (and those that then cannot
    /// resolve), with the refusals recorded at its root; `nil` when a problem is on no token.
    /// Tokens in `dangling` may keep references to nothing (Tokens Studio's rule), but not
    /// to a token refused here.
    mutating func keepingGoing(
        _ theme: Theme, places: [String: RawToken], keepingDanglingFrom dangling: Set<String>
    ) -> Theme? {
        var order: [String] = []
        var refused: [String: [Diagnostic]] = [:]
        var sources: [String: JSON] = [:]
        func refuse(_ path: String, _ diagnostic: Diagnostic, source: JSON?) {
            if refused[path] == nil {
                order.append(path)
                sources[path] = source
            }
            refused[path, default: []].append(diagnostic)
        }
        for diagnostic in diagnostics {
            guard let token = token(for: diagnostic) else { return nil }
            refuse(token.path, diagnostic, source: token.source)
        }
        let own = Set(order)
        var kept = theme
        kept.tokens.removeAll { refused[$0.path] != nil }
        // Tokens whose aliases led to a refused token: refused in turn, until every kept one resolves.
        while true {
            let problems = TokenResolver(theme: kept).problems().filter { problem in
                guard case .missing(let from, let target) = problem else { return true }
                return !dangling.contains(from) || refused[target] != nil
            }
            guard !problems.isEmpty else { break }
            for problem in problems {
                var message = problem.message
                if case .missing(let from, let target) = problem, refused[target] != nil {
                    message = "\(from) refers to {\(target)}, which was refused"
                }
                let raw = places[problem.tokenPath]
                refuse(
                    problem.tokenPath,
                    Diagnostic(
                        file: raw?.file ?? root.file, location: raw?.location, path: raw?.jsonPath,
                        message: message), source: raw?.source)
            }
            kept.tokens.removeAll { refused[$0.path] != nil }
        }
        let records: [JSON] = order.map { path in
            let problems = refused[path] ?? []
            var members: [(key: String, value: JSON)] = [("path", .string(path))]
            if let first = problems.first {
                members.append(("file", .string(first.file)))
                if let location = first.location, location.line > 0 {
                    members.append(("line", .number(Double(location.line))))
                    members.append(("column", .number(Double(location.column))))
                }
            }
            members.append(("problems", .array(problems.map { .string($0.detail) })))
            if !own.contains(path) { members.append(("refersToRefused", .bool(true))) }
            if let source = sources[path] { members.append(("source", source)) }
            return .object(members)
        }
        kept.setRootExtension(Self.refusedKey, .array(records))
        return kept
    }
}

/// A token `theme add --keep-going` refused: where it was, why, and its source as written.
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

    /// The refused tokens recorded in a theme's group properties (its root's
    /// `$extensions["catalog.refused"]`), so that they can be listed without the tokens.
    public static func recorded(in groups: [(path: String, members: [(key: String, value: JSON)])]) -> [RefusedToken] {
        let root = groups.first { $0.path.isEmpty }?.members ?? []
        let list = root.first { $0.key == "$extensions" }?.value[ThemeReader.refusedKey]?.array ?? []
        return list.compactMap { record in
            guard let path = record["path"]?.string else { return nil }
            var place = record["file"]?.string ?? ""
            if let line = record["line"]?.number, let column = record["column"]?.number {
                place += ":\(Int(line)):\(Int(column))"
            }
            return RefusedToken(
                path: path, place: place, problems: record["problems"]?.array?.compactMap(\.string) ?? [],
                source: record["source"], refersToRefused: record["refersToRefused"]?.bool == true)
        }
    }
}

extension Theme {
    /// Sets `$extensions[key]` of the theme's root group: theme data the catalog records
    /// about an import (refused tokens, references kept unresolved), kept and written back.
    mutating func setRootExtension(_ key: String, _ value: JSON) {
        var rootMembers = groups.first { $0.path.isEmpty }?.members ?? []
        var extensions = rootMembers.first { $0.key == "$extensions" }?.value.object ?? []
        extensions.removeAll { $0.key == key }
        extensions.append((key, value))
        rootMembers.removeAll { $0.key == "$extensions" }
        rootMembers.append(("$extensions", .object(extensions)))
        groups.removeAll { $0.path.isEmpty }
        groups.insert((path: "", members: rootMembers), at: 0)
    }

    /// The tokens refused when this version was imported with `--keep-going`, kept at the
    /// root under `$extensions["catalog.refused"]`.
    public var refusedTokens: [RefusedToken] { RefusedToken.recorded(in: groups) }
}
