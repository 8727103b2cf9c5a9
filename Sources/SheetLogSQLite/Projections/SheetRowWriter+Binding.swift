import SheetLogProjections

/// The values of each table's columns, in the order of ``SheetRowWriter``'s column lists: one
/// definition for the inline writer's upserts and for ``RebuildRowWriter``'s inserts, so that a
/// rebuild cannot write a column differently from an append.
extension SheetRowWriter {
    /// The values of ``sessionColumns``.
    static func bind(_ session: SessionRow, to row: inout StatementBinder) {
        row.bind(
            session.session, session.version, session.status, session.stack, session.startedAt, session.lastEventAt,
            session.endedAt, session.firstPosition, session.lastPosition)
    }

    /// The values of ``presentationColumns``.
    static func bind(_ presentation: PresentationRow, to row: inout StatementBinder) {
        row.bind(
            presentation.session, presentation.presentation, presentation.routeName, presentation.routeGroup,
            presentation.routeParams, presentation.dismissGuard, presentation.requiredFields, presentation.baseline,
            presentation.draftValues, presentation.restoredFromSession, presentation.restoredFromPresentation,
            presentation.openedAt, presentation.openedPosition)
        // changingPresentationColumns:
        row.bind(
            presentation.dirty, presentation.changedFields, presentation.status, presentation.stackIndex,
            presentation.pendingSource, presentation.pendingOffersSave, presentation.closedAt, presentation.lastEditAt,
            presentation.lastSaveFailureAt, presentation.lastPosition)
    }

    /// The values of ``dismissalColumns``.
    static func bind(_ row: DismissalRow, to binder: inout StatementBinder) {
        binder.bind(
            row.position, row.session, row.presentation, row.routeName, row.routeGroup, row.source.rawValue,
            row.outcome.rawValue, row.dirty, row.changedFields, row.confirmation, row.offersSave, row.occurredAt,
            row.resolution?.kind.rawValue, row.resolution?.resolvedAt, row.resolution?.resolvedPosition)
    }
}
