import SheetLogDomain

/// The values of one row of `presentations`, as every backend stores it: first the columns its
/// `present` fixes, then those its later events change (``PresentationColumns``).
///
/// The JSON columns and `dirty` come from ``PresentationRowJSON``, the functions the narrow
/// updates use too, so that the texts are the same whichever path wrote them.
package struct PresentationRow: Sendable {
    package var session: String
    package var presentation: String
    package var routeName: String
    package var routeGroup: String
    /// JSON object of the route's parameters.
    package var routeParams: String
    package var dismissGuard: String
    /// JSON array of the required fields' names.
    package var requiredFields: String
    /// JSON objects of the form's values when presented and now.
    package var baseline: String
    package var draftValues: String
    package var restoredFromSession: String?
    package var restoredFromPresentation: String?
    package var openedAt: Int64
    package var openedPosition: Int64
    // The changing columns, in the order of ``PresentationColumns``:
    package var dirty: Bool
    /// JSON array of the names of the fields that differ from the baseline.
    package var changedFields: String
    package var status: String
    package var stackIndex: Int?
    package var pendingSource: String?
    package var pendingOffersSave: Bool?
    package var closedAt: Int64?
    package var lastEditAt: Int64?
    package var lastSaveFailureAt: Int64?
    package var lastPosition: Int64

    /// The row of presentation `id` of `session`; nil when the session does not know it.
    package init?(_ id: String, of session: ProjectedSession) {
        guard let presentation = session.state.presentations[id], let positions = session.positions[id] else { return nil }
        self.init(PresentationRowJSON(id: id, presentation, of: session), presentation, positions: positions, in: session)
    }

    private init(
        _ json: PresentationRowJSON, _ presentation: Presentation, positions: ProjectedSession.PresentationPositions,
        in session: ProjectedSession
    ) {
        let pending = presentation.pendingConfirmation
        self.session = session.session
        self.presentation = json.id
        routeName = presentation.route.name
        routeGroup = presentation.route.group
        routeParams = json.routeParams
        dismissGuard = presentation.dismissGuard.rawValue
        requiredFields = json.required
        baseline = json.baseline
        draftValues = json.values
        restoredFromSession = presentation.restoredFrom?.session
        restoredFromPresentation = presentation.restoredFrom?.presentation
        openedAt = presentation.openedAt
        openedPosition = positions.opened
        dirty = json.dirty
        changedFields = json.changedFields
        status = presentation.status.rawValue
        stackIndex = session.state.stackIDs.firstIndex(of: json.id)
        pendingSource = pending?.source.rawValue
        pendingOffersSave = pending?.offersSave
        closedAt = presentation.closedAt
        lastEditAt = presentation.lastEditAt
        lastSaveFailureAt = presentation.lastSaveFailureAt
        lastPosition = positions.last
    }

    /// The rows of every presentation of `session`, in id order (the order rebuild inserts them in).
    package static func rows(of session: ProjectedSession) -> [PresentationRow] {
        PresentationRowJSON.rows(of: session).compactMap { json in
            guard let presentation = session.state.presentations[json.id], let positions = session.positions[json.id] else {
                return nil
            }
            return PresentationRow(json, presentation, positions: positions, in: session)
        }
    }
}
