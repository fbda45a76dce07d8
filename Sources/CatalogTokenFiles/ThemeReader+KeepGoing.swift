import CatalogModel

/// A tree comes in whole (`theme add` without `--strict`): a theme whose files have
/// problems is imported with the tokens they are on flagged. Each is recorded with its
/// messages and its source as written, at the theme's root under
/// `$extensions["catalog.refused"]`, without a value, so that it is listed (`theme
/// problems`), counted (docs, `check`) and written back on export: nothing is dropped
/// without a word. Tokens whose aliases reach a flagged token are flagged in turn, saying
/// so. A problem on no token (a malformed resolver document) still stops the import.
extension ThemeReader {
    /// The token a diagnostic is placed on, with its object as written there: the token
    /// whose JSON path is the longest prefix of the diagnostic's, in the same file.
    func token(for diagnostic: Diagnostic) -> (path: String, source: JSON)? {
        guard let path = diagnostic.path else { return nil }
        guard let places = tokenPlaces[diagnostic.file] else { return nil }
        if let exact = places[path] { return exact }
        var cut = path.endIndex
        while let index = path[..<cut].lastIndex(where: { $0 == "." || $0 == "[" }) {
            if let found = places[String(path[..<index])] { return found }
            cut = index
        }
        return nil
    }

    /// `theme` without the tokens the problems found are on (and those that then cannot
    /// resolve), with the refusals recorded at its root; `nil` when a problem is on no token.
    /// Tokens in `dangling` may keep references to nothing (Tokens Studio's rule), but not
    /// to a token refused here.
    mutating func keepingGoing(
        _ theme: Theme, places: [String: Int], keepingDanglingFrom dangling: Set<String>
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
                let raw = places[problem.tokenPath].map { definitions[$0] }
                let jsonPath = raw?.jsonPath
                refuse(
                    problem.tokenPath,
                    Diagnostic(
                        file: raw?.file ?? root.file, location: raw?.location, path: jsonPath, message: message),
                    source: raw.flatMap { tokenPlaces[$0.file]?[jsonPath ?? ""]?.source })
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
        kept.setRootExtension(Theme.refusedKey, .array(records))
        return kept
    }
}
