import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// `Options.retention` (issue 37 item 6): the database prunes by itself, at open and at most once a
/// day, in the background, and a handle that cannot write never does.
@Suite("retention: automatic")
struct AutomaticRetentionTests {
    static let day: Int64 = 86_400_000

    /// A file with `sessions` finished sessions recorded 30 days before the clock's now.
    static func oldFile(_ directory: TemporaryDirectory, sessions: Int = 3) async throws -> (String, ManualClock) {
        let path = directory.path("log.sqlite")
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: path, options: testOptions(clock: clock))
        for index in 0..<sessions { try await RetentionTests.finished("old-\(index)", in: database) }
        try database.close()
        clock.advance(by: 30 * day)
        return (path, clock)
    }

    static func options(_ clock: ManualClock, days: Int = 14) -> SheetLogDatabase.Options {
        var options = testOptions(clock: clock)
        options.retention = .days(days)
        return options
    }

    /// Waits until `database` finished `runs` automatic prunes: a bound for a hang, not for speed.
    static func waitForPrunes(_ runs: Int, of database: SheetLogDatabase) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while database.automaticPrunes.completed < runs, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(database.automaticPrunes.completed >= runs, "no automatic prune finished")
    }

    @Test("prunes at open without a call, not again the same day, again a day later")
    func prunesAtOpenThenOnceADay() async throws {
        let directory = try TemporaryDirectory("auto-retention")
        let (path, clock) = try await Self.oldFile(directory)
        let database = try SheetLogDatabase.open(path: path, options: Self.options(clock))
        try await Self.waitForPrunes(1, of: database)
        #expect(try await database.logBase()?.removedEvents == 9)

        // The same day: a record asks, and no prune starts.
        try await RetentionTests.finished("today", in: database)
        #expect(database.automaticPrunes.started == 1)

        // Twenty days later: the next record starts one, which removes "today" (now 20 days old).
        clock.advance(by: 20 * Self.day)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "later")
        #expect(database.automaticPrunes.started == 2)
        try await Self.waitForPrunes(2, of: database)
        #expect(try await database.logBase()?.removedEvents == 12)
        #expect(try await database.verify().isHealthy)
        try database.close()

        // Reopened the same day: the prune written less than a day ago counts, nothing is written.
        let bases = try Self.baseCount(path)
        let again = try SheetLogDatabase.open(path: path, options: Self.options(clock))
        try await Self.waitForPrunes(1, of: again)
        #expect(try Self.baseCount(path) == bases)
        try again.close()
    }

    static func baseCount(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM log_bases") ?? 0 }
    }

    @Test("keystrokes from many tasks while the automatic prune runs at open: every acknowledged one is stored")
    func concurrentKeystrokesLoseNothing() async throws {
        let directory = try TemporaryDirectory("auto-retention-load")
        let (path, clock) = try await Self.oldFile(directory, sessions: 60)
        let database = try SheetLogDatabase.open(path: path, options: Self.options(clock))
        let windows = (0..<4).map { "window-\($0)" }
        for window in windows { try await database.record(.present(presentation: "form", route: Route(name: window)), in: window) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for window in windows {
                group.addTask {
                    for keystroke in 0..<40 {
                        try await database.record(.edit(field: "text", value: .string("\(window) \(keystroke)")), in: window, id: "\(window)-k\(keystroke)")
                    }
                }
            }
            try await group.waitForAll()
        }
        try await Self.waitForPrunes(1, of: database)
        #expect(try await database.logBase()?.removedEvents == 180)
        for window in windows {
            let stored = try await database.replay(window).map(\.event.eventID)
            #expect(stored.count == 41 && stored.last == "\(window)-k39", "\(window): \(stored.count)")
            #expect(try await database.state(of: window).top?.values["text"] == .string("\(window) 39"))
        }
        #expect(try await database.verify().isHealthy)
        try database.close()
    }

    @Test("close() during the automatic prune returns after the step in flight: the log is as of a step, verifies, the handle refuses use")
    func closeStopsAfterAStep() async throws {
        let directory = try TemporaryDirectory("auto-retention-close")
        // 600 sessions of 3 events: 1,800 old events, in steps of `pruneStepEvents` positions.
        let (path, clock) = try await Self.oldFile(directory, sessions: 600)
        let database = try SheetLogDatabase.open(path: path, options: Self.options(clock))
        try database.close()
        let refused = await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "after")
        }
        #expect(refused != nil)

        let reopened = try SheetLogDatabase.openForReading(path: path)
        let base = try await reopened.logBase()
        let events = try await reopened.backend.readAll().count
        // Nothing removed yet, or exactly the events up to one step's cut (each step's positions on,
        // the session it splits carried).
        let step = Int(SQLiteEventStore.pruneStepEvents)
        #expect(events == 1_800 - Int(base?.cutPosition ?? 0), "\(events) events, base \(String(describing: base))")
        #expect(Set(stride(from: 0, through: 1_800, by: step)).union([1_800]).contains(Int(base?.cutPosition ?? 0)), "\(String(describing: base))")
        #expect(try await reopened.verify().isHealthy)
        try reopened.close()
    }

    @Test("a read-only handle never prunes; fewer than one day is refused at open")
    func readOnlyNeverPrunesAndZeroDaysIsRefused() async throws {
        let directory = try TemporaryDirectory("auto-retention-read")
        let (path, clock) = try await Self.oldFile(directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let reader = try SheetLogDatabase.openForReading(path: path, options: Self.options(clock))
        _ = try await reader.audit()
        #expect(reader.automaticPrunes.started == 0)
        try reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        let refused = #expect(throws: SheetLogError.self) { try SheetLogDatabase.open(path: path, options: Self.options(clock, days: 0)) }
        #expect(refused?.code == .invalidInput && refused?.message.contains("retention of 0 days") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
