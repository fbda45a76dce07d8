import Foundation
import TestSupport
import Testing

/// `catalog --generate-completion-script bash|zsh|fish`: each script loads in its shell
/// and completes subcommands, options and fixed option values. bash is on every machine;
/// zsh and fish run where installed (and must be, under CI).
@Suite struct CompletionScriptTests {
    /// Runs `shell -c command` with the script in a file, returning standard output.
    static func run(_ shell: String, script: String, _ command: String) throws -> (status: Int32, output: String) {
        let directory = try TemporaryDirectory()
        let file = directory.path("catalog.\(shell)")
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try #require(ExternalTool.path(shell), "\(shell) is not installed"))
        process.arguments = ["-c", "source \(file); \(command)"]
        process.environment = ["HOME": directory.path(""), "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func script(_ shell: String) throws -> String {
        let result = try CatalogProcess.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Completes the words (the last one being typed) with the bash function.
    static let complete = """
        c() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _catalog; echo "${COMPREPLY[*]}"; }
        """

    @Test func bashCompletesSubcommandsOptionsAndValues() throws {
        let script = try Self.script("bash")
        let result = try Self.run(
            "bash", script: script,
            Self.complete + """
                ; complete -p catalog; c catalog the; c catalog theme a; c catalog --db x.db export docs --format ""; \
                c catalog style resolve --state p; c catalog lint --error; c catalog theme show --type co
                """)
        #expect(result.status == 0)
        #expect(
            result.output == """
                complete -F _catalog catalog
                theme
                add
                markdown docc json html
                pressed
                --error-on
                color

                """)
    }

    /// A seeded catalog in a folder of its own, kept alive with the calls that use it.
    static func seeded() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let seeded = try CatalogProcess.run(["--db", directory.path("s.db"), "seed"])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        return directory
    }

    /// The catalog's names come from the database the line names, as they are typed: themes,
    /// styles, specs, what usage answers for, the modes and token paths of the theme on the
    /// line (`--theme` or the theme argument); a missing database completes nothing.
    @Test func bashCompletesTheCatalogsNames() throws {
        let directory = try Self.seeded()
        let binary = CatalogProcess.executable.path
        let db = directory.path("s.db")
        let result = try Self.run(
            "bash", script: try Self.script("bash"),
            Self.complete + """
                ; c \(binary) --db \(db) theme show O; c \(binary) --db \(db) theme show Orange --path color.action.n; \
                c \(binary) --db \(db) export swift --theme DesignFoundation --mode ""; \
                c \(binary) --db \(db) style show DFButton.g; c \(binary) --db \(db) export swift --theme S; \
                c \(binary) --db \(db) spec show O; c \(binary) --db \(db) usage DFButton.o; \
                c \(binary) --db \(db) style resolve capsule --theme Orange --mode c; \
                c \(binary) --db \(directory.path("missing.db")) theme show O
                """)
        #expect(result.status == 0)
        #expect(
            result.output == """
                Orange
                color.action.negative.enabled color.action.negative.hover color.action.negative.pressed
                colorScheme=dark colorScheme=light
                DFButton.ghost DFButton.glass
                Sosh SwiftUI
                OUDSButton
                DFButton.outlined
                colorScheme=dark colorScheme=light


                """)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.db")), "completion creates nothing")
    }

    /// `--complete-names KIND [THEME [PREFIX]]` prints one name per line; a kind it does not
    /// know is a usage error.
    @Test func completeNamesListsOneNamePerLine() throws {
        let directory = try Self.seeded()
        let db = directory.path("s.db")
        let tokens = try CatalogProcess.run(["--complete-names", "token", "--db", db, "Orange@1.0.0", "color.action.s"])
        #expect(tokens.status == 0)
        #expect(
            tokens.stdout
                == "color.action.support.focus\ncolor.action.support.hover\ncolor.action.support.pressed\n")
        let unknownTheme = try CatalogProcess.run(["--complete-names", "mode", "--db", db, "Nope"])
        #expect(unknownTheme.status == 0 && unknownTheme.stdout.isEmpty)
        let bad = try CatalogProcess.run(["--complete-names", "colour"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--complete-names takes one of theme, style, spec, token, mode, usage"))
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try CatalogProcess.run(["--generate-completion-script", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --generate-completion-script takes one of: bash, zsh, fish"))
    }

    @Test(
        .enabled(
            if: ExternalTool.shouldRun("zsh"), "zsh is not installed (Debian: apt-get install zsh); .ci/run installs it"
        ))
    func zshLoadsTheScript() throws {
        let result = try Self.run(
            "zsh", script: try Self.script("zsh"),
            "setopt ksharrays; " + Self.complete + "; c catalog theme a; c catalog export docs --format ''")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ").contains("add") == true)
        #expect(lines.last == "markdown docc json html")
        // The catalog's names: zsh's own completion filters them by what is typed.
        let directory = try Self.seeded()
        let names = try Self.run(
            "zsh", script: try Self.script("zsh"),
            "setopt ksharrays; " + Self.complete
                + "; c \(CatalogProcess.executable.path) --db \(directory.path("s.db")) theme show Orange --path color.action.n"
        )
        #expect(
            names.output
                == "color.action.negative.enabled color.action.negative.hover color.action.negative.pressed\n")
    }

    @Test(
        .enabled(
            if: ExternalTool.shouldRun("fish"),
            "fish is not installed (Debian: apt-get install fish); .ci/run installs it"))
    func fishLoadsTheScript() throws {
        let result = try Self.run(
            "fish", script: try Self.script("fish"),
            "complete -C'catalog theme a'; complete -C'catalog export docs --format '; complete -C'catalog --db x.db style resolve --st'"
        )
        #expect(result.status == 0)
        let words = result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words == ["add", "docc", "html", "json", "markdown", "--state"])
        // The catalog's names, through the binary the line names (on the PATH as `catalog`).
        let directory = try Self.seeded()
        let bin = directory.url.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appending(path: "catalog"), withDestinationURL: CatalogProcess.executable)
        let db = directory.path("s.db")
        let names = try Self.run(
            "fish", script: try Self.script("fish"),
            "set PATH \(bin.path) $PATH; complete -C'catalog --db \(db) theme show O'; "
                + "complete -C'catalog --db \(db) theme show Orange --path color.action.n'; "
                + "complete -C'catalog --db \(db) export swift --theme DesignFoundation --mode '")
        #expect(
            names.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == [
                "Orange", "color.action.negative.enabled", "color.action.negative.hover",
                "color.action.negative.pressed", "colorScheme=dark", "colorScheme=light",
            ])
    }
}
