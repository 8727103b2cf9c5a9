// swift-tools-version: 6.1
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "SheetLog",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        // The facade apps use; it re-exports the domain and the core.
        .library(name: "SheetLog", targets: ["SheetLog"]),
        .library(name: "SheetLogCore", targets: ["SheetLogCore"]),
        .library(name: "SheetLogDomain", targets: ["SheetLogDomain"]),
        .library(name: "SheetLogSQLite", targets: ["SheetLogSQLite"]),
        .library(name: "SheetLogProjections", targets: ["SheetLogProjections"]),
        .library(name: "SheetLogTesting", targets: ["SheetLogTesting"]),
        .library(name: "SheetLogIngest", targets: ["SheetLogIngest"]),
        // The command line for support engineers and auditors.
        .executable(name: "sheetlog", targets: ["SheetLogCLI"]),
        .executable(name: "sheetlog-bench", targets: ["SheetLogBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // MARK: Layers, bottom to top

        // Pure: envelopes, the EventStore protocol, errors, limits, the integrity chain.
        .target(name: "SheetLogCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Pure: the sheet and form decider (commands, events, state).
        .target(name: "SheetLogDomain", dependencies: ["SheetLogCore"]),
        // The event log on SQLite, through GRDB.
        .target(name: "SheetLogSQLite", dependencies: ["SheetLogCore", grdb, logging]),
        // The sheet read models (sessions, presentations, dismissals), kept in the append's transaction.
        .target(name: "SheetLogProjections", dependencies: ["SheetLogSQLite", "SheetLogDomain", grdb]),
        // The facade: open a log, record commands, replay, recover drafts, audit, verify; the coordinator.
        .target(name: "SheetLog", dependencies: ["SheetLogSQLite", "SheetLogDomain", "SheetLogProjections", grdb, logging]),
        // The strict JSON Lines decoder of `sheetlog ingest`, shared with fuzz targets.
        .target(name: "SheetLogIngest", dependencies: ["SheetLogDomain"]),
        // `sheetlog`: demo, ingest, replay, audit, recover, verify, rebuild, stats, export.
        .executableTarget(name: "SheetLogCLI", dependencies: ["SheetLog", "SheetLogIngest", argumentParser, logging]),
        // An in-memory store with the same semantics, and test helpers.
        .target(name: "SheetLogTesting", dependencies: ["SheetLogCore"]),

        // MARK: Test and benchmark support

        // A fault-injecting SQLite VFS for power-loss and I/O-fault tests.
        .target(name: "CFaultVFS", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Benchmarks: the raw-SQLite baseline in C, the pure statistics and report, the executable.
        .target(name: "CSQLiteBaseline", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "BenchmarkHarness", dependencies: ["SheetLogCore"]),
        .executableTarget(
            name: "SheetLogBench",
            dependencies: ["BenchmarkHarness", "CSQLiteBaseline", "SheetLogCore", "SheetLog", "SheetLogSQLite", "SheetLogIngest", grdb, logging, argumentParser]
        ),

        // MARK: Tests

        .testTarget(name: "SheetLogCoreTests", dependencies: ["SheetLogCore"]),
        .testTarget(
            name: "SheetLogDomainTests",
            dependencies: ["SheetLogDomain", propertyBased],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SheetLogSQLiteTests", dependencies: ["SheetLogSQLite", grdb]),
        .testTarget(name: "SheetLogStoreConformanceTests", dependencies: ["SheetLogSQLite", "SheetLogTesting", grdb]),
        .testTarget(
            name: "SheetLogProjectionsTests",
            dependencies: ["SheetLogProjections", "SheetLogSQLite", "SheetLogDomain", grdb, logging, propertyBased]
        ),
        .testTarget(name: "SheetLogTests", dependencies: ["SheetLog", grdb]),
        .testTarget(name: "SheetLogIngestTests", dependencies: ["SheetLogIngest"]),
        .testTarget(name: "SheetLogCLITests", dependencies: ["SheetLogCLI", "SheetLog", grdb]),
        .testTarget(name: "CFaultVFSTests", dependencies: ["CFaultVFS"]),
        .testTarget(name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness", "CSQLiteBaseline", "SheetLogCore"]),
    ]
)
