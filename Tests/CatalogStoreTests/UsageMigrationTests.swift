import CatalogModel
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogStore

/// Migration 0008 (platform branches and custom styles by type): call sites recorded before keep
/// every column, and a custom style recorded as its construction's text becomes its
/// type with the arguments apart, as a new scan records it.
@Suite struct UsageMigrationTests {
    @Test func sitesRecordedBeforeBranchesAreKeptAndCustomStylesSplit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.db")
        let database = try Database(path: path)
        try Migrator(migrations: Migration.embedded.filter { $0.id <= 7 }).migrate(database)
        try database.execute(
            "INSERT INTO usage_files VALUES ('p', 'App/V.swift', 'h', 10, 1, 1, NULL)")
        for (line, option, dynamic) in [
            (1, "AccentButtonStyle(color: .red)", 0), (2, "CapsuleButtonStyle()", 0), (3, "makeStyle()", 1),
            (4, "bordered", 0),
        ] {
            try database.execute(
                """
                INSERT INTO usage_sites (project, path, line, column, component, spec, axis, option, inherited, defaulted,
                    role, disabled, arguments, containers, availability, enclosing_type, enclosing_body, dynamic)
                VALUES ('p', 'App/V.swift', ?, 9, 'Button', 'Button', 'style', ?, 0, 0, NULL, 0, '{"tint":".red"}',
                    '["VStack"]', '["#if os(iOS)"]', 'V', 'body', ?)
                """, [.integer(Int64(line)), .text(option), .integer(Int64(dynamic))])
        }
        let repository = try Repository(path: path, mode: .mustExist)
        // Every file is parsed again on the next scan: the scanner reads more now.
        #expect(
            try repository.scannedFiles(project: "p") == ["App/V.swift": FileStamp(hash: "", size: -1, modified: -1)])
        let sites = try repository.storedSites(project: "p").map(\.site)
        #expect(
            sites.map { "\($0.option ?? "-")|\($0.optionArguments ?? "-")|\($0.dynamic)" } == [
                "AccentButtonStyle|color: .red|false", "CapsuleButtonStyle|-|false", "makeStyle()|-|true",
                "bordered|-|false",
            ])
        #expect(sites.allSatisfy { $0.branch == 0 && $0.arguments == ["tint": ".red"] && $0.containers == ["VStack"] })
        #expect(sites.allSatisfy { $0.availability == ["#if os(iOS)"] && $0.enclosingBody == "body" })

        // Two branches of one call are two rows now.
        var branch = sites[3]
        branch.branch = 1
        branch.option = "borderless"
        try repository.replaceScan(
            project: "p",
            files: [
                ScannedFile(
                    path: "App/V.swift", hash: "h2", size: 11, modified: 2, candidate: true, warning: nil,
                    sites: [sites[3], branch])
            ])
        #expect(
            try repository.storedSites(project: "p").map { "\($0.site.branch) \($0.site.option ?? "-")" } == [
                "0 bordered", "1 borderless",
            ])
    }
}
