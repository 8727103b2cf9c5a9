import GRDB
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing

/// Rebuild decodes chunks of the log on a second thread and encodes rows there too: over a log of
/// many chunks it must write the inline rows, and stop at the first refused payload in log order.
@Suite("rebuild over many decoding chunks")
struct RebuildPipelineTests {
    /// Six sessions interleaved, each with sheets, edits, alerts and their answers: about 2,000
    /// events, several decoding chunks.
    private func longLog(_ harness: SheetHarness) async throws {
        let sessions = (1...6).map { "s\($0)" }
        for round in 0..<40 {
            var decided: [String: [SheetEvent]] = [:]
            for (index, session) in sessions.enumerated() {
                let id = "p\(round)"
                var state = harness.state(session)
                var events = try SheetDecider.decide(
                    .present(presentation: id, route: Route(name: "newExpense", params: ["round": "\(round)"]),
                             baseline: ["note": .string("café \"\(round)\"")], required: ["amount"]),
                    state: state, at: 1_000 * Int64(round))
                state = SheetDecider.fold(events, into: state)
                for edit in 0..<(4 + index) {
                    let more = try SheetDecider.decide(
                        .edit(field: edit % 2 == 0 ? "amount" : "note", value: edit % 3 == 0 ? FieldValue.number(Double(edit) / 4) : .string("v\(edit)\n")),
                        state: state, at: 1_000 * Int64(round) + Int64(edit))
                    state = SheetDecider.fold(more, into: state)
                    events += more
                }
                let finish: [SheetCommand] = switch (round + index) % 3 {
                case 0: [.attemptDismiss(source: .swipe), .keepEditing(), .save()]
                case 1: [.attemptDismiss(source: .cancelButton), .confirmDiscard()]
                default: [.attemptDismiss(source: .programmatic)]
                }
                for command in finish {
                    let more = try SheetDecider.decide(command, state: state, at: 1_000 * Int64(round) + 500)
                    state = SheetDecider.fold(more, into: state)
                    events += more
                }
                decided[session] = events
            }
            _ = try await harness.append(decided)
        }
    }

    @Test("the rows equal the inline ones")
    func rebuildEqualsInline() async throws {
        let harness = try SheetHarness.make(.file)
        try await longLog(harness)
        let count = try #require(try await harness.rows("SELECT count(*) FROM events").first?[0] as Int?)
        #expect(count > 3 * 512)
        #expect(try await harness.store.verifyProjections() == [])
        try await harness.store.rebuildProjections()
        #expect(try await harness.store.verifyProjections() == [])
    }

    @Test("the first refused event in log order is the error, whichever chunk holds it")
    func firstRefusedPayloadWins() async throws {
        let harness = try SheetHarness.make(.file)
        try await longLog(harness)
        let edits = try await harness.rows("SELECT position FROM events WHERE type = 'edit' ORDER BY position")
            .map { $0[0] as Int64 }
        let (unknown, first, later) = (edits[400], edits[700], edits[1_300])
        try await harness.store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: #"UPDATE events SET payload = '{"presentation":"p1","value":"val-secret"}' WHERE position = ?"#,
                           arguments: [later])
            try db.execute(sql: "UPDATE events SET schema_version = 3 WHERE position = ?", arguments: [first])
            try db.execute(sql: "UPDATE events SET type = 'analytics.tap' WHERE position = ?", arguments: [unknown])
        }
        let before = try await harness.rows("SELECT * FROM presentations ORDER BY session, presentation").map { Array($0.databaseValues) }
        let foreign = await #expect(throws: SheetLogError.self) { try await harness.store.rebuildProjections() }
        #expect(foreign?.code == .undecodableEvent)
        #expect(foreign?.context.position == unknown)
        #expect(foreign?.context.eventType == "analytics.tap")
        #expect(foreign?.message.hasPrefix("unknown event type analytics.tap at position \(unknown) in stream s") == true)

        try await harness.store.writer.write { db in
            try db.execute(sql: "UPDATE events SET type = 'edit' WHERE position = ?", arguments: [unknown])
        }
        let error = await #expect(throws: SheetLogError.self) { try await harness.store.rebuildProjections() }
        #expect(error?.code == .unsupportedSchemaVersion)
        #expect(error?.context.position == first)
        #expect(try await harness.rows("SELECT * FROM presentations ORDER BY session, presentation").map { Array($0.databaseValues) } == before)

        try await harness.store.writer.write { db in
            try db.execute(sql: "UPDATE events SET schema_version = 1 WHERE position = ?", arguments: [first])
        }
        let second = await #expect(throws: SheetLogError.self) { try await harness.store.rebuildProjections() }
        #expect(second?.code == .undecodableEvent)
        #expect(second?.context.position == later)
        #expect(second?.message.contains("val-secret") == false)
    }
}
