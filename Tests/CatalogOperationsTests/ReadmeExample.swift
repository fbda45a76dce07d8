import CatalogModel
import CatalogOperations
import CatalogResources
import Foundation

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
