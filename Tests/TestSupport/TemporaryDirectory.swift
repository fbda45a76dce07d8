import Foundation

/// A fresh directory under the system's temporary folder, removed when released.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "catalog-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appending(path: name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
