import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// `SheetLogDatabase.prune(before:)` (issue 37): a prefix of the log goes; finished sessions in it go
/// whole, the state of those still needed is carried across the cut; the kept log verifies from its base.
@Suite("retention: prune")
struct RetentionTests {
    static let day: Int64 = 86_400_000

    /// A session that ends with nothing on its stack: a clean sheet swiped away, then ended.
    static func finished(_ session: String, in database: SheetLogDatabase) async throws {
        try await database.record(.present(presentation: "p1", route: .newExpense), in: session)
        try await database.record(.attemptDismiss(source: .swipe), in: session)
        try await database.record(.endSession, in: session)
    }

    static func cutoff(_ clock: ManualClock, keepDays: Int64 = 14) -> Date {
        Date(timeIntervalSince1970: Double(clock.nowMilliseconds() - keepDays * day) / 1_000)
    }

    @Test("finished sessions before the cut go; a draft's state is carried across it; verify passes; a second prune changes nothing")
    func prunesAPrefixOfFinishedSessions() async throws {
        let directory = try TemporaryDirectory("prune")
        let path = directory.path("log.sqlite")
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: path, options: testOptions(clock: clock))
        try await Self.finished("a", in: database)
        try await Self.finished("b", in: database)
        clock.advance(by: Self.day)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "draft")
        try await database.record(.edit(field: "amount", value: "12.50"), in: "draft")
        clock.advance(by: 20 * Self.day)
        try await Self.finished("c", in: database)

        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.removedEvents == 8)
        #expect(report.removedSessions == 2)
        #expect(report.carriedSessions == 1)
        #expect(report.cutPosition == 8)
        #expect(report.stoppedBy == .time(position: 9))
        #expect(try await database.logBase()?.firstKeptPosition == 9)
        let verification = try await database.verify()
        let failed = verification.checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")

        // A command on a pruned session is refused and appends nothing.
        let last = try await database.lastPosition()
        await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p2", route: .newExpense), in: "a")
        }
        do {
            try await database.record(.present(presentation: "p2", route: .newExpense), in: "a")
        } catch let error as SheetLogError {
            #expect(error.code == .pruned)
            #expect(error.message.contains("session a was pruned on"))
            #expect(error.message.contains("the kept log begins at position 9"))
        }
        #expect(try await database.lastPosition() == last)

        // The library's readers refuse it as the CLI's do, naming the pruning (not "no events").
        for read in [
            { _ = try await database.replay("a") }, { _ = try await database.state(of: "a") }, { _ = try await database.state(of: "a", at: 1) },
        ] as [@Sendable () async throws -> Void] {
            let refused = await #expect(throws: SheetLogError.self) { try await read() }
            #expect(refused?.code == .pruned && refused?.message.contains("session a was pruned on") == true, "\(String(describing: refused))")
        }
        #expect(try await database.state(of: "never-seen").version == 0, "a session never recorded is still the empty state")

        // A kept event cannot be deleted.
        let sqlite = try #require(database.backend as? SQLiteBackend)
        #expect(throws: (any Error).self) {
            try sqlite.store.writer.write { db in try db.execute(sql: "DELETE FROM events WHERE position = 9") }
        }

        // The draft is still offered, with its value.
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.map(\.session) == ["draft"])
        #expect(drafts.first?.values["amount"] == .string("12.50"))

        // Again at the same time: nothing removed, nothing written.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let wal = try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let again = try await database.prune(before: Self.cutoff(clock))
        #expect(again.removedEvents == 0 && again.cutPosition == 8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) == wal)
        try database.close()
    }

    @Test("an open draft from the first day survives sixty daily prunes with its values, carried across every cut", arguments: [false, true])
    func anOpenDraftSurvivesDailyPrunes(sealed: Bool) async throws {
        let directory = try TemporaryDirectory("prune-days")
        let path = directory.path("log.sqlite")
        let clock = ManualClock()
        var options = sealed ? ErasureTests.options(MasterKey.generate()) : testOptions()
        options.clock = clock
        let database = try SheetLogDatabase.open(path: path, options: options)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "day-1")
        try await database.record(.edit(field: "amount", value: "47.50"), in: "day-1")
        try await database.record(.edit(field: "note", value: "taxi to the airport"), in: "day-1")
        for day in 2...60 {
            clock.advance(by: Self.day)
            try await Self.finished("day-\(day)", in: database)
            let report = try await database.prune(before: Self.cutoff(clock))
            // From day 16 the draft's events are older than 14 days: they go, its state is carried.
            #expect(report.carriedSessions == (day >= 16 ? 1 : 0), "day \(day)")
            let failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
            #expect(failed.isEmpty, "day \(day): \(failed)")
        }
        // The last fifteen days of finished sessions are kept (3 events each; day 46 is not older than the cut), nothing of day 1's.
        let sqlite = try #require(database.backend as? SQLiteBackend)
        let kept = try await sqlite.store.readAll()
        #expect(kept.count == 15 * 3 && !kept.contains { $0.stream == "day-1" })
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.map(\.session) == ["day-1"])
        #expect(drafts.first?.values == ["amount": "47.50", "note": "taxi to the airport"])
        // Nothing typed is in the file in clear in a sealed log, the carried state included.
        try database.close()
        let reopened = try SheetLogDatabase.open(path: path, options: options)
        if sealed {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
            #expect(bytes.range(of: Data("taxi to the airport".utf8)) == nil)
        }
        // The draft goes on from the carried state after a relaunch: restored, edited, saved.
        let draft = try #require(try await reopened.recoverableDrafts().first)
        try await reopened.record(.restoreDraft(from: draft.reference, as: "p2"), in: "day-61")
        try await reopened.record(.edit(field: "amount", value: "48.00"), in: "day-61")
        let state = try await reopened.state(of: "day-61")
        #expect(state.top?.values == ["amount": "48.00", "note": "taxi to the airport"])
        #expect(try await reopened.state(of: "day-1").presentation("p1")?.status == .restored)
        let failed = try await reopened.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        try reopened.close()
    }

    @Test("a log pruned to its end still ends at its cut; the next event takes the next position, chained to the base")
    func aLogPrunedToItsEndContinues() async throws {
        let directory = try TemporaryDirectory("prune-all")
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions(clock: clock))
        try await Self.finished("a", in: database)
        try await Self.finished("b", in: database)
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.cutPosition == 6 && report.stoppedBy == .endOfLog)
        #expect(try await database.lastPosition() == 6)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "c")
        #expect(try await database.lastPosition() == 7)
        let failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        try database.close()
    }

    @Test("a database that pushes never has the unacknowledged part removed")
    func neverPastTheAcknowledgedPosition() async throws {
        let directory = try TemporaryDirectory("prune-push")
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions(clock: clock))
        for session in ["a", "b", "c"] { try await Self.finished(session, in: database) }
        let sqlite = try #require(database.backend as? SQLiteBackend)
        let chain = try #require(try await sqlite.store.chain(at: 3))
        try await sqlite.store.acknowledgePush(collector: "https://collector.example", device: "d1", through: 3, chain: chain, at: 0)
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.cutPosition == 3)
        #expect(report.stoppedBy == .acknowledged(position: 3))
        let verification = try await database.verify()
        let failed = verification.checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        try database.close()
    }

    @Test("a sealed log prunes after an erasure: the subject stays erased, erasures lists it, verify passes, the next erasure continues its versions")
    func sealedLogKeepsItsErasures() async throws {
        let directory = try TemporaryDirectory("prune-sealed")
        let clock = ManualClock()
        var options = ErasureTests.options(MasterKey.generate())
        options.clock = clock
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: options)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "g", subject: "gone")
        try await database.record(.attemptDismiss(source: .swipe), in: "g")
        try await database.record(.endSession, in: "g")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "k", subject: "kept")
        try await database.record(.attemptDismiss(source: .swipe), in: "k")
        try await database.record(.endSession, in: "k")
        // A session of the subject left open: the erasure closes it.
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "g-open", subject: "gone")
        try await database.record(.edit(field: "amount", value: "9"), in: "g-open")
        let erasure = try await database.erase(subject: "gone", requestedBy: "ticket 1")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "later", subject: "kept")
        try await database.record(.edit(field: "amount", value: "3"), in: "later")
        clock.advance(by: 30 * Self.day)
        let before = try await database.erasures()
        #expect(before.first?.sessions == 2 && before.first?.closedSessions == ["g-open"], "\(before)")

        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.cutPosition == (erasure.position ?? 0) + 2, "the erasure and the open session after it")
        #expect(report.removedSessions == 3)
        #expect(report.carriedSessions == 1)
        // What the erasure erased is told as before the prune, though its sessions are gone.
        let listed = try await database.erasures()
        #expect(listed == before, "\(listed)")
        #expect(listed.map(\.subject) == ["gone"])
        #expect(listed.first?.keyErased == true)
        var failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        // The erased subject stays erased: a new session of it is refused.
        await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "g2", subject: "gone")
        }
        // The next erasure's version continues from the carried one.
        _ = try await database.erase(subject: "kept", requestedBy: "ticket 2")
        #expect(try await database.backend.readStream("$erasures").map(\.version) == [2])
        failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        #expect(try await database.erasures().map(\.subject) == ["gone", "kept"])
        try database.close()
    }

    @Test("a carried draft of a subject erased later leaves recoverable_drafts, and the next prune removes its session whole")
    func anErasedCarriedDraftIsNoLongerRecoverable() async throws {
        let directory = try TemporaryDirectory("prune-erased-carried")
        let path = directory.path("log.sqlite")
        let clock = ManualClock()
        var options = ErasureTests.options(MasterKey.generate())
        options.clock = clock
        let database = try SheetLogDatabase.open(path: path, options: options)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s", subject: "u")
        try await database.record(.edit(field: "amount", value: "47.50"), in: "s")
        clock.advance(by: 30 * Self.day)
        try await Self.finished("later", in: database)
        #expect(try await database.prune(before: Self.cutoff(clock)).carriedSessions == 1)
        _ = try await database.erase(subject: "u", requestedBy: "ticket 7")
        #expect(try await database.recoverableDrafts().isEmpty)
        // The view a SQL reader asks answers as recover does: the subject's first event is gone, its carried state names it.
        func viewCount() throws -> Int {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM recoverable_drafts") ?? -1 }
        }
        #expect(try viewCount() == 0)
        clock.advance(by: 30 * Self.day)
        try await Self.finished("after", in: database)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.carriedSessions == 0, "nothing of an erased subject is needed any more")
        #expect(report.removedSessions == 2)
        let failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        try database.close()
    }

    @Test("an ended session with a clean sheet left on its stack is removed whole: nothing can come to it, recover offers nothing of it")
    func anEndedSessionWithACleanSheetIsRemovedWhole() async throws {
        let directory = try TemporaryDirectory("prune-ended-stack")
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: directory.path("log.sqlite"), options: testOptions(clock: clock))
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "ended")
        try await database.record(.endSession, in: "ended")
        // Ended with a dirty draft on screen: recover offers it, so it is carried.
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "ended-dirty")
        try await database.record(.edit(field: "amount", value: "5"), in: "ended-dirty")
        try await database.record(.endSession, in: "ended-dirty")
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.removedSessions == 1 && report.carriedSessions == 1, "\(report)")
        await #expect(throws: SheetLogError.self) { try await database.state(of: "ended") }
        #expect(try await database.recoverableDrafts().map(\.session) == ["ended-dirty"])
        let failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
        try database.close()
    }
}
