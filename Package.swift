// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The toolchain's SwiftParser / SwiftSyntax libraries (`<toolchain>/usr/lib/swift/host`),
/// which only the usage scanner (and `catalog-scan`, the helper that runs it) links:
/// `$CATALOG_SWIFT_HOST_LIBS`, else found from `swiftc` on PATH. Without them everything
/// else builds, every test target included (the scanner's tests say they are skipped),
/// and `catalog usage scan` says catalog-scan is missing.
let swiftHostLibraries: String? = {
    let environment = ProcessInfo.processInfo.environment
    var candidates = environment["CATALOG_SWIFT_HOST_LIBS"].map { [$0] } ?? []
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let compiler = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard FileManager.default.fileExists(atPath: compiler.path) else { continue }
        let toolchain = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(toolchain.appendingPathComponent("lib/swift/host").path)
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/SwiftParser.swiftmodule") }
}()

/// Lets a target import a module that imports SwiftParser (the compiler needs to find it).
let hostModules: [SwiftSetting] = swiftHostLibraries.map { [.unsafeFlags(["-I", $0])] } ?? []

/// The scanner, for the targets that use it where it is built.
let scanner: [Target.Dependency] = swiftHostLibraries == nil ? [] : ["CatalogScanner"]

/// Links SwiftParser and SwiftSyntax, and finds them at run time where they are.
let hostLibraries: [LinkerSetting] =
    swiftHostLibraries.map {
        [
            .unsafeFlags(["-L", $0, "-Xlinker", "-rpath", "-Xlinker", $0]), .linkedLibrary("SwiftParser"),
            .linkedLibrary("SwiftSyntax"),
        ]
    } ?? []

/// Links `catalog` as a static executable: the Swift runtime, Foundation, SQLite, libcrypto,
/// libstdc++ and glibc all inside, nothing for the dynamic loader to find. Loading and
/// relocating libcrypto, libsqlite3 and libstdc++ alone took 2.6 ms of every command (an
/// empty C program linked against them starts in 3.5 ms instead of 0.8 ms), more than a
/// read's own work. Foundation's static libraries go in as one group, since they refer to
/// one another in every order. These are Linux's library names; on macOS the runtime is the
/// system's, so they apply on Linux only.
let staticExecutable =
    ["-static-executable", "-use-ld=lld", "-Xlinker", "--start-group"]
    + [
        "Foundation", "FoundationInternationalization", "FoundationEssentials", "_FoundationCollections",
        "CoreFoundation", "_FoundationICU", "_FoundationCShims", "swiftSynchronization", "swiftDispatch", "dispatch",
        "BlocksRuntime", "swift_StringProcessing", "swift_RegexParser", "swiftCore",
    ].flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group"]

let package = Package(
    name: "ComponentCatalog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
        .library(name: "CatalogModel", targets: ["CatalogModel"]),
        .library(name: "CatalogTokenFiles", targets: ["CatalogTokenFiles"]),
        .library(name: "CatalogStore", targets: ["CatalogStore"]),
        .library(name: "CatalogOperations", targets: ["CatalogOperations"]),
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
        .systemLibrary(name: "CAllocator"),

        // Build-time embedding of Migrations/ and Seeds/.
        .executableTarget(name: "embed-resources", dependencies: ["CCrypto"]),
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
        // Threads and system calls the layers above share: work on a thread of its own,
        // documents read from disk without trusting them to end, file-system errors in words.
        .target(name: "CatalogSystem", dependencies: ["CatalogModel", "CAllocator"]),
        .target(name: "CatalogTokenFiles", dependencies: ["CatalogModel", "CatalogSystem"]),
        .target(
            name: "CatalogStore",
            dependencies: ["SQLite", "CatalogModel", "CatalogSystem", "CatalogTokenFiles", "CatalogResources"]
        ),
        .target(name: "CatalogChanges", dependencies: ["CatalogStore", "CatalogModel", "CatalogTokenFiles", "SQLite"]),
        .target(name: "CatalogSync", dependencies: ["CatalogStore", "CatalogModel", "SQLite"]),
        .target(name: "CatalogDocs", dependencies: ["CatalogModel", "CatalogChanges", "CatalogCodegen"]),
        .target(name: "CatalogCodegen", dependencies: ["CatalogModel"]),
        .target(name: "CatalogUsage", dependencies: ["CatalogModel", "CatalogSystem"]),
        // The Model Context Protocol's message layer and stdio transport (`catalog mcp`).
        .target(name: "CatalogMCP", dependencies: ["CatalogModel"]),
        .target(
            name: "CatalogOperations",
            dependencies: [
                "CatalogStore", "CatalogChanges", "CatalogSync", "CatalogDocs", "CatalogCodegen", "CatalogUsage",
                "CatalogModel", "CatalogResources", "CatalogTokenFiles", "CatalogSystem",
            ]
        ),
        .target(
            name: "CatalogCLI",
            // The use cases, the model, and the result types it prints: diffs (Changes) and
            // lint findings and deployment targets (Usage); the MCP server's protocol layer;
            // standard input read bounded and a digest on a thread of its own (System). Never
            // the store, nor the generators (the use cases call them).
            dependencies: [
                "CatalogOperations", "CatalogChanges", "CatalogUsage", "CatalogModel", "CatalogTokenFiles",
                "CatalogMCP", "CatalogSystem",
            ]
        ),
        // Everything linked in: `catalog` starts without loading a shared library (SwiftParser
        // is catalog-scan's alone).
        .executableTarget(
            name: "catalog", dependencies: ["CatalogCLI"],
            linkerSettings: [.unsafeFlags(staticExecutable, .when(platforms: [.linux]))]),

        // Tests.
        .target(
            name: "TestSupport", dependencies: ["SQLite", "CatalogModel", "CatalogStore", "CatalogTokenFiles"],
            path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "CatalogResources", "TestSupport"]),
        .testTarget(name: "CatalogSystemTests", dependencies: ["CatalogSystem", "TestSupport"]),
        .testTarget(
            name: "CatalogTokenFilesTests", dependencies: ["CatalogTokenFiles", "CatalogModel"]),
        .testTarget(
            name: "CatalogDocsTests",
            dependencies: ["CatalogDocs", "CatalogStore", "CatalogModel", "CatalogResources", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "CatalogStoreTests",
            dependencies: [
                "CatalogStore", "CatalogModel", "CatalogTokenFiles", "CatalogResources", "SQLite", "TestSupport",
            ]
        ),
        .testTarget(
            name: "CatalogOperationsTests",
            dependencies: [
                "CatalogChanges", "CatalogOperations", "CatalogStore", "CatalogModel", "CatalogResources",
                "CatalogTokenFiles", "CatalogUsage", "SQLite",
                "TestSupport",
            ]
        ),
        // Fuzzing: the targets (tested like any library) and, for `Fuzz/run` only, the
        // libFuzzer harness, which has no `main` of its own and so builds only with
        // `--sanitize=fuzzer`. The Swift-scanning target exists where the scanner does.
        .target(
            name: "CatalogFuzzing",
            dependencies: [
                "CatalogSync", "CatalogStore", "CatalogModel", "CatalogTokenFiles", "CatalogResources", "CatalogUsage",
                "CatalogOperations", "CatalogMCP", "SQLite",
            ] + scanner,
            swiftSettings: hostModules
        ),
        // Test targets exist on every machine; without SwiftParser the scanner's tests say
        // they are skipped and why (ScannerAvailability.swift), and the tests that run
        // `usage scan` skip naming the missing catalog-scan (TestSupport's ScanHelper).
        .testTarget(
            name: "CatalogScannerTests",
            dependencies: ["CatalogUsage", "CatalogStore", "CatalogModel", "CatalogResources", "TestSupport"]
                + scanner,
            exclude: ["Fixtures"],
            swiftSettings: hostModules
        ),
        .testTarget(
            name: "CatalogCodegenTests",
            dependencies: [
                "CatalogCodegen", "CatalogStore", "CatalogModel", "CatalogTokenFiles", "CatalogResources",
                "TestSupport",
            ],
            exclude: ["Golden", "StandIn"],
            swiftSettings: hostModules,
            linkerSettings: hostLibraries
        ),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: ["CatalogCLI", "CatalogMCP", "CatalogStore", "CatalogModel", "SQLite", "TestSupport"]
        ),
        .testTarget(name: "CatalogMCPTests", dependencies: ["CatalogMCP", "CatalogModel"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "CatalogStore", "CatalogSync", "CatalogModel", "SQLite"]),
        .testTarget(
            name: "CatalogFuzzingTests",
            dependencies: [
                "CatalogFuzzing", "CatalogStore", "CatalogModel", "CatalogResources", "SQLite", "TestSupport",
            ],
            exclude: ["Regressions"], swiftSettings: hostModules),
        .testTarget(
            name: "CatalogChangesTests",
            dependencies: [
                "CatalogChanges", "CatalogStore", "CatalogModel", "CatalogTokenFiles", "CatalogResources",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "CatalogSyncTests",
            dependencies: [
                "CatalogSync", "CatalogOperations", "CatalogStore", "CatalogModel",
                "CatalogTokenFiles", "CatalogResources", "SQLite",
                "TestSupport",
            ]
        ),
    ]
)

// What needs the toolchain's SwiftParser: the scanner, the helper that runs it, and the
// benchmark (which compares with the parser alone).
if swiftHostLibraries != nil {
    package.products.append(.executable(name: "catalog-scan", targets: ["catalog-scan"]))
    package.targets += [
        .target(
            name: "CatalogScanner", dependencies: ["CatalogUsage", "CatalogModel", "CatalogSystem"],
            swiftSettings: hostModules,
            linkerSettings: hostLibraries),

        // The helper `catalog usage scan` runs to parse Swift (see UsageScanHelper).
        .executableTarget(
            name: "catalog-scan",
            dependencies: ["CatalogScanner", "CatalogOperations", "CatalogStore", "CatalogUsage", "CatalogModel"],
            swiftSettings: hostModules, linkerSettings: hostLibraries),

        // The benchmark (`swift run -c release catalog-bench`): drives the catalog binary.
        .executableTarget(
            name: "catalog-bench", dependencies: ["catalog", "catalog-scan", "TestSupport"], swiftSettings: hostModules,
            linkerSettings: hostLibraries),

    ]
}

// `CATALOG_FUZZ=1` (set by `Fuzz/run`): instrument the layers the fuzz targets reach for
// libFuzzer and AddressSanitizer, and add the harness, which links libFuzzer's `main`.
// (`swift build --sanitize=fuzzer` would also instrument the build tools, and their
// own `main` clashes with libFuzzer's.)
if ProcessInfo.processInfo.environment["CATALOG_FUZZ"] == "1" {
    let instrument: SwiftSetting = .unsafeFlags(["-sanitize=fuzzer,address"])
    let fuzzed: Set = [
        "SQLite", "CatalogModel", "CatalogTokenFiles", "CatalogStore", "CatalogSync", "CatalogResources",
        "CatalogUsage", "CatalogScanner", "CatalogChanges", "CatalogOperations",
        "CatalogFuzzing",
    ]
    for target in package.targets where fuzzed.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [instrument]
    }
    package.targets.append(
        .executableTarget(
            name: "catalog-fuzz", dependencies: ["CatalogFuzzing"], path: "Fuzz/Harness",
            swiftSettings: [instrument] + hostModules,
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
        ))
}

// Every file imports the modules whose members it uses (SE-0444), so that a target's
// dependencies are what its files say, checked by PackageGraphTests.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
