import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Every spec version's name, version and content hash: what a usage vocabulary is
    /// drawn from, without reading a document.
    public func specVersionStamps() throws -> [(spec: String, version: String, contentHash: String)] {
        try database.query("SELECT spec, version, content_hash FROM spec_versions").map {
            (try $0.text(0), try $0.text(1), try $0.text(2))
        }
    }

    /// The usage vocabulary kept under `digest`, as stored, if the last scan kept one.
    public func usageVocabulary(digest: String) throws -> String? {
        try database.scalar("SELECT vocabulary FROM usage_vocabulary WHERE digest = ?", [.text(digest)])?.string
    }

    /// Keeps `vocabulary` under `digest` in place of any other: only the one for the
    /// present specs is ever read. Called inside the scan's write transaction.
    func keepUsageVocabulary(digest: String, vocabulary: String) throws {
        try database.execute("DELETE FROM usage_vocabulary WHERE digest <> ?", [.text(digest)])
        try database.execute(
            "INSERT OR REPLACE INTO usage_vocabulary (digest, vocabulary) VALUES (?, ?)",
            [.text(digest), .text(vocabulary)])
    }
}
