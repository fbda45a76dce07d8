import Foundation
import TestSupport

extension Bench {
    /// Importing a Spectrum-shaped folder (flat names, `$schema` types, color-theme and
    /// scale sets, aliases) at two sizes — about 2,500 tokens in 90 files, as Spectrum
    /// publishes, and ten times that in 900 files, which shows whether reading many files
    /// grows faster than the tokens do — against the sqlite3 shell writing the same rows.
    func tokenIntake() {
        for (tokens, files) in options.intakeSizes {
            let label = "Spectrum \(Self.label(tokens)) tokens, \(files) files"
            let folder = URL(fileURLWithPath: "\(work)/spectrum-\(tokens)")
            do {
                try TokenTreeGenerator.spectrum(tokens: tokens, files: files, into: folder)
            } catch {
                Measure.fail("cannot write the Spectrum tree: \(error)")
            }
            let database = "\(work)/intake-\(tokens).db"
            let arguments = ["theme", "add", folder.path, "--name", "Spectrum", "--version", "1.0.0"]
            let imported = Measure.median(
                runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
                measure: { catalog(database, arguments) })
            let load = sqliteLoad(rowsOf: database, over: seeded, name: "intake-\(tokens)")
            record("theme add (Spectrum folder)", label, imported, baseline: "sqlite3 shell, same rows", load.seconds)
            let dryRun = Measure.median(runs: options.runs) { catalog(database, arguments + ["--dry-run"]) }
            record(
                "theme add --dry-run (read, validate, diff)", label, dryRun, baseline: "sqlite3 shell, same rows",
                load.seconds)
        }
    }
}
