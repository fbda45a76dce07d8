import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

@Suite struct HistoryCommandTests {
    @Test func everyContentChangeRecordsOneRevisionWithItsHash() throws {
        let catalog = try SeededCatalog()
        let add = catalog.run(["add-style", capsulePath, "-m", "Add the capsule style", "--author", "Ana"])
        #expect(add.stdout.contains("Recorded revision "))
        #expect(add.stdout.hasSuffix("(#2): Add the capsule style\n"))
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        let head = try #require(try repository.headRevision())
        #expect(head.sequence == 2 && head.author == "Ana" && head.message == "Add the capsule style")
        #expect(head.contentHash == (try repository.contentHash()))
        #expect(
            head.id
                == Revision.id(
                    parent: head.parent, contentHash: head.contentHash, message: head.message, author: head.author,
                    createdAt: head.createdAt))
        #expect(try repository.revision("HEAD~1").message == "seed (embedded seeds)")
        #expect(try repository.revision(String(head.id.prefix(6))) == head)

        let again = catalog.run(["add-style", capsulePath])
        #expect(!again.stdout.contains("Recorded revision"))
        _ = try catalog.failing(["add-style", try catalog.file("bad.json", "{")])
        #expect(try repository.headRevision()?.sequence == 2)
    }

    /// Without `--author`, a revision is by whom git would sign a commit made here, else
    /// the user's name from the environment, else the account's: never "unknown" on a
    /// machine that knows.
    @Test func theAuthorIsWhoGitOrTheSystemSays() throws {
        let catalog = try SeededCatalog()
        func author(after style: String, _ environment: [String: String]) throws -> String {
            let file = try catalog.file(
                "\(style).json",
                try String(contentsOfFile: capsulePath, encoding: .utf8).replacingOccurrences(
                    of: "\"name\": \"capsule\"", with: "\"name\": \"\(style)\""))
            let add = runCatalog(["add-style", file, "--db", catalog.path], environment: environment)
            #expect(add.status == 0, "\(add.stderr)")
            return try #require(try Repository(path: catalog.path, mode: .mustExist).headRevision()).author
        }
        #expect(try author(after: "a", ["GIT_AUTHOR_NAME": "Ada Lovelace", "USER": "ada"]) == "Ada Lovelace")
        // A git on the PATH that has a user name.
        let bin = catalog.directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let git = try catalog.file(
            "bin/git", "#!/bin/sh\n[ \"$1 $2\" = \"config user.name\" ] && echo 'Grace Hopper'\n")
        chmod(git, 0o755)
        #expect(try author(after: "b", ["PATH": bin, "USER": "grace"]) == "Grace Hopper")
        // No git (or none with a name): the environment's user, then the account's.
        #expect(try author(after: "c", ["PATH": catalog.directory.path("none"), "USER": "linus"]) == "linus")
        let account = try author(after: "d", ["PATH": catalog.directory.path("none")])
        #expect(account == String(cString: getpwuid(getuid()).pointee.pw_name))
        #expect(account != "unknown")
    }

    @Test func logAndShow() throws {
        let catalog = try SeededCatalog()
        _ = catalog.run(["add-style", capsulePath, "--author", "Ana"])
        let log = catalog.run(["log", "-n", "1"])
        #expect(log.status == 0)
        #expect(log.stdout.contains("  #2\nAuthor:  Ana\n"))
        #expect(log.stdout.contains("\n    add-style capsule 1.0.0\n"))
        #expect(!log.stdout.contains("#1"))
        let json = try JSONParser.parse(catalog.run(["log", "--json"]).stdout, file: "log")
        #expect(json.array?.map { $0["sequence"]?.number ?? 0 } == [2, 1])
        let show = catalog.run(["show"])
        #expect(show.stdout.contains("  published style capsule 1.0.0\n"))
        // The change in the catalog's terms, the rows behind it with --verbose.
        #expect(
            show.stdout.hasSuffix(" rows in 2 tables (--verbose lists them; catalog diff #1 #2 shows each change)\n"),
            "\(show.stdout)")
        #expect(!show.stdout.contains("style_versions"))
        #expect(catalog.run(["show", "--verbose"]).stdout.contains("  style_versions    +1        ~0       -0"))
        let first = try JSONParser.parse(catalog.run(["show", "#1", "--json"]).stdout, file: "show")
        #expect(first["changes"]?.array?.count == 47)
        #expect(catalog.run(["show", "#9"]).stderr == "error: no revision #9; the history has revisions #1 to #2\n")
        #expect(catalog.run(["show", "zz"]).status == 1)
    }
}

@Suite struct ChangesetCommandTests {
    @Test func exportApplyTwiceAndRefusals() throws {
        let catalog = try SeededCatalog()
        let copy = catalog.directory.path("copy.db")
        try FileManager.default.copyItem(atPath: catalog.path, toPath: copy)
        _ = catalog.run(["add-style", capsulePath])
        let file = catalog.directory.path("x.changeset")
        let export = catalog.run(["export-changeset", "--from", "HEAD~1", "-o", file])
        #expect(export.status == 0)
        #expect(export.stdout.hasPrefix("Wrote 1 revision (after "))
        let apply = runCatalog(["apply", file, "--db", copy])
        #expect(apply.status == 0)
        #expect(apply.stdout.hasSuffix("add-style capsule 1.0.0\n"))
        let twice = runCatalog(["apply", file, "--db", copy])
        #expect(twice.stdout == "Already up to date: this catalog has all 1 revision of \(file).\n")
        #expect(runCatalog(["style", "show", "capsule", "--db", copy]).status == 0)

        let json = catalog.run(["export-changeset", "--from", "HEAD~1", "--format", "json"])
        let rendering = try JSONParser.parse(json.stdout, file: "json")
        let changes = rendering["revisions"]?.array?.first?["changes"]?.array ?? []
        #expect(
            changes.contains { $0["table"] == .string("style_versions") && $0["key"]?["style"] == .string("capsule") })

        let damaged = try catalog.file("damaged.changeset", "CATALOG-CHANGESET 1\n{}")
        let refused = runCatalog(["apply", damaged, "--db", copy])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("truncated"))
        #expect(catalog.run(["export-changeset", "--from", "HEAD~1"]).status == 64)
    }
}

@Suite struct ThemeDiffCommandTests {
    /// A value changed behind an alias shows once for the token, with the contexts it
    /// changed in, not once per mode (Canvas's change said 5 times).
    @Test func aResolvedChangeIsSaidOncePerToken() throws {
        let catalog = try SeededCatalog()
        let first = """
            {"$extensions": {"catalog.theme": {"name": "T", "version": "1.0.0"},
              "catalog.dimensions": {"scheme": {"modes": ["light", "dark"], "default": "light"}}},
             "base": {"$type": "color", "$value": "#112233"},
             "brand": {"$type": "color", "$value": "{base}", "$extensions": {"catalog.modes": {"dark": "{base}"}}}}
            """
        #expect(catalog.run(["theme", "add", try catalog.file("t1.json", first)]).status == 0)
        let second = first.replacingOccurrences(of: "1.0.0", with: "1.0.1").replacingOccurrences(
            of: "#112233", with: "#445566")
        #expect(catalog.run(["theme", "add", try catalog.file("t2.json", second)]).status == 0)
        let text = catalog.run(["theme", "diff", "T@1.0.0", "T@1.0.1"]).stdout
        #expect(text.hasPrefix("Theme diff T@1.0.0 → T@1.0.1: 1 updated, 1 resolved\n"), "\(text)")
        #expect(
            text.hasSuffix(
                "resolved values changed through aliases (1)\n  brand: #112233FF → #445566FF  [default, dark, light]\n"),
            "\(text)")
        let markdown = catalog.run(["theme", "diff", "T@1.0.0", "T@1.0.1", "--markdown"]).stdout
        #expect(markdown.contains("| `brand` | default, dark, light | #112233FF | #445566FF |\n"), "\(markdown)")
        #expect(markdown.contains("| resolved through aliases | 1 |"))
    }

    /// A mistyped reference in a style gets the nearest token of its theme.
    @Test func aMistypedStyleReferenceGetsASuggestion() throws {
        let catalog = try SeededCatalog()
        let capsule = try String(contentsOfFile: capsulePath, encoding: .utf8).replacingOccurrences(
            of: "{colors.destructive}", with: "{colors.destructiv}")
        let message = try catalog.failing(["add-style", try catalog.file("capsule.json", capsule)])
        #expect(
            message.contains("refers to {colors.destructiv}, which does not exist; did you mean {colors.destructive}?"),
            "\(message)")
    }

    @Test func publishedVersusFileInEveryFormat() throws {
        let catalog = try SeededCatalog()
        let export = catalog.run(["theme", "export", "DesignFoundation@1.1.2"]).stdout
        let edited = export.replacingOccurrences(of: "\"labelLarge\"", with: "\"labelHuge\"")
        let file = try catalog.file("df.tokens.json", edited)
        let text = catalog.run(["theme", "diff", "DesignFoundation@1.1.2", file])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                "Theme diff DesignFoundation@1.1.2 → \(file): 1 renamed\nBREAKING: token typography.labelLarge renamed to typography.labelHuge\n"
            ))
        let gate = catalog.run(["theme", "diff", "DesignFoundation@1.1.2", file, "--exit-code"])
        #expect(gate.status == 1)
        #expect(
            catalog.run(["theme", "diff", "DesignFoundation@1.0.3", "DesignFoundation@1.1.2", "--exit-code"]).status
                == 0)
        let markdown = catalog.run(["theme", "diff", "DesignFoundation@0.2.0", "DesignFoundation@1.0.3", "--markdown"])
            .stdout
        #expect(markdown.hasPrefix("## Theme changes: DesignFoundation@0.2.0 → DesignFoundation@1.0.3\n"))
        #expect(markdown.contains("| updated | 7 |"))
        #expect(markdown.contains("- spec `DFButton` 1.2.0"))
        let json = try JSONParser.parse(
            catalog.run(["theme", "diff", "DesignFoundation@0.2.0", "DesignFoundation@1.0.3", "--json"]).stdout,
            file: "diff")
        #expect(json["summary"]?["updated"] == .number(7))
        #expect(json["affected"]?["styles"]?.array?.count == 5)
        #expect(catalog.run(["theme", "diff", "Nope@1.0.0", file]).status == 1)
    }
}

@Suite struct VersionEnforcementTests {
    @Test func aDeletedTokenNeedsAMajorVersion() throws {
        let catalog = try SeededCatalog()
        let export = catalog.run(["theme", "export", "DesignFoundation@1.1.2"]).stdout
        var document = try JSONParser.parse(export, file: "df")
        guard case .object(var members) = document.kind else { return }
        members.removeAll { $0.key == "spacing" }
        document = JSON(.object(members))
        let file = try catalog.file("df.json", document.serialized())
        let stderr = try catalog.failing(["theme", "add", file, "--version", "1.1.3"])
        #expect(
            stderr.hasPrefix(
                "\(file): error: theme DesignFoundation 1.1.3 is too small a step after 1.1.2: the changes are breaking, so the version must be at least 2.0.0:\n  - token spacing.lg deleted\n"
            ))
        #expect(catalog.run(["theme", "add", file, "--version", "2.0.0"]).status == 0)
    }

    @Test func specAndStyleDiffsSuggestTheNextVersion() throws {
        let catalog = try SeededCatalog()
        let spec = catalog.run(["spec", "diff", "OUDSButton@2.0.0", "OUDSButton@3.0.0"])
        #expect(
            spec.stdout.hasPrefix(
                "spec OUDSButton 2.0.0 → 3.0.0: 27 changes, breaking\n  breaking  axis hierarchy removed\n"))
        #expect(spec.stdout.hasSuffix("The changes need at least 3.0.0 after 2.0.0; 3.0.0 allows it.\n"))
        let json = try JSONParser.parse(
            catalog.run(["spec", "diff", "DFButton@0.2.0", "DFButton@1.2.0", "--json"]).stdout, file: "j")
        #expect(json["level"] == .string("additive"))
        _ = catalog.run(["add-style", capsulePath])
        let original = try JSONParser.parse(
            try String(contentsOfFile: capsulePath, encoding: .utf8), file: "capsule.json")
        let members = (original.object ?? []).filter { $0.key != "roles" }.map { member in
            member.key == "version" ? (key: member.key, value: JSON.string("1.0.1")) : member
        }
        let file = try catalog.file("capsule.json", JSON(.object(members)).serialized(pretty: true))
        let preview = catalog.run(["style", "diff", "capsule@1.0.0", file])
        #expect(preview.stdout.contains("  breaking  role destructive removed\n"))
        #expect(preview.stdout.hasSuffix("The changes need at least 2.0.0 after 1.0.0; 1.0.1 is too small.\n"))
        #expect(
            try catalog.failing(["add-style", file]).contains("must be at least 2.0.0:\n  - role destructive removed"))
    }
}

@Suite struct CatalogDiffCommandTests {
    @Test func headAgainstItsParentByDefault() throws {
        let catalog = try SeededCatalog()
        _ = catalog.run(["add-style", capsulePath])
        let text = catalog.run(["diff"])
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix(": additive\n\nstyle capsule — → 1.0.0\n  additive  style capsule 1.0.0 added\n"))
        let json = try JSONParser.parse(catalog.run(["diff", "#1", "HEAD", "--json"]).stdout, file: "d")
        #expect(json["format"] == .string("catalog.diff/1"))
        #expect(json["documents"]?.array?.first?["name"] == .string("capsule"))
        let reverse = catalog.run(["diff", "HEAD", "#1"])
        #expect(reverse.stdout.contains("  breaking  style capsule 1.0.0 removed\n"))
    }
}

@Suite struct ExportCommandTests {
    @Test func docsAndChangelog() throws {
        let catalog = try SeededCatalog()
        let folder = catalog.directory.path("docs")
        let markdown = catalog.run(["export", "docs", "--out", folder, "--mode", "all"])
        #expect(markdown.status == 0)
        // index, 4 components, 25 styles, 8 themes, and each style page's previews.
        let previews = try FileManager.default.subpathsOfDirectory(atPath: folder + "/styles/previews").filter {
            $0.hasSuffix(".svg")
        }
        #expect(markdown.stdout == "Wrote \(38 + previews.count) files to \(folder).\n")
        #expect(previews.contains("DFButton.filled/dark-destructive-pressed.svg") && previews.count == 396)
        let page = try String(contentsOfFile: folder + "/components/DFButton.md", encoding: .utf8)
        #expect(page.contains("### dark\n"))
        let again = catalog.directory.path("docs2")
        _ = catalog.run(["export", "docs", "--out", again, "--mode", "all"])
        #expect(try String(contentsOfFile: again + "/components/DFButton.md", encoding: .utf8) == page)
        let json = catalog.run(["export", "docs", "--format", "json", "--out", folder])
        #expect(json.stdout == "Wrote 1 file to \(folder).\n")
        #expect(
            (try? JSONParser.parse(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/catalog-docs.json")), file: "docs"))?["format"]
                == .string("catalog.docs/1"))
        #expect(catalog.run(["export", "docs", "--format", "pdf", "--out", folder]).status == 64)

        _ = catalog.run(["add-style", capsulePath])
        let changelog = catalog.run(["export", "changelog"])
        #expect(changelog.stdout.contains("## Additions\n\n- style capsule: style capsule 1.0.0 added\n"))
        let reverse = try JSONParser.parse(
            catalog.run(["export", "changelog", "--from", "HEAD", "--to", "#1", "--format", "json"]).stdout, file: "c")
        #expect(reverse["breaking"]?.array == [.string("style capsule: style capsule 1.0.0 removed")])
    }
}

@Suite struct UsageCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "CatalogScannerTests/Fixtures/App").path

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing))) func scanQueryAndLint() throws {
        let catalog = try SeededCatalog()
        let scan = catalog.run(["usage", "scan", Self.fixtures, "--project", "demo"])
        #expect(scan.status == 0)
        #expect(
            scan.stdout
                == "Scanned 5 files for project demo: 5 parsed, 0 unchanged, 0 without components or skipped; 35 call sites recorded.\n"
        )
        let rescan = catalog.run(["usage", "scan", Self.fixtures, "--project", "demo"])
        #expect(rescan.stdout.contains("0 parsed, 5 unchanged"))
        let token = catalog.run(["usage", "colors.destructive"])
        #expect(token.stdout.hasPrefix("token colors.destructive\n"))
        #expect(token.stdout.contains("  call sites (11)\n"))
        let option = try JSONParser.parse(catalog.run(["usage", "OUDSButton.negative", "--json"]).stdout, file: "u")
        #expect(option["callSites"]?.array?.count == 2)
        let unknown = catalog.run(["usage", "--unknown"])
        #expect(unknown.stdout.hasSuffix("3 call sites.\n"))
        // An error finding fails the lint by default, as other linters do; --error-on never reports only.
        let lint = catalog.run(["lint", "--project", "demo"])
        #expect(lint.status == 1)
        #expect(lint.stderr.hasSuffix("failing at --error-on error\n"))
        #expect(catalog.run(["lint", "--project", "demo", "--error-on", "never"]).status == 0)
        #expect(catalog.run(["lint", "--error-on", "sometimes"]).status == 64)
        #expect(
            catalog.run(["usage", "DFButon"]).stderr
                == "error: no token, style, component or component.option is named \"DFButon\"; did you mean 'DFButton'?\n"
        )
        #expect(catalog.run(["usage", "DFButon"]).status == 1)
        #expect(
            lint.stdout.contains(
                "App/OUDSAndVariants.swift:11:17: error: OUDSButton .negative inside OUDSColoredSurface"))
        #expect(catalog.run(["lint", "--error-on", "warning"]).status == 1)
        #expect(catalog.run(["usage"]).status == 64)
        let impact = catalog.run(["impact", "DesignFoundation@0.2.0", "DesignFoundation@1.0.3", "--project", "demo"])
        #expect(impact.stdout.contains("  tokens (7): colors.interactiveDisabled, typography.body"))
        #expect(impact.stdout.contains("  specs (1): DFButton"))
        #expect(impact.stdout.contains("  call sites (11)\n"))
    }

    /// `impact FILE.changeset`: a new DesignFoundation version made in another copy of the
    /// catalog, judged against this catalog's styles, specs and call sites without applying it.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func impactOfAChangesetBeforeApplyingIt() throws {
        let catalog = try SeededCatalog()
        #expect(catalog.run(["usage", "scan", Self.fixtures, "--project", "demo"]).status == 0)
        let other = catalog.directory.path("other.db")
        try FileManager.default.copyItem(atPath: catalog.path, toPath: other)
        let exported = runCatalog(["theme", "export", "DesignFoundation@1.1.2", "--db", other]).stdout
        let changed = exported.replacingOccurrences(of: "\"version\": \"1.1.2\"", with: "\"version\": \"1.1.3\"")
            .replacingOccurrences(of: "\"{system.colors.systemRed}\"", with: "\"{system.colors.systemPink}\"")
        #expect(changed != exported)
        let file = try catalog.file("df-1.1.3.tokens.json", changed)
        #expect(runCatalog(["theme", "add", file, "--db", other]).status == 0)
        let changeset = catalog.directory.path("df.changeset")
        #expect(runCatalog(["export-changeset", "--from", "HEAD~1", "-o", changeset, "--db", other]).status == 0)

        let before = try catalog.contentHash()
        let impact = catalog.run(["impact", changeset, "--project", "demo"])
        #expect(impact.status == 0, "\(impact.stderr)")
        #expect(impact.stdout.hasPrefix("Impact of DesignFoundation@1.1.2 → DesignFoundation@1.1.3\n"))
        #expect(impact.stdout.contains("  specs (1): DFButton"))
        #expect(impact.stdout.contains("  call sites (11)\n"))
        #expect(try catalog.contentHash() == before, "nothing was applied")
        #expect(!catalog.run(["theme", "list"]).stdout.contains("1.1.3"))

        let unchanged = catalog.run(["impact", changeset])
        #expect(unchanged.stdout.hasPrefix("Impact of DesignFoundation@1.1.2 → DesignFoundation@1.1.3\n"))
        #expect(
            catalog.run(["impact", "DesignFoundation@1.1.2"]).stdout.hasPrefix(
                "Impact of DesignFoundation@1.0.3 → DesignFoundation@1.1.2\n"))
    }
}
