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
        try db.cachedStatement(sql: Self.upsertSessionSQL).execute { row in
            Self.bindSession(session, firstPosition: firstPosition, to: &row)
        }
    }

    /// The row of presentation `id` of the session; nothing when the session does not know it.
    func writePresentation(_ id: String, of session: ProjectedSession) throws {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id] else { return }
        let json = PresentationRowJSON(id: id, presentation)
        try db.cachedStatement(sql: Self.upsertPresentationSQL).execute { row in
            Self.bindPresentation(presentation, json: json, positions: positions, in: session, to: &row)
        }
    }

    func insertDismissal(_ row: DismissalRow) throws {
        try db.cachedStatement(sql: Self.insertDismissalSQL).execute { binder in Self.bindDismissal(row, to: &binder) }
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
