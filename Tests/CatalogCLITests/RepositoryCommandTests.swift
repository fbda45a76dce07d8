import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// A seeded catalog in a temporary folder, with helpers to write input files and to
/// check that a failing command left the database exactly as it was.
final class SeededCatalog {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("catalog.db")
        let run = runCatalog(["seed", "--db", path])
        guard run.status == 0 else { throw RequestError("seed failed: \(run.stderr)") }
    }

    func run(_ arguments: [String]) -> CLIRun { runCatalog(arguments + ["--db", path]) }

    func file(_ name: String, _ text: String) throws -> String {
        let file = directory.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func contentHash() throws -> String { try Repository(path: path, mode: .mustExist).contentHash() }

    /// Runs a command expected to fail with `status`, and checks the database did not change.
    func failing(_ arguments: [String], status: Int32 = 65, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> String
    {
        let before = try contentHash()
        let result = run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try contentHash() == before, "the database changed", sourceLocation: sourceLocation)
        return result.stderr
    }
}

/// The capsule example shipped under `Examples/`.
let capsulePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Examples/capsule.json").path

@Suite struct RepositoryCommandTests {
    @Test func seedPrintsWhatTheCatalogHoldsAndIsIdempotent() throws {
        let catalog = try SeededCatalog()
        let again = catalog.run(["seed"])
        #expect(again.status == 0)
        #expect(
            again.stdout.hasPrefix(
                "themes: 10 versions (0 new)\nstyles: 29 versions (0 new)\nspecs: 8 versions (0 new)\n"))
        #expect(again.stdout.contains("The catalog already held every seed; nothing changed."))
        #expect(again.stdout.contains("    DFButton 0.2.0, 1.2.0 (DesignFoundation)"))
        #expect(again.stdout.contains("Try next:\n  catalog spec show DFButton\n"))
    }

    /// A mistyped style name gets the nearest one, not the whole list after it; a name
    /// near nothing gets the list.
    @Test func aMistypedStyleGetsTheNearestNameOnly() throws {
        let catalog = try SeededCatalog()
        let near = catalog.run(["style", "show", "DFButton.fillled"])
        #expect(near.status == 1)
        #expect(
            near.stderr
                == "error: no style named DFButton.fillled; did you mean DFButton.filled? (catalog style list lists them)\n"
        )
        let far = catalog.run(["style", "show", "zzzzzzzzzzzz"])
        #expect(far.stderr.hasPrefix("error: no style named zzzzzzzzzzzz; styles: Button.accessoryBar, "))
    }

    @Test func theDoneWhenWalkthrough() throws {
        let catalog = try SeededCatalog()
        let add = catalog.run(["add-style", capsulePath])
        #expect(add.status == 0)
        #expect(
            add.stdout.hasPrefix(
                "Published style capsule 1.0.0 for DFButton (aliases checked against DesignFoundation).\n"))
        #expect(add.stdout.hasSuffix("): add-style capsule 1.0.0\n"))
        let resolve = catalog.run([
            "style", "resolve", "capsule", "--theme", "DesignFoundation", "--role", "destructive", "--state", "pressed",
        ])
        #expect(resolve.status == 0)
        let lines = resolve.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.first == "capsule 1.0.0 in DesignFoundation@1.1.2 (defaults), role destructive, state pressed")
        #expect(lines.contains("shape capsule"))
        #expect(lines.contains("padding.horizontal 24 pt ({spacing.xl})"))
        #expect(lines.contains("padding.vertical 8 pt ({spacing.sm})"))
        #expect(lines.contains("background #FF3B30CC (accent {colors.destructive} at 0.8)"))
        #expect(lines.contains("foreground #FFFFFFFF"))
        #expect(lines.contains("scale 0.95"))
        #expect(lines.contains("animation spring, response 0.25 s, dampingFraction 0.6"))
        let list = catalog.run(["spec", "list"])
        #expect(list.stdout.contains("DFButton            DesignFoundation  1.2.0   0.2.0, 1.2.0"))
        for name in ["Button ", "ButtonVariantStyle", "OUDSButton"] { #expect(list.stdout.contains(name)) }
    }

    @Test func readCommandsOfferJSON() throws {
        let catalog = try SeededCatalog()
        for command in [
            ["theme", "list"], ["style", "list"], ["spec", "list"], ["theme", "show", "SwiftUI"],
            ["style", "show", "capsule"],
            ["spec", "show", "OUDSButton"], ["style", "resolve", "DFButton.glass", "--mode", "dark"],
        ] {
            if command.contains("capsule") { _ = catalog.run(["add-style", capsulePath]) }
            let run = catalog.run(command + ["--json"])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect((try? JSONParser.parse(run.stdout, file: "out")) != nil, "\(command) prints JSON")
        }
        let resolved = try JSONParser.parse(
            catalog.run(["style", "resolve", "DFButton.glass", "--mode", "dark", "--json"]).stdout, file: "out")
        #expect(resolved["background"]?["material"] == .string("regular"))
        #expect(resolved["foreground"]?["color"] == .string("#FFFFFFFF"))
        #expect(resolved["availability"]?["iOS"] == .string("26.0"))
        #expect(resolved["glass"]?["variant"] == .string("regular"))
        #expect(resolved["glass"]?["interactive"] == .bool(true))
        let prominent = catalog.run(["style", "resolve", "Button.glassProminent", "--role", "destructive"])
        #expect(prominent.status == 0, "\(prominent.stderr)")
        #expect(
            prominent.stdout.contains("glass(regular, tint #FF3B30FF, interactive) (accent {colors.systemRed})"),
            "\(prominent.stdout)")
        #expect(prominent.stdout.contains("(where Liquid Glass is not available)"))
        let specs = try JSONParser.parse(catalog.run(["spec", "list", "--json"]).stdout, file: "out")
        #expect(
            specs.array?.map { $0["name"]?.string ?? "" } == ["Button", "ButtonVariantStyle", "DFButton", "OUDSButton"])
    }

    @Test func themeShowFiltersAndResolvesPerMode() throws {
        let catalog = try SeededCatalog()
        let raw = catalog.run(["theme", "show", "DesignFoundation@1.1.2", "--path", "colors.textDisabled"])
        #expect(raw.stdout.contains("colors.textDisabled  color  {system.colors.tertiaryLabel}"))
        let dark = catalog.run([
            "theme", "show", "DesignFoundation", "--path", "colors.textDisabled", "--mode", "dark", "--resolved",
        ])
        #expect(dark.stdout.contains("colors.textDisabled  color  #EBEBF54D"))
        // A --path query reads the prefix's rows and the stored resolved values; it answers
        // what filtering the whole theme answers, for a group, in each mode, raw and resolved.
        for extra in [[], ["--resolved"], ["--resolved", "--mode", "dark"]] {
            let group = try JSONParser.parse(
                catalog.run(["theme", "show", "DesignFoundation", "--path", "colors", "--json"] + extra).stdout,
                file: "group")
            let whole = try JSONParser.parse(
                catalog.run(["theme", "show", "DesignFoundation", "--json"] + extra).stdout, file: "whole")
            let filtered = whole["tokens"]?.array?.filter { $0["path"]?.string?.hasPrefix("colors.") == true }
            #expect(group["tokens"]?.array == filtered, "\(extra)")
            #expect(filtered?.count == 19)
        }
        let types = catalog.run(["theme", "show", "DesignFoundation", "--type", "transition"])
        #expect(types.stdout.contains("3 of 83 tokens"))
        #expect(types.stdout.contains("animation.fast     transition  150ms cubicBezier(0.42, 0, 0.58, 1)"))
        let unknownMode = catalog.run(["theme", "show", "DesignFoundation", "--mode", "sepia"])
        #expect(unknownMode.status == 64)
        #expect(
            unknownMode.stderr.hasPrefix(
                "Error: unknown value \"sepia\" for '--mode'. Expected one of: light, dark.\nUsage: catalog theme show")
        )
        let misspelled = catalog.run(["theme", "show", "DesignFoundation", "--mode", "drak"])
        #expect(misspelled.stderr.hasPrefix("Error: unknown value \"drak\" for '--mode'; did you mean 'dark'?"))
        // Two modes of one dimension is a usage mistake like an unknown one: the same exit code.
        let twice = catalog.run(["theme", "show", "DesignFoundation", "--mode", "light", "--mode", "dark"])
        #expect(twice.status == 64)
        #expect(
            twice.stderr.hasPrefix(
                "Error: modes 'light' and 'dark' are both colorScheme modes; choose one\nUsage: catalog theme show"))
        let missing = catalog.run(["theme", "show", "DesignFoundaton"])
        #expect(missing.stderr.hasPrefix("error: no theme named DesignFoundaton; did you mean DesignFoundation?"))
    }

    @Test func themeExportImportsBackUnchanged() throws {
        let catalog = try SeededCatalog()
        let export = catalog.run(["theme", "export", "Orange@1.0.0"])
        let file = try catalog.file("orange.json", export.stdout)
        let hash = try catalog.contentHash()
        let again = catalog.run(["theme", "add", file])
        #expect(
            again.stdout
                == "Read 1 file as DTCG: 59 tokens; colorScheme: light (default), dark.\n"
                + "Theme Orange 1.0.0 is already published with these tokens; nothing changed.\n")
        #expect(try catalog.contentHash() == hash)
        let renamed = catalog.run(["theme", "add", file, "--name", "Orange-Copy", "--version", "2.0.0"])
        #expect(
            renamed.stdout.contains(
                "\nPublished theme Orange-Copy 2.0.0: 59 tokens; colorScheme: light (default), dark.\n"))
    }
}

@Suite struct BadInputTests {
    @Test func malformedJSONNamesFileLineAndColumn() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file("broken.json", "{\n  \"name\": \"x\",\n  \"version\": 1.0.0\n}")
        let stderr = try catalog.failing(["add-style", file])
        #expect(stderr == "\(file):3:17: error: unexpected character '.'; expected ',' or '}'\n")
        let truncated = try catalog.file("trunc.tokens.json", "{\"a\": {\"$type\": \"color\", \"$value\": \"#fff\"")
        #expect(
            try catalog.failing(["theme", "add", truncated, "--version", "1.0.0"]).contains(
                "unexpected end of file; expected ',' or '}'"))
    }

    @Test func wrongTypesAndUnknownFieldsInStylesNameThePathAndValue() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file(
            "bad.style.json",
            """
            {
              "name": "bad", "version": "1.0.0", "component": "DFButton", "protocol": "DFButtonStyle", "theme": "DesignFoundation",
              "shape": "capsule",
              "states": { "normal": { "background": "{colors.nope}", "scale": "big" }, "pressd": {} },
              "colour": "#fff"
            }
            """)
        let stderr = try catalog.failing(["add-style", file])
        #expect(stderr.contains("\(file):3:12: error: $.shape: expected an object, got a string \"capsule\""))
        #expect(stderr.contains("\(file):4:67: error: $.states.normal.scale: expected a number, got a string \"big\""))
        #expect(
            stderr.contains(
                "$.states.pressd: unknown field \"pressd\" (did you mean \"pressed\"? expected one of: normal, pressed, disabled, hover, focus, loading)"
            ))
        #expect(stderr.contains("$.colour: unknown field \"colour\""))
        #expect(stderr.hasSuffix("4 problems; nothing was changed.\n"))
    }

    @Test func unresolvedStyleAliasesAreAllListed() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file(
            "aliases.style.json",
            """
            {
              "name": "aliases", "version": "1.0.0", "component": "DFButton", "protocol": "DFButtonStyle", "theme": "DesignFoundation",
              "accent": "{colors.brand}",
              "padding": { "horizontal": "{colors.primary}" },
              "states": { "normal": { "background": "accent", "foreground": "{colors.missing}" } }
            }
            """)
        let stderr = try catalog.failing(["add-style", file])
        #expect(
            stderr.contains(
                "\(file):3:13: error: $.accent: style aliases $.accent refers to {colors.brand}, which does not exist (in theme DesignFoundation@1.1.2)"
            ))
        #expect(
            stderr.contains(
                "$.padding.horizontal: style aliases $.padding.horizontal needs a dimension but refers to {colors.primary}, which is a color"
            ))
        #expect(
            stderr.contains(
                "$.states.normal.foreground: style aliases $.states.normal.foreground refers to {colors.missing}, which does not exist"
            ))
        let otherTheme = try catalog.failing(["add-style", capsulePath, "--theme", "Orange"])
        #expect(otherTheme.contains("refers to {colors.primary}, which does not exist (in theme Orange@1.0.0)"))
    }

    @Test func unknownMetadataInTokenFilesIsKept() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file(
            "meta.tokens.json",
            ##"{ "a": { "value": "#ff0000", "type": "color", "component": "button", "private": true } }"##)
        #expect(catalog.run(["theme", "add", file, "--version", "1.0.0"]).status == 0)
        let json = try JSONParser.parse(catalog.run(["theme", "export", "meta"]).stdout, file: "out")
        // Written back under $extensions, where DTCG keeps tool data.
        let metadata = json["a"]?["$extensions"]?["catalog.metadata"]
        #expect(metadata?["component"] == .string("button"))
        #expect(metadata?["private"] == .bool(true))
    }

    @Test func aliasCyclesAndMissingTargetsInThemes() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file(
            "cycle.tokens.json",
            ##"{ "a": { "$type": "color", "$value": "{b}" }, "b": { "$type": "color", "$value": "{a}" }, "c": { "$type": "color", "$value": "{x.y}" } }"##
        )
        let stderr = try catalog.failing(["theme", "add", file, "--version", "1.0.0"])
        #expect(stderr.contains("error: $.a: alias cycle: a → b → a"))
        #expect(stderr.contains("error: $.c: c refers to {x.y}, which does not exist"))
    }

    @Test func invalidVersionsAndNames() throws {
        let catalog = try SeededCatalog()
        let style = try catalog.file(
            "v.style.json", ##"{ "name": "v", "version": "1.0", "component": "Button", "protocol": "ButtonStyle" }"##)
        #expect(
            try catalog.failing(["add-style", style]).contains(
                "$.version: \"1.0\" is not a semantic version (MAJOR.MINOR.PATCH, such as 1.2.0)"))
        let named = try catalog.file(
            "n.style.json",
            ##"{ "name": "../evil", "version": "1.0.0", "component": "Button", "protocol": "ButtonStyle" }"##)
        #expect(
            try catalog.failing(["add-style", named]).contains(
                "$.name: invalid name \"../evil\": it contains a path separator"))
        let tokens = try catalog.file("t.tokens.json", ##"{ "a": { "$type": "color", "$value": "#fff" } }"##)
        let version = catalog.run(["theme", "add", tokens, "--version", "one"])
        #expect(version.status == 65)
        #expect(version.stderr == "--version: error: \"one\" is not a semantic version (MAJOR.MINOR.PATCH)\n")
    }

    @Test func notUTF8EmptyAndDirectory() throws {
        let catalog = try SeededCatalog()
        let binary = catalog.directory.path("latin1.json")
        try Data([0x7B, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D]).write(to: URL(fileURLWithPath: binary))
        #expect(
            try catalog.failing(["theme", "add", binary, "--version", "1.0.0"])
                == "\(binary):1:3: error: the file is not valid UTF-8 (byte 0xE9 at offset 2)\n")
        let empty = try catalog.file("empty.json", "")
        #expect(
            try catalog.failing(["spec", "add", empty])
                == "\(empty):1:1: error: the file is empty; expected a JSON document\n")
        #expect(
            try catalog.failing(["add-style", catalog.directory.url.path])
                == "\(catalog.directory.url.path): error: is a folder; expected a JSON file\n")
        #expect(
            try catalog.failing(["theme", "add", catalog.directory.path("absent.json")], status: 66).hasSuffix(
                "absent.json: error: no such file\n"))
    }

    /// A file named that is not there is not bad data: exit 66 (sysexits' EX_NOINPUT), for
    /// every command that reads one, with the path as given and nothing written; a `$ref`
    /// to a missing file inside a document stays bad data (65).
    @Test func aMissingInputFileExits66() throws {
        let catalog = try SeededCatalog()
        for command in [
            ["add-style", "absent.json"], ["spec", "add", "absent.json"], ["theme", "add", "absent.json"],
            ["theme", "add", "absent/"], ["apply", "absent.changeset"], ["usage", "scan", "Absent"],
            ["theme", "add", "--mode-file", "scheme:dark=absent.json", capsulePath],
        ] {
            let message = try catalog.failing(command, status: 66)
            #expect(message.hasPrefix("absent") || message.hasPrefix("Absent"), "\(command): \(message)")
            #expect(message.contains("error: no such file"), "\(command): \(message)")
        }
    }

    @Test func publishedVersionsAreImmutable() throws {
        let catalog = try SeededCatalog()
        #expect(catalog.run(["add-style", capsulePath]).status == 0)
        let changed = try String(contentsOfFile: capsulePath, encoding: .utf8).replacingOccurrences(
            of: "\"scale\": 0.95", with: "\"scale\": 0.9")
        let file = try catalog.file("capsule.json", changed)
        #expect(
            try catalog.failing(["add-style", file])
                == "\(file): error: style capsule 1.0.0 is already published with different content; published versions are immutable: publish the change under a new version\n"
        )
        let reformatted = try catalog.file(
            "capsule2.json",
            try String(contentsOfFile: capsulePath, encoding: .utf8).replacingOccurrences(of: "\n", with: "\n  "))
        #expect(
            catalog.run(["add-style", reformatted]).stdout
                == "Style capsule 1.0.0 is already published with this content; nothing changed.\n")
    }

    @Test func specsNeedTheirStylesAndValidFields() throws {
        let catalog = try SeededCatalog()
        let file = try catalog.file(
            "s.spec.json",
            ##"{ "name": "X", "version": "1.0.0", "system": "S", "platforms": { "iOS": "18", "Android": "14" }, "axes": [ { "name": "style", "default": "big", "options": [ { "name": "a", "style": "nope" } ] } ] }"##
        )
        let stderr = try catalog.failing(["spec", "add", file])
        #expect(stderr.contains("$.platforms.Android: unknown platform \"Android\""))
        #expect(stderr.contains("$.axes[0].default: default \"big\" is not one of the options (a)"))
        let fixed = try catalog.file(
            "s2.spec.json",
            ##"{ "name": "X", "version": "1.0.0", "system": "S", "axes": [ { "name": "style", "options": [ { "name": "a", "style": "nope" } ] } ] }"##
        )
        #expect(
            try catalog.failing(["spec", "add", fixed])
                == "\(fixed): error: spec X links options to styles the catalog does not have: nope; add them first\n")
    }

    /// A seed folder is read below its top level; hidden files and folders are left out
    /// (a bad document there is not read), and a spec may link a style of the same seed.
    @Test func seedReadsNestedFoldersAndLeavesHiddenOnesOut() throws {
        let catalog = try SeededCatalog()
        let folder = catalog.directory.url.appending(path: "seeds")
        for sub in ["styles/more", ".git", "specs"] {
            try FileManager.default.createDirectory(at: folder.appending(path: sub), withIntermediateDirectories: true)
        }
        let capsule = try String(contentsOfFile: capsulePath, encoding: .utf8)
        try Data(capsule.replacingOccurrences(of: "\"name\": \"capsule\"", with: "\"name\": \"nested\"").utf8)
            .write(to: folder.appending(path: "styles/more/nested.style.json"))
        try Data(
            ##"{ "name": "NestedButton", "version": "1.0.0", "system": "S", "axes": [ { "name": "style", "options": [ { "name": "a", "style": "nested" } ] } ] }"##
                .utf8
        ).write(to: folder.appending(path: "specs/nested.spec.json"))
        for hidden in [".git/bad.style.json", ".bad.style.json"] {
            try Data("{ not json".utf8).write(to: folder.appending(path: hidden))
        }
        let run = catalog.run(["seed", "--dir", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("styles: 1 version (1 new)"))
        #expect(run.stdout.contains("specs: 1 version (1 new)"))
        #expect(catalog.run(["style", "show", "nested"]).status == 0)
    }

    @Test func seedFromABadFolderWritesNothing() throws {
        let catalog = try SeededCatalog()
        let folder = catalog.directory.url.appending(path: "seeds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            ##"{ "$extensions": { "catalog.theme": { "name": "Good", "version": "1.0.0" } }, "a": { "$type": "color", "$value": "#fff" } }"##
                .utf8
        )
        .write(to: folder.appending(path: "good.tokens.json"))
        try Data(##"{ "name": "b", "version": "1.0.0", "component": "C" }"##.utf8).write(
            to: folder.appending(path: "b.style.json"))
        let stderr = try catalog.failing(["seed", "--dir", folder.path])
        #expect(stderr.contains("b.style.json:1:1: error: $: missing required field \"protocol\""))
        #expect(catalog.run(["theme", "show", "Good"]).status == 1)
    }
}

@Suite struct SQLLookingNameTests {
    @Test func sqlInNamesIsJustText() throws {
        let catalog = try SeededCatalog()
        let evil = "x'); DROP TABLE tokens; --\""
        let tokens = try catalog.file("evil.tokens.json", ##"{ "a": { "$type": "color", "$value": "#123456" } }"##)
        #expect(catalog.run(["theme", "add", tokens, "--name", evil, "--version", "1.0.0"]).status == 0)
        let style = try String(contentsOfFile: capsulePath, encoding: .utf8)
            .replacingOccurrences(
                of: "\"name\": \"capsule\"", with: "\"name\": \"\(evil.replacingOccurrences(of: "\"", with: "\\\""))\"")
        #expect(catalog.run(["add-style", try catalog.file("evil.style.json", style)]).status == 0)
        for command in [
            ["theme", "show", evil], ["theme", "export", evil], ["style", "show", evil], ["style", "resolve", evil],
            ["theme", "diff", "\(evil)@1.0.0", "\(evil)@1.0.0"], ["log"], ["show"], ["diff"], ["export", "changelog"],
        ] {
            let run = catalog.run(command)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        #expect(
            catalog.run(["theme", "show", evil, "--json"]).stdout.contains(
                "\"theme\": \"x'); DROP TABLE tokens; --\\\"\""))
        let docs = catalog.directory.path("docs")
        #expect(catalog.run(["export", "docs", "--out", docs]).status == 0)
        #expect(FileManager.default.fileExists(atPath: docs + "/themes/x----DROP-TABLE-tokens-----.md"))
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        #expect(try repository.themeSummaries().contains { $0.name == evil && $0.tokenCount == 1 })
        #expect(try repository.contentTables().contains("tokens"))
    }
}
