import Foundation

/// One file of the package's `Migrations/` or `Seeds/` folder, embedded into the binary
/// at build time by the EmbedResources plugin (see `EmbeddedFile.migrations` and
/// `EmbeddedFile.seeds`), so that a copied `catalog` binary needs no files beside it.
public struct EmbeddedFile: Sendable, Hashable {
    /// The path relative to the embedded folder, with `/` separators.
    public let path: String
    /// The file's bytes as the plugin wrote them (base64), decoded on use: a command that
    /// needs only the checksum (every open checks the migrations) decodes nothing.
    private let base64: String
    /// SHA-256 of the file's bytes (lowercase hex), computed at build time.
    public let sha256: String

    /// The file's exact bytes.
    public var data: Data { Data(base64Encoded: base64) ?? Data() }

    /// The file's bytes decoded as UTF-8, or `nil` when they are not valid UTF-8.
    public var text: String? { String(data: data, encoding: .utf8) }

    /// Creates an embedded file from the literals the plugin generated.
    init(path: String, base64: String, sha256: String) {
        self.path = path
        self.base64 = base64
        self.sha256 = sha256
    }
}
