import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Publishes a component spec after checking that every style its options link to is
    /// in the catalog. Takes the open write transaction.
    @discardableResult
    public func publish(
        spec: ComponentSpec, document: JSON, text: String, sourceFile: String, in _: borrowing WriteTransaction
    ) throws -> PublishOutcome {
        // Each linked style looked up by key: reading every style's name scanned the table,
        // documents and all, for each spec (a seed of 10k styles and 1k specs read 4.6 GB).
        let missing = try Set(spec.linkedStyles).filter { style in
            try database.scalar("SELECT 1 FROM style_versions WHERE style = ? LIMIT 1", [.text(style)]) == nil
        }.sorted()
        if !missing.isEmpty { throw PublishError.missingStyles(spec: spec.name, styles: missing) }
        let hash = Self.contentHash(of: document)
        if let outcome = try existingVersion(
            .spec, name: spec.name, version: spec.version, hash: hash)
        {
            return outcome
        }
        let name = SQLValue.text(spec.name)
        let version = SQLValue.text(spec.version.description)
        try database.execute(
            """
            INSERT INTO spec_versions (spec, version, major, minor, patch, prerelease, system, summary, import_module,
                source_file, document, content_hash, published_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                name, version, .integer(Int64(spec.version.major)), .integer(Int64(spec.version.minor)),
                .integer(Int64(spec.version.patch)), .text(spec.version.prereleaseText), .text(spec.system),
                SQLValue(spec.summary), SQLValue(spec.importModule), .text(sourceFile), .text(text), .text(hash),
                .text(Self.timestamp()),
            ])
        let insertPlatform = try database.prepare(
            "INSERT INTO spec_platforms (spec, version, platform, minimum) VALUES (?, ?, ?, ?)")
        for (platform, minimum) in spec.platforms.sorted(by: { $0.key < $1.key }) {
            try insertPlatform.run([name, version, .text(platform), .text(minimum)])
        }
        let insertParameter = try database.prepare(
            """
            INSERT INTO spec_parameters (spec, version, initializer, position, parameter, type, default_value, required)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for initializer in spec.initializers {
            for (position, parameter) in initializer.parameters.enumerated() {
                try insertParameter.run([
                    name, version, .text(initializer.signature), .integer(Int64(position)), .text(parameter.name),
                    .text(parameter.type), SQLValue(parameter.defaultValue), .integer(parameter.required ? 1 : 0),
                ])
            }
        }
        let insertOption = try database.prepare(
            "INSERT INTO spec_options (spec, version, axis, option, position, is_default, style) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
        for axis in spec.axes {
            for (position, option) in axis.options.enumerated() {
                try insertOption.run([
                    name, version, .text(axis.name), .text(option.name), .integer(Int64(position)),
                    .integer(option.name == axis.defaultOption ? 1 : 0), SQLValue(option.style),
                ])
            }
        }
        let insertRole = try database.prepare(
            "INSERT INTO spec_roles (spec, version, role, visual_effect, accessibility) VALUES (?, ?, ?, ?, ?)")
        for role in spec.roles {
            try insertRole.run([
                name, version, .text(role.name), .text(role.visualEffect), SQLValue(role.accessibilityHint),
            ])
        }
        return .published
    }

    /// Every spec with its versions.
    public func specSummaries() throws -> [SpecSummary] {
        let rows = try database.query("SELECT spec, version, system, summary FROM spec_versions ORDER BY spec")
        var result: [SpecSummary] = []
        for row in rows {
            let name = try row.text(0)
            let version = try row.semver(1)
            if let index = result.firstIndex(where: { $0.name == name }) {
                result[index].versions.append(version)
                result[index].versions.sort()
                if result[index].versions.last == version {
                    result[index].summary = try row.optionalText(3)
                    result[index].system = try row.text(2)
                }
            } else {
                result.append(
                    SpecSummary(
                        name: name, system: try row.text(2), versions: [version], summary: try row.optionalText(3)))
            }
        }
        return result
    }

    /// Loads a spec version (the latest when `reference` has none): the spec and the
    /// document text as submitted.
    public func spec(_ reference: VersionedName) throws -> (spec: ComponentSpec, text: String, sourceFile: String) {
        let rows = try database.query(
            "SELECT version, document, source_file FROM spec_versions WHERE spec = ?", [.text(reference.name)])
        let versions = try rows.map { row in (try row.semver(0), try row.text(1), try row.text(2)) }
            .sorted { $0.0 < $1.0 }
        guard !versions.isEmpty else {
            let names = try database.query("SELECT DISTINCT spec FROM spec_versions ORDER BY spec").map {
                try $0.text(0)
            }
            let hint = Suggestion.closest(to: reference.name, in: names).map { "did you mean \($0)? " } ?? ""
            throw RequestError(
                "no spec named \(reference.name); \(hint)specs: \(names.isEmpty ? "none" : names.joined(separator: ", "))"
            )
        }
        let chosen = reference.version.map { wanted in versions.first { $0.0 == wanted } } ?? versions.last
        guard let (_, text, sourceFile) = chosen else {
            throw RequestError(
                "spec \(reference.name) has no version \(reference.version!); versions: \(versions.map(\.0.description).joined(separator: ", "))"
            )
        }
        return (try SpecReader.read(Data(text.utf8), file: sourceFile).spec, text, sourceFile)
    }
}

extension Repository {
    /// The latest version of every style.
    public func latestStyles() throws -> [StyleDefinition] {
        try Set(styleSummaries().map(\.name)).sorted().map { try style(VersionedName(name: $0)).style }
    }

    /// The options (`Spec.option`) of each spec's latest version that a style draws, found
    /// by the style index rather than by reading every spec.
    public func optionsDrawing(style: String) throws -> [String] {
        let rows = try database.query(
            "SELECT spec, version, option FROM spec_options WHERE style = ? ORDER BY spec, position", [.text(style)])
        var latest: [String: Semver] = [:]
        var options: [String] = []
        for row in rows {
            let spec = try row.text(0)
            if latest[spec] == nil {
                latest[spec] = try database.query("SELECT version FROM spec_versions WHERE spec = ?", [.text(spec)])
                    .map { try $0.semver(0) }.max()
            }
            if try row.semver(1) == latest[spec] { options.append("\(spec).\(try row.text(2))") }
        }
        return options
    }

    /// The latest version of every spec.
    public func latestSpecs() throws -> [ComponentSpec] {
        try specSummaries().map { try spec(VersionedName(name: $0.name)).spec }
    }

    /// Every version of every spec, oldest first within each spec: code written against
    /// an older version (OUDS 2's `hierarchy:`) is still recognised.
    public func allSpecVersions() throws -> [ComponentSpec] {
        try specSummaries().flatMap { summary in
            try summary.versions.map { try spec(VersionedName(name: summary.name, version: $0)).spec }
        }
    }
}

extension Repository {
    /// The stored document of the latest version of every style, by name.
    public func latestStyleDocuments() throws -> [String: JSON] {
        var documents: [String: JSON] = [:]
        for name in Set(try styleSummaries().map(\.name)) {
            let (_, text, file) = try style(VersionedName(name: name))
            documents[name] = try JSONParser.parse(text, file: file)
        }
        return documents
    }

    /// The stored document of the latest version of every spec, by name.
    public func latestSpecDocuments() throws -> [String: JSON] {
        var documents: [String: JSON] = [:]
        for summary in try specSummaries() {
            let (_, text, file) = try spec(VersionedName(name: summary.name))
            documents[summary.name] = try JSONParser.parse(text, file: file)
        }
        return documents
    }
}
