import Foundation
import GRDB
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing
import SheetLogTestSupport

/// Appends skip re-reading the log only while nothing but the store's own appends changed it.
@Suite("log epochs: cached tails and sessions are trusted only while the store alone wrote")
struct LogEpochTests {
    @Test("an event rewritten through the store's own connection is seen by the next append's fold",
          arguments: SheetHarness.StoreKind.allCases)
    func ownConnectionRewriteIsSeen(kind: SheetHarness.StoreKind) async throws {
        let harness = try SheetHarness.make(kind)
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        // Behind SheetLog's back, on the very connection it appends with (so PRAGMA data_version
        // does not move): the form was presented with amount 3, chain recomputed.
        try await harness.store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM events WHERE position = 1"))
            let original: String = row["payload"]
            let payload = original.replacingOccurrences(of: #""baseline":{}"#, with: #""baseline":{"amount":3}"#)
            try #require(payload != original)
            let chain = IntegrityChain.linkV2(
                previous: IntegrityChain.genesis, position: 1, eventID: row["event_id"], stream: "s1", version: 1,
                type: row["type"], schemaVersion: row["schema_version"], payload: payload, metadata: row["metadata"],
                occurredAt: row["occurred_at"], recordedAt: row["recorded_at"])
            try db.execute(sql: "UPDATE events SET payload = ?, chain = ? WHERE position = 1", arguments: [payload, Data(chain)])
        }
        // Typing the presented value back: clean against the log's baseline, dirty against the cached one.
        let state = try #require(try Replay.state(recorded: try await harness.store.readStream("s1")))
        let edit = try SheetDecider.decide(.edit(field: "amount", value: 3), state: state, at: 9_000)
        #expect(edit.isEmpty, "the decider sees the rewritten baseline: typing 3 changes nothing")
        let typed = try SheetDecider.decide(.edit(field: "amount", value: 4), state: state, at: 9_000)
        _ = try await harness.store.append(try typed.map { try $0.eventData() }, to: "s1", expecting: .exact(1))
        let row = try #require(try await harness.presentation("p1"))
        #expect(row["changed_fields"] == #"["amount"]"#)
        #expect(row["draft_values"] == #"{"amount":4}"#)
        // Only a fold that read the rewritten present knows the draft started from 3.
        let back = try SheetDecider.decide(.edit(field: "amount", value: 3), state: try #require(
            try Replay.state(recorded: try await harness.store.readStream("s1"))), at: 10_000)
        _ = try await harness.store.append(try back.map { try $0.eventData() }, to: "s1", expecting: .exact(2))
        let clean = try #require(try await harness.presentation("p1"))
        #expect(clean["dirty"] == false)
        #expect(clean["changed_fields"] == "[]")
    }

    @Test("a row inserted into events through the store's own connection moves the next append's position and version")
    func ownConnectionInsertMovesTheTail() async throws {
        let store = try SQLiteEventStore.inMemory()
        let first = try await store.append([EventData(eventID: "e1", type: "note", payload: "{}")], to: "s1", expecting: .noStream)
        try await store.writer.write { db in
            let chain = IntegrityChain.linkV2(
                previous: first.events[0].chain, position: 2, eventID: "raw", stream: "s1", version: 2, type: "note",
                schemaVersion: 1, payload: "{}", metadata: nil, occurredAt: nil, recordedAt: 0)
            try db.execute(sql: """
                INSERT INTO events (position, event_id, stream, version, type, schema_version, payload, recorded_at, chain, chain_version)
                VALUES (2, 'raw', 's1', 2, 'note', 1, '{}', 0, ?, 2)
                """, arguments: [Data(chain)])
        }
        let next = try await store.append([EventData(eventID: "e3", type: "note", payload: "{}")], to: "s1", expecting: .exact(2))
        #expect(next.events.map(\.position) == [3])
        #expect(next.events.map(\.version) == [3])
        #expect(try await store.verifyChain().isIntact)
    }

    @Test("another store's append in between is seen by both the log tail and the projection")
    func otherConnectionIsSeen() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let one = SheetHarness(store: try SQLiteEventStore(path: path, configuration: SheetHarness.configuration()))
        let two = try SQLiteEventStore(path: path, configuration: SheetHarness.configuration())
        try await one.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        try await one.run(.edit(field: "amount", value: 1))
        // The other store edits the same draft; the first one's next append must fold that edit.
        let state = try #require(try Replay.state(recorded: try await two.readStream("s1")))
        let edit = try SheetDecider.decide(.edit(field: "note", value: "from two"), state: state, at: 9_000)
        _ = try await two.append(try edit.map { try $0.eventData() }, to: "s1", expecting: .exact(2))
        let live = try #require(try Replay.state(recorded: try await one.store.readStream("s1")))
        let more = try SheetDecider.decide(.edit(field: "amount", value: 2), state: live, at: 10_000)
        let appended = try await one.store.append(try more.map { try $0.eventData() }, to: "s1", expecting: .exact(3))
        #expect(appended.events.map(\.position) == [4])
        let row = try #require(try await one.presentation("p1"))
        #expect(row["draft_values"] == #"{"amount":2,"note":"from two"}"#)
        #expect(try await one.store.verifyProjections().isEmpty)
        #expect(try await one.store.verifyChain().isIntact)
    }
}
