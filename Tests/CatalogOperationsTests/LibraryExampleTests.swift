// README-EXAMPLE-BEGIN
import CatalogModel
import CatalogOperations
import CatalogResources
import Foundation
import Testing

// The README's "Using the catalog from Swift" example, compiled and run here: the code
// between the markers is the README's, character for character (checked below).

/// Publishes a custom style into a seeded catalog and resolves its destructive pressed state.
func resolveCapsule(_ capsuleJSON: String) throws -> ResolvedStyle {
    let catalog = try Catalog(path: ":memory:", create: true)
    let publishing = catalog.publishing
    let seeds = EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }
    _ = try publishing.seed(seeds, from: "Seeds", note: RevisionNote(message: "seed", author: "me")) { _, _ in }

    let (capsule, document) = try StyleReader.read(Data(capsuleJSON.utf8), file: "capsule.json")
    let publication = try publishing.publish(
        style: capsule, document: document, text: capsuleJSON, sourceFile: "capsule.json",
        note: RevisionNote(message: "add-style capsule", author: "me"))
    print(publication.outcome, publication.revision?.shortID ?? "")  // published 1f0c…

    let theme = try catalog.theme(VersionedName(name: "DesignFoundation"))
    return try StyleResolver(style: capsule, theme: theme).resolve(.init(role: "destructive", state: "pressed"))
}
// README-EXAMPLE-END

@Suite struct LibraryExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theReadmeExampleRuns() throws {
        let capsule = try String(contentsOf: Self.root.appending(path: "Examples/capsule.json"), encoding: .utf8)
        let pressed = try resolveCapsule(capsule)
        #expect(pressed.background.text == "#FF3B30CC")
        #expect(pressed.scale == 0.95)
    }

    @Test func theReadmeShowsThisExample() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README-EXAMPLE-BEGIN\n"))
        let end = try #require(source.range(of: "// README-EXAMPLE-END"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(readme.contains("```swift\n" + example + "```\n"), "README's example differs from this test's")
    }
}
