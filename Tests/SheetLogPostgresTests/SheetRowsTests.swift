import Foundation
import GRDB
import Logging
import PostgresNIO
import SheetLogDomain
import SheetLogPostgres
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The fleet's read models hold, for a device, exactly the rows its SQLite log holds: the same
/// events appended to both stores leave the same `sessions`, `presentations` and `dismissals`
/// (compared as text, flags as 0/1), and the same views.
@Suite struct SheetRowsTests {
    static let sessions = ["a", "b", "c"]

    @Test(arguments: [7, 1_234, 99_001])
    func aRandomWorkloadLeavesTheSameRowsAsOnTheDevice(seed: Int) async throws {
        let clock = ManualClock()
        clock.set(milliseconds: 1_767_225_600_000)
        let sqlite = try SQLiteEventStore.inMemory(configuration: .init(
            clock: clock, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }).keepingSheets())
        let device = TestFleet.device("rows")
        // A database of its own, with a bystander device holding the same log, whose rows rebuild must leave alone.
        let url = try await TestFleet.migratedURL()
        let fleet = try await PostgresEventStore.open(url: url, device: device, clock: clock)
        let bystander = try await PostgresEventStore.open(url: url, device: "bystander", clock: clock)
        defer {
            fleet.close()
            bystander.close()
        }

        var chooser = CommandChooser(seed)
        var states: [String: SessionState] = [:]
        var now: Int64 = 1_767_225_600_000
        var appended = 0
        for step in 0..<300 {
            now += 1_000
            let session = chooser.pick(Self.sessions)
            let state = states[session] ?? SessionState(sessionID: session)
            let drafts = Self.sessions.flatMap { (states[$0] ?? SessionState(sessionID: $0)).recoverableDrafts.map(\.reference) }
            var decided: [String: [SheetEvent]] = [:]
            if let draft = drafts.first(where: { $0.session != session }), chooser.chance(8) {
                guard let (old, new) = try? SheetDecider.decideRestore(
                    from: draft, old: states[draft.session] ?? SessionState(sessionID: draft.session), new: state,
                    newPresentation: "p\(step)", at: now)
                else { continue }
                decided = [draft.session: old, session: new]
            } else {
                let command = chooser.command(for: state, freshID: "p\(step)", drafts: state.recoverableDrafts.map(\.reference))
                guard let events = try? SheetDecider.decide(command, state: state, at: now) else { continue }
                decided = [session: events]
            }
            let batches = try decided.keys.sorted().filter { !decided[$0]!.isEmpty }.map { stream in
                StreamBatch(stream: stream, events: try decided[stream]!.map { try $0.eventData() }, expected: .any)
            }
            guard !batches.isEmpty else { continue }
            _ = try await sqlite.append(batches)
            _ = try await fleet.append(batches)
            _ = try await bystander.append(batches)
            for (stream, events) in decided { states[stream] = SheetDecider.fold(events, into: states[stream] ?? SessionState(sessionID: stream)) }
            appended += batches.reduce(0) { $0 + $1.events.count }
        }
        #expect(appended > 50, "the workload appended events")
        try await expectSameRows(sqlite, device: device, url: url)

        // Rebuild writes the same rows again from the log, also over damaged ones, and leaves other
        // devices' rows alone.
        let others = try await otherDevicesRows(url, device: device)
        try await TestFleet.withConnection(url) { connection in
            try await connection.query("DELETE FROM dismissals WHERE device = \(device)", logger: TestFleet.logger)
            try await connection.query("UPDATE sessions SET stack = '[]', version = 0 WHERE device = \(device)", logger: TestFleet.logger)
            try await connection.query("DELETE FROM presentations WHERE device = \(device) AND status = 'open'", logger: TestFleet.logger)
        }
        try await fleet.rebuildSheetProjections()
        try await expectSameRows(sqlite, device: device, url: url)
        #expect(try await otherDevicesRows(url, device: device) == others)
    }

    /// How many rows the read models hold for every device but `device`.
    private func otherDevicesRows(_ url: String, device: String) async throws -> [Int64] {
        try await TestFleet.withConnection(url) { connection in
            var counts: [Int64] = []
            for table in ["sessions", "presentations", "dismissals"] {
                var binds = PostgresBindings()
                binds.append(device)
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table) WHERE device <> $1", binds: binds), logger: TestFleet.logger)
                for try await (count) in rows.decode(Int64.self) { counts.append(count) }
            }
            return counts
        }
    }

    /// The fleet's read models and views for `device` hold exactly the rows of the SQLite store's.
    private func expectSameRows(_ sqlite: SQLiteEventStore, device: String, url: String) async throws {
        for (table, columns, key) in Self.tables {
            let onDevice = try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT \(columns.map { "CAST(\($0) AS TEXT)" }.joined(separator: ", ")) FROM \(table) ORDER BY \(key)")
                    .map { row in columns.indices.map { row[$0] as String? } }
            }
            let inFleet = try await TestFleet.withConnection(url) { connection in
                let select = columns.map { Self.booleans.contains($0) ? "(\($0)::int)::text" : "\($0)::text" }.joined(separator: ", ")
                var rows: [[String?]] = []
                let query = PostgresQuery(
                    unsafeSQL: "SELECT \(select) FROM \(table) WHERE device = $1 ORDER BY \(qualified(key, table))",
                    binds: { var binds = PostgresBindings(); binds.append(device); return binds }())
                for try await row in try await connection.query(query, logger: TestFleet.logger) {
                    rows.append(try row.makeRandomAccess().map { cell in try cell.decode(String?.self) })
                }
                return rows
            }
            #expect(!onDevice.isEmpty || table == "recoverable_drafts", "\(table) has rows")
            #expect(inFleet == onDevice, "\(table)")
        }
    }

    /// `key`'s columns named with their table: PostgreSQL would otherwise order by the selected text.
    private func qualified(_ key: String, _ table: String) -> String {
        key.split(separator: ", ").map { "\(table).\($0)" }.joined(separator: ", ")
    }

    static let booleans: Set<String> = ["dirty", "confirmation", "offers_save", "pending_offers_save"]

    /// Every column of the read models and views, in a stable order.
    static let tables: [(String, [String], String)] = [
        ("sessions", ["session", "version", "status", "stack", "started_at", "last_event_at", "ended_at", "first_position", "last_position"],
         "session"),
        ("presentations", [
            "session", "presentation", "route_name", "route_group", "route_params", "guard", "required_fields", "baseline",
            "draft_values", "dirty", "changed_fields", "status", "stack_index", "pending_source", "pending_offers_save",
            "restored_from_session", "restored_from_presentation", "opened_at", "closed_at", "last_edit_at", "last_save_failure_at",
            "opened_position", "last_position",
        ], "session, presentation"),
        ("dismissals", [
            "position", "session", "presentation", "route_name", "route_group", "source", "outcome", "dirty", "changed_fields",
            "confirmation", "offers_save", "occurred_at", "resolution", "resolved_at", "resolved_position",
        ], "position"),
        ("recoverable_drafts", [
            "session", "presentation", "route_name", "route_group", "route_params", "baseline", "draft_values", "changed_fields",
            "reason", "last_edit_at", "opened_at", "closed_at", "last_position",
        ], "session, presentation"),
        ("audit_dismissals", [
            "position", "session", "presentation", "route", "route_group", "source", "outcome", "dirty", "changed_fields",
            "confirmation", "offers_save", "resolution", "occurred_at", "at", "resolved_at",
        ], "position"),
    ]
}
