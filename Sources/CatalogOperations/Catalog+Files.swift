import CatalogModel
import CatalogSystem
import Foundation

/// The use cases that read a file the user names (a document, a changeset), each before
/// the catalog is opened: standard input's descriptor is then never the catalog's.
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

    /// Reads the changeset file at `file` (`-`: standard input) before the catalog at
    /// `path` is opened, created where missing (a replica starts empty), and applies it all
    /// or nothing (``apply(changeset:file:merge:author:progress:)``); a refusal names the
    /// file. `progress` hears the file's display name with each revision.
    public static func apply(
        changesetAt file: String, to path: String, merge: Bool, author: String, waiting: LockWait = .standard,
        progress: (_ file: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws -> (file: String, report: ChangesetApply.Report) {
        let (data, name) = try DocumentFiles.read(file)
        let catalog = try Catalog(path: path, create: true, waiting: waiting)
        let report = try InputFailure.attributing(to: name) {
            try catalog.apply(changeset: data, file: name, merge: merge, author: author) { progress(name, $0, $1) }
        }
        return (name, report)
    }

    /// Reads the changeset file at `file` (`-`: standard input) before the catalog at
    /// `path` is opened, and says what applying it would change
    /// (``impact(ofChangeset:file:project:)``); a refusal names the file.
    public static func impact(
        ofChangesetAt file: String, catalogAt path: String, project: String?, waiting: LockWait = .standard
    ) throws -> [ImpactReport.ThemeChange] {
        let (data, name) = try DocumentFiles.read(file)
        let catalog = try Catalog(path: path, waiting: waiting)
        return try InputFailure.attributing(to: name) {
            try catalog.impact(ofChangeset: data, file: name, project: project)
        }
    }
}
