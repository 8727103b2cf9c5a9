import Foundation
import PostgresNIO
import SheetLogBackendConformance
import SheetLogCore
import SheetLogDomain
import SheetLogPostgres
import SheetLogStorage
import Testing

/// What the backend conformance suite does not reach on PostgreSQL: an insert that meets a stored id
/// (a conflict, the transaction aborted), verify's checks finding what psql changed, and the folded
/// sessions' cache staying bounded.
@Suite struct PostgresBackendTests {
    /// A collector appends for many sessions of a device: the sessions folded between appends are
    /// kept up to a bound (it kept every one), and a session that left the cache is folded again.
    @Test(.timeLimit(.minutes(8)))
    func theFoldedSessionsAreBounded() async throws {
        let url = try await TestFleet.migratedURL()
        let backend = try await PostgresBackend.open(url: url, device: TestFleet.device("folded"))
        defer { try? backend.close() }
        var script = SheetScript()
        let sessions = (0..<300).map { "s\($0)" }
        let presents = try sessions.map { try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: $0) }
        _ = try await backend.append { _ in DecidedAppend(batches: presents, plan: ()) }
        #expect(backend.store.foldedSessions.count <= backend.store.foldedSessions.capacity)
        #expect(backend.store.foldedSessions.count > 0)
        // s0 was folded first, so it was evicted first: its next append folds it again from its events.
        let edit = try script.batch(.edit(field: "amount", value: "5"), in: "s0")
        _ = try await backend.append { _ in DecidedAppend(batches: [edit], plan: ()) }
        let summaries = try await backend.sessions()
        #expect(summaries.count == 300)
        #expect(summaries.first { $0.session == "s0" }?.version == 2)
        let drafts = try await backend.recoverableDrafts()
        #expect(drafts.map(\.session) == ["s0"] && drafts.first?.values == ["amount": "5"], "\(drafts)")
    }

    @Test(.timeLimit(.minutes(8)))
    func anInsertThatMeetsAStoredIDIsDecidedAgainWithIDsLookedUp() async throws {
        let url = try await TestFleet.migratedURL()
        let backend = try await PostgresBackend.open(url: url, device: TestFleet.device("ids"))
        defer { try? backend.close() }
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        _ = try await backend.append { _ in DecidedAppend(batches: [present], plan: ()) }
        // Another stream, whose expectation holds, reusing the stored id, in a decision that says it
        // looked its ids up: only the insert finds it, and the transaction is aborted there.
        var elsewhere = SheetScript()
        var reused = try elsewhere.batch(.present(presentation: "q", route: Route(name: "note")), in: "t")
        reused.events[0].eventID = present.events[0].eventID
        var passes = 0
        let refused = await #expect(throws: SheetLogError.self) {
            _ = try await backend.append { _ in
                passes += 1
                return DecidedAppend(batches: [reused], plan: (), idsLookedUp: true)
            }
        }
        #expect(refused?.code == .idempotencyConflict)
        #expect(passes == 1)
        #expect(try await backend.readAll().map(\.stream) == ["s"])
        #expect(try await backend.sessions().map(\.session) == ["s"])
        // The pool's connection came back out of the aborted transaction: appends go on.
        let next = try await backend.append { _ in DecidedAppend(batches: [try script.batch(.edit(field: "amount", value: "5"), in: "s")], plan: ()) }
        #expect(next.result.events.map(\.position) == [2])
        #expect(next.mark.position == 2)
    }

    @Test(.timeLimit(.minutes(8)))
    func verifyFindsWhatPsqlChanged() async throws {
        let url = try await TestFleet.migratedURL()
        let device = TestFleet.device("verify")
        let backend = try await PostgresBackend.open(url: url, device: device)
        defer { try? backend.close() }
        var script = SheetScript()
        for batch in [
            try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s"),
            try script.batch(.edit(field: "amount", value: "5"), in: "s"),
            try script.batch(.present(presentation: "q", route: Route(name: "note")), in: "t"),
        ] {
            _ = try await backend.append { _ in DecidedAppend(batches: [batch], plan: ()) }
        }
        #expect(try await backend.verifyProjections() == [])

        try await psql(url, "UPDATE sessions SET version = 9 WHERE device = '\(device)' AND session = 's'")
        let mismatches = try await backend.verifyProjections()
        #expect(mismatches.map(\.table) == ["sessions"])
        #expect(mismatches.first?.columns == ["version"])
        #expect(mismatches.first?.row == 1 && mismatches.first?.storedRowCount == 2 && mismatches.first?.rebuiltRowCount == 2)
        // Verify changed nothing: the edited row is still there, no temporary table is left.
        #expect(try await backend.sessions().map(\.version) == [9, 1])
        #expect(try await backend.verifyProjections().count == 1)

        #expect(try await backend.appendOnlyCheck().passed)
        try await psql(url, "ALTER TABLE events DISABLE TRIGGER events_refuse_update")
        let disabled = try await backend.appendOnlyCheck()
        #expect(!disabled.passed && disabled.detail.contains("events_refuse_update"))
        try await psql(url, "ALTER TABLE events ENABLE TRIGGER events_refuse_update")
        try await psql(url, "CREATE TRIGGER sneaky BEFORE INSERT ON command_receipts FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change()")
        let extra = try await backend.appendOnlyCheck()
        #expect(!extra.passed && extra.detail.contains("sneaky"))

        #expect(try await backend.logShape().positions.passed)
        try await psql(url, "DELETE FROM events WHERE device = '\(device)' AND position = 1", replica: true)
        let shape = try await backend.logShape()
        #expect(!shape.positions.passed && shape.positions.detail == "position 1 is missing (2 events, last position 3)")
        #expect(!shape.versions.passed && shape.versions.detail == "session s starts with version 2 at position 2, not 1")
        #expect(try await backend.integrityCheck().passed)
    }

    /// Runs `sql` as someone with psql would, with the append-only triggers off for it when `replica`.
    private func psql(_ url: String, _ sql: String, replica: Bool = false) async throws {
        try await TestFleet.withConnection(url) { connection in
            try await connection.query("BEGIN", logger: TestFleet.logger)
            if replica { try await connection.query("SET LOCAL session_replication_role = replica", logger: TestFleet.logger) }
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestFleet.logger)
            try await connection.query("COMMIT", logger: TestFleet.logger)
        }
    }
}
