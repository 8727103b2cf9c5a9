import SheetLogDomain

/// What an append changes in the rows of one session: its touched presentations, each written
/// whole or as a narrow update, and its own row.
package struct SessionChange {
    /// How one presentation's row changes.
    package enum PresentationChange: Sendable {
        /// Written whole (an upsert): a new presentation, or one whose fixed columns changed.
        case whole(PresentationRow)
        /// Only the columns that differ from the row as it stood.
        case update(PresentationRowUpdate)
    }

    /// How the session's row changes.
    package enum RowChange: Sendable {
        /// Written whole (an upsert): the session's first sheet event, or a row the append cannot vouch for.
        case whole(SessionRow)
        case update(SessionRowUpdate)
        /// No sheet event folded yet: the session has no row.
        case none
    }

    /// The session with the append's events folded in: what a backend caches once the append committed.
    package private(set) var session: ProjectedSession
    /// The presentations whose rows changed, by id.
    package private(set) var presentations: [PresentationChange] = []
    package let row: RowChange

    /// The changes from `prior` (the session as its rows stood before the append, nil when unknown)
    /// to `session`, for the presentations the append `touched`.
    init(_ session: ProjectedSession, writtenAs prior: ProjectedSession?, touched: Set<String>) {
        for id in touched.sorted() {
            if let change = Self.presentationChange(id, of: session, writtenAs: prior) { presentations.append(change) }
        }
        row = Self.rowChange(of: session, writtenAs: prior)
        self.session = session
    }

    /// The whole row of presentation `id`: for a backend whose narrow update found no row to update
    /// (the tables are derived data, a row may have been removed behind SheetLog's back).
    package func presentationRow(_ id: String) -> PresentationRow? {
        PresentationRow(id, of: session)
    }

    /// The session's whole row, for the same reason.
    package var sessionRow: SessionRow? {
        SessionRow(session)
    }

    /// A narrow update when the row exists and its fixed columns are the same, the whole row
    /// otherwise; nil when nothing changed (or the session does not know the presentation).
    private static func presentationChange(
        _ id: String, of session: ProjectedSession, writtenAs prior: ProjectedSession?
    ) -> PresentationChange? {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id],
              let prior, let before = prior.state.presentations[id], let positionsBefore = prior.positions[id],
              positionsBefore.opened == positions.opened, before.route == presentation.route,
              before.dismissGuard == presentation.dismissGuard, before.required == presentation.required,
              before.restoredFrom == presentation.restoredFrom, before.openedAt == presentation.openedAt
        else {
            return PresentationRow(id, of: session).map(PresentationChange.whole)
        }
        let changed = presentation.changedFields
        let changedBefore = before.changedFields
        let pending = presentation.pendingConfirmation
        let pendingBefore = before.pendingConfirmation
        let stackIndex = session.state.stackIDs.firstIndex(of: id)
        var columns: PresentationColumns = []
        func mark(_ column: PresentationColumns, _ isDifferent: Bool) { if isDifferent { columns.insert(column) } }
        mark(.dirty, changed.isEmpty != changedBefore.isEmpty)
        mark(.changedFields, changed != changedBefore)
        mark(.status, presentation.status != before.status)
        mark(.stackIndex, stackIndex != prior.state.stackIDs.firstIndex(of: id))
        mark(.pendingSource, pending?.source != pendingBefore?.source)
        mark(.pendingOffersSave, pending?.offersSave != pendingBefore?.offersSave)
        mark(.closedAt, presentation.closedAt != before.closedAt)
        mark(.lastEditAt, presentation.lastEditAt != before.lastEditAt)
        mark(.lastSaveFailureAt, presentation.lastSaveFailureAt != before.lastSaveFailureAt)
        mark(.lastPosition, positions.last != positionsBefore.last)
        // Dictionary equality is immediate when the fold left the storage untouched.
        // A sealed value recorded again (a save of the same draft) has new cells, the bytes of its new event.
        let (cells, cellsBefore) = (session.cells[id], prior.cells[id])
        mark(.baseline, presentation.baseline != before.baseline || cells?.baseline != cellsBefore?.baseline)
        mark(.draftValues, presentation.values != before.values || cells?.values != cellsBefore?.values)
        if columns.isEmpty { return nil }
        // The JSON texts are made only for the columns set.
        return .update(PresentationRowUpdate(
            session: session.session, presentation: id, columns: columns, dirty: !changed.isEmpty,
            changedFields: columns.contains(.changedFields) ? ProjectionJSON.array(changed) : nil,
            status: presentation.status.rawValue, stackIndex: stackIndex, pendingSource: pending?.source.rawValue,
            pendingOffersSave: pending?.offersSave, closedAt: presentation.closedAt, lastEditAt: presentation.lastEditAt,
            lastSaveFailureAt: presentation.lastSaveFailureAt, lastPosition: positions.last,
            baseline: columns.contains(.baseline)
                ? session.valuesJSON(presentation.baseline, member: "baseline", presentation: id) : nil,
            draftValues: columns.contains(.draftValues)
                ? session.valuesJSON(presentation.values, member: "values", presentation: id) : nil))
    }

    /// A narrow update when the session had a row from the same first event, the whole row otherwise.
    private static func rowChange(of session: ProjectedSession, writtenAs prior: ProjectedSession?) -> RowChange {
        guard let prior, prior.hasRow, session.firstPosition == prior.firstPosition, session.startedAt == prior.startedAt else {
            return SessionRow(session).map(RowChange.whole) ?? .none
        }
        let state = session.state
        let stackChanged = state.stackIDs != prior.state.stackIDs
        let endChanged = state.ended != prior.state.ended || state.endedAt != prior.state.endedAt
        return .update(SessionRowUpdate(
            session: state.sessionID, version: session.foldedVersion, lastEventAt: session.lastEventAt,
            lastPosition: session.lastPosition, stack: stackChanged ? ProjectionJSON.array(state.stackIDs) : nil,
            end: endChanged ? SessionRowUpdate.End(status: SessionRow.status(of: state), endedAt: state.endedAt) : nil))
    }
}
