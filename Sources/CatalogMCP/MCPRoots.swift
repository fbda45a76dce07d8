import CatalogModel
import Foundation

/// The folders a client lets the server read files in (MCP's `roots`): those the server
/// was started with, replaced by the client's own list once a client that declares the
/// `roots` capability gives it (and again each time it says the list changed). A tool
/// that takes a path reads only below these. Thread-safe: the session sets them, the
/// service reads them.
public final class MCPRoots: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [String]
    private var fromClient = false

    /// The folders given at start (absolute paths).
    public init(_ folders: [String]) {
        self.folders = folders
    }

    /// The folders a path may be in now, and whether the client gave them.
    public var current: (folders: [String], fromClient: Bool) {
        lock.withLock { (folders, fromClient) }
    }

    /// The client's list, from `roots/list`'s result: its `file://` URIs of absolute paths on
    /// this machine as paths. Anything else names nothing this server may read and is left
    /// out: other schemes, another host (`file://other-host/…`), relative paths (`file:in`,
    /// `file:../..`, which would be taken from the server's own folder). `nil` when the
    /// result is not a list of roots.
    static func folders(inRootsResult result: JSON) -> [String]? {
        guard let roots = result["roots"]?.array else { return nil }
        return roots.compactMap { root in
            guard let text = root["uri"]?.string, let components = URLComponents(string: text),
                components.scheme?.lowercased() == "file",
                (components.host ?? "").isEmpty || components.host?.lowercased() == "localhost",
                components.path.hasPrefix("/")
            else { return nil }
            return URL(fileURLWithPath: components.path).standardizedFileURL.path
        }
    }

    /// Takes the client's folders in place of the ones given at start.
    func replace(with folders: [String]) {
        lock.withLock {
            self.folders = folders
            fromClient = true
        }
    }
}
