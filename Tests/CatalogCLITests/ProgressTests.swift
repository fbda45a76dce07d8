import Foundation
import TestSupport
import Testing

@testable import CatalogCLI

/// Progress on standard error: drawn in place on a terminal, absent when standard error
/// is not one or with `--quiet`.
@Suite struct ProgressTests {
    /// Runs `catalog` in process with standard error taken for a terminal.
    func run(_ arguments: [String], terminal: Bool) -> (status: Int32, stdout: String, stderr: String) {
        let output = Console.Buffer()
        let errors = Console.Buffer()
        let console = Console(output: output, errors: errors, errorsIsTerminal: terminal)
        let status = CatalogCLI.run(arguments, environment: [:], console: console)
        return (status, output.text, errors.text)
    }

    @Test func seedAndExportDrawABarOnATerminalAndClearIt() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("catalog.db")
        let seed = run(["--db", database, "seed"], terminal: true)
        #expect(seed.status == 0)
        #expect(seed.stderr.hasPrefix("\rseed  publishing  [····················]  0/"), "\(seed.stderr.prefix(80))")
        #expect(seed.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(!seed.stdout.contains("\r"))
        let export = run(["--db", database, "export", "docs", "-o", directory.path("docs")], terminal: true)
        #expect(export.status == 0)
        #expect(export.stderr.contains("writing \(directory.path("docs"))  files  ["))
        for arguments in [["--db", database, "export", "docs", "-o", directory.path("docs")]] {
            #expect(run(arguments + ["--quiet"], terminal: true).stderr.isEmpty)
            #expect(run(arguments, terminal: false).stderr.isEmpty)
        }
    }

    @Test func theLineShowsCountsAndABar() {
        #expect(
            ProgressLine.render(label: "theme add", step: "writing values", done: 1, total: 4)
                == "theme add  writing values  [#####···············]  1/4")
        #expect(
            ProgressLine.render(label: "usage scan", step: nil, done: 12_345, total: 12_345)
                == "usage scan  [####################]  12,345/12,345")
        #expect(
            ProgressLine.render(
                label: "theme add", step: "reading big.tokens.json", done: 12_800_000, total: 25_600_000, bytes: true)
                == "theme add  reading big.tokens.json  [##########··········]  12.8/25.6 MB")
    }
}
