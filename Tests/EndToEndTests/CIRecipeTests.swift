import CatalogModel
import Foundation
import TestSupport
import Testing

/// The CI recipes of docs/ci.md cannot rot: the `run:` steps of the GitHub workflows and
/// the `script:` lines of the GitLab jobs are taken from the files and run with bash, as the
/// runners run them (`bash -eo pipefail`), with the built `catalog` on the PATH, on a design
/// system's pull request (a theme exported, edited) and an app's (a new error finding
/// beside accepted ones). Steps that fetch tools (`Install catalog`) are the runner's, not
/// run here.
@Suite struct CIRecipeTests {
    static let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "docs/ci")

    /// A step or a job's script: a name, its environment, its lines of shell.
    struct Step {
        var name: String
        var script: String
    }

    /// The top-level `env:` and the `run: |` steps of a GitHub Actions workflow.
    static func workflow(_ file: String) throws -> (env: [String: String], steps: [Step]) {
        let lines = try String(contentsOf: recipes.appending(path: file), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var env: [String: String] = [:]
        var steps: [Step] = []
        var name = ""
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if line == "env:" {
                index += 1
                while index < lines.count, lines[index].hasPrefix("  "), let colon = lines[index].firstIndex(of: ":") {
                    env[lines[index][..<colon].trimmingCharacters(in: .whitespaces)] = lines[index][
                        lines[index].index(after: colon)...
                    ].trimmingCharacters(in: .whitespaces)
                    index += 1
                }
                continue
            }
            if trimmed.hasPrefix("- name:") { name = trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces) }
            if trimmed.hasPrefix("- uses:") { name = "" }
            if trimmed == "run: |" {
                var body: [String] = []
                index += 1
                while index < lines.count,
                    lines[index].trimmingCharacters(in: .whitespaces).isEmpty
                        || lines[index].prefix(while: { $0 == " " }).count > indent
                {
                    body.append(String(lines[index].dropFirst(min(indent + 2, lines[index].count))))
                    index += 1
                }
                steps.append(Step(name: name, script: body.joined(separator: "\n")))
                continue
            }
            index += 1
        }
        return (env, steps)
    }

    /// Each GitLab job's `variables:` and `script:` lines, by job name.
    static func gitlabJobs() throws -> [String: (variables: [String: String], script: [String])] {
        let lines = try String(contentsOf: recipes.appending(path: "gitlab-ci.yml"), encoding: .utf8).split(
            separator: "\n")
        var jobs: [String: (variables: [String: String], script: [String])] = [:]
        var job = ""
        var section = ""
        for line in lines where !line.hasPrefix("#") {
            if !line.hasPrefix(" "), line.hasSuffix(":") {
                job = String(line.dropLast())
                jobs[job] = ([:], [])
            } else if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                section = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
            } else if section == "variables", let colon = line.firstIndex(of: ":") {
                jobs[job]?.variables[line[..<colon].trimmingCharacters(in: .whitespaces)] = line[
                    line.index(after: colon)...
                ].trimmingCharacters(in: .whitespaces)
            } else if section == "script", line.hasPrefix("    - ") {
                jobs[job]?.script.append(String(line.dropFirst(6)))
            }
        }
        return jobs
    }

    /// Runs `script` as a runner would, in `folder`, with `environment` and the built
    /// catalog on the PATH; its status and output.
    static func bash(_ script: String, in folder: URL, environment: [String: String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
        process.currentDirectoryURL = folder
        var base = ProcessInfo.processInfo.environment
        base["CATALOG_DB"] = nil
        base["PATH"] =
            CatalogProcess.executable.deletingLastPathComponent().path + ":" + (base["PATH"] ?? "/usr/bin:/bin")
        process.environment = base.merging(environment) { $1 }
        let log = folder.appending(path: "step-\(UInt64.random(in: 0...UInt64.max)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: log) }
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    /// A design system's repository at a pull request: its catalog, and its tokens
    /// exported from it with `colors.interactiveFill` changed.
    static func designSystem() throws -> TemporaryDirectory {
        let repository = try TemporaryDirectory()
        func catalog(_ arguments: [String]) throws {
            let run = try CatalogProcess.run(arguments, directory: repository.url)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        try catalog(["seed"])
        try FileManager.default.createDirectory(
            at: repository.url.appending(path: "tokens"), withIntermediateDirectories: true)
        try catalog(["theme", "export", "DesignFoundation", "-o", "tokens/DesignFoundation.json"])
        let file = repository.url.appending(path: "tokens/DesignFoundation.json")
        var theme = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var colors = try #require(theme["colors"] as? [String: Any])
        var fill = try #require(colors["interactiveFill"] as? [String: Any])
        fill["$value"] = ["colorSpace": "srgb", "components": [0.5, 0.2, 0.9], "alpha": 1, "hex": "#8033e6"]
        colors["interactiveFill"] = fill
        theme["colors"] = colors
        try JSONSerialization.data(withJSONObject: theme, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        return repository
    }

    /// What a design-system review leaves: the dry run, the publication, the impact.
    static func expectReview(in repository: TemporaryDirectory) throws {
        let review = repository.url.appending(path: "review")
        let dry = try String(contentsOf: review.appending(path: "dry-run.txt"), encoding: .utf8)
        #expect(dry.contains("Would publish theme DesignFoundation 1.1.3; nothing was written."), "\(dry)")
        let publish = try String(contentsOf: review.appending(path: "publish.txt"), encoding: .utf8)
        #expect(publish.contains("Published theme DesignFoundation 1.1.3"), "\(publish)")
        let impact = try String(contentsOf: review.appending(path: "impact.txt"), encoding: .utf8)
        #expect(impact.hasPrefix("Impact of DesignFoundation@1.1.2 → DesignFoundation@1.1.3\n"))
        #expect(impact.contains("  styles (1): DFButton.filled (colors.interactiveFill)"))
        let changelog = try String(contentsOf: review.appending(path: "changelog.html"), encoding: .utf8)
        #expect(changelog.contains("colors.interactiveFill"))
        #expect(FileManager.default.fileExists(atPath: review.appending(path: "site/index.html").path))
        // The committed catalog is untouched: the change went into a copy.
        let list = try CatalogProcess.run(["theme", "list"], directory: repository.url)
        #expect(!list.stdout.contains("1.1.3"))
    }

    @Test func theDesignSystemWorkflowRuns() throws {
        let repository = try Self.designSystem()
        let runner = try TemporaryDirectory()
        let summary = runner.path("summary.md")
        let (env, steps) = try Self.workflow("design-system.yml")
        #expect(env == ["THEME": "DesignFoundation", "TOKENS": "tokens"])
        let run = steps.filter { $0.name != "Install catalog" }
        #expect(
            run.map(\.name) == [
                "Dry run", "Publish into a copy of the catalog (the version check)", "What the change reaches",
                "Visual changelog and docs site",
            ])
        for step in run {
            let (status, output) = try Self.bash(
                step.script, in: repository.url,
                environment: env.merging([
                    "RUNNER_TEMP": runner.url.path, "GITHUB_STEP_SUMMARY": summary, "GITHUB_HEAD_REF": "recolor-fill",
                ]) { $1 })
            #expect(status == 0, "\(step.name): \(output)")
        }
        try Self.expectReview(in: repository)
        let note = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(note.contains("colors.interactiveFill"), "\(note)")
    }

    @Test func theGitLabDesignSystemJobRuns() throws {
        let repository = try Self.designSystem()
        let job = try #require(try Self.gitlabJobs()["design-tokens-review"])
        #expect(job.script.count == 8)
        for line in job.script {
            let (status, output) = try Self.bash(
                line, in: repository.url, environment: job.variables.merging(["CI_MERGE_REQUEST_IID": "7"]) { $1 })
            #expect(status == 0, "\(line): \(output)")
        }
        try Self.expectReview(in: repository)
        let note = try String(contentsOf: repository.url.appending(path: "review/release-note.md"), encoding: .utf8)
        #expect(note.contains("colors.interactiveFill"))
    }

    /// An app's repository at a pull request: the design system's catalog, a screen whose
    /// findings a committed baseline accepts, and a new one (DFButton below its iOS 18).
    static func app() throws -> TemporaryDirectory {
        let repository = try TemporaryDirectory()
        let files = repository.url
        try FileManager.default.createDirectory(
            at: files.appending(path: "design-system"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: files.appending(path: "Sources"), withIntermediateDirectories: true)
        let environment = ["CATALOG_DB": "design-system/catalog.db"]
        #expect(try CatalogProcess.run(["seed"], environment: environment, directory: files).status == 0)
        try Data(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Shop", platforms: [.iOS(.v17)], targets: [.target(name: "Shop", path: "Sources")])

            """.utf8
        ).write(to: files.appending(path: "Package.swift"))
        let screen = """
            import DesignFoundation
            import SwiftUI

            struct Screen: View {
                var body: some View {
                    Button("Old") { }.buttonStyle(.legacy)
                }
            }

            """
        try Data(screen.utf8).write(to: files.appending(path: "Sources/Screen.swift"))
        let baseline = try CatalogProcess.run(
            ["lint", "Sources", "--write-baseline", "lint-baseline.json"], environment: environment, directory: files)
        #expect(baseline.stdout.hasPrefix("Wrote 1 accepted finding"), "\(baseline.stdout) \(baseline.stderr)")
        try Data(
            screen.replacingOccurrences(
                of: "        Button(\"Old\") { }.buttonStyle(.legacy)\n",
                with: "        Button(\"Old\") { }.buttonStyle(.legacy)\n        DFButton(\"Pay\") { }\n"
            ).utf8
        ).write(to: files.appending(path: "Sources/Screen.swift"))
        return repository
    }

    /// The SARIF an app's lint wrote at `path`: only the new finding.
    static func expectSARIF(at path: URL) throws {
        let log = try JSONParser.parse(try Data(contentsOf: path), file: path.lastPathComponent)
        let results = try #require(log["runs"]?.array?.first?["results"]?.array)
        #expect(results.count == 1)
        #expect(results.first?["ruleId"]?.string == "catalog-availability")
        #expect(results.first?["level"]?.string == "error")
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func theAppWorkflowRuns() throws {
        let repository = try Self.app()
        let (env, steps) = try Self.workflow("app.yml")
        #expect(env == ["SOURCES": "Sources", "CATALOG_DB": "design-system/catalog.db"])
        let run = steps.filter { $0.name != "Install catalog" }
        #expect(run.map(\.name) == ["Lint for code scanning", "Lint"])
        let (sarifStatus, sarifOutput) = try Self.bash(run[0].script, in: repository.url, environment: env)
        #expect(sarifStatus == 0, "\(sarifOutput)")
        try Self.expectSARIF(at: repository.url.appending(path: "catalog-lint.sarif"))
        let (status, output) = try Self.bash(run[1].script, in: repository.url, environment: env)
        #expect(status == 1, "a new error fails the job: \(output)")
        #expect(output.contains("Sources/Screen.swift:7:9: error: DFButton needs iOS 18.0"), "\(output)")
        #expect(output.contains("1 accepted by the baseline"))
    }

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func theGitLabAppJobRuns() throws {
        let repository = try Self.app()
        let job = try #require(try Self.gitlabJobs()["design-system-lint"])
        #expect(job.script.count == 2)
        let (sarifStatus, sarifOutput) = try Self.bash(job.script[0], in: repository.url, environment: job.variables)
        #expect(sarifStatus == 0, "\(sarifOutput)")
        try Self.expectSARIF(at: repository.url.appending(path: "gl-catalog-lint.sarif"))
        let (status, output) = try Self.bash(job.script[1], in: repository.url, environment: job.variables)
        #expect(status == 1, "\(output)")
    }
}
