import GRDB
import SheetLogDomain

/// Writes the rows of `sessions`, `presentations` and `dismissals`, for the inline path and for
/// rebuild alike, so that both fill every column the same way.
///
/// Cached statements and positional arguments only: this is the append's hot path.
struct SheetRowWriter {
    let db: Database

    static let sessionColumns = [
        "session", "version", "status", "stack", "started_at", "last_event_at", "ended_at", "first_position", "last_position",
    ]
    static let presentationColumns = [
        "session", "presentation", "route_name", "route_group", "route_params", "guard", "required_fields", "baseline",
        "draft_values", "dirty", "changed_fields", "status", "stack_index", "pending_source", "pending_offers_save",
        "restored_from_session", "restored_from_presentation", "opened_at", "closed_at", "last_edit_at",
        "last_save_failure_at", "opened_position", "last_position",
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
        let statement = try db.cachedStatement(sql: Self.upsertSessionSQL)
        statement.setUncheckedArguments(StatementArguments([
            state.sessionID, session.foldedVersion, state.ended ? "ended" : "active", ProjectionJSON.array(state.stackIDs),
            session.startedAt, session.lastEventAt, state.endedAt, firstPosition, session.lastPosition,
        ] as [(any DatabaseValueConvertible)?]))
        try statement.execute()
    }

    /// The row of presentation `id` of the session; nothing when the session does not know it.
    func writePresentation(_ id: String, of session: ProjectedSession) throws {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id] else { return }
        let changed = presentation.changedFields
        let pending = presentation.pendingConfirmation
        let statement = try db.cachedStatement(sql: Self.upsertPresentationSQL)
        statement.setUncheckedArguments(StatementArguments([
            session.session, id, presentation.route.name, presentation.route.group,
            ProjectionJSON.object(presentation.route.params), presentation.dismissGuard.rawValue,
            ProjectionJSON.array(presentation.required), ProjectionJSON.object(presentation.baseline),
            ProjectionJSON.object(presentation.values), !changed.isEmpty, ProjectionJSON.array(changed),
            presentation.status.rawValue, session.state.stackIDs.firstIndex(of: id), pending?.source.rawValue,
            pending?.offersSave, presentation.restoredFrom?.session, presentation.restoredFrom?.presentation,
            presentation.openedAt, presentation.closedAt, presentation.lastEditAt, presentation.lastSaveFailureAt,
            positions.opened, positions.last,
        ] as [(any DatabaseValueConvertible)?]))
        try statement.execute()
    }

    /// Every presentation row of the session (rebuild writes each once, at the end).
    func writeAllPresentations(of session: ProjectedSession) throws {
        for id in session.state.presentations.keys {
            try writePresentation(id, of: session)
        }
    }

    func insertDismissal(_ row: DismissalRow) throws {
        let statement = try db.cachedStatement(sql: Self.insertDismissalSQL)
        statement.setUncheckedArguments(StatementArguments([
            row.position, row.session, row.presentation, row.routeName, row.routeGroup, row.source.rawValue,
            row.outcome.rawValue, row.dirty, row.changedFields, row.confirmation, row.offersSave, row.occurredAt,
            row.resolution?.kind.rawValue, row.resolution?.resolvedAt, row.resolution?.resolvedPosition,
        ] as [(any DatabaseValueConvertible)?]))
        try statement.execute()
    }

    func resolve(_ resolution: DismissalResolution) throws {
        let statement = try db.cachedStatement(sql: Self.resolveSQL)
        statement.setUncheckedArguments([
            resolution.kind.rawValue, resolution.resolvedAt, resolution.resolvedPosition, resolution.dismissalPosition,
        ])
        try statement.execute()
    }
}
