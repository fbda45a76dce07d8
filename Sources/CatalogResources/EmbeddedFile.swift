import Foundation

/// One file of the package's `Migrations/` or `Seeds/` folder, embedded into the binary
/// at build time by the EmbedResources plugin (see `EmbeddedFile.migrations` and
/// `EmbeddedFile.seeds`), so that a copied `catalog` binary needs no files beside it.
public struct EmbeddedFile: Sendable, Hashable {
    /// The path relative to the embedded folder, with `/` separators.
    public let path: String
    /// The file's exact bytes.
    public let data: Data

    /// The file's bytes decoded as UTF-8, or `nil` when they are not valid UTF-8.
    public var text: String? { String(data: data, encoding: .utf8) }

    /// Creates an embedded file from the base64 literal the plugin generated.
    init(path: String, base64: String) {
        self.path = path
        self.data = Data(base64Encoded: base64) ?? Data()
    }
}
