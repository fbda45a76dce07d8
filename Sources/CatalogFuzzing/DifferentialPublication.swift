import CatalogModel
import CatalogOperations
import CatalogStore
import CatalogTokenFiles
import Foundation
import SQLite

/// The differential target: the versions a ``RepublicationScript`` makes are published
/// into two catalogs, one as `theme add` does (by difference whenever the kept state
/// allows it), the other read whole every time. After every version both must hold the
/// same content rows, the same kept state and manifest, and must have said the same
/// thing: the same error, or the same format, counts and warnings.
enum DifferentialPublication {
    /// The most versions one input publishes.
    static let maximumVersions = 12

    /// Traps at the first version whose two publications differ.
    static func run(_ data: Data) {
        var tally = Tally()
        if let difference = firstDifference(data, tally: &tally) { preconditionFailure(difference) }
    }

    /// How many versions came after a first one, and how many of them were read by difference.
    struct Tally {
        var versions = 0
        var byDifference = 0
    }

    /// What differs first between the two catalogs, `nil` when nothing does.
    /// `trace` hears each version's files and what each catalog said.
    static func firstDifference(_ data: Data, tally: inout Tally, trace: ((String) -> Void)? = nil) -> String? {
        var script = RepublicationScript(data)
        script.start()
        // One input in four gives its files through a resolver document instead.
        let resolver = script.choose(4) == 0
        let pair = Pair()
        var version = Semver(1, 0, 0)
        for step in 0..<maximumVersions {
            if step > 0 { script.edit() }
            let keepGoing = script.choose(4) > 0
            let documents = script.documents()
            let (said, difference) = pair.publish(
                documents, version: version, keepGoing: keepGoing, resolver: resolver, tally: &tally)
            trace?(
                "step \(step) \(version):\n\(documents.map { ($0.mode.map { "[\($0)] " } ?? "") + $0.text }.joined(separator: "\n"))\n  \(said)"
            )
            if let difference { return "step \(step): \(difference)\n\(documents)" }
            if said.hasPrefix("published") {
                version =
                    [
                        Semver(version.major, version.minor, version.patch + 1),
                        Semver(version.major, version.minor + 1, 0), Semver(version.major + 1, 0, 0),
                    ][script.choose(3)]
            } else if said.contains("version") {
                version = Semver(version.major + 1, 0, 0)
            }
            if script.exhausted { break }
        }
        return nil
    }

    /// Versions given as files (each version's documents, in input order) published one
    /// after the other into both catalogs: what the whole reads said of each, what
    /// differs first (`nil` when nothing does), and how many went by difference.
    package static func compare(versions: [(documents: [String], version: Semver)]) -> (
        said: [String], difference: String?, byDifference: Int
    ) {
        let pair = Pair()
        var tally = Tally()
        var said: [String] = []
        for (step, item) in versions.enumerated() {
            let (text, difference) = pair.publish(
                item.documents.map { (nil, $0) }, version: item.version, keepGoing: true, resolver: false, tally: &tally
            )
            said.append(text)
            if let difference {
                return (said, "version \(step + 1) (\(item.version)): \(difference)", tally.byDifference)
            }
        }
        return (said, nil, tally.byDifference)
    }

    /// The two catalogs.
    private struct Pair {
        let byDifference = DifferentialPublication.catalog()
        let whole = DifferentialPublication.catalog()

        /// Publishes `documents` as `version` into both; returns what the whole read said
        /// and, when the catalogs differ after it, how.
        func publish(
            _ documents: [(mode: String?, text: String)], version: Semver, keepGoing: Bool, resolver: Bool,
            tally: inout Tally
        ) -> (String, String?) {
            let files = documents.enumerated().map {
                (
                    mode: $0.element.mode,
                    source: ThemeInput.Source(file: "f\($0.offset).tokens.json", data: Data($0.element.text.utf8))
                )
            }
            var input = ThemeInput(
                sources: files.filter { $0.mode == nil }.map(\.source),
                modeSources: files.compactMap { file in
                    file.mode.map { ThemeInput.ModeSource(dimension: "scheme", mode: $0, source: file.source) }
                },
                naming: .init(name: "T", version: version), keepGoing: keepGoing)
            if resolver {
                input = DifferentialPublication.resolverInput(files, naming: input.naming, keepGoing: keepGoing)
            }
            let saidByDifference = say(input, into: byDifference, byDifference: true, tally: &tally)
            var ignored = Tally()
            let saidWhole = say(input, into: whole, byDifference: false, tally: &ignored)
            guard saidByDifference == saidWhole else {
                return (saidWhole, "by difference: \(saidByDifference)\nwhole: \(saidWhole)")
            }
            for (name, catalog) in [("by difference", byDifference), ("whole", whole)] {
                let problems = try! catalog.checkPublicationStates()
                guard problems.isEmpty else { return (saidWhole, "catalog check \(name): \(problems)") }
            }
            let rows = (try! rows(of: byDifference), try! rows(of: whole))
            guard rows.0 == rows.1 else {
                let only = (rows.0.subtracting(rows.1).sorted(), rows.1.subtracting(rows.0).sorted())
                return (saidWhole, "rows differ; only by difference: \(only.0)\nonly whole: \(only.1)")
            }
            return (saidWhole, nil)
        }
    }

    /// The same files given through a resolver document: the plain ones as one set each,
    /// the mode files as the contexts of a `scheme` modifier (light first, the default).
    fileprivate static func resolverInput(
        _ files: [(mode: String?, source: ThemeInput.Source)], naming: ThemeReader.Naming, keepGoing: Bool
    ) -> ThemeInput {
        let reference = { (file: ThemeInput.Source) in JSON.object([("$ref", .string(file.file))]) }
        let plain = files.filter { $0.mode == nil }
        var sets: [(key: String, value: JSON)] = []
        var order: [JSON] = []
        for (index, file) in plain.enumerated() {
            sets.append(("s\(index)", .object([("sources", .array([reference(file.source)]))])))
            order.append(.object([("$ref", .string("#/sets/s\(index)"))]))
        }
        var document: [(key: String, value: JSON)] = [("version", .string("2025.10")), ("sets", .object(sets))]
        let modeFiles = files.filter { $0.mode != nil }
        if !modeFiles.isEmpty {
            let contexts: [(key: String, value: JSON)] = ["light", "dark"].map { (mode: String) in
                (key: mode, value: JSON.array(modeFiles.filter { $0.mode == mode }.map { reference($0.source) }))
            }
            document.append(
                (
                    "modifiers",
                    .object([("scheme", .object([("contexts", .object(contexts)), ("default", .string("light"))]))])
                ))
            order.append(.object([("$ref", .string("#/modifiers/scheme"))]))
        }
        document.append(("resolutionOrder", .array(order)))
        let byName = Dictionary(files.map { ($0.source.file, $0.source) }, uniquingKeysWith: { $1 })
        return ThemeInput(
            sources: [ThemeInput.Source(file: "t.resolver.json", data: Data(JSON.object(document).serialized().utf8))],
            naming: naming, keepGoing: keepGoing,
            load: { reference, _ in
                guard let source = byName[reference] else {
                    throw DocumentError(file: reference, message: "no such file")
                }
                return source
            })
    }

    fileprivate static func catalog() -> Repository { try! Repository(path: ":memory:", mode: .createIfMissing) }

    /// Publishes `input` and says what happened, as `theme add` would report it.
    fileprivate static func say(
        _ input: ThemeInput, into repository: Repository, byDifference: Bool, tally: inout Tally
    )
        -> String
    {
        do {
            let publishing = Publishing(repository: repository)
            let prepared = byDifference ? try publishing.prepare(input) : try PreparedTheme.whole(input)
            if try !repository.versions(ofTheme: "T").isEmpty { tally.versions += 1 }
            if prepared.byDifference { tally.byDifference += 1 }
            let read = prepared.read
            let described =
                "\(read.format), \(read.fileCount) files, \(prepared.tokenCount) tokens, "
                + "\(read.theme.refusedTokens.count) refused, \(read.theme.danglingTokenPaths.count) dangling, "
                + "warnings \(read.warnings.map(\.description))"
            let publication = try publishing.publish(
                prepared, document: DocumentDigest(joining: input.sources.map(\.data), separator: "\n"),
                sourceFile: "f0.tokens.json", note: RevisionNote(message: "fuzz", author: "fuzz"))
            return "\(publication.outcome == .published ? "published" : "unchanged"): \(described)"
        } catch {
            return "error: \(error)"
        }
    }

    /// Every content row, and the kept state and manifest, as text (the publication time
    /// and the state's write counter left out).
    static func rows(of repository: Repository) throws -> Set<String> {
        var rows: Set<String> = []
        for table in try repository.contentTables() + ["theme_publication_states", "theme_publication_manifests"] {
            let columns = try repository.database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).map {
                try $0.text(0)
            }.filter { $0 != "published_at" && $0 != "written" }
            // Table and column names come from sqlite_schema, not from input.
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            for row in try repository.database.query("SELECT \(list) FROM \"\(table)\"") {
                rows.insert("\(table): \((0..<columns.count).map { "\(row.value(at: $0))" }.joined(separator: " | "))")
            }
        }
        return rows
    }
}
