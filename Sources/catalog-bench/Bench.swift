import Foundation

/// The measurements, in the order the table lists them.
final class Bench {
    let options: Options
    let sqlite3 = Options.tool("sqlite3", package: "sqlite3")
    let sqldiff = Options.tool("sqldiff", package: "sqlite3-tools")
    let rg = Options.tool("rg", package: "ripgrep")
    let work: String
    /// The package root, for Examples/capsule.json.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    var results: [Result] = []
    /// A seeded catalog every measurement starts from.
    let seeded: String

    init(options: Options) {
        self.options = options
        guard FileManager.default.isExecutableFile(atPath: options.catalog) else {
            Measure.fail("no catalog binary at \(options.catalog); build it (swift build -c release) or pass --catalog")
        }
        work = NSTemporaryDirectory() + "catalog-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        seeded = work + "/seeded.db"
        _ = Measure.run([options.catalog, "--db", seeded, "seed"])
    }

    func runAll() {
        defer { try? FileManager.default.removeItem(atPath: work) }
        let started = Date()
        if options.runs("tokens") {
            var largest = seeded
            for scale in options.scales { largest = themes(scale: scale) }
            latency(on: largest, scale: options.scales.max() ?? 0)
            docs(on: largest, scale: options.scales.max() ?? 0)
            mcpSession(on: seeded, label: "seeded", bigTheme: nil)
            mcpSession(on: largest, label: "\(Self.label(options.scales.max() ?? 0)) tokens", bigTheme: "Bench")
        }
        if options.runs("documents") {
            for count in options.styleCounts { documents(styles: count, specs: options.specs) }
        }
        if options.runs("intake") { tokenIntake() }
        if options.runs("dimensions") { multiDimension(scale: options.dimensionTokens) }
        if options.runs("corpus") { corpusIntake() }
        if options.runs("usage") { usageScan() }
        print("\n" + Report.table(results))
        print("\nThe targets (issues 18 and 31):\n" + Report.targetTable(results))
        let machine =
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
        do {
            try Report.write(results, machine: machine, to: options.json)
        } catch {
            Measure.fail("cannot write \(options.json): \(error)")
        }
        print(
            "\n\(results.count) measurements in \(Int(Date().timeIntervalSince(started))) s on \(machine); JSON in \(options.json)."
        )
    }

    // MARK: - Helpers

    func catalog(_ database: String, _ arguments: [String], output: String? = nil) -> ProcessRun {
        Measure.run([options.catalog, "--db", database] + arguments, output: output)
    }

    /// A fresh copy of `source` at `path` (without WAL leftovers).
    func copy(_ source: String, to path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        _ = Measure.run([sqlite3, source, ".backup '\(path)'"])
    }

    func record(
        _ operation: String, _ scale: String, _ run: ProcessRun, baseline: String, _ baselineSeconds: Double?
    ) {
        let result = Result(
            operation: operation, scale: scale, seconds: run.seconds, peakMegabytes: run.peakMegabytes,
            baseline: baseline, baselineSeconds: baselineSeconds)
        results.append(result)
        let ratio = result.ratio.map { String(format: "×%.3f", $0) } ?? ""
        print(
            "\(operation) [\(scale)]: \(Report.format(run.seconds)), \(String(format: "%.0f", run.peakMegabytes)) MB"
                + (baselineSeconds.map { "; \(baseline) \(Report.format($0)) \(ratio)" } ?? ""))
        fflush(nil)  // progress appears as measurements finish, even into a file
    }

    static func label(_ count: Int) -> String {
        count >= 1_000_000 && count % 1_000_000 == 0
            ? "\(count / 1_000_000)M" : count >= 1_000 && count % 1_000 == 0 ? "\(count / 1_000)k" : "\(count)"
    }

    /// Times the sqlite3 shell loading, into a copy of `base`, the rows `result` has that
    /// `base` lacks (new and changed rows), as statements in one transaction with the
    /// catalog's pragmas. `withRevision: false` leaves out the revision row and its changeset.
    /// Bookkeeping is left out: usage records, and a publication's kept state (the scan a
    /// republication by difference compares with), which is the catalog's own cost. The
    /// search indexes' rows are loaded as rows of their virtual tables, their triggers
    /// dropped first (they call the catalog's own SQL functions, which the shell lacks).
    func sqliteLoad(rowsOf result: String, over base: String, name: String, withRevision: Bool = true) -> ProcessRun {
        let excluded =
            [
                "catalog_migrations", "catalog_info", "usage_files", "usage_sites", "usage_token_references",
                "usage_token_definitions",
                "theme_publication_states",
                "theme_publication_manifests",
            ]
            + (withRevision ? [] : ["revisions"])
        let query =
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN (SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')) AND name NOT IN ("
            + excluded.map { "'\($0)'" }.joined(separator: ", ") + ") ORDER BY rowid"
        let tables =
            (try? String(contentsOfFile: dump([sqlite3, result, query], name: "\(name)-tables"), encoding: .utf8)) ?? ""
        let script = "\(work)/\(name).sql"
        // The catalog's pragmas for bulk writes (Repository.bulkCacheSizeKiB: 512 MB).
        var text =
            "PRAGMA journal_mode = WAL;\nPRAGMA foreign_keys = ON;\nPRAGMA cache_size = -524288;\nBEGIN;\n"
            + "DROP TRIGGER IF EXISTS tokens_text_index;\nDROP TRIGGER IF EXISTS resolved_tokens_value_index;\n"
        for table in tables.split(separator: "\n") {
            let inserts = dump(
                [
                    sqlite3, result, "ATTACH '\(base)' AS base", ".mode insert \(table)",
                    "SELECT * FROM main.\"\(table)\" EXCEPT SELECT * FROM base.\"\(table)\"",
                ], name: "\(name)-\(table)")
            // REPLACE, so that rows the command changed (a delta's closed rows) load too.
            let rows = (try? String(contentsOfFile: inserts, encoding: .utf8)) ?? ""
            text += rows.replacingOccurrences(of: "INSERT INTO ", with: "REPLACE INTO ")
        }
        text += "COMMIT;\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: script))
        let target = "\(work)/\(name)-baseline.db"
        return Measure.median(
            runs: options.runs, prepare: { self.copy(base, to: target) },
            measure: {
                Measure.run([sqlite3, target], input: script)
            })
    }

    func dump(_ arguments: [String], name: String) -> String {
        let path = "\(work)/\(name).out"
        _ = Measure.run(arguments, output: path)
        return path
    }
}
