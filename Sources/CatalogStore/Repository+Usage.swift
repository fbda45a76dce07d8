import CatalogModel
import Foundation
import SQLite

/// One scanned file as the store records it.
public struct ScannedFile: Sendable, Codable {
    /// The file, relative to the project's root.
    public var path: String
    /// SHA-256 of its bytes.
    public var hash: String
    /// Size and modification time (ns) when scanned.
    public var size: Int
    /// See ``size``.
    public var modified: Int64
    /// Whether it names a catalog component at all (only candidates are parsed).
    public var candidate: Bool
    /// Why it was skipped or read only in part (too large, not UTF-8), if it was.
    public var warning: String?
    /// Its call sites, or `nil` to keep the stored ones (unchanged file).
    public var sites: [UsageSite]?
    /// Whether this scan parsed it.
    public var parsed: Bool
    /// Where it has syntax errors (first lines): its sites are what the parser recovered.
    public var errorLines: [Int]
    /// The app declarations it holds (see ``FileStamp/declarations``); `nil` with ``sites``.
    public var declarations: [KeptDeclaration]?
    /// The names its call sites looked up (see ``FileStamp/lookups``); `nil` with ``sites``.
    public var lookups: [String]?
    /// The catalog's tokens it names through their generated packages, and the app's own
    /// spellings of design values; `nil` with ``sites``.
    public var tokenReferences: [TokenReference]?
    /// The app's own tokens it defines; `nil` with ``sites``.
    public var tokenDefinitions: [AppTokenDefinition]?
    /// Colors and lengths written as literals in button code, when the scan looked for them
    /// (`catalog-scan --literals`, as `lint_swift` runs it); never stored.
    public var hardCodedValues: [HardCodedValue]?
    /// The catalog's generated modules it imports (`DesignFoundationTokens`), when the scan
    /// looked for literals: the themes a linted project uses, whose tokens a literal is
    /// compared with; never stored.
    public var imports: [String]?

    /// A scanned file.
    public init(
        path: String, hash: String, size: Int, modified: Int64, candidate: Bool, warning: String?, sites: [UsageSite]?,
        parsed: Bool = false, errorLines: [Int] = [], declarations: [KeptDeclaration]? = nil,
        lookups: [String]? = nil, tokenReferences: [TokenReference]? = nil, hardCodedValues: [HardCodedValue]? = nil,
        imports: [String]? = nil, tokenDefinitions: [AppTokenDefinition]? = nil
    ) {
        self.imports = imports
        self.tokenDefinitions = tokenDefinitions
        self.tokenReferences = tokenReferences
        self.hardCodedValues = hardCodedValues
        self.declarations = declarations
        self.lookups = lookups
        self.parsed = parsed
        self.errorLines = errorLines
        self.path = path
        self.hash = hash
        self.size = size
        self.modified = modified
        self.candidate = candidate
        self.warning = warning
        self.sites = sites
    }
}

/// A scanned project: its root folder and deployment platforms.
public struct UsageProject: Sendable, Equatable {
    /// The project's name (its folder's, unless given).
    public var name: String
    /// The absolute path stored paths are relative to.
    public var root: String
    /// `iOS`, `macOS`, …; empty when not known.
    public var platforms: [String]
    /// The digest of what its last whole scan looked for (the specs' vocabulary and the
    /// generated token names): a scan looking for anything else reads every file again.
    public var lookedFor: String?

    /// A project scanned at `root`, shipping on `platforms`.
    public init(name: String, root: String, platforms: [String], lookedFor: String? = nil) {
        self.name = name
        self.root = root
        self.platforms = platforms
        self.lookedFor = lookedFor
    }
}

extension Repository {
    /// A project as its first scan recorded it, or `nil` for a project never scanned.
    public func usageProject(_ name: String) throws -> UsageProject? {
        try database.query(
            "SELECT root, platforms, looked_for FROM usage_projects WHERE project = ?", [.text(name)]
        ).first.map { row in
            let platforms = try JSONParser.parse(try row.text(1), file: "usage_projects").array ?? []
            return UsageProject(
                name: name, root: try row.text(0), platforms: platforms.compactMap(\.string),
                lookedFor: try row.optionalText(2))
        }
    }

    /// Which of a project's stored files ``scannedFiles(project:_:)`` reads.
    public enum StoredFiles: Sendable {
        /// Every one.
        case all
        /// Those that declared or looked up an app's wrapper: what a scan of a few changed
        /// files needs of the others (most files of a large tree do neither).
        case usingWrappers
        /// Those at these paths.
        case paths([String])
    }

    /// What the last scan of a project saw of each file (`which` of them): hash, size and
    /// modification time, and the wrappers it declared and looked up.
    public func scannedFiles(project: String, _ which: StoredFiles = .all) throws -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        var sql =
            "SELECT path, content_hash, size, modified_ns, declarations, lookups FROM usage_files WHERE project = ?1"
        var arguments: [SQLValue] = [.text(project)]
        switch which {
        case .all: break
        case .usingWrappers: sql += " AND (declarations <> '[]' OR lookups <> '[]')"
        case .paths(let paths):
            sql += " AND path IN (SELECT value FROM json_each(?2))"
            arguments.append(.text(JSON.array(paths.map { .string($0) }).serialized()))
        }
        // Read a row at a time, with no row values built: at 7,000 files, building them
        // was two thirds of the time it took to read them.
        if case .all = which { result.reserveCapacity(try storedFileCount(project: project)) }
        let statement = try database.prepare(sql)
        try statement.bind(arguments)
        while try statement.step() {
            result[try statement.text(0)] = FileStamp(
                hash: try statement.text(1), size: try statement.int(2), modified: try statement.integer(3),
                declarations: Self.isEmptyArray(statement, 4) ? [] : try Self.declarations(statement, 4),
                lookups: Self.isEmptyArray(statement, 5) ? [] : try Self.strings(statement, 5, table: "usage_files"))
        }
        return result
    }

    /// What the last scan of a project saw of each file's size and modification time, and
    /// nothing else: what a rescan compares first (a tree's declarations are not read when
    /// no file changed).
    public func scannedSizesAndTimes(project: String) throws -> [String: (size: Int, modified: Int64)] {
        var result: [String: (size: Int, modified: Int64)] = [:]
        result.reserveCapacity(try storedFileCount(project: project))  // not grown by doubling, rehashed each time
        let statement = try database.prepare("SELECT path, size, modified_ns FROM usage_files WHERE project = ?")
        try statement.bind([.text(project)])
        while try statement.step() { result[try statement.text(0)] = (try statement.int(1), try statement.integer(2)) }
        return result
    }

    /// How many files the last scan of a project saw.
    private func storedFileCount(project: String) throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM usage_files WHERE project = ?", [.text(project)])?.int64 ?? 0)
    }

    /// Whether column `index` of the current row is the text `[]` (most files declare and
    /// look up nothing), read in place.
    private static func isEmptyArray(_ statement: Statement, _ index: Int) -> Bool {
        statement.storageClass(at: index) == .text
            && statement.withBytes(at: index) {
                $0.count == 2 && $0[0] == UInt8(ascii: "[") && $0[1] == UInt8(ascii: "]")
            }
    }

    /// The roots of the scanned projects (`project`'s only, when given): where their files'
    /// stored paths lead.
    public func usageRoots(project: String?) throws -> [String] {
        try database.query(
            "SELECT root FROM usage_projects WHERE ?1 IS NULL OR project = ?1 ORDER BY project", [SQLValue(project)]
        ).map { try $0.text(0) }
    }

    /// The number of stored call sites of a project.
    public func siteCount(project: String) throws -> Int {
        Int(try database.scalar("SELECT count(*) FROM usage_sites WHERE project = ?", [.text(project)])?.int64 ?? 0)
    }

    /// What the last scans recorded of each file (of `project`, or of every project when
    /// `nil`): its path, content hash, size and modification time (ns), in path order.
    public func scannedStamps(project: String?) throws -> [(path: String, hash: String, size: Int, modified: Int64)] {
        try database.query(
            "SELECT path, content_hash, size, modified_ns FROM usage_files WHERE ?1 IS NULL OR project = ?1 ORDER BY path",
            [SQLValue(project)]
        ).map { (try $0.text(0), try $0.text(1), try $0.int(2), Int64(try $0.int(3))) }
    }

    /// The number of stored references of a project to a generated package's tokens.
    public func tokenReferenceCount(project: String) throws -> Int {
        Int(
            try database.scalar(
                "SELECT count(*) FROM usage_token_references WHERE project = ? AND kind = 'package'", [.text(project)])?
                .int64 ?? 0)
    }

    /// Whether any stored reference to a package's token is `project`'s (any project's when `nil`).
    public func hasTokenReferences(project: String?) throws -> Bool {
        try database.scalar(
            """
            SELECT EXISTS (SELECT 1 FROM usage_token_references WHERE (?1 IS NULL OR project = ?1)
                AND kind = 'package')
            """,
            [SQLValue(project)])?.int64 == 1
    }

    /// Replaces a project's scan in one transaction: files under `scope` (path prefixes
    /// such as `App/Sub/`; everything when `nil`) that are not in `files` are dropped,
    /// changed files get their new sites, unchanged ones (`sites == nil`) keep theirs, and
    /// the others in `seen` (the same size and time; it may name `files`' paths too, as a
    /// listing of everything does) stay as they are. `gone`, from a caller
    /// that compared the listing with the stored files already, names the files to drop:
    /// the stored ones are then not swept (at 7,000 files, the sweep was a third of
    /// storing a rescan).
    /// `details` records the project's root, platforms and the digest of what was looked for;
    /// when that changed, the files this scan did not read are marked to be read again.
    /// `vocabulary`, drawn by this scan from the specs, is kept under its digest for the next.
    public func replaceScan(
        project: String, files: [ScannedFile], seen: [String] = [], gone: [String]? = nil,
        scope: [String]? = nil, details: UsageProject? = nil, vocabulary: (digest: String, stored: String)? = nil
    ) throws {
        // The files this scan saw, built only where a statement below needs them.
        lazy var keep = Set(files.map(\.path)).union(seen)
        try write { _ in
            if let vocabulary { try keepUsageVocabulary(digest: vocabulary.digest, vocabulary: vocabulary.stored) }
            if let details, let previous = try usageProject(project), previous.lookedFor != details.lookedFor {
                // Read for other names than this scan's: the files outside it are stale.
                try database.execute(
                    """
                    UPDATE usage_files SET size = -1, modified_ns = -1, content_hash = ''
                    WHERE project = ?1 AND path NOT IN (SELECT value FROM json_each(?2))
                    """, [.text(project), .text(JSON.array(keep.sorted().map { .string($0) }).serialized())])
            }
            if let details {
                try database.execute(
                    """
                    INSERT INTO usage_projects (project, root, platforms, looked_for) VALUES (?, ?, ?, ?)
                    ON CONFLICT (project) DO UPDATE SET root = excluded.root, platforms = excluded.platforms,
                        looked_for = excluded.looked_for
                    """,
                    [
                        .text(project), .text(details.root),
                        .text(JSON.array(details.platforms.map { .string($0) }).serialized()),
                        SQLValue(details.lookedFor),
                    ])
            }
            let drop = try database.prepare("DELETE FROM usage_files WHERE project = ? AND path = ?")
            if let gone {
                for path in gone where scope.map({ ScanScope.contains(path, in: $0) }) ?? true {
                    try drop.run([.text(project), .text(path)])
                }
            } else {
                for row in try database.query("SELECT path FROM usage_files WHERE project = ?", [.text(project)]) {
                    if let path = row[0].string, !keep.contains(path),
                        scope.map({ ScanScope.contains(path, in: $0) }) ?? true
                    {
                        try drop.run([.text(project), .text(path)])
                    }
                }
            }
            let upsert = try database.prepare(
                """
                INSERT INTO usage_files (project, path, content_hash, size, modified_ns, candidate, warning, declarations,
                    lookups)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project, path) DO UPDATE SET content_hash = excluded.content_hash, size = excluded.size,
                    modified_ns = excluded.modified_ns, candidate = excluded.candidate, warning = excluded.warning,
                    declarations = excluded.declarations, lookups = excluded.lookups
                """)
            let clear = try database.prepare("DELETE FROM usage_sites WHERE project = ? AND path = ?")
            let clearReferences = try database.prepare(
                "DELETE FROM usage_token_references WHERE project = ? AND path = ?")
            let insertReference = try database.prepare(
                """
                INSERT OR REPLACE INTO usage_token_references (project, path, line, column, spelling, enclosing_type,
                    kind, target, slot)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let clearDefinitions = try database.prepare(
                "DELETE FROM usage_token_definitions WHERE project = ? AND path = ?")
            let insertDefinition = try database.prepare(
                """
                INSERT OR REPLACE INTO usage_token_definitions (project, path, line, column, owner, name, wraps,
                    private)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insert = try database.prepare(
                """
                INSERT OR REPLACE INTO usage_sites (project, path, line, column, component, branch, spec, axis, option,
                    option_arguments, inherited, defaulted, dynamic, unknown_because, role, disabled, arguments,
                    dynamic_arguments, containers, availability, enclosing_type, enclosing_body, choices, member, via)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let restamp = try database.prepare(
                "UPDATE usage_files SET size = ?, modified_ns = ? WHERE project = ? AND path = ?")
            for file in files {
                guard let sites = file.sites else {
                    // The same bytes at another time (touched, checked out again): its rows
                    // stand, and the next scan need not read it again.
                    try restamp.run([
                        .integer(Int64(file.size)), .integer(file.modified), .text(project), .text(file.path),
                    ])
                    continue
                }
                try upsert.run([
                    .text(project), .text(file.path), .text(file.hash), .integer(Int64(file.size)),
                    .integer(file.modified),
                    .integer(file.candidate ? 1 : 0), SQLValue(file.warning),
                    .text(
                        JSON.array(
                            (file.declarations ?? []).map { kept in
                                .object([
                                    ("names", .array(kept.names.map { .string($0) })), ("text", .string(kept.text)),
                                ])
                            }
                        ).serialized()),
                    .text(JSON.array((file.lookups ?? []).sorted().map { .string($0) }).serialized()),
                ])
                try clear.run([.text(project), .text(file.path)])
                try clearReferences.run([.text(project), .text(file.path)])
                for reference in file.tokenReferences ?? [] {
                    try insertReference.run([
                        .text(project), .text(file.path), .integer(Int64(reference.line)),
                        .integer(Int64(reference.column)), .text(reference.spelling), SQLValue(reference.enclosingType),
                        .text(reference.kind.rawValue), SQLValue(reference.target), SQLValue(reference.slot),
                    ])
                }
                try clearDefinitions.run([.text(project), .text(file.path)])
                for definition in file.tokenDefinitions ?? [] {
                    try insertDefinition.run([
                        .text(project), .text(file.path), .integer(Int64(definition.line)),
                        .integer(Int64(definition.column)), .text(definition.owner), .text(definition.name),
                        SQLValue(definition.wraps), .integer(definition.isPrivate ? 1 : 0),
                    ])
                }
                for site in sites {
                    try insert.run([
                        .text(project), .text(site.file), .integer(Int64(site.line)), .integer(Int64(site.column)),
                        .text(site.component), .integer(Int64(site.branch)), SQLValue(site.spec), SQLValue(site.axis),
                        SQLValue(site.option), SQLValue(site.optionArguments), .integer(site.inherited ? 1 : 0),
                        .integer(site.defaulted ? 1 : 0), .integer(site.dynamic ? 1 : 0), SQLValue(site.unknownBecause),
                        SQLValue(site.role), .integer(site.disabled ? 1 : 0),
                        .text(
                            JSON.object(site.arguments.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
                                .serialized()),
                        .text(JSON.array(site.dynamicArguments.sorted().map { .string($0) }).serialized()),
                        .text(JSON.array(site.containers.map { .string($0) }).serialized()),
                        .text(JSON.array(site.availability.map { .string($0) }).serialized()),
                        SQLValue(site.enclosingType), SQLValue(site.enclosingBody),
                        .text(JSON.array(site.choices.map { .string($0) }).serialized()), SQLValue(site.member),
                        SQLValue(site.via),
                    ])
                }
            }
        }
    }

    /// The kept declarations in `row`'s `column` of `usage_files`: a JSON array of objects
    /// with `text` and `names`.
    static func declarations(_ row: some ColumnReading, _ column: Int) throws -> [KeptDeclaration] {
        let text = try row.text(column)
        if text == "[]" { return [] }  // most files declare no wrapper
        let array = try JSONParser.parse(text, file: "usage_files").array
        let kept = array?.compactMap { item -> KeptDeclaration? in
            guard let text = item["text"]?.string, let names = item["names"]?.array?.compactMap(\.string) else {
                return nil
            }
            return KeptDeclaration(text: text, names: names)
        }
        guard let kept, kept.count == array?.count else {
            throw RowError(
                column: row.columnName(column), expected: "a JSON array of {text, names} objects",
                found: "another value")
        }
        return kept
    }

    /// The JSON array of text in `row`'s `column` (of `table`, for messages).
    static func strings(_ row: some ColumnReading, _ column: Int, table: String) throws -> [String] {
        let text = try row.text(column)
        if text == "[]" { return [] }  // most rows: no parse
        let array = try JSONParser.parse(text, file: table).array
        guard let texts = array?.compactMap(\.string), texts.count == array?.count else {
            throw RowError(column: row.columnName(column), expected: "a JSON array of text", found: "another value")
        }
        return texts
    }

    /// The stored token references whose spelling is one of `spellings` (any, when `nil`),
    /// of one project or all, in file and line order, with their project.
    public func storedTokenReferences(spellings: Set<String>?, project: String? = nil) throws
        -> [(project: String, reference: TokenReference)]
    {
        guard spellings?.isEmpty != true else { return [] }
        let rows = try database.query(
            """
            SELECT project, path, line, column, spelling, enclosing_type, kind, target, slot
            FROM usage_token_references
            WHERE (?1 IS NULL OR project = ?1) AND (?2 IS NULL OR spelling IN (SELECT value FROM json_each(?2)))
            ORDER BY project, path, line, column, spelling
            """,
            [
                SQLValue(project),
                SQLValue(spellings.map { JSON.array($0.sorted().map { .string($0) }).serialized() }),
            ])
        return try rows.map { row in
            (
                try row.text(0),
                TokenReference(
                    file: try row.text(1), line: try row.int(2), column: try row.int(3), spelling: try row.text(4),
                    enclosingType: try row.optionalText(5), kind: try Self.referenceKind(row, 6),
                    target: try row.optionalText(7), slot: try row.optionalText(8))
            )
        }
    }

    /// A reference's kind in `row`'s `column`.
    static func referenceKind(_ row: some ColumnReading, _ column: Int) throws -> TokenReference.Kind {
        let text = try row.text(column)
        guard let kind = TokenReference.Kind(rawValue: text) else {
            throw RowError(
                column: row.columnName(column),
                expected: TokenReference.Kind.allCases.map(\.rawValue).joined(separator: ", "), found: text)
        }
        return kind
    }

    /// The app's own token definitions, of one project or all, in file and line order,
    /// with their project.
    public func storedTokenDefinitions(project: String? = nil) throws
        -> [(project: String, definition: AppTokenDefinition)]
    {
        let rows = try database.query(
            """
            SELECT project, path, line, column, owner, name, wraps, private FROM usage_token_definitions
            WHERE ?1 IS NULL OR project = ?1 ORDER BY project, path, line, column, owner, name
            """, [SQLValue(project)])
        return try rows.map { row in
            (
                try row.text(0),
                AppTokenDefinition(
                    file: try row.text(1), line: try row.int(2), column: try row.int(3), owner: try row.text(4),
                    name: try row.text(5), wraps: try row.optionalText(6), isPrivate: try row.int(7) != 0)
            )
        }
    }

    /// The stored call sites, of one project or all, in file, line and branch order, with their project.
    public func storedSites(project: String? = nil) throws -> [(project: String, site: UsageSite)] {
        let rows = try database.query(
            """
            SELECT project, path, line, column, component, branch, spec, axis, option, option_arguments, inherited,
                   defaulted, dynamic, unknown_because, role, disabled, arguments, dynamic_arguments, containers,
                   availability, enclosing_type, enclosing_body, choices, member, via
            FROM usage_sites WHERE ?1 IS NULL OR project = ?1 ORDER BY project, path, line, column, branch
            """, [SQLValue(project)])
        return try rows.map { row in
            func strings(_ column: Int) throws -> [String] { try Self.strings(row, column, table: "usage_sites") }
            guard let arguments = try JSONParser.parse(try row.text(16), file: "usage_sites").object else {
                throw RowError(column: "arguments", expected: "a JSON object", found: "another value")
            }
            var site = UsageSite(
                file: try row.text(1), line: try row.int(2), column: try row.int(3), component: try row.text(4),
                spec: try row.optionalText(6), axis: try row.optionalText(7), option: try row.optionalText(8),
                inherited: try row.flag(10), defaulted: try row.flag(11), role: try row.optionalText(14),
                disabled: try row.flag(15),
                arguments: Dictionary(
                    try arguments.map { member in
                        guard let text = member.value.string else {
                            throw RowError(column: "arguments", expected: "text values", found: member.key)
                        }
                        return (member.key, text)
                    }, uniquingKeysWith: { first, _ in first }),
                containers: try strings(18), availability: try strings(19), enclosingType: try row.optionalText(20),
                enclosingBody: try row.optionalText(21))
            site.branch = try row.int(5)
            site.optionArguments = try row.optionalText(9)
            site.dynamic = try row.flag(12)
            site.unknownBecause = try row.optionalText(13)
            site.dynamicArguments = Set(try strings(17))
            site.choices = try strings(22)
            site.member = try row.optionalText(23)
            site.via = try row.optionalText(24)
            return (try row.text(0), site)
        }
    }
}
