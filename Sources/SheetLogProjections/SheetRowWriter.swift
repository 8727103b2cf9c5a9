import GRDB
import SheetLogDomain
import SheetLogSQLite

/// Writes the rows of `sessions`, `presentations` and `dismissals`, for the inline path and for
/// rebuild alike, so that both fill every column the same way.
///
/// Cached statements with values bound directly (``StatementBinder``): this is the append's hot path.
struct SheetRowWriter {
    let db: Database

    static let sessionColumns = [
        "session", "version", "status", "stack", "started_at", "last_event_at", "ended_at", "first_position", "last_position",
    ]
    /// The columns a presentation's `present` fixes, then those its later events change (the
    /// narrow UPDATE writes only the latter: ``writePresentation(_:of:writtenAs:)``).
    static let presentationColumns = [
        "session", "presentation", "route_name", "route_group", "route_params", "guard", "required_fields", "baseline",
        "draft_values", "restored_from_session", "restored_from_presentation", "opened_at", "opened_position",
    ] + changingPresentationColumns
    static let changingPresentationColumns = [
        "dirty", "changed_fields", "status", "stack_index", "pending_source", "pending_offers_save", "closed_at",
        "last_edit_at", "last_save_failure_at", "last_position",
    ]
    static let dismissalColumns = [
        "position", "session", "presentation", "route_name", "route_group", "source", "outcome", "dirty", "changed_fields",
        "confirmation", "offers_save", "occurred_at", "resolution", "resolved_at", "resolved_position",
    ]

    private static let upsertSessionSQL = upsert("sessions", sessionColumns, key: ["session"])
    private static let upsertPresentationSQL = upsert("presentations", presentationColumns, key: ["session", "presentation"])
    private static let insertDismissalSQL = """
        INSERT INTO dismissals (\(dismissalColumns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: dismissalColumns.count).joined(separator: ", ")))
        """
    private static let resolveSQL = """
        UPDATE dismissals SET resolution = ?, resolved_at = ?, resolved_position = ? WHERE position = ?
        """

    /// Every statement the writer runs, for tests that EXPLAIN them.
    static var allSQL: [String] { [upsertSessionSQL, upsertPresentationSQL, insertDismissalSQL, resolveSQL] }

    /// `INSERT … ON CONFLICT (key) DO UPDATE SET` every other column: a row is always written whole.
    private static func upsert(_ table: String, _ columns: [String], key: [String]) -> String {
        let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(updates.joined(separator: ", "))
            """
    }

    /// The session's row; nothing for a session with no sheet event folded.
    func writeSession(_ session: ProjectedSession) throws {
        guard let firstPosition = session.firstPosition else { return }
        let state = session.state
        try db.cachedStatement(sql: Self.upsertSessionSQL).execute { row in
            row.bind(state.sessionID)
            row.bind(session.foldedVersion)
            row.bind(state.ended ? "ended" : "active")
            row.bind(ProjectionJSON.array(state.stackIDs))
            row.bind(session.startedAt)
            row.bind(session.lastEventAt)
            row.bind(state.endedAt)
            row.bind(firstPosition)
            row.bind(session.lastPosition)
        }
    }

    /// The row of presentation `id` of the session; nothing when the session does not know it.
    func writePresentation(_ id: String, of session: ProjectedSession) throws {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id] else { return }
        try db.cachedStatement(sql: Self.upsertPresentationSQL).execute { row in
            row.bind(session.session)
            row.bind(id)
            row.bind(presentation.route.name)
            row.bind(presentation.route.group)
            row.bind(ProjectionJSON.object(presentation.route.params))
            row.bind(presentation.dismissGuard.rawValue)
            row.bind(ProjectionJSON.array(presentation.required))
            row.bind(ProjectionJSON.object(presentation.baseline))
            row.bind(ProjectionJSON.object(presentation.values))
            row.bind(presentation.restoredFrom?.session)
            row.bind(presentation.restoredFrom?.presentation)
            row.bind(presentation.openedAt)
            row.bind(positions.opened)
            bindChangingColumns(of: presentation, id, in: session, last: positions.last, to: &row)
        }
    }

    /// The values of ``changingPresentationColumns``, in their order.
    func bindChangingColumns(of presentation: Presentation, _ id: String, in session: ProjectedSession, last: Int64,
                             to row: inout StatementBinder) {
        let changed = presentation.changedFields
        let pending = presentation.pendingConfirmation
        row.bind(!changed.isEmpty)
        row.bind(ProjectionJSON.array(changed))
        row.bind(presentation.status.rawValue)
        row.bind(session.state.stackIDs.firstIndex(of: id))
        row.bind(pending?.source.rawValue)
        row.bind(pending?.offersSave)
        row.bind(presentation.closedAt)
        row.bind(presentation.lastEditAt)
        row.bind(presentation.lastSaveFailureAt)
        row.bind(last)
    }

    /// Every presentation row of the session (rebuild writes each once, at the end).
    func writeAllPresentations(of session: ProjectedSession) throws {
        for id in session.state.presentations.keys {
            try writePresentation(id, of: session)
        }
    }

    func insertDismissal(_ row: DismissalRow) throws {
        try db.cachedStatement(sql: Self.insertDismissalSQL).execute { binder in
            binder.bind(row.position)
            binder.bind(row.session)
            binder.bind(row.presentation)
            binder.bind(row.routeName)
            binder.bind(row.routeGroup)
            binder.bind(row.source.rawValue)
            binder.bind(row.outcome.rawValue)
            binder.bind(row.dirty)
            binder.bind(row.changedFields)
            binder.bind(row.confirmation)
            binder.bind(row.offersSave)
            binder.bind(row.occurredAt)
            binder.bind(row.resolution?.kind.rawValue)
            binder.bind(row.resolution?.resolvedAt)
            binder.bind(row.resolution?.resolvedPosition)
        }
    }

    func resolve(_ resolution: DismissalResolution) throws {
        try db.cachedStatement(sql: Self.resolveSQL).execute { row in
            row.bind(resolution.kind.rawValue)
            row.bind(resolution.resolvedAt)
            row.bind(resolution.resolvedPosition)
            row.bind(resolution.dismissalPosition)
        }
    }
}
