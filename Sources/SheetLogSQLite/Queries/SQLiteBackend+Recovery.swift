import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// The `sessions` table, in the order of each session's first event.
    package func sessions() async throws -> [SessionSummary] {
        try await readModels("sessions") { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT session, version, status, stack, started_at, last_event_at, ended_at, first_position, last_position
                FROM sessions ORDER BY first_position
                """)
            return try rows.map { row in
                let session: String = row["session"]
                let status: String = row["status"]
                return SessionSummary(
                    session: session, version: row["version"], status: SessionSummary.Status(rawValue: status) ?? .active,
                    stack: try Self.decodeColumn([String].self, row["stack"], table: "sessions", column: "stack", row: "session \(session)"),
                    startedAt: row["started_at"], lastEventAt: row["last_event_at"], endedAt: row["ended_at"],
                    firstPosition: row["first_position"], lastPosition: row["last_position"])
            }
        }
    }

    /// The `presentations` table's route names, by session, in the order of the `present` events.
    package func presentedRoutes() async throws -> [String: [String]] {
        try await readModels("presentedRoutes") { db in
            var routes: [String: [String]] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT session, route_name FROM presentations ORDER BY session, opened_position")
            while let row = try rows.next() {
                routes[row[0] as String, default: []].append(row[1])
            }
            return routes
        }
    }

    /// The `recoverable_drafts` view, the most recently touched last.
    ///
    /// In a sealed database each draft's values are opened with its session's subject key (read
    /// without the master key, every value is withheld); the drafts of an erased subject are not
    /// offered (their values are gone).
    package func recoverableDrafts() async throws -> [RecoverableDraft] {
        let ring = store.configuration.keyRing
        return try await readModels("recoverableDrafts") { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT session, presentation, route_name, route_group, route_params, baseline, draft_values,
                       changed_fields, reason, last_edit_at
                FROM recoverable_drafts ORDER BY last_position, session, presentation
                """))
            guard try SealingRecord.read(in: db) != nil else { return try rows.map(Self.recoverableDraft) }
            var drafts: [RecoverableDraft] = []
            for row in rows {
                let draft = try Self.recoverableDraft(row)
                guard let subject = try SQLiteAppendSealing.subject(ofSession: draft.session, in: db) else { continue }
                guard let ring else {
                    if case .erased = try SubjectKeyRing.stored(subject, in: db) { continue }
                    drafts.append(draft.withheld())
                    continue
                }
                switch try ring.key(for: subject, in: db, committed: true) {
                case .available(let key): drafts.append(try draft.opened(with: key))
                case .erased, .withheld: continue
                }
            }
            return drafts
        }
    }

    /// Reads a row of the SELECT above by column index (by name, GRDB searches the names for every value).
    private static func recoverableDraft(_ row: Row) throws -> RecoverableDraft {
        let session: String = row[0]
        let presentation: String = row[1]
        let name = "draft \(session)/\(presentation)"
        func column<T: ProjectionColumnValue>(_ type: T.Type, _ index: Int, _ column: String) throws -> T {
            try decodeColumn(type, row[index], table: "recoverable_drafts", column: column, row: name)
        }
        let reason: String = row[8]
        return RecoverableDraft(
            session: session, presentation: presentation,
            route: Route(name: row[2], group: row[3], params: try column([String: String].self, 4, "route_params")),
            values: try column([String: FieldValue].self, 6, "draft_values"),
            baseline: try column([String: FieldValue].self, 5, "baseline"),
            changedFields: try column([String].self, 7, "changed_fields"),
            reason: RecoverableDraft.Reason(rawValue: reason) ?? .abandoned,
            lastEditAt: row[9])
    }
}
