import CatalogModel
import CatalogStore
import Foundation

/// The file `catalog export-changeset` writes and `catalog apply` reads:
///
/// ```
/// CATALOG-CHANGESET 1\n
/// {header JSON: format, catalogId, base, target, revisions with their changeset sizes}\n
/// <each revision's changeset, concatenated>
/// \nsha256 <64 hex digits over everything before this line>\n
/// ```
///
/// The header names the catalog it came from and its base (the revision before the
/// first one it carries, absent when it carries the whole history) and target.
public struct ChangesetFile: Sendable, Equatable {
    /// The first line of every changeset file.
    public static let magic = "CATALOG-CHANGESET 1\n"
    /// The header's `format` value.
    public static let formatVersion = 1

    /// The catalog the changes were exported from.
    public var catalogID: String
    /// The revision the changes start from; `nil` when they start from an empty catalog.
    public var base: Revision?
    /// The revisions, oldest first, each with its changeset.
    public var revisions: [(revision: Revision, changeset: Data)]

    /// A changeset file's content.
    public init(catalogID: String, base: Revision?, revisions: [(revision: Revision, changeset: Data)]) {
        self.catalogID = catalogID
        self.base = base
        self.revisions = revisions
    }

    /// The last revision carried, if any.
    public var target: Revision? { revisions.last?.revision }

    public static func == (lhs: ChangesetFile, rhs: ChangesetFile) -> Bool {
        lhs.catalogID == rhs.catalogID && lhs.base == rhs.base
            && lhs.revisions.elementsEqual(rhs.revisions) { $0.revision == $1.revision && $0.changeset == $1.changeset }
    }

    /// The header as JSON.
    var header: JSON {
        .object([
            ("format", .number(Double(Self.formatVersion))), ("catalogId", .string(catalogID)),
            ("base", base.map(\.json) ?? .null), ("target", target.map(\.json) ?? .null),
            ("revisions", .array(revisions.map(\.revision.json))),
        ])
    }

    /// The file's bytes, checksum included.
    public func encoded() -> Data {
        var data = Data(Self.magic.utf8)
        data.append(Data((header.serialized() + "\n").utf8))
        for (_, changeset) in revisions { data.append(changeset) }
        data.append(Data("\nsha256 \(SHA256.hex(data))\n".utf8))
        return data
    }

    /// Reads a changeset file, refusing one that is truncated, altered (the checksum does
    /// not match) or not a changeset file at all. `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws -> ChangesetFile {
        func refuse(_ message: String) -> DocumentError { DocumentError(file: file, message: message) }
        let magic = Data(Self.magic.utf8)
        guard data.starts(with: magic) else {
            throw refuse("not a catalog changeset file (it does not start with \"CATALOG-CHANGESET 1\")")
        }
        let trailerLength = "\nsha256 ".utf8.count + 64 + 1
        guard data.count >= magic.count + trailerLength else {
            throw refuse("the file is truncated: it has no checksum line")
        }
        let body = data.prefix(data.count - trailerLength)
        let trailer = String(decoding: data.suffix(trailerLength), as: UTF8.self)
        guard trailer.hasPrefix("\nsha256 "), trailer.hasSuffix("\n") else {
            throw refuse("the file is truncated or damaged: its last line is not \"sha256 <checksum>\"")
        }
        let expected = String(trailer.dropFirst("\nsha256 ".count).dropLast())
        guard SHA256.hex(body) == expected else {
            throw refuse(
                "checksum mismatch: the file was damaged or edited after export (expected \(expected.prefix(12))…)")
        }
        let rest = body.dropFirst(magic.count)
        guard let newline = rest.firstIndex(of: 0x0A) else { throw refuse("the header line is missing") }
        let header = try JSONParser.parse(Data(rest[rest.startIndex..<newline]), file: file)
        guard header["format"]?.number == Double(Self.formatVersion) else {
            throw refuse(
                "changeset format \(header["format"]?.excerpt ?? "?") is not supported; this catalog reads format \(Self.formatVersion)"
            )
        }
        guard let catalogID = header["catalogId"]?.string, let entries = header["revisions"]?.array else {
            throw refuse("the header lacks catalogId or revisions")
        }
        var revisions: [(Revision, Data)] = []
        var offset = newline + 1
        for entry in entries {
            guard let revision = Self.revision(entry) else {
                throw refuse("a revision in the header is incomplete: \(entry.excerpt)")
            }
            guard offset + revision.changesetSize <= rest.endIndex else {
                throw refuse("the changesets are shorter than the header says")
            }
            revisions.append((revision, Data(rest[offset..<(offset + revision.changesetSize)])))
            offset += revision.changesetSize
        }
        guard offset == rest.endIndex else { throw refuse("the changesets are longer than the header says") }
        let base = header["base"].flatMap { $0.kind == .null ? nil : Self.revision($0) }
        return ChangesetFile(catalogID: catalogID, base: base, revisions: revisions)
    }

    static func revision(_ value: JSON) -> Revision? {
        guard let id = value["id"]?.string, let sequence = value["sequence"]?.number,
            let message = value["message"]?.string,
            let author = value["author"]?.string, let createdAt = value["createdAt"]?.string,
            let contentHash = value["contentHash"]?.string, let size = value["changesetBytes"]?.number, size >= 0
        else { return nil }
        return Revision(
            id: id, sequence: Int(sequence), parent: value["parent"]?.string, message: message, author: author,
            createdAt: createdAt,
            contentHash: contentHash, changesetSize: Int(size))
    }
}

extension Revision {
    /// The revision as JSON: in changeset headers, `catalog log --json` and `catalog show --json`.
    public var json: JSON {
        .object([
            ("id", .string(id)), ("sequence", .number(Double(sequence))),
            ("parent", parent.map { .string($0) } ?? .null),
            ("message", .string(message)), ("author", .string(author)), ("createdAt", .string(createdAt)),
            ("contentHash", .string(contentHash)), ("changesetBytes", .number(Double(changesetSize))),
        ])
    }
}
