import CatalogModel
import CatalogResources
import CatalogStore
import CatalogSync
import CatalogTokenFiles
import CatalogUsage
import Foundation
import SQLite

#if canImport(CatalogScanner)
    import CatalogScanner
#endif

/// The catalog's fuzz targets: each takes arbitrary bytes, drives one decoder or
/// resolver with them, and traps (`preconditionFailure`) only when an invariant breaks.
/// Errors thrown for bad input are the expected outcome, not findings.
///
/// The libFuzzer harness (`Fuzz/`) calls ``run(_:)``; the regression tests feed every
/// kept crasher and corpus file through the same function, so a fixed crash stays fixed.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// A token file: read it; when it reads, write it back and read that again (the
    /// round trip must give the same theme), and resolve every standard mode context.
    case theme
    /// A style definition: read it, then resolve it in every state against a small theme.
    case style
    /// A component spec: read it, then write and re-read its document.
    case spec
    /// Alias resolution on a token graph built from the bytes, checked against a plain
    /// chain walk: a token resolves exactly when its chain ends in a value of its type.
    case aliases
    /// A changeset file: decode it; when it decodes, encode it again (same bytes) and list
    /// its changes.
    case changesetFile = "changeset-file"
    /// Raw SQLite changeset bytes applied to a seeded catalog inside a transaction that is
    /// rolled back: corrupt input must fail cleanly and touch no table outside the content.
    case changesetApply = "changeset-apply"
    /// A changeset file whose checksum is always right (the target appends it): the
    /// header and body are the input, as someone editing a file and re-signing it would
    /// make them. A file that decodes has its numbers in range and its history a chain,
    /// and is planned against the seeded catalog without a trap.
    case changesetHeader = "changeset-header"
    #if canImport(CatalogScanner)
        /// A Swift source scanned for call sites: no crash, no stack overflow, no time
        /// exponential in nesting, and every site on a line of the file (where the
        /// toolchain's SwiftParser, and so the scanner, is built).
        case swiftScan = "swift-scan"
    #endif
    /// A Tokens Studio expression (`{space.base} * 2 + 4px`): parsed, and when it parses
    /// evaluated with every reference at 1px; whatever its length or nesting, no crash and
    /// no stack overflow, and a value that is finite or an error.
    case expression
    /// A theme's files edited version after version (``RepublicationScript``), each
    /// version published by difference into one catalog and read whole into another:
    /// both must hold the same rows, kept state and manifest, and say the same.
    case republication
    /// Lines of an MCP session (`catalog mcp`'s protocol layer): every reply one line of
    /// JSON-RPC with a result or an error, and the session alive after the last.
    case mcpSession = "mcp-session"
    /// A JSON5 document: turned into JSON, which then parses or fails cleanly; a value
    /// read is read the same again from its own JSON (JSON is JSON5), and every line keeps
    /// its place (the output has the input's line breaks). The test suite compares the
    /// reader with a reference parser on generated documents.
    case json5

    /// Runs the target on one input.
    package func run(_ data: Data) {
        switch self {
        case .theme: Self.theme(data)
        case .style: Self.style(data)
        case .spec: Self.spec(data)
        case .aliases: AliasGraph(data).check()
        // The changeset targets share one catalog, whose connection is not for two threads
        // at once (tests run targets in parallel; libFuzzer runs one input at a time).
        case .changesetFile: Fixture.lock.withLock { Self.changesetFile(data) }
        case .changesetApply: Fixture.lock.withLock { Self.changesetApply(data) }
        case .changesetHeader: Fixture.lock.withLock { Self.changesetHeader(data) }
        #if canImport(CatalogScanner)
            case .swiftScan: Self.swiftScan(data)
        #endif
        case .expression: Self.expression(data)
        case .republication: DifferentialPublication.run(data)
        case .mcpSession: Self.mcpSession(data)
        case .json5: Self.json5(data)
        }
    }

    static func json5(_ data: Data) {
        guard let normalized = try? JSON5.normalized(data, file: "fuzz.json5") else { return }
        precondition(
            normalized.count(where: { $0 == 0x0A }) == data.count(where: { $0 == 0x0A }),
            "JSON5 moved a line: \(data.count(where: { $0 == 0x0A })) line breaks became \(normalized.count(where: { $0 == 0x0A }))"
        )
        guard let value = try? JSONParser.parse(normalized, file: "fuzz.json5") else { return }
        let again = try? JSONParser.parse(
            JSON5.normalized(Data(value.serialized().utf8), file: "again.json5"), file: "again.json5")
        precondition(again == value, "a JSON5 value read differently from its own JSON")
    }

    static func expression(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8),
            case .success(let expression) = TokenMath.parse(text)
        else { return }
        guard let value = try? TokenMath.evaluate(expression, lookup: { _ in TokenMath.Quantity(1, "px") }) else {
            return
        }
        precondition(value.value.isFinite, "an expression evaluated to \(value.value)")
    }

    /// Builds what the target shares between runs (the seeded catalog of the changeset
    /// targets) before the first input, so that no input pays for it.
    package func prepare() {
        if self == .changesetFile || self == .changesetApply || self == .changesetHeader { _ = Fixture.shared }
    }

    static func theme(_ data: Data) {
        guard let theme = try? ThemeReader.read(data, file: "fuzz.tokens.json") else { return }
        let written = Data(ThemeWriter.dtcg(theme).serialized().utf8)
        let reread: Theme
        do {
            reread = try ThemeReader.read(written, file: "written.tokens.json")
        } catch {
            preconditionFailure("a theme that read does not read back after writing: \(error)")
        }
        precondition(reread == theme, "a theme written and read back differs from the original")
        let resolver = TokenResolver(theme: theme)
        for (_, context) in resolver.standardContexts { _ = resolver.resolveAll(in: context) }
    }

    static func style(_ data: Data) {
        guard let (style, _) = try? StyleReader.read(data, file: "fuzz.style.json") else { return }
        let resolver = StyleResolver(style: style, theme: smallTheme)
        _ = resolver.problems()
        for state in ["normal", "pressed", "disabled"] {
            for role in [nil, "destructive"] {
                _ = try? resolver.resolve(StyleResolver.Request(role: role, state: state))
            }
        }
    }

    static func spec(_ data: Data) {
        guard let (spec, document) = try? SpecReader.read(data, file: "fuzz.spec.json") else { return }
        let written = Data(document.serialized().utf8)
        guard let (reread, _) = try? SpecReader.read(written, file: "written.spec.json") else {
            preconditionFailure("a spec that read does not read back after writing")
        }
        precondition(reread.name == spec.name && reread.version == spec.version, "a spec changed in a round trip")
    }

    static func changesetFile(_ data: Data) {
        guard let file = try? ChangesetFile.decode(data, file: "fuzz.changeset") else { return }
        let encoded = file.encoded()
        guard let again = try? ChangesetFile.decode(encoded, file: "encoded.changeset") else {
            preconditionFailure("a decoded changeset file does not decode after encoding")
        }
        precondition(again == file, "a changeset file changed in an encode/decode round trip")
        for (_, changeset) in file.revisions { _ = try? Fixture.shared.repository.changes(in: changeset) }
    }

    static func changesetApply(_ data: Data) {
        let fixture = Fixture.shared
        _ = try? fixture.repository.changes(in: data)
        _ = try? fixture.repository.rollingBack { transaction in
            _ = try fixture.repository.apply(changeset: data, in: transaction)
            let bookkeeping = try fixture.bookkeeping()
            precondition(
                bookkeeping == fixture.bookkeepingBefore,
                "a changeset changed a table outside the catalog content")
        }
        precondition(try! fixture.rowCounts() == fixture.rowCountsBefore, "a rolled-back apply left rows behind")
    }

    static func changesetHeader(_ data: Data) {
        var signed = data
        signed.append(Data("\nsha256 \(SHA256.hex(data))\n".utf8))
        guard let file = try? ChangesetFile.decode(signed, file: "fuzz.changeset") else { return }
        var previous = file.base
        for (revision, changeset) in file.revisions {
            precondition(revision.sequence == (previous?.sequence ?? 0) + 1, "a decoded header's sequences skip")
            precondition(revision.parent == previous?.id, "a decoded header's revisions are not a chain")
            precondition(revision.changesetSize == changeset.count, "a decoded revision's size is not its changeset's")
            previous = revision
        }
        precondition(
            (try? ChangesetFile.decode(file.encoded(), file: "encoded.changeset")) == file,
            "a decoded changeset file does not decode the same after encoding")
        _ = try? ChangesetSync.plan(file, for: Fixture.shared.repository)
        _ = try? ChangesetSync.plan(file, for: Fixture.shared.repository, merge: true)
    }

    #if canImport(CatalogScanner)
        static func swiftScan(_ data: Data) {
            let source = String(decoding: data, as: UTF8.self)
            // Lines as SwiftSyntax counts them: \n, \r and \r\n each end one.
            var lines = 1
            var afterReturn = false
            for byte in source.utf8 {
                if byte == 0x0A && afterReturn {
                    afterReturn = false
                    continue
                }
                afterReturn = byte == 0x0D
                if byte == 0x0A || byte == 0x0D { lines += 1 }
            }
            for site in scanner.scan(source: source, file: "Fuzz.swift") {
                precondition(site.line >= 1 && site.line <= lines, "a call site outside the file: line \(site.line)")
            }
        }

        /// A scanner over the seeded specs' components.
        static let scanner: SourceScanner = {
            let specs = EmbeddedFile.seeds.filter { $0.path.hasSuffix(".spec.json") }.compactMap {
                try? SpecReader.read($0.data, file: $0.path).spec
            }
            return SourceScanner(vocabulary: UsageVocabulary(specs: specs))
        }()
    #endif

    /// A small theme for resolving fuzzed styles: a few colors, dimensions and a font.
    static let smallTheme: Theme = {
        let document = """
            {"$extensions": {"catalog.theme": {"name": "Fuzz", "version": "1.0.0"}},
             "color": {"$type": "color", "accent": {"$value": "#007AFF"}, "label": {"$value": "#FFFFFF"},
                       "destructive": {"$value": "{color.accent}"}},
             "size": {"$type": "dimension", "radius": {"$value": "8px"}, "padding": {"$value": "12px"}},
             "font": {"body": {"$type": "fontFamily", "$value": ["SF Pro", "system-ui"]}}}
            """
        return try! ThemeReader.read(Data(document.utf8), file: "fuzz-theme.tokens.json")
    }()
}

/// An in-memory catalog with the seeds, shared by every run of the changeset targets.
final class Fixture: @unchecked Sendable {
    static let shared = Fixture()
    /// Held while a target uses ``shared``.
    static let lock = NSLock()

    let repository: Repository
    var rowCountsBefore: [Int64] = []
    var bookkeepingBefore: [Row] = []

    private init() {
        let repository = try! Repository(path: ":memory:", mode: .createIfMissing)
        _ = try! repository.commit(message: "seed", author: "fuzz") { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        self.repository = repository
        rowCountsBefore = try! rowCounts()
        bookkeepingBefore = try! bookkeeping()
    }

    /// The number of rows in each content table (cheaper than the content hash, and
    /// enough to see a rollback that did not happen).
    func rowCounts() throws -> [Int64] {
        try repository.contentTables().map {
            // Table names come from sqlite_schema, not from input.
            try repository.database.scalar("SELECT count(*) FROM \"\($0)\"")?.int64 ?? -1
        }
    }

    /// The schema and every row of every table that is not catalog content, for comparison.
    func bookkeeping() throws -> [Row] {
        let database = repository.database
        let content = Set(try repository.contentTables())
        var rows = try database.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
        // The search indexes (virtual tables) follow content rows by their triggers: not compared.
        let tables = try database.query(
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' ORDER BY name")
        for table in tables.compactMap({ $0[0].string }) where !content.contains(table) {
            // Table names come from sqlite_schema, not from input.
            rows += try database.query("SELECT * FROM \"\(table)\"")
        }
        return rows
    }
}
