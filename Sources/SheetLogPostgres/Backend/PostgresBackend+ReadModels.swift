import PostgresNIO
import SheetLogDomain
import SheetLogStorage

extension PostgresBackend {
    /// The device's `sessions` rows, in the order of each session's first event.
    package func sessions() async throws -> [SessionSummary] {
        try await store.reading("sessions") { client in
            let rows = try await client.query("""
                SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE device = \(device) ORDER BY first_position
                """, logger: store.logger)
            return try await Self.sessionSummaries(rows).map(\.summary)
        }
    }

    /// The columns of `sessions` that ``sessionSummaries(_:)`` reads, `device` first.
    static let sessionColumns = "device, session, version, status, stack, started_at, last_event_at, ended_at, first_position, last_position"

    /// The rows of a SELECT of ``sessionColumns``, each with its device.
    static func sessionSummaries(_ rows: PostgresRowSequence) async throws -> [(device: String, summary: SessionSummary)] {
        var sessions: [(device: String, summary: SessionSummary)] = []
        for try await row in rows.decode((String, String, Int64, String, String, Int64?, Int64?, Int64?, Int64, Int64).self) {
            sessions.append((row.0, SessionSummary(
                session: row.1, version: row.2, status: SessionSummary.Status(rawValue: row.3) ?? .active,
                stack: try ProjectionColumn.strings(row.4, table: "sessions", column: "stack", row: "session \(row.1) of device \(row.0)"),
                startedAt: row.5, lastEventAt: row.6, endedAt: row.7, firstPosition: row.8, lastPosition: row.9)))
        }
        return sessions
    }

    /// The device's `presentations` route names, by session, in the order of the `present` events.
    package func presentedRoutes() async throws -> [String: [String]] {
        try await store.reading("presentedRoutes") { client in
            let rows = try await client.query(
                "SELECT session, route_name FROM presentations WHERE device = \(device) ORDER BY opened_position", logger: store.logger)
            var routes: [String: [String]] = [:]
            for try await (session, route) in rows.decode((String, String).self) { routes[session, default: []].append(route) }
            return routes
        }
    }

    /// The device's rows of the `recoverable_drafts` view (which leaves out the drafts of an erased
    /// subject, as the device does), the most recently touched last (ties by session and presentation in byte order, as SQLite
    /// compares text).
    ///
    /// The fleet holds no subject's key, so a sealed session's rows hold every value as the withheld
    /// stand-in (`[sealed]`): they read as ``FieldValue/withheld``, whatever text they hold, and a plain
    /// device's typed `[sealed]` stays a string.
    package func recoverableDrafts() async throws -> [RecoverableDraft] {
        try await store.reading("recoverableDrafts") { client in
            let rows = try await client.query("""
                SELECT d.session, d.presentation, d.route_name, d.route_group, d.route_params, d.baseline, d.draft_values,
                       d.changed_fields, d.reason, d.last_edit_at,
                       EXISTS (SELECT 1 FROM session_subjects s WHERE s.device = d.device AND s.session = d.session) AS sealed
                FROM recoverable_drafts d WHERE d.device = \(device)
                ORDER BY d.last_position, d.session COLLATE "C", d.presentation COLLATE "C"
                """, logger: store.logger)
            var drafts: [RecoverableDraft] = []
            for try await row in rows.decode((String, String, String, String, String, String, String, String, String, Int64?, Bool).self) {
                let name = "draft \(row.0)/\(row.1)"
                let table = "recoverable_drafts"
                let withheld: (FieldValue) -> FieldValue = row.10 ? { _ in .withheld } : { $0 }
                drafts.append(RecoverableDraft(
                    session: row.0, presentation: row.1,
                    route: Route(name: row.2, group: row.3,
                                 params: try ProjectionColumn.stringMap(row.4, table: table, column: "route_params", row: name)),
                    values: try ProjectionColumn.fieldValues(row.6, table: table, column: "draft_values", row: name).mapValues(withheld),
                    baseline: try ProjectionColumn.fieldValues(row.5, table: table, column: "baseline", row: name).mapValues(withheld),
                    changedFields: try ProjectionColumn.strings(row.7, table: table, column: "changed_fields", row: name),
                    reason: RecoverableDraft.Reason(rawValue: row.8) ?? .abandoned,
                    lastEditAt: row.9))
            }
            return drafts
        }
    }
}
