import SheetLogDomain
import SheetLogSQLite

/// The values of each table's columns, in the order of ``SheetRowWriter``'s column lists: one
/// definition for the inline writer's upserts and for ``RebuildRowWriter``'s inserts, so that a
/// rebuild cannot write a column differently from an append.
extension SheetRowWriter {
    /// The values of ``sessionColumns``.
    static func bindSession(_ session: ProjectedSession, firstPosition: Int64, to row: inout StatementBinder) {
        let state = session.state
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

    /// The values of ``presentationColumns``, the JSON columns and `dirty` taken from `json`.
    static func bindPresentation(
        _ presentation: Presentation, json: PresentationRowJSON, positions: ProjectedSession.PresentationPositions,
        in session: ProjectedSession, to row: inout StatementBinder
    ) {
        let pending = presentation.pendingConfirmation
        row.bind(session.session)
        row.bind(json.id)
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
        // changingPresentationColumns:
        row.bind(json.dirty)
        row.bind(json.changedFields)
        row.bind(presentation.status.rawValue)
        row.bind(session.state.stackIDs.firstIndex(of: json.id))
        row.bind(pending?.source.rawValue)
        row.bind(pending?.offersSave)
        row.bind(presentation.closedAt)
        row.bind(presentation.lastEditAt)
        row.bind(presentation.lastSaveFailureAt)
        row.bind(positions.last)
    }

    /// The values of ``dismissalColumns``.
    static func bindDismissal(_ row: DismissalRow, to binder: inout StatementBinder) {
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
