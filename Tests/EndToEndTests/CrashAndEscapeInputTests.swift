import Foundation
import SQLite
import TestSupport
import Testing

/// Inputs that once crashed, hung or read outside
/// their folder, and output lost without a word. Each case is run against the built
/// binary, within a time limit, and must be refused with its exit code and message,
/// the catalog untouched (same content hash, no revision).
@Suite(.serialized) struct CrashAndEscapeInputTests {
    typealias Catalog = BadInputCorpusTests.Catalog

    /// What a shell run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Writes `text` to `name` in the catalog's folder and returns its path.
    static func write(_ catalog: Catalog, _ name: String, _ text: String) throws -> String {
        let path = catalog.directory.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs the binary through `sh -c` for redirections the process API cannot make
    /// (standard input closed, `/dev/zero`, `/dev/full`).
    static func shell(_ script: String, catalog: Catalog) throws -> Run {
        let binary = CatalogProcess.executable.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "cd '\(catalog.directory.url.path)' && C='\(binary)' DB='\(catalog.path)' && \(script)",
        ]
        let directory = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: directory.path("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: directory.path("err"), contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: directory.url.appending(path: "out"))
        process.standardError = try FileHandle(forWritingTo: directory.url.appending(path: "err"))
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        let result = Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: directory.url.appending(path: "out")), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: directory.url.appending(path: "err")), as: UTF8.self))
        #expect(!timedOut, "\(script) hung")
        #expect(!result.stderr.contains("Fatal error"), "\(script) crashed: \(result.stderr)")
        return result
    }

    /// Item 1 and 2: expressions of 50,000 terms, and `$extends` that multiplies at each
    /// level, are refused at once with a message, not a crash or a minute of work.
    @Test func amplifyingInputsAreRefusedQuickly() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        let terms = Array(repeating: "1", count: 50_000)
        for op in ["+", "*"] {
            let text =
                "{\"s\": {\"a\": {\"value\": \"\(terms.joined(separator: op))\", \"type\": \"spacing\"}}, \"$metadata\": {\"tokenSetOrder\": [\"s\"]}}"
            let file = try Self.write(catalog, "expression.json", text)
            try catalog.expectRefusal(
                ["theme", "add", file, "--name", "E", "--version", "1.0.0", "--strict"], in: folder, exit: 65,
                message: "it has more than 1000 operations")
        }
        var levels = ["\"l0\": {\"a\": {\"$type\": \"number\", \"$value\": 1}}"]
        for level in 1...20 {
            levels.append(
                "\"l\(level)\": {\"x\": {\"$extends\": \"{l\(level - 1)}\"}, \"y\": {\"$extends\": \"{l\(level - 1)}\"}}"
            )
        }
        let doubling = try Self.write(catalog, "doubling.tokens.json", "{" + levels.joined(separator: ", ") + "}")
        try catalog.expectRefusal(
            ["theme", "add", doubling, "--name", "A", "--version", "1.0.0"], in: folder, exit: 65,
            message: "$extends would make about 2097151 tokens of the 1 written")
        var wide = [
            "\"base\": {"
                + (0..<2_000).map { "\"t\($0)\": {\"$type\": \"number\", \"$value\": \($0)}" }
                .joined(separator: ", ") + "}"
        ]
        wide += (0..<2_000).map { "\"g\($0)\": {\"$extends\": \"{base}\"}" }
        let copies = try Self.write(catalog, "copies.tokens.json", "{" + wide.joined(separator: ", ") + "}")
        try catalog.expectRefusal(
            ["theme", "add", copies, "--name", "A", "--version", "1.0.0"], in: folder, exit: 65,
            message: "the catalog expands a file to at most 1000000")
    }

    /// Item 6: a Style Dictionary chain of 20,000 untyped `.value` references is typed in
    /// one walk (it took minutes): it reads well within the limit.
    @Test func aLongUntypedChainIsTypedOnce() throws {
        let catalog = try Catalog()
        var members = ["\"t0\": {\"value\": \"#ffffff\"}"]
        for index in 1..<20_000 { members.append("\"t\(index)\": {\"value\": \"{t\(index - 1).value}\"}") }
        let file = try Self.write(catalog, "chain.json", "{" + members.joined(separator: ", ") + "}")
        let result = try catalog.run(
            ["theme", "add", file, "--name", "Chain", "--version", "1.0.0", "--dry-run"], in: catalog.directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("20,000 tokens"), "\(result.stdout)")
    }

    /// Items 3 and 4: standard input closed or endless, FIFOs and devices where a file is
    /// expected: refused with a message, never a crash or a wait.
    @Test func standardInputFIFOsAndDevicesAreRefused() throws {
        let catalog = try Catalog()
        let before = try catalog.state()
        for (script, message) in [
            ("\"$C\" --db \"$DB\" theme add - <&-", "<stdin>: error: standard input is closed"),
            ("\"$C\" --db \"$DB\" theme add - </dev/zero", "<stdin>: error: is larger than 512 MB"),
            ("\"$C\" --db \"$DB\" add-style - </dev/zero", "<stdin>: error: is larger than 512 MB"),
        ] {
            let result = try Self.shell(script, catalog: catalog)
            #expect(result.status == 65, "\(script): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(script): \(result.stderr)")
        }
        let fifo = catalog.directory.path("pipe.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let base = try Self.write(catalog, "base.json", "{\"c\": {\"$type\": \"color\", \"$value\": \"#000000\"}}")
        try catalog.expectRefusal(
            ["theme", "add", base, "--mode-file", "scheme:dark=\(fifo)"], in: catalog.directory.url, exit: 65,
            message: "pipe.json:1:1: error: the file is empty")
        let resolver = try Self.write(
            catalog,
            "fifo.resolver.json",
            "{\"version\": \"2025.10\", \"sets\": {\"b\": {\"sources\": [{\"$ref\": \"pipe.json\"}]}}, \"resolutionOrder\": [{\"$ref\": \"#/sets/b\"}]}"
        )
        try catalog.expectRefusal(
            ["theme", "add", resolver, "--name", "F", "--version", "1.0.0"], in: catalog.directory.url, exit: 65,
            message: "pipe.json: is not a regular file; a $ref names a JSON file")
        for arguments in [["theme", "list"], ["init"], ["check"]] {
            let result = try CatalogProcess.run(["--db", fifo] + arguments, timeout: 30)
            #expect(!result.timedOut, "--db FIFO \(arguments) hung")
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is not a regular file (a FIFO, a device), so not a catalog"))
        }
        let folder = try CatalogProcess.run(["--db", catalog.directory.url.path, "init"], timeout: 30)
        #expect(folder.status == 65)
        #expect(folder.stderr.contains("is a folder, so not a catalog"), "\(folder.stderr)")
        let after = try catalog.state()
        #expect(after.hash == before.hash && after.revisions == before.revisions)
    }

    /// Item 7: a resolver's `$ref` reads only files inside its folder's tree, links
    /// resolved; nothing of a file outside is read or shown.
    @Test func resolverReferencesStayInTheirFolder() throws {
        let catalog = try Catalog()
        let inner = catalog.directory.url.appending(path: "theme")
        try FileManager.default.createDirectory(at: inner.appending(path: "sets"), withIntermediateDirectories: true)
        let token = "{\"a\": {\"$type\": \"number\", \"$value\": 1}}"
        _ = try Self.write(catalog, "outside.tokens.json", token)
        try Data(token.utf8).write(to: inner.appending(path: "sets/inside.tokens.json"))
        try FileManager.default.createSymbolicLink(
            atPath: inner.appending(path: "link.tokens.json").path, withDestinationPath: "../outside.tokens.json")
        func resolver(_ reference: String) throws -> String {
            let path = inner.appending(path: "r.resolver.json")
            try Data(
                "{\"version\": \"2025.10\", \"sets\": {\"b\": {\"sources\": [{\"$ref\": \"\(reference)\"}]}}, \"resolutionOrder\": [{\"$ref\": \"#/sets/b\"}]}"
                    .utf8
            ).write(to: path)
            return path.path
        }
        for reference in ["../outside.tokens.json", "/etc/passwd", "link.tokens.json", "/proc/self/environ"] {
            try catalog.expectRefusal(
                ["theme", "add", try resolver(reference), "--name", "R", "--version", "1.0.0"],
                in: catalog.directory.url, exit: 65,
                message:
                    "leads outside the resolver document's folder; the files it names must be in that folder or below it"
            )
        }
        let inside = try catalog.run(
            [
                "theme", "add", try resolver("sets/inside.tokens.json"), "--name", "R", "--version", "1.0.0",
                "--dry-run",
            ],
            in: catalog.directory.url)
        #expect(inside.status == 0, "\(inside.stderr)")
    }

    /// Item 8: output that cannot be written (a full disk) is an error, exit 1.
    @Test func aFullDiskOnStandardOutputIsAnError() throws {
        let catalog = try Catalog()
        for command in [
            "theme export DesignFoundation", "export-changeset --format json", "theme show DesignFoundation",
            "theme list",
        ] {
            let result = try Self.shell("\"$C\" --db \"$DB\" \(command) >/dev/full", catalog: catalog)
            #expect(result.status == 1, "\(command): \(result.status)")
            #expect(
                result.stderr.contains("error: could not write the output: the disk is full"),
                "\(command): \(result.stderr)")
        }
        let closed = try Self.shell(
            "\"$C\" --db \"$DB\" theme export DesignFoundation | head -c 10 >/dev/null", catalog: catalog)
        #expect(
            !closed.stderr.contains("could not write"), "a reader that stops early is not an error: \(closed.stderr)")
    }

    /// Item 13: a token nested at any depth inside a token is refused, not kept as metadata.
    @Test func aTokenInsideATokenIsRefusedAtAnyDepth() throws {
        let catalog = try Catalog()
        let file = try Self.write(
            catalog,
            "nested.tokens.json",
            "{\"a\": {\"$type\": \"color\", \"$value\": \"#fff\", \"g\": {\"h\": {\"$value\": \"#000\"}}}}")
        try catalog.expectRefusal(
            ["theme", "add", file, "--name", "N", "--version", "1.0.0", "--strict"], in: catalog.directory.url,
            exit: 65,
            message: "$.a.g: a token cannot contain the token \"g.h\"")
    }

    /// Item 5: a file the parser dies on (generics nested 30,000 deep) costs only that file:
    /// the scan goes on, records the others and says which one it skipped; nesting a few
    /// hundred deep (the scanning threads' stacks are large) parses.
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aFileTheParserDiesOnCostsOnlyThatFile() throws {
        let catalog = try Catalog()
        let project = catalog.directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let generic = { (depth: Int) in
            "import SwiftUI\nlet y = Button(\"a\") {}\nlet x: " + String(repeating: "A<", count: depth) + "B"
                + String(repeating: ">", count: depth) + "\n"
        }
        try Data(generic(30_000).utf8).write(to: project.appending(path: "Absurd.swift"))
        try Data(generic(800).utf8).write(to: project.appending(path: "Deep.swift"))
        let fine = { (style: String) in
            try Data(
                "import SwiftUI\nstruct W: View { var body: some View { Button(\"x\") {}.buttonStyle(.\(style)) } }\n"
                    .utf8
            ).write(to: project.appending(path: "Fine.swift"))
        }
        /// A scan of the three files: the one the parser dies on is skipped, said, and the rest recorded.
        func scanSkippingAbsurd() throws {
            let result = try catalog.run(
                ["usage", "scan", project.path, "--project", "App"], in: catalog.directory.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Scanned 3 files"), "\(result.stdout)")
            #expect(
                result.stderr.contains("App/Absurd.swift: warning: the Swift parser died on this file"),
                "\(result.stderr)")
            #expect(!result.stderr.contains("Deep.swift"), "\(result.stderr)")
        }
        try fine("bordered")
        try scanSkippingAbsurd()
        let sites = try catalog.run(["usage", "Button", "--project", "App"], in: catalog.directory.url)
        #expect(sites.stdout.contains("Fine.swift"), "\(sites.stdout)\(sites.stderr)")
        #expect(sites.stdout.contains("Deep.swift"), "\(sites.stdout)\(sites.stderr)")
        // A rescan, the helper told of the changed files only: it dies on the same file,
        // which is skipped again; the edited one is read, the unchanged one stands.
        try fine("borderless")
        try scanSkippingAbsurd()
        let after = try catalog.run(["usage", "Button", "--project", "App"], in: catalog.directory.url).stdout
        #expect(after.contains("Deep.swift") && after.contains("Fine.swift"), "\(after)")
        #expect(after.contains("borderless") && !after.contains(".bordered)"), "\(after)")
    }

    /// Items 16 to 18: what was silent, misnamed or given the wrong exit code.
    @Test func messagesAndExitCodesSayWhatHappened() throws {
        let catalog = try Catalog()
        let folder = catalog.directory.url
        for (name, text, message) in [
            (
                "lab.tokens.json",
                "{\"c\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"lab\", \"components\": [50, -1e308, 0]}}}",
                "the lab components are too large to convert to any display"
            ),
            ("root.tokens.json", "{\"a\": {\"b\": {\"$ref\": \"#\"}}}", "$ref # names the file's root group"),
            (
                "both.tokens.json",
                "{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$ref\": \"#/b\"}, \"b\": {\"$type\": \"number\", \"$value\": 2}}",
                "a token has both $value and $ref; give its value one way"
            ),
            ("loop.json", "{\"a\": {\"value\": \"{b}\"}, \"b\": {\"value\": \"{a}\"}}", "$.a: alias cycle: a → b → a"),
        ] {
            let file = try Self.write(catalog, name, text)
            try catalog.expectRefusal(
                ["theme", "add", file, "--name", "M", "--version", "1.0.0", "--strict"], in: folder, exit: 65,
                message: message)
        }
        let utf32 = catalog.directory.path("utf32.tokens.json")
        try Data([0xFF, 0xFE, 0x00, 0x00] + Array("{}".utf8)).write(to: URL(fileURLWithPath: utf32))
        try catalog.expectRefusal(
            ["theme", "add", utf32, "--name", "M", "--version", "1.0.0"], in: folder, exit: 65,
            message: "the file is UTF-32 (it starts with the byte-order mark FF FE 00 00)")
        let modifier = try Self.write(
            catalog, "modify.json",
            "{\"s\": {\"gap\": {\"value\": \"8\", \"type\": \"spacing\", \"$extensions\": {\"studio.tokens\": {\"modify\": {\"type\": \"lighten\", \"value\": \"0.2\", \"space\": \"srgb\"}}}}}, \"$metadata\": {\"tokenSetOrder\": [\"s\"]}}"
        )
        let modified = try catalog.run(
            ["theme", "add", modifier, "--name", "M", "--version", "1.0.0", "--dry-run"], in: folder)
        #expect(modified.status == 0)
        #expect(modified.stderr.contains("token gap is a dimension with a color modifier"), "\(modified.stderr)")

        try catalog.expectRefusal(
            ["export", "swift", "--theme", "Orang", "-o", catalog.directory.path("out")], in: folder, exit: 64,
            message: "did you mean 'Orange'?")
        let extra = try CatalogProcess.run(["--generate-completion-script", "bash", "extra"])
        #expect(extra.status == 64 && extra.stderr.contains("unexpected 'extra'"), "\(extra.stderr)")
        let long = try catalog.run(["theme", "show", String(repeating: "x", count: 100_000)], in: folder)
        #expect(long.status != 0 && long.stderr.utf8.count < 2_000, "\(long.stderr.utf8.count) bytes")

        // Item 10, style side: a padding no Swift number can hold is refused, naming the style.
        let capsule = BadInputCorpusTests.corpus.appending(path: "../../../Examples/capsule.json").standardized
        let huge = try String(contentsOf: capsule, encoding: .utf8)
            .replacingOccurrences(of: "\"horizontal\": \"{spacing.xl}\"", with: "\"horizontal\": 1e308")
            .replacingOccurrences(of: "\"name\": \"capsule\"", with: "\"name\": \"huge\"")
        #expect(try catalog.run(["add-style", try Self.write(catalog, "huge.json", huge)], in: folder).status == 0)
        let swift = try catalog.run(
            [
                "export", "swift", "--theme", "DesignFoundation", "--style", "huge", "-o",
                catalog.directory.path("swift"),
            ],
            in: folder)
        #expect(swift.status == 1)
        #expect(swift.stderr.contains("style huge holds 1e+308 (state normal), too large a number for Swift"))

        let foreign = catalog.directory.path("foreign.db")
        let scratch = try Database(path: foreign)
        try scratch.execute("CREATE TABLE catalog_migrations (x)")
        for arguments in [["init"], ["theme", "list"]] {
            let result = try CatalogProcess.run(["--db", foreign] + arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is a SQLite database but not a catalog"), "\(result.stderr)")
        }
    }
}
