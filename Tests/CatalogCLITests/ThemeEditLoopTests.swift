import CatalogModel
import CatalogStore
import Foundation
import Testing

/// The loop a design-system team runs: export a theme, edit it, add it again. With no
/// version given, the catalog chooses the one to publish and says why, the dry run says
/// the same as the real run, and the same tokens again publish nothing.
@Suite struct ThemeEditLoopTests {
    /// DesignFoundation exported as `name`, `edit` applied to its JSON.
    func exported(_ catalog: SeededCatalog, _ name: String, edit: (inout [String: Any]) throws -> Void) throws -> String
    {
        let export = catalog.run(["theme", "export", "DesignFoundation"])
        #expect(export.status == 0, "\(export.stderr)")
        var theme = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        try edit(&theme)
        let data = try JSONSerialization.data(withJSONObject: theme, options: [.prettyPrinted, .sortedKeys])
        return try catalog.file(name, String(decoding: data, as: UTF8.self))
    }

    /// `theme`'s `colors.interactiveFill` set to another color.
    static func recolor(_ theme: inout [String: Any]) throws {
        var colors = try #require(theme["colors"] as? [String: Any])
        var fill = try #require(colors["interactiveFill"] as? [String: Any])
        fill["$value"] = ["colorSpace": "srgb", "components": [0.5, 0.2, 0.9], "alpha": 1, "hex": "#8033e6"]
        colors["interactiveFill"] = fill
        theme["colors"] = colors
    }

    /// `theme` without the version its export carries.
    static func unversioned(_ theme: inout [String: Any]) throws {
        var extensions = try #require(theme["$extensions"] as? [String: Any])
        var own = try #require(extensions["catalog.theme"] as? [String: Any])
        own["version"] = nil
        extensions["catalog.theme"] = own
        theme["$extensions"] = extensions
    }

    func versions(_ catalog: SeededCatalog) throws -> [String] {
        try Repository(path: catalog.path, mode: .mustExist).versions(ofTheme: "DesignFoundation").sorted().map(
            \.description)
    }

    @Test func anEditedExportPublishesTheNextVersionAndSaysWhy() throws {
        let catalog = try SeededCatalog()
        let file = try exported(catalog, "df.json", edit: Self.recolor)
        let reason =
            "No version given: publishing as 1.1.3: the files say 1.1.2, which DesignFoundation already has with other tokens; --version sets another.\n"
        let dry = catalog.run(["theme", "add", file, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains(reason.replacingOccurrences(of: "publishing", with: "would publish")), "\(dry.stdout)")
        #expect(dry.stdout.contains("Would publish theme DesignFoundation 1.1.3; nothing was written.\n"))
        #expect(dry.stdout.contains("Theme diff DesignFoundation@1.1.2 → DesignFoundation@1.1.3 (dry run): 1 updated"))
        let add = catalog.run(["theme", "add", file])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains(reason), "\(add.stdout)")
        #expect(add.stdout.contains("Published theme DesignFoundation 1.1.3: "))
        #expect(try versions(catalog).suffix(2) == ["1.1.2", "1.1.3"])
        // The same file again: its version (1.1.2) is no longer the latest; refused, dry or not.
        for dryRun in [true, false] {
            let again = catalog.run(["theme", "add", file] + (dryRun ? ["--dry-run"] : []))
            #expect(again.status == 65)
            #expect(again.stderr.contains("theme DesignFoundation 1.1.2 is already published with different content"))
        }
        #expect(try versions(catalog).last == "1.1.3")
    }

    @Test func aVersionTheCatalogChoosesRisesAsTheChangesDemand() throws {
        let catalog = try SeededCatalog()
        let file = try exported(catalog, "removed.json") { theme in
            try Self.unversioned(&theme)
            var colors = try #require(theme["colors"] as? [String: Any])
            colors["interactiveFill"] = nil
            theme["colors"] = colors
        }
        let reason =
            "2.0.0: the changes since 1.1.2 are breaking, which calls for 2.0.0 (token colors.interactiveFill deleted); --version sets another.\n"
        // A version given stays the team's: too small a step is refused with the reason.
        let given = catalog.run(["theme", "add", file, "--version", "1.1.3"])
        #expect(given.status == 65)
        #expect(given.stderr.contains("the changes are breaking, so the version must be at least 2.0.0"))
        let dry = catalog.run(["theme", "add", file, "--dry-run"])
        #expect(dry.stdout.contains("No version given: would publish as " + reason), "\(dry.stdout)")
        #expect(dry.stdout.contains("Would publish theme DesignFoundation 2.0.0; nothing was written.\n"))
        let add = catalog.run(["theme", "add", file])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("No version given: publishing as " + reason), "\(add.stdout)")
        #expect(!add.stdout.contains("1.1.3"), "the patch it tried first is not said")
        #expect(try versions(catalog).last == "2.0.0")
    }

    @Test func theSameTokensAgainPublishNothing() throws {
        let catalog = try SeededCatalog()
        let file = try exported(catalog, "same.json", edit: Self.unversioned)
        let head = try Repository(path: catalog.path, mode: .mustExist).headRevision()
        let said =
            "Theme DesignFoundation 1.1.2 is already published with these tokens; nothing changed (no version given).\n"
        for run in [["--dry-run"], []] {
            let add = catalog.run(["theme", "add", file] + run)
            #expect(add.status == 0, "\(add.stderr)")
            #expect(add.stdout.hasSuffix(said), "\(run): \(add.stdout)")
        }
        #expect(try Repository(path: catalog.path, mode: .mustExist).headRevision() == head)
        #expect(try versions(catalog).last == "1.1.2")
    }

    /// `impact` takes what users try: a version against the one before, the latest, tokens
    /// files not published; anything else says every accepted form.
    @Test func impactTakesWhatUsersTry() throws {
        let catalog = try SeededCatalog()
        let file = try exported(catalog, "df.json", edit: Self.recolor)
        let files = catalog.run(["impact", "DesignFoundation", file])
        #expect(files.status == 0, "\(files.stderr)")
        #expect(
            files.stdout.hasPrefix("Impact of DesignFoundation@1.1.2 → \(file) (not published)\n"), "\(files.stdout)")
        #expect(files.stdout.contains("  tokens (1): colors.interactiveFill\n"))
        #expect(files.stdout.contains("  styles (1): DFButton.filled (colors.interactiveFill)\n"))
        #expect(try versions(catalog).last == "1.1.2", "nothing was written")
        #expect(catalog.run(["theme", "add", file]).status == 0)
        let versus = catalog.run(["impact", "DesignFoundation@1.1.3", "--json"])
        let json = try JSONParser.parse(versus.stdout, file: "impact")
        #expect(json["from"]?.string == "DesignFoundation@1.1.2" && json["to"]?.string == "DesignFoundation@1.1.3")
        #expect(json["tokens"]?.array?.compactMap(\.string) == ["colors.interactiveFill"])
        #expect(
            catalog.run(["impact", "DesignFoundation"]).stdout
                == catalog.run(["impact", "DesignFoundation@1.1.3"]).stdout)
        let first = catalog.run(["impact", "DesignFoundation@0.2.0"])
        #expect(first.status == 1)
        #expect(first.stderr.contains("DesignFoundation 0.2.0 is the theme's first version"))
        for wrong in [["DesignFoundation", "absent.json"], ["DesignFoundation@1.1.2", "Sosh@1.0.0"]] {
            let refused = catalog.run(["impact"] + wrong)
            #expect(refused.status == 64)
            #expect(
                refused.stderr.contains(
                    "impact takes THEME@A THEME@B (two versions of one theme), THEME@VERSION or THEME"))
        }
    }
}
