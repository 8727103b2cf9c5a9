// swift-tools-version: 6.2
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
/// SQLite's C API as GRDB links it, for the append path's direct parameter binding.
let sqliteAPI: Target.Dependency = .product(name: "GRDBSQLite", package: "GRDB.swift")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")

let package = Package(
    name: "SheetLog",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // The library apps use; it re-exports the domain (commands, events, state) and the core.
        .library(name: "SheetLog", targets: ["SheetLog"]),
        // The SQLite backend: its types appear in `SheetLogDatabase.Options` (store configuration).
        .library(name: "SheetLogSQLite", targets: ["SheetLogSQLite"]),
        // The device-side command line. The crash appender (`SheetLogCrashAppender`) and the fuzz
        // target (`SheetLogFuzz`) are targets, not products: `swift build --product SheetLogFuzz`.
        // The benchmarks are a package of their own: Benchmarks/Package.swift.
        .executable(name: "sheetlog", targets: ["SheetLogCLI"]),
        // The viewer of one file and the fleet's server: `sheetlog-server serve --db FILE | --postgres URL`.
        .executable(name: "sheetlog-server", targets: ["SheetLogServerCLI"]),
        // Not for apps: what the benchmark package (Benchmarks/, which depends on this one by path)
        // needs beyond `SheetLog` — the ingest format's encoder and decoder, the seeded generator and
        // the process and browser helpers the tests use. SwiftPM has no package-private product, and
        // moving these out would leave the tests without them.
        .library(name: "SheetLogBenchmarkSupport", targets: ["SheetLogIngest", "SheetLogTestSupport", "SheetLogViewerTestSupport"]),
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
        // The fleet store's driver; only SheetLogPostgres and its tests depend on it.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // MARK: Layers, bottom to top

        // Pure, package-internal (not a product): the one JSON reader (a byte cursor with strictness
        // options), value tree and writer that every layer above uses.
        .target(name: "SheetLogJSON"),
        // Pure: envelopes, the EventStore protocol, errors, limits, the integrity chain.
        .target(name: "SheetLogCore", dependencies: ["SheetLogJSON", .product(name: "Crypto", package: "swift-crypto")]),
        // Pure: the sheet and form decider (commands, events, state).
        .target(name: "SheetLogDomain", dependencies: ["SheetLogCore", "SheetLogJSON"]),
        // Pure: which rows of the sheet read models (sessions, presentations, dismissals) an event
        // produces, inline and in a rebuild; shared by every storage backend.
        .target(name: "SheetLogProjections", dependencies: ["SheetLogCore", "SheetLogDomain", "SheetLogJSON"]),
        // The seam between the facade and a storage backend: the protocol a backend implements (the
        // deciding append, the read models' queries, verify's checks) and its vocabulary.
        .target(name: "SheetLogStorage", dependencies: ["SheetLogCore", "SheetLogDomain", "SheetLogProjections"]),
        // The SQLite backend: the event log through GRDB, the sheet read models' SQL, the facade's queries.
        .target(
            name: "SheetLogSQLite",
            dependencies: ["SheetLogCore", "SheetLogDomain", "SheetLogProjections", "SheetLogStorage", "SheetLogJSON", grdb, sqliteAPI, logging]
        ),
        // The PostgreSQL fleet store: every device's log keyed by (device, position), the same read models.
        .target(
            name: "SheetLogPostgres",
            dependencies: ["SheetLogCore", "SheetLogDomain", "SheetLogProjections", "SheetLogStorage", "SheetLogJSON", postgresNIO, logging]
        ),
        // The facade: open a log, record commands, replay, recover drafts, audit, verify; the coordinator.
        .target(name: "SheetLog", dependencies: ["SheetLogStorage", "SheetLogProjections", "SheetLogSQLite", "SheetLogDomain", "SheetLogJSON", "SheetLogPush", logging]),
        // The facade on the fleet store: `SheetLogDatabase.openFleet(url:device:options:)` opens one device's
        // log in PostgreSQL. A module of its own so that neither `SheetLog` nor `sheetlog` links postgres-nio.
        .target(name: "SheetLogFleet", dependencies: ["SheetLog", "SheetLogPostgres"]),
        // The device side of pushing a log to the collector: no server dependency.
        .target(name: "SheetLogPush", dependencies: ["SheetLogCore", "SheetLogJSON"]),
        // The ingest format: strict JSON Lines decoding of commands, and its encoder for export.
        .target(name: "SheetLogIngest", dependencies: ["SheetLogDomain", "SheetLogJSON", "SheetLogStorage"]),
        // What the reading commands print for machines (replay, audit, recover as JSON or CSV), shared
        // by the `sheetlog` CLI and the viewer's API so that both answer with the same bytes.
        .target(name: "SheetLogReports", dependencies: ["SheetLog", "SheetLogIngest", "SheetLogJSON"]),
        // The `sheetlog` command line.
        .executableTarget(name: "SheetLogCLI", dependencies: ["SheetLog", "SheetLogCore", "SheetLogIngest", "SheetLogReports", argumentParser, logging]),
        // The replay viewer: the read side behind a protocol (one SQLite file is device `local`), the JSON
        // API, the pages with their one script and stylesheet, on Hummingbird. Only `sheetlog-server`
        // links it: `sheetlog` stays free of NIO.
        .target(name: "SheetLogServer", dependencies: ["SheetLog", "SheetLogReports", "SheetLogPush", "SheetLogCore", "SheetLogJSON", hummingbird, .product(name: "HummingbirdCore", package: "hummingbird"), logging, .product(name: "NIOCore", package: "swift-nio")]),
        // The collector on the fleet store: the viewer's `PushCollector` over PostgreSQL (tokens, each
        // device's store on one pool), for `serve --postgres` and the collector's tests.
        .target(name: "SheetLogCollector", dependencies: ["SheetLogServer", "SheetLogPostgres", "SheetLogCore", "SheetLogDomain"]),
        // The `sheetlog-server` command line.
        .executableTarget(
            name: "SheetLogServerCLI",
            dependencies: [
                "SheetLogServer", "SheetLogCollector", "SheetLog", "SheetLogSQLite", "SheetLogFleet", "SheetLogPostgres", "SheetLogPush", "SheetLogCore", argumentParser, hummingbird, logging,
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // MARK: Test support

        // A fault-injecting SQLite VFS for power-loss and I/O-fault tests.
        .target(name: "CFaultVFS", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The seeded sheet workload and the Jepsen-style crash checker of the reliability tiers.
        .target(name: "SheetLogReliability", dependencies: ["SheetLogTestSupport", "SheetLogDomain", "SheetLogSQLite", "SheetLogProjections", grdb]),
        // The child process the SIGKILL and disk-full tiers kill or starve.
        .executableTarget(
            name: "SheetLogCrashAppender",
            dependencies: ["SheetLogReliability", "SheetLogSQLite", "SheetLogProjections", argumentParser]
        ),
        // The libFuzzer target over the ingest decoder and the decider. Scripts/fuzz.sh builds it with
        // `--sanitize fuzzer -Xswiftc -DSHEETLOG_FUZZING`, which drops its replay `main` for libFuzzer's.
        .executableTarget(name: "SheetLogFuzz", dependencies: ["SheetLogIngest", "SheetLogDomain"], exclude: ["ingest.dict"]),

        // MARK: Tests

        // What several test targets share: running the package's executables as a user does.
        .target(name: "SheetLogTestSupport", dependencies: ["SheetLogDomain"], path: "Tests/SheetLogTestSupport"),
        // A throwaway PostgreSQL cluster (initdb, pg_ctl), started once per test process.
        .target(name: "SheetLogPostgresTestSupport", dependencies: ["SheetLogTestSupport"], path: "Tests/SheetLogPostgresTestSupport"),
        // The event store conformance suite as named checks over a store factory: every backend's
        // tests run all of them (SQLite and in memory here).
        .target(name: "SheetLogStoreConformance", dependencies: ["SheetLogCore"], path: "Tests/SheetLogStoreConformance"),
        // What a storage backend must honour beyond the event store (the deciding append, the read
        // models, verify, the facade's flows), as named checks over a backend factory.
        .target(
            name: "SheetLogBackendConformance", dependencies: ["SheetLog", "SheetLogStorage", "SheetLogDomain", "SheetLogStoreConformance"],
            path: "Tests/SheetLogBackendConformance"
        ),
        // The viewer's tests: `sheetlog-server` as a process, plain HTTP, and a small W3C WebDriver
        // client for headless Chromium (Debian's chromium and chromium-driver).
        .target(name: "SheetLogViewerTestSupport", dependencies: ["SheetLogTestSupport"], path: "Tests/SheetLogViewerTestSupport"),

        .testTarget(name: "SheetLogCoreTests", dependencies: ["SheetLogCore", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "SheetLogDomainTests",
            dependencies: ["SheetLogTestSupport", "SheetLogDomain", "SheetLogJSON", propertyBased],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SheetLogSQLiteTests", dependencies: ["SheetLogTestSupport", "SheetLogSQLite", grdb]),
        .testTarget(
            name: "SheetLogStoreConformanceTests", dependencies: ["SheetLogStoreConformance", "SheetLogSQLite", "SheetLogCore", grdb]
        ),
        .testTarget(name: "SheetLogBackendConformanceTests", dependencies: ["SheetLogBackendConformance", "SheetLogSQLite"]),
        .testTarget(
            name: "SheetLogPostgresTests",
            dependencies: [
                "SheetLogPostgres", "SheetLogPostgresTestSupport", "SheetLogStoreConformance", "SheetLogBackendConformance", "SheetLogStorage",
                "SheetLogProjections", "SheetLogDomain", "SheetLogTestSupport", "SheetLogSQLite", "SheetLogFleet", "SheetLog",
                "SheetLogReports", "SheetLogViewerTestSupport", "SheetLogCLI", "SheetLogServerCLI", postgresNIO, logging, grdb,
            ]
        ),
        // `sheetlog-server import` and the store's import on a real PostgreSQL: the built binaries, device
        // files, faults (a killed import, a restarted server).
        .testTarget(
            name: "SheetLogImportTests",
            dependencies: [
                "SheetLogPostgres", "SheetLogPostgresTestSupport", "SheetLogTestSupport", "SheetLogSQLite", "SheetLogReliability", "SheetLogCore",
                "SheetLogCLI", "SheetLogServerCLI", "SheetLogCollector", "SheetLogServer", "SheetLogPush", "SheetLogFleet", "SheetLog",
                "SheetLogViewerTestSupport", postgresNIO, logging, grdb, hummingbird,
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "SheetLogProjectionsTests",
            dependencies: ["SheetLogTestSupport", "SheetLogProjections", "SheetLogSQLite", "SheetLogDomain", grdb, logging, propertyBased]
        ),
        // An app's view of the library: `SheetLog`'s public API only (no `package` symbols, no
        // `@testable`), compiled with Xcode 26's settings for a new app target (the main actor as the
        // default isolation, and the approachable concurrency features): the docs' samples that
        // cross isolation (the Keychain key provider, pushing and its status) compile and run here.
        .testTarget(
            name: "SheetLogAppTests", dependencies: ["SheetLog"],
            swiftSettings: [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
        .testTarget(name: "SheetLogTests", dependencies: ["SheetLogTestSupport", "SheetLog", "SheetLogSQLite", "SheetLogProjections", grdb, logging, propertyBased]),
        .testTarget(name: "SheetLogIngestTests", dependencies: ["SheetLogIngest", "SheetLogJSON"]),
        .testTarget(name: "SheetLogPushTests", dependencies: ["SheetLogPush", "SheetLogCore", "SheetLogTestSupport", propertyBased]),
        .testTarget(name: "SheetLogCLITests", dependencies: ["SheetLogTestSupport", "SheetLogCLI", "SheetLog", "SheetLogSQLite", grdb, propertyBased]),
        .testTarget(name: "SheetLogConcurrencyTests", dependencies: ["SheetLogTestSupport", "SheetLogCLI", "SheetLog", "SheetLogSQLite", grdb]),
        .testTarget(
            name: "SheetLogBadInputTests",
            dependencies: ["SheetLogTestSupport", "SheetLog", "SheetLogSQLite", "SheetLogIngest", "SheetLogCLI", "SheetLogFuzz", grdb, propertyBased],
            resources: [.copy("FuzzCorpus")]
        ),
        .testTarget(
            name: "SheetLogServerTests",
            dependencies: [
                "SheetLogTestSupport", "SheetLogViewerTestSupport", "SheetLogServer", "SheetLogReports", "SheetLog", "SheetLogJSON", "SheetLogCLI",
                "SheetLogServerCLI", hummingbird, .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "SheetLogBrowserTests",
            dependencies: [
                "SheetLogTestSupport", "SheetLogViewerTestSupport", "SheetLog", "SheetLogCLI", "SheetLogServerCLI", "SheetLogPostgresTestSupport",
                "SheetLogPostgres", "SheetLogCore",
            ]
        ),
        .testTarget(
            name: "SheetLogReportsTests", dependencies: ["SheetLogTestSupport", "SheetLogReports", "SheetLog", "SheetLogCLI", propertyBased]
        ),
        .testTarget(name: "CFaultVFSTests", dependencies: ["SheetLogTestSupport", "CFaultVFS"]),
        .testTarget(
            name: "SheetLogReliabilityTests",
            dependencies: [
                "SheetLogTestSupport", "SheetLogReliability", "SheetLogCrashAppender", "CFaultVFS", "SheetLogSQLite", "SheetLogProjections",
                "SheetLog", grdb, logging,
            ]
        ),
    ]
)

// Every warning of this package's own Swift code is an error (dependencies keep their warnings:
// SwiftPM does not apply these settings to them). Test targets are left out: Swift Testing's macro
// expansions warn under Swift 6.3 (`@const` in `@Test`/`@Suite`), which no test can avoid.
for target in package.targets where target.type != .test && !target.name.hasPrefix("C") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}

// ThreadSanitizer's run in CI (`.ci/run`) takes the concurrency tests only: SheetLogTests' many tasks,
// group commit and two databases on one file, SheetLogSQLiteTests' subscriptions, the store conformance
// suite, and the processes on one file (`.ci/run` checks that both graphs list the same of them). Built
// under the sanitizer, the whole graph (NIO, Hummingbird, postgres-nio and the server's tests) was the
// longest step of CI for tests it never runs; with SHEETLOG_SANITIZED_TESTS=1 in the environment, the
// package declares only what those four test targets and the benchmark package need. The
// dependencies stay declared, so that both graphs resolve to the same Package.resolved.
if Context.environment["SHEETLOG_SANITIZED_TESTS"] == "1" {
    let kept: Set<String> = [
        "SheetLogJSON", "SheetLogCore", "SheetLogDomain", "SheetLogProjections", "SheetLogStorage", "SheetLogSQLite", "SheetLog",
        "SheetLogPush", "SheetLogIngest", "SheetLogReports", "SheetLogCLI",
        "SheetLogTestSupport", "SheetLogStoreConformance", "SheetLogViewerTestSupport",
        "SheetLogTests", "SheetLogSQLiteTests", "SheetLogStoreConformanceTests", "SheetLogConcurrencyTests",
    ]
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in product.name == "sheetlog-server" }
}
