import Foundation
import GRDB
import SheetLogDomain
import SheetLogSQLite
import Testing

/// The sheet read models of a store given events as bytes: written in the append's transaction,
/// all or nothing, compared and rebuilt from the log.
@Suite("The sheet read models of the event store")
struct ProjectionTests {
    /// Events the domain decides: a `present` of p1 and two edits, under fixed ids.
    static func sheetEvents() throws -> [EventData] {
        var state = SessionState(sessionID: "s1")
        var events: [EventData] = []
        let commands: [SheetCommand] = [
            .present(presentation: "p1", route: Route(name: "newExpense")),
            .edit(field: "amount", value: .string("47.50"), presentation: "p1"),
            .edit(field: "note", value: .string("taxi"), presentation: "p1"),
        ]
        for (index, command) in commands.enumerated() {
            for decided in try SheetDecider.decide(command, state: state, at: 1_000 + Int64(index)) {
                state.apply(decided)
                events.append(try decided.eventData(eventID: "e\(events.count + 1)"))
            }
        }
        return events
    }

    private func rows(_ store: SQLiteEventStore, _ sql: String) async throws -> [String] {
        try await store.writer.read { db in try Row.fetchAll(db, sql: sql).map(\.description) }
    }

    @Test("rows appear with the append, and a retried append writes none again")
    func rowsComeWithTheAppend() async throws {
        let store = try memoryStore(sheets: true)
        let events = try Self.sheetEvents()
        _ = try await store.append(events, to: "s1", expecting: .noStream)
        let written = try await rows(store, "SELECT presentation, status, draft_values FROM presentations")
        #expect(written == [#"[presentation:"p1" status:"open" draft_values:"{\"amount\":\"47.50\",\"note\":\"taxi\"}"]"#])
        let retried = try await store.append(events, to: "s1", expecting: .noStream)
        #expect(retried.alreadyStored)
        #expect(try await rows(store, "SELECT presentation, status, draft_values FROM presentations") == written)
        #expect(try await rows(store, "SELECT version FROM sessions") == ["[version:3]"])
    }

    @Test("an event the read models refuse rolls the append back, and its values stay out of the message")
    func aRefusedEventRollsBack() async throws {
        let store = try memoryStore(sheets: true)
        let events = try Self.sheetEvents()
        _ = try await store.append([events[0]], to: "s1", expecting: .noStream)
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([events[1], event("e9", type: "futureType", value: "secret")], to: "s1", expecting: .exact(1))
        }
        #expect(error?.code == .undecodableEvent)
        #expect(error?.message.contains("futureType") == true)
        #expect(error?.message.contains("secret") == false)
        #expect(try await store.lastPosition() == 1)
        #expect(try await store.events(withIDs: ["e2", "e9"]).isEmpty)
        #expect(try await rows(store, "SELECT draft_values FROM presentations") == [#"[draft_values:"{}"]"#])
    }

    @Test("rebuild recreates the rows from the log; verify reports a drifted table and changes nothing")
    func rebuildAndVerify() async throws {
        let store = try memoryStore(sheets: true)
        _ = try await store.append(try Self.sheetEvents(), to: "s1", expecting: .noStream)
        #expect(try await store.verifyProjections().isEmpty)
        let written = try await rows(store, "SELECT * FROM presentations")

        try await store.writer.write { db in
            try db.execute(sql: "UPDATE presentations SET status = 'abandoned'")
        }
        let mismatches = try await store.verifyProjections()
        #expect(mismatches.map(\.table) == ["presentations"])
        #expect(mismatches.first?.columns == ["status"])
        #expect(try await rows(store, "SELECT status FROM presentations") == [#"[status:"abandoned"]"#], "verify rolled its rebuild back")

        try await store.writer.write { db in try db.execute(sql: "DELETE FROM sessions") }
        #expect(try await store.verifyProjections().map(\.table) == ["sessions", "presentations"])

        try await store.rebuildProjections()
        #expect(try await rows(store, "SELECT * FROM presentations") == written)
        #expect(try await store.verifyProjections().isEmpty)
    }

    @Test("a bare log keeps no read models: verify compares nothing and rebuild writes nothing")
    func aBareLog() async throws {
        let store = try memoryStore()
        _ = try await store.append(try Self.sheetEvents(), to: "s1", expecting: .noStream)
        #expect(try await rows(store, "SELECT * FROM presentations").isEmpty)
        #expect(try await store.verifyProjections().isEmpty)
        try await store.rebuildProjections()
        #expect(try await rows(store, "SELECT * FROM presentations").isEmpty)
    }

    @Test("a failing COMMIT is reported as commitOutcomeUnknown, and the store stays usable")
    func commitFailureIsOutcomeUnknown() async throws {
        let store = try memoryStore()
        // A deferred foreign key that an event of type "orphan" breaks: checked only at COMMIT.
        try await store.writer.write { db in
            try db.execute(sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE orphans (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED);
                CREATE TRIGGER orphan_on_insert AFTER INSERT ON events WHEN NEW.type = 'orphan'
                BEGIN INSERT INTO orphans (parent) VALUES (42); END;
                """)
        }
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1", type: "orphan")], to: "s1", expecting: .noStream)
        }
        #expect(error?.code == .commitOutcomeUnknown)
        #expect(error?.context.eventID == "e1")
        #expect(error?.context.sqliteCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error?.message.contains("look the event ids up") == true)
        #expect(try await store.events(withIDs: ["e1"]).isEmpty)
        let next = try await store.append([event("e2")], to: "s1", expecting: .noStream)
        #expect(next.positions == [1])
    }
}
