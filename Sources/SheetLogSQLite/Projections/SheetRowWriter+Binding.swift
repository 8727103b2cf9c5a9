import SheetLogProjections

/// The values of each table's columns, in the order of ``SheetRowWriter``'s column lists: one
/// definition for the inline writer's upserts and for ``RebuildRowWriter``'s inserts, so that a
/// rebuild cannot write a column differently from an append.
extension SheetRowWriter {
    /// The values of ``sessionColumns``.
    static func bind(_ session: SessionRow, to row: inout StatementBinder) {
        row.bind(session.session)
        row.bind(session.version)
        row.bind(session.status)
        row.bind(session.stack)
        row.bind(session.startedAt)
        row.bind(session.lastEventAt)
        row.bind(session.endedAt)
        row.bind(session.firstPosition)
        row.bind(session.lastPosition)
    }

    /// The values of ``presentationColumns``.
    static func bind(_ presentation: PresentationRow, to row: inout StatementBinder) {
        row.bind(presentation.session)
        row.bind(presentation.presentation)
        row.bind(presentation.routeName)
        row.bind(presentation.routeGroup)
        row.bind(presentation.routeParams)
        row.bind(presentation.dismissGuard)
        row.bind(presentation.requiredFields)
        row.bind(presentation.baseline)
        row.bind(presentation.draftValues)
        row.bind(presentation.restoredFromSession)
        row.bind(presentation.restoredFromPresentation)
        row.bind(presentation.openedAt)
        row.bind(presentation.openedPosition)
        // changingPresentationColumns:
        row.bind(presentation.dirty)
        row.bind(presentation.changedFields)
        row.bind(presentation.status)
        row.bind(presentation.stackIndex)
        row.bind(presentation.pendingSource)
        row.bind(presentation.pendingOffersSave)
        row.bind(presentation.closedAt)
        row.bind(presentation.lastEditAt)
        row.bind(presentation.lastSaveFailureAt)
        row.bind(presentation.lastPosition)
    }

    /// The values of ``dismissalColumns``.
    static func bind(_ row: DismissalRow, to binder: inout StatementBinder) {
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
