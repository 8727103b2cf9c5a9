import Foundation

/// How many random cases a property test or a reliability tier runs: a size that finds a regression
/// in seconds in `swift test`, and the full size when `SHEETLOG_SOAK=1` (`Scripts/soak.sh` sets it).
///
/// Every call site states both sizes and why the quick one suffices; the soak sizes are the sizes
/// these tests ran at in every `swift test` before issue 36, so the soak loses nothing.
///
/// ```swift
/// // 60 sequences reach every event type in well under a second; the soak runs 500.
/// await propertyCheck(count: TestSize.cases(60, soak: 500), input: sequences) { ... }
/// ```
package enum TestSize {
    /// True when `SHEETLOG_SOAK=1`: every sized test runs at its soak size.
    package static let isSoak = ProcessInfo.processInfo.environment["SHEETLOG_SOAK"] == "1"

    /// `quick` in `swift test`, `soak` under `Scripts/soak.sh`.
    package static func cases(_ quick: Int, soak: Int) -> Int { isSoak ? soak : quick }
}
