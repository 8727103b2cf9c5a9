import Foundation
import SheetLog
import SheetLogStorage
import SheetLogTestSupport
import Testing

/// The examples of the DocC comments on the list of erasures, compiled and run.
@Suite struct ErasureSamples {
    @Test func listingTheErasures() async throws {
        let directory = try TemporaryDirectory("erasure-samples")
        let (database, _) = try await ErasureListTests.erasedLog(at: directory.path("log.sqlite"), key: MasterKey.generate(), clock: ManualClock())

        // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+Erasures.swift
        for erasure in try await database.erasures() {
            print(erasure.subject, erasure.requestedBy, erasure.closedSessions)
        }
        // end doc-sample

        // doc-sample: Sources/SheetLogStorage/ErasureRecord.swift
        for erasure in try await database.erasures() {
            print(erasure.subject, erasure.requestedBy, erasure.erasedAt, erasure.sessions, erasure.closedSessions)
        }
        // end doc-sample
        #expect(try await database.erasures().map(\.subject) == ["gone"])
    }

    @Test func theClosingRule() {
        // doc-sample: Sources/SheetLogStorage/ErasureClosing.swift
        var closing = ErasureClosing(sessionsOfSubject: ["s1", "s2"], erasedAt: 9_000)
        _ = closing.take(stream: "s1", type: "endSession", occurredAt: 9_000)       // right before the erasure
        _ = closing.take(stream: "s1", type: "attemptDismiss", occurredAt: 9_000)
        _ = closing.take(stream: "s3", type: "edit", occurredAt: 8_000)             // the run ends here
        print(closing.closedSessions)   // ["s1"]
        // end doc-sample
        #expect(closing.closedSessions == ["s1"])
        let afterEnd = closing.take(stream: "s2", type: "endSession", occurredAt: 9_000)
        #expect(!afterEnd, "once ended, the run stays ended")
        var other = ErasureClosing(sessionsOfSubject: ["s1", "s2"], erasedAt: 9_000)
        let otherMillisecond = other.take(stream: "s1", type: "endSession", occurredAt: 8_999)
        #expect(!otherMillisecond, "another millisecond is not the erasure's")
        var typed = ErasureClosing(sessionsOfSubject: ["s1", "s2"], erasedAt: 9_000)
        let taken = [
            typed.take(stream: "s2", type: "endSession", occurredAt: 9_000), typed.take(stream: "s1", type: "keepEditing", occurredAt: 9_000),
            typed.take(stream: "s1", type: "edit", occurredAt: 9_000),
        ]
        #expect(taken == [true, true, false], "an edit is never a closing event")
        #expect(typed.closedSessions == ["s1", "s2"], "in log order")
    }
}
