// swift-tools-version: 6.1
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
/// SQLite's C API as GRDB links it, for the append path's direct parameter binding.
let sqliteAPI: Target.Dependency = .product(name: "GRDBSQLite", package: "GRDB.swift")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")

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
        // The JSON Lines command decoder shared by the CLI and its fuzz target.
        .library(name: "SheetLogIngest", targets: ["SheetLogIngest"]),
        .executable(name: "sheetlog", targets: ["SheetLogCLI"]),
        // The replay viewer: `sheetlog-server serve --db FILE`.
        .executable(name: "sheetlog-server", targets: ["SheetLogServerCLI"]),
        .executable(name: "sheetlog-bench", targets: ["SheetLogBench"]),
        // The viewer's figures (replay API, timeline in Chromium): `Scripts/bench.sh --viewer`.
        .executable(name: "sheetlog-server-bench", targets: ["SheetLogServerBench"]),
        .executable(name: "sheetlog-crash-appender", targets: ["SheetLogCrashAppender"]),
        // The libFuzzer target (Scripts/fuzz.sh); without the fuzzer it replays the files it is given.
        .executable(name: "sheetlog-fuzz", targets: ["SheetLogFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Hummingbird's own; named for `sheetlog-server`'s socket errors (NIOCore.IOError).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        // MARK: Layers, bottom to top

        // Pure: envelopes, the EventStore protocol, errors, limits, the integrity chain.
        .target(name: "SheetLogCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Pure: the sheet and form decider (commands, events, state).
        .target(name: "SheetLogDomain", dependencies: ["SheetLogCore"]),
        // The event log on SQLite, through GRDB.
        .target(name: "SheetLogSQLite", dependencies: ["SheetLogCore", grdb, sqliteAPI, logging]),
        // The sheet read models (sessions, presentations, dismissals), kept in the append's transaction.
        .target(name: "SheetLogProjections", dependencies: ["SheetLogSQLite", "SheetLogDomain", grdb]),
        // The facade: open a log, record commands, replay, recover drafts, audit, verify; the coordinator.
        .target(name: "SheetLog", dependencies: ["SheetLogSQLite", "SheetLogDomain", "SheetLogProjections", grdb, logging]),
        // The ingest format: strict JSON Lines decoding of commands, and its encoder for export.
        .target(name: "SheetLogIngest", dependencies: ["SheetLogDomain"]),
        // What the reading commands print for machines (replay, audit, recover as JSON or CSV), shared
        // by the `sheetlog` CLI and the viewer's API so that both answer with the same bytes.
        .target(name: "SheetLogReports", dependencies: ["SheetLog", "SheetLogIngest"]),
        // The `sheetlog` command line.
        .executableTarget(name: "SheetLogCLI", dependencies: ["SheetLog", "SheetLogIngest", "SheetLogReports", argumentParser, logging]),
        // The replay viewer: the read side behind a protocol (one SQLite file is device `local`), the JSON
        // API, the pages with their one script and stylesheet, on Hummingbird. Only `sheetlog-server`
        // links it: `sheetlog` stays free of NIO.
        .target(name: "SheetLogServer", dependencies: ["SheetLog", "SheetLogReports", hummingbird, logging]),
        // The `sheetlog-server` command line.
        .executableTarget(
            name: "SheetLogServerCLI",
            dependencies: ["SheetLogServer", "SheetLog", argumentParser, hummingbird, logging, .product(name: "NIOCore", package: "swift-nio")]
        ),
        // An in-memory store with the same semantics, and test helpers.
        .target(name: "SheetLogTesting", dependencies: ["SheetLogCore"]),

        // MARK: Test and benchmark support

        // A fault-injecting SQLite VFS for power-loss and I/O-fault tests.
        .target(name: "CFaultVFS", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The seeded sheet workload and the Jepsen-style crash checker of the reliability tiers.
        .target(name: "SheetLogReliability", dependencies: ["SheetLogDomain", "SheetLogSQLite", "SheetLogProjections", grdb]),
        // The child process the SIGKILL and disk-full tiers kill or starve.
        .executableTarget(
            name: "SheetLogCrashAppender",
            dependencies: ["SheetLogReliability", "SheetLogSQLite", "SheetLogProjections", argumentParser]
        ),
        // The libFuzzer target over the ingest decoder and the decider. Scripts/fuzz.sh builds it with
        // `--sanitize fuzzer -Xswiftc -DSHEETLOG_FUZZING`, which drops its replay `main` for libFuzzer's.
        .executableTarget(name: "SheetLogFuzz", dependencies: ["SheetLogIngest", "SheetLogDomain"], exclude: ["ingest.dict"]),
        // Benchmarks: the raw-SQLite baseline in C, the pure statistics and report, the executable.
        .target(name: "CSQLiteBaseline", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "BenchmarkHarness", dependencies: ["SheetLogCore"]),
        .executableTarget(
            name: "SheetLogBench",
            dependencies: ["BenchmarkHarness", "CSQLiteBaseline", "SheetLogCore", "SheetLog", "SheetLogSQLite", "SheetLogIngest", grdb, logging, argumentParser]
        ),
        // The viewer's figures: the real `sheetlog-server` over loopback, and Chromium through WebDriver.
        .executableTarget(
            name: "SheetLogServerBench",
            dependencies: ["BenchmarkHarness", "CSQLiteBaseline", "SheetLog", "SheetLogViewerTestSupport", argumentParser]
        ),

        // MARK: Tests

        // What several test targets share: running the package's executables as a user does.
        .target(name: "SheetLogTestSupport", path: "Tests/SheetLogTestSupport"),
        // The viewer's tests: `sheetlog-server` as a process, plain HTTP, and a small W3C WebDriver
        // client for headless Chromium (Debian's chromium and chromium-driver).
        .target(name: "SheetLogViewerTestSupport", path: "Tests/SheetLogViewerTestSupport"),

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
        .testTarget(name: "SheetLogCLITests", dependencies: ["SheetLogTestSupport", "SheetLogCLI", "SheetLog", "SheetLogSQLite", grdb]),
        .testTarget(name: "SheetLogConcurrencyTests", dependencies: ["SheetLogTestSupport", "SheetLogCLI", "SheetLog", "SheetLogSQLite", grdb]),
        .testTarget(
            name: "SheetLogBadInputTests",
            dependencies: ["SheetLogTestSupport", "SheetLog", "SheetLogIngest", "SheetLogCLI", "SheetLogFuzz", grdb, propertyBased],
            resources: [.copy("FuzzCorpus")]
        ),
        .testTarget(
            name: "SheetLogServerTests",
            dependencies: [
                "SheetLogTestSupport", "SheetLogViewerTestSupport", "SheetLogServer", "SheetLogReports", "SheetLog", "SheetLogCLI",
                "SheetLogServerCLI", hummingbird, .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "SheetLogBrowserTests",
            dependencies: ["SheetLogTestSupport", "SheetLogViewerTestSupport", "SheetLog", "SheetLogCLI", "SheetLogServerCLI"]
        ),
        .testTarget(name: "CFaultVFSTests", dependencies: ["CFaultVFS"]),
        .testTarget(
            name: "SheetLogReliabilityTests",
            dependencies: [
                "SheetLogReliability", "SheetLogCrashAppender", "CFaultVFS", "SheetLogSQLite", "SheetLogProjections",
                grdb, logging,
            ]
        ),
        .testTarget(name: "BenchmarkHarnessTests", dependencies: ["SheetLogTestSupport", "BenchmarkHarness", "CSQLiteBaseline", "SheetLogCore"]),
    ]
)
