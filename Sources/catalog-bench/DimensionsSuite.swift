import Foundation

extension Bench {
    /// A theme with several dimensions: a DTCG resolver document over
    /// `scale` tokens with three modifiers of three contexts each
    /// (``Inputs/resolverTheme(at:count:changed:)``), imported, then republished with 100
    /// tokens changed in the foundation and in the contexts that override them, against
    /// the same baselines as the single-dimension theme.
    func multiDimension(scale: Int) {
        let label = "\(Self.label(scale)) tokens, 3×3 modes"
        let directory = "\(work)/dimensions-\(Self.label(scale))"
        let changed = Inputs.changedTokens(of: scale, seed: 13)
        do {
            try Inputs.resolverTheme(at: "\(directory)/v1", count: scale)
            try Inputs.resolverTheme(at: "\(directory)/v2", count: scale, changed: changed)
        } catch {
            Measure.fail("cannot write the resolver theme: \(error)")
        }
        func add(_ folder: String, _ version: String) -> [String] {
            [
                "theme", "add", "\(directory)/\(folder)/bench.resolver.json", "--name", "Dimensions", "--version",
                version,
            ]
        }
        let database = "\(directory)/catalog.db"
        let imported = Measure.median(
            runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
            measure: { catalog(database, add("v1", "1.0.0")) })
        let load = sqliteLoad(rowsOf: database, over: seeded, name: "dimensions-import")
        record("theme add (import, 3×3 modes)", label, imported, baseline: "sqlite3 shell, same rows", load.seconds)

        let before = "\(directory)/before.db"
        copy(database, to: before)
        let update = catalog(database, add("v2", "1.0.1"))
        let delta = sqliteLoad(rowsOf: database, over: before, name: "dimensions-update")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: "\(directory)/v2")) ?? []).sorted()
        let parse = Measure.median(runs: options.runs) {
            Measure.run([
                sqlite3, ":memory:",
                "SELECT " + files.map { "json_valid(readfile('\(directory)/v2/\($0)'))" }.joined(separator: " + "),
            ])
        }
        record(
            "theme add (100 changed, 3×3 modes)", label, update, baseline: "sqlite3 parsing the files + same rows",
            parse.seconds + delta.seconds)
        try? FileManager.default.removeItem(atPath: before)
    }
}
