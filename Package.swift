// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SheetLog",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "SheetLogCore", targets: ["SheetLogCore"]),
        .library(name: "SheetLogSQLite", targets: ["SheetLogSQLite"]),
        .library(name: "SheetLogTesting", targets: ["SheetLogTesting"]),
        .library(name: "SheetLogDomain", targets: ["SheetLogDomain"]),
        .library(name: "SheetLogProjections", targets: ["SheetLogProjections"]),
        // The facade apps and the CLI use.
        .library(name: "SheetLog", targets: ["SheetLog"]),
        .library(name: "SheetLogIngest", targets: ["SheetLogIngest"]),
        // The command line for support engineers and auditors.
        .executable(name: "sheetlog", targets: ["SheetLogCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Pure: envelopes, the EventStore protocol, errors, limits, the integrity chain.
        .target(
            name: "SheetLogCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        // Pure: the sheet and form decider (commands, events, state).
        .target(
            name: "SheetLogDomain",
            dependencies: ["SheetLogCore"]
        ),
        // The strict JSON Lines decoder of `sheetlog ingest`, shared with fuzz targets.
        .target(
            name: "SheetLogIngest",
            dependencies: ["SheetLogDomain"]
        ),
        // `sheetlog`: demo, ingest, replay, audit, recover, verify, rebuild, stats, export.
        .executableTarget(
            name: "SheetLogCLI",
            dependencies: [
                "SheetLog", "SheetLogIngest",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The event log on SQLite, through GRDB.
        .target(
            name: "SheetLogSQLite",
            dependencies: [
                "SheetLogCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The sheet read models (sessions, presentations, dismissals), kept in the append's transaction.
        .target(
            name: "SheetLogProjections",
            dependencies: ["SheetLogSQLite", "SheetLogDomain", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // An in-memory store with the same semantics, and test helpers.
        .target(
            name: "SheetLogTesting",
            dependencies: ["SheetLogCore"]
        ),
        // The facade: open a log, record commands, replay, recover drafts, audit, verify; the coordinator.
        .target(
            name: "SheetLog",
            dependencies: [
                "SheetLogSQLite",
                "SheetLogDomain",
                "SheetLogProjections",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SheetLogTests",
            dependencies: ["SheetLog", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "SheetLogCoreTests",
            dependencies: ["SheetLogCore"]
        ),
        .testTarget(
            name: "SheetLogSQLiteTests",
            dependencies: ["SheetLogSQLite", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "SheetLogStoreConformanceTests",
            dependencies: ["SheetLogSQLite", "SheetLogTesting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "SheetLogDomainTests",
            dependencies: ["SheetLogDomain", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SheetLogIngestTests",
            dependencies: ["SheetLogIngest"]
        ),
        .testTarget(
            name: "SheetLogProjectionsTests",
            dependencies: [
                "SheetLogProjections", "SheetLogSQLite", "SheetLogDomain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
            .testTarget(
            name: "SheetLogCLITests",
            dependencies: ["SheetLogCLI", "SheetLog", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ]
)
