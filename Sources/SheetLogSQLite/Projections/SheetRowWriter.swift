import GRDB
import SheetLogDomain
import SheetLogProjections

/// Writes an append's ``ProjectionChange`` into `sessions`, `presentations` and `dismissals`: the
/// projections' SQL, with the column values the pure projection decided.
///
/// Cached statements with values bound directly (``StatementBinder``): this is the append's hot path.
struct SheetRowWriter {
    let db: Database

    static let sessionColumns = [
        "session", "version", "status", "stack", "started_at", "last_event_at", "ended_at", "first_position", "last_position",
    ]
    /// The columns a presentation's `present` fixes, then those its later events change (the
    /// narrow UPDATE writes only the latter, in the order of ``PresentationColumns``).
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

    /// Every row the append changed: the dismissal writes in event order, then each session's
    /// presentations and its own row.
    func write(_ change: ProjectionChange) throws {
        for write in change.dismissals {
            switch write {
            case .insert(let row): try insertDismissal(row)
            case .resolve(let resolution): try resolve(resolution)
            }
        }
        try writeSessionRows(change)
    }

    /// The presentation and session rows of `change`, not its dismissals.
    func writeSessionRows(_ change: ProjectionChange) throws {
        for session in change.sessions {
            for presentation in session.presentations {
                switch presentation {
                case .whole(let row): try writePresentation(row)
                case .update(let update): try updatePresentation(update, of: session)
                }
            }
            switch session.row {
            case .whole(let row): try writeSession(row)
            case .update(let update): try updateSession(update, of: session)
            case .none: break
            }
        }
    }

    func writeSession(_ row: SessionRow) throws {
        try db.cachedStatement(sql: Self.upsertSessionSQL).execute { binder in Self.bind(row, to: &binder) }
    }

    func writePresentation(_ row: PresentationRow) throws {
        try db.cachedStatement(sql: Self.upsertPresentationSQL).execute { binder in Self.bind(row, to: &binder) }
    }

    func insertDismissal(_ row: DismissalRow) throws {
        try db.cachedStatement(sql: Self.insertDismissalSQL).execute { binder in Self.bind(row, to: &binder) }
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
