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
        if let unknown = header.object?.first(where: {
            !["format", "catalogId", "base", "target", "revisions"].contains($0.key)
        }) {
            throw refuse("the header has an unknown field \(NameRules.quoted(unknown.key))")
        }
        guard let catalogID = header["catalogId"]?.string, let entries = header["revisions"]?.array else {
            throw refuse("the header lacks catalogId or revisions")
        }
        let base = try header["base"].flatMap {
            $0.kind == .null ? nil : try Self.revision($0, at: "$.base", file: file)
        }
        var revisions: [(Revision, Data)] = []
        var offset = newline + 1
        for (index, entry) in entries.enumerated() {
            let path = "$.revisions[\(index)]"
            let revision = try Self.revision(entry, at: path, file: file)
            let previous = revisions.last?.0 ?? base
            guard revision.parent == previous?.id else {
                throw refuse(
                    "\(path): its parent \(revision.parent.map { String($0.prefix(12)) } ?? "(none)") is not the revision before it "
                        + "(\(previous?.shortID ?? "the beginning")); the header's history is not a chain")
            }
            guard revision.sequence == (previous?.sequence ?? 0) + 1 else {
                throw refuse(
                    "\(path): sequence \(revision.sequence) does not follow #\(previous?.sequence ?? 0); the header's history is not a chain"
                )
            }
            guard revision.changesetSize <= rest.endIndex - offset else {
                throw refuse("the changesets are shorter than the header says")
            }
            revisions.append((revision, Data(rest[offset..<(offset + revision.changesetSize)])))
            offset += revision.changesetSize
        }
        guard offset == rest.endIndex else { throw refuse("the changesets are longer than the header says") }
        let target = try header["target"].flatMap {
            $0.kind == .null ? nil : try Self.revision($0, at: "$.target", file: file)
        }
        guard target == revisions.last?.0 else {
            throw refuse("$.target is not the last of the header's revisions")
        }
        return ChangesetFile(catalogID: catalogID, base: base, revisions: revisions)
    }

    /// The largest count or size a header may give: every integer up to it is exact in a JSON number.
    static let largestNumber = Double(1 << 53)

    /// A revision of the header, every field present and in range, its id matching its fields.
    static func revision(_ value: JSON, at path: String, file: String) throws -> Revision {
        func refuse(_ message: String) -> DocumentError { DocumentError(file: file, message: "\(path): \(message)") }
        guard let members = value.object else { throw refuse("expected an object") }
        let fields = ["id", "sequence", "parent", "message", "author", "createdAt", "contentHash", "changesetBytes"]
        if let unknown = members.first(where: { !fields.contains($0.key) }) {
            throw refuse("unknown field \(NameRules.quoted(unknown.key))")
        }
        func text(_ key: String) throws -> String {
            guard let text = value[key]?.string else { throw refuse("\(key) is missing or not a string") }
            return text
        }
        func count(_ key: String, from lowest: Double) throws -> Int {
            guard let number = value[key]?.number else { throw refuse("\(key) is missing or not a number") }
            guard number.rounded() == number, number >= lowest, number <= largestNumber else {
                throw refuse("\(key) \(value[key]!.excerpt) is not a whole number from \(Int(lowest)) to 2^53")
            }
            return Int(number)
        }
        func digest(_ key: String) throws -> String {
            let digest = try text(key)
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else { throw refuse("\(key) is not 64 lowercase hex digits") }
            return digest
        }
        let parent: String?
        switch value["parent"]?.kind {
        case nil, .null?: parent = nil
        case .string(_)?: parent = try digest("parent")
        default: throw refuse("parent is not a string or null")
        }
        let revision = Revision(
            id: try digest("id"), sequence: try count("sequence", from: 1), parent: parent,
            message: try text("message"), author: try text("author"), createdAt: try text("createdAt"),
            contentHash: try digest("contentHash"), changesetSize: try count("changesetBytes", from: 0))
        let id = Revision.id(
            parent: revision.parent, contentHash: revision.contentHash, message: revision.message,
            author: revision.author, createdAt: revision.createdAt)
        guard id == revision.id else {
            throw refuse("its id \(revision.shortID) does not match its fields (they hash to \(id.prefix(12)))")
        }
        return revision
    }
}
