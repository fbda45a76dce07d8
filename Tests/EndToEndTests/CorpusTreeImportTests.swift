import Foundation
import TestSupport
import Testing

/// Every tree of `../shared/corpus/tokens` imports as its project keeps it, through the
/// built binary: per-token problems are flagged (counted, listed with their reasons, never
/// given a value), the rest resolves. The token counts per mode are written here, counted
/// by walking the files outside the catalog (objects with `value`/`$value`; for Tokens
/// Studio folders, the sets a mode's themes select plus those no theme lists), not taken
/// from the reader; resolved values are checked on a sample of each tree, worked out by
/// hand from the files.
@Suite struct CorpusTreeImportTests {
    static var present: Bool { RealTokenCorpusTests.present }

    /// A tree imported into a fresh catalog, with what `theme add` said.
    struct Imported {
        let directory: TemporaryDirectory
        let db: String
        let name: String
        let add: CatalogProcess.Result

        /// The first line of `theme show` in `modes`: "NAME V: N of M tokens in …".
        func shown(_ modes: [String] = []) throws -> String {
            let result = try RealTokenCorpusTests.run(
                ["theme", "show", name] + modes.flatMap { ["--mode", $0] }, db: db)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(separator: "\n").first ?? "")
        }

        /// How many tokens exist in the context `modes` chooses.
        func count(_ modes: [String] = []) throws -> Int? {
            let line = try shown(modes)
            guard let range = line.range(of: ": "), let of = line.range(of: " of ") else { return nil }
            return Int(line[range.upperBound..<of.lowerBound].replacingOccurrences(of: ",", with: ""))
        }

        /// A token's resolved value in `modes`, as `theme show --json` gives it.
        func resolved(_ path: String, _ modes: [String] = []) throws -> Any? {
            let result = try RealTokenCorpusTests.run(
                ["theme", "show", name, "--resolved", "--path", path, "--json"] + modes.flatMap { ["--mode", $0] },
                db: db)
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let tokens = json?["tokens"] as? [[String: Any]] ?? []
            return tokens.first { $0["path"] as? String == path }?["value"]
        }

        /// The unresolved tokens (`theme problems --json`): state and first problem of each.
        func problems() throws -> [(path: String, state: String, problem: String)] {
            let result = try RealTokenCorpusTests.run(["theme", "problems", name, "--json"], db: db)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (json?["unresolved"] as? [[String: Any]] ?? []).map {
                (
                    $0["path"] as? String ?? "", $0["state"] as? String ?? "",
                    ($0["problems"] as? [String])?.first ?? ""
                )
            }
        }
    }

    /// A resolved dimension's number of pixels.
    static func pixels(_ value: Any?) -> Double? {
        guard let object = value as? [String: Any], object["unit"] as? String == "px" else { return nil }
        return object["value"] as? Double
    }

    static func importing(_ arguments: [String], name: String) throws -> Imported {
        let directory = try TemporaryDirectory()
        let db = directory.path("corpus.db")
        let add = try RealTokenCorpusTests.run(
            ["theme", "add"] + arguments + ["--name", name, "--version", "1.0.0"], db: db)
        #expect(add.status == 0, "\(name): \(add.stderr)")
        return Imported(directory: directory, db: db, name: name, add: add)
    }

    /// Designsystemet (Tokens Studio): math with units through references, evaluated per
    /// size mode as Tokens Studio evaluates it (px a plain number in a `number` token).
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func designsystemetImportsWithItsMath() throws {
        let tree = try Self.importing(
            [try RealTokenCorpusTests.folder("digdir-designsystemet/design-tokens")], name: "DS")
        #expect(tree.add.stdout.contains("Published theme DS 1.0.0: 538 tokens; Size: medium (default)"))
        #expect(try tree.problems().isEmpty)
        for modes in [[], ["Size=large"], ["Size=small"], ["Color=danger"], ["Color scheme=Light"]] {
            #expect(try tree.count(modes) == 538, "\(modes)")
        }
        // medium: step 4, base 18, mode font size 18 → unit 4; large: mode font size 21 → 4 ⅔.
        #expect(try tree.resolved("_size.unit") as? Double == 4)
        let large = try #require(try tree.resolved("_size.unit", ["Size=large"]) as? Double)
        #expect(abs(large - 14.0 / 3.0) < 1e-9)
        // size.4 = {_size.4} = floor({_size.unit} * 4)
        #expect(try Self.pixels(tree.resolved("size.4")) == 16)
        #expect(try Self.pixels(tree.resolved("size.4", ["Size=large"])) == 18)
    }

    /// Equinor EDS as a Tokens Studio folder: expr-eval's `pow` evaluates; line heights
    /// naming a length are that length; TokenScript's `chroma()` and `hue()` are flagged
    /// as the team's own functions (the catalog has no reference for their meaning) with the colors built from them.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func equinorStudioFolderFlagsOnlyWhatItCannotEvaluate() throws {
        let tree = try Self.importing(
            [try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/src/tokens/raw")], name: "EDS")
        #expect(
            tree.add.stdout.contains("642 tokens, 381 unresolved (catalog theme problems EDS)"), "\(tree.add.stdout)")
        let problems = try tree.problems()
        let own = problems.filter { $0.state == "flagged" }
        #expect(own.count == 15)
        #expect(
            own.filter { $0.problem.contains("neither CSS nor Tokens Studio's math defines chroma()") }
                .count == 7)
        #expect(
            own.filter { $0.problem.contains("neither CSS nor Tokens Studio's math defines hue()") }.count
                == 7)
        #expect(own.filter { $0.path == "primitives.type-scale.tracking-normal" }.count == 1)  // a font weight of 0
        #expect(problems.filter { $0.state == "refersToUnresolved" }.count == 366)
        for modes in [[], ["density=compact"], ["color-scheme=dark"]] {
            #expect(try tree.count(modes) == 642 - 381, "\(modes)")
        }
        // exp(-25 / 2 × (0.6 − 0.98)²)
        let gaussian = try #require(try tree.resolved("foundation.gaussian.light.1") as? Double)
        #expect(abs(gaussian - exp(-12.5 * 0.38 * 0.38)) < 1e-12)
        #expect(try Self.pixels(tree.resolved("typography.ui.xl.line-height")) == 24)
    }

    /// Equinor EDS as generated DTCG with mode files (`--mode-file`): read strictly, as
    /// DTCG 2025.10 has it; its TokenScript colors and references to files it does not
    /// hold are flagged, the rest resolves per density and color scheme.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func equinorGeneratedDTCGWithModeFiles() throws {
        let folder = try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/src/tokens/dtcg")
        let tree = try Self.importing(
            ["primitives", "font", "colors", "semantic"].map { "\(folder)/\($0)/default.json" }
                + ["comfortable", "compact", "relaxed"].flatMap {
                    ["--mode-file", "density:\($0)=\(folder)/density/\($0).json"]
                }
                + ["light", "dark"].flatMap { ["--mode-file", "color-scheme:\($0)=\(folder)/color-scheme/\($0).json"] },
            name: "EDSDTCG")
        #expect(tree.add.stdout.contains("557 tokens, 418 unresolved"), "\(tree.add.stdout)")
        let own = try tree.problems().filter { $0.state == "flagged" }
        #expect(own.filter { $0.problem.contains("got \"set_chroma(set_lightness(") }.count == 210)
        #expect(own.count == 228)
        for modes in [[], ["density=relaxed"], ["color-scheme=dark"]] {
            #expect(try tree.count(modes) == 557 - 418, "\(modes)")
        }
    }

    /// Equinor EDS as Figma's variables export (two folders, 106 files): one dimension per
    /// collection with several modes, `string` types read; every token resolves, and a
    /// density mode changes what it changes.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func equinorFigmaExportsAsCollectionsAndModes() throws {
        let tree = try Self.importing(
            [
                try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/tokens/FQQqyumcpPQoiFRCjdS9GM"),
                try RealTokenCorpusTests.folder("equinor-eds/packages/eds-tokens/tokens/cpNchKjiIM19dPqTxE0fqg"),
            ], name: "EDSFigma")
        #expect(
            tree.add.stdout.contains(
                "Read 106 files as Figma variables: 897 tokens; Border radius: None (default), Pill, Rounded"))
        #expect(tree.add.stderr.contains("Figma variables collection \"Density\" has 2 modes (Comfortable, Spacious)"))
        #expect(try tree.problems().isEmpty)
        #expect(try tree.count() == 897 && tree.count(["Density=Spacious"]) == 897)
        #expect(try tree.resolved("typography.ui-body.lg.font-size") as? Double == 14)
        #expect(try tree.resolved("typography.ui-body.lg.font-size", ["Density=Spacious"]) as? Double == 16)
        #expect(try tree.resolved("Documentation") is String)
    }

    /// Gestalt's Style Dictionary sources, light and dark as mode files: untyped tokens take
    /// the kind Style Dictionary's transforms give them, or stay verbatim (its shadows).
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func gestaltStyleDictionaryLightAndDark() throws {
        let arguments = try RealTokenCorpusTests.gestaltClassicArguments()
        let tree = try Self.importing(arguments, name: "Gestalt")
        #expect(tree.add.stdout.contains("as Style Dictionary: 524 tokens; colorScheme: light (default), dark"))
        #expect(try tree.problems().isEmpty)
        // 31 tokens are written only in the light files: the dark build has the other 493.
        #expect(try tree.count() == 524 && tree.count(["dark"]) == 493)
        let light = try tree.resolved("color.background.default") as? [String: Any]
        let dark = try tree.resolved("color.background.default", ["dark"]) as? [String: Any]
        #expect(light?["hex"] as? String == "#ffffff" && dark?["hex"] as? String == "#111111")
        let shadow = try #require(try tree.resolved("elevation.floating") as? [String: Any])
        #expect((shadow["0"] as? [String: Any])?["blurRadius"] as? Int == 8)
    }

    /// Gestalt's Tokens Studio folder: easings written as objects under `other` kept
    /// verbatim; the component and language sets that no theme of `$themes.json` selects
    /// are in no context (Tokens Studio builds a theme from the sets its themes select) and
    /// listed as such.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func gestaltStudioFolderKeepsWhatItsToolsKeep() throws {
        let tree = try Self.importing(
            [try RealTokenCorpusTests.folder("gestalt/packages/gestalt-design-tokens/tokens/vr-theme")], name: "GVR")
        #expect(tree.add.stdout.contains("as Tokens Studio: 587 tokens; Base: Default (default)"))
        #expect(
            tree.add.stderr.contains(
                "8 sets are selected by no theme, so in no context, as Tokens Studio builds its themes (112 tokens;"))
        #expect(try tree.problems().isEmpty)
        #expect(try tree.count() == 586)
        #expect(try tree.count(["Semantic colors=Dark"]) == 587)
        #expect(try tree.count(["Component=iOS"]) == 586)
        #expect(try tree.resolved("comp.checkbox.motion.background.colorchange.duration") == nil)
        let easing = try #require(try tree.resolved("sema.motion.scale.swipe.easing") as? [String: String])
        #expect(easing == ["x1": "0.8", "y1": "0", "x2": "0.2", "y2": "1"])
        // The Swift package counts what it generates: the 22 untyped easings are left out and
        // named; the token with no default value is generated as an optional.
        let swift = try RealTokenCorpusTests.run(
            ["export", "swift", "--theme", "GVR", "-o", tree.directory.path("swift")], db: tree.db)
        #expect(swift.stdout.contains("Wrote package GVRTokens to "), "\(swift.stdout)\(swift.stderr)")
        #expect(swift.stdout.contains(": 565 of 587 tokens of GVR 1.0.0"), "\(swift.stdout)")
    }

    /// Figma's Simple Design System: the modes its vendor extension states plainly
    /// (`$extensions["com.figma.sds"].modes`) are read as modes, a collection of several
    /// a dimension; references written with Figma's variable names (`{@color_primitives.Gray.900}`)
    /// name the keys SDS's build matches them to; the one reference to a primitive the file
    /// lacks (`Brand B.800`, in `brand_b_light` only) flags its token in that mode alone: it
    /// keeps its light and dark values. Counts and values worked out from the file by hand.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func figmaSDSReadsItsVendorModes() throws {
        let tree = try Self.importing(
            [try RealTokenCorpusTests.folder("figma-sds") + "/tokens.json"], name: "SDS")
        #expect(
            tree.add.stdout.contains(
                "337 tokens, 1 unresolved (catalog theme problems SDS); responsive: desktop (default), mobile, tablet; color: sds_light (default), sds_dark, brand_b_light"
            ), "\(tree.add.stdout)")
        #expect(!tree.add.stderr.contains("does not read as modes"))
        let problems = try tree.problems()
        #expect(problems.map(\.path) == ["@color.background.brand.default"])
        #expect(problems.first?.problem.contains("{@color_primitives.Brand B.800}, which does not exist") == true)
        #expect(try tree.count() == 337 && tree.count(["sds_dark"]) == 337 && tree.count(["mobile"]) == 337)
        #expect(try tree.count(["brand_b_light"]) == 336)
        // Brand.800 in light, Brand.100 in dark: "#2c2c2c", "#f5f5f5" in the file.
        let brand = try tree.resolved("@color.background.brand.default") as? [String: Any]
        #expect(brand?["hex"] as? String == "#2c2c2c")
        // White.1000 in light, Gray.900 in dark: "#ffffff", "#1e1e1e" in the file.
        let light = try tree.resolved("@color.background.default.default") as? [String: Any]
        let dark = try tree.resolved("@color.background.default.default", ["sds_dark"]) as? [String: Any]
        #expect(light?["hex"] as? String == "#ffffff" && dark?["hex"] as? String == "#1e1e1e")
        #expect(try tree.resolved("@responsive.device-width") as? Double == 1200)
        #expect(try tree.resolved("@responsive.device-width", ["mobile"]) as? Double == 375)
        #expect(try tree.resolved("@responsive.device", ["tablet"]) as? String == "tablet")
    }

    /// Workday Canvas: oklch colors with a note or an 8-digit hex inside the value are
    /// read from their components and alpha (one warning per file), not kept as JSON.
    @Test(.enabled(if: present, "../shared/corpus/tokens is absent (it comes with ../shared beside the project)"))
    func workdayColorsWithNotesAreColors() throws {
        let tree = try Self.importing([try RealTokenCorpusTests.folder("workday-canvas")], name: "Canvas")
        #expect(tree.add.stdout.contains("708 tokens, 58 unresolved"))
        #expect(try tree.count() == 708 && tree.count(["Brand=Forest"]) == 601 && tree.count(["System=Branded"]) == 603)
        #expect(tree.add.stderr.contains("color values carry \"description\""))
        #expect(try tree.problems().allSatisfy { $0.state == "dangling" })
        let amber = try #require(try tree.resolved("palette.amber.25") as? [String: Any])
        #expect(amber["description"] == nil && amber["colorSpace"] as? String == "oklch")
        let text = try #require(try tree.resolved("color.fg.default") as? [String: Any])
        #expect(text["alpha"] as? Double == 0.77 && text["hex"] == nil)
        let shown = try RealTokenCorpusTests.run(
            ["theme", "show", "Canvas", "--path", "palette.amber.25", "--resolved"], db: tree.db)
        #expect(shown.stdout.contains("oklch(0.9779 0.0214 95.33) ≈ #FCF8E8FF"), "\(shown.stdout)")
    }
}
