#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogResources
    import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import TestSupport
    import Testing

    @Suite struct ProjectScanTests {
        func seeded() throws -> Repository {
            let repository = try Repository(path: ":memory:", mode: .createIfMissing)
            _ = try repository.write { transaction in
                try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
            }
            return repository
        }

        func scan(_ paths: [String], into repository: Repository, project: String = "p") throws -> [ProjectScanner
            .FileResult]
        {
            let scanner = ProjectScanner(
                scanner: SourceScanner(vocabulary: UsageVocabulary(specs: try repository.allSpecVersions())))
            let results = scanner.scan(
                files: try ProjectScanner.swiftFiles(under: paths).files,
                known: try repository.scannedFiles(project: project))
            try repository.replaceScan(
                project: project,
                files: results.map {
                    ScannedFile(
                        path: $0.path, hash: $0.hash, size: $0.size, modified: $0.modified, candidate: $0.candidate,
                        warning: $0.warning,
                        sites: $0.unchanged ? nil : $0.sites)
                })
            return results
        }

        @Test func aFileWhoseNameIsNotUTF8IsScannedAndShownEscaped() throws {
            let directory = try TemporaryDirectory()
            let root = directory.path("Odd")
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let name = Array(root.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".swift".utf8) + [0]
            let descriptor = name.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            try #require(descriptor >= 0)
            let source = Array("import DesignFoundation\nlet b = DFButton(\"x\") {}\n".utf8)
            #expect(write(descriptor, source, source.count) == source.count)
            close(descriptor)
            let repository = try seeded()
            let results = try scan([root], into: repository)
            #expect(results.map(\.path) == ["Odd/Caf\\xE9.swift"])
            #expect(results.first?.sites.count == 1)
            #expect(results.first?.warning == nil)
        }

        @Test(.enabled(if: getuid() != 0, "root reads every folder"))
        func anUnreadableFolderIsAWarning() throws {
            let directory = try TemporaryDirectory()
            let locked = directory.path("App/Locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
            chmod(locked, 0)
            defer { chmod(locked, 0o755) }
            let listing = try ProjectScanner.swiftFiles(under: [directory.path("App")])
            #expect(listing.unreadable.map(\.path) == ["App/Locked"])
            #expect(listing.unreadable.first?.reason.hasPrefix("cannot read the folder (permission denied)") == true)
        }

        /// A file found walking a folder carries the size and time taken beside its name;
        /// a file named on its own is stamped when asked; one that cannot be read is -1, -1.
        @Test func aListedFileCarriesItsStamp() throws {
            let directory = try TemporaryDirectory()
            let folder = directory.url.appending(path: "App/Sub")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("let a = 1\n".utf8).write(to: folder.appending(path: "A.swift"))
            try Data("let bb = 22\n".utf8).write(to: directory.url.appending(path: "App/B.swift"))
            let listing = try ProjectScanner.swiftFiles(under: [directory.path("App")])
            #expect(listing.files.map(\.path).sorted() == ["App/B.swift", "App/Sub/A.swift"])
            for file in listing.files {
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: String(decoding: file.location, as: UTF8.self))
                let modified = try #require(attributes[.modificationDate] as? Date)
                let stamp = file.stamp()
                #expect(stamp.size == (attributes[.size] as? Int))
                #expect(abs(Double(stamp.modified) / 1e9 - modified.timeIntervalSince1970) < 0.001)
            }
            let named = try ProjectScanner.swiftFiles(under: [directory.path("App/B.swift")]).files
            #expect(named.map { $0.stamp().size } == [12])
            let gone = SwiftSourceFiles.SourceFile(location: Array(directory.path("App/None.swift").utf8), path: "None")
            #expect(gone.stamp() == (-1, -1))
        }

        @Test func rescansParseOnlyWhatChangedAndReplaceTheRecords() throws {
            let directory = try TemporaryDirectory()
            let root = directory.url.appending(path: "App")
            try FileManager.default.copyItem(at: fixtures.appending(path: "App"), to: root)
            try Data("struct Plain { let x = 1 }\n".utf8).write(to: root.appending(path: "Plain.swift"))
            try Data([0x44, 0x46, 0x42, 0x75, 0x74, 0x74, 0x6F, 0x6E, 0xFF, 0xFE]).write(
                to: root.appending(path: "Latin1.swift"))
            try Data("DFButton(\"x\") { \n".utf8).write(to: root.appending(path: "Broken.swift"))
            let repository = try seeded()
            let first = try scan([root.path], into: repository)
            #expect(first.count == 8)
            #expect(first.first { $0.path == "App/Plain.swift" }?.candidate == false)
            #expect(first.first { $0.path == "App/Latin1.swift" }?.warning == "the file is not valid UTF-8; skipped")
            // Scanned as the parser recovered it (no import of DesignFoundation: no site).
            #expect(
                first.first { $0.path == "App/Broken.swift" }?.warning
                    == "syntax error at line 1; scanned what the parser recovered")
            #expect(first.first { $0.path == "App/Broken.swift" }?.parsed == true)
            let sites = try repository.storedSites(project: "p")
            #expect(sites.count == 35)

            let again = try scan([root.path], into: repository)
            #expect(again.allSatisfy { $0.unchanged })
            let sitesAgain = try repository.storedSites(project: "p").map(\.site)
            #expect(sitesAgain == sites.map(\.site))

            let tricky = root.appending(path: "Tricky.swift")
            try
                (try String(contentsOf: tricky, encoding: .utf8)
                + "\nimport DesignFoundation\nlet extra = DFButton(\"More\") { }\n").write(
                    to: tricky, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: root.appending(path: "ReferenceSamples.swift"))
            let third = try scan([root.path], into: repository)
            #expect(third.filter { !$0.unchanged }.map(\.path) == ["App/Tricky.swift"])
            let after = try repository.storedSites(project: "p").map(\.site)
            #expect(after.count == 35 - 10 + 1)
            #expect(!after.contains { $0.file == "App/ReferenceSamples.swift" })
            #expect(after.contains { $0.file == "App/Tricky.swift" && $0.component == "DFButton" && $0.defaulted })
            #expect(try repository.storedSites(project: "other").isEmpty)
        }

        /// What the catalog's advice hands out, lint knows: the generated package's SwiftUI
        /// styles by member and by type, for styles a spec option links too (was: "Button
        /// style dfButtonFilled is not in the catalog" right after get_style recommended
        /// it), and they reach their tokens' call sites. A component below its spec's
        /// platforms at the project's deployment target is an error outside `#available`;
        /// an argument an older spec version took names the latest's label.
        @Test func theAdvicesSpellingsAreKnownAndComponentsNeedTheirPlatforms() throws {
            let repository = try seeded()
            let directory = try TemporaryDirectory()
            let source = """
                import SwiftUI
                import DesignFoundation
                import DesignFoundationTokens
                import OUDS

                struct Settings: View {
                    var body: some View {
                        VStack {
                            Button("Delete account", role: .destructive) { }
                                .buttonStyle(.dfButtonFilled)
                            Button("Save") { }.buttonStyle(DFButtonOutlinedButtonStyle())
                            DFButton("Go") { }
                            if #available(iOS 18, *) { DFButton("Checked") { }.dfButtonStyle(.outlined) }
                            OUDSButton(text: "Buy", hierarchy: .brand) { }
                        }
                    }
                }

                """
            try source.write(to: directory.url.appending(path: "Settings.swift"), atomically: true, encoding: .utf8)
            _ = try scan([directory.url.path], into: repository)
            let sites = try repository.storedSites(project: "p").map(\.site)
            let styles = try repository.latestStyles()
            func findings(_ platforms: [DeploymentTarget]?) throws -> [String] {
                Linter(specs: try repository.latestSpecs(), styles: styles, themes: [], platforms: platforms)
                    .findings(for: sites).map { "\($0.site.line) \($0.rule): \($0.message)" }
            }
            #expect(
                try findings([DeploymentTarget("iOS 17")!]) == [
                    "12 catalog-availability: DFButton needs iOS 18.0 but the project targets iOS 17: put it inside if #available(iOS 18.0, *) or raise the deployment target",
                    "14 catalog-removed-argument: OUDSButton 3.0.0 has no argument hierarchy: (an older version's); write appearance: .brand",
                ])
            // Without a known deployment target, nothing is said of availability.
            for platforms in [[DeploymentTarget("iOS 18")!], [DeploymentTarget("iOS")!], nil] {
                #expect(try findings(platforms).map { $0.prefix(2) } == ["14"])
            }
            // The generated style's call sites are the style's: a token it reads reaches them.
            let reach = Reach(specs: try repository.latestSpecs(), styles: styles)
            let result = reach.styles(["DFButton.filled", "DFButton.outlined"])
            #expect(sites.filter { reach.applies($0, result) }.map(\.line).sorted() == [9, 11, 12, 13])
        }

        @Test func lintRulesComeFromTheSpecs() throws {
            let repository = try seeded()
            _ = try scan([fixtures.appending(path: "App").path], into: repository)
            let themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
                try repository.theme(VersionedName(name: $0))
            }
            let linter = Linter(
                specs: try repository.latestSpecs(), styles: try repository.latestStyles(), themes: themes)
            let findings = linter.findings(for: try repository.storedSites(project: "p").map(\.site))
            #expect(
                findings.map { "\($0.site.file):\($0.site.line) \($0.rule)" } == [
                    // Line 19, a destructive action, does not compete with the screen's filled button.
                    "App/DFButtonSamples.swift:22 df-single-filled",
                    "App/DFButtonSamples.swift:30 catalog-unknown-style",
                    "App/DFButtonSamples.swift:43 df-single-filled",
                    "App/DFButtonSamples.swift:47 df-glass-availability",
                    "App/OUDSAndVariants.swift:7 ouds-one-strong",
                    "App/OUDSAndVariants.swift:11 ouds-colored-surface",
                    "App/ReferenceSamples.swift:22 catalog-unknown-style",
                    "App/Tricky.swift:23 catalog-unknown-style",
                ])
            #expect(
                findings.first { $0.rule == "ouds-colored-surface" }?.line
                    == "App/OUDSAndVariants.swift:11:17: error: OUDSButton .negative inside OUDSColoredSurface: A negative or brand button is not allowed as a direct or indirect child of an OUDSColoredSurface. [ouds-colored-surface]"
            )
        }
    }
#endif
