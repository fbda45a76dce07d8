import Foundation

/// One entry of the catalog's history.
public struct Revision: Sendable, Equatable {
    /// SHA-256 over parent, content hash, message, author and time: the same everywhere.
    public var id: String
    /// Position along the chain, from 1.
    public var sequence: Int
    /// The previous revision's id; `nil` for the first.
    public var parent: String?
    /// Why the change was made.
    public var message: String
    /// Who made it.
    public var author: String
    /// ISO 8601, UTC.
    public var createdAt: String
    /// The catalog's content hash after the change.
    public var contentHash: String
    /// The size of the recorded changeset in bytes.
    public var changesetSize: Int

    /// The first 12 hex digits, as `catalog log` prints the id.
    public var shortID: String { String(id.prefix(12)) }

    /// A revision value (the store builds these; the sync layer reads them from files).
    public init(
        id: String, sequence: Int, parent: String?, message: String, author: String, createdAt: String,
        contentHash: String,
        changesetSize: Int
    ) {
        self.id = id
        self.sequence = sequence
        self.parent = parent
        self.message = message
        self.author = author
        self.createdAt = createdAt
        self.contentHash = contentHash
        self.changesetSize = changesetSize
    }

    /// The id a revision with these fields gets.
    public static func id(parent: String?, contentHash: String, message: String, author: String, createdAt: String)
        -> String
    {
        SHA256.hex([parent ?? "", contentHash, message, author, createdAt].joined(separator: "\n"))
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
