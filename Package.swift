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
        .executable(name: "sheetlog-crash-appender", targets: ["SheetLogCrashAppender"]),
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
        // The event log on SQLite, through GRDB.
        .target(
            name: "SheetLogSQLite",
            dependencies: [
                "SheetLogCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test-only: a fault-injecting SQLite VFS for power-loss and I/O-fault tests.
        .target(
            name: "CFaultVFS",
            linkerSettings: [.linkedLibrary("sqlite3")]
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
        // Test-only: the seeded sheet workload and the Jepsen-style crash checker of the reliability tiers.
        .target(
            name: "SheetLogReliability",
            dependencies: [
                "SheetLogDomain", "SheetLogSQLite", "SheetLogProjections", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Test-only: the child process the SIGKILL and disk-full tiers kill or starve.
        .executableTarget(
            name: "SheetLogCrashAppender",
            dependencies: [
                "SheetLogReliability", "SheetLogSQLite", "SheetLogProjections",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SheetLogReliabilityTests",
            dependencies: [
                "SheetLogReliability", "SheetLogCrashAppender", "CFaultVFS", "SheetLogSQLite", "SheetLogProjections",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ]
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
            name: "CFaultVFSTests",
            dependencies: ["CFaultVFS"]
        ),
        .testTarget(
            name: "SheetLogDomainTests",
            dependencies: ["SheetLogDomain", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")]
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
    ]
)
