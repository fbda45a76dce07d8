import CatalogModel
import Foundation
import Testing

/// The README's "Using the catalog from Swift" example: `ReadmeExample.swift`, beside this
/// file, is the README's code block character for character, compiled with the tests and
/// run here.
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
        let example = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
                path: "ReadmeExample.swift"),
            encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```\n"), "README's example differs from ReadmeExample.swift")
    }
}
