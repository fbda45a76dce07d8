import CatalogModel
import CatalogStore
import Foundation
import Testing

/// What a rescan told of its changed files reads and writes of a project's stored files:
/// only the stamps it needs, and only the files it knows are gone dropped.
@Suite struct UsageRescanStoreTests {
    /// A project of four files: one declaring a wrapper, one looking one up, one doing
    /// neither, and one outside the `App/` folder.
    func stored() throws -> Repository {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        func file(_ path: String, declarations: [KeptDeclaration] = [], lookups: [String] = []) -> ScannedFile {
            ScannedFile(
                path: path, hash: "h-\(path)", size: path.count, modified: 7, candidate: true, warning: nil, sites: [],
                declarations: declarations, lookups: lookups)
        }
        try repository.replaceScan(
            project: "p",
            files: [
                file("App/Wrapper.swift", declarations: [KeptDeclaration(text: "struct Brand {}", names: ["Brand"])]),
                file("App/Screen.swift", lookups: ["Brand"]), file("App/Plain.swift"), file("Other/Kept.swift"),
            ])
        return repository
    }

    @Test func aRescanReadsTheStampsItNeeds() throws {
        let repository = try stored()
        #expect(
            try repository.scannedFiles(project: "p").keys.sorted() == [
                "App/Plain.swift", "App/Screen.swift", "App/Wrapper.swift", "Other/Kept.swift",
            ])
        let wrappers = try repository.scannedFiles(project: "p", .usingWrappers)
        #expect(wrappers.keys.sorted() == ["App/Screen.swift", "App/Wrapper.swift"])
        #expect(
            wrappers["App/Wrapper.swift"]?.declarations == [KeptDeclaration(text: "struct Brand {}", names: ["Brand"])])
        #expect(wrappers["App/Screen.swift"]?.lookups == ["Brand"])
        let named = try repository.scannedFiles(project: "p", .paths(["App/Plain.swift", "App/New.swift"]))
        #expect(named.keys.sorted() == ["App/Plain.swift"])
        #expect(named["App/Plain.swift"] == FileStamp(hash: "h-App/Plain.swift", size: 15, modified: 7))
        #expect(try repository.scannedFiles(project: "other", .usingWrappers).isEmpty)
        #expect(try repository.scannedSizesAndTimes(project: "p")["App/Screen.swift"]! == (16, 7))
    }

    /// Told which files are gone, a rescan drops those in its scope and keeps every other
    /// stored file, listed this time or not; without that list it sweeps the scope.
    @Test func aRescanDropsOnlyTheFilesItKnowsAreGone() throws {
        let repository = try stored()
        try repository.replaceScan(
            project: "p", files: [], gone: ["App/Plain.swift", "Other/Kept.swift"], scope: ["App"])
        #expect(
            try repository.scannedFiles(project: "p").keys.sorted() == [
                "App/Screen.swift", "App/Wrapper.swift", "Other/Kept.swift",
            ])
        try repository.replaceScan(project: "p", files: [], seen: ["App/Screen.swift"], scope: ["App"])
        #expect(try repository.scannedFiles(project: "p").keys.sorted() == ["App/Screen.swift", "Other/Kept.swift"])
    }
}
