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
    }
}
