import Foundation
import TestSupport
import Testing

/// Real token trees as their projects keep them (`../shared/corpus/tokens`, never copied
/// into the project) through the built binary, unpatched: the DTCG 2025.10 conformance
/// suite from its manifests, Spectrum's two releases and their diff, the Tokens Studio
/// folders of Workday Canvas and NVE. Where the folder is absent (a fresh clone outside
/// CI) each test is skipped with that reason; under `CI=true` its absence is a failure.
@Suite struct RealTokenCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "../../shared/corpus/tokens").standardized

    static var present: Bool {
        ExternalTool.isCI || FileManager.default.fileExists(atPath: corpus.appending(path: "README.md").path)
    }

    static func folder(_ name: String) throws -> String {
        let url = corpus.appending(path: name)
        try #require(
            FileManager.default.fileExists(atPath: url.path),
            "the real token corpus is missing at \(url.path) (it comes with ../shared beside the project)")
        return url.path
    }

    /// Gestalt classic as `theme add` takes it, as its build reads it (`src/getSources.js`):
    /// the shared files, then each `-light` and `-dark` file as a mode file, light the default.
    static func gestaltClassicArguments() throws -> [String] {
        let classic = try folder("gestalt/packages/gestalt-design-tokens/tokens/classic")
        let files = try FileManager.default.contentsOfDirectory(atPath: classic).filter { $0.hasSuffix(".json") }
            .sorted()
        var arguments = files.filter { !$0.hasSuffix("-light.json") && !$0.hasSuffix("-dark.json") }.map {
            "\(classic)/\($0)"
        }
        for scheme in ["light", "dark"] {
            for file in files where file.hasSuffix("-\(scheme).json") {
                arguments += ["--mode-file", "colorScheme:\(scheme)=\(classic)/\(file)"]
            }
        }
        return arguments
    }

    static func run(_ arguments: [String], db: String) throws -> CatalogProcess.Result {
        let result = try CatalogProcess.run(["--db", db] + arguments, timeout: 120)
        #expect(!result.timedOut && !result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        return result
    }

    struct Case: Decodable {
        var id: String
        var type: String
        var input: String
    }

    struct Manifest: Decodable { var tests: [Case] }

    /// The DTCG 2025.10 suite, read as DTCG (`--format dtcg`): every positive case is read,
    /// every negative case refused with exit 65 and a message; positive cases also read
    /// when the format is detected.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func theDTCGSuiteFromItsManifests() throws {
        let suite = try Self.folder("dtcg-2025.10-suite")
        let directory = try TemporaryDirectory()
        var counts: [String: Int] = [:]
        for part in ["format", "resolver"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(suite)/\(part)/manifest.json"))
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            #expect(manifest.tests.count > 10, "\(part): \(manifest.tests.count) cases")
            for test in manifest.tests {
                let input = "\(suite)/\(part)/\(test.input)"
                let db = directory.path("\(part)-\(test.id).db")
                let strict = try Self.run(
                    [
                        "theme", "add", input, "--format", "dtcg", "--strict", "--name", "Suite", "--version", "1.0.0",
                        "--dry-run",
                    ], db: db)
                counts[test.type, default: 0] += 1
                if test.type == "PositiveEvaluationTest" {
                    #expect(strict.status == 0, "\(test.id) (positive) was refused: \(strict.stderr)")
                    let detected = try Self.run(
                        ["theme", "add", input, "--name", "Suite", "--version", "1.0.0", "--dry-run"], db: db)
                    #expect(detected.status == 0, "\(test.id) (positive, detected) was refused: \(detected.stderr)")
                } else {
                    #expect(strict.status == 65, "\(test.id) (negative) exited \(strict.status): \(strict.stdout)")
                    #expect(strict.stderr.contains("error:"), "\(test.id): \(strict.stderr)")
                    // Without --strict the tree comes in whole, but the negative's token never gets a value.
                    let whole = try Self.run(
                        [
                            "theme", "add", input, "--format", "dtcg", "--name", "Suite", "--version", "1.0.0",
                            "--dry-run",
                        ],
                        db: db)
                    #expect(
                        whole.status == 65 || whole.stdout.contains(" unresolved ("),
                        "\(test.id) (negative, not strict) exited \(whole.status): \(whole.stdout)")
                }
            }
        }
        #expect(counts["PositiveEvaluationTest", default: 0] > 50 && counts["NegativeEvaluationTest", default: 0] > 50)
    }

    /// Leaf tokens of a Spectrum release counted independently (every top-level key of
    /// every file is one token), and the set of names whose JSON differs between releases.
    static func spectrumTokens(_ folder: String) throws -> [String: NSDictionary] {
        var tokens: [String: NSDictionary] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for (name, value) in object { tokens[name] = value as? NSDictionary }
        }
        return tokens
    }

    /// Spectrum 14.0.0 then 15.0.0 as published: both import, each with as many tokens as
    /// its files hold, and the semantic diff finds Spectrum's renamed/deprecated/added/
    /// deleted counts and, as updated, every other token whose JSON changed.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func spectrumReleasesImportAndDiff() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("spectrum.db")
        let old = try Self.spectrumTokens(try Self.folder("spectrum-14.0.0"))
        let new = try Self.spectrumTokens(try Self.folder("spectrum-15.0.0"))
        for (version, count) in [("14.0.0", old.count), ("15.0.0", new.count)] {
            let run = try Self.run(
                ["theme", "add", try Self.folder("spectrum-\(version)"), "--name", "Spectrum", "--version", version],
                db: db)
            #expect(run.status == 0, "\(version): \(run.stderr)")
            #expect(run.stdout.contains("as Spectrum tokens: \(count.formatted(.number.grouping(.automatic))) tokens"))
        }
        #expect(old.count == 2_338 && new.count == 2_469)
        let diff = try Self.run(["theme", "diff", "Spectrum@14.0.0", "Spectrum@15.0.0", "--json"], db: db)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
        func count(_ key: String) -> Int { (json[key] as? [Any])?.count ?? -1 }
        #expect(count("renamed") == 0)
        #expect(count("deprecated") == 4)
        #expect(count("added") == 131)
        #expect(count("deleted") == 4)
        let changed = old.keys.filter { name in new[name].map { $0 != old[name] } ?? false }
        #expect(count("updated") == changed.count, "updated: \(count("updated")), JSON differs: \(changed.count)")
        // Round trip: the export re-imports as already published.
        let export = directory.path("spectrum.tokens.json")
        #expect(try Self.run(["theme", "export", "Spectrum@15.0.0", "-o", export], db: db).status == 0)
        let again = try Self.run(["theme", "add", export], db: db)
        #expect(again.stdout.contains("already published"), "\(again.stdout)\(again.stderr)")
        let resolver = directory.path("resolver")
        #expect(
            try Self.run(["theme", "export", "Spectrum@15.0.0", "--format", "resolver", "-o", resolver], db: db).status
                == 0)
        let fromResolver = try Self.run(["theme", "add", "\(resolver)/Spectrum.resolver.json"], db: db)
        #expect(fromResolver.stdout.contains("already published"), "\(fromResolver.stdout)\(fromResolver.stderr)")
    }

    /// NVE's folder: one brand file carries a malformed color (`#fffffff`); with `--strict`
    /// the import is refused naming exactly that token, file, line and column, and writes nothing.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func nveIsRefusedStrictlyForItsOneMalformedColor() throws {
        let directory = try TemporaryDirectory()
        let run = try Self.run(
            ["theme", "add", try Self.folder("nve"), "--name", "NVE", "--version", "1.0.0", "--strict"],
            db: directory.path("nve.db"))
        #expect(run.status == 65)
        let errors = run.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(run.stderr)")
        #expect(errors.first?.contains("nve/brand/rme.json:62:19: error: $.color-shades.brand.000.$value") == true)
        #expect(errors.first?.contains("\"#fffffff\"") == true)
    }

    /// The set names a Tokens Studio folder's `$themes.json` selects (enabled or source in
    /// some theme), read here apart from the reader; a folder's name selects its sets.
    static func studioSelectedSets(_ folder: String) throws -> (names: Set<String>, folders: Set<String>) {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/$themes.json"))
        let themes = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        var names: Set<String> = []
        for theme in themes {
            for (set, status) in theme["selectedTokenSets"] as? [String: String] ?? [:] where status != "disabled" {
                names.insert(set)
            }
        }
        return (names, Set(names.map { $0 + "/" }))
    }

    /// Distinct token paths in a Tokens Studio folder, counted independently of the reader:
    /// every object with `value` or `$value` below the set files' roots, of the sets
    /// `selected` names (every set when `nil`).
    static func studioTokenPaths(
        _ folder: String, selected: (names: Set<String>, folders: Set<String>)? = nil
    ) throws -> Set<String> {
        var paths: Set<String> = []
        func walk(_ value: Any, _ path: [String]) {
            guard let object = value as? [String: Any] else { return }
            if object["value"] != nil || object["$value"] != nil {
                paths.insert(path.joined(separator: "."))
                return
            }
            for (key, member) in object where !key.hasPrefix("$") { walk(member, path + [key]) }
        }
        let walker = FileManager.default.enumerator(atPath: folder)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".json"), !(file as NSString).lastPathComponent.hasPrefix("$") else { continue }
            let set = String(file.dropLast(5))
            if let selected, !selected.names.contains(set), !selected.folders.contains(where: { set.hasPrefix($0) }) {
                continue
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))
            walk(try JSONSerialization.jsonObject(with: data), [])
        }
        return paths
    }

    /// NVE imports whole by default: its malformed color is in RME's brand file alone, so
    /// the token is flagged in Brand=RME only and keeps NVE's and Varsom's values (it was
    /// flagged everywhere, and the two tokens referring to it with it); the one token that
    /// reaches it there is unresolved in RME only. Counted in the summary, listed with the
    /// reasons (`theme problems`), noted by `check`, and kept through an export and re-import.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func nveImportsWholeWithItsMalformedColorFlagged() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("nve.db")
        let folder = try Self.folder("nve")
        let expected = try Self.studioTokenPaths(folder).count
        let run = try Self.run(["theme", "add", folder, "--name", "NVE", "--version", "1.0.0"], db: db)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "as Tokens Studio: \(expected.formatted(.number.grouping(.automatic))) tokens, 2 unresolved (catalog theme problems NVE)"
            ), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Flagged 1 token: kept as written, without a value in the modes whose files hold the problem, with their values elsewhere"
            ), "\(run.stdout)")
        #expect(run.stderr.contains("rme.json:62:19: warning: $.color-shades.brand.000.$value"))
        let list = try Self.run(["theme", "list", "--json"], db: db)
        let themes = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(themes.first?["tokens"] as? Int == expected)
        #expect(themes.first?["unresolved"] as? Int == 2)
        let invalid = try Self.run(["theme", "problems", "NVE", "--json"], db: db)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(invalid.stdout.utf8)) as? [String: Any])
        let refused = try #require(json["unresolved"] as? [[String: Any]])
        #expect(refused.compactMap { $0["state"] as? String } == ["flagged", "dangling"])
        #expect(
            refused.compactMap { $0["path"] as? String } == [
                "color-shades.brand.000", "color.brand.foreground.primary-on-bg",
            ])
        #expect(refused.first?["modes"] as? [String] == ["Brand=RME"])
        #expect((refused.first?["source"] as? [String: Any])?["$value"] as? String == "#fffffff")
        for (brand, value) in [("NVE", "#FFFFFFFF"), ("Varsom", "#432301FF")] {
            let show = try Self.run(
                ["theme", "show", "NVE", "--resolved", "--mode", brand, "--path", "color-shades.brand.000"], db: db)
            #expect(show.stdout.contains("color-shades.brand.000  color  \(value)"), "\(brand): \(show.stdout)")
        }
        let rme = try Self.run(
            ["theme", "show", "NVE", "--resolved", "--mode", "RME", "--path", "color-shades.brand.000"], db: db)
        #expect(rme.stdout.contains("0 of 722 tokens in Brand=RME"), "absent where flagged: \(rme.stdout)")
        #expect(
            try Self.run(["check"], db: db).stdout.contains(
                "NVE 1.0.0 has 2 unresolved tokens (catalog theme problems NVE@1.0.0)"))
        let export = directory.path("nve.tokens.json")
        #expect(try Self.run(["theme", "export", "NVE", "-o", export], db: db).status == 0)
        #expect(try Self.run(["theme", "add", export], db: db).stdout.contains("already published"))
        let resolver = directory.path("resolver")
        #expect(try Self.run(["theme", "export", "NVE", "--format", "resolver", "-o", resolver], db: db).status == 0)
        #expect(
            try Self.run(["theme", "add", "\(resolver)/NVE.resolver.json"], db: db).stdout.contains("already published")
        )
    }

    /// Workday Canvas as kept: `Canvas` is a Brand theme and a System theme, and its
    /// `$themes.json` selects sets that are not among the files, and `base`, a folder. It
    /// imports with every token of the sets its themes select (the folder's too), counted
    /// here apart from the reader; the 14 sets no theme selects (`deprecated/`, icons,
    /// motion, size) are in no context and listed by `theme problems`; the brands and
    /// system whose sets are missing leave what refers to those sets' tokens unresolved
    /// there (said once per mode); a token's value differs by the combination of modes;
    /// both exports re-import as already published.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func workdayCanvasImportsAsKept() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("workday.db")
        let folder = try Self.folder("workday-canvas")
        let expected = try Self.studioTokenPaths(folder, selected: Self.studioSelectedSets(folder)).count
        #expect(expected == 708)
        let run = try Self.run(["theme", "add", folder, "--name", "Canvas", "--version", "1.0.0"], db: db)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("as Tokens Studio: \(expected.formatted(.number.grouping(.automatic))) tokens"))
        #expect(
            run.stderr.contains("theme \"Forest\" selects the set \"sys/brand/forest\", which is not among the files"))
        #expect(run.stderr.contains("warning: in Brand=Forest, 30 tokens refer to tokens that do not exist there"))
        #expect(run.stderr.contains("14 sets are selected by no theme, so in no context"))
        // One line per kind of warning (was 237 lines, one per token): the 29 tokens naming
        // the missing {font-weight.md} are said once, with the count; --verbose says each.
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("warning: ") }
        #expect(lines.count == 8, "\(run.stderr)")
        #expect(
            lines.contains {
                $0.contains("refers to {font-weight.md}, which does not exist")
                    && $0.hasSuffix("(and 28 more of this kind: --verbose prints each)")
            })
        let verbose = try Self.run(
            ["theme", "add", folder, "--name", "Canvas2", "--version", "1.0.0", "--verbose", "--dry-run"], db: db)
        #expect(verbose.stderr.split(separator: "\n").filter { $0.contains("warning: ") }.count == 42)
        let problems = try Self.run(["theme", "problems", "Canvas", "--json"], db: db)
        let listed = try JSONSerialization.jsonObject(with: Data(problems.stdout.utf8)) as? [String: Any]
        let unselected = listed?["unselectedSets"] as? [[String: Any]] ?? []
        #expect(unselected.count == 14)
        #expect(unselected.reduce(0) { $0 + ($1["tokens"] as? Int ?? 0) } == 527)
        #expect(unselected.contains { $0["set"] as? String == "deprecated/sys/color/color" })
        let list = try Self.run(["theme", "list"], db: db)
        #expect(
            list.stdout.contains("Brand: Canvas (default), Forest, Island, Peach; System: Canvas (default), Branded"))
        let ambiguous = try Self.run(["theme", "show", "Canvas", "--mode", "Canvas"], db: db)
        #expect(ambiguous.status != 0)
        #expect(
            ambiguous.stderr.contains(
                "mode 'Canvas' is in dimensions Brand and System; write Brand=Canvas or System=Canvas"))
        // The color set is the System=Canvas theme's only: under System=Branded (whose set is
        // missing) its tokens do not exist.
        let canvas = try Self.run(["theme", "show", "Canvas", "--path", "color.bg.alt.default", "--json"], db: db)
        #expect(canvas.stdout.contains("\"path\": \"color.bg.alt.default\""), "\(canvas.stdout)")
        let branded = try Self.run(
            ["theme", "show", "Canvas", "--path", "color.bg.alt.default", "--mode", "System=Branded", "--json"], db: db)
        #expect(!branded.stdout.contains("color.bg.alt.default\""), "\(branded.stdout)")
        let export = directory.path("canvas.tokens.json")
        #expect(try Self.run(["theme", "export", "Canvas", "-o", export], db: db).status == 0)
        let again = try Self.run(["theme", "add", export], db: db)
        #expect(again.stdout.contains("already published"), "\(again.stdout)\(again.stderr)")
        let resolver = directory.path("resolver")
        #expect(
            try Self.run(["theme", "export", "Canvas", "--format", "resolver", "-o", resolver], db: db).status == 0)
        let fromResolver = try Self.run(["theme", "add", "\(resolver)/Canvas.resolver.json"], db: db)
        #expect(fromResolver.stdout.contains("already published"), "\(fromResolver.stdout)\(fromResolver.stderr)")
    }
}
