import Foundation
import TestSupport
import Testing

/// Where a command starts: a working folder deleted under it, or a `.catalog.json` that is
/// not a file (a FIFO with a silent writer, a link to nothing, a link loop). Each ends at
/// once, with the reason, and never applies a parent folder's settings without a word.
@Suite struct WorkingFolderTests {
    /// `catalog arguments…` started in `folder` after `prepare` ran there (a shell line).
    func run(_ arguments: [String], in folder: URL, after prepare: String) throws -> CatalogProcess.Result {
        let quoted = ([CatalogProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try CatalogProcess.run(
            ["-c", "cd '\(folder.path)' && \(prepare) && exec \(quoted)"], timeout: 30, checked: false,
            launcher: "/bin/sh")
    }

    func seeded() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["--db", directory.path("cat.db"), "seed"]).status == 0)
        return directory
    }

    @Test func aDeletedWorkingFolderIsSaidAndTheCommandRuns() throws {
        let directory = try seeded()
        let gone = directory.url.appending(path: "gone")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        let list = try run(["--db", directory.path("cat.db"), "theme", "list"], in: gone, after: "rmdir ../gone")
        #expect(!list.timedOut)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("DesignFoundation"))
        #expect(
            list.stderr
                == "warning: the working folder cannot be read (it no longer exists): no .catalog.json applies\n")
        // The server too; a relative --root has nothing to be relative to.
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        let root = try run(
            ["--db", directory.path("cat.db"), "mcp", "--root", "src"], in: gone, after: "rmdir ../gone")
        #expect(!root.timedOut)
        #expect(root.status == 64)
        #expect(root.stderr.contains("Error: --root src is relative, and the working folder cannot be read"))
        // Shell completion answers (quietly) rather than hanging.
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        let names = try run(
            ["--complete-names", "theme", "--db", directory.path("cat.db")], in: gone, after: "rmdir ../gone")
        #expect(!names.timedOut)
        #expect(names.stdout.split(separator: "\n").contains("Orange"))
    }

    @Test func aProjectFileThatIsNotAFileIsRefusedNamingIt() throws {
        let directory = try seeded()
        let app = directory.url.appending(path: "app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        // A parent's project file that names another database must not apply instead.
        try Data(#"{"database": "other.db"}"#.utf8).write(to: directory.url.appending(path: ".catalog.json"))
        let file = app.appending(path: ".catalog.json").path
        let cases: [(prepare: String, reason: String)] = [
            // A FIFO whose writer never writes: opened, it would block every command.
            (
                "mkfifo .catalog.json && { sh -c 'exec 3<>.catalog.json; sleep 20' & }",
                "is not a regular file (a FIFO, a socket or a device)"
            ),
            ("ln -s missing.json .catalog.json", "is a symbolic link to \"missing.json\", which does not exist"),
            ("ln -s .catalog.json .catalog.json", "is a symbolic link loop"),
            ("mkdir .catalog.json", "is a folder; a project file is a JSON file"),
        ]
        for (prepare, reason) in cases {
            let list = try run(
                ["--db", directory.path("cat.db"), "theme", "list"], in: app,
                after: "rm -rf .catalog.json && \(prepare)")
            #expect(!list.timedOut, "\(prepare)")
            #expect(list.status == 65, "\(prepare): \(list.stderr)")
            #expect(list.stderr.hasPrefix("\(file): error: \(reason)"), "\(prepare): \(list.stderr)")
            #expect(list.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("other.db")))
    }
}
