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

/// The README's walkthrough, run with the built binary.
@Suite struct RepositoryBinaryTests {
    static let capsule = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/capsule.json").path

    @Test func seedAddStyleResolveAndList() throws {
        let directory = try TemporaryDirectory()
        let seed = try CatalogProcess.run(["seed"], directory: directory.url)
        #expect(seed.status == 0, "\(seed.stderr)")
        #expect(seed.stdout.contains("specs: 8 versions (8 new)"))
        let add = try CatalogProcess.run(["add-style", Self.capsule], directory: directory.url)
        #expect(add.status == 0, "\(add.stderr)")
        let resolve = try CatalogProcess.run(
            [
                "style", "resolve", "capsule", "--theme", "DesignFoundation", "--role", "destructive", "--state",
                "pressed",
            ], directory: directory.url)
        #expect(resolve.status == 0)
        #expect(resolve.stdout.contains("#FF3B30CC"))
        #expect(resolve.stdout.contains("0.95"))
        let list = try CatalogProcess.run(["spec", "list"], directory: directory.url)
        for name in ["Button", "ButtonVariantStyle", "DFButton", "OUDSButton"] { #expect(list.stdout.contains(name)) }
    }

    @Test func aCopiedBinaryCarriesItsSeeds() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.url.appending(path: "catalog")
        try FileManager.default.copyItem(at: CatalogProcess.executable, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["--db", directory.path("copy.db"), "seed"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.path("copy.db")))
    }

    @Test func badInputExitsSixtyFiveAndNamesThePlace() throws {
        let directory = try TemporaryDirectory()
        _ = try CatalogProcess.run(["seed"], directory: directory.url)
        let run = try CatalogProcess.run(
            ["add-style", "-"], directory: directory.url, stdin: Data("{\n  \"name\": 3\n}".utf8))
        #expect(run.status == 65)
        #expect(run.stderr.contains("<stdin>:2:11: error: $.name: expected a string, got a number 3"))
    }
}
