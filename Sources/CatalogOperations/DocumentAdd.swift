import CatalogModel
import CatalogSystem
import Foundation

extension Catalog {
    /// Reads the style document at `file` (`-`: standard input) and publishes it into the
    /// catalog at `path`, its aliases checked against `theme` or the style's own.
    public static func addStyle(
        _ file: String, checkedAgainst theme: VersionedName? = nil, at path: String, waiting: LockWait = .standard,
        note: (StyleDefinition) -> RevisionNote
    ) throws -> (style: StyleDefinition, publication: Publication) {
        let (read, publication) = try publishFile(file, at: path, waiting: waiting, read: StyleReader.read) {
            publishing, read, text, name in
            try publishing.publish(
                style: read.style, document: read.document, text: text, sourceFile: name, theme: theme,
                note: note(read.style))
        }
        return (read.style, publication)
    }

    /// Reads the spec document at `file` (`-`: standard input) and publishes it into the
    /// catalog at `path` under the version policy.
    public static func addSpec(
        _ file: String, at path: String, waiting: LockWait = .standard, note: (ComponentSpec) -> RevisionNote
    ) throws -> (spec: ComponentSpec, publication: Publication) {
        let (read, publication) = try publishFile(file, at: path, waiting: waiting, read: SpecReader.read) {
            publishing, read, text, name in
            try publishing.publish(
                spec: read.spec, document: read.document, text: text, sourceFile: name, note: note(read.spec))
        }
        return (read.spec, publication)
    }

    /// Reads `file` before the catalog at `path` is opened (so that standard input's
    /// descriptor is never the catalog's), then publishes what `read` made of it with its
    /// text and name; a refusal names the file.
    private static func publishFile<Read>(
        _ file: String, at path: String, waiting: LockWait, read: (Data, String) throws -> Read,
        publish: (Publishing, Read, _ text: String, _ name: String) throws -> Publication
    ) throws -> (Read, Publication) {
        let (data, name) = try DocumentFiles.read(file)
        let document = try read(data, name)
        let catalog = try Catalog(path: path, waiting: waiting)
        let publication = try InputFailure.attributing(to: name) {
            try publish(catalog.publishing, document, String(decoding: data, as: UTF8.self), name)
        }
        return (document, publication)
    }
}
