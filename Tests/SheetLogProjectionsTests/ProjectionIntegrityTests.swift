import GRDB
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("projection integrity: rollback, foreign events, caches, rebuild")
struct ProjectionIntegrityTests {
    /// Row counts of the three tables and of the log.
    private func counts(_ harness: SheetHarness) async throws -> [Int] {
        try await harness.store.writer.read { db in
            try ["events", "sessions", "presentations", "dismissals"].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1
            }
        }
    }

    /// A varied workload: stacks, alerts and their answers, forced and abandoned drafts, restores.
    private func workload(_ harness: SheetHarness) async throws {
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense", group: "editor"), required: ["amount"]))
        try await harness.run(.edit(field: "amount", value: 12))
        try await harness.run(.attemptDismiss(source: .swipe))
        try await harness.run(.keepEditing())
        try await harness.run(.present(presentation: "p2", route: Route(name: "picker"), guard: .never))
        try await harness.run(.edit(field: "choice", value: true))
        try await harness.run(.attemptDismiss(source: .swipe))
        try await harness.run(.attemptDismiss(source: .cancelButton))
        try await harness.run(.confirmDiscard())
        try await harness.run(.present(presentation: "q1", route: Route(name: "settings"), baseline: ["theme": "light"]), in: "s2")
        try await harness.run(.edit(field: "theme", value: "dark"), in: "s2")
        try await harness.run(.attemptDismiss(source: .programmatic), in: "s2")
        try await harness.restore(DraftReference(session: "s1", presentation: "p2"), into: "s2", as: "q2")
        try await harness.run(.save(), in: "s2")
        try await harness.run(.declineDraft(from: DraftReference(session: "s2", presentation: "q1")), in: "s2")
        try await harness.run(.endSession, in: "s2")
    }

    @Test("a payload the domain refuses rolls the append back: no event, no row")
    func refusedPayloadRollsBack() async throws {
        let harness = try SheetHarness.inMemory()
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        let before = try await counts(harness)
        let newer = EventData(type: "edit", schemaVersion: 3, payload: #"{"presentation":"p1","field":"amount","value":"val-secret"}"#)
        let error = await #expect(throws: SheetLogError.self) {
            try await harness.store.append([newer], to: "s1", expecting: .exact(1))
        }
        #expect(error?.code == .unsupportedSchemaVersion)
        #expect(error?.context.stream == "s1")
        #expect(error?.message.contains("val-secret") == false)
        let malformed = EventData(type: "edit", payload: #"{"presentation":"p1","value":"val-secret"}"#)
        let second = await #expect(throws: SheetLogError.self) {
            try await harness.store.append([malformed], to: "s1", expecting: .exact(1))
        }
        #expect(second?.code == .undecodableEvent)
        #expect(second?.message.contains("val-secret") == false)
        #expect(try await counts(harness) == before)
        #expect(try await harness.presentation("p1")?["last_position"] == 1)
    }

    @Test("an event of a type the domain does not know is refused, first in its stream or after sheet events: no event, no row")
    func unknownTypesAreRefused() async throws {
        let harness = try SheetHarness.inMemory()
        let first = await #expect(throws: SheetLogError.self) { try await harness.appendForeignEvent(to: "s9") }
        #expect(first?.code == .undecodableEvent)
        #expect(first?.message == "unknown event type analytics.tap at position 1 in stream s9")
        #expect(try await counts(harness) == [0, 0, 0, 0])
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        let before = try await counts(harness)
        let later = await #expect(throws: SheetLogError.self) { try await harness.appendForeignEvent(to: "s1") }
        #expect(later?.code == .undecodableEvent)
        #expect(later?.context.position == 2)
        #expect(later?.context.stream == "s1")
        #expect(later?.context.eventType == "analytics.tap")
        #expect(try await counts(harness) == before)
        try await harness.run(.edit(field: "amount", value: 1))
        #expect(try await harness.store.verifyProjections().isEmpty)
    }

    @Test("an event of an unknown type written around the projection stops its session's appends and the rebuild, not the other sessions")
    func unknownTypeWrittenAroundTheProjection() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let harness = SheetHarness(store: try SQLiteEventStore(path: path, configuration: SheetHarness.configuration()))
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        try await harness.run(.present(presentation: "q1", route: Route(name: "settings")), in: "s2")
        // Other software, with SheetLog's store and no sheet projection.
        let other = try SQLiteEventStore(path: path, configuration: .init(clock: ManualClock()))
        _ = try await other.append([EventData(type: "analytics.tap", payload: "{}")], to: "s1", expecting: .exact(1))
        let before = try await counts(harness)

        let edit = try SheetDecider.decide(.edit(field: "amount", value: 1), state: harness.state("s1"), at: 9_000)
        let next = await #expect(throws: SheetLogError.self) {
            try await harness.store.append(try edit.map { try $0.eventData() }, to: "s1", expecting: .exact(2))
        }
        #expect(next?.message == "unknown event type analytics.tap at position 3 in stream s1")
        #expect(try await counts(harness) == before)
        let rebuild = await #expect(throws: SheetLogError.self) { try await harness.store.rebuildProjections() }
        #expect(rebuild?.message == "unknown event type analytics.tap at position 3 in stream s1")
        #expect(try await counts(harness) == before)
        try await harness.run(.edit(field: "theme", value: "dark"), in: "s2")
    }

    @Test("rebuild equals the inline rows after a varied workload, in any chunk size")
    func rebuildEqualsInline() async throws {
        let harness = try SheetHarness.inMemory()
        try await workload(harness)
        #expect(try await harness.store.verifyProjections().isEmpty)
        let inline = try await harness.rows("SELECT * FROM presentations ORDER BY session, presentation")
        let inlineDismissals = try await harness.rows("SELECT * FROM dismissals ORDER BY position")
        #expect(inlineDismissals.count == 4)
        try await harness.store.rebuildProjections()
        #expect(try await harness.rows("SELECT * FROM presentations ORDER BY session, presentation") == inline)
        #expect(try await harness.rows("SELECT * FROM dismissals ORDER BY position") == inlineDismissals)
    }

    @Test("verify names the table and columns of drifted rows")
    func verifyFindsDrift() async throws {
        let harness = try SheetHarness.inMemory()
        try await workload(harness)
        try await harness.store.writer.write { db in
            try db.execute(sql: "UPDATE dismissals SET resolution = NULL")
        }
        let mismatches = try await harness.store.verifyProjections()
        #expect(mismatches.map(\.table) == ["dismissals"])
        #expect(mismatches.first?.columns.contains("resolution") == true)
        #expect(mismatches.first?.projection == "sheets")
    }

    @Test("two stores on one file take turns on one session and stay correct")
    func twoWritersOnOneFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let first = SheetHarness(store: try SQLiteEventStore(path: path, configuration: SheetHarness.configuration()))
        try await first.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        try await first.run(.edit(field: "amount", value: 1))
        let second = SheetHarness(store: try SQLiteEventStore(path: path, configuration: SheetHarness.configuration()))
        // The second writer decides from the log, then the first appends again with its stale cache.
        let state = try #require(try Replay.state(recorded: try await second.store.readStream("s1")))
        let events = try SheetDecider.decide(.attemptDismiss(source: .swipe), state: state, at: 5_000)
        _ = try await second.store.append(try events.map { try $0.eventData() }, to: "s1", expecting: .exact(2))
        let live = try #require(try Replay.state(recorded: try await first.store.readStream("s1")))
        let answer = try SheetDecider.decide(.confirmDiscard(), state: live, at: 6_000)
        _ = try await first.store.append(try answer.map { try $0.eventData() }, to: "s1", expecting: .exact(3))
        let row = try #require(try await first.presentation("p1"))
        #expect(row["status"] == "discarded")
        #expect(try await first.dismissals().map { $0["resolution"] as String? } == ["discarded"])
        #expect(try await first.store.verifyProjections().isEmpty)
    }

    @Test("one projection instance shared by two databases never mixes their sessions")
    func sharedInstance() async throws {
        let projection = SheetProjection()
        let one = SheetHarness(store: try SQLiteEventStore.inMemory(configuration: SheetHarness.configuration(projection)))
        let two = SheetHarness(store: try SQLiteEventStore.inMemory(configuration: SheetHarness.configuration(projection)))
        try await one.run(.present(presentation: "p1", route: Route(name: "newExpense")))
        try await two.run(.present(presentation: "p1", route: Route(name: "settings")))
        try await one.run(.edit(field: "amount", value: 1))
        try await two.run(.edit(field: "theme", value: "dark"))
        #expect(try await one.presentation("p1")?["route_name"] == "newExpense")
        #expect(try await two.presentation("p1")?["draft_values"] == #"{"theme":"dark"}"#)
        #expect(try await one.store.verifyProjections().isEmpty)
        #expect(try await two.store.verifyProjections().isEmpty)
    }

    @Test("the session cache stays bounded, and evicted sessions are folded from the log")
    func boundedCache() async throws {
        let projection = SheetProjection(cacheCapacity: 4)
        let harness = SheetHarness(store: try SQLiteEventStore.inMemory(configuration: SheetHarness.configuration(projection)))
        let sessions = (1...10).map { "s\($0)" }
        for session in sessions {
            try await harness.run(.present(presentation: "p", route: Route(name: "newExpense")), in: session)
        }
        #expect(projection.cachedSessionCount <= 4)
        for session in sessions {
            try await harness.run(.edit(field: "amount", value: 2), in: session)
        }
        #expect(projection.cachedSessionCount <= 4)
        #expect(try await harness.rows("SELECT * FROM presentations WHERE dirty = 1").count == 10)
        #expect(try await harness.store.verifyProjections().isEmpty)
    }
}
