import Foundation

/// What a publication records of the document it was given: its SHA-256 and its size in
/// bytes, not its text. A theme's files can be hundreds of megabytes, and their text held
/// to the end of the commit was as much again of an import's memory.
public struct DocumentDigest: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The SHA-256 of the document's bytes, as 64 lowercase hex digits.
    public let sha256: String
    /// The document's size in bytes.
    public let byteCount: Int

    /// The digest of `text`'s UTF-8 bytes.
    public init(_ text: String) {
        sha256 = SHA256.hex(text)
        byteCount = text.utf8.count
    }

    /// The digest of a document given as text in code (tests, seeds).
    public init(stringLiteral text: String) { self.init(text) }

    /// The digest of `parts` joined by `separator`, hashed piece by piece (never joined):
    /// a theme read from several files is recorded as their contents one after another.
    public init(joining parts: [Data], separator: String) {
        let hasher = SHA256.Hasher()
        var count = 0
        for (position, part) in parts.enumerated() {
            if position > 0 {
                hasher.update(separator)
                count += separator.utf8.count
            }
            part.withUnsafeBytes { hasher.update($0) }
            count += part.count
        }
        sha256 = hasher.finalize()
        byteCount = count
    }
}
