import CatalogModel
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogStore

/// Rows that break the schema's promises (a file edited by hand) are errors naming the
/// column, never defaults.
@Suite struct StrictReadTests {
    @Test func aCatalogWithoutItsIdentityIsDamagedNotAnonymous() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        #expect(try repository.catalogID().count == 32)
        try repository.database.execute("DELETE FROM catalog_info WHERE key = 'catalog_id'")
        #expect {
            try repository.catalogID()
        } throws: { error in
            "\(error)" == "column catalog_info.catalog_id holds no row where the catalog's identity was expected"
        }
    }

    @Test func aMigrationRecordWithoutItsChecksumIsDamaged() throws {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        // A hand-made copy of the history table without its constraints.
        try repository.database.execute(
            """
            CREATE TABLE loose AS SELECT * FROM catalog_migrations;
            DROP TABLE catalog_migrations;
            CREATE TABLE catalog_migrations (id INTEGER, name TEXT, checksum TEXT, applied_at TEXT);
            INSERT INTO catalog_migrations SELECT id, name, NULL, applied_at FROM loose;
            """)
        #expect {
            try Migrator().status(of: repository.database)
        } throws: { error in
            "\(error)".contains("column checksum holds NULL where text was expected")
        }
    }
}
