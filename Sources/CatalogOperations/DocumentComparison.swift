import CatalogChanges
import CatalogModel
import CatalogSystem
import Foundation

/// `spec diff` and `style diff`: the classified changes between two versions of a spec or
/// style (the second may be a file not yet published) and the version they demand.
public struct DocumentComparison {
    /// The document's name, as the first side has it.
    public let name: String
    /// The changes, each breaking, additive or cosmetic.
    public let changes: [ClassifiedChange]
    /// The versions compared, the level of the changes and the least version they need.
    public let check: VersionCheck
}

extension Catalog {
    /// Compares `a` (`NAME@VERSION`, published) with `b`: the document file at that path
    /// when there is one, else `NAME@VERSION` published. `kind` is `.spec` or `.style`.
    public func compareDocuments(_ kind: DocumentKind, _ a: String, _ b: String) throws -> DocumentComparison {
        guard let left = VersionedName(a), left.version != nil else {
            throw RequestError("'\(a)' is not NAME@VERSION")
        }
        let old = try side(kind, left)
        let new: DocumentSide
        if FileManager.default.fileExists(atPath: b) {
            new = try DocumentSide(kind, file: b)
        } else {
            guard let right = VersionedName(b) else { throw RequestError("'\(b)' is neither a file nor NAME@VERSION") }
            new = try side(kind, right)
        }
        return compare(kind, old, new)
    }

    /// The changes between two published versions of the spec or style `left.name` names
    /// (`right` without a version: its latest), and the call sites scanned code has of it:
    /// what `changes` answers an agent migrating code. A name no theme, spec or style has is
    /// a ``RequestError`` with the nearest name.
    public func publishedDocumentChanges(_ left: VersionedName, _ right: VersionedName) throws -> (
        kind: DocumentKind, comparison: DocumentComparison, callSites: [UsageSite]
    ) {
        let (specs, styles) = (try self.specs(), try self.styles())
        let kind: DocumentKind
        if specs.contains(where: { $0.name == left.name }) {
            kind = .spec
        } else if styles.contains(where: { $0.name == left.name }) {
            kind = .style
        } else {
            let names = Set(try themes().map(\.name) + specs.map(\.name) + styles.map(\.name))
            throw RequestError(
                "no theme, spec or style is named \(left.name)"
                    + (Suggestion.closest(to: left.name, in: names.sorted()).map { "; did you mean \($0)?" } ?? ""))
        }
        let versions =
            kind == .spec
            ? specs.filter { $0.name == right.name }.flatMap(\.versions)
            : styles.filter { $0.name == right.name }.map(\.version)
        guard let toVersion = right.version ?? versions.max() else {
            throw RequestError("\(right.name) has no published version")
        }
        guard left.version != nil else { throw RequestError("'\(left)' is not NAME@VERSION") }
        let comparison = compare(
            kind, try side(kind, left), try side(kind, VersionedName(name: right.name, version: toVersion)))
        return (kind, comparison, try usage(of: comparison.name, project: nil).callSites.map(\.site))
    }

    /// The classified changes from `old` to `new` and the version they demand.
    private func compare(_ kind: DocumentKind, _ old: DocumentSide, _ new: DocumentSide) -> DocumentComparison {
        let changes =
            if let before = old.spec, let after = new.spec {
                DocumentDiff.spec(from: before, to: after, oldDocument: old.document, newDocument: new.document)
            } else {
                DocumentDiff.style(from: old.document, to: new.document)
            }
        return DocumentComparison(
            name: old.name, changes: changes,
            check: VersionCheck(
                kind: kind, name: old.name, previous: old.version, version: new.version, changes: changes))
    }

    /// A published side.
    private func side(_ kind: DocumentKind, _ reference: VersionedName) throws -> DocumentSide {
        if kind == .spec {
            let (spec, text, file) = try spec(reference)
            return DocumentSide(
                document: try JSONParser.parse(text, file: file), version: spec.version, name: spec.name, spec: spec)
        }
        let (style, text, file) = try style(reference)
        return DocumentSide(
            document: try JSONParser.parse(text, file: file), version: style.version, name: style.name, spec: nil)
    }
}

/// One side of a document comparison: the document, its version and name, and the spec it
/// reads as (none for a style).
private struct DocumentSide {
    var document: JSON
    var version: Semver
    var name: String
    var spec: ComponentSpec?

    init(document: JSON, version: Semver, name: String, spec: ComponentSpec?) {
        self.document = document
        self.version = version
        self.name = name
        self.spec = spec
    }

    /// A side read from the document file at `path`.
    init(_ kind: DocumentKind, file path: String) throws {
        let (data, file) = try DocumentFiles.read(path)
        if kind == .spec {
            let (spec, document) = try SpecReader.read(data, file: file)
            self.init(document: document, version: spec.version, name: spec.name, spec: spec)
        } else {
            let (style, document) = try StyleReader.read(data, file: file)
            self.init(document: document, version: style.version, name: style.name, spec: nil)
        }
    }
}
