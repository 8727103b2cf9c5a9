import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The twins of the retention examples (`prune(before:)`, `PruneReport`, `LogBase`, `ReplayBase`,
/// `LogBaseImage`, `installBase(_:)`), run on a log whose sessions are 15 days old: one finished,
/// one with a draft carried across the cut.
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

    @Test func theCarriedStateExamples() async throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) - 15 * 86_400_000)
        let original = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions(clock: clock))
        try await original.record(.present(presentation: "p1", route: .newExpense), in: "window-1")
        try await original.record(.edit(field: "amount", value: "47.50"), in: "window-1")
        _ = try await original.prune(before: Date().addingTimeInterval(-14 * 86_400))
        clock.advance(by: 1_000)  // a command at or before the last pruned one could be its resend
        try await original.record(.edit(field: "amount", value: "48.00"), in: "window-1")
        do {
            let database = original
            // doc-sample: Sources/SheetLog/Database/ReplayBase.swift
            let steps = try await database.replay("window-1")
            if let base = steps.first?.base {
                print("versions 1–\(base.version) were pruned on \(base.prunedAt)")
            }
            // end doc-sample
            #expect(steps.first?.base?.version == 2 && steps.count == 1)
        }
        let copy = try SheetLogDatabase.inMemory(options: testOptions())
        // doc-sample: Sources/SheetLogStorage/LogBaseImage.swift
        let entries = try await original.exportLog()
        if case .base(let image)? = entries.first { try await copy.installBase(image) }
        // end doc-sample
        do {
            // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+Base.swift
            let entries = try await original.exportLog()
            if case .base(let image)? = entries.first { try await copy.installBase(image) }
            // end doc-sample
        }
        for case .command(let envelope) in entries { try await copy.record([envelope]) }
        #expect(try await copy.recoverableDrafts() == (try await original.recoverableDrafts()))
        #expect(try await copy.exportLog() == entries)
        try original.close()
    }
}
