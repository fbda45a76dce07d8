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

    /// The real trees in `../shared/corpus/tokens` (Spectrum's two releases, the Tokens
    /// Studio folders of NVE, Workday, Designsystemet, Equinor and Gestalt, Equinor's Figma
    /// export), each imported as published, against the sqlite3
    /// shell writing the same rows. A tree the catalog refuses is said, not measured; the
    /// corpus being absent (a clone without `../shared`) skips this part, saying so.
    func corpusIntake() {
        let corpus = URL(fileURLWithPath: root).appending(path: "../shared/corpus/tokens").standardized.path
        guard FileManager.default.fileExists(atPath: corpus) else {
            print("real token trees: skipped, \(corpus) is absent")
            return
        }
        let trees: [(folder: String, name: String, extra: [String])] = [
            ("spectrum-14.0.0", "Spectrum", []), ("spectrum-15.0.0", "Spectrum", []),
            ("nve", "NVE", []), ("workday-canvas", "Canvas", []),
            ("digdir-designsystemet/design-tokens", "Designsystemet", []),
            ("equinor-eds/packages/eds-tokens/src/tokens/raw", "EDS", []),
            ("equinor-eds/packages/eds-tokens/tokens", "EDSFigma", []),
            ("gestalt/packages/gestalt-design-tokens/tokens/vr-theme", "Gestalt", []),
        ]
        for tree in trees {
            let slug = tree.folder.replacingOccurrences(of: "/", with: "-")
            let database = "\(work)/corpus-\(slug).db"
            let arguments =
                ["theme", "add", "\(corpus)/\(tree.folder)", "--name", tree.name, "--version", "1.0.0"] + tree.extra
            copy(seeded, to: database)
            let probe = Measure.run([options.catalog, "--db", database] + arguments, allowFailure: true)
            guard probe.status == 0 else {
                print("\(tree.folder): refused by the catalog (exit \(probe.status)); not measured")
                continue
            }
            let imported = Measure.median(
                runs: options.runs, prepare: { self.copy(self.seeded, to: database) },
                measure: { catalog(database, arguments) })
            let load = sqliteLoad(rowsOf: database, over: seeded, name: "corpus-\(slug)")
            record(
                "theme add (real tree\(tree.extra.isEmpty ? "" : ", " + tree.extra.joined(separator: " ")))",
                tree.folder.split(separator: "/").first.map(String.init) ?? tree.folder, imported,
                baseline: "sqlite3 shell, same rows", load.seconds)
        }
    }
}
