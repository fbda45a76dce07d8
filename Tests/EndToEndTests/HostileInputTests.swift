import CatalogModel
import CatalogStore
import Foundation
import SQLite
import TestSupport
import Testing

/// The second bad-input campaign's cases that are about files around the catalog rather
/// than documents: exports onto the catalog itself, through links, over someone's folder,
/// or killed half-way; databases that are not catalogs; terminal escapes in history;
/// names equal in Unicode; writers queued behind long imports.
@Suite(.serialized) struct HostileInputTests {
    typealias Catalog = BadInputCorpusTests.Catalog

    /// The bytes of every file under `folder`, by relative path (links listed as links).
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                files[name] = Data("link".utf8)
            } else if attributes[.type] as? FileAttributeType == .typeRegular {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    @Test func noCommandWritesOverItsOwnCatalog() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        try FileManager.default.createSymbolicLink(
            atPath: catalog.directory.path("link.db"), withDestinationPath: "catalog.db")
        for target in ["catalog.db", "link.db", "catalog.db-wal", "./catalog.db"] {
            try catalog.expectRefusal(
                ["export-changeset", "-o", target], in: folder, exit: 1,
                message: "refusing to write \(target): it is the catalog's own database")
            try catalog.expectRefusal(
                ["theme", "export", "DesignFoundation", "--output", target], in: folder, exit: 1,
                message: "refusing to write \(target): it is the catalog's own database")
        }
        try catalog.expectRefusal(
            ["export", "docs", "-o", "."], in: folder, exit: 1,
            message: "refusing to write .: the folder holds the catalog's own database")
        try catalog.expectRefusal(["export", "docs", "-o", ""], in: folder, exit: 64, message: "--output is empty")
        #expect(try catalog.run(["check"], in: folder).status == 0)
    }

    @Test func exportsStayInsideTheirFolderAndReplaceItWhole() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        let elsewhere = catalog.directory.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        for format in ["markdown", "docc"] {
            let out = "docs-\(format)"
            #expect(try catalog.run(["export", "docs", "--format", format, "-o", out], in: folder).status == 0)
            // Links planted inside an earlier export are never followed: the new export
            // replaces the folder, links and all.
            let inside = format == "markdown" ? "styles" : "ComponentCatalog.docc"
            try FileManager.default.removeItem(atPath: catalog.directory.path("\(out)/\(inside)"))
            try FileManager.default.createSymbolicLink(
                atPath: catalog.directory.path("\(out)/\(inside)"), withDestinationPath: elsewhere)
            let again = try catalog.run(["export", "docs", "--format", format, "-o", out], in: folder)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
            let type = try FileManager.default.attributesOfItem(atPath: catalog.directory.path("\(out)/\(inside)"))[
                .type]
            #expect(type as? FileAttributeType == .typeDirectory)
        }
        // A target that is itself a link is refused; so is a folder of someone else's files.
        try FileManager.default.createSymbolicLink(
            atPath: catalog.directory.path("linked"), withDestinationPath: elsewhere)
        try catalog.expectRefusal(
            ["export", "docs", "-o", "linked"], in: folder, exit: 1, message: "linked is a symbolic link (to ")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: elsewhere + "/notes.txt"))
        try catalog.expectRefusal(
            ["export", "docs", "-o", elsewhere], in: folder, exit: 1,
            message: "holds files that are not an earlier export")
        #expect(try String(contentsOfFile: elsewhere + "/notes.txt", encoding: .utf8) == "mine")
        // What a killed export left beside its folder long ago is cleared by the next export.
        let stale = catalog.directory.path(".docs-markdown.partial-old")
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale)
        #expect(try catalog.run(["export", "docs", "-o", "docs-markdown"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        // A parent that is a file: said in words.
        try catalog.expectRefusal(
            ["export", "docs", "-o", "elsewhere/notes.txt/docs"], in: folder, exit: 1,
            message: "cannot create the folder for elsewhere/notes.txt/docs: a part of the path is a file, not a folder"
        )
    }

    @Test func aKilledExportLeavesThePreviousExportWhole() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        #expect(try catalog.run(["export", "docs", "--format", "html", "-o", "site"], in: folder).status == 0)
        let before = try Self.snapshot(catalog.directory.path("site"))
        #expect(try catalog.run(["export", "docs", "-o", "reference"], in: folder).status == 0)
        let pages = try Self.snapshot(catalog.directory.path("reference")).keys.filter { $0.hasSuffix(".md") }.count
        // Kill exports of another format at growing delays: the folder is the old export
        // or the new one, never a mix.
        var outcomes: Set<String> = []
        for delay in stride(from: 0.05, through: 1.2, by: 0.15) {
            let process = Process()
            process.executableURL = CatalogProcess.executable
            process.arguments = ["--db", catalog.path, "export", "docs", "--format", "markdown", "-o", "site"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try Self.snapshot(catalog.directory.path("site"))
            if after == before {
                outcomes.insert("old")
            } else {
                #expect(after["index.md"] != nil && after["index.html"] == nil, "a mix after \(delay) s")
                #expect(after.keys.filter { $0.hasSuffix(".md") }.count == pages, "a partial export after \(delay) s")
                outcomes.insert("new")
                let rerun = try catalog.run(["export", "docs", "--format", "html", "-o", "site"], in: folder)
                #expect(rerun.status == 0)
                #expect(try Self.snapshot(catalog.directory.path("site")) == before)
            }
        }
        #expect(!outcomes.isEmpty)
    }

    @Test func aDatabaseThatIsNotACatalogIsRefusedBeforeAnyWrite() throws {
        let directory = try TemporaryDirectory()
        let other = directory.path("other-app.db")
        let database = try Database(path: other)
        try database.execute(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'x')")
        try database.execute("PRAGMA journal_mode = DELETE")
        let capsule = BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized.path
        let empty = directory.path("empty.db")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = directory.path("notes.db")
        try Data("not a database at all\n".utf8).write(to: URL(fileURLWithPath: text))
        let cases: [(String, String)] = [
            (other, "other-app.db is a SQLite database but not a catalog; nothing was changed"),
            (empty, "empty.db is an empty file, not a catalog"),
            (text, "notes.db is not a SQLite database"),
        ]
        for (path, message) in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            // `seed`, `apply` and `init` create a catalog where there is none, and an empty
            // file counts as none; every other command refuses it.
            let commands =
                [["add-style", capsule], ["check"], ["theme", "list"], ["log"]] + (path == empty ? [] : [["seed"]])
            for arguments in commands {
                let run = try CatalogProcess.run(["--db", path] + arguments, directory: directory.url)
                #expect(run.status == 65, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(path) changed")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
        // `init` makes an empty file a catalog, but never another application's database.
        #expect(try CatalogProcess.run(["--db", empty, "init"]).status == 0)
        #expect(try CatalogProcess.run(["--db", other, "init"]).status == 65)
    }

    @Test func terminalEscapesFromUsersAreShownEscaped() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        var capsule = try String(
            contentsOf: BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized,
            encoding: .utf8)
        capsule = capsule.replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "1.0.1""#)
        try Data(capsule.utf8).write(to: folder.appending(path: "capsule.json"))
        let added = try catalog.run(
            [
                "add-style", "capsule.json", "-m", "\u{1B}]0;pwned\u{07}\u{1B}[2Jhello\u{9B}", "--author",
                "mal\u{1B}[8mlory",
            ],
            in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        for arguments in [["log"], ["show", "HEAD"], ["log", "--json"], ["show", "HEAD", "--json"]] {
            let run = try catalog.run(arguments, in: folder)
            #expect(run.status == 0)
            let raw = run.stdout.unicodeScalars.filter {
                $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
            }
            #expect(raw.isEmpty, "\(arguments) printed control characters raw")
            #expect(
                run.stdout.contains(arguments.contains("--json") ? "mal\\u001b[8mlory" : "mal\\u{1B}[8mlory"),
                "\(arguments): \(run.stdout)")
        }
        // The same message arriving in a changeset file is shown escaped by apply.
        let replica = catalog.directory.path("replica.db")
        #expect(
            try CatalogProcess.run(
                ["--db", catalog.path, "export-changeset", "-o", "all.changeset"], directory: folder
            ).status == 0)
        let applied = try CatalogProcess.run(["--db", replica, "apply", "all.changeset"], directory: folder)
        #expect(applied.status == 0)
        #expect(applied.stdout.contains("\\u{1B}]0;pwned\\u{7}\\u{1B}[2Jhello\\u{9B}"), "\(applied.stdout)")
        #expect(!applied.stdout.unicodeScalars.contains("\u{1B}"))
    }

    @Test func namesEqualInUnicodeAreOneName() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        for (name, version) in [(composed, "1.0.0"), (decomposed, "1.1.0")] {
            let file = folder.appending(path: "\(version).tokens.json")
            try Data(##"{"color": {"$type": "color", "accent": {"$value": "#112233"}}}"##.utf8).write(to: file)
            let run = try catalog.run(["theme", "add", file.path, "--name", name, "--version", version], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        #expect(try repository.versions(ofTheme: composed).map(\.description) == ["1.0.0", "1.1.0"])
        let show = try catalog.run(["theme", "show", "\(decomposed)@1.0.0"], in: folder)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(try catalog.run(["export", "docs", "-o", "docs"], in: folder).status == 0)
        let themes = try FileManager.default.contentsOfDirectory(atPath: catalog.directory.path("docs/themes"))
        #expect(themes.filter { $0.hasPrefix("Caf") }.count == 1, "\(themes)")
    }

    @Test func writersWaitTheirTurnBehindLargeImports() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        for writer in 0..<4 {
            var text =
                #"{"$extensions": {"catalog.theme": {"name": "Big\#(writer)", "version": "1.0.0"}}, "color": {"$type": "color""#
            for index in 0..<25_000 { text += ##", "c\##(index)": {"$value": "#\##(String(format: "%06x", index))"}"## }
            try Data((text + "}}").utf8).write(to: folder.appending(path: "big-\(writer).tokens.json"))
        }
        let template = try String(
            contentsOf: BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized,
            encoding: .utf8)
        for index in 0..<12 {
            try Data(
                template.replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "1.1.\#(index)""#).utf8
            ).write(to: folder.appending(path: "capsule-\(index).json"))
        }
        let failures = Failures()
        let group = DispatchGroup()
        let database = catalog.path
        var runs = (0..<4).map { ["theme", "add", "big-\($0).tokens.json"] }
        runs += (0..<12).map { ["add-style", "capsule-\($0).json"] }
        for arguments in runs {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                // A short limit would fail here: the small writes queue behind the imports.
                let result = try? CatalogProcess.run(["--db", database] + arguments, directory: folder)
                if result?.status != 0 { failures.add("\(arguments): \(result?.stderr ?? "did not run")") }
            }
        }
        group.wait()
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(3))")
        let check = try catalog.run(["check"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        let repository = try Repository(path: catalog.path, mode: .mustExist)
        #expect(try repository.themeSummaries().filter { $0.name.hasPrefix("Big") }.count == 4)
        // A writer that meets a lock past its limit says so in plain words.
        let holder = try Database(path: catalog.path)
        try holder.execute("BEGIN IMMEDIATE")
        let blocked = try CatalogProcess.run(
            ["--db", catalog.path, "add-style", "capsule-0.json", "-m", "again"],
            environment: ["CATALOG_LOCK_TIMEOUT": "0.5"], directory: folder)
        // Reads of an up-to-date catalog take no lock: they answer while the writer holds it.
        for read in [["theme", "list"], ["style", "show", "capsule"], ["spec", "list"], ["log", "-n", "1"]] {
            let answer = try CatalogProcess.run(
                ["--db", catalog.path] + read, environment: ["CATALOG_LOCK_TIMEOUT": "0.5"], directory: folder)
            #expect(answer.status == 0, "\(read): \(answer.stderr)")
        }
        try holder.execute("ROLLBACK")
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("kept the catalog"), "\(blocked.stderr)")
        #expect(!blocked.stderr.contains("BEGIN"), "\(blocked.stderr)")
    }

    /// A 600 KB file system (tmpfs; needs root, as CI has): writes that run out of room
    /// say so in plain words and leave the catalog and earlier exports as they were.
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskIsSaidPlainlyAndChangesNothing() throws {
        let catalog = try Catalog()
        let small = catalog.directory.path("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        guard try Self.mount(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", small]) == 0 else {
            // A container without CAP_SYS_ADMIN: nothing to test here.
            return
        }
        defer { _ = try? Self.mount(["umount", small]) }
        let seed = try CatalogProcess.run(["--db", small + "/c.db", "seed"])
        #expect(seed.status == 1)
        #expect(seed.stderr == "error: the disk is full while saving the catalog \(small)/c.db; nothing was written\n")
        let check = try CatalogProcess.run(["--db", small + "/c.db", "check"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("(no revisions)"))
        // The log the failed seed wrote, if the check left one.
        try? FileManager.default.removeItem(atPath: small + "/c.db-wal")

        let resolver = try catalog.run(
            ["theme", "export", "Orange", "--format", "resolver", "-o", small + "/docs"], in: catalog.directory.url)
        #expect(resolver.status == 0, "\(resolver.stderr)")
        let before = try HostileInputTests.snapshot(small + "/docs")
        // The JSON document (about 640 KB) does not fit beside the resolver export (36 KB).
        let docs = try catalog.run(
            ["export", "docs", "--format", "json", "-o", small + "/docs"], in: catalog.directory.url)
        #expect(docs.status == 1)
        #expect(docs.stderr.contains(": the disk is full; nothing was changed there"), "\(docs.stderr)")
        #expect(try HostileInputTests.snapshot(small + "/docs") == before)
        // Nothing beside the catalog (and SQLite's own files) and the export.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: small).filter { !$0.hasPrefix("c.db-") }.sorted() == [
                "c.db", "docs",
            ])
        // Nor does the changeset (about 460 KB) once 200 KB more are taken.
        try Data(count: 200_000).write(to: URL(fileURLWithPath: small + "/filler"))
        let changeset = try catalog.run(
            ["--verbose", "export-changeset", "-o", small + "/all.changeset"], in: catalog.directory.url)
        #expect(changeset.status == 1)
        #expect(
            changeset.stderr
                == "error: cannot write \(small)/all.changeset: the disk is full; nothing was changed there\n")
        // Nor do the changes applied to a catalog there: said as a full disk, not as a
        // corrupt changeset.
        let elsewhere = catalog.directory.path("all.changeset")
        #expect(try catalog.run(["export-changeset", "-o", elsewhere], in: catalog.directory.url).status == 0)
        for name in ["filler", "docs", "c.db", "c.db-shm"] {
            try? FileManager.default.removeItem(atPath: small + "/" + name)
        }
        #expect(try CatalogProcess.run(["--db", small + "/d.db", "init"]).status == 0)
        let apply = try CatalogProcess.run(["--db", small + "/d.db", "apply", elsewhere])
        #expect(apply.status == 1, "\(apply.stderr)")
        #expect(apply.stderr.contains("the disk is full"), "\(apply.stderr)")
        #expect(!apply.stderr.contains("corrupt"))
    }

    /// Runs `mount`/`umount` with `arguments`; the exit status.
    static func mount(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A catalog on a file system remounted read-only: writes say so in plain words.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aReadOnlyDiskIsSaidPlainly() throws {
        let directory = try TemporaryDirectory()
        let disk = directory.path("ro")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard try Self.mount(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", disk]) == 0 else { return }
        defer { _ = try? Self.mount(["umount", disk]) }
        #expect(try CatalogProcess.run(["--db", disk + "/c.db", "init"]).status == 0)
        #expect(try Self.mount(["mount", "-o", "remount,ro", disk]) == 0)
        let add = try CatalogProcess.run(["--db", disk + "/c.db", "seed"])
        #expect(add.status == 1)
        #expect(
            add.stderr
                == "error: the catalog \(disk)/c.db is read-only (the file, its folder or its disk cannot be written); nothing was written\n"
        )
        let verbose = try CatalogProcess.run(["--db", disk + "/c.db", "--verbose", "seed"])
        #expect(verbose.stderr.contains("  detail: SQLite error"))
        // Reading needs no writing: a catalog on read-only media is listed, checked, exported.
        let output = directory.path("docs")
        for arguments in [["theme", "list"], ["check"], ["export", "docs", "--format", "html", "-o", output]] {
            let read = try CatalogProcess.run(["--db", disk + "/c.db"] + arguments)
            #expect(read.status == 0, "\(arguments): \(read.stderr)")
        }
        // The server reads it too (it opens the catalog read-only from the start).
        let lines = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"theme"}}}"#,
        ]
        let served = try CatalogProcess.run(
            ["--db", disk + "/c.db", "mcp"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8), timeout: 120)
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.stdout.contains(#""id":1,"result""#), "\(served.stdout)")
    }
}
