// swift-tools-version: 6.2
import PackageDescription

// SheetLog's benchmarks, a package of their own so that the root package's `swift build` and
// `swift test` neither build nor run them (as postgres-nio and swift-composable-architecture keep
// theirs). `Scripts/bench.sh` builds and runs it; `swift test --package-path Benchmarks` runs the
// harness's own tests. It depends on the root package by path: the library as apps use it
// (`SheetLog`, `SheetLogSQLite`), the `sheetlog` binary the command-line figures run, and
// `SheetLogBenchmarkSupport` (the ingest format, the seeded generator, the process helpers).
let sheetLog: Target.Dependency = .product(name: "SheetLog", package: "SheetLog")
let support: Target.Dependency = .product(name: "SheetLogBenchmarkSupport", package: "SheetLog")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "SheetLogBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "SheetLog", path: ".."),
        // The versions the root package asks for; one resolution serves both.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The raw-SQLite baseline in C.
        .target(name: "CSQLiteBaseline", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The pure part: the seeded workload, statistics, pairing, the report and its comparison.
        .target(name: "BenchmarkHarness", dependencies: [sheetLog, support]),
        // `sheetlog-bench`: the library's figures against the baseline, and the command-line figures.
        .executableTarget(
            name: "SheetLogBench",
            dependencies: [
                "BenchmarkHarness", "CSQLiteBaseline", sheetLog, support, .product(name: "SheetLogSQLite", package: "SheetLog"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"), argumentParser,
            ]
        ),
        // The viewer's figures: the real `sheetlog-server` over loopback, and Chromium through WebDriver.
        .executableTarget(name: "SheetLogServerBench", dependencies: ["BenchmarkHarness", "CSQLiteBaseline", sheetLog, support, argumentParser]),
        // Issue 37's size figure: days of an app's log through the public API, pruned daily, measured.
        .target(name: "RetentionSimulation", dependencies: [sheetLog, support, .product(name: "GRDB", package: "GRDB.swift")]),
        // `sheetlog-retention-sim` (Scripts/retention-sim.sh): the simulation's CSV and SVG plot.
        .executableTarget(name: "SheetLogRetentionSim", dependencies: ["RetentionSimulation", argumentParser]),
        .testTarget(name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness", "CSQLiteBaseline", sheetLog, support]),
        // A short run of the retention simulation: its bound holds.
        .testTarget(name: "RetentionSimulationTests", dependencies: ["RetentionSimulation", sheetLog]),
    ]
)

// As in the root package: every warning of the benchmarks' own Swift code is an error (not the tests').
for target in package.targets where target.type != .test && !target.name.hasPrefix("C") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
