import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The twins of the retention examples (`prune(before:)`, `PruneReport`, `LogBase`), run on a log
/// whose one session is finished and 15 days old.
@Suite struct RetentionSamples {
    @Test func thePruneExamples() async throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) - 15 * 86_400_000)
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions(clock: clock))
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "old")
        try await database.record(.attemptDismiss(source: .swipe), in: "old")
        do {
            // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+Prune.swift
            let report = try await database.prune(before: Date().addingTimeInterval(-14 * 86_400))
            print("removed \(report.removedEvents) events, \(report.bytesFreed) bytes; \(report.stoppedBy)")
            // end doc-sample
            #expect(report.removedEvents == 2)
        }
        do {
            // doc-sample: Sources/SheetLogStorage/PruneReport.swift
            let report = try await database.prune(before: Date().addingTimeInterval(-14 * 86_400))
            print("removed \(report.removedEvents) events; \(report.stoppedBy)")
            // end doc-sample
            #expect(report.removedEvents == 0 && report.stoppedBy == .endOfLog)
        }
        // doc-sample: Sources/SheetLogStorage/LogBase.swift
        if let base = try await database.logBase() { print("the kept log begins at \(base.firstKeptPosition)") }
        // end doc-sample
        #expect(try await database.logBase()?.firstKeptPosition == 3)
        try database.close()
    }

    @Test func theRetentionOption() async throws {
        // doc-sample: Sources/SheetLog/Database/Retention.swift
        var options = SheetLogDatabase.Options()
        options.retention = .days(30)  // pruned at open, then at most once a day, in the background
        // end doc-sample
        let database = try SheetLogDatabase.inMemory(options: options)
        #expect(database.automaticPrunes.started == 1)
        try database.close()
    }
}
