import Foundation
import SheetLog
import Testing

/// Apps pass and read times as `Date`; the log keeps milliseconds since 1970, which stay available.
@Suite struct DateAPITests {
    /// 2026-01-01T09:00:00.250Z.
    let nineOClock = Date(timeIntervalSince1970: 1_767_258_000.25)
    let nineOClockMilliseconds: Int64 = 1_767_258_000_250

    @Test func commandsRecordedAtADateReadBackAsThatDate() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let window = database.session("window-1")
        try await window.record(.present(presentation: "expense", route: .newExpense), at: nineOClock)
        try await database.record(.edit(field: "amount", value: "47.50"), in: "window-1", at: nineOClock.addingTimeInterval(1))
        try await database.record([CommandEnvelope(session: "window-1", command: .attemptDismiss(source: .programmatic),
                                                   at: nineOClock.addingTimeInterval(2))])

        let steps = try await database.replay("window-1")
        #expect(steps.map(\.event.occurredAt) == [nineOClockMilliseconds, nineOClockMilliseconds + 1_000, nineOClockMilliseconds + 2_000])
        #expect(steps.map(\.occurredDate) == [nineOClock, nineOClock.addingTimeInterval(1), nineOClock.addingTimeInterval(2)])
        let sheet = try #require(steps.last?.state.presentation("expense"))
        #expect(sheet.openedDate == nineOClock)
        #expect(sheet.lastEditDate == nineOClock.addingTimeInterval(1))
        #expect(sheet.closedDate == nineOClock.addingTimeInterval(2))

        let draft = try #require(try await database.recoverableDrafts().first)
        #expect(draft.lastEditDate == nineOClock.addingTimeInterval(1))
        let restored = try await database.restoreDraft(draft.reference, into: "window-2", at: nineOClock.addingTimeInterval(3))
        #expect(restored.events.map(\.occurredDate) == [nineOClock.addingTimeInterval(3), nineOClock.addingTimeInterval(3)])
        try await database.record(.edit(field: "amount", value: "48"), in: "window-2", at: nineOClock.addingTimeInterval(4))
        try await database.record(.attemptDismiss(source: .programmatic), in: "window-2", at: nineOClock.addingTimeInterval(5))
        let again = try #require(try await database.recoverableDrafts().first)
        try await database.declineDraft(again.reference, at: nineOClock.addingTimeInterval(6))
        try await database.record(.endSession, in: "window-1", at: nineOClock.addingTimeInterval(7))

        let summary = try #require(try await database.sessions().first { $0.session == "window-1" })
        #expect(summary.startedDate == nineOClock)
        #expect(summary.lastEventDate == nineOClock.addingTimeInterval(7))
        #expect(summary.endedDate == nineOClock.addingTimeInterval(7))
        #expect(try await database.state(of: "window-1").endedDate == nineOClock.addingTimeInterval(7))
        #expect(try await database.audit(AuditQuery(session: "window-1")).map(\.occurredDate) == [nineOClock.addingTimeInterval(2)])
    }

    @Test func aDateBetweenTwoMillisecondsIsRecordedAtTheEarlierOne() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let result = try await database.record(.present(presentation: "p", route: .newExpense), in: "s",
                                               at: nineOClock.addingTimeInterval(0.000_9))
        #expect(result.events.first?.occurredAt == nineOClockMilliseconds)
        #expect(CommandEnvelope(session: "s", command: .endSession, at: nineOClock).occurredAt == nineOClockMilliseconds)
        #expect(CommandEnvelope(session: "s", command: .endSession, occurredAt: nineOClockMilliseconds).occurredDate == nineOClock)
    }
}
