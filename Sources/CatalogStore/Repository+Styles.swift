import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Validates a style against its theme (`theme` overrides the one the style names)
    /// and publishes it. Unresolved aliases are reported together, each at its place in
    /// the document. Takes the open write transaction.
    @discardableResult
    public func publish(
        style: StyleDefinition, document: JSON, text: String, sourceFile: String, theme reference: VersionedName? = nil,
        in _: borrowing WriteTransaction
    ) throws -> PublishOutcome {
        let themeReference = reference ?? style.theme.map { VersionedName(name: $0) }
        var checkedTheme: String?
        if let themeReference {
            // By key: the theme names are listed only when it is missing.
            if try database.scalar(
                "SELECT 1 FROM theme_versions WHERE theme = ? LIMIT 1", [.text(themeReference.name)]) == nil
            {
                let available = try database.query("SELECT DISTINCT theme FROM theme_versions ORDER BY theme").map {
                    try $0.text(0)
                }
                throw PublishError.missingTheme(style: style.name, theme: themeReference.name, available: available)
            }
            let version = try themeVersion(themeReference)
            let key = "\(themeReference.name)\u{0}\(try ordinal(theme: themeReference.name, version: version))"
            var loaded =
                try themesInWrite[key]
                ?? (TokenResolver(theme: self.theme(VersionedName(name: themeReference.name, version: version))), [])
            let theme = loaded.resolver.theme
            checkedTheme = theme.name
            let problems = StyleResolver(style: style, resolver: loaded.resolver).problems(skipping: &loaded.resolved)
            themesInWrite[key] = loaded
            if !problems.isEmpty {
                throw DocumentError(
                    problems.map { problem in
                        Diagnostic(
                            file: sourceFile, location: document.value(atPath: problem.jsonPath)?.location,
                            path: problem.jsonPath,
                            message: problem.message + " (in theme \(theme.name)@\(theme.version))")
                    })
            }
        } else if !style.tokenReferences.isEmpty {
            throw PublishError.noTheme(style: style.name)
        }
        let hash = Self.contentHash(of: document)
        if let outcome = try existingVersion(
            .style, name: style.name, version: style.version,
            hash: hash)
        {
            return outcome
        }
        let name = SQLValue.text(style.name)
        let version = SQLValue.text(style.version.description)
        try database.execute(
            """
            INSERT INTO style_versions (style, version, major, minor, patch, prerelease, component, protocol, theme,
                description, source_file, document, content_hash, published_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                name, version, .integer(Int64(style.version.major)), .integer(Int64(style.version.minor)),
                .integer(Int64(style.version.patch)), .text(style.version.prereleaseText), .text(style.component),
                .text(style.conformance), SQLValue(checkedTheme ?? style.theme), SQLValue(style.description),
                .text(sourceFile), .text(text), .text(hash), .text(Self.timestamp()),
            ])
        let insertReference = try database.prepare(
            "INSERT OR IGNORE INTO style_token_refs (style, version, json_path, token) VALUES (?, ?, ?, ?)")
        for (jsonPath, token) in style.tokenReferences {
            try insertReference.run([name, version, .text(jsonPath), .text(token)])
        }
        return .published
    }

    /// Every style version, by name then version.
    public func styleSummaries() throws -> [StyleSummary] {
        try database.query(
            """
            SELECT style, version, component, protocol, theme, description FROM style_versions
            ORDER BY component, style, major, minor, patch, prerelease = '', prerelease
            """
        ).map { row in
            StyleSummary(
                name: try row.text(0), version: try row.semver(1), component: try row.text(2),
                conformance: try row.text(3), theme: try row.optionalText(4), description: try row.optionalText(5))
        }
    }

    /// The style name `name` refers to: itself, or the one style whose qualified name
    /// ends in `.name` (`filled` → `DFButton.filled` when no other style is `*.filled`).
    public func styleName(_ name: String) throws -> String {
        // The exact name by primary key first: publishing thousands of styles asks this each time.
        if try database.scalar("SELECT 1 FROM style_versions WHERE style = ? LIMIT 1", [.text(name)]) != nil {
            return name
        }
        let names = try database.query("SELECT DISTINCT style FROM style_versions ORDER BY style").map {
            try $0.text(0)
        }
        if names.contains(name) { return name }
        let matches = names.filter { $0.hasSuffix("." + name) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw RequestError("style name \(name) is ambiguous: \(matches.joined(separator: ", ")); use the full name")
        }
        // The nearest name when there is one; the whole list only when there is none.
        if let near = Suggestion.closest(to: name, in: names) {
            throw RequestError("no style named \(name); did you mean \(near)? (catalog style list lists them)")
        }
        throw RequestError("no style named \(name); styles: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
    }

    /// Loads a style version (the latest when `reference` has none): the definition and
    /// the document text as submitted.
    public func style(_ reference: VersionedName) throws -> (style: StyleDefinition, text: String, sourceFile: String) {
        let name = try styleName(reference.name)
        guard
            let (text, sourceFile) = try document(
                .style, name: name, version: reference.version)
        else { throw RequestError("no style named \(name)") }
        return (try StyleReader.read(Data(text.utf8), file: sourceFile).style, text, sourceFile)
    }
}

extension JSON {
    /// The value at a simple JSON path (`$.states.pressed.background`, `$.font[1]`,
    /// `$["odd key"]`), or `nil`.
    public func value(atPath path: String) -> JSON? {
        var current: JSON? = self
        var rest = Substring(path.hasPrefix("$") ? String(path.dropFirst()) : path)
        while !rest.isEmpty, let node = current {
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                current = node[String(rest[..<end])]
                rest = rest[end...]
            } else if rest.hasPrefix("[\""), let close = rest.range(of: "\"]") {
                let key = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                current =
                    node[key.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")]
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                let index = Int(rest[rest.index(after: rest.startIndex)..<close])
            {
                current = node.array.flatMap { index < $0.count ? $0[index] : nil }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        return current
    }
}
