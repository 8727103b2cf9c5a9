import PostgresNIO
import SheetLogDomain
import SheetLogJSON
import SheetLogStorage

/// The checks of verify that read the device's log shape and the schema that guards it.
extension PostgresBackend {
    /// The triggers migration 0001 creates on the append-only tables, with the table each guards.
    private static let appendOnlyTriggers: [(name: String, table: String, events: String, level: String)] = [
        ("command_receipts_refuse_truncate", "command_receipts", "TRUNCATE", "STATEMENT"),
        ("command_receipts_refuse_update", "command_receipts", "DELETE OR UPDATE", "ROW"),
        ("events_refuse_truncate", "events", "TRUNCATE", "STATEMENT"),
        ("events_refuse_update", "events", "DELETE OR UPDATE", "ROW"),
    ]

    /// The triggers that refuse UPDATE, DELETE and TRUNCATE on `events` and `command_receipts`, as
    /// migration 0001 created them (their definition, enabled, and the function's body as shipped),
    /// and no other trigger on those tables. A session that sets `session_replication_role = replica`
    /// still skips them: no stored state shows that.
    package func appendOnlyCheck() async throws -> VerificationReport.Check {
        let stored = try await store.reading("verify") { client in
            let rows = try await client.query("""
                SELECT t.tgname::text, c.relname::text, t.tgenabled::text, pg_get_triggerdef(t.oid), p.proname::text, p.prosrc
                FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
                WHERE NOT t.tgisinternal AND t.tgrelid IN ('events'::regclass, 'command_receipts'::regclass)
                ORDER BY 1
                """, logger: store.logger)
            var triggers: [String: (table: String, enabled: String, definition: String, function: String, body: String)] = [:]
            for try await row in rows.decode((String, String, String, String, String, String).self) {
                triggers[row.0] = (row.1, row.2, row.3, row.4, row.5)
            }
            return triggers
        }
        let shippedBody = Self.shippedRefusalBody
        for trigger in Self.appendOnlyTriggers {
            let words = trigger.table == "events"
                ? "events can be changed or deleted in place"
                : "command receipts can be deleted, and a resent command would be decided anew"
            let definition = "CREATE TRIGGER \(trigger.name) BEFORE \(trigger.events) ON public.\(trigger.table) "
                + "FOR EACH \(trigger.level) EXECUTE FUNCTION sheetlog_refuse_change()"
            guard let found = stored[trigger.name], found.definition == definition, found.function == "sheetlog_refuse_change" else {
                return .init(name: "append-only", passed: false,
                             detail: "trigger \(trigger.name) is missing or not as fleet migration 0001 created it: \(words)")
            }
            guard found.enabled == "O" || found.enabled == "A" else {
                return .init(name: "append-only", passed: false, detail: "trigger \(trigger.name) is disabled: \(words)")
            }
            guard found.body == shippedBody else {
                return .init(name: "append-only", passed: false,
                             detail: "function sheetlog_refuse_change of trigger \(trigger.name) is not as fleet migration 0001 created it: \(words)")
            }
        }
        let shipped = Set(Self.appendOnlyTriggers.map(\.name))
        if let extra = stored.keys.sorted().first(where: { !shipped.contains($0) }) {
            return .init(name: "append-only", passed: false, detail: "trigger \(extra) on \(stored[extra]!.table) was not created by SheetLog")
        }
        return .init(name: "append-only", passed: true, detail: "UPDATE, DELETE and TRUNCATE on events and command receipts are refused")
    }

    /// The body of `sheetlog_refuse_change` as migration 0001 ships it (between its `$$`s, as
    /// PostgreSQL keeps it in `pg_proc.prosrc`).
    private static var shippedRefusalBody: String {
        let sql = PostgresMigration.embedded.first { $0.number == 1 }?.sql ?? ""
        guard let function = sql.range(of: "CREATE FUNCTION sheetlog_refuse_change()"),
              let open = sql.range(of: "$$", range: function.upperBound..<sql.endIndex),
              let close = sql.range(of: "$$", range: open.upperBound..<sql.endIndex) else { return "" }
        return String(sql[open.upperBound..<close.lowerBound])
    }

    /// The `positions` and `versions` checks of the device's log, with its event and session counts.
    ///
    /// Unlike SQLite's `sqlite_sequence`, nothing records the highest position ever written, so
    /// events deleted off the end are not seen here (the append-only triggers refuse deleting them).
    package func logShape() async throws -> LogShape {
        try await store.reading("verify") { client in
            let logger = store.logger
            var (count, first, last, sessions): (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
            let totals = try await client.query("""
                SELECT count(*)::bigint, coalesce(min(position), 0)::bigint, coalesce(max(position), 0)::bigint, (count(DISTINCT stream) FILTER (WHERE substr(stream, 1, 1) <> '$'))::bigint
                FROM events WHERE device = \(device)
                """, logger: logger)
            for try await row in totals.decode((Int64, Int64, Int64, Int64).self) { (count, first, last, sessions) = row }
            // A device that started at a base holds positions from its cut + 1.
            let cut = try await client.withConnection { connection in try await store.storedBase(connection)?.cutPosition } ?? 0
            let start = cut + 1
            let since = cut == 0 ? "" : " (the device started in the fleet at its base, pruned through position \(cut))"
            var positions = VerificationReport.Check.positionsWithoutGaps(from: start, through: max(last, cut), since)
            if count > 0, first != start || last - cut != count {
                var gap: Int64 = start
                let rows = try await client.query("""
                    SELECT coalesce((SELECT \(start)::bigint WHERE NOT EXISTS (SELECT 1 FROM events WHERE device = \(device) AND position = \(start))),
                                    (SELECT e.position + 1 FROM events e WHERE e.device = \(device) AND e.position < \(last) AND NOT EXISTS
                                       (SELECT 1 FROM events n WHERE n.device = \(device) AND n.position = e.position + 1)
                                     ORDER BY e.position LIMIT 1), 0)::bigint
                    """, logger: logger)
                for try await (missing) in rows.decode(Int64.self) { gap = missing }
                positions = .init(name: "positions", passed: false, detail: "position \(gap) is missing (\(count) events, last position \(last))")
            }
            let versions = try await versionsCheck(sessions: Int(sessions), client)
            return LogShape(events: count, sessions: Int(sessions), positions: positions, versions: versions)
        }
    }

    /// Each session's versions must be 1, 2, 3 … in position order; a session the device's base
    /// carries (and `$erasures` after the erasures it carries) goes on from its carried version.
    private func versionsCheck(sessions: Int, _ client: PostgresClient) async throws -> VerificationReport.Check {
        if let edited = try await carriedRowEdited(client) { return edited }
        let rows = try await client.query("""
            SELECT stream, position, version, previous_version, previous_position FROM (
                SELECT e.stream, e.position, e.version,
                       lag(e.version, 1, coalesce(c.version, 0::bigint)) OVER (PARTITION BY e.stream ORDER BY e.position) AS previous_version,
                       lag(e.position) OVER (PARTITION BY e.stream ORDER BY e.position) AS previous_position
                FROM events e LEFT JOIN (
                    SELECT session AS stream, version FROM device_base_sessions WHERE device = \(device)
                    UNION ALL SELECT \(SubjectErasure.stream), max(version) FROM device_base_erasures WHERE device = \(device) HAVING count(*) > 0
                ) c ON c.stream = e.stream
                WHERE e.device = \(device)) AS ordered
            WHERE version <> previous_version + 1 ORDER BY position LIMIT 1
            """, logger: store.logger)
        for try await (stream, position, version, previousVersion, previousPosition) in rows.decode((String, Int64, Int64, Int64, Int64?).self) {
            guard let previousPosition else {
                let carried = previousVersion == 0 ? "" : " (its base carries it at version \(previousVersion))"
                return .init(name: "versions", passed: false,
                             detail: "session \(stream) starts with version \(version) at position \(position), not \(previousVersion + 1)\(carried)")
            }
            return .init(name: "versions", passed: false,
                         detail: "session \(stream) has version \(version) at position \(position), after version \(previousVersion) at position \(previousPosition): versions must be 1, 2, 3 … in position order")
        }
        return .init(name: "versions", passed: true, detail: "versions 1…n in position order in each of \(sessions) sessions")
    }

    /// A carried session's row must say the session and version its state does (as the device's
    /// verify asks of `base_sessions`): the kept events continue from the row's version.
    private func carriedRowEdited(_ client: PostgresClient) async throws -> VerificationReport.Check? {
        let rows = try await client.query(
            "SELECT session, version, snapshot FROM device_base_sessions WHERE device = \(device) ORDER BY session", logger: store.logger)
        for try await (session, version, snapshot) in rows.decode((String, Int64, String).self) {
            let state = try? JSONValue.parse(snapshot)
            let stateSession = state?["session"]?.string
            let stateVersion: Int64? = if case .number(let number)? = state?["version"] { Int64(exactly: number) } else { nil }
            if stateSession != session || stateVersion != version {
                return .carriedRowEdited(
                    table: "device_base_sessions", session: session, version: version, stateSession: stateSession, stateVersion: stateVersion)
            }
        }
        return nil
    }
}
