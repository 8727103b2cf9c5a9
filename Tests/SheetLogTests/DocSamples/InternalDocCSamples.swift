import Foundation
@testable import SheetLog
import SheetLogStorage
import Testing

/// The examples of DocC comments on the facade's internal types, compiled and run.
@Suite struct InternalDocCSamples {
    @Test func epochMilliseconds() {
        // doc-sample: Sources/SheetLogStorage/EpochMilliseconds.swift
        assert(EpochMilliseconds.date(1_767_225_600_250) == Date(timeIntervalSince1970: 1_767_225_600.25))
        assert(EpochMilliseconds.ceiling(Date(timeIntervalSince1970: 1_767_225_600.2504)) == 1_767_225_600_251)
        // end doc-sample
        #expect(EpochMilliseconds.ceiling(Date(timeIntervalSince1970: 1_767_225_600.2504)) == 1_767_225_600_251)
    }

    @Test func appendTransaction() async throws {
        let backend = try SheetLogDatabase.inMemory().backend
        /// The next event of a session whose events so far are `events`: a sheet presented.
        func next(_ events: [RecordedEvent]) -> [EventData] {
            let present = SheetCommand.present(presentation: "p\(events.count + 1)", route: Route(name: "note"))
            let decided = try! SheetDecider.decide(present, state: SessionState(sessionID: "session-1"), at: 1_000)
            return decided.map { try! SheetEventCodec.encode($0) }
        }

        // doc-sample: Sources/SheetLogStorage/AppendTransaction.swift
        let outcome = try await backend.append { transaction in
            let events = try transaction.readStream("session-1", after: 0)
            return DecidedAppend(batches: [StreamBatch(stream: "session-1", events: next(events),
                                                       expected: .exact(Int64(events.count)))], plan: ())
        }
        // end doc-sample
        #expect(outcome.result.events.map(\.version) == [1])
    }

    @Test func metadataTexts() {
        // doc-sample: Sources/SheetLog/Recording/MetadataTexts.swift
        let texts = MetadataTexts(base: ["appVersion": "2.3.1"])
        assert(texts.json(command: "edit") == #"{"appVersion":"2.3.1","command":"edit"}"#)
        // end doc-sample
        #expect(texts.json(command: "edit") == #"{"appVersion":"2.3.1","command":"edit"}"#)
    }
}
