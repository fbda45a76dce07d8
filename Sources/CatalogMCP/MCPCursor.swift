import Foundation

/// MCP's pagination cursors: opaque to the client, checked by the server. A cursor holds
/// the offset of the next item and a digest of that offset with the query it continues
/// (the method or the tool's arguments without the cursor), so that one from another query,
/// one whose offset was edited or one past the end is refused as invalid params (`-32602`), as the specification's
/// pagination utility asks, never read as the first page.
public enum MCPCursor {
    /// The cursor that continues `query` at `offset`.
    public static func make(offset: Int, query: String) -> String {
        Data("1:\(offset):\(digest("\(offset)\n\(query)"))".utf8).base64EncodedString()
    }

    /// The offset `cursor` continues `query` at: 0 without one. Throws invalid params for
    /// a cursor this server did not give for `query`, or one at or past `count` items.
    public static func offset(of cursor: String?, query: String, count: Int) throws -> Int {
        guard let cursor else { return 0 }
        let invalid = MCPProtocolError(
            MCPProtocolError.invalidParams, "Invalid cursor: give the nextCursor of the same query's last answer")
        guard cursor.utf8.count <= 200, let data = Data(base64Encoded: cursor),
            let text = String(data: data, encoding: .utf8)
        else { throw invalid }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "1", let offset = Int(parts[1]), offset > 0, offset < count,
            parts[2] == digest("\(offset)\n\(query)")
        else { throw invalid }
        return offset
    }

    /// The next cursor after a page of `limit` items from `offset` among `count`, if any.
    public static func next(after offset: Int, limit: Int, count: Int, query: String) -> String? {
        offset + limit < count ? make(offset: offset + limit, query: query) : nil
    }

    /// FNV-1a, 64 bits, in hexadecimal: enough to tell queries apart, not a secret.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
