import Foundation
import TestSupport
import Testing

/// Runs the built `catalog` executable as a process.
@Suite struct BinaryTests {
    @Test func helpAndVersion() throws {
        let help = try CatalogProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: "))
        #expect(help.stderr.isEmpty)
        let version = try CatalogProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func initThenStatusInTheWorkingDirectoryByDefault() throws {
        let directory = try TemporaryDirectory()
        let initRun = try CatalogProcess.run(["init"], directory: directory.url)
        #expect(initRun.status == 0)
        #expect(initRun.stdout.hasPrefix("Initialized catalog at catalog.db (schema version "))
        #expect(FileManager.default.fileExists(atPath: directory.path("catalog.db")))
        let status = try CatalogProcess.run(["migrate", "--status"], directory: directory.url)
        #expect(status.status == 0)
        #expect(status.stdout.contains("applied  0001_catalog_info.sql"))
    }

    @Test func environmentVariableSelectsTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("env.db")
        let run = try CatalogProcess.run(["init"], environment: ["CATALOG_DB": path])
        #expect(run.status == 0)
        #expect(run.stdout.contains(path))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func usageErrorExitsSixtyFourOnStderr() throws {
        let run = try CatalogProcess.run(["inti"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Error: Unknown subcommand 'inti'; did you mean 'init'?"))
        #expect(run.stderr.contains("Usage: catalog"))
        #expect(run.stderr.contains("See 'catalog --help' for more information."))
    }

    @Test func failureExitsOneWithoutColourWhenNotATerminal() throws {
        let directory = try TemporaryDirectory()
        let run = try CatalogProcess.run(["migrate", "--db", directory.path("absent.db")])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: no catalog database at"))
        #expect(!run.stderr.contains("\u{1B}["))
    }
}
