import Foundation

extension Bench {
    /// Import, diff, changeset export and apply at one scale; returns the catalog with
    /// both theme versions.
    func themes(scale: Int) -> String {
        let label = Self.label(scale)
        let directory = "\(work)/tokens-\(label)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let changed = Inputs.changedTokens(of: scale, seed: 7)
        do {
            try Inputs.tokenFile(at: "\(directory)/v1.json", count: scale, version: "1.0.0")
            try Inputs.tokenFile(at: "\(directory)/v2.json", count: scale, version: "1.0.1", changed: changed)
        } catch {
            Measure.fail("cannot write token files: \(error)")
        }
        let database = "\(directory)/catalog.db"
        let runs = scale >= 1_000_000 ? 1 : options.runs
        let imported = Measure.median(
            runs: runs, prepare: { self.copy(self.seeded, to: database) },
            measure: {
                catalog(database, ["theme", "add", "\(directory)/v1.json"])
            })
        let load = sqliteLoad(rowsOf: database, over: seeded, name: "import-\(label)")
        record("theme add (import)", "\(label) tokens", imported, baseline: "sqlite3 shell, same rows", load.seconds)
        let content = sqliteLoad(rowsOf: database, over: seeded, name: "content-\(label)", withRevision: false)
        record(
            "theme add (import)", "\(label) tokens", imported, baseline: "sqlite3 shell, content rows only",
            content.seconds)

        let before = "\(directory)/before.db"
        copy(database, to: before)
        let update = catalog(database, ["theme", "add", "\(directory)/v2.json"])
        let delta = sqliteLoad(rowsOf: database, over: before, name: "update-\(label)")
        record(
            "theme add (100 changed)", "\(label) tokens", update, baseline: "sqlite3 shell, same rows", delta.seconds)
        // Target 1's baseline: reading the file (the sqlite3 shell parsing it as JSON) plus
        // writing the rows that changed.
        let parse = Measure.median(runs: options.runs) {
            Measure.run([sqlite3, ":memory:", "SELECT json_valid(readfile('\(directory)/v2.json'))"])
        }
        record(
            "theme add (100 changed)", "\(label) tokens", update, baseline: "sqlite3 parsing the file + same rows",
            parse.seconds + delta.seconds)

        let baseline = Measure.median(runs: options.runs) { Measure.run([sqldiff, before, database]) }
        let themeDiff = Measure.median(runs: options.runs) {
            catalog(database, ["theme", "diff", "Bench@1.0.0", "Bench@1.0.1"])
        }
        record("theme diff (100 changes)", "\(label) tokens", themeDiff, baseline: "sqldiff", baseline.seconds)
        let catalogDiff = Measure.median(runs: options.runs) { catalog(database, ["diff", "HEAD~1", "HEAD"]) }
        record("catalog diff (100 changes)", "\(label) tokens", catalogDiff, baseline: "sqldiff", baseline.seconds)
        let changeset = "\(directory)/update.changeset"
        let export = Measure.median(runs: options.runs) {
            catalog(database, ["export-changeset", "--from", "HEAD~1", "--output", changeset])
        }
        record("export-changeset (100 changes)", "\(label) tokens", export, baseline: "sqldiff", baseline.seconds)
        let replica = "\(directory)/replica.db"
        let apply = Measure.median(
            runs: options.runs, prepare: { self.copy(before, to: replica) },
            measure: {
                catalog(replica, ["apply", changeset])
            })
        record("apply (100 changes)", "\(label) tokens", apply, baseline: "sqldiff", baseline.seconds)
        for leftover in [before, replica] { try? FileManager.default.removeItem(atPath: leftover) }
        return database
    }

    /// Start-to-answer latency of two reads against the sqlite3 shell reading the same row.
    func latency(on database: String, scale: Int) {
        let label = "\(Self.label(scale)) tokens"
        let styleShow = Measure.median(runs: options.runs) { catalog(database, ["style", "show", "DFButton.filled"]) }
        let styleRow = Measure.median(runs: options.runs) {
            Measure.run([
                sqlite3, database,
                "SELECT document FROM style_versions WHERE component = 'DFButton' AND style = 'filled' "
                    + "ORDER BY major DESC, minor DESC, patch DESC LIMIT 1",
            ])
        }
        record("style show", label, styleShow, baseline: "sqlite3 SELECT", styleRow.seconds)
        let middle = scale / 2
        let path = "group\(middle / 1_000).token\(middle)"
        let themeShow = Measure.median(runs: options.runs) {
            catalog(database, ["theme", "show", "Bench@1.0.1", "--path", path])
        }
        let tokenRow = Measure.median(runs: options.runs) {
            Measure.run([
                sqlite3, database,
                """
                SELECT t.type, v.mode, v.value FROM tokens t JOIN token_values v ON v.theme = t.theme AND v.path = t.path
                WHERE t.theme = 'Bench' AND t.path = '\(path)' AND +t.since <= 2 AND (t.until IS NULL OR +t.until > 2)
                AND +v.since <= 2 AND (v.until IS NULL OR +v.until > 2)
                """,
            ])
        }
        record("theme show --path", label, themeShow, baseline: "sqlite3 SELECT", tokenRow.seconds)
        let themeList = Measure.median(runs: options.runs) { catalog(database, ["theme", "list"]) }
        let versionRows = Measure.median(runs: options.runs) {
            Measure.run([sqlite3, database, "SELECT theme, version, description, token_count FROM theme_versions"])
        }
        record("theme list", label, themeList, baseline: "sqlite3 SELECT", versionRows.seconds)
        let specShow = Measure.median(runs: options.runs) { catalog(database, ["spec", "show", "DFButton"]) }
        let specRow = Measure.median(runs: options.runs) {
            Measure.run([
                sqlite3, database,
                "SELECT document FROM spec_versions WHERE spec = 'DFButton' ORDER BY major DESC, minor DESC, patch DESC LIMIT 1",
            ])
        }
        record("spec show", label, specShow, baseline: "sqlite3 SELECT", specRow.seconds)
        let version = Measure.median(runs: options.runs) { Measure.run([options.catalog, "--version"]) }
        let nothing = Measure.median(runs: options.runs) { Measure.run([sqlite3, ":memory:", "SELECT 1"]) }
        record("--version", "start-up only", version, baseline: "sqlite3 SELECT 1", nothing.seconds)
    }

    /// Every docs format on the largest catalog, against the sqlite3 shell reading every
    /// content table out as JSON once.
    func docs(on database: String, scale: Int) {
        let label = "\(Self.label(scale)) tokens + seeds"
        let runs = scale >= 1_000_000 ? 1 : options.runs
        let everything = Measure.median(runs: runs) {
            let tables =
                "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'catalog_%' AND name NOT IN ('revisions', 'usage_files', 'usage_sites', 'usage_token_references')"
            let names =
                (try? String(contentsOfFile: dump([sqlite3, database, tables], name: "docs-tables"), encoding: .utf8))
                ?? ""
            return Measure.run(
                [sqlite3, database, ".mode json"] + names.split(separator: "\n").map { "SELECT * FROM \"\($0)\"" })
        }
        for format in ["markdown", "docc", "json", "html"] {
            let folder = "\(work)/docs-\(format)"
            let run = Measure.median(
                runs: options.runs, prepare: { try? FileManager.default.removeItem(atPath: folder) },
                measure: {
                    catalog(database, ["export", "docs", "--format", format, "--output", folder])
                })
            record(
                "export docs --format \(format)", label, run, baseline: "sqlite3 reading all content",
                everything.seconds)
        }
    }

    /// Publishing many style and spec versions at once (`seed --dir`), then showing one.
    func documents(styles: Int, specs: Int) {
        let label = "\(Self.label(styles)) styles, \(Self.label(specs)) specs"
        let folder = "\(work)/documents-\(styles)"
        do {
            try Inputs.documentFolder(
                at: folder, capsule: root + "/Examples/capsule.json", styles: styles, specs: specs)
        } catch {
            Measure.fail("cannot write style files: \(error)")
        }
        let database = "\(work)/documents-\(styles).db"
        let run = Measure.median(
            runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
            measure: {
                catalog(database, ["seed", "--dir", folder])
            })
        let load = sqliteLoad(rowsOf: database, over: seeded, name: "documents-\(styles)")
        record("seed --dir (publish)", label, run, baseline: "sqlite3 shell, same rows", load.seconds)
        let style = "bench-style-0"
        let show = Measure.median(runs: options.runs) { catalog(database, ["style", "show", style]) }
        let row = Measure.median(runs: options.runs) {
            Measure.run([
                sqlite3, database,
                "SELECT document FROM style_versions WHERE style = '\(style)' ORDER BY major DESC, minor DESC, patch DESC LIMIT 1",
            ])
        }
        record("style show", label, show, baseline: "sqlite3 SELECT", row.seconds)
    }

    /// `usage scan` of a generated tree: first scan, unchanged rescan, 1% changed.
    func usageScan() {
        let tree = "\(work)/App"
        let candidates: [String]
        do {
            candidates = try Inputs.swiftTree(at: tree, megabytes: options.treeMegabytes)
        } catch {
            Measure.fail("cannot write the Swift tree: \(error)")
        }
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: tree).filter { $0.hasSuffix(".swift") }) ?? []
        let label = "\(options.treeMegabytes) MB, \(files.count) files, \(candidates.count) candidates"
        let database = "\(work)/usage.db"
        let first = Measure.median(
            runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
            measure: {
                catalog(database, ["usage", "scan", tree])
            })
        let parse = Measure.inProcess(runs: options.runs) { _ = ParserBaseline.parse(candidates) }
        record("usage scan (first)", label, first, baseline: "SwiftParser on candidates", parse)
        let grep = Measure.median(runs: options.runs) {
            Measure.run([rg, "-c", "-e", "DFButton", "-e", "OUDSButton", "-e", "Button", tree], allowFailure: true)
        }
        let unchanged = Measure.median(runs: options.runs) { catalog(database, ["usage", "scan", tree]) }
        record("usage scan (unchanged)", label, unchanged, baseline: "rg over the tree", grep.seconds)
        // The same 1% of the files each run (a line added at their end), so that the
        // parser's share, the changed candidates, is one set to measure alone.
        var generator = Generator(seed: 11)
        var chosen: Set<String> = []
        while chosen.count < max(files.count / 100, 1) {
            chosen.insert("\(tree)/\(files[Int(generator.next() % UInt64(files.count))])")
        }
        let touched = Measure.median(
            runs: options.runs,
            prepare: {
                for path in chosen.sorted() {
                    if let handle = FileHandle(forWritingAtPath: path) {
                        handle.seekToEndOfFile()
                        handle.write(Data("// touched \(generator.next())\n".utf8))
                        handle.closeFile()
                    }
                }
            }, measure: { catalog(database, ["usage", "scan", tree]) })
        record("usage scan (1% changed)", label, touched, baseline: "rg over the tree", grep.seconds)
        let changedCandidates = candidates.filter(chosen.contains)
        let parseChanged = Measure.inProcess(runs: options.runs) { _ = ParserBaseline.parse(changedCandidates) }
        record(
            "usage scan (1% changed)", "\(chosen.count) files changed, \(changedCandidates.count) candidates", touched,
            baseline: "SwiftParser on the changed candidates", parseChanged)

        // One file of many buttons: a scan's cost grows with the file, as the parser's does.
        let buttons = options.treeMegabytes >= 50 ? 20_000 : 5_000
        let single = "\(work)/OneFile"
        try? FileManager.default.createDirectory(atPath: single, withIntermediateDirectories: true)
        let file = "\(single)/Buttons.swift"
        var source = "import SwiftUI\nstruct Buttons: View {\n    var body: some View {\n        VStack {\n"
        for index in 0..<buttons { source += "            Button(\"\(index)\") { }.buttonStyle(.bordered)\n" }
        source += "        }\n    }\n}\n"
        guard FileManager.default.createFile(atPath: file, contents: Data(source.utf8)) else {
            Measure.fail("cannot write \(file)")
        }
        let oneFile = Measure.median(
            runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
            measure: { catalog(database, ["usage", "scan", single]) })
        let parseOne = Measure.inProcess(runs: options.runs) { _ = ParserBaseline.parse([file]) }
        record("usage scan (one file)", "\(buttons) buttons", oneFile, baseline: "SwiftParser on the file", parseOne)
    }
}
