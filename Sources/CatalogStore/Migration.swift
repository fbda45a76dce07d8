import CatalogModel
import CatalogResources
import Foundation

/// One numbered schema migration: `Migrations/0001_catalog_info.sql` has id 1 and name
/// `catalog_info`. Migrations are append-only: a shipped file is never edited (the
/// migrator refuses a database whose recorded checksum differs); a change is a new file.
public struct Migration: Sendable, Hashable {
    /// The number in the file name; migrations apply in increasing order.
    public let id: Int
    /// The file name's part after the number, without `.sql`.
    public let name: String
    /// SHA-256 of the script, recorded when the migration is applied; embedded migrations
    /// carry the one computed at build time, so that opening a catalog (which compares
    /// checksums) neither decodes nor hashes the scripts.
    public let checksum: String
    private let source: Source

    /// Where the script is: given, or an embedded file decoded when it is run.
    private enum Source: Sendable, Hashable {
        case text(String)
        case embedded(EmbeddedFile)
    }

    /// The SQL script.
    public var sql: String {
        switch source {
        case .text(let text): return text
        case .embedded(let file): return file.text ?? ""
        }
    }

    /// Creates a migration; tests build their own lists, the binary uses ``embedded``.
    public init(id: Int, name: String, sql: String) {
        self.id = id
        self.name = name
        self.checksum = SHA256.hex(sql)
        self.source = .text(sql)
    }

    private init(id: Int, name: String, file: EmbeddedFile) {
        self.id = id
        self.name = name
        self.checksum = file.sha256
        self.source = .embedded(file)
    }

    /// The file name the migration came from, such as `0001_catalog_info.sql`.
    public var fileName: String {
        MigrationStatus(id: id, name: name, state: .pending, appliedAt: nil, checksum: "").fileName
    }

    /// The migrations embedded from the package's `Migrations/` folder at build time,
    /// in order. A file whose name is not `NNNN_name.sql` is a packaging error that the
    /// test suite catches; it is left out here.
    public static let embedded: [Migration] = EmbeddedFile.migrations
        .compactMap { file in
            parseName(file.path).map { Migration(id: $0.id, name: $0.name, file: file) }
        }
        .sorted { $0.id < $1.id }

    /// Reads a migration from a file name of the form `NNNN_name.sql`, or `nil`.
    public static func parse(fileName: String, text: String) -> Migration? {
        parseName(fileName).map { Migration(id: $0.id, name: $0.name, sql: text) }
    }

    /// The id and name in a file name of the form `NNNN_name.sql`, or `nil`.
    static func parseName(_ fileName: String) -> (id: Int, name: String)? {
        guard fileName.hasSuffix(".sql"), !fileName.contains("/") else { return nil }
        let stem = fileName.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_"),
            let id = Int(stem[..<underscore]), id > 0,
            stem[..<underscore].allSatisfy(\.isASCII)
        else { return nil }
        let name = String(stem[stem.index(after: underscore)...])
        guard !name.isEmpty else { return nil }
        return (id, name)
    }
}
