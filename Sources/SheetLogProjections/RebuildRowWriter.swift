import GRDB
import SheetLogDomain
import SheetLogSQLite

/// Writes the rows of a rebuild into the tables ``SheetProjection/reset(in:)`` just emptied: one
/// plain INSERT per table, prepared once for the whole rebuild.
///
/// The inline path's ``SheetRowWriter`` looks its statements up in GRDB's cache on every row
/// (which hashes the long SQL text each time) and upserts, because its rows may exist; during a
/// rebuild no row exists, and each is written once. The columns and their values are the inline
/// writer's, column for column: `verify` compares the inline rows with a rebuild's.
struct RebuildRowWriter {
    private let insertSession: Statement
    private let insertPresentation: Statement
    private let insertDismissal: Statement

    init(db: Database) throws {
        insertSession = try db.makeStatement(sql: Self.insertSQL("sessions", SheetRowWriter.sessionColumns))
        insertPresentation = try db.makeStatement(sql: Self.insertSQL("presentations", SheetRowWriter.presentationColumns))
        insertDismissal = try db.makeStatement(sql: Self.insertSQL("dismissals", SheetRowWriter.dismissalColumns))
    }

    private static func insertSQL(_ table: String, _ columns: [String]) -> String {
        """
        INSERT INTO \(table) (\(columns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
        """
    }

    /// The rows of the session's presentations, in the order of `rows` (by id: inserting in key
    /// order appends to the b-tree instead of splitting pages all over it), then the session's row.
    func write(_ session: ProjectedSession, rows: [PresentationRowJSON]) throws {
        for row in rows {
            try writePresentation(row, of: session)
        }
        try writeSession(session)
    }

    /// What ``SheetRowWriter/writeSession(_:)`` writes.
    private func writeSession(_ session: ProjectedSession) throws {
        guard let firstPosition = session.firstPosition else { return }
        let state = session.state
        try insertSession.execute { row in
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

    /// What ``SheetRowWriter/writePresentation(_:of:)`` writes, its JSON columns encoded beforehand.
    private func writePresentation(_ json: PresentationRowJSON, of session: ProjectedSession) throws {
        let id = json.id
        guard let presentation = session.state.presentations[id], let positions = session.positions[id] else { return }
        let pending = presentation.pendingConfirmation
        try insertPresentation.execute { row in
            row.bind(session.session)
            row.bind(id)
            row.bind(presentation.route.name)
            row.bind(presentation.route.group)
            row.bind(json.routeParams)
            row.bind(presentation.dismissGuard.rawValue)
            row.bind(json.required)
            row.bind(json.baseline)
            row.bind(json.values)
            row.bind(presentation.restoredFrom?.session)
            row.bind(presentation.restoredFrom?.presentation)
            row.bind(presentation.openedAt)
            row.bind(positions.opened)
            // SheetRowWriter.changingPresentationColumns, as bindChangingColumns binds them.
            row.bind(json.dirty)
            row.bind(json.changedFields)
            row.bind(presentation.status.rawValue)
            row.bind(session.state.stackIDs.firstIndex(of: id))
            row.bind(pending?.source.rawValue)
            row.bind(pending?.offersSave)
            row.bind(presentation.closedAt)
            row.bind(presentation.lastEditAt)
            row.bind(presentation.lastSaveFailureAt)
            row.bind(positions.last)
        }
    }

    /// What ``SheetRowWriter/insertDismissal(_:)`` writes.
    func insertDismissal(_ row: DismissalRow) throws {
        try insertDismissal.execute { binder in
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
}
