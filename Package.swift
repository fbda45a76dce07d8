// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ComponentCatalog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
        .library(name: "CatalogStore", targets: ["CatalogStore"]),
        .library(name: "CatalogModel", targets: ["CatalogModel"]),
    ],
    targets: [
        // C libraries from the system.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // Build-time embedding of Migrations/ and Seeds/.
        .executableTarget(name: "embed-resources"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),
        .target(
            name: "CatalogResources",
            plugins: ["EmbedResources"]
        ),

        // Layers, bottom up.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "CatalogModel", dependencies: ["CCrypto"]),
        .target(
            name: "CatalogStore",
            dependencies: ["SQLite", "CatalogModel", "CatalogResources"]
        ),
        .target(name: "CatalogSync", dependencies: ["CatalogStore", "CatalogModel", "SQLite"]),
        .target(name: "CatalogDocs", dependencies: ["CatalogModel", "CatalogSync"]),
        .target(
            name: "CatalogCLI",
            dependencies: ["CatalogDocs", "CatalogSync", "CatalogStore", "CatalogModel", "CatalogResources", "SQLite"]
        ),
        .executableTarget(name: "catalog", dependencies: ["CatalogCLI"]),

        // Tests.
        .target(name: "TestSupport", dependencies: ["SQLite", "CatalogModel"], path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "CatalogResources", "TestSupport"]),
        .testTarget(
            name: "CatalogDocsTests",
            dependencies: ["CatalogDocs", "CatalogStore", "CatalogModel", "CatalogResources", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "CatalogStoreTests",
            dependencies: ["CatalogStore", "CatalogResources", "SQLite", "TestSupport"]
        ),
        .testTarget(
            name: "CatalogSyncTests",
            dependencies: ["CatalogSync", "CatalogStore", "CatalogModel", "CatalogResources", "SQLite", "TestSupport"]
        ),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: ["CatalogCLI", "CatalogStore", "CatalogModel", "SQLite", "TestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["catalog", "TestSupport"]),
    ]
)
