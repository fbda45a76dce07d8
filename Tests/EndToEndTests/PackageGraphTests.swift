import Foundation
import TestSupport
import Testing

/// Every target imports exactly the targets it declares (a module used without being
/// declared would build only by accident of the graph), read from
/// `swift package dump-package` and the sources' `import` lines.
@Suite struct PackageGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules from the toolchain and the system, not targets of the package.
    static let external: Set<String> = [
        "Foundation", "FoundationEssentials", "Testing", "XCTest", "Glibc", "Darwin", "Dispatch", "Synchronization",
        "SwiftParser", "SwiftSyntax", "PackagePlugin",
    ]
    /// Dependencies that order the build rather than provide imports: the benchmark runs
    /// the `catalog` and `catalog-scan` executables it depends on.
    static let buildOrder: Set<String> = ["catalog-bench → catalog", "catalog-bench → catalog-scan"]

    /// The package as `swift package dump-package` describes it: each target's name, type,
    /// folder and declared dependencies (targets and products by name).
    static func targets() throws -> [(name: String, type: String, folder: String, dependencies: Set<String>)] {
        // A scratch folder of its own: `swift test` holds the lock on `.build`.
        let scratch = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", Self.root.path, "--scratch-path", scratch.url.path, "dump-package",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let package = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        return try #require(package["targets"] as? [[String: Any]]).compactMap { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String else { return nil }
            let folder = (target["path"] as? String) ?? ((type == "test" ? "Tests/" : "Sources/") + name)
            var declared: Set<String> = []
            for dependency in (target["dependencies"] as? [[String: Any]]) ?? [] {
                for value in dependency.values {
                    if let first = (value as? [Any])?.first as? String { declared.insert(first) }
                }
            }
            return (name, type, folder, declared)
        }
    }

    @Test func everyTargetImportsWhatItDeclaresAndDeclaresWhatItImports() throws {
        var problems: [String] = []
        var checked = 0
        for (name, type, folder, declared) in try Self.targets() where type != "system" && type != "plugin" {
            let imported = try Self.imports(in: Self.root.appending(path: folder))
            checked += 1
            for module in imported.subtracting(declared).subtracting(Self.external).subtracting([name]).sorted() {
                problems.append("\(name) imports \(module) without declaring it")
            }
            for module in declared.subtracting(imported).sorted() where !Self.buildOrder.contains("\(name) → \(module)")
            {
                problems.append("\(name) declares \(module) and does not import it")
            }
        }
        #expect(checked > 20)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// ARCHITECTURE.md's table says what each library and executable depends on (remarks in
    /// parentheses aside); Package.swift must say the same.
    @Test func architectureTableMatchesThePackage() throws {
        let text = try String(contentsOf: Self.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
        var documented: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var dependencies = cells[cells.count - 2]
            while let open = dependencies.firstIndex(of: "("),
                let close = dependencies[open...].firstIndex(of: ")")
            {
                dependencies.removeSubrange(open...close)
            }
            documented[name] = Set(
                dependencies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    !$0.isEmpty
                })
        }
        let targets = try Self.targets().filter { $0.type == "regular" || $0.type == "executable" }
        #expect(documented.count >= 12, "\(documented.keys.sorted())")
        for (name, dependencies) in documented.sorted(by: { $0.key < $1.key }) {
            let target = targets.first { $0.name == name }
            // The scanner and its helper exist only where the toolchain's SwiftParser is.
            if target == nil && ["CatalogScanner", "catalog-scan"].contains(name) && !ScanHelper.isBuilt { continue }
            #expect(target != nil, "ARCHITECTURE.md lists \(name), which Package.swift does not have")
            let scannerOnly: Set<String> = ScanHelper.isBuilt ? [] : ["CatalogScanner", "catalog-scan"]
            #expect(
                target.map { $0.dependencies == dependencies.subtracting(scannerOnly) } != false,
                "\(name): ARCHITECTURE.md says \(dependencies.sorted()), Package.swift \(target?.dependencies.sorted() ?? [])"
            )
        }
    }

    /// One list of targets, Package.swift's: ARCHITECTURE.md's table and docs/layout.md's
    /// `Sources/` block each name every library, executable and system library under
    /// `Sources/`, and nothing else.
    @Test func everyTargetIsDocumentedWhereTheDocsListThem() throws {
        let targets = try Self.targets().filter { $0.folder.hasPrefix("Sources/") && $0.type != "plugin" }
        let scannerOnly: Set<String> = ScanHelper.isBuilt ? [] : ["CatalogScanner", "catalog-scan"]
        let sources = Set(targets.map(\.name))
        let architecture = try String(contentsOf: Self.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
        let tabled = Set(
            architecture.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line in
                line.split(separator: "`").dropFirst().first.map(String.init)
            })
        let built = Set(targets.filter { $0.type == "regular" || $0.type == "executable" }.map(\.name))
        #expect(tabled.subtracting(scannerOnly) == built.subtracting(scannerOnly), "ARCHITECTURE.md's table")
        // docs/layout.md: the first column of the block between `Sources/` and `Fuzz/`.
        let layout = try String(contentsOf: Self.root.appending(path: "docs/layout.md"), encoding: .utf8)
        let lines = layout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Sources/") })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("Fuzz/") })
        let listed = Set(
            lines[(start + 1)..<end].flatMap { line in
                String(line.prefix(23)).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }.filter { !$0.isEmpty })
        #expect(listed.subtracting(scannerOnly) == sources.subtracting(scannerOnly), "docs/layout.md's Sources/ block")
    }

    /// The counts the README and docs/reliability.md give of the bad-input corpus are its own.
    @Test func theDocumentedCountOfHostileFilesIsTheCorpusCount() throws {
        let count = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appending(path: "Tests/Fixtures/bad").path
        ).filter { !$0.hasPrefix(".") }.count
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let reliability = try String(contentsOf: Self.root.appending(path: "docs/reliability.md"), encoding: .utf8)
        #expect(readme.contains("\(count) hostile files"), "README says another count than \(count)")
        #expect(reliability.contains("`Tests/Fixtures/bad/` holds \(count) files"), "docs/reliability.md")
    }

    /// The modules a folder's Swift files import (fixtures, goldens and stand-ins are data).
    static func imports(in folder: URL) throws -> Set<String> {
        var modules: Set<String> = []
        let skipped: Set<String> = ["Fixtures", "Golden", "StandIn", "Regressions"]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            // Declarations start a line, or are indented once per enclosing `#if` (an import
            // only where the scanner is built); any other indented `import` is text (a template).
            var depth = 0
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count
                let text = line.dropFirst(indent)
                if text.hasPrefix("#if ") && indent == 4 * depth { depth += 1 }
                if text.hasPrefix("#endif") && depth > 0 && indent == 4 * (depth - 1) { depth -= 1 }
                guard indent == 4 * depth, text.first.map({ !$0.isWhitespace }) == true else { continue }
                var words = text.split(separator: " ").map(String.init).drop { $0.hasPrefix("@") }
                guard words.first == "import" else { continue }
                words = words.dropFirst()
                if let kind = words.first, ["struct", "enum", "class", "func", "protocol"].contains(kind) {
                    words = words.dropFirst()
                }
                if let module = words.first?.split(separator: ".").first { modules.insert(String(module)) }
            }
        }
        return modules
    }
}
